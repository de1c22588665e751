"""Write a :class:`Drawing` as a standalone SVG (mm units, fonts named from the registry).

Every string goes through XML escaping here, so a fighter called ``Grot <"Big"> & Co`` prints
as written instead of breaking the file.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from generator.layout.draw import Circle, ClipEnd, ClipStart, Drawing, Path, Rect, Style, Text
from generator.layout.fonts import svg_font_attrs
from generator.units import pt_to_mm


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") if v != 0 else "0"


def _style(s: Style) -> str:
    parts = [f'fill="{s.fill}"' if s.fill else 'fill="none"']
    if s.stroke:
        parts.append(f'stroke="{s.stroke}" stroke-width="{_n(s.stroke_width)}"')
        if s.linecap != "butt":
            parts.append(f'stroke-linecap="{s.linecap}"')
        if s.linejoin != "miter":
            parts.append(f'stroke-linejoin="{s.linejoin}"')
        if s.dash:
            parts.append(f'stroke-dasharray="{" ".join(_n(d) for d in s.dash)}"')
    if s.opacity != 1.0:
        parts.append(f'opacity="{_n(s.opacity)}"')
    return " ".join(parts)


def _path_d(segments) -> str:
    out = []
    for seg in segments:
        out.append(seg[0] + " ".join(_n(v) for v in seg[1:]))
    return " ".join(out)


def ops_to_svg(ops, clip_prefix: str = "c") -> list[str]:
    lines: list[str] = []
    clip_no = 0
    for op in ops:
        if isinstance(op, Rect):
            rx = f' rx="{_n(op.rx)}"' if op.rx else ""
            lines.append(f'<rect x="{_n(op.x)}" y="{_n(op.y)}" width="{_n(op.w)}" height="{_n(op.h)}"{rx} {_style(op.style)}/>')
        elif isinstance(op, Circle):
            lines.append(f'<circle cx="{_n(op.cx)}" cy="{_n(op.cy)}" r="{_n(op.r)}" {_style(op.style)}/>')
        elif isinstance(op, Path):
            lines.append(f'<path d="{_path_d(op.segments)}" {_style(op.style)}/>')
        elif isinstance(op, Text):
            attrs = " ".join(f"{k}={quoteattr(v)}" for k, v in svg_font_attrs(op.role).items())
            op_attr = f' opacity="{_n(op.opacity)}"' if op.opacity != 1.0 else ""
            lines.append(
                f'<text x="{_n(op.x)}" y="{_n(op.y)}" font-size="{_n(pt_to_mm(op.size_pt))}" {attrs} '
                f'fill="{op.fill}"{op_attr} xml:space="preserve">{escape(op.text)}</text>'
            )
        elif isinstance(op, ClipStart):
            clip_no += 1
            cid = f"{clip_prefix}{clip_no}"
            rx = f' rx="{_n(op.rx)}"' if op.rx else ""
            lines.append(
                f'<clipPath id="{cid}"><rect x="{_n(op.x)}" y="{_n(op.y)}" width="{_n(op.w)}" height="{_n(op.h)}"{rx}/></clipPath>'
                f'<g clip-path="url(#{cid})">'
            )
        elif isinstance(op, ClipEnd):
            lines.append("</g>")
    return lines


def to_svg(drawing: Drawing, include_bleed: bool = True) -> str:
    """The drawing as SVG text; with ``include_bleed`` the canvas extends by the bleed."""
    b = drawing.bleed if include_bleed else 0.0
    w, h = drawing.width + 2 * b, drawing.height + 2 * b
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(h)}mm" '
        f'viewBox="{_n(-b)} {_n(-b)} {_n(w)} {_n(h)}">'
    )
    title = f"<title>{escape(drawing.title)}</title>" if drawing.title else ""
    return "\n".join([head, title, *ops_to_svg(drawing.ops), "</svg>"]) + "\n"
