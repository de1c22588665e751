"""Bladestorm rulebook sections 3.1, 9.2, 9.3 and 9.4, replayed with the book's own dice."""

import pytest

from generator.dice.bladestorm import (
    RollExpr,
    Rolled,
    attack_odds,
    chance_probability,
    chance_value,
    parse_damage,
    parse_roll,
    resolve_attack,
)


def rolled(expr: str, *faces_by_group: list[int]) -> Rolled:
    """Build a roll from given faces, group by group in the expression's order (D6s then D10s)."""
    e = parse_roll(expr)
    faces = []
    for (count, sides), values in zip(e.groups, faces_by_group):
        assert len(values) == count
        faces.extend((sides, v) for v in values)
    return Rolled(e, tuple(faces))


# 3.1 Dice Rolls
def test_1d10_plus_4_with_a_7_is_11():
    assert rolled("1D10+4", [7]).total == 11


def test_2d6_plus_1d10_plus_4_with_2_5_and_7_is_18():
    assert rolled("2D6+1D10+4", [2, 5], [7]).total == 18


# 9.2 Damage Taken
@pytest.mark.parametrize(
    "damage, dice, expected",
    [
        ("High", [3, 5, 1], 5),
        ("High", [2, 4, 4], 8),
        ("High", [2, 2, 2], 6),
        ("Low", [6, 4, 1], 1),
        ("Low", [3, 4, 3], 6),
        ("Low", [4, 4, 4], 12),
        ("High+Low", [6, 4, 1], 7),
        ("High+Low", [3, 4, 3], 10),
        # 9.3 Damage Modifiers
        ("Low+2", [6, 4, 1], 3),
        ("Low+2", [3, 4, 3], 8),
        ("Lowx3", [6, 4, 2], 6),
        ("Lowx3", [3, 4, 3], 18),
    ],
)
def test_damage_examples(damage, dice, expected):
    assert parse_damage(damage).apply(dice) == expected


def test_high_low_with_a_tie_for_highest_sums_all_three():
    assert parse_damage("High+Low").apply([4, 4, 3]) == 11


def test_damage_is_never_negative():
    assert parse_damage("Low-5").apply([1, 2, 3]) == 0


# 9.4 Combat Example: the Sea-Troll and the three goblins
def test_troll_hits_montu_for_7():
    result = resolve_attack(rolled("3D6+4", [1, 5, 3]), defense=7, damage="High+2")
    assert (result.roll.total, result.hit, result.damage) == (13, True, 7)


def test_montu_just_misses_the_troll():
    result = resolve_attack(rolled("3D6-1", [2, 3, 6]), defense=10, damage="High+2")
    assert (result.roll.total, result.hit, result.damage) == (10, False, 0)


def test_argh_misses():
    result = resolve_attack(rolled("3D6-2", [1, 5, 4]), defense=10, damage="High+2")
    assert (result.roll.total, result.hit) == (8, False)


def test_cro_hits_the_troll_for_10():
    result = resolve_attack(rolled("2D6+D10+3", [6, 2], [4]), defense=10, damage="High+Low+2")
    assert (result.roll.total, result.hit, result.damage) == (15, True, 10)


def test_montu_hits_the_troll_for_8():
    result = resolve_attack(rolled("3D6-1", [4, 2, 6]), defense=10, damage="High+2")
    assert (result.roll.total, result.hit, result.damage) == (11, True, 8)


def test_troll_hits_montu_again_for_8_with_tied_threes():
    result = resolve_attack(rolled("3D6+4", [2, 3, 3]), defense=7, damage="High+2")
    assert (result.roll.total, result.hit, result.damage) == (12, True, 8)


def test_the_exchange_leaves_troll_on_18_hits_and_montu_on_15():
    """9.4 end to end: every attack of the example resolved from its dice, hits added up."""
    attacks = [  # (attacker's roll, dice, target, target's Defense, damage)
        ("3D6+4", ([1, 5, 3],), "Montu", 7, "High+2"),        # the Troll, first exchange
        ("3D6-1", ([2, 3, 6],), "Troll", 10, "High+2"),       # Montu misses
        ("3D6-2", ([1, 5, 4],), "Troll", 10, "High+2"),       # Argh misses
        ("2D6+D10+3", ([6, 2], [4]), "Troll", 10, "High+Low+2"),  # Cro
        ("3D6-1", ([4, 2, 6],), "Troll", 10, "High+2"),       # Montu
        ("3D6+4", ([2, 3, 3],), "Montu", 7, "High+2"),        # the Troll again
    ]
    hits = {"Troll": 0, "Montu": 0}
    for attack, dice, target, defense, damage in attacks:
        hits[target] += resolve_attack(rolled(attack, *dice), defense=defense, damage=damage).damage
    assert hits == {"Troll": 18, "Montu": 15}
    assert hits["Montu"] >= 10  # Montu's Endurance is 10: removed from play; the Troll's 51 holds


# The reference odds: 3D6+4 against Defense 7 with High+2 damage (the Sea-Troll against Montu)
def test_reference_odds_json():
    odds = attack_odds("3D6+4", 7, "High+2").to_json()
    assert odds["hit_probability_exact"] == "215/216"
    assert odds["expected_damage_exact"] == "875/108"
    assert odds["damage_distribution_exact"]["0"] == "1/216"
    assert odds["damage_distribution"]["4"] == pytest.approx(0.01389, abs=1e-5)


# Chance rolls: 2D10 as a percentile, 00 is 100
def test_chance_reads_00_as_100():
    assert chance_value(0, 0) == 100
    assert chance_value(3, 5) == 35
    assert chance_value(0, 7) == 7
    assert chance_probability(35) == pytest.approx(0.35)


def test_race_bonus_changes_the_attack_roll():
    # 11.1: an Orc's Warhammer 3D6-3 gets +1 and reads 3D6-2
    assert str(parse_roll("3D6-3").with_modifier(1)) == "3D6-2"
    assert parse_roll("3D6-3").with_modifier(1) == RollExpr(((3, 6),), -2)
