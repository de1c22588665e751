"""Exact odds the greedy player needs beyond one attack's: an attack whose dice may be re-rolled.

Bribe the Fates lets a fighter re-roll up to two dice of its next attack after seeing them. Its
worth is exact under the model the player uses for an attack (take-down chance plus 0.4 of the
share of Wounds dealt short of that): each die is a miss, a hit or a critical hit, so an attack's
dice fall into one of the multinomial outcomes of those three, and for each the best choice of
misses and hits to re-roll is taken (re-rolling a critical never helps), summed exactly over the
re-rolled dice's outcomes.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from generator.dice.attacks import attack_odds


@lru_cache(maxsize=65536)
def _category_odds(strength: int, toughness: int) -> tuple[float, float, float]:
    """(miss, hit, critical) chances of one action dice: 6s are criticals, the rest hit on 3+/4+/5+."""
    need = 3 if strength > toughness else 4 if strength == toughness else 5
    return ((need - 1) / 6.0, (6 - need) / 6.0, 1 / 6.0)


def _outcome_value(hits: int, crits: int, hit: int, crit: int, needed: int, wounds: int) -> float:
    damage = hits * hit + crits * crit
    return (1.0 if damage >= needed else 0.0) + 0.4 * min(damage, needed) / wounds


@lru_cache(maxsize=65536)
def reroll_value(attacks: int, strength: int, toughness: int, hit: int, crit: int, needed: int, wounds: int,
                 most: int) -> float:
    """The attack's worth (take-down chance plus 0.4 of the damage share) when up to ``most`` dice
    may be re-rolled after seeing them, re-rolling the best choice of misses and hits."""
    p = _category_odds(strength, toughness)
    total = 0.0
    for misses in range(attacks + 1):
        for hits in range(attacks - misses + 1):
            crits = attacks - misses - hits
            chance = _multinomial(attacks, misses, hits, crits) * p[0] ** misses * p[1] ** hits * p[2] ** crits
            total += chance * _best_reroll(misses, hits, crits, hit, crit, needed, wounds, most, p)
    return total


def _best_reroll(misses, hits, crits, hit, crit, needed, wounds, most, p) -> float:
    best = _outcome_value(hits, crits, hit, crit, needed, wounds)
    for again_m in range(min(most, misses) + 1):
        for again_h in range(min(most - again_m, hits) + 1):
            n = again_m + again_h
            if n == 0:
                continue
            value = 0.0
            for got_h in range(n + 1):
                for got_c in range(n - got_h + 1):
                    got_m = n - got_h - got_c
                    q = _multinomial(n, got_m, got_h, got_c) * p[0] ** got_m * p[1] ** got_h * p[2] ** got_c
                    value += q * _outcome_value(hits - again_h + got_h, crits + got_c, hit, crit, needed, wounds)
            best = max(best, value)
    return best


@lru_cache(maxsize=4096)
def _multinomial(n: int, a: int, b: int, c: int) -> float:
    from math import factorial

    return factorial(n) / (factorial(a) * factorial(b) * factorial(c))



def reroll_choice(policy, state, actions):
    """Which dice to re-roll: the choice with the best expected attack (exact over the re-rolled dice)."""
    act = state.activation
    target_id, weapon_index, faces, _ = act.pending_attack
    fighter = state.fighters[act.fighter]
    target, weapon = state.fighters[target_id], fighter.weapons[weapon_index]
    stats = state.weapon_now(fighter, weapon)[0]
    _, strength, toughness, hit, crit = state.against(stats, weapon, target)
    needed, wounds = max(1, target.wounds_left + target.ward), target.wounds
    need = 3 if strength > toughness else 4 if strength == toughness else 5

    def expected(which):
        kept = [f for i, f in enumerate(faces) if i not in which]
        hits, crits = _kinds(kept, need)
        return _rerolled_value(hits, crits, len(which), need, hit, crit, needed, wounds)

    return max(actions, key=lambda a: (expected(a[1]), -len(a[1])))


def _kinds(faces, need: int) -> tuple[int, int]:
    """(hits, criticals) among ``faces`` when a hit needs ``need`` or more."""
    return sum(1 for f in faces if need <= f < 6), sum(1 for f in faces if f == 6)


@lru_cache(maxsize=65536)
def _rerolled_value(hits: int, crits: int, n: int, need: int, hit: int, crit: int, needed: int, wounds: int) -> float:
    """The expected attack when ``n`` dice are re-rolled and the kept ones made ``hits`` and
    ``crits``: every outcome of the re-rolled dice, in order, summed and divided by 6**n."""
    total = 0.0
    for again in itertools.product(range(1, 7), repeat=n):
        h, c = _kinds(again, need)
        total += _outcome_value(hits + h, crits + c, hit, crit, needed, wounds)
    return total / 6 ** n


@lru_cache(maxsize=65536)
def attack_kill_odds(attacks: int, strength: int, toughness: int, hit: int, crit: int, wounds_left: int) -> tuple[float, float]:
    """(chance to take down, expected damage capped at the wounds left) of one attack action."""
    odds = attack_odds(attacks, strength, toughness, hit, crit)
    kill = float(odds.kill_probability(max(1, wounds_left)))
    capped = sum(float(p) * min(d, max(1, wounds_left)) for d, p in odds.damage.items())
    return kill, capped
