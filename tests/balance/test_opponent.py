"""A real opponent: a force of its own, built for the battle, then evened by a knob of small steps."""

from __future__ import annotations

import dataclasses

import pytest

from generator.balance.matchup import play_verdict
from generator.balance.opponent import (
    Opponent,
    Settings,
    _fit,
    _Screens,
    _root,
    find_opponent,
    identical_share,
    nudged,
    settle,
    step_after,
)
from generator.balance.runner import LocalRunner
from generator.balance.sequential import Plan
from generator.dice.rng import Rng
from tests.balance import toy


def _nudge(unit: toy.Unit, direction: int):
    """A toy unit with one health more or less (1 to 12)."""
    health = unit.health + direction
    return unit.model_copy(update={"health": health}) if 1 <= health <= 12 else None


SYSTEM = dataclasses.replace(toy.SYSTEM, extra={**toy.SYSTEM.extra, "nudge": _nudge, "nudge_words": "health"})


def force(*kinds: str, name: str = "A") -> toy.Force:
    return toy.Force(name=name, units=[toy.make_unit(k) for k in kinds])


def test_a_copy_is_all_identical_and_names_do_not_count():
    a = force("hero", "warrior", "scout")
    renamed = toy.Force(name="B", units=[u.model_copy(update={"name": u.name}) for u in a.units])
    assert identical_share(SYSTEM, a, renamed) == 1.0
    # the hero (50 of 80 points) is the only card in common
    assert identical_share(SYSTEM, a, force("hero", "brute", name="B")) == pytest.approx(50 / 85)
    other = force("brute", "brute", name="B")
    assert identical_share(SYSTEM, a, other) == 0.0


def test_a_nudge_is_one_step_on_one_fighter_at_a_time_in_turn():
    base = force("warrior", "scout", "brute", name="B")
    stronger = nudged(SYSTEM, base, 4, "B")
    assert [u.health for u in stronger.units] == [3 + 2, 2 + 1, 5 + 1]  # steps on 1, 2, 3, then 1 again
    weaker = nudged(SYSTEM, base, -2, "B", start=1)
    assert [u.health for u in weaker.units] == [3, 2 - 1, 5 - 1]  # starting on the second fighter
    assert nudged(SYSTEM, base, -10, "B") is None  # a scout cannot go below 1 health, nor can the rest


def test_the_line_through_the_screens_is_where_the_knob_is_set():
    points = [(0, 0.60, 400), (4, 0.52, 800)]
    intercept, slope = _fit(points)
    assert slope == pytest.approx(-0.02) and intercept == pytest.approx(0.60)
    assert _root(intercept, slope, points, 40) == 5
    # screens that do not fall with the knob say nothing of its slope: a point a step is assumed
    assert _fit([(0, 0.55, 400), (2, 0.57, 400)])[1] is None
    assert _root(0.5, None, [(2, 0.57, 400)], 40) == 9
    opponent = Opponent(base=None, knob=5, force=None, points=list(points))
    # the verdict joins the fit, weighed by its 2,000 battles: the line flattens, the root moves on
    assert step_after(opponent, 0.53, 2000) == 7


def test_a_much_stronger_force_meets_an_opponent_evened_by_the_knob():
    """The given force is two heroes; fresh toy forces of the same 100 points come out weaker or
    stronger by chance, and the knob (health) evens the nearest. The verdict judges the result:
    balanced, or honestly not."""
    given = force("hero", "hero")
    rng = Rng(11)
    settings = Settings(candidates=6, screen_battles=200, knob_battles=400, verdicts=3)
    with LocalRunner(1) as runner:
        opponent = find_opponent(SYSTEM, given, 100, {}, rng.spawn("find"), runner, settings, name="B")
        verdict = settle(SYSTEM, given, opponent, {}, rng.spawn("settle"), runner, Plan(2000, 200), settings, "B")
    assert identical_share(SYSTEM, given, opponent.force) <= 0.25
    assert opponent.battles > 0 and opponent.log
    score = verdict.tally.win_rate_a
    assert verdict.balanced == (0.45 < verdict.ci95[0] and verdict.ci95[1] < 0.55) or verdict.balanced
    assert verdict.balanced or verdict.games >= 200
    assert abs(score - 0.5) < 0.06, opponent.log  # within reach of even either way


def test_the_knob_makes_the_opponent_stronger_step_by_step():
    """Monotone by construction: more health on the opponent, a lower score for the given force."""
    given = force("brute", "warrior")
    base = force("brute", "warrior", name="B")
    scores = []
    with LocalRunner(1) as runner:
        for knob in (-4, 0, 4):
            verdict = play_verdict(SYSTEM, given, nudged(SYSTEM, base, knob, "B"), {}, Rng(3), Plan(400, 400), runner)
            scores.append(verdict.tally.win_rate_a)
    assert scores[0] > scores[1] > scores[2]


def test_a_race_plays_on_only_with_the_opponents_nearest_even():
    """Two warriors against four opponents: a scout pair and a hero pair are far off after 40
    battles and stop there; the two nearest even play on to 200, on the same dice as a full
    screen, so their scores are the full screen's."""
    given = force("warrior", "warrior")
    opponents = [force("scout", "scout", name="B"), force("warrior", "warrior", name="B"),
                 force("warrior", "scout", "scout", name="B"), force("hero", "hero", name="B")]
    with LocalRunner(1) as runner:
        full = _Screens(SYSTEM, given, {}, runner, seed=5, battles=200, progress=None)
        everyone = full.scores(opponents)
        raced = _Screens(SYSTEM, given, {}, runner, seed=5, battles=200, progress=None)
        scores = raced.race(opponents, 40, 2)
    assert everyone[0] > 0.8 and everyone[3] < 0.2
    assert raced.played == 4 * 40 + 2 * 160 and full.played == 4 * 200
    assert scores[1:3] == everyone[1:3]
    assert scores[0] > 0.8 and scores[3] < 0.2  # the far ones' first 40 battles


def test_a_search_verdict_gives_up_a_clearly_uneven_setting_early():
    """A brute and two warriors against a hero and a brute score about 43%: too far off for a
    search that keeps only settings within 1.5 points of even, too near the band for the plan to
    call it. The search's verdict stops, undecided and marked given up; the plain verdict plays on."""
    given, other = force("brute", "warrior", "warrior"), force("hero", "brute", name="B")
    with LocalRunner(1) as runner:
        searched = play_verdict(SYSTEM, given, other, {}, Rng(6), Plan(4000, 400), runner, give_up=0.015)
        plain = play_verdict(SYSTEM, given, other, {}, Rng(6), Plan(4000, 400), runner)
    assert not plain.given_up and plain.games > searched.games
    assert searched.given_up and searched.verdict == "undecided" and searched.games < 4000
    assert any("given up" in line for line in searched.lines())
    assert searched.to_json()["given_up"] is True and "given_up" not in plain.to_json()


def test_two_given_forces_race_the_tables_and_count_every_battle():
    """Four tables drawn for two given forces, one of which cannot seat them: the three others
    play 80 battles each, the two nearest even play on to 240, and every battle is counted."""
    from generator.scenarios.sides import given_pair

    a, b = force("brute", "warrior"), force("brute", "warrior", name="B")
    tables = lambda k: None if k == 1 else {}  # noqa: E731 -- table 2 cannot seat them
    with LocalRunner(1) as runner:
        raced, kept = given_pair(SYSTEM, a, b, tables, Rng(8), runner, Plan(400, 400), 240, 4, lambda _t: None,
                                 race_battles=80)
        full, _ = given_pair(SYSTEM, a, b, tables, Rng(8), runner, Plan(400, 400), 240, 4, lambda _t: None)
    assert raced.battles == 3 * 80 + 2 * 160 + raced.verdict.games
    assert full.battles == 3 * 240 + full.verdict.games
    assert kept in (0, 2, 3) and "3 tables screened in 80 battles each, the 2 nearest even 240" in raced.notes[0]


def _search_verdict(rng, p: float, plan: Plan, margin: float) -> bool:
    """One search verdict on a setting that truly scores ``p``, by the looks of ``plan``:
    True when it ends balanced and within ``margin`` of 50% (what :func:`settle` keeps)."""
    from generator.balance.sequential import BALANCED, UNDECIDED, beyond_margin, decide

    wins = done = 0
    for look in plan.looks:
        wins, done = wins + rng.binomial(look - done, p), look
        decision, _ = decide(wins, done, plan)
        if decision != UNDECIDED:
            return decision == BALANCED and abs(wins / done - 0.5) <= margin
        if look < plan.looks[-1] and beyond_margin(wins, done, margin):
            return False
    return False


def test_a_second_verdict_on_fresh_battles_keeps_far_fewer_settings_a_little_off_even():
    """Why the search confirms every balanced setting: by the scenario's plan (4,000 battles,
    ten looks) and a 1.5-point margin, one verdict keeps about 28% of settings that truly score
    52.5% and two keep about 8%, while truly even settings are kept 86% and 75% of the time."""
    import numpy as np

    rng, plan, margin, trials = np.random.default_rng(5), Plan(4000, 400), Settings().margin, 1500
    once = {p: sum(_search_verdict(rng, p, plan, margin) for _ in range(trials)) / trials for p in (0.5, 0.525)}
    twice = {p: sum(_search_verdict(rng, p, plan, margin) and _search_verdict(rng, p, plan, margin)
                    for _ in range(trials)) / trials for p in (0.5, 0.525)}
    assert Settings().confirm
    assert 0.8 < once[0.5] < 0.92 and 0.22 < once[0.525] < 0.34
    assert 0.68 < twice[0.5] < 0.82 and twice[0.525] < 0.13
    assert twice[0.5] / twice[0.525] > 2 * once[0.5] / once[0.525]
