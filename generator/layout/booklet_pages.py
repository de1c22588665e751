"""The booklet's pages and figures, each drawn by the piece that owns it.

The mission sheet (:mod:`generator.layout.mission`), the tokens page
(:mod:`generator.layout.tokens`), the true-scale map with its tiling and assembly diagram
(:mod:`generator.layout.map_print`), the combatant cards imposed as by ``skirmish cards``
(:mod:`generator.layout.deck`) and the quick reference (:mod:`generator.layout.reference`) arrive
here as drawings and leave as ``(paint, width, height, free_bottom)`` full pages; the cover, the
overview map and the balance chart are flowables set in the text. The composer
(:mod:`generator.layout.booklet_compose`) puts them in the order the template asks for.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from generator.errors import RenderError
from generator.layout.fonts import font
from generator.layout.sizes import PageSize
from generator.units import mm_to_pt
from generator.words import possessive

#: A map tiled on more pages than this gets its assembly diagram in the booklet.
ASSEMBLY_FROM = 4


# ---- flowables ----------------------------------------------------------------------------------


def flowable_classes():
    """Flowable classes, made on first use so that importing this module does not load reportlab."""
    from reportlab.platypus import Flowable

    class FullPage(Flowable):
        """A whole page drawn by ``paint(canvas)`` in page coordinates (a map tile, a card sheet)."""

        def __init__(self, paint: Callable, width_mm: float, height_mm: float, toc: str | None = None,
                     free_bottom: float = 0.0, margin: float = 0.0):
            super().__init__()
            self.paint, self.page_w, self.page_h = paint, width_mm, height_mm
            self.toc, self.free_bottom, self.margin = toc, free_bottom, margin

        def wrap(self, avail_w, avail_h):
            return avail_w, avail_h

        def drawOn(self, canvas, x, y, _sW=0):
            canvas.saveState()
            if self.margin:  # nothing prints closer to the paper's edge than the printer can reach
                m, p = mm_to_pt(1), canvas.beginPath()
                p.rect(self.margin * m, self.margin * m, (self.page_w - 2 * self.margin) * m,
                       (self.page_h - 2 * self.margin) * m)
                canvas.clipPath(p, stroke=0, fill=0)
            self.paint(canvas)
            canvas.restoreState()
            canvas._sk_free_bottom = self.free_bottom

    class Figure(Flowable):
        """A drawing made by ``paint(canvas, w_mm, h_mm)`` in a box of the frame's width."""

        def __init__(self, paint: Callable, size: Callable[[float, float], tuple[float, float]]):
            super().__init__()
            self.paint_fn, self.size_fn = paint, size
            self.w_mm = self.h_mm = 0.0

        def wrap(self, avail_w, avail_h):
            self.w_mm, self.h_mm = self.size_fn(avail_w / mm_to_pt(1), avail_h / mm_to_pt(1))
            return mm_to_pt(self.w_mm), mm_to_pt(self.h_mm)

        def draw(self):
            self.paint_fn(self.canv, self.w_mm, self.h_mm)

    return FullPage, Figure


# ---- drawings -----------------------------------------------------------------------------------


def _ops_painter(ops, page_h: float, ox: float = 0.0, oy: float = 0.0):
    from generator.layout.pdf_writer import draw_ops

    return lambda canvas: draw_ops(canvas, ops, ox, oy, page_h)


def _inset_background(ops, w: float, h: float, margin: float, ink_saver: bool):
    """A reference sheet's full-page background: kept inside the printable margin, or dropped."""
    from generator.layout.draw import Rect

    out = []
    for op in ops:
        if isinstance(op, Rect) and op.x <= 0.01 and op.y <= 0.01 and op.w >= w - 0.01 and op.h >= h - 0.01:
            if ink_saver:
                continue
            op = Rect(margin, margin, w - 2 * margin, h - 2 * margin, op.style, op.rx)
        out.append(op)
    return out


def _is_background(op, drawing) -> bool:
    from generator.layout.draw import Rect

    return isinstance(op, Rect) and op.w >= drawing.width - 2 * 5.1 and op.h >= drawing.height - 2 * 5.1


def _map_canvas_page(board, scale: float, w_mm: float, h_mm: float, legend: bool, coordinates: bool):
    """A MapCanvas page with the whole map drawn at ``scale`` and, below it, its legend."""
    from generator.layout.map_print import MapGeometry, _legend, _legend_items, draw_map, load_styles
    from generator.layout.map_canvas import MapCanvas

    styles = load_styles()
    geo = MapGeometry.of(board, None)
    cv = MapCanvas(title="overview")
    cv.new_page(w_mm, h_mm)
    ox = (w_mm - geo.width * scale) / 2
    draw_map(cv, geo, ox, 0.0, styles, scale=scale, coordinates=coordinates)
    if legend:
        _legend(cv, _legend_items(board, styles), 0.0, geo.height * scale + 4.0, w_mm)
    return cv.pages[0]


def _legend_height(board, width_mm: float) -> float:
    from generator.layout.map_print import _legend, _legend_items, load_styles
    from generator.layout.map_canvas import MapCanvas

    cv = MapCanvas(title="legend")
    cv.new_page(width_mm, 100.0)
    return _legend(cv, _legend_items(board, load_styles()), 0.0, 0.0, width_mm) + 6.0


def map_figure(board, max_h_mm: float | None = None, legend: bool = True, coordinates: bool = False):
    """A flowable of the whole map scaled to the frame (the cover preview, the overview page)."""
    from generator.layout.map_print import MapGeometry
    from generator.layout.pdf_writer import draw_ops

    _, Figure = flowable_classes()
    geo = MapGeometry.of(board, None)

    def size(avail_w, avail_h):
        legend_h = _legend_height(board, avail_w) if legend else 0.0
        room_h = min(avail_h, max_h_mm or avail_h) - legend_h - 1.0
        scale = max(min(avail_w / geo.width, room_h / geo.height), 0.05)
        return avail_w, geo.height * scale + legend_h

    def paint(canvas, w_mm, h_mm):
        legend_h = _legend_height(board, w_mm) if legend else 0.0
        scale = min(w_mm / geo.width, (h_mm - legend_h) / geo.height)
        page = _map_canvas_page(board, scale, w_mm, h_mm, legend, coordinates)
        draw_ops(canvas, page.ops, 0.0, 0.0, h_mm)

    return Figure(paint, size)


def balance_figure(view: dict[str, Any], palette: dict[str, str]):
    """A small chart: A's win rate with its 95% interval against the even line, and the split of
    results (A wins, draws, B wins) as one bar."""
    from reportlab.lib.colors import HexColor

    _, Figure = flowable_classes()
    b = view["balance"]
    names = (view["sides"][0]["label"], view["sides"][1]["label"])

    def size(avail_w, avail_h):
        return avail_w, 34.0

    def paint(canvas, w_mm, h_mm):
        m = mm_to_pt(1)
        body, bold = font("body").pdf_name, font("bold").pdf_name
        left, right = 30.0, w_mm - 6.0
        span = right - left

        def X(p):
            return (left + p * span) * m

        def Y(y):  # y in mm from the top of the figure
            return (h_mm - y) * m

        ink, accent = HexColor(palette["ink"]), HexColor(palette["accent"])
        canvas.setFont(body, 7.5)
        canvas.setFillColor(ink)
        # axis
        canvas.setStrokeColor(HexColor(palette["muted"]))
        canvas.setLineWidth(0.5)
        canvas.line(X(0), Y(14), X(1), Y(14))
        for k in range(0, 11):
            canvas.line(X(k / 10), Y(14), X(k / 10), Y(15.2 if k % 5 else 16))
            if k % 2 == 0:
                canvas.drawCentredString(X(k / 10), Y(19), f"{k * 10}%")
        canvas.setFont(bold, 8)
        canvas.drawString(0, Y(9.3), f"{possessive(names[0])} score")
        # interval and point
        lo, hi = b["ci"]
        canvas.setFillColor(HexColor(palette["soft"]))
        canvas.setStrokeColor(accent)
        canvas.setLineWidth(1.0)
        canvas.rect(X(lo), Y(11.5), (hi - lo) * span * m, 5 * m, stroke=1, fill=1)
        canvas.setFillColor(accent)
        canvas.circle(X(b["win_rate_a"]), Y(9), 1.6 * m, stroke=0, fill=1)
        canvas.setDash(2, 2)
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(0.6)
        canvas.line(X(0.5), Y(3), X(0.5), Y(16))
        canvas.setDash()
        canvas.setFont(body, 7)
        canvas.setFillColor(ink)
        canvas.drawCentredString(X(0.5), Y(1.2), "even")
        # results bar
        total = max(b["wins_a"] + b["wins_b"] + b["draws"], 1)
        x = 0.0
        canvas.setFont(bold, 8)
        canvas.drawString(0, Y(27.3), "Results")
        for share, fill, label in ((b["wins_a"] / total, palette["band"], names[0]),
                                   (b["draws"] / total, palette["muted"], "draw"),
                                   (b["wins_b"] / total, palette["accent"], names[1])):
            if share <= 0:
                continue
            canvas.setFillColor(HexColor(fill))
            canvas.rect(X(x), Y(30), share * span * m, 5 * m, stroke=0, fill=1)
            if share * span > 22:
                canvas.setFillColor(HexColor("#ffffff"))
                canvas.setFont(body, 7)
                canvas.drawCentredString(X(x + share / 2), Y(28.3), f"{label} {share * 100:.0f}%")
            x += share

    return Figure(paint, size)


@lru_cache(maxsize=1)
def _measuring_canvas():
    from reportlab.pdfgen.canvas import Canvas

    return Canvas(io.BytesIO())


def flowable_height(f, width: float, height: float) -> float:
    """How tall ``f`` is set ``width`` wide (some flowables measure their bullets on a canvas)."""
    content = getattr(f, "_content", None)
    if isinstance(content, list):  # KeepTogether reports no height of its own
        return sum(flowable_height(x, width, height) for x in content)
    had = hasattr(f, "canv")
    if not had:
        f.canv = _measuring_canvas()
    try:
        _, h = f.wrap(width, height)
    finally:
        if not had:
            del f.canv
    return h + f.getSpaceBefore() + f.getSpaceAfter()


def mission_page(view, board, paper: PageSize, palette, ink_saver: bool, contents: str):
    """The mission sheet as a full page (it prints its own footer, so the booklet's is left off)."""
    from generator.layout.mission import mission_drawing

    drawing = mission_drawing(view, board, paper.width, paper.height, palette, ink_saver, contents)
    return _ops_painter(drawing.ops, drawing.height), drawing.width, drawing.height, 0.0


def tokens_page(view, board, hex_mm: float, paper: PageSize, palette, ink_saver: bool):
    from generator.layout.map_print import MapGeometry
    from generator.layout.tokens import tokens_drawing

    cell = MapGeometry.of(board, hex_mm if board.grid == "hex" else None).size_mm
    drawing = tokens_drawing(view, board, cell, paper.width, paper.height, palette, ink_saver)
    return (_ops_painter(drawing.ops, drawing.height), drawing.width, drawing.height,
            drawing.height - _ops_bottom(drawing.ops))


def cover_flowables(view, styles, board, para):
    from reportlab.platypus import Spacer

    out = [Spacer(1, 6), para(f"{view['system_title']} scenario", "kicker"), para(view["title"], "title"),
           para(view["tale"], "tale")]
    a, b = view["sides"]
    out.append(para(f"<b>{a['label']}</b>: {a['force_name']} ({a['total']} {view['words']['cost']})"
                    f" &nbsp; against &nbsp; <b>{b['label']}</b>: {b['force_name']} ({b['total']} {view['words']['cost']})"))
    out.append(Spacer(1, 8))
    out.append(map_figure(board, max_h_mm=165.0, legend=True, coordinates=False))
    if view["balance"]:
        bal = view["balance"]
        out.append(Spacer(1, 6))
        out.append(para(f"Tested in {bal['games']:,} simulated battles: {a['label']} scores "
                        f"{bal['win_rate_a'] * 100:.1f}% (draws count half; 95% interval {bal['ci'][0] * 100:.1f}% to "
                        f"{bal['ci'][1] * 100:.1f}%).", "small"))
    return out


def _ops_bottom(ops) -> float:
    """The lowest point (mm from the top) that a page's drawing ops reach."""
    from generator.layout.draw import Circle, Path as DPath, Rect, Text

    low = 0.0
    for op in ops:
        if isinstance(op, Rect):
            low = max(low, op.y + op.h)
        elif isinstance(op, Circle):
            low = max(low, op.cy + op.r)
        elif isinstance(op, Text):
            low = max(low, op.y + op.size_pt * 0.3 / 2.8346)
        elif isinstance(op, DPath):
            for seg in op.segments:
                if len(seg) >= 3:
                    low = max(low, *seg[2::2])
    return low


def map_pages(board, hex_mm: float, paper: PageSize, bottom: float = 0.0):
    """The existing map renderer's pages (assembly diagram + tiles, or one page), true scale,
    tiled exactly as ``skirmish map render`` tiles them (``bottom`` mm more kept free if asked).

    The pages are drawn when the booklet knows its page numbers, so the assembly diagram names
    the booklet's own pages."""
    from generator.layout.map_print import compose
    from generator.layout.map_canvas import MapCanvas
    from generator.layout.map_tiling import PAGES
    from generator.layout.pdf_writer import draw_ops

    if paper.name not in PAGES:
        raise RenderError(f"maps print on {', '.join(PAGES)}; --page {paper.name} has no map tiling")
    size = hex_mm if board.grid == "hex" else None
    from generator.layout.map_print import page_plan

    # a few tiles go together by their row and column (the mission sheet shows the whole map);
    # many want the assembly diagram
    assembly = len(page_plan(board, size, paper.name).tiles) > ASSEMBLY_FROM

    @lru_cache(maxsize=4)
    def pages_from(first: int):
        cv = MapCanvas(title=board.name or "map")
        compose(cv, board, size, paper.name, bottom=bottom, first_page=first, assembly=assembly)
        return cv.pages

    layout = pages_from(1)

    def painter(index: int):
        def paint(canvas):
            page = pages_from(canvas.getPageNumber() - index)[index]
            draw_ops(canvas, page.ops, 0.0, 0.0, page.height)
        return paint

    return [(painter(i), p.width, p.height, p.height - _ops_bottom(p.ops)) for i, p in enumerate(layout)]


def card_pages(loaded, paper: PageSize, cfg, templates: Path | None):
    """Both forces' cards, imposed by the card pipeline with crop marks, fronts only, ready to cut."""
    from generator.layout import deck, pdf_writer
    from generator.layout.cards import cards_for
    from generator.layout.impose import plan_sheet
    from generator.layout.sizes import card_size

    system = loaded.system
    size = card_size(cfg.get("card", "poker"))
    cards = []
    for key in ("a", "b"):
        roster = loaded.rosters[key]
        cards += cards_for(system.name, roster, list(system.combatants(roster)))
    fronts = [deck.render_card(card, size, 0.0, templates)[0] for card in cards]
    plan = plan_sheet(paper, size, 0.0, True)
    lowest = max([m.y1 for m in plan.marks] + [m.y2 for m in plan.marks] + [y + size.height for _, y in plan.slots])
    pages = []
    for start in range(0, len(fronts), plan.per_page):
        chunk = fronts[start:start + plan.per_page]

        def paint(canvas, chunk=chunk):
            for drawing, (x, y) in zip(chunk, plan.slots):
                pdf_writer.draw(canvas, drawing, x, y, paper.height)
            deck._draw_marks(canvas, plan, plan.marks, paper.height)

        pages.append((paint, paper.width, paper.height, paper.height - lowest))
    return pages


def reference_pages(system: str, paper: PageSize, ink_saver: bool, templates: Path | None):
    from generator.layout.reference import reference_drawings

    pages = []
    for drawing in reference_drawings(system, paper, templates, ink_saver):
        ops = _inset_background(drawing.ops, drawing.width, drawing.height, paper.margin, ink_saver)
        pages.append((_ops_painter(ops, drawing.height), drawing.width, drawing.height,
                      drawing.height - _ops_bottom([op for op in ops if not _is_background(op, drawing)])))
    return pages
