"""Render a Jinja2 card or sheet template into a :class:`Drawing`.

Templates are looked up first in the user's ``--templates DIR`` and then in the built-in
``templates/`` folder, so a user overrides one card by dropping a file of the same name into
their folder. They are rendered in the sandbox of :mod:`generator.layout.templating` (a shared
template pack is data, not code). Autoescaping is on: the markup is XML, and a name like
``Grot <&> Co`` must not change its structure.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import jinja2

from generator.errors import RenderError
from generator.layout import scene
from generator.layout.draw import Drawing
from generator.layout.fonts import text_width
from generator.layout.templating import check_folder, render_template, template_environment, template_file
from generator.units import pt_to_mm


def _fmt(value: Any, digits: int = 1) -> str:
    """Numbers as a player writes them: 4 not 4.0, 6.9 not 6.8999."""
    if isinstance(value, float):
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
        return text or "0"
    return "" if value is None else str(value)


def percent(value: Any) -> str:
    """A probability as a whole percentage that never claims a certainty it does not have:
    0.995 prints as ">99%", 0.004 as "<1%"; only exact 0 and 1 print as 0% and 100%."""
    p = float(value)
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1:
        return ">99%"
    return f"{p * 100:.0f}%"


def _hex_corners(cx: float, cy: float, size: float, pointy: bool = False) -> str:
    """SVG points of a hexagon (flat-top unless ``pointy``) centred on (cx, cy), circumradius size."""
    start = 30 if pointy else 0
    pts = []
    for k in range(6):
        a = math.radians(start + 60 * k)
        pts.append(f"{cx + size * math.cos(a):.3f},{cy + size * math.sin(a):.3f}")
    return " ".join(pts)


def _hex_center(q: int, r: int, size: float) -> tuple[float, float]:
    """Pixel centre of axial hex (q, r), flat-top layout (Red Blob Games), origin hex at (0, 0)."""
    return size * 1.5 * q, size * math.sqrt(3) * (r + q / 2)


def _text_mm(text: str, role: str = "body", size_pt: float = 8) -> float:
    return pt_to_mm(text_width(str(text), role, size_pt))


def _text_height(text: Any, width: float, size_pt: float, leading: float = 1.2, role: str = "body",
                 lead: str = "", lead_role: str = "bold") -> float:
    """The height (mm) ``text`` needs wrapped in ``width`` mm at ``size_pt``, from the top of its
    box to its lowest descender; ``lead`` is a bold label before it (``RULE``, an ability's name).

    Templates use it to give a text box the room it needs before the text has to shrink.
    """
    from generator.layout.textfit import Word, _block_mm, _wrap

    words = [Word(t, lead_role) for t in str(lead).split()] + [Word(t, role) for t in str(text or "").split()]
    if not words:
        return 0.0
    lines = _wrap(words, width, size_pt)
    return _block_mm(words, len(lines) if lines else 1, size_pt, leading) if lines is not None else 1e6


def _design_box(card_w: float, card_h: float, design_w: float, design_h: float) -> dict[str, Any]:
    """Scale a layout drawn for design_w x design_h into the real card, centred, keeping its shape."""
    s = min(card_w / design_w, card_h / design_h)
    dx, dy = (card_w - design_w * s) / 2, (card_h - design_h * s) / 2
    return {"scale": s, "transform": f"translate({dx:.4f},{dy:.4f}) scale({s:.5f})", "w": design_w, "h": design_h}


def _grid_fit(count: int, width: float, height: float, max_pitch: float = 4.0, min_pitch: float = 1.6) -> dict[str, Any]:
    """Largest square pitch that fits ``count`` cells in width x height (for tick-box tracks).

    Long tracks get a column count that is a multiple of five: rows of fives and tens are
    quicker to count when ticking off damage.
    """
    count = max(int(count), 1)
    if count > 10_000:
        raise ValueError(f"grid_fit: {count:,} cells asked for; a track has at most 10,000")

    def columns(pitch: float) -> int:
        cols = max(int(width // pitch), 1)
        if cols >= 10 and count > cols:
            cols -= cols % 5
        return min(cols, count)

    pitch = max_pitch
    while pitch > min_pitch and math.ceil(count / columns(pitch)) * pitch > height + 1e-6:
        pitch -= 0.05
    cols = columns(pitch)
    rows = math.ceil(count / cols)
    return {"cols": cols, "rows": rows, "pitch": pitch,
            "cells": [(i % cols, i // cols) for i in range(count)]}


@lru_cache(maxsize=16)
def environment(user_dir: str | None = None) -> jinja2.Environment:
    """The cards' and sheets' environment: the sandbox of :mod:`generator.layout.templating`
    with the drawing helpers and number filters."""
    return template_environment(
        user_dir, autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False,
        filters={"fmt": _fmt, "pct": percent},
        helpers=dict(hex_corners=_hex_corners, hex_center=_hex_center, text_mm=_text_mm, design_box=_design_box,
                     grid_fit=_grid_fit, text_height=_text_height),
    )


def render_markup(template: str, context: dict[str, Any], user_dir: Path | None = None) -> str:
    """``template`` rendered with ``context`` (the sandbox's one-line errors name the file)."""
    check_folder(user_dir)
    return render_template(environment(str(user_dir) if user_dir else None), template, context, user_dir)


def render_drawing(
    template: str,
    context: dict[str, Any],
    *,
    title: str = "",
    user_dir: Path | None = None,
) -> Drawing:
    """Render ``template`` with ``context`` and lay it out (text fitted, transforms flattened)."""
    markup = render_markup(template, context, user_dir)
    with naming_template(template, user_dir):
        return scene.build(markup, title=title)


@contextmanager
def naming_template(template: str, user_dir: Path | None = None) -> Iterator[None]:
    """Markup a template made that does not lay out (not XML, an unknown element) is the
    template's fault: the one-line error names the template file."""
    try:
        yield
    except RenderError as err:
        where = template_file(environment(str(user_dir) if user_dir else None), template)
        raise RenderError(f"template {where}: {str(err).removeprefix('template ')}") from None
