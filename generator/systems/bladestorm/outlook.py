"""Exact odds of one combatant against a group, without simulation.

The situation of "Warriors of Ash" once everyone is in contact: the group's living members all
attack the lone combatant in every exchange, while it strikes one of them, working through them
in a fixed order. Nobody is removed until the exchange is over (combat is simultaneous), so both
sides can fall in the same exchange: a draw.

The chance is computed by dynamic programming over (hits on the lone combatant, which member
it is striking, hits on that member), from the exact damage distributions of single attacks
(:func:`generator.dice.bladestorm.attack_odds`). An exchange in which nothing happens repeats the
same state; its probability is divided out (if nothing can ever happen, it is a draw). Movement, the approach and the first lone exchange of
the book's example are left out: this is the fight itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Sequence

import numpy as np

from generator.dice.bladestorm import attack_odds, parse_damage, parse_roll
from generator.systems.bladestorm.mechanics import weapon_of
from generator.systems.bladestorm.models import Combatant


@dataclass(frozen=True)
class Outlook:
    """How a fight of one against many ends: each probability, and the order that was assumed."""

    group_wins: float
    lone_wins: float
    draw: float
    order: tuple[str, ...]


@lru_cache(maxsize=1024)
def _damage_vector(attack: str, defense: int, damage: str) -> np.ndarray:
    """P(hits dealt = i) for one attack, as a float vector indexed by i (0 = miss or no damage)."""
    dist = attack_odds(parse_roll(attack), defense, parse_damage(damage)).damage
    vec = np.zeros(max(dist) + 1)
    for value, p in dist.items():
        vec[value] += float(p)
    return vec


def _attack_vector(attacker: Combatant, target: Combatant) -> np.ndarray:
    return damage_vector(attacker, target)


def damage_vector(attacker: Combatant, target: Combatant, weapon=None) -> np.ndarray:
    """Exact P(hits dealt = i) of one attack of ``attacker`` on ``target`` (a float vector; read-only).

    What a player weighs before an attack: the chance to hit and every amount of damage, from the
    dice engine's exact odds (:func:`generator.dice.bladestorm.attack_odds`), cached.
    """
    arm = weapon_of(attacker, weapon)
    return _damage_vector(arm.attack, target.defense, arm.damage)


def one_against_many(lone: Combatant, group: Sequence[Combatant]) -> Outlook:
    """The fight with the lone combatant striking ``group`` in the order given."""
    n = len(group)
    ends = [g.endurance for g in group]
    offsets = np.concatenate([[0], np.cumsum(ends)]).astype(int)
    done = int(offsets[-1])  # column meaning "the whole group is down"
    life = lone.endurance

    # Damage the group deals in one exchange while members k.. are standing.
    volleys = []
    for k in range(n):
        vec = np.array([1.0])
        for member in group[k:]:
            vec = np.convolve(vec, _attack_vector(member, lone))
        volleys.append(vec)
    strikes = [_attack_vector(lone, member) for member in group]

    depth = life + max(len(v) for v in volleys)
    win = np.zeros((depth, done + 1))  # P(group wins) from (hits on lone, progress column)
    lose = np.zeros((depth, done + 1))  # P(lone wins)
    win[life:, :done] = 1.0  # lone down, someone in the group still standing
    lose[:life, done] = 1.0  # group down, lone still standing

    for t in range(life - 1, -1, -1):
        for k in range(n - 1, -1, -1):
            volley, strike = volleys[k], strikes[k]
            for h in range(ends[k] - 1, -1, -1):
                col = int(offsets[k]) + h
                acc_w = acc_l = 0.0
                stay = 0.0
                for x, px in enumerate(strike):
                    if px == 0.0:
                        continue
                    nxt = int(offsets[k + 1]) if h + x >= ends[k] else col + x
                    rows = slice(t, t + len(volley))
                    acc_w += px * float(volley @ win[rows, nxt])
                    acc_l += px * float(volley @ lose[rows, nxt])
                    if nxt == col:
                        stay = px * volley[0]
                if stay >= 1.0:  # neither side can ever hurt the other: a stalemate, a draw
                    win[t, col] = lose[t, col] = 0.0
                else:
                    win[t, col] = acc_w / (1.0 - stay)
                    lose[t, col] = acc_l / (1.0 - stay)
    w, l = float(win[0, 0]), float(lose[0, 0])
    return Outlook(w, l, max(0.0, 1.0 - w - l), tuple(m.name for m in group))


def lone_best_order(lone: Combatant, group: Sequence[Combatant]) -> Outlook:
    """The outlook when the lone combatant strikes the group in the order best for it."""
    results = [one_against_many(lone, list(order)) for order in permutations(group)]
    return max(results, key=lambda r: (r.lone_wins, -r.group_wins))
