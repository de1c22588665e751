"""Bladestorm combatant card view: the stats the book's combatant card shows."""

from __future__ import annotations

from typing import Any

from generator.errors import SkirmishError
from generator.layout.cards import field, items, priced_cost, text

FRONT = "bladestorm.svg.j2"
BACK = "back.svg.j2"


def _inches(value: Any) -> str:
    s = text(value)
    return s if (not s or s.endswith('"')) else f'{s}"'


def _base_label(c: Any) -> str:
    """The base as printed (1"x1" (25x25mm)) when the rules core knows the base names."""
    name = text(field(c, "base_name", "base", "base_size", default=""))
    try:
        from generator.systems.bladestorm.models import builtin_tables

        base = builtin_tables().bases.get(name)
    except (ImportError, AttributeError, KeyError, OSError, SkirmishError):
        return name
    return base.label() if base is not None else name


def card_view(c: Any) -> dict[str, Any]:
    weapons = [
        {"name": text(field(w, "name")), "attack": text(field(w, "attack", "melee_attack")),
         "damage": text(field(w, "damage", "melee_damage"))}
        for w in items(c, "weapons")
    ]
    special = field(c, "special", "special_powers", default="")
    if isinstance(special, (list, tuple)):
        special = "; ".join(text(s) for s in special)
    return {
        "name": text(field(c, "name")),
        "race": text(field(c, "race", default="")),
        "size": text(field(c, "size", default="")),
        "base": _base_label(c),
        "movement": _inches(field(c, "movement", "movement_rate", default="")),
        "melee_attack": text(field(c, "melee_attack", default="")),
        "melee_damage": text(field(c, "melee_damage", default="")),
        "defense": text(field(c, "defense", default="")),
        "endurance": int(field(c, "endurance", default=0) or 0),
        "weapons": weapons,
        "special": text(special),
        "tpc": priced_cost(c, "bladestorm", "tpc", "cost"),
        "odds": [],
    }


def back_view(roster: Any) -> dict[str, Any]:
    return {"name": text(field(roster, "name", default="")), "system": "Bladestorm"}
