"""Bladeborn and Warcry attack dice.

Roll one dice per Attack. A roll of 6 is a critical hit; otherwise the roll hits on 3+ when the
weapon's Strength is above the target's Toughness, 4+ when equal and 5+ when below. Each hit
deals the first Damage value, each critical hit the second.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from generator.dice.distribution import AttackOdds, Distribution
from generator.dice.rng import Rng
from generator.errors import DiceError

MAX_ATTACKS = 100


def hit_threshold(strength: int, toughness: int) -> int:
    """The lowest roll that hits: 3 if Strength > Toughness, 4 if equal, 5 if lower."""
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    return 5


def _check(attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int) -> None:
    if not 0 <= attacks <= MAX_ATTACKS:
        raise DiceError(f"attacks: {attacks} is outside 0 to {MAX_ATTACKS}")
    if strength < 1:
        raise DiceError(f"strength: {strength} is below the minimum 1")
    if toughness < 1:
        raise DiceError(f"toughness: {toughness} is below the minimum 1")
    if dmg_hit < 0 or dmg_crit < 0:
        raise DiceError(f"damage: {dmg_hit}/{dmg_crit} must not be negative")


@lru_cache(maxsize=16384)
def attack_odds(attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int) -> AttackOdds:
    """Exact odds of one attack action: (hits, crits) are multinomial over the Attacks dice."""
    _check(attacks, strength, toughness, dmg_hit, dmg_crit)
    threshold = hit_threshold(strength, toughness)
    p_crit = Fraction(1, 6)
    p_hit = Fraction(6 - threshold, 6)
    p_miss = Fraction(threshold - 1, 6)
    damage: dict[int, Fraction] = {}
    for crits in range(attacks + 1):
        for hits in range(attacks - crits + 1):
            misses = attacks - crits - hits
            ways = comb(attacks, crits) * comb(attacks - crits, hits)
            p = ways * p_crit**crits * p_hit**hits * p_miss**misses
            dealt = hits * dmg_hit + crits * dmg_crit
            damage[dealt] = damage.get(dealt, Fraction(0)) + p
    hit_probability = 1 - p_miss**attacks
    return AttackOdds(hit_probability, Distribution(damage))


@dataclass(frozen=True)
class AttackRoll:
    rolls: tuple[int, ...]
    threshold: int
    hits: int
    crits: int
    damage: int


def resolve(rolls: list[int] | tuple[int, ...], strength: int, toughness: int, dmg_hit: int, dmg_crit: int) -> AttackRoll:
    """Count hits and criticals in dice already rolled and total the damage."""
    threshold = hit_threshold(strength, toughness)
    crits = sum(1 for r in rolls if r == 6)
    hits = sum(1 for r in rolls if threshold <= r < 6)
    return AttackRoll(tuple(rolls), threshold, hits, crits, hits * dmg_hit + crits * dmg_crit)


def roll_attack(rng: Rng, attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int) -> AttackRoll:
    _check(attacks, strength, toughness, dmg_hit, dmg_crit)
    return resolve(rng.dice(attacks, 6), strength, toughness, dmg_hit, dmg_crit)


def parse_damage_pair(text: str) -> tuple[int, int]:
    """``"2/4"`` -> (2, 4): damage on a hit and on a critical hit."""
    parts = str(text).replace(" ", "").split("/")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise DiceError(f"damage {text!r}: write hit/crit as two whole numbers, e.g. 2/4")
    if any(len(p) > 6 for p in parts):
        raise DiceError(f"damage {str(text)[:20]!r}...: a number of {max(map(len, parts)):,} digits is too large "
                        "for damage")
    return int(parts[0]), int(parts[1])
