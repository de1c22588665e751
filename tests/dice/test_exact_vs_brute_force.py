"""Every exact distribution agrees with brute-force enumeration of all dice outcomes.

The Bladestorm oracle does not reuse the engine: it reads the attack and damage text itself and
applies the book's wording (9.2-9.3) die by die, so a slip in the engine's damage rules (three
equal dice under High+Low, say) shows up here.
"""

import math
import re
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from generator.dice import attacks, battle_dice, bladestorm, gorechosen


def oracle_roll(text):
    """'2D6+D10+3' -> ([6, 6, 10], 3, 1); 'x' multiplies everything before it (3.1)."""
    sides, modifier, multiplier = [], 0, 1
    for sign, count, die, number, times in re.findall(r"([+-]?)(?:(\d*)[dD](\d+)|(\d+))|x(\d+)", text.replace(" ", "")):
        if times:
            multiplier *= int(times)
            modifier *= int(times)
        elif die:
            sides += [int(die)] * int(count or 1)
        else:
            modifier += int(number) * (-1 if sign == "-" else 1)
    return sides, modifier, multiplier


def oracle_damage(text, dice):
    """The book's 9.2 on the dice of the attack roll, then 9.3's additions and multipliers in order."""
    head, rest = re.match(r"(High\+Low|High|Low)(.*)", text).groups()
    high, low = max(dice), min(dice)
    if head == "High":  # "equal to the highest die ... if more than one die are highest, the sum of the highest dice"
        hits = high * dice.count(high)
    elif head == "Low":
        hits = low * dice.count(low)
    else:  # "the sum of the highest die and the lowest die ... If more than one die are lowest or
        # highest, the damage taken is equal to the sum of all three of the dice"
        assert len(dice) <= 3, "the book defines High+Low for rolls of up to three dice"
        hits = sum(dice) if dice.count(high) > 1 or dice.count(low) > 1 else high + low
    for op, n in re.findall(r"([+x-])(\d+)", rest):
        hits = hits * int(n) if op == "x" else hits + int(n) * (1 if op == "+" else -1)
    return max(0, hits)


def brute_bladestorm(expr, defense, damage):
    sides, modifier, multiplier = oracle_roll(expr)
    dist: dict[int, int] = {}
    hits = n = 0
    for faces in product(*(range(1, s + 1) for s in sides)):
        n += 1
        total = multiplier * sum(faces) + modifier
        dealt = oracle_damage(damage, list(faces)) if total > defense else 0  # "exceeds the target's Defense"
        hits += total > defense
        dist[dealt] = dist.get(dealt, 0) + 1
    return Fraction(hits, n), {k: Fraction(v, n) for k, v in dist.items()}


def test_the_oracle_reads_the_books_examples():
    """9.2's worked examples, through the oracle (so the oracle itself is checked)."""
    assert [oracle_damage("High", d) for d in ([3, 5, 1], [2, 4, 4], [2, 2, 2])] == [5, 8, 6]
    assert [oracle_damage("Low", d) for d in ([6, 4, 1], [3, 4, 3], [4, 4, 4])] == [1, 6, 12]
    assert [oracle_damage("High+Low", d) for d in ([6, 4, 1], [3, 4, 3])] == [7, 10]
    assert [oracle_damage("Low+2", d) for d in ([6, 4, 1], [3, 4, 3])] == [3, 8]
    assert [oracle_damage("Lowx3", d) for d in ([6, 4, 2], [3, 4, 3])] == [6, 18]


@pytest.mark.parametrize("dice", [[2, 2, 2], [6, 6, 6], [1, 1, 1], [5, 5, 2], [3, 1, 1], [4, 4], [6, 1]])
def test_high_plus_low_on_ties_is_every_die_rolled(dice):
    """Three equal dice under High+Low: all three count (9.2: "the sum of all three of the dice")."""
    assert bladestorm.parse_damage("High+Low").apply(dice) == oracle_damage("High+Low", dice)
    assert bladestorm.parse_damage("High+Low+2").apply(dice) == oracle_damage("High+Low+2", dice)


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
        ("3D6", 3, "High+Low"),
        ("2D6+D10", 4, "High+Lowx2"),
        ("3D6x2", 20, "High"),
        ("3D6+1x2", 21, "Low+1"),
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


def _face_counts(n):
    """Every way ``n`` battle dice can fall, as (faces, number of the 8**n rolls that show them).

    Faces of a d8 (the book's chart): 1-3 shield, 4-5 blank, 6-7 hit, 8 critical. The order of
    the dice does not matter, so each multiset of faces stands for multinomial(n; counts) x
    (ways per face) rolls -- the same total as rolling every die, far fewer cases.
    """
    ways = Counter(battle_dice.face(x) for x in range(1, 9))
    kinds = sorted(ways)
    for combo in product(range(n + 1), repeat=len(kinds)):
        if sum(combo) != n:
            continue
        count = math.factorial(n)
        faces = []
        for kind, k in zip(kinds, combo):
            count = count // math.factorial(k) * ways[kind] ** k
            faces += [kind] * k
        yield faces, count


def test_face_counts_cover_every_roll():
    for n in range(0, 6):
        assert sum(c for _, c in _face_counts(n)) == 8**n


@pytest.mark.parametrize("a, d", [(4, 3), (1, 1), (3, 0), (0, 2), (2, 4), (5, 2), (6, 5)])
def test_sagaborn_battle_dice(a, d):
    dist: dict[int, int] = {}
    for att, n_att in _face_counts(a):
        for dfn, n_dfn in _face_counts(d):
            dmg = battle_dice.resolve(att, dfn)
            dist[dmg] = dist.get(dmg, 0) + n_att * n_dfn
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
