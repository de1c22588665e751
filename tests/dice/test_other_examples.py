"""Dice examples from the SagaBorn, Gorechosen and Bladeborn/Warcry books."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.dice import attacks, battle_dice, gorechosen
from generator.dice.rng import make_rng
from generator.errors import DiceError


def test_halvar_attacks_brym_for_2():
    # Halvar: shield, blank, hit, crit. Brym: blank, hit, shield.
    # Brym's shield cancels Halvar's hit first; the crit scores 2.
    halvar = ["shield", "blank", "hit", "crit"]
    brym = ["blank", "hit", "shield"]
    assert battle_dice.resolve(halvar, brym) == 2


def test_battle_die_faces():
    assert [battle_dice.face(v) for v in range(1, 9)] == [
        "shield", "shield", "shield", "blank", "blank", "hit", "hit", "crit"
    ]


def test_initiative_counts_a_crit_as_two_hits():
    assert battle_dice.hits_score(["crit", "hit", "blank"]) == 3


def test_d3_halves_a_d6_rounding_up():
    assert [gorechosen.d3_from_d6(r) for r in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert dict(gorechosen.d3_distribution()) == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}


@pytest.mark.parametrize("s, t, threshold", [(5, 4, 3), (4, 4, 4), (3, 4, 5)])
def test_hit_thresholds_by_strength_against_toughness(s, t, threshold):
    assert attacks.hit_threshold(s, t) == threshold


def test_sixes_are_critical_hits():
    roll = attacks.resolve([6, 4, 2, 5], strength=4, toughness=4, dmg_hit=2, dmg_crit=4)
    assert (roll.hits, roll.crits, roll.damage) == (2, 1, 8)


@given(st.integers(0, 8), st.integers(0, 8))
@settings(max_examples=40, deadline=None)
def test_battle_dice_damage_never_negative(a, d):
    odds = battle_dice.attack_odds(a, d)
    assert odds.damage.min >= 0
    assert sum(odds.damage.values()) == 1
    # the most damage is every attack die a crit (1 in 8) and no shield among the defence (5 in 8)
    assert odds.damage.max == 2 * a
    assert odds.damage[2 * a] == (Fraction(1, 8) ** a * Fraction(5, 8) ** d if a else 1)


def test_same_seed_same_rolls():
    assert make_rng(7).dice(10, 6) == make_rng(7).dice(10, 6)
    assert make_rng(7).spawn("map").dice(5, 6) == make_rng(7).spawn("map").dice(5, 6)
    assert make_rng(7).spawn("map").dice(5, 6) != make_rng(7).spawn("forces").dice(5, 6)


def test_impossible_pools_are_refused():
    with pytest.raises(DiceError):
        attacks.attack_odds(101, 4, 4, 1, 2)
    with pytest.raises(DiceError):
        gorechosen.attack_odds(3, 8, 1)
