"""Stronger wins: a Bladestorm force with one Endurance box more, a point of Defense more, or one
combatant more beats the same force (the lower end of its 95% interval above 50%), seats
alternating, on the force's own scenario. The default run plays one case; ``--runslow`` all
(measured in docs/players.md)."""

from __future__ import annotations

import pytest

from generator.balance.matchup import play_verdict
from generator.balance.runner import LocalRunner
from generator.balance.sequential import Plan
from generator.content import library, load_roster
from generator.dice.rng import Rng
from generator.systems.bladestorm.build import nudge

ROSTERS = ("bladestorm/warriors-of-ash-goblins", "bladestorm/warriors-of-ash-sea-troll",
           "bladestorm/example-test-of-arms-outriders", "bladestorm/example-test-of-arms-wardens")


def _raised(roster, how: str):
    cards = list(roster.combatants)
    first = cards[0]
    if how == "endurance":
        raised = [(i, nudge(card, 1)) for i, card in enumerate(cards)]
        i, card = next(((i, c) for i, c in raised if c is not None), (None, None))
        if card is None:
            pytest.skip(f"every combatant of {roster.name} is at its size's Endurance limit")
        cards[i] = card
    elif how == "defense":
        cards[0] = first.model_copy(update={"defense": first.defense + 1})
    else:  # one combatant more: a second copy of the first
        cards.append(first.model_copy(update={"name": f"{first.name} II"}))
    return roster.model_copy(update={"name": f"{roster.name} (+{how})", "combatants": cards})


def _verdict(name: str, how: str, battles: int):
    system, roster = load_roster(library().path(name + ".yaml"))
    stronger = _raised(roster, how)
    with LocalRunner(2) as runner:
        return play_verdict(system, stronger, roster, {}, Rng(11), Plan(battles, battles), runner)


def test_a_troll_with_a_point_more_defense_beats_the_troll():
    verdict = _verdict("bladestorm/warriors-of-ash-sea-troll", "defense", 400)
    assert verdict.ci95[0] > 0.5, verdict.lines()


@pytest.mark.slow
@pytest.mark.parametrize("name", ROSTERS)
@pytest.mark.parametrize("how", ["endurance", "defense", "member"])
def test_stronger_wins(name, how):
    # one box on one of four or five combatants is worth a point and a half: 6,000 battles see it
    verdict = _verdict(name, how, 6000 if how == "endurance" else 2000)
    assert verdict.ci95[0] > 0.5, verdict.lines()
