"""Every system names the side that set up first (or was handed the opening), so that balance can
report how the table treats that side (the set-up lean) and the scenario generator can refuse a
table that leans: the roll-off for set-up in Bladeborn and Warcry, round 1's initiative in
SagaBorn (no set-up roll-off there: each side deploys on its own zone), the first Initiative
card of the set-up in Gorechosen, and in Bladestorm the seat the scenario makes player 1 (the
verdict's alternating seats hand it to each force in turn). The side named must be the one the
log shows, and where dice decide it, both sides must win it over a dozen battles."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.balance.runner import Job, LocalRunner
from generator.content import library, load_roster
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.policies import policy_for
from tests.play.core_logs import CASES


def _opening_side(system: str, events: list[dict]) -> str:
    """Who the log shows winning the roll that hands out the opening."""
    if system == "gorechosen":
        order = next(e for e in events if e["action"] == "setup_order")["order"]
        return order[0][0]  # a fighter's id is its side and a number: "b2" is side b's
    if system == "sagaborn":
        rolls = [e for e in events if e["action"] == "roll_off" and e["round"] == 1]
        named = [e for e in events if e["action"] == "initiative" and e["round"] == 1 and "why" in e
                 and e["why"].startswith("the scenario")]
        return named[0]["first"] if named else rolls[-1]["winner"]
    if system == "bladestorm":
        return next(e for e in events if e["action"] == "place")["side"]
    return next(e for e in events if e["action"] == "roll_off" and e.get("purpose") == "for set-up")["winner"]


def _battle(system_name: str):
    name_a, name_b, options = CASES[system_name][0]
    system, force_a = load_roster(library().path(name_a + ".yaml"))
    _, force_b = load_roster(library().path(name_b + ".yaml"))
    return system, force_a, force_b, system.make_battle(force_a, force_b, dict(options))


@pytest.mark.parametrize("system_name", ["bladeborn", "warcry", "bladestorm", "sagaborn", "gorechosen"])
def test_the_outcome_names_the_side_the_roll_off_favoured(system_name):
    system, _, _, battle = _battle(system_name)
    policies = {"a": policy_for(system, "greedy"), "b": policy_for(system, "greedy")}
    firsts = Counter()
    for seed in range(12):
        result = play(system.game, battle, policies, Rng(seed), keep_log=True)
        assert result.first == _opening_side(system_name, result.to_json()["events"]), seed
        firsts[result.first] += 1
    if system_name != "bladestorm":  # there the scenario names player 1, not the dice
        assert set(firsts) == {"a", "b"}, firsts


@pytest.mark.parametrize("system_name", ["warcry", "gorechosen"])
def test_every_battle_of_a_verdict_counts_towards_the_set_up_lean(system_name):
    from generator.balance.sequential import Tally

    system, force_a, force_b, _ = _battle(system_name)
    tally = Tally()
    with LocalRunner(1) as runner:
        for index, winner, rounds, first in runner.run([(Job(system, force_a, force_b, {}, 3), 0, 8)]):
            tally.add(winner, rounds, "a" if index % 2 == 0 else "b", first)
    assert tally.setup_counted == 8
    score, (low, high), games = tally.setup_lean()
    assert games == 8 and low <= score <= high
