"""Draw a :class:`Drawing` onto a reportlab canvas at a given place on the page.

The drawing's coordinates are millimetres from its top-left; the PDF's are points from the
page's bottom-left. This is the only place that flips the axis. Fonts come from the shared
registry and are embedded (subset) by reportlab.
"""

from __future__ import annotations

from functools import lru_cache

from generator.layout.draw import Circle, ClipEnd, ClipStart, Drawing, Path, Rect, Style, Text
from generator.layout.fonts import font, register_pdf_fonts
from generator.units import mm_to_pt


@lru_cache(maxsize=512)
def _colour(hex_colour: str):
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


class _State:
    """The graphics state last sent to the canvas, so unchanged settings are not re-emitted."""

    def __init__(self, canvas):
        self.c = canvas
        self.values: dict[str, object] = {}

    def set(self, key: str, value, setter) -> None:
        if self.values.get(key, _UNSET) != value:
            setter(value)
            self.values[key] = value

    def reset(self) -> None:
        self.values.clear()

    def apply(self, style: Style) -> tuple[int, int]:
        c = self.c
        # reportlab resets the alpha whenever a colour is set (HexColor carries alpha=1), so a
        # colour and its opacity are one cached setting: caching them apart lost the opacity of
        # the second colour drawn at the same opacity
        if style.fill:
            self.set("fill", (style.fill, style.opacity), lambda v: c.setFillColor(_colour(v[0]), alpha=v[1]))
        if style.stroke:
            self.set("stroke", (style.stroke, style.opacity), lambda v: c.setStrokeColor(_colour(v[0]), alpha=v[1]))
            self.set("lw", style.stroke_width, lambda v: c.setLineWidth(mm_to_pt(v)))
            self.set("cap", style.linecap, lambda v: c.setLineCap({"butt": 0, "round": 1, "square": 2}.get(v, 0)))
            self.set("join", style.linejoin, lambda v: c.setLineJoin({"miter": 0, "round": 1, "bevel": 2}.get(v, 0)))
            self.set("dash", style.dash, lambda v: c.setDash([mm_to_pt(d) for d in v] if v else []))
        return (1 if style.fill else 0), (1 if style.stroke else 0)


_UNSET = object()


def draw_ops(canvas, ops, ox: float, oy: float, page_h: float) -> None:
    """Draw ``ops`` with their (0, 0) at (ox, oy) mm from the page's top-left."""
    register_pdf_fonts()

    def X(x: float) -> float:
        return mm_to_pt(ox + x)

    def Y(y: float) -> float:
        return mm_to_pt(page_h - (oy + y))

    depth = 0
    state = _State(canvas)
    _apply = lambda _c, style: state.apply(style)  # noqa: E731
    for op in ops:
        if isinstance(op, Rect):
            fill, stroke = _apply(canvas, op.style)
            if op.rx:
                canvas.roundRect(X(op.x), Y(op.y + op.h), mm_to_pt(op.w), mm_to_pt(op.h), mm_to_pt(op.rx), stroke=stroke, fill=fill)
            else:
                canvas.rect(X(op.x), Y(op.y + op.h), mm_to_pt(op.w), mm_to_pt(op.h), stroke=stroke, fill=fill)
        elif isinstance(op, Circle):
            fill, stroke = _apply(canvas, op.style)
            canvas.circle(X(op.cx), Y(op.cy), mm_to_pt(op.r), stroke=stroke, fill=fill)
        elif isinstance(op, Path):
            fill, stroke = _apply(canvas, op.style)
            p = canvas.beginPath()
            for seg in op.segments:
                if seg[0] == "M":
                    p.moveTo(X(seg[1]), Y(seg[2]))
                elif seg[0] == "L":
                    p.lineTo(X(seg[1]), Y(seg[2]))
                elif seg[0] == "C":
                    p.curveTo(X(seg[1]), Y(seg[2]), X(seg[3]), Y(seg[4]), X(seg[5]), Y(seg[6]))
                elif seg[0] == "Z":
                    p.close()
            canvas.drawPath(p, stroke=stroke, fill=fill)
        elif isinstance(op, Text):
            state.set("fill", (op.fill, op.opacity), lambda v: canvas.setFillColor(_colour(v[0]), alpha=v[1]))
            state.set("font", (op.role, op.size_pt), lambda v: canvas.setFont(font(v[0]).pdf_name, v[1]))
            canvas.drawString(X(op.x), Y(op.y), op.text)
        elif isinstance(op, ClipStart):
            canvas.saveState()
            state.reset()
            depth += 1
            p = canvas.beginPath()
            if op.rx:
                p.roundRect(X(op.x), Y(op.y + op.h), mm_to_pt(op.w), mm_to_pt(op.h), mm_to_pt(op.rx))
            else:
                p.rect(X(op.x), Y(op.y + op.h), mm_to_pt(op.w), mm_to_pt(op.h))
            canvas.clipPath(p, stroke=0, fill=0)
        elif isinstance(op, ClipEnd):
            canvas.restoreState()
            state.reset()
            depth -= 1
    while depth > 0:
        canvas.restoreState()
        depth -= 1


def draw(canvas, drawing: Drawing, ox: float, oy: float, page_h: float, clip_bleed: bool = True,
         bleeds: tuple[float, float, float, float] | None = None) -> None:
    """Draw a card with its trim box's top-left at (ox, oy) mm, clipped to its bleed box.

    ``bleeds`` (left, top, right, bottom) narrows the bleed per side: a card that shares a cut
    line with its neighbour is clipped at that edge so it never paints over the neighbour.
    """
    if clip_bleed:
        canvas.saveState()
        p = canvas.beginPath()
        left, top, right, bottom = bleeds if bleeds is not None else (drawing.bleed,) * 4
        p.rect(mm_to_pt(ox - left), mm_to_pt(page_h - (oy + drawing.height + bottom)),
               mm_to_pt(drawing.width + left + right), mm_to_pt(drawing.height + top + bottom))
        canvas.clipPath(p, stroke=0, fill=0)
    draw_ops(canvas, drawing.ops, ox, oy, page_h)
    if clip_bleed:
        canvas.restoreState()
