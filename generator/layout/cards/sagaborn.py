"""SagaBorn Battles unit card view: squad stats, special, talents and permission icons."""

from __future__ import annotations

from typing import Any

from generator.layout.cards import field, items, text

FRONT = "sagaborn.svg.j2"
BACK = "back.svg.j2"


def _flag(c: Any, *names: str) -> bool:
    perms = field(c, "permissions", default=None)
    for name in names:
        if perms is not None:
            value = field(perms, name, default=None)
            if value is not None:
                return bool(value)
        value = field(c, name, f"can_use_{name}", default=None)
        if value is not None:
            return bool(value)
    return False


def _talent(t: Any) -> str:
    if isinstance(t, str):
        return t
    name, cost = text(field(t, "name", default="")), field(t, "cost", default=None)
    return f"{name} ({text(cost)})" if cost is not None else name


def card_view(c: Any) -> dict[str, Any]:
    return {
        "name": text(field(c, "name")),
        "squad_cost": text(field(c, "squad_cost", "cost", default="")),
        "hp": int(field(c, "hp", default=0) or 0),
        "move": text(field(c, "move", "movement", default="")),
        "range": text(field(c, "range", default="")),
        "attack": text(field(c, "attack", default="")),
        "defense": text(field(c, "defense", default="")),
        "height": text(field(c, "height", default="")),
        "squad_type": text(field(c, "squad_type", "type", default="")),
        "units": text(field(c, "units", "size", default="")),
        "special": text(field(c, "special", "special_ability", default="")),
        "talents": [_talent(t) for t in items(c, "talents")],
        "permissions": {"talents": _flag(c, "talents"), "relics": _flag(c, "relics"), "weapons": _flag(c, "weapons")},
        "odds": [],
    }


def back_view(roster: Any) -> dict[str, Any]:
    return {"name": text(field(roster, "name", default="")), "system": "SagaBorn Battles"}
