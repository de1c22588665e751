"""Points for Warcry and Bladeborn fighters.

The real cost model is ``generator.systems.warcry.cost.price_fighters`` (fitted on the
published profiles, written separately). This module calls it when it is installed and
otherwise prices with a small documented fallback, so builders and the calculator always have
a number:

    points = BASE + SQRT_WEIGHT * sqrt(offence * durability) + MOVE_WEIGHT * Move
             + RANGE_WEIGHT * max(0, longest Range - 3)

- offence: expected damage of one attack action with the fighter's best weapon, averaged over
  targets of Toughness 3, 4 and 5 (exact odds from ``generator.dice.attacks.attack_odds``);
- durability: Wounds divided by the expected damage one attack dice of a typical weapon
  (Strength 3, 4 or 5, Damage 1/4) deals to this fighter's Toughness -- the dice it takes to
  bring the fighter down;
- the square root of their product is Lanchester's square law: a fighter's worth to a side
  grows with offence times staying power.

The four weights were fitted once by least squares on the 583 published profiles of
``warcry-fighters-train.json`` (in-sample R^2 0.93, median error 7%). Bladeborn cards are
priced on the same scale with hexes counted like inches (the book's Bladeborn fighters show the
same Move numbers as their Warcry cards).
"""

from __future__ import annotations

import math
from statistics import fmean
from typing import Any, Sequence

from generator.systems.base import Priced

BASE = -38.9
SQRT_WEIGHT = 14.2
MOVE_WEIGHT = 9.13
RANGE_WEIGHT = 3.36
REFERENCE_TOUGHNESS = (3, 4, 5)
REFERENCE_STRENGTH = (3, 4, 5)
MELEE_RANGE = 3


def offence(fighter: Any) -> float:
    """Expected damage of one attack action with the best weapon, over Toughness 3-5 targets."""
    from generator.dice.attacks import attack_odds

    return max(
        fmean(
            float(attack_odds(w.attacks, w.strength, t, w.dmg_hit, w.dmg_crit).expected_damage)
            for t in REFERENCE_TOUGHNESS
        )
        for w in fighter.weapons
    )


def durability(fighter: Any) -> float:
    """Attack dice of a typical weapon needed, on average, to deal the fighter's Wounds."""
    from generator.dice.attacks import attack_odds

    per_die = fmean(float(attack_odds(1, s, fighter.toughness, 1, 4).expected_damage) for s in REFERENCE_STRENGTH)
    return fighter.wounds / per_die


def fallback_price(fighter: Any) -> Priced:
    """The documented fallback formula above, itemised (the items sum to the cost)."""
    longest = max(w.max_range for w in fighter.weapons)
    breakdown = {
        "base": BASE,
        "offence x durability": SQRT_WEIGHT * math.sqrt(offence(fighter) * durability(fighter)),
        "movement": MOVE_WEIGHT * fighter.movement,
        "range": RANGE_WEIGHT * max(0, longest - MELEE_RANGE),
    }
    breakdown = {k: round(v, 1) for k, v in breakdown.items()}
    return Priced(fighter.name, round(sum(breakdown.values()), 1), breakdown)


def cost_model_available() -> bool:
    try:
        import generator.systems.warcry.cost  # noqa: F401
    except ModuleNotFoundError as err:
        if err.name == "generator.systems.warcry.cost":
            return False
        raise
    return True


def price(fighters: Sequence[Any]) -> list[Priced]:
    """Price fighters with the Warcry cost model, or the fallback when it is not installed."""
    if cost_model_available():
        from generator.systems.warcry.cost import price_fighters

        return price_fighters(list(fighters))
    return [fallback_price(f) for f in fighters]


def round_points(cost: float) -> int:
    """Published Warcry costs are multiples of 5; cards show the nearest one (at least 5)."""
    return max(5, int(5 * round(cost / 5)))
