"""The campaign tiebreakers: who wins a campaign battle that would otherwise be a draw.

The book: campaign battles must have a winner. When a battle ends level, in order:

1. if only one warband still has fighters on the battlefield, its player wins;
2. otherwise the player whose warband controls more objectives wins;
3. otherwise the player with the higher proportion of their fighters still on the battlefield wins;
4. otherwise the players roll off.

The battle engine asks :func:`tiebreak` when a card's tie rule is ``tiebreakers``; the campaign
asks it (through :func:`end_from_log`) when a battle whose card has another tie rule still ends
without a winner.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.warcry.mechanics import roll_off


@dataclass(frozen=True)
class BattleEnd:
    """What the tiebreakers look at when a campaign battle is drawn, per player ("a"/"b")."""

    fighters_left: Mapping[str, int]
    fighters_total: Mapping[str, int]
    objectives_controlled: Mapping[str, int]


def tiebreak(end: BattleEnd, rng: Rng | None = None) -> tuple[str, int]:
    """The winner of a drawn campaign battle and the tiebreaker step (1-4) that decided it."""
    left_a, left_b = end.fighters_left["a"], end.fighters_left["b"]
    if (left_a > 0) != (left_b > 0):
        return ("a" if left_a > 0 else "b"), 1
    obj_a, obj_b = end.objectives_controlled["a"], end.objectives_controlled["b"]
    if obj_a != obj_b:
        return ("a" if obj_a > obj_b else "b"), 2
    share_a = Fraction(left_a, end.fighters_total["a"])
    share_b = Fraction(left_b, end.fighters_total["b"])
    if share_a != share_b:
        return ("a" if share_a > share_b else "b"), 3
    if rng is None:
        raise SkirmishError("the last tiebreaker is a roll-off: pass an Rng")
    return roll_off(rng)[0], 4


def end_from_log(header: Mapping, events: Iterable[Mapping]) -> BattleEnd:
    """The end of a battle as the tiebreakers see it, read from its log alone (the shared event
    vocabulary: ``taken_down`` and ``control`` events, the header's fighters per side).

    A fighter still in reserve is not on the battlefield, so it does not count as left."""
    total = {s: len(header["sides"][s]["fighters"]) for s in ("a", "b")}
    on: dict[str, set[str]] = {"a": set(), "b": set()}
    control: dict[str, str | None] = {}
    for event in events:
        action = event.get("action")
        if action == "place":
            on[event["side"]].add(event["fighter"])
        elif action == "taken_down":
            on[event["side"]].discard(event["fighter"])
        elif action == "control":
            control[event["cell"]] = event.get("side")
    held = {s: sum(1 for holder in control.values() if holder == s) for s in ("a", "b")}
    return BattleEnd({s: len(on[s]) for s in ("a", "b")}, total, held)
