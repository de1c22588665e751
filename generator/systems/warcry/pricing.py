"""Points for Warcry and Bladeborn fighters: the one door to the fitted cost model.

The model itself (features from exact odds, coefficients fitted on published profiles and
checked leave-warbands-out) is ``generator.systems.warcry.cost``; builders and the calculator
call it through :func:`price` so they never depend on its internals. Bladeborn cards are priced
on the same scale with hexes counted like inches (the book's Bladeborn fighters show the same
Move numbers as their Warcry cards).
"""

from __future__ import annotations

from typing import Any, Sequence

from generator.systems.base import Priced


def price(fighters: Sequence[Any]) -> list[Priced]:
    """Price fighters with the Warcry cost model (itemised; items sum to the cost)."""
    from generator.systems.warcry.cost import price_fighters

    return price_fighters(list(fighters))


def round_points(cost: float) -> int:
    """Published Warcry costs are multiples of 5; cards show the nearest one (at least 5)."""
    return max(5, int(5 * round(cost / 5)))
