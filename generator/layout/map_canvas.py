"""The map renderer's drawing surface: millimetres, origin top-left, y downwards.

The renderer composes pages against this small vocabulary (polygon, polyline, line, rect,
circle, text with an anchor, clip). :class:`MapCanvas` records each page as a
:class:`generator.layout.draw.Drawing`, the same drawing list cards and reference sheets use,
so maps are written by the one PDF writer and the one SVG writer of :mod:`generator.layout`:
same fonts, same units, same escaping, one place to fix either.
"""

from __future__ import annotations

import io
from typing import Sequence

from generator.layout.draw import Circle, ClipEnd, ClipStart, Drawing, Path, Rect, Style, Text
from generator.layout.fonts import text_width
from generator.units import PT_PER_MM

Point = tuple[float, float]


def text_width_mm(text: str, size_pt: float, role: str = "body") -> float:
    return text_width(text, role, size_pt) / PT_PER_MM


def _path(points: Sequence[Point], closed: bool) -> tuple[tuple, ...]:
    segs = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    return tuple(segs + [("Z",)] if closed else segs)


def _style(fill, stroke, width, alpha, dash) -> Style:
    return Style(fill=fill, stroke=stroke, stroke_width=width if stroke else 0.0, opacity=alpha,
                 dash=tuple(dash) if dash else None, linejoin="round")


class MapCanvas:
    """Records pages of drawing ops; ``pdf()`` and ``svgs()`` write them out."""

    def __init__(self, title: str):
        self.title = title
        self.pages: list[Drawing] = []

    @property
    def _ops(self) -> list:
        return self.pages[-1].ops

    # -- pages ------------------------------------------------------------------------------
    def new_page(self, w_mm: float, h_mm: float) -> None:
        self.pages.append(Drawing(width=w_mm, height=h_mm, title=self.title))

    # -- shapes -----------------------------------------------------------------------------
    def polygon(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None,
                width: float = 0.25, alpha: float = 1.0, dash: Sequence[float] | None = None) -> None:
        self._ops.append(Path(_path(points, True), _style(fill, stroke, width, alpha, dash)))

    def polyline(self, points: Sequence[Point], stroke: str, width: float = 0.25,
                 dash: Sequence[float] | None = None) -> None:
        self._ops.append(Path(_path(points, False), _style(None, stroke, width, 1.0, dash)))

    def line(self, x0, y0, x1, y1, stroke: str, width: float = 0.25, dash=None) -> None:
        self.polyline([(x0, y0), (x1, y1)], stroke, width, dash)

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.25, alpha=1.0, dash=None) -> None:
        self._ops.append(Rect(x, y, w, h, _style(fill, stroke, width, alpha, dash)))

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.25, alpha=1.0) -> None:
        self._ops.append(Circle(cx, cy, r, _style(fill, stroke, width, alpha, None)))

    def text(self, x, y, s: str, size_pt: float, role: str = "body", fill: str = "#000000",
             anchor: str = "start") -> None:
        """``y`` is the baseline; ``anchor`` start, middle or end, measured with the shipped font."""
        if anchor != "start":
            w = text_width_mm(s, size_pt, role)
            x -= w / 2 if anchor == "middle" else w
        self._ops.append(Text(x, y, s, role, size_pt, fill))

    def begin_clip(self, x, y, w, h) -> None:
        self._ops.append(ClipStart(x, y, w, h))

    def end_clip(self) -> None:
        self._ops.append(ClipEnd())

    # -- output -----------------------------------------------------------------------------
    def pdf(self, subject: str = "") -> bytes:
        """Every page in one deterministic PDF (fonts embedded, fixed metadata)."""
        from generator.layout.pdf import new_canvas
        from generator.layout.pdf_writer import draw_ops

        buffer = io.BytesIO()
        first = self.pages[0] if self.pages else Drawing(width=210.0, height=297.0)
        c = new_canvas(buffer, first.width, first.height, self.title)
        c.setCreator("skirmish map render")
        c.setSubject(subject)
        for page in self.pages:
            c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
            draw_ops(c, page.ops, 0.0, 0.0, page.height)
            c.showPage()
        c.save()
        return buffer.getvalue()

    def svgs(self) -> list[str]:
        """One standalone SVG per page; the user unit is the millimetre."""
        from generator.layout.svg_writer import to_svg

        return [to_svg(page) for page in self.pages]
