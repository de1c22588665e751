"""Gorechosen fighter reference card: kill zones and profiles per health band, health track,
unique action and rule; the back carries the fighter's Fate of the Slain."""

from __future__ import annotations

from typing import Any

from generator.layout.cards import field, items, text

FRONT = "gorechosen.svg.j2"
BACK = "gorechosen_back.svg.j2"
BANDS = ("healthy", "wounded")


def _named(value: Any) -> dict[str, Any]:
    """Name and words of an ability; ``flavour``: printed greyed, the simulator does not play it."""
    if value is None:
        return {"name": "", "text": "", "flavour": False}
    if isinstance(value, str):
        return {"name": "", "text": value, "flavour": False}
    return {"name": text(field(value, "name", default="")), "text": text(field(value, "text", "rules", default="")),
            "flavour": bool(field(value, "flavour", default=False))}


def _side(c: Any, band: str) -> tuple[Any, Any]:
    """(profiles, kill zone) of one health band, from ``c.healthy.profiles`` or ``c.profiles.healthy``."""
    side = field(c, band, default=None)
    if side is not None:
        return field(side, "profiles", default=[]), field(side, "kill_zone", default=[])
    return field(field(c, "profiles", default={}), band, default=[]), field(field(c, "kill_zone", default={}), band, default=[])


def _profiles(raw: Any) -> list[dict[str, str]]:
    """Profiles in card order; a dict keyed by band name keeps its names, a list is numbered."""
    pairs = list(raw.items()) if isinstance(raw, dict) else list(enumerate(raw or []))
    return [{"band": text(key), "to_hit": text(field(p, "to_hit", default="")), "wounds": text(field(p, "wounds", default=""))}
            for key, p in pairs]


def _hex(h: Any, bands: list[str]) -> dict[str, int]:
    if isinstance(h, (list, tuple)):
        q, r, b = h[0], h[1], (h[2] if len(h) > 2 else 0)
    else:
        q, r, b = field(h, "q", default=0), field(h, "r", default=0), field(h, "band", "profile", default=0)
    index = bands.index(text(b)) if text(b) in bands else int(b) if str(b).isdigit() else 0
    return {"q": int(q), "r": int(r), "band": index}


def _health(c: Any) -> tuple[int, list[int], int]:
    """Track length, the Wounded spaces (1 = top; a plain count marks the spaces above the last)
    and the space the Health marker starts on (the top unless a handicap starts it lower)."""
    health = field(c, "health", "health_track", default=0)
    if isinstance(health, int):
        length, wounded, start = health, field(c, "wounded_boxes", default=[]), 1
    else:
        length, wounded = int(field(health, "length", default=0) or 0), field(health, "wounded_boxes", default=[])
        start = int(field(health, "start", default=1) or 1)
    if isinstance(wounded, int):  # a count: the spaces just above the last one
        wounded = list(range(max(1, length - wounded), length))
    return length, sorted(int(w) for w in wounded), start


def _rule(value: Any) -> dict[str, Any]:
    rule = _named(value)
    parts = [rule["text"]] if rule["text"] else []
    for band in BANDS:
        extra = field(value, band, default=None) if value is not None and not isinstance(value, str) else None
        if extra:
            parts.append(f"{band.capitalize()}: {text(extra)}")
    return {"name": rule["name"], "text": " ".join(parts), "flavour": rule["flavour"]}


def card_view(c: Any) -> dict[str, Any]:
    profiles, zones = {}, {}
    for band in BANDS:
        raw_profiles, raw_zone = _side(c, band)
        profiles[band] = _profiles(raw_profiles)
        names = [p["band"] for p in profiles[band]]
        zones[band] = [_hex(h, names) for h in (raw_zone or [])]
    length, wounded, start = _health(c)
    radius = max([max(abs(h["q"]), abs(h["r"]), abs(h["q"] + h["r"])) for z in zones.values() for h in z] or [1])
    return {
        "name": text(field(c, "name")),
        "profiles": profiles,
        "kill_zone": zones,
        "radius": max(1, radius),
        "health": length,
        "wounded": wounded,
        "health_start": start,
        "unique_action": _named(field(c, "unique_action", default=None)),
        "unique_rule": _rule(field(c, "unique_rule", default=None)),
        "fate": {**_named(field(c, "fate_of_the_slain", default=None)),
                 "flavour": bool(field(field(c, "fate", default=None), "flavour", default=False))},
        "odds": [],
    }


def back_for(view: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return BACK, {"name": view["name"], "fate": view["fate"], "system": "Gorechosen"}


def back_view(roster: Any) -> dict[str, Any]:
    return {"name": text(field(roster, "name", default="")), "system": "Gorechosen",
            "fate": {"name": "", "text": "", "flavour": False}}
