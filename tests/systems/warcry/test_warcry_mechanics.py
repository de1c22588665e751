"""Warcry ability dice, paying for abilities, modifiers and initiative, with the book's examples."""

import pytest

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.warcry.mechanics import (
    Group,
    Modifier,
    ability_value,
    apply_modifiers,
    group_ability_dice,
    pay,
    payable_groups,
    roll_off,
    warcry_initiative,
)


def test_doubles_triples_and_singles():
    roll = group_ability_dice([5, 5, 2, 2, 2, 6])
    assert roll.doubles == [5] and roll.triples == [2] and roll.singles == (6,)


def test_four_or_more_of_a_kind_is_one_quad_keeping_every_dice():
    roll = group_ability_dice([3, 3, 3, 3, 3, 1])
    assert roll.groups == (Group("quad", 3, 5),)
    assert roll.singles == (1,)


def test_the_value_of_a_double_of_fives_is_five():
    roll = group_ability_dice([5, 5, 1, 2, 3, 4])
    assert ability_value(roll.groups[0]) == 5


def test_a_triple_pays_for_a_double_but_all_three_dice_are_discarded():
    roll = group_ability_dice([4, 4, 4, 1, 2, 3])
    left = pay(roll, "double", Group("triple", 4, 3))
    assert left.groups == () and left.singles == (1, 2, 3)


def test_a_quad_pays_for_a_triple_or_a_double_but_a_double_never_for_a_triple():
    quad = Group("quad", 6, 4)
    assert quad.pays_for("triple") and quad.pays_for("double")
    roll = group_ability_dice([2, 2, 5, 5, 5, 5])
    with pytest.raises(SkirmishError, match="cannot pay for a triple"):
        pay(roll, "triple", Group("double", 2, 2))
    assert payable_groups(roll, "double") == [Group("double", 2, 2), quad.__class__("quad", 5, 4)]


def test_paying_with_a_group_you_do_not_have_is_refused():
    with pytest.raises(SkirmishError, match="no double of 6s"):
        pay(group_ability_dice([1, 1, 2, 3, 4, 5]), "double", Group("double", 6, 2))


def test_book_example_move_3_halved_then_plus_2_is_4():
    # Waaagh! adds 2" first, then Cursed Dart halves: divide first (3 -> 2, rounding up), then add.
    mods = [Modifier("add", 2, "Waaagh!"), Modifier("divide", 2, "Cursed Dart")]
    assert apply_modifiers(3, mods) == 4


def test_multiply_comes_after_divide_and_subtract_last_never_below_zero():
    assert apply_modifiers(5, [Modifier("multiply", 2), Modifier("divide", 2)]) == 6
    assert apply_modifiers(2, [Modifier("subtract", 5), Modifier("add", 1)]) == 0


def test_initiative_goes_to_more_singles_else_a_roll_off():
    assert warcry_initiative(3, 1) == "a"
    assert warcry_initiative(0, 2) == "b"
    winner = warcry_initiative(2, 2, Rng(7))
    assert winner == roll_off(Rng(7))[0]


def test_roll_off_rerolls_ties_until_someone_wins():
    for seed in range(30):
        winner, history = roll_off(Rng(seed))
        assert all(a == b for a, b in history[:-1])
        a, b = history[-1]
        assert a != b and winner == ("a" if a > b else "b")


def test_bad_faces_are_refused():
    with pytest.raises(SkirmishError, match="1-6"):
        group_ability_dice([7, 1])
