"""A boardless Warcry/Bladeborn battle, to check that warbands priced alike win alike.

Everyone is assumed to be in reach of everyone (no board, no movement, no abilities), so it
measures fighting worth only; Move and range, which the points pay for, do nothing here. Each
battle round the players roll off for who activates first, then alternate activating fighters;
an activated fighter makes two attack actions with whichever weapon deals the most expected
damage to its target, and attacks the enemy it is most likely to take down. A fighter is taken
down when its damage reaches its Wounds. After ``rounds`` battle rounds the side with more points
still standing wins (equal points: a draw).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from generator.dice.attacks import attack_odds, roll_attack
from generator.dice.rng import Rng

ROUNDS = 4
ACTIONS = 2


@dataclass
class _Standing:
    fighter: object
    points: float
    damage: int = 0

    @property
    def up(self) -> bool:
        return self.damage < self.fighter.wounds


@lru_cache(maxsize=65536)
def _expected(attacks: int, strength: int, toughness: int, hit: int, crit: int) -> float:
    return float(attack_odds(attacks, strength, toughness, hit, crit).expected_damage)


@lru_cache(maxsize=65536)
def _kill(attacks: int, strength: int, toughness: int, hit: int, crit: int, left: int) -> float:
    return float(attack_odds(attacks, strength, toughness, hit, crit).kill_probability(left))


def _best_weapon(attacker, target):
    return max(attacker.weapons, key=lambda w: _expected(w.attacks, w.strength, target.toughness, w.dmg_hit, w.dmg_crit))


def _choose_target(attacker, enemies: list[_Standing]) -> _Standing:
    """The enemy this fighter is likeliest to take down with one attack (then: the most damaged)."""

    def kill_chance(enemy: _Standing) -> tuple:
        w = _best_weapon(attacker, enemy.fighter)
        left = enemy.fighter.wounds - enemy.damage
        return (_kill(w.attacks, w.strength, enemy.fighter.toughness, w.dmg_hit, w.dmg_crit, left), enemy.damage, -left)

    return max(enemies, key=kill_chance)


def _points(fighters: Sequence) -> list[float]:
    from generator.systems.warcry.pricing import price

    priced = price(list(fighters))
    return [f.points if f.points is not None else p.cost for f, p in zip(fighters, priced)]


def battle(fighters_a: Sequence, fighters_b: Sequence, rng: Rng, rounds: int = ROUNDS) -> str | None:
    """One boardless battle: "a", "b", or None for a draw."""
    sides = {
        "a": [_Standing(f, p) for f, p in zip(fighters_a, _points(fighters_a))],
        "b": [_Standing(f, p) for f, p in zip(fighters_b, _points(fighters_b))],
    }
    for _ in range(rounds):
        first = "a" if rng.die(6) >= rng.die(6) else "b"  # roll-off; ties to the first roller
        order = [first, "b" if first == "a" else "a"]
        queues = {s: [f for f in sides[s] if f.up] for s in order}
        turn = 0
        while queues["a"] or queues["b"]:
            side = order[turn % 2]
            turn += 1
            if not queues[side]:
                continue
            me = queues[side].pop(0)
            if not me.up:
                continue
            enemy_side = "b" if side == "a" else "a"
            for _ in range(ACTIONS):
                enemies = [f for f in sides[enemy_side] if f.up]
                if not enemies:
                    return side
                target = _choose_target(me.fighter, enemies)
                w = _best_weapon(me.fighter, target.fighter)
                target.damage += roll_attack(rng, w.attacks, w.strength, target.fighter.toughness,
                                             w.dmg_hit, w.dmg_crit).damage
        for side, enemy in (("a", "b"), ("b", "a")):
            if not any(f.up for f in sides[enemy]):
                return side
    standing = {s: sum(f.points for f in fs if f.up) for s, fs in sides.items()}
    if standing["a"] == standing["b"]:
        return None
    return "a" if standing["a"] > standing["b"] else "b"


def fight(warband_a, warband_b, rng: Rng) -> str | None:
    """``System.fight`` for Warcry and Bladeborn warbands."""
    return battle(list(warband_a.fighters), list(warband_b.fighters), rng)
