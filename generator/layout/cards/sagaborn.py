"""SagaBorn Battles unit card view: squad stats, special, talents and permission icons."""

from __future__ import annotations

from typing import Any

from generator.layout.cards import field, items, text

FRONT = "sagaborn.svg.j2"
BACK = "back.svg.j2"


ICONS = {"talents": "hand", "relics": "goblet", "weapons": "sword"}


def _permissions(c: Any) -> dict[str, bool]:
    """What the card's bottom-bar icons allow: from ``icons`` (hand/goblet/sword) or ``permissions``."""
    icons = field(c, "icons", default=None)
    if icons is not None:
        names = {text(i) for i in icons}
        return {what: icon in names for what, icon in ICONS.items()}
    perms = field(c, "permissions", default={})
    return {what: bool(field(perms, what, default=False)) for what in ICONS}


def _talent(t: Any) -> str:
    if isinstance(t, str):
        return t
    name, cost = text(field(t, "name", default="")), field(t, "cost", default=None)
    return f"{name} ({text(cost)})" if cost is not None else name


def _special(value: Any) -> dict[str, str]:
    if value is None or isinstance(value, str):
        return {"name": "", "text": value or ""}
    return {"name": text(field(value, "name", default="")), "text": text(field(value, "text", default=""))}


def card_view(c: Any) -> dict[str, Any]:
    return {
        "name": text(field(c, "name")),
        "squad_cost": text(field(c, "squad_cost", "cost", default="")),
        "hp": int(field(c, "hp", default=0) or 0),
        "hardy_units": int(field(c, "hardy_units", default=0) or 0),  # the first units: 1 HP more
        "move": text(field(c, "move", "movement", default="")),
        "range": text(field(c, "range", default="")),
        "attack": text(field(c, "attack", default="")),
        "defense": text(field(c, "defense", default="")),
        "height": text(field(c, "height", default="")),
        "squad_type": text(field(c, "squad_type", "type", default="")).capitalize(),
        "units": text(field(c, "units", "size", default="")),
        "special": _special(field(c, "special", "special_ability", default=None)),
        "talents": [_talent(t) for t in items(c, "talents")],
        "weapons": [text(field(w, "name", default=w)) for w in items(c, "weapons")],
        "permissions": _permissions(c),
        "odds": [],
    }


def back_view(roster: Any) -> dict[str, Any]:
    return {"name": text(field(roster, "name", default="")), "system": "SagaBorn Battles"}
