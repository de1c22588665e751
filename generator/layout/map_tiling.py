"""Page sizes, unit parsing and the tiling of a large map over several printed pages.

Pure arithmetic in millimetres, no drawing: the renderer asks :func:`plan_pages` how to cut a
map of a given size into pages and then draws each tile. A map that does not fit one page is
cut into tiles that overlap by a band (so the sheets can be glued or taped with the band under
the neighbour), and the first page carries an assembly diagram instead of map content.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.errors import RenderError
from generator.units import parse_length

#: Paper sizes in millimetres (portrait: width, height), as in content/layout/pages.yaml, which is
#: the list every command reads (``poster`` is the common 24 x 36 inch print).
PAGES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "letter": (215.9, 279.4),
    "poster": (609.6, 914.4),
}

#: Printers rarely print closer than ~5 mm to the paper edge; 10 mm keeps every mark on paper.
MARGIN_MM = 10.0
#: Width of the band that two neighbouring tiles share.
OVERLAP_MM = 12.0
#: Room at the top of every page for the title / tile label and "print at 100%".
HEADER_MM = 12.0
#: Room at the bottom of a single-page map for the legend.
LEGEND_MM = 16.0

def parse_length_mm(text: str | float | int, what: str = "--hex-size") -> float:
    """A printed cell size (``"25mm"``, ``"2.5cm"``, ``"1in"``, ``'1"'``, a bare number = mm) in mm.

    Parsed by :func:`generator.units.parse_length`; sizes outside 5-200 mm are a RenderError
    naming the option and the allowed range, so the CLI prints one line.
    """
    mm = parse_length(text, what)
    if not 5.0 <= mm <= 200.0:
        raise RenderError(f"{what} {text!r} is {mm:g} mm: allowed is 5 mm to 200 mm")
    return mm


def page_size_mm(name: str) -> tuple[float, float]:
    """Portrait size of a named page; RenderError lists the known names."""
    from generator.layout.sizes import page_size  # the one list of pages (layout/pages.yaml)

    page = page_size(str(name))
    return (page.width, page.height)


@dataclass(frozen=True)
class Tile:
    """One printed piece of the map: the map region [x0, x1] x [y0, y1] in map millimetres."""

    index: int  # 1-based in reading order
    col: int
    row: int
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass
class PagePlan:
    """How a map of ``map_w`` x ``map_h`` mm is put on paper."""

    page_w: float
    page_h: float
    landscape: bool
    map_w: float
    map_h: float
    cols: int
    rows: int
    overlap: float
    area_w: float  # printable map area per page
    area_h: float
    tiles: list[Tile] = field(default_factory=list)
    bottom: float = 0.0  # band kept free at the foot of every page (a booklet's footer)
    margin: float = MARGIN_MM  # the paper left blank around each page's print

    @property
    def single(self) -> bool:
        return self.cols * self.rows == 1

    @property
    def page_count(self) -> int:
        """Pages in the document: one, or the assembly page plus one per tile."""
        return 1 if self.single else 1 + len(self.tiles)


def tiles_needed(length: float, area: float, overlap: float) -> int:
    """Pieces of ``area`` needed to cover ``length`` when neighbours share ``overlap``.

    n pieces cover ``n * area - (n - 1) * overlap``; the smallest n with that >= length.
    """
    if area <= overlap:
        raise RenderError(f"page area {area:.0f} mm is not larger than the overlap band {overlap:.0f} mm")
    if length <= area + 1e-9:
        return 1
    return int(math.ceil((length - overlap) / (area - overlap) - 1e-9))


def _cuts(length: float, area: float, overlap: float, count: int) -> list[tuple[float, float]]:
    """Start/end of each piece along one axis: ``count`` equal pieces that overlap by ``overlap``.

    Equal pieces (rather than full pages and a thin last strip) keep every sheet easy to handle;
    ``count`` is minimal, so each piece still fits the page area.
    """
    if count == 1:
        return [(0.0, length)]
    size = (length + (count - 1) * overlap) / count
    step = size - overlap
    return [(i * step, length if i == count - 1 else i * step + size) for i in range(count)]


#: How close to the paper's printable edge (``content/layout/pages.yaml``) a map may come when
#: that saves pages: a 15 x 15 Bladestorm board of 1-inch squares takes four A4 tiles, not six.
TIGHT_EXTRA_MM = 1.0


def _tight_margin(page: str) -> float:
    from generator.layout.sizes import page_size

    return min(MARGIN_MM, page_size(str(page)).margin + TIGHT_EXTRA_MM)


def plan_pages(map_w: float, map_h: float, page: str = "a4", overlap: float = OVERLAP_MM,
               bottom: float = 0.0) -> PagePlan:
    """Choose portrait or landscape (fewest pages, portrait on a tie) and cut the map into tiles.

    A map that fits one page together with the header and legend bands is printed whole. Otherwise
    every tile page has only the header band, and tiles overlap by ``overlap`` mm. ``bottom`` mm
    more are kept free at the foot of each page (a booklet prints its footer there). Pages keep a
    10 mm margin unless printing closer to the paper's printable edge saves pages.
    """
    roomy = _plan(map_w, map_h, page, overlap, bottom, MARGIN_MM)
    tight = _plan(map_w, map_h, page, overlap, bottom, _tight_margin(page))
    return tight if tight.page_count < roomy.page_count else roomy


def _plan(map_w: float, map_h: float, page: str, overlap: float, bottom: float, margin: float) -> PagePlan:
    pw, ph = page_size_mm(page)
    best: PagePlan | None = None
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        area_w = w - 2 * margin
        single_h = h - 2 * margin - HEADER_MM - LEGEND_MM - bottom
        if map_w <= area_w + 1e-9 and map_h <= single_h + 1e-9:
            plan = PagePlan(w, h, landscape, map_w, map_h, 1, 1, 0.0, area_w, single_h,
                            [Tile(1, 0, 0, 0.0, 0.0, map_w, map_h)], bottom, margin)
        else:
            area_h = h - 2 * margin - HEADER_MM - bottom
            cols = tiles_needed(map_w, area_w, overlap)
            rows = tiles_needed(map_h, area_h, overlap)
            xs, ys = _cuts(map_w, area_w, overlap, cols), _cuts(map_h, area_h, overlap, rows)
            tiles = [
                Tile(r * cols + c + 1, c, r, xs[c][0], ys[r][0], xs[c][1], ys[r][1])
                for r in range(rows)
                for c in range(cols)
            ]
            plan = PagePlan(w, h, landscape, map_w, map_h, cols, rows, overlap, area_w, area_h, tiles, bottom, margin)
        if best is None or plan.page_count < best.page_count:
            best = plan
    assert best is not None
    return best
