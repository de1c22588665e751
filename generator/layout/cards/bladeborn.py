"""Bladeborn fighter card and warband ability card views (Warcry reuses them)."""

from __future__ import annotations

from typing import Any

from generator.layout.cards import field, items, label, priced_cost, text

FRONT = "fighter.svg.j2"
BACK = "back.svg.j2"
TITLE = "Bladeborn"


def _range(w: Any) -> str:
    lo = field(w, "min_range", default=None)
    hi = field(w, "max_range", "range", default="")
    lo_s, hi_s = text(lo), text(hi)
    if lo is None or lo_s in ("", "0") or lo_s == hi_s:
        return hi_s
    return f"{lo_s}-{hi_s}"


def _damage(w: Any) -> str:
    hit, crit = field(w, "dmg_hit", "damage_hit"), field(w, "dmg_crit", "damage_crit")
    if hit is None and crit is None:
        return text(field(w, "damage", default=""))
    return f"{text(hit)}/{text(crit)}"


def fighter_view(c: Any, system: str) -> dict[str, Any]:
    return {
        "name": text(field(c, "name")),
        "system": system,
        "runemarks": [text(r) for r in items(c, "runemarks")],
        "faction_runemark": label(field(c, "faction_runemark", "faction", default="")),
        "rule": text(field(c, "rule", default="")),
        "movement": text(field(c, "movement", "move", default="")),
        "toughness": text(field(c, "toughness", default="")),
        "wounds": int(field(c, "wounds", default=0) or 0),
        "weapons": [
            {"name": text(field(w, "name", default="")) or text(field(w, "runemark", default="")).capitalize(),
             "range": _range(w),
             "attacks": text(field(w, "attacks", default="")), "strength": text(field(w, "strength", default="")),
             "damage": _damage(w)}
            for w in items(c, "weapons")
        ],
        "points": priced_cost(c, "warcry", "points", "cost"),  # one points model for both systems
        "odds": [],
    }


def card_view(c: Any) -> dict[str, Any]:
    return fighter_view(c, TITLE)


def ability_view(roster: Any, system: str) -> dict[str, Any] | None:
    card = field(roster, "ability_card", "abilities_card", default=roster)
    abilities = items(card, "abilities")
    if not abilities:
        return None
    name = text(field(card, "name", default="")) or text(field(roster, "name", default=""))
    return {
        "name": name,
        "system": system,
        "faction_runemark": label(field(roster, "faction_runemark", "faction", default="")) or name,
        "reserve": text(field(card, "reserve", default=field(roster, "reserve", default=""))),
        "abilities": [
            {"cost": text(field(a, "cost", default="double")), "name": text(field(a, "name", default="")),
             "runemarks": [text(r) for r in items(a, "runemarks")], "text": text(field(a, "text", "rules", default=""))}
            for a in abilities
        ],
    }


def extra_cards(roster: Any) -> list[tuple[str, dict[str, Any]]]:
    view = ability_view(roster, TITLE)
    return [("ability.svg.j2", view)] if view else []


def back_view(roster: Any) -> dict[str, Any]:
    return {"name": text(field(roster, "name", default="")), "system": TITLE}
