"""Dice and damage expressions: what parses, and the errors for what does not."""

import pytest

from generator.dice.bladestorm import attack_odds, parse_damage, parse_roll
from generator.errors import DiceError


@pytest.mark.parametrize(
    "text, groups, modifier",
    [
        ("3D6+4", ((3, 6),), 4),
        ("2D6+D10+3", ((2, 6), (1, 10)), 3),
        ("3D6-2", ((3, 6),), -2),
        ("1D10+4", ((1, 10),), 4),
        ("2d6 + d10 - 4", ((2, 6), (1, 10)), -4),
        ("D%", ((1, 100),), 0),
    ],
)
def test_roll_expressions(text, groups, modifier):
    expr = parse_roll(text)
    assert (expr.groups, expr.modifier) == (groups, modifier)


@pytest.mark.parametrize(
    "text, multiplier, modifier, low, high",
    [
        ("3D6x2", 2, 0, 6, 36),  # 3.1: a roll is the total "after modification by additions and multipliers"
        ("3D6+1x2", 2, 2, 8, 38),  # in the order written: (3D6+1) x 2
        ("3D6x2+1", 2, 1, 7, 37),  # (3D6 x 2) + 1
        ("D10×3", 3, 0, 3, 30),
    ],
)
def test_multipliers(text, multiplier, modifier, low, high):
    expr = parse_roll(text)
    assert (expr.multiplier, expr.modifier, expr.minimum, expr.maximum) == (multiplier, modifier, low, high)
    # Every total is the dice sum times the multiplier, plus the modifier: 3D6x2 is always even.
    if text == "3D6x2":
        assert all(total % 2 == 0 for total in expr.distribution())
        assert attack_odds(expr, 20, "High").hit_probability == pytest.approx(0.5)


@pytest.mark.parametrize("text", ["3D6+", "", "3D0", "D1000000", "3X6", "2D6--1", "-D6", "101D6", "0D6",
                                  "3D6x", "x2", "3D6x2+D6", "3D6x0"])
def test_bad_rolls_are_one_line_errors(text):
    with pytest.raises(DiceError) as err:
        parse_roll(text)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    "text, base, steps",
    [
        ("High", "high", ()),
        ("Low", "low", ()),
        ("High+Low", "high+low", ()),
        ("High+2", "high", (("+", 2),)),
        ("Lowx3", "low", (("x", 3),)),
        ("High+Low+1", "high+low", (("+", 1),)),
        ("high-1", "high", (("-", 1),)),
    ],
)
def test_damage_expressions(text, base, steps):
    d = parse_damage(text)
    assert (d.base, d.steps) == (base, steps)


@pytest.mark.parametrize("text", ["Medium", "High+", "Highx", "High+Lo", "x3"])
def test_bad_damage(text):
    with pytest.raises(DiceError):
        parse_damage(text)


def test_huge_exact_pools_are_refused_quickly():
    with pytest.raises(DiceError, match="too many dice"):
        attack_odds("60D10", 10, "High")
