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


#: A Strength/Toughness pair for each hit threshold (only the threshold matters to the dice).
_THRESHOLD_PAIR = {3: (2, 1), 4: (1, 1), 5: (1, 2)}


@lru_cache(maxsize=None)
def hits_and_crits(attacks: int, threshold: int) -> tuple[tuple[int, int, Fraction], ...]:
    """Exact joint distribution of (hits, critical hits) of one attack action: ((h, c, p), ...).

    Read from the shared dice engine (``generator.dice.attacks.attack_odds``), so the cost model
    and the ``odds`` command can never disagree. Asking it for 1 damage per hit and
    Attacks + 1 per critical makes every (hits, crits) pair a different total, so one engine call
    per (Attacks, threshold) serves every Strength, Toughness and Damage with that threshold.
    """
    strength, toughness = _THRESHOLD_PAIR[threshold]
    odds = attack_odds(attacks, strength, toughness, 1, attacks + 1)
    out = []
    for total, p in odds.damage.items():
        crits, hits = divmod(int(total), attacks + 1)
        out.append((hits, crits, Fraction(p)))
    return tuple(sorted(out))


@lru_cache(maxsize=None)
def damage_distribution(
    attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int
) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of the damage one attack action deals: ((damage, probability), ...)."""
    dist: dict[int, Fraction] = {}
    for hits, crits, p in hits_and_crits(attacks, hit_threshold(strength, toughness)):
        dealt = hits * dmg_hit + crits * dmg_crit
        dist[dealt] = dist.get(dealt, Fraction(0)) + p
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=None)
def expected_damage(attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int) -> Fraction:
    """Mean damage of one attack action, exact: Attacks x (P(hit) x hit damage + 1/6 x crit damage).

    The closed form (linearity of expectation) equals the mean of the full distribution from the
    dice engine (a test checks both against enumeration) but costs no convolution.
    """
    p_hit = Fraction(6 - hit_threshold(strength, toughness), 6)
    return attacks * (p_hit * dmg_hit + Fraction(dmg_crit, 6))


@lru_cache(maxsize=None)
def _hits_and_crits_float(attacks: int, threshold: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`hits_and_crits` as float arrays (hits, crits, probability) for the tables below."""
    rows = hits_and_crits(attacks, threshold)
    return (
        np.array([h for h, _, _ in rows]),
        np.array([c for _, c, _ in rows]),
        np.array([float(p) for _, _, p in rows]),
    )


def _damage_pmf(attacks: int, strength: int, toughness: int, dmg_hit: int, dmg_crit: int, size: int) -> np.ndarray:
    """P(damage = j) for j = 0..size-1 as floats; damage of size or more lands in the last cell."""
    hits, crits, probs = _hits_and_crits_float(attacks, hit_threshold(strength, toughness))
    dealt = np.minimum(hits * dmg_hit + crits * dmg_crit, size - 1)
    return np.bincount(dealt, weights=probs, minlength=size)


@lru_cache(maxsize=None)
def actions_tables(toughness: int, weapons: tuple[tuple[int, int, int, int], ...], upto: int) -> np.ndarray:
    """M[i, w] = expected attack actions weapon i needs to deal at least w damage (w = 0..upto)
    to a fighter of this Toughness; one row per weapon (Attacks, Strength, hit, crit).

    Renewal equation: m[w] = 1 + sum_j P(j) m[w - j], with m[w <= 0] = 0. The j = 0 term
    (a whiffed action) is moved to the left: m[w] (1 - P(0)) = 1 + sum_{j>=1} P(j) m[w - j].
    Solved for all weapons at once (numpy, one step per w). Floats are enough here: the inputs
    are exact and the table only feeds a regression.
    """
    size = upto + 1
    P = np.array([_damage_pmf(a, s, toughness, h, c, size) for a, s, h, c in weapons])
    p0 = P[:, 0]
    if np.any(p0 >= 1.0):
        raise ValueError("a weapon that can never deal damage")
    M = np.zeros((len(weapons), size))
    for w in range(1, size):
        # sum over j = 1..w-1 of P(j) m[w - j]; damage >= w finishes the job (m = 0 there).
        M[:, w] = (1.0 + (P[:, 1:w] * M[:, w - 1 : 0 : -1]).sum(axis=1)) / (1.0 - p0)
    return M


def table_size(wounds: int) -> int:
    """Tables are shared between nearby Wounds values: 64, then the next power of two."""
    return max(64, 1 << max(int(wounds) - 1, 1).bit_length())


def expected_actions_to_take_down(
    wounds: int, toughness: int, attacks: int, strength: int, dmg_hit: int, dmg_crit: int
) -> float:
    """Expected number of attack actions with this weapon to take down a fighter with these
    Wounds and Toughness (damage carries over between actions, as damage tokens do)."""
    table = actions_tables(toughness, ((attacks, strength, dmg_hit, dmg_crit),), table_size(wounds))
    return float(table[0, wounds])
