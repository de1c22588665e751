"""Points for Warcry and Bladeborn fighters: the one door to the two prices.

- :func:`published_style` -- what the book's designers would charge for a card: the fitted cost
  model of ``generator.systems.warcry.cost`` (``content/warcry/cost-model.yaml``), judged on
  published points of warbands kept apart. ``skirmish cost DATA.json`` prices with it, and it is
  the ``published`` item inside every board price.
- :func:`board` -- what a fighter is worth in the battles the engine plays (board points,
  ``generator.systems.warcry.board_worth``, ``content/<system>/board-worth.yaml``), fitted on
  simulated battles between random forces. It is ``System.price`` of Warcry and Bladeborn, so
  random fighters (``create random --points``), the calculator, ``balance``, ``calibrate`` and
  scenario budgets all count board points. A Warcry card's published points (the data set's
  ``points``) are left as printed; this tool never re-prices a published card in place.

Builders and the calculator call these functions so they never depend on the models' internals.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from generator.systems.base import Priced


def published_style(fighters: Sequence[Any]) -> list[Priced]:
    """Price fighters with the Warcry published-points model (itemised; items sum to the cost)."""
    from generator.systems.warcry.cost import price_fighters

    return price_fighters(list(fighters))


def board(system: str) -> Callable[[Sequence[Any]], list[Priced]]:
    """``System.price`` of ``system`` (``warcry`` or ``bladeborn``): its board points, itemised."""

    def price(fighters: Sequence[Any]) -> list[Priced]:
        from generator.systems.warcry.board_worth import board_prices

        return board_prices(list(fighters), system)

    price.__name__ = f"board_price_{system}"
    price.__doc__ = f"{system.title()} board points (``content/{system}/board-worth.yaml``), itemised."
    return price


#: Kept for callers that meant "the Warcry cost model": the published-style price.
price = published_style


def round_points(cost: float) -> int:
    """Published Warcry costs are multiples of 5; cards show the nearest one (at least 5)."""
    return max(5, int(5 * round(cost / 5)))
