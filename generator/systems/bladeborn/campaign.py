"""Bladeborn campaigns: tiebreakers for drawn battles and the aspirant/convergence flow.

Flow: play a random battle; its winner becomes the aspirant and plays a convergence chosen by
how many artefacts of power they hold (0 -> first, 1 -> second, 2 -> final). If the aspirant
wins, play a random battle again; if they lose, the adversary becomes the aspirant and plays
their convergence next. Whoever wins their final convergence wins the campaign.

Winning a convergence turns its card over; we count that as an artefact of power for the
first and second convergences (the book's "artefact of power or reward"), which is what moves
the aspirant on to their next convergence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, Mapping

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.warcry.mechanics import roll_off

CONVERGENCES: tuple[str, ...] = ("first", "second", "final")


def convergence_for(artefacts_of_power: int) -> str:
    """Which convergence an aspirant plays: 0 artefacts -> first, 1 -> second, 2 -> final."""
    if not 0 <= artefacts_of_power < len(CONVERGENCES):
        raise SkirmishError(f"an aspirant holds 0-2 artefacts of power, not {artefacts_of_power}")
    return CONVERGENCES[artefacts_of_power]


@dataclass(frozen=True)
class BattleEnd:
    """What the tiebreakers look at when a campaign battle is drawn, per player ("a"/"b")."""

    fighters_left: Mapping[str, int]
    fighters_total: Mapping[str, int]
    objectives_controlled: Mapping[str, int]


def tiebreak(end: BattleEnd, rng: Rng | None = None) -> tuple[str, int]:
    """The winner of a drawn campaign battle and the tiebreaker step (1-4) that decided it.

    1. only one warband still has fighters on the battlefield;
    2. more objectives controlled;
    3. a higher proportion of its fighters still on the battlefield;
    4. a roll-off.
    """
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


@dataclass(frozen=True)
class NextBattle:
    """What the campaign plays next: a random battle, or the aspirant's convergence."""

    kind: Literal["battle", "convergence"]
    aspirant: str | None = None
    convergence: str | None = None


@dataclass
class Campaign:
    """The state of a two-player campaign; call :meth:`record` with each battle's winner."""

    artefacts: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    lesser_artefacts: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    aspirant: str | None = None
    winner: str | None = None
    history: list[tuple[NextBattle, str]] = field(default_factory=list)

    def next_battle(self) -> NextBattle:
        if self.winner is not None:
            raise SkirmishError(f"the campaign is over: player {self.winner} won it")
        if self.aspirant is None:
            return NextBattle("battle")
        return NextBattle("convergence", self.aspirant, convergence_for(self.artefacts[self.aspirant]))

    def record(self, battle_winner: str) -> NextBattle:
        """Record who won the battle just played (a draw must first go through ``tiebreak``)."""
        if battle_winner not in ("a", "b"):
            raise SkirmishError(f"a campaign battle is won by 'a' or 'b', not {battle_winner!r}")
        played = self.next_battle()
        self.history.append((played, battle_winner))
        self.lesser_artefacts[battle_winner] += 1  # every campaign win draws a lesser artefact
        if played.kind == "battle":
            self.aspirant = battle_winner
        elif battle_winner == played.aspirant:
            if played.convergence == "final":
                self.winner = battle_winner
            else:
                self.artefacts[battle_winner] += 1
                self.aspirant = None  # back to a random battle
        else:
            self.aspirant = battle_winner  # the adversary becomes the aspirant
        return played
