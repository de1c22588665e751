"""SagaBorn Battles' d8 battle dice.

Faces: 1-3 shield, 4-5 blank, 6-7 hit, 8 critical hit. The attacker counts hits and crits, the
defender counts shields. Each shield cancels one hit; normal hits are cancelled before crits;
a crit that gets through deals 2 damage, a hit 1.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from generator.dice.distribution import AttackOdds, Distribution
from generator.dice.rng import Rng
from generator.errors import DiceError

SHIELD, BLANK, HIT, CRIT = "shield", "blank", "hit", "crit"
FACES = (SHIELD, BLANK, HIT, CRIT)
MAX_DICE = 100

P_SHIELD = Fraction(3, 8)
P_HIT = Fraction(2, 8)
P_CRIT = Fraction(1, 8)


def face(d8: int) -> str:
    """The symbol on a d8 result (the book's chart for converting a standard d8)."""
    if not 1 <= d8 <= 8:
        raise DiceError(f"battle die: {d8} is not a d8 result (1-8)")
    if d8 <= 3:
        return SHIELD
    if d8 <= 5:
        return BLANK
    if d8 <= 7:
        return HIT
    return CRIT


def damage_from_counts(hits: int, crits: int, shields: int) -> int:
    """Shields cancel hits first, then crits; what is left deals 1 per hit and 2 per crit."""
    hits_left = max(0, hits - shields)
    shields_left = max(0, shields - hits)
    crits_left = max(0, crits - shields_left)
    return hits_left + 2 * crits_left


def resolve(attacker_faces: list[str], defender_faces: list[str]) -> int:
    """Damage from an attack given both sides' faces (symbols, as in the book's example)."""
    att = Counter(attacker_faces)
    dfn = Counter(defender_faces)
    for f in list(att) + list(dfn):
        if f not in FACES:
            raise DiceError(f"battle die face {f!r}: choose one of {', '.join(FACES)}")
    return damage_from_counts(att[HIT], att[CRIT], dfn[SHIELD])


def hits_score(faces: list[str]) -> int:
    """Hits for initiative: a crit counts as two hits."""
    c = Counter(faces)
    return c[HIT] + 2 * c[CRIT]


def _check(attack_dice: int, defense_dice: int) -> None:
    for name, n in (("attack dice", attack_dice), ("defense dice", defense_dice)):
        if not 0 <= n <= MAX_DICE:
            raise DiceError(f"{name}: {n} is outside 0 to {MAX_DICE}")


@lru_cache(maxsize=4096)
def _shields(defense_dice: int) -> tuple[Fraction, ...]:
    return tuple(comb(defense_dice, s) * P_SHIELD**s * (1 - P_SHIELD) ** (defense_dice - s) for s in range(defense_dice + 1))


@lru_cache(maxsize=16384)
def attack_odds(attack_dice: int, defense_dice: int) -> AttackOdds:
    """Exact odds of one attack; ``hit_probability`` is the chance of at least 1 damage."""
    _check(attack_dice, defense_dice)
    shields = _shields(defense_dice)
    p_other = 1 - P_HIT - P_CRIT
    damage: dict[int, Fraction] = {}
    for crits in range(attack_dice + 1):
        for hits in range(attack_dice - crits + 1):
            rest = attack_dice - crits - hits
            p_att = comb(attack_dice, crits) * comb(attack_dice - crits, hits) * P_CRIT**crits * P_HIT**hits * p_other**rest
            for s, p_s in enumerate(shields):
                dealt = damage_from_counts(hits, crits, s)
                damage[dealt] = damage.get(dealt, Fraction(0)) + p_att * p_s
    dist = Distribution(damage)
    return AttackOdds(dist.prob_at_least(1), dist)


@dataclass(frozen=True)
class BattleRoll:
    attacker: tuple[str, ...]
    defender: tuple[str, ...]
    damage: int


def roll_faces(rng: Rng, count: int) -> list[str]:
    return [face(v) for v in rng.dice(count, 8)]


def roll_attack(rng: Rng, attack_dice: int, defense_dice: int) -> BattleRoll:
    _check(attack_dice, defense_dice)
    att, dfn = roll_faces(rng, attack_dice), roll_faces(rng, defense_dice)
    return BattleRoll(tuple(att), tuple(dfn), resolve(att, dfn))
