"""Turn a rendered template (a small SVG-like XML document) into a :class:`Drawing`.

Templates speak a subset of SVG that a designer already knows -- ``rect``, ``circle``,
``line``, ``polygon``, ``polyline``, ``path`` (M/L/H/V/C/Q/Z), ``g`` with ``transform`` and
inherited ``fill``/``stroke`` -- plus two text elements whose layout we own:

* ``<text x y [w] size min-size role fill anchor field>`` one line at baseline ``y``; with
  ``w`` it shrinks to fit that width.
* ``<textbox x y w h size min-size role leading align valign field max-lines>`` wrapped text
  with ``<tspan role=.. fill=..>`` runs and ``<br/>`` line breaks.
* ``<clip x y w h rx>`` clips its children.

Lengths are millimetres, font sizes points. Everything is flattened to absolute coordinates,
so the writers never interpret a transform or wrap a line.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from generator.errors import RenderError
from generator.layout.draw import Circle, ClipEnd, ClipStart, Drawing, Path, Rect, Style, Text
from generator.layout.fonts import FONTS
from generator.layout.textfit import Word, fit

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_NAMED = {"white": "#ffffff", "black": "#000000", "red": "#ff0000", "none": None, "transparent": None}
_INHERITED = ("fill", "stroke", "stroke-width", "opacity", "role", "size", "min-size", "stroke-linecap",
              "stroke-linejoin", "stroke-dasharray", "leading")


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _parse_transform(text: str) -> Matrix:
    m = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if name == "translate":
            n = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            n = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            t = math.radians(v[0])
            n = (math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)
            if len(v) == 3:
                n = _mul(_mul((1, 0, 0, 1, v[1], v[2]), n), (1, 0, 0, 1, -v[1], -v[2]))
        elif name == "matrix":
            n = tuple(v)  # type: ignore[assignment]
        else:
            raise RenderError(f"template transform {name}() is not supported (use translate, scale, rotate, matrix)")
        m = _mul(m, n)  # type: ignore[arg-type]
    return m


def _pt(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _rotated(m: Matrix) -> bool:
    return abs(m[1]) > 1e-9 or abs(m[2]) > 1e-9 or m[0] < 0 or m[3] < 0


def colour(value: str | None) -> str | None:
    if value is None:
        return None
    v = value.strip().lower()
    if v in _NAMED:
        return _NAMED[v]
    if re.fullmatch(r"#[0-9a-f]{3}", v):
        return "#" + "".join(ch * 2 for ch in v[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", v):
        return v
    raise RenderError(f"template colour {value!r} is not #rgb, #rrggbb or none")


def _f(attrs: dict, key: str, default: float | None = 0.0) -> float:
    value = attrs.get(key)
    if value is None or value == "":
        if default is None:
            raise RenderError(f"template element needs a {key!r} attribute")
        return default
    try:
        return float(value)
    except ValueError:
        raise RenderError(f"template attribute {key}={value!r} is not a number") from None


class _Builder:
    def __init__(self, drawing: Drawing):
        self.d = drawing

    def style(self, a: dict, m: Matrix, default_fill: str | None = "#000000") -> Style:
        dash = a.get("stroke-dasharray")
        s = _scale(m)
        return Style(
            fill=colour(a.get("fill", default_fill)) if a.get("fill", default_fill) is not None else None,
            stroke=colour(a.get("stroke")) if a.get("stroke") else None,
            stroke_width=_f(a, "stroke-width", 0.25) * s if a.get("stroke") else 0.0,
            opacity=_f(a, "opacity", 1.0),
            dash=tuple(float(x) * s for x in re.split(r"[\s,]+", dash.strip()) if x) if dash and dash != "none" else None,
            linecap=a.get("stroke-linecap", "butt"),
            linejoin=a.get("stroke-linejoin", "miter"),
        )

    def walk(self, el: ET.Element, inherited: dict, m: Matrix) -> None:
        for child in el:
            tag = child.tag.rsplit("}", 1)[-1]
            attrs = {**{k: v for k, v in inherited.items()}, **{k.rsplit("}", 1)[-1]: v for k, v in child.attrib.items()}}
            cm = _mul(m, _parse_transform(child.get("transform", ""))) if child.get("transform") else m
            handler = getattr(self, "el_" + tag.replace("-", "_"), None)
            if handler is None:
                raise RenderError(f"template element <{tag}> is not supported")
            handler(child, attrs, cm)

    def _inherit(self, attrs: dict) -> dict:
        return {k: attrs[k] for k in _INHERITED if k in attrs}

    def el_g(self, el, a, m):
        self.walk(el, self._inherit(a), m)

    def el_clip(self, el, a, m):
        x0, y0 = _pt(m, _f(a, "x"), _f(a, "y"))
        x1, y1 = _pt(m, _f(a, "x") + _f(a, "w", None), _f(a, "y") + _f(a, "h", None))
        self.d.ops.append(ClipStart(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0), _f(a, "rx") * _scale(m)))
        self.walk(el, self._inherit(a), m)
        self.d.ops.append(ClipEnd())

    def el_rect(self, el, a, m):
        x, y, w, h = _f(a, "x"), _f(a, "y"), _f(a, "width", None), _f(a, "height", None)
        if w <= 0 or h <= 0:
            return
        st = self.style(a, m)
        if _rotated(m):
            pts = [_pt(m, x, y), _pt(m, x + w, y), _pt(m, x + w, y + h), _pt(m, x, y + h)]
            self.d.ops.append(Path(tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]), st))
            return
        x0, y0 = _pt(m, x, y)
        s = _scale(m)
        self.d.ops.append(Rect(x0, y0, w * s, h * s, st, _f(a, "rx") * s))

    def el_circle(self, el, a, m):
        cx, cy = _pt(m, _f(a, "cx"), _f(a, "cy"))
        self.d.ops.append(Circle(cx, cy, _f(a, "r", None) * _scale(m), self.style(a, m)))

    def el_line(self, el, a, m):
        p1 = _pt(m, _f(a, "x1"), _f(a, "y1"))
        p2 = _pt(m, _f(a, "x2"), _f(a, "y2"))
        a = {**a, "stroke": a.get("stroke", "#000000")}
        self.d.ops.append(Path((("M", *p1), ("L", *p2)), self.style(a, m, default_fill=None)))

    def _points(self, a, m):
        nums = [float(v) for v in re.split(r"[\s,]+", a.get("points", "").strip()) if v]
        return [_pt(m, nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]

    def el_polygon(self, el, a, m):
        pts = self._points(a, m)
        if pts:
            self.d.ops.append(Path(tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]), self.style(a, m)))

    def el_polyline(self, el, a, m):
        pts = self._points(a, m)
        if pts:
            self.d.ops.append(Path(tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]]), self.style(a, m, default_fill=None)))

    def el_path(self, el, a, m):
        self.d.ops.append(Path(tuple(parse_path(a.get("d", ""), m)), self.style(a, m)))

    def _size(self, a, m) -> tuple[float, float]:
        size = _f(a, "size", 8.0) * _scale(m)
        return size, min(size, _f(a, "min-size", size * 0.7) * _scale(m))

    def _role(self, a) -> str:
        role = a.get("role", "body")
        if role not in FONTS:
            raise RenderError(f"template font role {role!r} is unknown: choose one of {', '.join(FONTS)}")
        return role

    def _emit(self, fitted, ox, oy, fill, opacity, field):
        for run in fitted.runs:
            self.d.ops.append(Text(ox + run.x, oy + run.baseline, run.text, run.role, fitted.size_pt,
                                   colour(run.fill) if run.fill else fill, opacity))
        if fitted.overflow:
            self.d.warnings.append(
                f"card {self.d.title!r}: field {field!r} does not fit its box even at {fitted.size_pt:g}pt; text was cut"
            )

    def el_text(self, el, a, m):
        text = " ".join("".join(el.itertext()).split())
        if not text:
            return
        size, min_size = self._size(a, m)
        role = self._role(a)
        x, y = _pt(m, _f(a, "x"), _f(a, "y"))
        anchor = a.get("anchor", a.get("text-anchor", "start"))
        from generator.layout.fonts import text_width
        from generator.units import pt_to_mm

        if a.get("w"):
            w = _f(a, "w") * _scale(m)
            fitted = fit([Word(t, role) for t in text.split(" ")], w, None, size, min_size)
            left = {"middle": x - w / 2, "end": x - w}.get(anchor, x)
            # re-anchor inside the box
            natural = sum(pt_to_mm(text_width(r.text, r.role, fitted.size_pt)) for r in fitted.runs)
            shift = {"middle": (w - natural) / 2, "end": w - natural}.get(anchor, 0.0)
            for run in fitted.runs:
                self.d.ops.append(Text(left + shift + run.x, y, run.text, run.role, fitted.size_pt,
                                       colour(a.get("fill", "#000000")), _f(a, "opacity", 1.0)))
            if fitted.overflow:
                self.d.warnings.append(
                    f"card {self.d.title!r}: field {a.get('field', 'text')!r} does not fit its box even at "
                    f"{fitted.size_pt:g}pt; text was cut"
                )
            return
        width = pt_to_mm(text_width(text, role, size))
        left = {"middle": x - width / 2, "end": x - width}.get(anchor, x)
        self.d.ops.append(Text(left, y, text, role, size, colour(a.get("fill", "#000000")), _f(a, "opacity", 1.0)))

    def el_textbox(self, el, a, m):
        role = self._role(a)
        words: list[Word] = []
        pending_break = False

        def add(text: str | None, r: str, fill: str | None):
            nonlocal pending_break
            for token in (text or "").split():
                words.append(Word(token, r, fill, pending_break))
                pending_break = False

        add(el.text, role, None)
        for child in el:
            tag = child.tag.rsplit("}", 1)[-1]
            if tag == "br":
                pending_break = True
            elif tag == "tspan":
                add("".join(child.itertext()), child.get("role", role), child.get("fill"))
            else:
                raise RenderError(f"template element <{tag}> is not allowed inside <textbox> (use tspan, br)")
            add(child.tail, role, None)
        if not words:
            return
        s = _scale(m)
        size, min_size = self._size(a, m)
        x, y = _pt(m, _f(a, "x"), _f(a, "y"))
        fitted = fit(
            words, _f(a, "w", None) * s, _f(a, "h", None) * s, size, min_size,
            leading=_f(a, "leading", 1.2), align=a.get("align", "start"), valign=a.get("valign", "top"),
            max_lines=int(a["max-lines"]) if a.get("max-lines") else None,
        )
        self._emit(fitted, x, y, colour(a.get("fill", "#000000")), _f(a, "opacity", 1.0), a.get("field", "text"))


_PATH_TOKEN = re.compile(r"[MLHVCQZmlhvcqz]|-?\d*\.?\d+(?:e-?\d+)?")


def parse_path(d: str, m: Matrix = IDENTITY) -> list[tuple]:
    """Absolute M/L/H/V/C/Q/Z path data -> segments (Q is raised to a cubic)."""
    tokens = _PATH_TOKEN.findall(d)
    out: list[tuple] = []
    i, cmd = 0, None
    cx = cy = sx = sy = 0.0

    def nums(n):
        nonlocal i
        vals = [float(t) for t in tokens[i:i + n]]
        if len(vals) < n:
            raise RenderError(f"template path {d!r} ends in the middle of a command")
        i += n
        return vals

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                out.append(("Z",))
                cx, cy = sx, sy
                continue
        if cmd is None or cmd in "mlhvcqz":
            raise RenderError(f"template path {d!r}: use absolute commands M L H V C Q Z")
        if cmd == "M":
            cx, cy = nums(2)
            sx, sy = cx, cy
            out.append(("M", *_pt(m, cx, cy)))
            cmd = "L"
        elif cmd == "L":
            cx, cy = nums(2)
            out.append(("L", *_pt(m, cx, cy)))
        elif cmd == "H":
            (cx,) = nums(1)
            out.append(("L", *_pt(m, cx, cy)))
        elif cmd == "V":
            (cy,) = nums(1)
            out.append(("L", *_pt(m, cx, cy)))
        elif cmd == "C":
            x1, y1, x2, y2, x, y = nums(6)
            out.append(("C", *_pt(m, x1, y1), *_pt(m, x2, y2), *_pt(m, x, y)))
            cx, cy = x, y
        elif cmd == "Q":
            qx, qy, x, y = nums(4)
            c1 = (cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy))
            c2 = (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y))
            out.append(("C", *_pt(m, *c1), *_pt(m, *c2), *_pt(m, x, y)))
            cx, cy = x, y
    return out


def build(markup: str, title: str = "") -> Drawing:
    """Parse rendered template markup into a Drawing (size from the root's width/height, mm)."""
    try:
        root = ET.fromstring(markup)
    except ET.ParseError as err:
        raise RenderError(f"template for {title!r} did not produce valid XML: {err}") from None
    drawing = Drawing(_f(root.attrib, "width", None), _f(root.attrib, "height", None), _f(root.attrib, "bleed", 0.0),
                      title=title)
    _Builder(drawing).walk(root, {}, IDENTITY)
    return drawing


def build_pages(markup: str, title: str = "") -> list[Drawing]:
    """A ``<document>`` of several ``<svg>`` pages (or a single ``<svg>``) -> one Drawing per page."""
    try:
        root = ET.fromstring(markup)
    except ET.ParseError as err:
        raise RenderError(f"template for {title!r} did not produce valid XML: {err}") from None
    pages = list(root) if root.tag.rsplit("}", 1)[-1] == "document" else [root]
    out = []
    for number, page in enumerate(pages, 1):
        drawing = Drawing(_f(page.attrib, "width", None), _f(page.attrib, "height", None), title=f"{title} p{number}")
        _Builder(drawing).walk(page, {}, IDENTITY)
        out.append(drawing)
    return out
