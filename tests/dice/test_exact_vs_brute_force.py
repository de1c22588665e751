"""Every exact distribution agrees with brute-force enumeration of all dice outcomes."""

from fractions import Fraction
from itertools import product

import pytest

from generator.dice import attacks, battle_dice, bladestorm, gorechosen


def brute_bladestorm(expr, defense, damage):
    e = bladestorm.parse_roll(expr)
    d = bladestorm.parse_damage(damage)
    ranges = [range(1, s + 1) for c, s in e.groups for _ in range(c)]
    dist: dict[int, int] = {}
    hits = n = 0
    for faces in product(*ranges):
        n += 1
        total = sum(faces) + e.modifier
        dealt = d.apply(list(faces)) if total > defense else 0
        hits += total > defense
        dist[dealt] = dist.get(dealt, 0) + 1
    return Fraction(hits, n), {k: Fraction(v, n) for k, v in dist.items()}


@pytest.mark.parametrize(
    "expr, defense, damage",
    [
        ("3D6+4", 7, "High+2"),
        ("2D6+D10+3", 9, "High+Low+2"),
        ("3D6-2", 10, "High+2"),
        ("1D10+4", 8, "Highx2"),
        ("2D6-2", 5, "Low+1"),
        ("2D6+D10-4", 7, "High+Low+1"),
        ("4D6", 13, "Lowx3"),
        ("3D6-1", 7, "High+Low-1"),
    ],
)
def test_bladestorm_attack(expr, defense, damage):
    hit, dist = brute_bladestorm(expr, defense, damage)
    odds = bladestorm.attack_odds(expr, defense, damage)
    assert odds.hit_probability == hit
    assert dict(odds.damage) == {k: v for k, v in dist.items() if v}


@pytest.mark.parametrize("expr", ["3D6+4", "2D6+D10+3", "1D10+4", "D8+D4-1"])
def test_bladestorm_totals(expr):
    e = bladestorm.parse_roll(expr)
    ranges = [range(1, s + 1) for c, s in e.groups for _ in range(c)]
    counts: dict[int, int] = {}
    for faces in product(*ranges):
        counts[sum(faces) + e.modifier] = counts.get(sum(faces) + e.modifier, 0) + 1
    n = sum(counts.values())
    assert dict(e.distribution()) == {k: Fraction(v, n) for k, v in counts.items()}


@pytest.mark.parametrize(
    "n, s, t, h, c", [(4, 4, 4, 2, 4), (3, 5, 3, 1, 3), (2, 3, 5, 3, 6), (5, 4, 4, 1, 1), (1, 6, 4, 2, 5)]
)
def test_warcry_attacks(n, s, t, h, c):
    dist: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=n):
        r = attacks.resolve(faces, s, t, h, c)
        dist[r.damage] = dist.get(r.damage, 0) + 1
    total = 6**n
    odds = attacks.attack_odds(n, s, t, h, c)
    assert dict(odds.damage) == {k: Fraction(v, total) for k, v in dist.items()}
    thr = attacks.hit_threshold(s, t)
    assert odds.hit_probability == 1 - Fraction(thr - 1, 6) ** n


@pytest.mark.parametrize("a, d", [(4, 3), (1, 1), (3, 0), (0, 2), (2, 4), (5, 2)])
def test_sagaborn_battle_dice(a, d):
    dist: dict[int, int] = {}
    for att in product(range(1, 9), repeat=a):
        for dfn in product(range(1, 9), repeat=d):
            dmg = battle_dice.resolve([battle_dice.face(x) for x in att], [battle_dice.face(x) for x in dfn])
            dist[dmg] = dist.get(dmg, 0) + 1
    total = 8 ** (a + d)
    odds = battle_dice.attack_odds(a, d)
    assert dict(odds.damage) == {k: Fraction(v, total) for k, v in dist.items()}
    assert odds.hit_probability == sum(Fraction(v, total) for k, v in dist.items() if k >= 1)


@pytest.mark.parametrize("n, to_hit, w", [(3, 4, 3), (2, 3, 2), (4, 5, 1), (1, 2, 3)])
def test_gorechosen_attack(n, to_hit, w):
    dist: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=n):
        dmg = w * sum(1 for f in faces if f >= to_hit)
        dist[dmg] = dist.get(dmg, 0) + 1
    odds = gorechosen.attack_odds(n, to_hit, w)
    assert dict(odds.damage) == {k: Fraction(v, 6**n) for k, v in dist.items()}
