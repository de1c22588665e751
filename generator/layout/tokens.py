"""Tokens and trackers to cut out: one page of everything the table needs besides the cards.

* every objective, relic, chest and door of the scenario as a marker the size of one cell of the
  printed map (a hex across the flats, or a square tile), numbered as on the map, with a cut line;
* a victory-point track for each side and a round track, with counters to move along them;
* the system's own tokens where its rules use them and its cards do not carry them (Bladeborn's
  turn and activation tokens, Warcry's activation tokens), from ``content/layout/booklet.yaml``.

Damage is marked on the cards themselves (damage boxes, Endurance circles, health tracks, one row
of HP circles per SagaBorn unit), so the page prints no wound trackers. It is a
:class:`~generator.layout.draw.Drawing`, with ``ink_saver`` leaving every fill out but the markers'.
"""

from __future__ import annotations

import math
from typing import Any

from generator.layout.columns import box
from generator.layout.draw import Circle, Drawing, Path, Style, Text
from generator.layout.map_canvas import MapCanvas, text_width_mm

MARGIN = 10.0
CUT = Style(stroke="#6b6b6b", stroke_width=0.25, dash=(1.2, 1.0))


def _hex(cx: float, cy: float, flats: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon ``flats`` mm across the flats, centred on (cx, cy)."""
    r = flats / math.sqrt(3)
    return [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)]


def _path(points, style: Style) -> Path:
    return Path(tuple([("M", *points[0])] + [("L", *p) for p in points[1:]] + [("Z",)]), style)


def _centred(ops: list, x: float, y: float, text: str, size: float, role: str, fill: str) -> None:
    ops.append(Text(x - text_width_mm(text, size, role) / 2, y, text, role, size, fill))


def _markers(ops: list, objectives: list[dict[str, Any]], cell_mm: float, square: bool, x0: float, y0: float,
             width: float, ink_saver: bool) -> float:
    """One marker per objective, in rows from (x0, y0); returns the height used."""
    from generator.layout.map_print import _marker, load_styles

    styles = load_styles()
    across = cell_mm if square else cell_mm * 2 / math.sqrt(3)  # a flat-topped hex is wider than its flats
    pitch_x, pitch_y = across + 3.0, cell_mm + 3.0
    per_row = max(1, int((width + 3.0) // pitch_x))
    for i, o in enumerate(objectives):
        cx = x0 + (i % per_row) * pitch_x + across / 2
        cy = y0 + (i // per_row) * pitch_y + cell_mm / 2
        outline = ([(cx - cell_mm / 2, cy - cell_mm / 2), (cx + cell_mm / 2, cy - cell_mm / 2),
                    (cx + cell_mm / 2, cy + cell_mm / 2), (cx - cell_mm / 2, cy + cell_mm / 2)] if square
                   else _hex(cx, cy, cell_mm))
        ops.append(_path(outline, Style(fill=None if ink_saver else "#fbfaf6")))
        ops.append(_path(outline, CUT))
        fill = styles["terrain"][o["kind"]]["fill"]
        cv = MapCanvas("marker")
        cv.new_page(10, 10)
        _marker(cv, o["kind"], cx, cy - cell_mm * 0.06, cell_mm * 0.22, fill, 0.4)
        ops += cv.pages[0].ops
        size = max(5.0, cell_mm * 0.22 * 2.83)
        _centred(ops, cx, cy - cell_mm * 0.06 + size * 0.12, str(o["n"]), size, "bold",
                 "#ffffff" if o["kind"] == "door" else "#3a2c00")
        label = o["kind"].capitalize()
        _centred(ops, cx, cy + cell_mm * 0.34, label, max(4.5, cell_mm * 0.16 * 2.0), "body", "#3a2c00")
    rows = math.ceil(len(objectives) / per_row) if objectives else 0
    return rows * pitch_y


def _track(ops: list, x: float, y: float, width: float, first: int, last: int, label: str, fill: str,
           ink: str, ink_saver: bool) -> float:
    """A row of numbered boxes ``first``..``last`` with a label; returns the height used."""
    count = last - first + 1
    label_w = 24.0
    cell = min(9.0, (width - label_w) / count)
    ops.append(Text(x, y + cell * 0.62, label, "bold", 7.2, ink))
    for k in range(count):
        bx = x + label_w + k * cell
        ops.append(box(bx, y, cell, cell, None if ink_saver else ("#ffffff" if (first + k) % 5 else fill), ink, 0.25))
        _centred(ops, bx + cell / 2, y + cell * 0.64, str(first + k), min(7.0, cell * 2.0), "body", ink)
    return cell + 2.5


def _counters(ops: list, x: float, y: float, labels: list[tuple[str, str]], size: float, ink: str,
              ink_saver: bool) -> float:
    """Round counters to cut out (``labels``: text and colour); returns the width used."""
    for i, (text, colour) in enumerate(labels):
        cx, cy = x + i * (size + 3.0) + size / 2, y + size / 2
        ops.append(Circle(cx, cy, size / 2, Style(fill=None if ink_saver else colour, stroke=ink, stroke_width=0.3)))
        ops.append(Circle(cx, cy, size / 2 + 0.8, CUT))
        _centred(ops, cx, cy + size * 0.12, text, min(7.0, size * 1.1), "bold", ink if ink_saver else "#ffffff")
    return len(labels) * (size + 3.0)


def tokens_drawing(view: dict[str, Any], board, cell_mm: float, page_w: float, page_h: float,
                   palette: dict[str, str], ink_saver: bool = False) -> Drawing:
    """The tokens page of the booklet's ``view``; ``cell_mm`` is the printed map's cell size."""
    from generator.layout.map_print import load_styles

    ink, band = palette["ink"], palette["band"]
    players = [p["fill"] for p in load_styles()["players"]]
    t = view["tokens"]
    ops: list = []
    ops.append(Text(MARGIN, MARGIN + 6, "Tokens and trackers", "title", 15, band))
    ops.append(Text(MARGIN, MARGIN + 11.5, "Cut along the dashed lines. Markers are the size of one "
                    f"{view['words']['cell']} of the printed map; numbers match the map.", "body", 7.5, ink))
    y = MARGIN + 17.0
    width = page_w - 2 * MARGIN
    if t["objectives"]:
        ops.append(Text(MARGIN, y + 3, "Markers", "bold", 9, band))
        y += 6.0
        y += _markers(ops, t["objectives"], cell_mm, board.grid != "hex", MARGIN, y, width, ink_saver) + 2.0
    w = view["words"]
    if t["vp_max"] or t["rounds"] or t["tracks"]:
        heading = "Victory points and " + w["rounds"] if t["vp_max"] else "Tracks"
        ops.append(Text(MARGIN, y + 3, heading[0].upper() + heading[1:], "bold", 9, band))
        y += 6.0
    sides = view["sides"]
    if t["vp_max"]:
        for i, side in enumerate(sides):
            y += _track(ops, MARGIN, y, width, 0, t["vp_max"], f"{side['label']} VP", players[i], ink, ink_saver)
    if t["rounds"]:
        y += _track(ops, MARGIN, y, width, 1, t["rounds"], w["rounds"].capitalize(), palette["soft"], ink, ink_saver)
    for track in t["tracks"]:
        for i, side in enumerate(sides):
            y += _track(ops, MARGIN, y, width, track["first"], track["last"], f"{side['label']} {track['title']}",
                        players[i], ink, ink_saver)
    tracks = (1 if t["vp_max"] else 0) + len(t["tracks"])
    counters = [(s["symbol"], players[i]) for i, s in enumerate(sides)] * tracks
    if t["rounds"]:
        counters.append(("R", band))
    if counters:
        y += 1.0
        ops.append(Text(MARGIN, y + 5.5, "Counters:", "body", 7.2, ink))
        _counters(ops, MARGIN + 24.0, y, counters, 9.0, ink, ink_saver)
        y += 13.0
    for group in t["system_tokens"]:
        ops.append(Text(MARGIN, y + 3, group["title"], "bold", 9, band))
        ops.append(Text(MARGIN + text_width_mm(group["title"], 9, "bold") + 3, y + 3, group["text"], "body", 7.0, ink))
        y += 6.0
        for i, side in enumerate(sides):
            labels = [(group["marks"][i], players[i])] * group["per_side"][i]
            per_row = max(1, int((width - 24.0) // 12.0))
            ops.append(Text(MARGIN, y + 5.5, side["label"], "body", 7.2, ink))
            for start in range(0, len(labels), per_row):
                _counters(ops, MARGIN + 24.0, y, labels[start:start + per_row], 9.0, ink, ink_saver)
                y += 12.0
        y += 1.0
    ops.append(Text(MARGIN, min(y + 4, page_h - MARGIN - 2), t["note"], "italic", 7.0, palette["muted"]))
    return Drawing(width=page_w, height=page_h, ops=ops, title="tokens and trackers")
