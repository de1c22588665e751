"""Warcry fighter and ability cards: the Bladeborn layouts in Warcry's colours."""

from __future__ import annotations

from typing import Any

from generator.layout.cards import bladeborn, field, text

FRONT = bladeborn.FRONT
BACK = bladeborn.BACK
TITLE = "Warcry"


def card_view(c: Any) -> dict[str, Any]:
    return bladeborn.fighter_view(c, TITLE)


def extra_cards(roster: Any) -> list[tuple[str, dict[str, Any]]]:
    view = bladeborn.ability_view(roster, TITLE)
    return [("ability.svg.j2", view)] if view else []


def back_view(roster: Any) -> dict[str, Any]:
    return {"name": text(field(roster, "name", default="")), "system": TITLE}
