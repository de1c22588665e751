"""The exact odds the Warcry cost model is built on: damage dealt per attack action, and how
many attack actions it takes to take a fighter down.

An attack action rolls one action die per Attacks; against Toughness T a roll of 6 is a critical
hit (the weapon's second Damage), and otherwise a roll at or above the threshold (3+ when
Strength beats Toughness, 4+ when equal, 5+ when lower) is a hit (the first Damage). The damage
of one action is therefore a sum of independent three-way outcomes; its distribution is exact.

Everything here is cached (``functools.lru_cache``) on small integer keys, so pricing a list of
a thousand fighters only computes each distinct weapon/target pair once.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from generator.dice.attacks import attack_odds, hit_threshold


@lru_cache(maxsize=None)
def damage_distribution(
    attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int
) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of the damage one attack action deals: ((damage, probability), ...).

    Read from the shared dice engine (``generator.dice.attacks.attack_odds``), so the cost model
    and the ``odds`` command can never disagree.
    """
    odds = attack_odds(attacks, strength, toughness, dmg_hit, dmg_crit)
    return tuple(sorted((int(k), Fraction(v)) for k, v in odds.damage.items()))


@lru_cache(maxsize=None)
def expected_damage(attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int) -> Fraction:
    """Mean damage of one attack action, exact: Attacks x (P(hit) x hit damage + 1/6 x crit damage).

    The closed form (linearity of expectation) equals the mean of the full distribution from the
    dice engine (a test checks both against enumeration) but costs no convolution.
    """
    p_hit = Fraction(6 - hit_threshold(strength, toughness), 6)
    return attacks * (p_hit * dmg_hit + Fraction(dmg_crit, 6))


@lru_cache(maxsize=None)
def _actions_table(attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int, upto: int) -> np.ndarray:
    """m[w] = expected attack actions needed to deal at least w damage, for w = 0..upto.

    Renewal equation: m[w] = 1 + sum_j P(j) m[w - j], with m[w <= 0] = 0. The j = 0 term
    (a whiffed action) is moved to the left: m[w] (1 - P(0)) = 1 + sum_{j>=1} P(j) m[w - j].
    Floats are enough here (the inputs are exact; the table only feeds a regression).
    """
    dist = damage_distribution(attacks, strength, toughness, dmg_hit, dmg_crit)
    probs = [(k, float(p)) for k, p in dist]
    p0 = sum(p for k, p in probs if k == 0)
    if p0 >= 1.0:
        raise ValueError("this weapon can never deal damage")
    positive = [(k, p) for k, p in probs if k > 0]
    m = np.zeros(upto + 1)
    for w in range(1, upto + 1):
        acc = 1.0
        for k, p in positive:
            if k < w:
                acc += p * m[w - k]
        m[w] = acc / (1.0 - p0)
    return m


def expected_actions_to_take_down(
    wounds: int, toughness: int, attacks: int, strength: int, dmg_hit: int, dmg_crit: int
) -> float:
    """Expected number of attack actions with this weapon to take down a fighter with these
    Wounds and Toughness (damage carries over between actions, as damage tokens do)."""
    upto = max(64, 1 << max(int(wounds) - 1, 1).bit_length())  # share tables between nearby wounds
    return float(_actions_table(attacks, strength, toughness, dmg_hit, dmg_crit, upto)[wounds])
