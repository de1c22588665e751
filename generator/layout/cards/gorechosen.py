"""Gorechosen fighter reference card: kill zones and profiles per health band, health track,
unique action and rule; the back carries the fighter's Fate of the Slain."""

from __future__ import annotations

from typing import Any

from generator.layout.cards import field, items, text

FRONT = "gorechosen.svg.j2"
BACK = "gorechosen_back.svg.j2"
BANDS = ("healthy", "wounded")


def _named(value: Any) -> dict[str, str]:
    if value is None:
        return {"name": "", "text": ""}
    if isinstance(value, str):
        return {"name": "", "text": value}
    return {"name": text(field(value, "name", default="")), "text": text(field(value, "text", "rules", default=""))}


def _band_of(c: Any, container: str, band: str) -> Any:
    holder = field(c, container, default=None)
    if holder is not None:
        value = field(holder, band, default=None)
        if value is not None:
            return value
    return field(field(c, band, default={}), container, default=None)


def _hex(h: Any) -> dict[str, int]:
    if isinstance(h, (list, tuple)):
        q, r = h[0], h[1]
        b = h[2] if len(h) > 2 else 0
    else:
        q, r, b = field(h, "q", default=0), field(h, "r", default=0), field(h, "band", "profile", default=0)
    return {"q": int(q), "r": int(r), "band": int(b)}


def card_view(c: Any) -> dict[str, Any]:
    profiles, zones = {}, {}
    for band in BANDS:
        profiles[band] = [
            {"to_hit": text(field(p, "to_hit", default="")), "wounds": text(field(p, "wounds", default=""))}
            for p in (_band_of(c, "profiles", band) or [])
        ]
        zones[band] = [_hex(h) for h in (_band_of(c, "kill_zone", band) or [])]
    health = field(c, "health", "health_track", default=0)
    if not isinstance(health, int):
        health = int(field(health, "length", default=0) or 0)
    radius = max([max(abs(h["q"]), abs(h["r"]), abs(h["q"] + h["r"])) for z in zones.values() for h in z] or [1])
    return {
        "name": text(field(c, "name")),
        "profiles": profiles,
        "kill_zone": zones,
        "radius": max(1, radius),
        "health": int(health),
        "wounded_boxes": int(field(c, "wounded_boxes", default=field(field(c, "health_track", default={}), "wounded_boxes", default=0)) or 0),
        "unique_action": _named(field(c, "unique_action", default=None)),
        "unique_rule": _named(field(c, "unique_rule", default=None)),
        "fate": _named(field(c, "fate_of_the_slain", "fate", default=None)),
        "odds": [],
    }


def back_for(view: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return BACK, {"name": view["name"], "fate": view["fate"], "system": "Gorechosen"}


def back_view(roster: Any) -> dict[str, Any]:
    return {"name": text(field(roster, "name", default="")), "system": "Gorechosen", "fate": {"name": "", "text": ""}}
