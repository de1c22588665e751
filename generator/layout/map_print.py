"""Print a map at true scale: SVG, PDF or PNG, tiled over several pages when it is too big.

A "25 mm hex" is 25 mm across the flats on paper (the grid's ``*_mm`` geometry), and nothing
is ever scaled to fit: a map larger than the page is cut into overlapping tiles
(:mod:`.map_tiling`), each with alignment crosses in the shared band, and page 1 shows how
the tiles go together. Every page says "print at 100%" and carries a 50 mm ruler to check.

Layers, bottom to top: cell fills (ground, elevation, water, blocked, pits, obstructions),
deployment zones (player colours), grid lines, terrain marks, objectives, coordinates.
Styles (colours, labels) come from ``content/mapgen/styles.yaml``.

Files are written atomically: everything is rendered in memory, written to a temporary file in
the target folder and renamed, so an error never leaves a half-written map behind.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


from generator.errors import RenderError
from generator.files import write_atomic
from generator.layout.pdf import pdf_to_pngs
from generator.units import PT_PER_MM

from .map_canvas import MapCanvas, text_width_mm
from .map_tiling import HEADER_MM, MARGIN_MM, PagePlan, Tile, plan_pages

FORMATS = ("svg", "pdf", "png")
PNG_DPI = 150
DEFAULT_HEX_MM = 25.0
RULER_MM = 50.0


# --------------------------------------------------------------------------------------------
# Styles
# --------------------------------------------------------------------------------------------
def load_styles() -> dict:
    from generator.layout.settings import Styles, settings_data

    return settings_data("mapgen/styles.yaml", Styles)


def _cell(text) -> tuple[int, int]:
    c, r = str(text).split(",")
    return int(c), int(r)


# --------------------------------------------------------------------------------------------
# The map in millimetres
# --------------------------------------------------------------------------------------------
@dataclass
class MapGeometry:
    """Cell outlines and centres in map millimetres (origin at the board's top-left corner)."""

    board: object
    grid: object
    size_mm: float  # hex across flats, or square tile side
    width: float
    height: float
    corners: dict
    centres: dict

    @classmethod
    def of(cls, board, size_mm: float | None) -> "MapGeometry":
        grid = board.grid_obj()
        if board.grid == "square":
            size = size_mm if size_mm is not None else board.tile_in * 25.4
            x0, y0, x1, y1 = grid.bounds_mm(size)
            corners = {c: grid.corners_mm(c, size) for c in grid.cells()}
            centres = {c: grid.center_mm(c, size) for c in grid.cells()}
        else:
            size = size_mm if size_mm is not None else DEFAULT_HEX_MM
            x0, y0, x1, y1 = grid.bounds_mm(size)
            corners = {c: grid.corners_mm(c, size) for c in grid.cells()}
            centres = {c: grid.center_mm(c, size) for c in grid.cells()}
        corners = {c: [(x - x0, y - y0) for x, y in pts] for c, pts in corners.items()}
        centres = {c: (x - x0, y - y0) for c, (x, y) in centres.items()}
        return cls(board, grid, size, x1 - x0, y1 - y0, corners, centres)


def _legend_items(board, styles) -> list[tuple[str, str, str]]:
    """(kind, fill, label) for what this map actually shows."""
    t = styles["terrain"]
    items = []
    for kind, present in (("blocked", board.blocked), ("pits", board.pits), ("obstructions", board.obstructions),
                          ("water", board.water)):
        if present:
            items.append((kind, t[kind]["fill"], t[kind]["label"]))
    if board.elevation:
        for lvl in sorted(set(v for v in board.elevation.values() if v > 0)):
            items.append(("elevation", _level_fill(styles, lvl), f"Level {lvl}"))
    kinds = _marker_kinds(board)
    for kind in ("objective", "relic", "chest", "door"):
        if kind in kinds.values():
            items.append((kind, t[kind]["fill"], t[kind]["label"]))
    for i, (player, zone) in enumerate(board.zones.items()):
        colour = styles["players"][i % len(styles["players"])]["fill"]
        if zone.start:
            items.append(("start", colour, f"{player}: start"))
        if zone.reserve:
            items.append(("reserve", colour, f"{player}: reserve"))
    if board.walls:
        items.append(("wall", t["blocked"]["fill"], "Wall"))
    return items


def _marker_kinds(board) -> dict[str, str]:
    """The numbered markers in number order, each with what it is: the map's objectives first,
    then SagaBorn relics, chests and doors not among them (a relic vault's doors are part of
    the battle, so the printed map shows them)."""
    lists = {"relic": list(getattr(board, "relics", ())), "chest": list(getattr(board, "chests", ())),
             "door": list(getattr(board, "doors", ()))}
    kinds = {cell: next((kind for kind, cells in lists.items() if cell in cells), "objective")
             for cell in board.objectives}
    for kind, cells in lists.items():
        for cell in cells:
            kinds.setdefault(cell, kind)
    return kinds


def _marker(cv, kind: str, x: float, y: float, r: float, fill: str, width: float) -> None:
    """One marker centred on (x, y), ``r`` its half-size: a circle (objective), a diamond (relic),
    a square (chest) or a bar (door)."""
    stroke = "#5a4300"
    if kind == "relic":
        cv.polygon([(x, y - 1.2 * r), (x + 1.2 * r, y), (x, y + 1.2 * r), (x - 1.2 * r, y)], fill=fill, stroke=stroke,
                   width=width)
    elif kind == "chest":
        cv.rect(x - r, y - 0.8 * r, 2 * r, 1.6 * r, fill=fill, stroke=stroke, width=width)
    elif kind == "door":
        cv.rect(x - 1.3 * r, y - 0.55 * r, 2.6 * r, 1.1 * r, fill=fill, stroke=stroke, width=width)
    else:
        cv.circle(x, y, r, fill=fill, stroke=stroke, width=width)


def _level_fill(styles, level: int) -> str:
    ramp = styles["elevation"]
    return ramp[min(max(level, 1), len(ramp)) - 1]


def _luminance(colour: str) -> float:
    c = colour.lstrip("#")
    r, g, b = (int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def draw_map(cv, geo: MapGeometry, ox: float, oy: float, styles, scale: float = 1.0,
             coordinates: bool = True, window: tuple[float, float, float, float] | None = None) -> None:
    """Draw the map with its top-left corner at page (ox, oy); ``scale`` 1 is true size.

    ``window`` (x0, y0, x1, y1 in map mm) limits drawing to the cells that reach into it, so a
    tile page holds only its own part of a large map (the page clip does the exact cut). The map
    is painted in layers, bottom first: cell fills, deployment zones, the grid, terrain marks,
    walls, zone and level labels, objectives, coordinates.
    """
    paint = _MapPainter(cv, geo, ox, oy, styles, scale, window)
    fills = paint.cells()
    paint.zones()
    paint.grid()
    paint.terrain_marks()
    paint.walls()
    paint.labels()
    paint.objectives()
    if coordinates:
        paint.coordinates(fills)


class _MapPainter:
    """One map drawn at one place and scale: the cells shown and the board's terrain by cell,
    shared by the layers :func:`draw_map` paints."""

    def __init__(self, cv, geo: MapGeometry, ox: float, oy: float, styles, scale: float,
                 window: tuple[float, float, float, float] | None):
        self.cv, self.geo, self.ox, self.oy, self.styles, self.scale = cv, geo, ox, oy, styles, scale
        board = self.board = geo.board
        self.t = styles["terrain"]
        if window is None:
            shown = set(geo.corners)
        else:
            wx0, wy0, wx1, wy1 = window
            shown = set()
            for c, pts in geo.corners.items():
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                if min(xs) <= wx1 and max(xs) >= wx0 and min(ys) <= wy1 and max(ys) >= wy0:
                    shown.add(c)
        self.shown = shown
        self.s = geo.size_mm * scale
        self.blocked = {_cell(c) for c in board.blocked}
        self.pits = {_cell(c) for c in board.pits}
        self.obstructions = {_cell(c) for c in board.obstructions}
        self.water = {_cell(c) for c in board.water}
        self.levels = {_cell(k): v for k, v in board.elevation.items()}
        self.small = max(4.0, 0.11 * self.s * PT_PER_MM)

    def P(self, pt):
        return self.ox + pt[0] * self.scale, self.oy + pt[1] * self.scale

    def cells(self) -> dict:
        """Each shown cell filled by its terrain (the strongest wins); returns the fills."""
        styles, t, P = self.styles, self.t, self.P
        fills = {}
        for c in self.geo.corners:
            if c not in self.shown:
                continue
            fill = styles["background"]
            if self.levels.get(c, 0) > 0:
                fill = _level_fill(styles, self.levels[c])
            if c in self.water:
                fill = t["water"]["fill"]
            if c in self.obstructions:
                fill = t["obstructions"]["fill"]
            if c in self.pits:
                fill = t["pits"]["fill"]
            if c in self.blocked:
                fill = t["blocked"]["fill"]
            fills[c] = fill
            self.cv.polygon([P(p) for p in self.geo.corners[c]], fill=fill)
        return fills

    def zones(self) -> None:
        """Deployment zones tinted in the player's colour: start cells darker than reserve."""
        for i, (player, zone) in enumerate(self.board.zones.items()):
            colour = self.styles["players"][i % len(self.styles["players"])]["fill"]
            for key, alpha in (("start", 0.45), ("reserve", 0.22)):
                for text in getattr(zone, key):
                    c = _cell(text)
                    if c in self.shown:
                        self.cv.polygon([self.P(p) for p in self.geo.corners[c]], fill=colour, alpha=alpha)

    def grid(self) -> None:
        lw = self.styles["grid_line_mm"] * max(self.scale, 0.4)
        for c, pts in self.geo.corners.items():
            if c in self.shown:
                self.cv.polygon([self.P(p) for p in pts], stroke=self.styles["grid_line"], width=lw)

    def terrain_marks(self) -> None:
        """Marks that tell terrain apart without colour: rings for pits, a cross for an
        obstruction, waves for water."""
        cv, geo, P, s, scale = self.cv, self.geo, self.P, self.s, self.scale
        for c in self.pits & self.shown:
            x, y = P(geo.centres[c])
            cv.circle(x, y, 0.28 * s, stroke="#7a6a5a", width=0.5 * scale)
            cv.circle(x, y, 0.14 * s, stroke="#7a6a5a", width=0.35 * scale)
        for c in self.obstructions & self.shown:
            x, y = P(geo.centres[c])
            d = 0.22 * s
            cv.line(x - d, y - d, x + d, y + d, "#3b2a16", 0.8 * scale)
            cv.line(x - d, y + d, x + d, y - d, "#3b2a16", 0.8 * scale)
        for c in self.water & self.shown:
            x, y = P(geo.centres[c])
            for dy in (-0.12 * s, 0.08 * s):
                pts = [(x - 0.25 * s + k * 0.0625 * s, y + dy + (0.04 * s if k % 2 else -0.04 * s)) for k in range(9)]
                cv.polyline(pts, "#3d7fb0", 0.35 * scale)

    def walls(self) -> None:
        """A square map's walls, drawn from their outlines in inches."""
        board, geo, ox, oy, s = self.board, self.geo, self.ox, self.oy, self.s
        if not board.walls:
            return
        k = (geo.size_mm / board.tile_in) * self.scale
        fill = self.t["blocked"]["fill"]
        for wall in board.walls:
            g = wall.geometry()
            if g.geom_type == "LineString":
                self.cv.polyline([(ox + x * k, oy + y * k) for x, y in g.coords], fill, max(1.5, 0.08 * s))
            else:
                for poly in getattr(g, "geoms", [g]):
                    self.cv.polygon([(ox + x * k, oy + y * k) for x, y in poly.exterior.coords], fill=fill)

    def labels(self) -> None:
        """Each zone cell's player (``A``, ``A R`` for reserve) and each raised cell's level."""
        cv, geo, P, s, small = self.cv, self.geo, self.P, self.s, self.small
        for i, (player, zone) in enumerate(self.board.zones.items()):
            colour = self.styles["players"][i % len(self.styles["players"])]["fill"]
            for key, label in (("start", player), ("reserve", f"{player} R")):
                for text in getattr(zone, key):
                    c = _cell(text)
                    if c in self.shown:
                        x, y = P(geo.centres[c])
                        cv.text(x, y + 0.32 * s, label, small, "bold", colour, "middle")
        for c, lvl in self.levels.items():
            if c in self.shown and lvl and c not in self.blocked:
                x, y = P(geo.centres[c])
                cv.text(x + 0.3 * s, y + 0.06 * s, f"L{lvl}", small, "bold", "#5a4a20", "middle")

    def objectives(self) -> None:
        """Objectives, relics, chests and doors: a marker of their kind, numbered as in the legend."""
        cv, geo, P, s = self.cv, self.geo, self.P, self.s
        kinds = _marker_kinds(self.board)
        for n, text in enumerate(kinds, 1):
            c = _cell(text)
            if c not in self.shown:
                continue
            x, y = P(geo.centres[c])
            kind = kinds[text]
            _marker(cv, kind, x, y, 0.22 * s, self.t[kind]["fill"], 0.5 * self.scale)
            ink = "#ffffff" if kind == "door" else "#3a2c00"
            cv.text(x, y + 0.08 * s, str(n), 0.22 * s * PT_PER_MM, "bold", ink, "middle")

    def coordinates(self, fills: dict) -> None:
        """``col,row`` in each cell, light on dark fills."""
        for c, (cx, cy) in self.geo.centres.items():
            if c not in self.shown:
                continue
            x, y = self.P((cx, cy))
            ink = "#ffffff" if _luminance(fills[c]) < 0.35 else self.styles["coordinate_text"]
            self.cv.text(x, y - 0.28 * self.s, f"{c[0]},{c[1]}", self.small, "body", ink, "middle")


# --------------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------------
def _ruler(cv, x: float, y: float) -> None:
    """A 50 mm scale bar with 10 mm ticks: measure it to check the print is at 100%."""
    cv.line(x, y, x + RULER_MM, y, "#000000", 0.3)
    for i in range(6):
        tx = x + i * 10
        cv.line(tx, y - (2.0 if i % 5 == 0 else 1.2), tx, y, "#000000", 0.3)
    cv.text(x + RULER_MM / 2, y + 3.2, "50 mm: measure to check the scale", 6.0, "body", "#000000", "middle")


def _fitted_text(cv, x: float, y: float, text: str, width: float, size_pt: float, floor_pt: float,
                 role: str = "body", max_lines: int = 1, leading: float = 1.25) -> float:
    """Text wrapped to ``width`` mm in at most ``max_lines`` lines, shrinking toward ``floor_pt``
    (cut with an ellipsis past it); ``y`` is the first baseline. Returns the height used below it."""
    from generator.layout.textfit import Word, fit

    words = [Word(t, role) for t in text.split()]
    fitted = fit(words, width, 1000.0 if max_lines > 1 else None, size_pt, floor_pt, leading=leading,
                 max_lines=max_lines)
    first = min((r.baseline for r in fitted.runs), default=0.0)
    for run in fitted.runs:
        cv.text(x + run.x, y + run.baseline - first, run.text, fitted.size_pt, run.role, "#000000")
    return max((r.baseline for r in fitted.runs), default=0.0) - first


def _header(cv, page_w: float, title: str, subtitle: str, margin: float = MARGIN_MM) -> None:
    """Title and subtitle on the left, the 50 mm ruler on the right; the text never reaches the ruler."""
    top = margin
    ruler_x = page_w - margin - RULER_MM
    room = ruler_x - 4.0 - margin
    _fitted_text(cv, margin, top + 4.2, title, room, 11.0, 7.0, "title")
    _fitted_text(cv, margin, top + 9.0, subtitle, room, 7.5, 6.0, "body")
    _ruler(cv, ruler_x, top + 4.5)


def _legend(cv, items, x: float, y: float, max_w: float) -> float:
    """Legend swatches in rows from (x, y); returns the height used."""
    cx, cy, row_h = x, y, 6.0
    for kind, fill, label in items:
        w = 5.0 + 1.5 + text_width_mm(label, 7.0) + 5.0
        if cx + w > x + max_w and cx > x:
            cx, cy = x, cy + row_h
        alpha = 0.45 if kind == "start" else 0.22 if kind == "reserve" else 1.0
        if kind in ("objective", "relic", "chest", "door"):
            _marker(cv, kind, cx + 2.5, cy + 2.5, 2.0, fill, 0.3)
        else:
            cv.rect(cx, cy, 5.0, 5.0, fill=fill, alpha=alpha)
            cv.rect(cx, cy, 5.0, 5.0, stroke="#6b6b6b", width=0.2)
        cv.text(cx + 6.5, cy + 3.8, label, 7.0, "body", "#000000")
        cx += w
    return cy + row_h - y


def _describe(board, geo: MapGeometry) -> str:
    what = "hexes" if board.grid == "hex" else "square tiles"
    across = "across the flats" if board.grid == "hex" else "per side"
    name = board.name or (f"{SYSTEM_TITLES.get(board.system, board.system.title())} map" if board.system else "Map")
    return f"{name}: {board.width} x {board.height} {what}, {geo.size_mm:g} mm {across}"


SYSTEM_TITLES = {"bladeborn": "Bladeborn", "gorechosen": "Gorechosen", "sagaborn": "SagaBorn Battles",
                 "bladestorm": "Bladestorm", "warcry": "Warcry"}
PRINT_NOTE = "Print at 100% (actual size) - turn off 'fit to page'."


def _single_page(cv, plan: PagePlan, geo: MapGeometry, styles) -> None:
    board = geo.board
    cv.new_page(plan.page_w, plan.page_h)
    _header(cv, plan.page_w, _describe(board, geo), PRINT_NOTE, plan.margin)
    ox = plan.margin + (plan.area_w - geo.width) / 2
    oy = plan.margin + HEADER_MM
    draw_map(cv, geo, ox, oy, styles)
    _legend(cv, _legend_items(board, styles), plan.margin, oy + geo.height + 4.0, plan.area_w)


def _alignment_marks(plan: PagePlan, tile: Tile) -> list[tuple[float, float]]:
    """Cross positions in map mm, in the bands this tile shares with its neighbours.

    The crosses sit on the centre line of each overlap band, so the same map point carries a
    cross on both tiles: lay one over the other until the crosses coincide.
    """
    marks = []
    ov = plan.overlap
    xs_bands, ys_bands = [], []
    if tile.col + 1 < plan.cols:
        xs_bands.append(tile.x1 - ov / 2)
    if tile.col > 0:
        xs_bands.append(tile.x0 + ov / 2)
    if tile.row + 1 < plan.rows:
        ys_bands.append(tile.y1 - ov / 2)
    if tile.row > 0:
        ys_bands.append(tile.y0 + ov / 2)
    for x in xs_bands:
        for f in (0.2, 0.8):
            marks.append((x, tile.y0 + f * tile.height))
    for y in ys_bands:
        for f in (0.2, 0.8):
            marks.append((tile.x0 + f * tile.width, y))
    return marks


def _cross(cv, x: float, y: float) -> None:
    cv.circle(x, y, 2.0, stroke="#000000", width=0.25)
    cv.line(x - 3.5, y, x + 3.5, y, "#000000", 0.25)
    cv.line(x, y - 3.5, x, y + 3.5, "#000000", 0.25)


def _tile_page(cv, plan: PagePlan, geo: MapGeometry, styles, tile: Tile, first_page: int = 1) -> None:
    cv.new_page(plan.page_w, plan.page_h)
    n = len(plan.tiles)
    _header(cv, plan.page_w,
            f"Tile {tile.index} of {n} (row {tile.row + 1}, column {tile.col + 1}) - page {tile.index + first_page}",
            PRINT_NOTE + " Shaded bands lie under the next tile; match the crosses.", plan.margin)
    ox, oy = plan.margin, plan.margin + HEADER_MM  # page position of the tile's map-corner (x0, y0)
    cv.begin_clip(ox, oy, tile.width, tile.height)
    draw_map(cv, geo, ox - tile.x0, oy - tile.y0, styles, window=(tile.x0, tile.y0, tile.x1, tile.y1))
    ov = plan.overlap
    if tile.col + 1 < plan.cols:
        cv.rect(ox + tile.width - ov, oy, ov, tile.height, fill="#000000", alpha=0.12)
    if tile.row + 1 < plan.rows:
        cv.rect(ox, oy + tile.height - ov, tile.width, ov, fill="#000000", alpha=0.12)
    for mx, my in _alignment_marks(plan, tile):
        _cross(cv, ox + mx - tile.x0, oy + my - tile.y0)
    cv.end_clip()
    cv.rect(ox, oy, tile.width, tile.height, stroke="#000000", width=0.2, dash=(1.5, 1.5))


def _assembly_page(cv, plan: PagePlan, geo: MapGeometry, styles, first_page: int = 1) -> None:
    board = geo.board
    cv.new_page(plan.page_w, plan.page_h)
    n = len(plan.tiles)
    _header(cv, plan.page_w, _describe(board, geo), PRINT_NOTE, plan.margin)
    top = plan.margin + HEADER_MM + 2.0
    # the tile count leads the assembly note rather than sharing the header's line, where it
    # would run into the ruler: the note has the page's whole width and may take two lines
    extra = _fitted_text(
        cv, plan.margin, top + 3.5,
        f"Assembly: {n} tiles on pages {first_page + 1}-{first_page + n}, {plan.cols} across x {plan.rows} down, overlapping by "
        f"{plan.overlap:g} mm. Lay each tile over the shaded band of its left and upper neighbours so that "
        "the crosses coincide, then tape.", plan.area_w, 8.0, 6.5, max_lines=2)
    legend_y = plan.page_h - plan.margin - plan.bottom - 24.0
    oy = top + 8.0 + extra
    avail_w, avail_h = plan.area_w, legend_y - oy - 4.0
    scale = min(avail_w / geo.width, avail_h / geo.height)
    ox = plan.margin + (avail_w - geo.width * scale) / 2
    draw_map(cv, geo, ox, oy, styles, scale=scale, coordinates=False)
    for tile in plan.tiles:
        x, y = ox + tile.x0 * scale, oy + tile.y0 * scale
        w, h = tile.width * scale, tile.height * scale
        cv.rect(x, y, w, h, stroke="#c0392b", width=0.5, dash=(2.0, 1.2))
        # The page number sits on a white badge in the tile's top-left corner, where it does
        # not hide the middle of the board (objectives, terrain).
        size = min(16.0, max(8.0, 0.2 * min(w, h) * PT_PER_MM))
        badge_w, badge_h = size / PT_PER_MM * 1.6, size / PT_PER_MM * 1.3
        cv.rect(x + 1.0, y + 1.0, badge_w, badge_h, fill="#ffffff", stroke="#c0392b", width=0.4, alpha=0.9)
        cv.text(x + 1.0 + badge_w / 2, y + 1.0 + badge_h / 2 + size / PT_PER_MM * 0.35, str(tile.index + first_page), size,
                "bold", "#c0392b", "middle")
    cv.text(plan.margin, legend_y - 1.0, "Red numbers are page numbers.", 7.0, "italic", "#000000")
    _legend(cv, _legend_items(board, styles), plan.margin, legend_y + 1.0, plan.area_w)


def compose(cv, board, hex_size_mm: float | None, page: str, bottom: float = 0.0, first_page: int = 1,
            assembly: bool = True) -> PagePlan:
    """Draw every page of ``board`` onto ``cv``; returns the page plan used.

    For a map inside a longer document (a scenario booklet): ``bottom`` mm are kept free at the
    foot of each page for the document's footer, ``first_page`` is the document's page number
    of the map's first page, so the assembly diagram names the right pages, and ``assembly``
    False leaves the diagram out (the booklet's mission sheet already shows the whole map, and
    each tile names its row and column)."""
    styles = load_styles()
    geo = MapGeometry.of(board, hex_size_mm)
    plan = plan_pages(geo.width, geo.height, page, bottom=bottom)
    if plan.single:
        _single_page(cv, plan, geo, styles)
    else:
        if assembly:
            _assembly_page(cv, plan, geo, styles, first_page)
        else:
            first_page -= 1  # no diagram page: tile 1 is the map's first page
        for tile in plan.tiles:
            _tile_page(cv, plan, geo, styles, tile, first_page)
    return plan


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------
def page_paths(out: Path, count: int) -> list[Path]:
    """One path for a single page; ``name-p1.ext``, ``name-p2.ext``... for several (SVG, PNG)."""
    if count == 1:
        return [out]
    return [out.with_name(f"{out.stem}-p{i}{out.suffix}") for i in range(1, count + 1)]


def page_plan(board, hex_size_mm: float | None = None, page: str = "a4") -> PagePlan:
    """How ``board`` would be cut into pages, before drawing anything (for a page-count check)."""
    geo = MapGeometry.of(board, hex_size_mm)
    return plan_pages(geo.width, geo.height, page)


def render_pdf_bytes(board, hex_size_mm: float | None = None, page: str = "a4") -> tuple[bytes, PagePlan]:
    cv = MapCanvas(title=board.name or f"{board.system or 'skirmish'} map")
    plan = compose(cv, board, hex_size_mm, page)
    return cv.pdf(subject="Printable map: print at 100% (actual size)"), plan


def render_map(board, out: str | os.PathLike, fmt: str | None = None, hex_size_mm: float | None = None,
               page: str = "a4", dpi: int = PNG_DPI) -> list[Path]:
    """Render ``board`` to ``out`` in ``fmt`` (pdf, svg or png; default from the suffix); returns the files.

    A multi-page SVG or PNG becomes one file per page (``name-p1.svg``...); a PDF is one file.
    Everything is rendered before the first file is written.
    """
    out = Path(out)
    fmt = (fmt or out.suffix.lstrip(".") or "pdf").lower()
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")
    if out.suffix.lower() != f".{fmt}":
        out = out.with_suffix(f".{fmt}")
    if fmt == "svg":
        cv = MapCanvas(title=board.name or f"{board.system or 'skirmish'} map")
        compose(cv, board, hex_size_mm, page)
        blobs = [s.encode("utf-8") for s in cv.svgs()]
    else:
        pdf, _ = render_pdf_bytes(board, hex_size_mm, page)
        blobs = [pdf] if fmt == "pdf" else pdf_to_pngs(pdf, dpi)
    paths = page_paths(out, len(blobs))
    for path, blob in zip(paths, blobs):
        write_atomic(path, blob)
    return paths
