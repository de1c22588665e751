"""A stand-up fight between two SagaBorn forces, to check the cost model against play.

Everything is in reach (no board): each round both sides roll initiative, then alternate
activating squads; every living unit of the active squad attacks a random living enemy unit
with the battle dice. Permanent talents (Dodge, Weapon Specialty, Ruthless...) are applied;
movement, range and height do not matter here, so this measures the model's *combat* item
(sqrt of offence x durability) and the square law's claim that value adds up over units.
After 12 rounds the cut-off scoring decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from generator.dice.battle_dice import roll_attack
from generator.dice.rng import Rng
from generator.systems.sagaborn.mechanics import (
    ROUND_LIMIT,
    Survivors,
    apply_talents,
    cutoff_score,
    cutoff_winner,
    roll_initiative,
)
from generator.systems.sagaborn.models import Squad, UnitStats


@dataclass
class _Unit:
    squad: int
    stats: UnitStats
    hp: int


def _muster(squads: Sequence[Squad]) -> list[_Unit]:
    units = []
    for i, squad in enumerate(squads):
        stats = apply_talents(squad.stats, squad.talents)
        units += [_Unit(i, stats, stats.hp) for _ in range(squad.units)]
    return units


def stand_up_fight(side_a: Sequence[Squad], side_b: Sequence[Squad], rng: Rng, rounds: int = ROUND_LIMIT) -> str | None:
    """Play one fight; returns "a", "b", or None for a draw at the cut-off."""
    forces = {"a": _muster(side_a), "b": _muster(side_b)}
    squads = {"a": list(side_a), "b": list(side_b)}
    for _ in range(rounds):
        first = roll_initiative(rng).first
        second = "b" if first == "a" else "a"
        queues = {s: [i for i in range(len(squads[s]))] for s in ("a", "b")}
        turn = first
        while queues["a"] or queues["b"]:
            if queues[turn]:
                index = queues[turn].pop(0)
                enemy = second if turn == first else first
                for unit in [u for u in forces[turn] if u.squad == index and u.hp > 0]:
                    targets = [u for u in forces[enemy] if u.hp > 0]
                    if not targets:
                        return turn
                    target = rng.choice(targets)
                    target.hp -= roll_attack(rng, unit.stats.attack, target.stats.defense).damage
            turn = second if turn == first else first
        alive = {s: [u for u in forces[s] if u.hp > 0] for s in ("a", "b")}
        if not alive["a"] or not alive["b"]:
            return "a" if alive["a"] else ("b" if alive["b"] else None)
    scores = {}
    for side in ("a", "b"):
        survivors = [Survivors(sq, sum(1 for u in forces[side] if u.squad == i and u.hp > 0))
                     for i, sq in enumerate(squads[side])]
        scores[side] = cutoff_score(survivors)
    return cutoff_winner(scores)


def win_rate(side_a: Sequence[Squad], side_b: Sequence[Squad], rng: Rng, battles: int = 1000) -> float:
    """Side A's share of wins (draws count half) over ``battles`` seeded fights."""
    score = 0.0
    for _ in range(battles):
        result = stand_up_fight(side_a, side_b, rng)
        score += 1.0 if result == "a" else 0.5 if result is None else 0.0
    return score / battles
