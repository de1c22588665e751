"""Two drawing surfaces with one vocabulary: millimetres, origin top-left, y downwards.

The map renderer composes pages once against this small interface (polygon, line, circle,
text, clip); :class:`PdfCanvas` turns it into reportlab calls (points, y upwards, shipped fonts
embedded), :class:`SvgCanvas` into an svgwrite drawing whose user unit is the millimetre. Both
measure text with :func:`generator.layout.fonts.text_width`, so SVG and PDF lay out alike.
"""

from __future__ import annotations

import io
from typing import Sequence

from generator.layout.fonts import register_pdf_fonts, svg_font_attrs, text_width
from generator.units import PT_PER_MM


Point = tuple[float, float]


def text_width_mm(text: str, size_pt: float, role: str = "body") -> float:
    return text_width(text, role, size_pt) / PT_PER_MM


def _rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


class PdfCanvas:
    """reportlab, deterministic (``invariant=1``, fixed metadata), one page after another."""

    def __init__(self, title: str):
        from reportlab.pdfgen.canvas import Canvas

        self.fonts = register_pdf_fonts()
        self.buffer = io.BytesIO()
        self.c = Canvas(self.buffer, invariant=1, pageCompression=1, initialFontName=self.fonts["body"])
        self.c.setTitle(title)
        self.c.setAuthor("skirmish")
        self.c.setCreator("skirmish map render")
        self.c.setSubject("Printable map: print at 100% (actual size)")
        self.w = self.h = 0.0
        self._started = False

    # -- pages ------------------------------------------------------------------------------
    def new_page(self, w_mm: float, h_mm: float) -> None:
        if self._started:
            self.c.showPage()
        self._started = True
        self.w, self.h = w_mm, h_mm
        self.c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))

    def finish(self) -> bytes:
        if self._started:
            self.c.showPage()
        self.c.save()
        return self.buffer.getvalue()

    # -- geometry ---------------------------------------------------------------------------
    def _pt(self, x: float, y: float) -> Point:
        return x * PT_PER_MM, (self.h - y) * PT_PER_MM

    def _style(self, fill, stroke, width, alpha, dash):
        c = self.c
        if fill:
            c.setFillColorRGB(*_rgb(fill))
            c.setFillAlpha(alpha)
        if stroke:
            c.setStrokeColorRGB(*_rgb(stroke))
            c.setLineWidth(width * PT_PER_MM)
            c.setStrokeAlpha(1.0)
        c.setDash([d * PT_PER_MM for d in dash] if dash else [])

    def polygon(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None,
                width: float = 0.25, alpha: float = 1.0, dash: Sequence[float] | None = None) -> None:
        c = self.c
        c.saveState()
        self._style(fill, stroke, width, alpha, dash)
        p = c.beginPath()
        x, y = self._pt(*points[0])
        p.moveTo(x, y)
        for pt in points[1:]:
            p.lineTo(*self._pt(*pt))
        p.close()
        c.drawPath(p, stroke=1 if stroke else 0, fill=1 if fill else 0)
        c.restoreState()

    def polyline(self, points: Sequence[Point], stroke: str, width: float = 0.25,
                 dash: Sequence[float] | None = None) -> None:
        c = self.c
        c.saveState()
        self._style(None, stroke, width, 1.0, dash)
        p = c.beginPath()
        p.moveTo(*self._pt(*points[0]))
        for pt in points[1:]:
            p.lineTo(*self._pt(*pt))
        c.drawPath(p, stroke=1, fill=0)
        c.restoreState()

    def line(self, x0, y0, x1, y1, stroke: str, width: float = 0.25, dash=None) -> None:
        self.polyline([(x0, y0), (x1, y1)], stroke, width, dash)

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.25, alpha=1.0, dash=None) -> None:
        self.polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill, stroke, width, alpha, dash)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.25, alpha=1.0) -> None:
        c = self.c
        c.saveState()
        self._style(fill, stroke, width, alpha, None)
        x, y = self._pt(cx, cy)
        c.circle(x, y, r * PT_PER_MM, stroke=1 if stroke else 0, fill=1 if fill else 0)
        c.restoreState()

    def text(self, x, y, s: str, size_pt: float, role: str = "body", fill: str = "#000000",
             anchor: str = "start") -> None:
        """``y`` is the baseline."""
        c = self.c
        c.saveState()
        c.setFillColorRGB(*_rgb(fill))
        c.setFont(self.fonts[role], size_pt)
        px, py = self._pt(x, y)
        if anchor == "middle":
            c.drawCentredString(px, py, s)
        elif anchor == "end":
            c.drawRightString(px, py, s)
        else:
            c.drawString(px, py, s)
        c.restoreState()

    def begin_clip(self, x, y, w, h) -> None:
        c = self.c
        c.saveState()
        p = c.beginPath()
        x0, y0 = self._pt(x, y + h)
        p.rect(x0, y0, w * PT_PER_MM, h * PT_PER_MM)
        c.clipPath(p, stroke=0, fill=0)

    def end_clip(self) -> None:
        self.c.restoreState()


class SvgCanvas:
    """svgwrite; the document's user unit is the millimetre (``viewBox`` = page in mm)."""

    def __init__(self, title: str):
        self.title = title
        self.pages: list = []
        self._clip_id = 0
        self._stack: list = []

    def new_page(self, w_mm: float, h_mm: float) -> None:
        import svgwrite

        d = svgwrite.Drawing(size=(f"{w_mm:.3f}mm", f"{h_mm:.3f}mm"), viewBox=f"0 0 {w_mm:.3f} {h_mm:.3f}",
                             debug=False)
        d.set_desc(title=self.title, desc="Printable map: print at 100% (actual size); 1 user unit = 1 mm")
        self.pages.append(d)
        self.w, self.h = w_mm, h_mm
        self._stack = [d]

    @property
    def _parent(self):
        return self._stack[-1]

    @property
    def _doc(self):
        return self.pages[-1]

    @staticmethod
    def _f(v: float) -> str:
        return f"{v:.3f}".rstrip("0").rstrip(".")

    def _paint(self, fill, stroke, width, alpha, dash) -> dict:
        a = {"fill": fill or "none"}
        if fill and alpha < 1:
            a["fill-opacity"] = f"{alpha:g}"
        if stroke:
            a["stroke"] = stroke
            a["stroke-width"] = self._f(width)
            a["stroke-linejoin"] = "round"
        if dash:
            a["stroke-dasharray"] = " ".join(self._f(d) for d in dash)
        return a

    @staticmethod
    def _points(points) -> list[tuple[float, float]]:
        return [(round(x, 4), round(y, 4)) for x, y in points]

    def polygon(self, points, fill=None, stroke=None, width=0.25, alpha=1.0, dash=None) -> None:
        el = self._doc.polygon(points=self._points(points), **self._paint(fill, stroke, width, alpha, dash))
        self._parent.add(el)

    def polyline(self, points, stroke, width=0.25, dash=None) -> None:
        el = self._doc.polyline(points=self._points(points), **self._paint(None, stroke, width, 1.0, dash))
        self._parent.add(el)

    def line(self, x0, y0, x1, y1, stroke, width=0.25, dash=None) -> None:
        self.polyline([(x0, y0), (x1, y1)], stroke, width, dash)

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.25, alpha=1.0, dash=None) -> None:
        self.polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill, stroke, width, alpha, dash)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.25, alpha=1.0) -> None:
        el = self._doc.circle(center=(self._f(cx), self._f(cy)), r=self._f(r),
                              **self._paint(fill, stroke, width, alpha, None))
        self._parent.add(el)

    def text(self, x, y, s, size_pt, role="body", fill="#000000", anchor="start") -> None:
        attrs = dict(svg_font_attrs(role))
        attrs.update({"font-size": self._f(size_pt / PT_PER_MM), "fill": fill, "text-anchor": anchor})
        el = self._doc.text(s, insert=(self._f(x), self._f(y)), **attrs)
        self._parent.add(el)

    def begin_clip(self, x, y, w, h) -> None:
        self._clip_id += 1
        cid = f"clip{self._clip_id}"
        cp = self._doc.defs.add(self._doc.clipPath(id=cid))
        cp.add(self._doc.rect(insert=(self._f(x), self._f(y)), size=(self._f(w), self._f(h))))
        g = self._doc.g(clip_path=f"url(#{cid})")
        self._parent.add(g)
        self._stack.append(g)

    def end_clip(self) -> None:
        self._stack.pop()

    def finish(self) -> list[str]:
        return [d.tostring() for d in self.pages]
