"""Card sizes, paper sizes and imposition settings, read from ``content/layout/*.yaml``.

A new card size or printer sheet is a data file entry, not code. ``--card 70x110mm`` gives a
one-off size without editing anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


from generator.errors import RenderError
from generator.units import parse_length


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float  # mm, trimmed
    height: float
    corner: float = 3.0


@dataclass(frozen=True)
class PageSize:
    name: str
    width: float  # mm
    height: float
    margin: float  # printer's unprintable border, mm


def _load(name: str) -> dict[str, Any]:
    """A layout settings file, validated (file:line errors for a zero width, a missing field...)."""
    from generator.layout.settings import Cards, Pages, Sheet, settings_data

    return settings_data(f"layout/{name}.yaml", {"cards": Cards, "pages": Pages, "sheet": Sheet}[name])


def card_sizes() -> dict[str, CardSize]:
    return {
        key: CardSize(key, float(v["width"]), float(v["height"]), float(v.get("corner", 3)))
        for key, v in _load("cards").items()
    }


def page_sizes() -> dict[str, PageSize]:
    return {
        key: PageSize(key, float(v["width"]), float(v["height"]), float(v.get("margin", 5)))
        for key, v in _load("pages").items()
    }


def sheet_settings() -> dict[str, Any]:
    return _load("sheet")


_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*(mm|in)?\s*$")


def card_size(spec: str) -> CardSize:
    """A named size (``poker``) or ``WxHmm`` / ``WxHin``."""
    sizes = card_sizes()
    key = spec.strip().lower()
    if key in sizes:
        return sizes[key]
    match = _CUSTOM.match(spec)
    if match:
        unit = match.group(3) or "mm"
        w = parse_length(match.group(1) + unit)
        h = parse_length(match.group(2) + unit)
        if not (20 <= w <= 300 and 20 <= h <= 400):
            raise RenderError(f"card size {spec!r} is out of range: each side must be 20-300 mm")
        return CardSize(f"{w:g}x{h:g}mm", w, h, min(3.0, w / 20))
    raise RenderError(f"unknown card size {spec!r}: choose one of {', '.join(sizes)} or WxHmm such as 63x88mm")


def page_size(spec: str) -> PageSize:
    pages = page_sizes()
    key = spec.strip().lower()
    if key not in pages:
        raise RenderError(f"unknown page {spec!r}: choose one of {', '.join(pages)}")
    return pages[key]
