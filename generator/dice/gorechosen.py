"""Gorechosen dice: roll N dice, each scoring the To Hit value or more is a hit for W wounds.

A D3 is a D6 halved, rounding up.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from generator.dice.distribution import AttackOdds, Distribution
from generator.dice.rng import Rng
from generator.errors import DiceError

MAX_DICE = 100


def d3_from_d6(roll: int) -> int:
    """Halve a D6 roll, rounding up: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3."""
    if not 1 <= roll <= 6:
        raise DiceError(f"D6 roll {roll} is not 1-6")
    return (roll + 1) // 2


def d3_distribution() -> Distribution:
    counts: dict[int, int] = {}
    for roll in range(1, 7):
        counts[d3_from_d6(roll)] = counts.get(d3_from_d6(roll), 0) + 1
    return Distribution.from_counts(counts)


def hit_chance(to_hit: int) -> Fraction:
    """Chance one dice scores ``to_hit`` or more on a D6."""
    if not 1 <= to_hit <= 7:
        raise DiceError(f"to-hit: {to_hit}+ is not possible on a D6; use 2 to 6")
    return Fraction(7 - to_hit, 6)


@lru_cache(maxsize=4096)
def attack_odds(dice: int, to_hit: int, wounds: int) -> AttackOdds:
    """Exact odds of an attack: hits are binomial, damage = hits x wounds."""
    if not 0 <= dice <= MAX_DICE:
        raise DiceError(f"dice: {dice} is outside 0 to {MAX_DICE}")
    if wounds < 0:
        raise DiceError(f"wounds: {wounds} must not be negative")
    p = hit_chance(to_hit)
    damage = {h * wounds: comb(dice, h) * p**h * (1 - p) ** (dice - h) for h in range(dice + 1)}
    merged: dict[int, Fraction] = {}
    for k, v in damage.items():
        merged[k] = merged.get(k, Fraction(0)) + v
    return AttackOdds(1 - (1 - p) ** dice, Distribution(merged))


def roll_hits(rng: Rng, dice: int, to_hit: int) -> tuple[list[int], int]:
    rolls = rng.dice(dice, 6)
    return rolls, sum(1 for r in rolls if r >= to_hit)
