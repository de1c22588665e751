"""Write a :class:`Drawing` as a standalone SVG (mm units, fonts named from the registry).

svgwrite builds the elements and escapes every string, so a fighter called ``Grot <"Big"> & Co``
prints as written instead of breaking the file. Numbers are formatted here (three decimals,
trailing zeros dropped) so the same drawing always gives the same bytes.
"""

from __future__ import annotations

import svgwrite

from generator.layout.draw import Circle, ClipEnd, ClipStart, Drawing, Path, Rect, Style, Text
from generator.layout.fonts import svg_font_attrs
from generator.units import pt_to_mm


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") if v != 0 else "0"


def _style(s: Style) -> dict[str, str]:
    attrs = {"fill": s.fill or "none"}
    if s.stroke:
        attrs["stroke"] = s.stroke
        attrs["stroke-width"] = _n(s.stroke_width)
        if s.linecap != "butt":
            attrs["stroke-linecap"] = s.linecap
        if s.linejoin != "miter":
            attrs["stroke-linejoin"] = s.linejoin
        if s.dash:
            attrs["stroke-dasharray"] = " ".join(_n(d) for d in s.dash)
    if s.opacity != 1.0:
        attrs["opacity"] = _n(s.opacity)
    return attrs


def _path_d(segments) -> str:
    return " ".join(seg[0] + " ".join(_n(v) for v in seg[1:]) for seg in segments)


def _rect_attrs(x: float, y: float, w: float, h: float, rx: float) -> dict:
    """svgwrite's own names (insert/size): plain x/width keywords would be overwritten by its defaults."""
    attrs: dict = {"insert": (_n(x), _n(y)), "size": (_n(w), _n(h))}
    if rx:
        attrs["rx"] = _n(rx)
    return attrs


def add_ops(dwg: svgwrite.Drawing, ops, clip_prefix: str = "c") -> None:
    """Append the drawing operations to ``dwg``; clips become clipPath + group."""
    stack = [dwg]
    clip_no = 0
    for op in ops:
        parent = stack[-1]
        if isinstance(op, Rect):
            parent.add(dwg.rect(**_rect_attrs(op.x, op.y, op.w, op.h, op.rx), **_style(op.style)))
        elif isinstance(op, Circle):
            parent.add(dwg.circle(center=(_n(op.cx), _n(op.cy)), r=_n(op.r), **_style(op.style)))
        elif isinstance(op, Path):
            parent.add(dwg.path(d=_path_d(op.segments), **_style(op.style)))
        elif isinstance(op, Text):
            attrs = dict(svg_font_attrs(op.role))
            if op.opacity != 1.0:
                attrs["opacity"] = _n(op.opacity)
            parent.add(dwg.text(op.text, x=[_n(op.x)], y=[_n(op.y)], font_size=_n(pt_to_mm(op.size_pt)),
                                fill=op.fill, **{"xml:space": "preserve"}, **attrs))
        elif isinstance(op, ClipStart):
            clip_no += 1
            clip = dwg.defs.add(dwg.clipPath(id=f"{clip_prefix}{clip_no}"))
            clip.add(dwg.rect(**_rect_attrs(op.x, op.y, op.w, op.h, op.rx)))
            group = parent.add(dwg.g(clip_path=f"url(#{clip_prefix}{clip_no})"))
            stack.append(group)
        elif isinstance(op, ClipEnd) and len(stack) > 1:
            stack.pop()


def to_svg(drawing: Drawing, include_bleed: bool = True) -> str:
    """The drawing as SVG text; with ``include_bleed`` the canvas extends by the bleed."""
    b = drawing.bleed if include_bleed else 0.0
    w, h = drawing.width + 2 * b, drawing.height + 2 * b
    dwg = svgwrite.Drawing(size=(f"{_n(w)}mm", f"{_n(h)}mm"), profile="full", debug=False)
    dwg["viewBox"] = f"{_n(-b)} {_n(-b)} {_n(w)} {_n(h)}"
    if drawing.title:
        dwg.set_desc(title=drawing.title)
    add_ops(dwg, drawing.ops)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + dwg.tostring() + "\n"
