"""The calibration figure: win rate against cost difference, drawn with the project's drawing layer.

One drawing (:mod:`generator.layout.draw`) serves the SVG writer and the PDF writer; the PNG is
the PDF rasterised by pdfium, so the three files show the same picture. Each pair of forces is
drawn twice (once from each side), the 45-55% and 40-60% bands are shaded around an even match,
and the curve is what the price line predicts (Bradley-Terry strength against cost).
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from generator.layout.draw import Circle, Drawing, Path as PathOp, Rect, Style, Text
from generator.layout.fonts import text_width

WIDTH, HEIGHT = 170.0, 115.0
LEFT, RIGHT, TOP, BOTTOM = 18.0, 6.0, 16.0, 14.0
INK, GREY, BLUE = "#222222", "#888888", "#2b5d8a"


def _nice_step(span: float) -> float:
    raw = span / 6
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for mult in (1, 2, 2.5, 5, 10):
        if raw <= mult * power:
            return mult * power
    return 10 * power


def calibration_drawing(cal) -> Drawing:
    """The figure of a :class:`generator.balance.calibrate.Calibration`."""
    ops: list = []
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    points = []
    for p in cal.pairs:
        diff = cal.forces[p.i].cost - cal.forces[p.j].cost
        points += [(diff, p.rate_i), (-diff, 1 - p.rate_i)]
    reach = max([abs(d) for d, _ in points] + [1e-9]) * 1.05
    x = lambda d: LEFT + (d + reach) / (2 * reach) * pw  # noqa: E731
    y = lambda r: TOP + (1 - r) * ph  # noqa: E731

    def text(tx: float, ty: float, value: str, size: float = 7, role: str = "body", anchor: str = "start", fill=INK):
        width_mm = text_width(value, role, size) * 25.4 / 72
        shift = {"start": 0, "middle": width_mm / 2, "end": width_mm}[anchor]
        ops.append(Text(tx - shift, ty, value, role, size, fill))

    ops.append(Rect(0, 0, WIDTH, HEIGHT, Style(fill="#ffffff")))
    ops.append(Rect(LEFT, y(0.6), pw, y(0.4) - y(0.6), Style(fill="#e8eef5")))
    ops.append(Rect(LEFT, y(0.55), pw, y(0.45) - y(0.55), Style(fill="#cddbea")))
    ops.append(Rect(LEFT, TOP, pw, ph, Style(stroke=INK, stroke_width=0.25)))
    for r in (0.0, 0.25, 0.5, 0.75, 1.0):
        ops.append(PathOp((("M", LEFT - 1, y(r)), ("L", LEFT, y(r))), Style(stroke=INK, stroke_width=0.2)))
        text(LEFT - 1.5, y(r) + 1.2, f"{r:.0%}", 6, anchor="end")
    step = _nice_step(2 * reach)
    tick = -math.floor(reach / step) * step
    while tick <= reach:
        ops.append(PathOp((("M", x(tick), TOP + ph), ("L", x(tick), TOP + ph + 1)), Style(stroke=INK, stroke_width=0.2)))
        text(x(tick), TOP + ph + 4, f"{tick:+g}" if tick else "0", 6, anchor="middle")
        tick += step
    ops.append(PathOp((("M", x(0), TOP), ("L", x(0), TOP + ph)), Style(stroke=GREY, stroke_width=0.2, dash=(1, 1))))
    curve = []
    for k in range(101):
        d = -reach + 2 * reach * k / 100
        curve.append(("M" if k == 0 else "L", x(d), y(cal.predicted(d))))
    for d, r in points:
        ops.append(Circle(x(d), y(r), 0.7, Style(fill=BLUE, opacity=0.55)))
    ops.append(PathOp(tuple(curve), Style(stroke="#c0392b", stroke_width=0.45)))
    text(LEFT, 6, f"{cal.system}: win rate against cost difference ({len(cal.forces)} forces around {cal.points:g} {cal.unit}, "
         f"{cal.battles_per_pair} battles per pair)", 8, "bold")
    text(LEFT, 11.5, f"Spearman {cal.spearman:.2f} (forces of different budgets); equal-cost pairs {cal.equal_pairs}: "
         f"{cal.share_45_55:.0%} in 45-55%, {cal.share_40_60:.0%} in 40-60%. Shaded: 45-55%, 40-60%; red: the price line.", 6)
    text(LEFT + pw / 2, HEIGHT - 2.5, f"cost difference ({cal.unit})", 6.5, anchor="middle")
    text(LEFT - 1.5, TOP - 2, "win rate", 6.5, anchor="end")
    return Drawing(WIDTH, HEIGHT, 0.0, ops, title=f"{cal.system} calibration")


def calibration_files(cal) -> dict[str, bytes]:
    """The figure as ``{"svg": ..., "pdf": ..., "png": ...}`` bytes (nothing written yet)."""
    from generator.layout import pdf_writer
    from generator.layout.pdf import new_canvas, pdf_to_pngs
    from generator.layout.svg_writer import to_svg

    drawing = calibration_drawing(cal)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, WIDTH, HEIGHT, drawing.title)
    pdf_writer.draw_ops(canvas, drawing.ops, 0, 0, HEIGHT)
    canvas.showPage()
    canvas.save()
    pdf = buffer.getvalue()
    return {"svg": to_svg(drawing).encode(), "pdf": pdf, "png": pdf_to_pngs(pdf, dpi=150)[0]}


def existing_files(folder: Path, system: str) -> list[Path]:
    """Calibration files of ``system`` already in ``folder`` (the CLI keeps them unless --force)."""
    return [p for ext in ("svg", "png", "json") if (p := Path(folder) / f"calibration-{system}.{ext}").exists()]


def write_calibration(cal, folder: Path, stem: str | None = None) -> list[Path]:
    """Write the figure (SVG, PNG) and the numbers (JSON) into ``folder``, each file atomically."""
    import json

    from generator.files import ensure_folder, write_atomic

    folder = ensure_folder(folder, "--out")
    stem = stem or f"calibration-{cal.system}"
    files = calibration_files(cal)
    written = []
    for ext in ("svg", "png"):
        path = folder / f"{stem}.{ext}"
        write_atomic(path, files[ext])
        written.append(path)
    path = folder / f"{stem}.json"
    write_atomic(path, json.dumps(cal.to_json(), indent=2))
    written.append(path)
    return written
