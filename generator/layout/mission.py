"""The mission sheet: one page that runs the battle, the way a printed battleplan card does.

The map with its coordinates along the edges and the four edges named as the text names them
("the south edge"), each side's set-up and reserve cells, the objectives with their worth in
this battle, who sets up and who goes first, what scores round by round, the twist and the
special rules, and the balance in one line. Everything it says comes from the booklet's view,
whose set-up and victory words come from :mod:`generator.scenarios.briefing`, so the sheet and
the detail pages say the same thing.

It is a :class:`~generator.layout.draw.Drawing` (the map drawn by
:func:`generator.layout.map_print.draw_map`, text set by :mod:`generator.layout.columns`), so
the booklet prints it as a page and the golden tests read it like a card. The map shrinks, and
then the text, until everything fits one page of A4 or Letter.
"""

from __future__ import annotations

from typing import Any

from generator.layout.columns import Block, Column, box, lay_out, needed
from generator.layout.draw import Drawing, Path, Style, Text
from generator.layout.map_canvas import MapCanvas, text_width_mm

MARGIN = 10.0
GUTTER = 6.0
#: Map heights tried, as shares of the page, largest first (then the text shrinks).
MAP_SHARES = (0.62, 0.56, 0.5, 0.44, 0.39, 0.34, 0.29, 0.25)
TEXT_PT, FLOOR_PT = 8.6, 6.4
STALE_INK = "#a5281b"  # figures measured before an edit are printed in red


def _marker_icon(kind: str, fill: str, ink_saver: bool):
    from generator.layout.map_print import _marker

    def icon(ops, x, y, size):
        cv = MapCanvas("icon")
        cv.new_page(10, 10)
        _marker(cv, kind, x, y, size * 0.5, "#ffffff" if ink_saver else fill, 0.25)
        ops += cv.pages[0].ops
    return icon


def _edge_labels(cv: MapCanvas, geo, ox: float, oy: float, scale: float, ink: str) -> None:
    """Column numbers above and below the map, row numbers left and right, as the cells are named."""
    board = geo.board
    cols, rows = board.width, board.height
    size = min(6.5, max(4.2, geo.size_mm * scale * 2.83 * 0.34))
    top, bottom = oy - 1.6, oy + geo.height * scale + 1.6 + size * 0.3
    for c in range(cols):
        for r, y in ((0, top), (rows - 1, bottom + 0.9)):
            if (c, r) in geo.centres:
                x = ox + geo.centres[(c, r)][0] * scale
                cv.text(x, y, str(c), size, "body", ink, "middle")
    left, right = ox - 1.4, ox + geo.width * scale + 1.4
    for r in range(rows):
        for c, x, anchor in ((0, left, "end"), (cols - 1, right, "start")):
            if (c, r) in geo.centres:
                y = oy + geo.centres[(c, r)][1] * scale + size * 0.12
                cv.text(x, y, str(r), size, "body", ink, anchor)


def _compass(cv: MapCanvas, ox: float, oy: float, w: float, h: float, ink: str) -> None:
    """The four edges named: North and South written along the top and bottom, West and East
    stacked letter by letter beside the row numbers."""
    size = 6.8
    cv.text(ox + w / 2, oy - 5.2, "NORTH EDGE", size, "bold", ink, "middle")
    cv.text(ox + w / 2, oy + h + 8.0, "SOUTH EDGE", size, "bold", ink, "middle")
    step = size * 0.42
    for word, x in (("WEST", ox - 7.2), ("EAST", ox + w + 7.2)):
        y0 = oy + h / 2 - step * (len(word) - 1) / 2
        for i, ch in enumerate(word):
            cv.text(x, y0 + i * step + size * 0.12, ch, size, "bold", ink, "middle")


def map_block(board, x: float, y: float, w: float, h: float, ink: str, legend_note: str | None = None):
    """The map drawn to fit ``w`` x ``h`` mm at (x, y) (compass and numbers included), its legend
    below; returns (ops, height used)."""
    from generator.layout.map_print import MapGeometry, _legend, _legend_items, draw_map, load_styles

    styles = load_styles()
    geo = MapGeometry.of(board, None)
    pad_x, pad_top, pad_bottom = 12.0, 7.5, 10.0
    legend_probe = MapCanvas("legend")
    legend_probe.new_page(w, 100)
    legend_h = _legend(legend_probe, _legend_items(board, styles), 0, 0, w) + 1.0
    scale = max(0.05, min((w - 2 * pad_x) / geo.width, (h - pad_top - pad_bottom - legend_h) / geo.height))
    mw, mh = geo.width * scale, geo.height * scale
    ox, oy = x + (w - mw) / 2, y + pad_top
    cv = MapCanvas("mission map")
    cv.new_page(w, h)
    draw_map(cv, geo, ox, oy, styles, scale=scale, coordinates=False)
    _edge_labels(cv, geo, ox, oy, scale, ink)
    _compass(cv, ox, oy, mw, mh, ink)
    legend_y = oy + mh + pad_bottom
    used = _legend(cv, _legend_items(board, styles), x, legend_y, w)
    if legend_note:
        cv.text(x, legend_y + used + 2.6, legend_note, 6.5, "italic", ink)
        used += 3.6
    return cv.pages[0].ops, legend_y + used - y


def _blocks(view: dict[str, Any], ink_saver: bool) -> tuple[list[Block], list[Block]]:
    """The two text columns: set-up and objectives on the left; victory, twist, rules, balance right."""
    from generator.layout.map_print import load_styles

    m = view["mission"]
    styles = load_styles()
    w = view["words"]
    left: list[Block] = [Block("h", [("Set-up", "bold")])]
    for side, named in zip(m["sides"], view["sides"]):  # the view's labels: a campaign names its players
        head = f"{named['label']}" + (f" ({side['role']})" if side["role"] else "") + ":"
        left.append(Block("p", [(head, "bold"), (side["force_name"], "italic"), ("- " + side["setup"], "body")]))
        if side["reserves"]:
            left.append(Block("p", [(side["reserves"], "body")]))
    for line in m["order"]:
        left.append(Block("p", [(line, "body")]))
    if m["objectives"]:
        left.append(Block("h", [("Objectives", "bold")]))
        for o in m["objectives"]:
            fill = styles["terrain"][o["kind"]]["fill"]
            left.append(Block("item", [(f"{o['n']}", "bold"), (f"{o['label']} at {o['cell']}:", "bold"), (o["worth"], "body")],
                              icon=_marker_icon(o["kind"], fill, ink_saver), gap=0.8))
    if m["terrain"]:
        left.append(Block("h", [("The ground", "bold")]))
        for line in m["terrain"]:
            left.append(Block("p", [(line, "body")], gap=0.8))
    right: list[Block] = [Block("h", [("Victory", "bold")])]
    hang = max([text_width_mm(when, TEXT_PT, "bold") for when, _ in m["by_round"]] + [12.0]) + 2.0
    for when, what in m["by_round"]:
        right.append(Block("row", [(what, "body")], label=when, hang=min(hang, 30.0), gap=0.8))
    right.append(Block("p", [(m["tie"], "body")]))
    if m["twist"]:
        right.append(Block("h", [(f"Twist: {m['twist']['name']}", "bold")]))
        right.append(Block("p", [(m["twist"]["effect"], "body")]))
    if m["special"]:
        right.append(Block("h", [("Special rules", "bold")]))
        for line in m["special"]:
            right.append(Block("p", [(line, "body")], gap=0.8))
    right.append(Block("h", [("Balance", "bold")]))
    if m["balance_stale"]:
        right.append(Block("p", [(m["balance_stale"], "bold")], fill=STALE_INK))
    right.append(Block("p", [(m["balance_line"], "body")]))
    if m["play"]:
        right.append(Block("p", [(m["play"], "italic")]))
    return left, right


def mission_drawing(view: dict[str, Any], board, page_w: float, page_h: float, palette: dict[str, str],
                    ink_saver: bool = False, contents: str = "") -> Drawing:
    """The mission sheet of the booklet's ``view`` on a ``page_w`` x ``page_h`` mm page."""
    m = view["mission"]
    ink, band, accent = palette["ink"], palette["band"], palette["accent"]
    rule = palette["soft"] if not ink_saver else "#b0b0b0"
    ops: list = []
    if not ink_saver:
        ops.append(box(MARGIN - 4, MARGIN - 4, page_w - 2 * MARGIN + 8, page_h - 2 * MARGIN + 8, palette["paper"], None))
        ops.append(box(MARGIN - 4, MARGIN - 4, page_w - 2 * MARGIN + 8, 13.5, band, None))
        head_ink = "#ffffff"
    else:
        ops.append(Path((("M", MARGIN, MARGIN + 9.5), ("L", page_w - MARGIN, MARGIN + 9.5)),
                        Style(stroke=band, stroke_width=0.8)))
        head_ink = band
    ops.append(Text(MARGIN, MARGIN + 5.6, _fit_title(m["title"], page_w - 2 * MARGIN - 55), "title", 15, head_ink))
    tag = f"{view['system_title']} \u00b7 mission sheet"
    ops.append(Text(page_w - MARGIN - text_width_mm(tag, 8, "bold"), MARGIN + 5.2, tag, "bold", 8, head_ink))
    y = MARGIN + 13.5
    intro = Column(MARGIN, y, page_w - 2 * MARGIN, 30.0, [
        Block("p", [(m["tale"], "italic")], gap=0.6),
        Block("p", [(f"{view['sides'][0]['label']}:", "bold"), (m["forces"][0], "body"), ("against", "italic"),
                    (f"{view['sides'][1]['label']}:", "bold"), (m["forces"][1], "body")], gap=0.2)])
    intro_h = needed(intro, 8.0)
    intro.h = intro_h + 0.5
    intro_ops, _, _ = lay_out([intro], 8.0, 8.0, ink, accent, rule)
    ops += intro_ops
    y += intro_h + 1.5
    left, right = _blocks(view, ink_saver)
    footer_h = 7.0
    col_w = (page_w - 2 * MARGIN - GUTTER) / 2
    for share in MAP_SHARES:
        map_ops, map_h = map_block(board, MARGIN, y, page_w - 2 * MARGIN, share * page_h, ink)
        top = y + map_h + 2.0
        room = page_h - MARGIN - footer_h - top
        columns = [Column(MARGIN, top, col_w, room, left), Column(MARGIN + col_w + GUTTER, top, col_w, room, right)]
        if all(needed(c, TEXT_PT - 0.6) <= room for c in columns) or share == MAP_SHARES[-1]:
            break
    _balance(columns)
    text_ops, size, overflow = lay_out(columns, TEXT_PT, FLOOR_PT, ink, accent, rule)
    ops += map_ops + text_ops
    foot_y = page_h - MARGIN - 1.0
    if contents:
        ops.append(Text(MARGIN, foot_y - 3.4, contents, "body", 6.6, palette["muted"]))
    foot = f"{m['title']} \u00b7 {view['system_title']} \u00b7 seed {view['seed']}"
    ops.append(Text(MARGIN, foot_y, foot, "body", 6.6, palette["muted"]))
    drawing = Drawing(width=page_w, height=page_h, ops=ops, title=f"{m['title']} mission sheet")
    if overflow:
        drawing.warnings.append(f"mission sheet: the text does not fit at {size:g} pt; it is cut")
    return drawing


def _groups(blocks: list[Block]) -> list[list[Block]]:
    """The blocks cut at each heading: a section with its heading."""
    out: list[list[Block]] = []
    for block in blocks:
        if block.kind == "h" or not out:
            out.append([])
        out[-1].append(block)
    return out


def _balance(columns: list[Column]) -> None:
    """Move the left column's last sections to the right one (before its Balance section) while
    that makes the taller column shorter, so the two columns end near each other."""
    left, right = columns
    at = len(_groups(right.blocks)) - 1  # moved sections go before Balance, in their own order
    while True:
        lg, rg = _groups(left.blocks), _groups(right.blocks)
        if len(lg) < 2:
            return
        before = max(needed(left, TEXT_PT), needed(right, TEXT_PT))
        moved_left = [b for g in lg[:-1] for b in g]
        moved_right = [b for g in rg[:at] + [lg[-1]] + rg[at:] for b in g]
        trial = (Column(left.x, left.y, left.w, left.h, moved_left), Column(right.x, right.y, right.w, right.h, moved_right))
        if max(needed(trial[0], TEXT_PT), needed(trial[1], TEXT_PT)) >= before:
            return
        left.blocks, right.blocks = moved_left, moved_right


def _fit_title(title: str, width: float) -> str:
    if text_width_mm(title, 15, "title") <= width:
        return title
    while len(title) > 4 and text_width_mm(title + "...", 15, "title") > width:
        title = title[:-1]
    return title + "..."
