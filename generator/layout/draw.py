"""The drawing list: the one intermediate form both the SVG and the PDF writer consume.

A card or sheet template renders to a small SVG-like document; :mod:`generator.layout.scene`
turns that into a flat list of these primitives with all text already wrapped, sized and
positioned. Every coordinate is in millimetres from the top-left of the trimmed card (or
page), so the two writers only translate, never decide layout. That is why an SVG and a PDF
of the same card look the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Style:
    fill: str | None = None  # "#rrggbb" or None
    stroke: str | None = None
    stroke_width: float = 0.0  # mm
    opacity: float = 1.0
    dash: tuple[float, ...] | None = None  # mm
    linecap: str = "butt"  # butt | round | square
    linejoin: str = "miter"  # miter | round | bevel


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    rx: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True)
class Path:
    """Segments: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    segments: tuple[tuple, ...]
    style: Style


@dataclass(frozen=True)
class Text:
    """One run of text on one line, left-aligned at its baseline (x, y)."""

    x: float
    y: float
    text: str
    role: str
    size_pt: float
    fill: str = "#000000"
    opacity: float = 1.0


@dataclass(frozen=True)
class ClipStart:
    """Everything until the matching ClipEnd is clipped to this rectangle."""

    x: float
    y: float
    w: float
    h: float
    rx: float = 0.0


@dataclass(frozen=True)
class ClipEnd:
    pass


Op = Rect | Circle | Path | Text | ClipStart | ClipEnd


@dataclass
class Drawing:
    """A finished card or page: size in mm, bleed around it, the ops, and fitting warnings."""

    width: float
    height: float
    bleed: float = 0.0
    ops: list = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    title: str = ""

    def texts(self) -> list[str]:
        return [op.text for op in self.ops if isinstance(op, Text)]
