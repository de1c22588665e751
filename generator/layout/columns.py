"""Text in columns on a drawn page: headings, paragraphs and hanging rows at one shrinking size.

The mission sheet and the tokens page are drawings (:mod:`generator.layout.draw`), so their text
is laid out here rather than by reportlab: every column is set at one size, the largest from
``size`` down to ``floor`` at which every column fits its height, so a long battle's text
gets smaller rather than spilling onto a second page. Widths are measured from the font files
(:mod:`generator.layout.textfit`), exactly as the cards measure theirs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from generator.layout.draw import Path, Rect, Style, Text
from generator.layout.fonts import descent_em
from generator.layout.textfit import ASCENT_EM, STEP_PT, Word, fit
from generator.units import pt_to_mm

Run = tuple[str, str]  # (text, role): role is body, bold, italic or title


@dataclass
class Block:
    """One piece of a column: ``h`` a heading, ``p`` a paragraph, ``row`` a paragraph with a
    bold label hanging in a left column of ``hang`` mm, ``item`` a paragraph beside an icon."""

    kind: str
    runs: list[Run]
    label: str = ""
    hang: float = 0.0
    icon: Optional[Callable[[list, float, float, float], None]] = None  # icon(ops, x, y_mid, size_mm)
    fill: Optional[str] = None
    gap: float = 1.2  # mm after the block, at full size


@dataclass
class Column:
    x: float
    y: float
    w: float
    h: float
    blocks: list[Block] = field(default_factory=list)


LEADING = 1.22


def _words(runs: list[Run], fill: str | None) -> list[Word]:
    out = []
    for text, role in runs:
        for part in str(text).split():
            out.append(Word(part, role, fill))
    return out


def _para(words: list[Word], width: float, size: float):
    return fit(words, width, 10_000.0, size, size, leading=LEADING)


def _height(fitted, words, size: float) -> float:
    if not fitted.runs:
        return 0.0
    descent = max(descent_em(w.role) for w in words)
    return max(r.baseline for r in fitted.runs) + pt_to_mm(size) * descent


def _place(col: Column, size: float, ink: str, accent: str, rule: str, emit: bool) -> tuple[float, list]:
    """Lay out ``col`` at ``size`` pt; returns (height used, ops)."""
    ops: list = []
    y = col.y
    scale = size / 9.0
    for i, block in enumerate(col.blocks):
        if block.kind == "h":
            hsize = size * 1.18
            words = _words(block.runs, block.fill or accent)
            fitted = _para([Word(w.text, "bold", w.fill) for w in words], col.w, hsize)
            if i:
                y += 1.4 * scale
            h = _height(fitted, words, hsize)
            if emit:
                ops += [Text(col.x + r.x, y + r.baseline, r.text, r.role, hsize, r.fill or ink) for r in fitted.runs]
                ops.append(Path((("M", col.x, y + h + 0.6), ("L", col.x + col.w, y + h + 0.6)),
                                Style(stroke=rule, stroke_width=0.3)))
            y += h + 1.6 * scale
            continue
        indent = block.hang if block.kind == "row" else (size * 0.55 if block.kind == "item" else 0.0)
        words = _words(block.runs, block.fill)
        fitted = _para(words, col.w - indent, size)
        h = _height(fitted, words, size)
        if block.kind == "row" and block.label:
            label = [Word(t, "bold", block.fill) for t in block.label.split()]
            lab = _para(label, max(block.hang - 1.2, 4.0), size)
            h = max(h, _height(lab, label, size))
            if emit:
                ops += [Text(col.x + r.x, y + r.baseline, r.text, r.role, size, r.fill or ink) for r in lab.runs]
        if emit:
            ops += [Text(col.x + indent + r.x, y + r.baseline, r.text, r.role, size, r.fill or ink) for r in fitted.runs]
            if block.icon is not None:
                block.icon(ops, col.x + indent * 0.42, y + pt_to_mm(size) * ASCENT_EM * 0.62, pt_to_mm(size) * 0.95)
        y += h + block.gap * scale
    return y - col.y, ops


def lay_out(columns: list[Column], size: float, floor: float, ink: str, accent: str, rule: str) -> tuple[list, float, bool]:
    """Every column at the largest common size from ``size`` down to ``floor`` at which all fit;
    returns (ops, the size used, whether some column still overflows at the floor)."""
    s = size
    while True:
        fits = all(_place(c, s, ink, accent, rule, False)[0] <= c.h + 1e-6 for c in columns)
        if fits or s - STEP_PT < floor - 1e-9:
            break
        s -= STEP_PT
    ops: list = []
    for c in columns:
        ops += _place(c, s, ink, accent, rule, True)[1]
    return ops, s, not fits


def needed(column: Column, size: float) -> float:
    """The height ``column`` takes at ``size`` pt."""
    return _place(column, size, "#000000", "#000000", "#000000", False)[0]


def box(x: float, y: float, w: float, h: float, fill: str | None, stroke: str | None, width: float = 0.3,
        rx: float = 0.0, dash: tuple[float, ...] | None = None) -> Rect:
    return Rect(x, y, w, h, Style(fill=fill, stroke=stroke, stroke_width=width if stroke else 0.0, dash=dash), rx)
