"""The scenario booklet: one printable PDF with everything two players need for one battle.

Pipeline, as for cards and sheets: scenario -> *view* (a plain dict of words and numbers, built
by :mod:`generator.layout.booklet_view` from the scenario, its system and
``content/layout/booklet.yaml``) -> Jinja2 template
(``templates/booklet/booklet.yaml.j2``, which a user may override with ``--templates``) ->
*blocks* (YAML: headings, paragraphs, lists, tables, figures) -> reportlab platypus flowables
-> one deterministic PDF, written atomically.

What is drawn is drawn by the existing pieces: the mission sheet by
:mod:`generator.layout.mission`, the tokens page by :mod:`generator.layout.tokens`, the
true-scale map, its tiling and assembly diagram by :mod:`generator.layout.map_print`; combatant cards by the card templates and the sheet
imposition of :mod:`generator.layout.deck`; the system's reference sheet by
:mod:`generator.layout.reference`. Those arrive as :class:`~generator.layout.draw.Drawing`
pages and go into the booklet as full-page flowables, with the booklet's footer under them
wherever the page leaves room.

The printable margin of the paper (``content/layout/pages.yaml``) is respected on every page,
and ``ink_saver`` drops every full-page background.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import jinja2
import yaml

from generator.errors import RenderError
from generator.files import write_atomic
from generator.layout.fonts import font, register_pdf_fonts
from generator.layout.sizes import PageSize, page_size
from generator.resources import templates_dir
from generator.units import mm_to_pt
from generator.words import possessive

TEMPLATE = "booklet/booklet.yaml.j2"
#: The sections of the built-in template, in order (a user's template may differ).
SECTIONS = ("Mission sheet", "Tokens and trackers", "Set-up", "Map at true scale", "The forces", "Combatant cards",
            "Balance report", "Quick reference")


# ---- settings -----------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _settings_from(path: str) -> dict[str, Any]:
    from generator.content.loader import validate_source
    from generator.content.source import read_source
    from generator.layout.settings import Booklet

    source = read_source(path)
    validate_source(source, Booklet)  # a zero or 1e300 size is one line naming the file, not a hang
    return source.data


def settings() -> dict[str, Any]:
    """``content/layout/booklet.yaml`` (the user's ``--content`` copy first)."""
    from generator.content import library

    return _settings_from(str(library().path("layout/booklet.yaml")))


# ---- the view: the scenario in words and numbers (generator.layout.booklet_view) -------------

from generator.layout.booklet_view import _x, scenario_view  # noqa: E402,F401  (the booklet's one view)


# ---- template -> blocks -------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _environment(user_dir: str | None) -> jinja2.Environment:
    """The booklet's template environment: the sandbox of :mod:`generator.layout.templating`."""
    from generator.layout.templating import template_environment

    return template_environment(user_dir, autoescape=False, keep_trailing_newline=True,
                                filters={"q": lambda value, markup=False: json.dumps(str(value), ensure_ascii=False)})


def render_blocks(view: dict[str, Any], templates: Path | None = None, template: str = TEMPLATE) -> list[dict[str, Any]]:
    """The booklet's blocks: the template rendered with ``view`` and read as YAML (with the
    content limits: a template's output is as untrusted as the template). ``template``: another
    booklet template of the same block language, e.g. a campaign's pages."""
    from generator.content.source import parse_text
    from generator.errors import ContentError
    from generator.layout.templating import check_folder, render_template

    check_folder(templates)
    text = render_template(_environment(str(templates) if templates else None), template, {"s": view}, templates)
    try:
        blocks = parse_text(text, Path(template)).data
    except ContentError as err:
        raise RenderError(f"template {template!r} made YAML that does not read: "
                          f"{str(err).removeprefix(template).lstrip(':')}") from None
    if not isinstance(blocks, list):
        raise RenderError(f"template {template!r} must make a YAML list of blocks")
    return blocks


# ---- flowables ----------------------------------------------------------------------------------


def _classes():
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

    _, Figure = _classes()
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

    _, Figure = _classes()
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


# ---- the document -------------------------------------------------------------------------------


@dataclass
class BookletResult:
    path: Path
    pages: int
    sections: list[str]


def _styles(cfg: dict[str, Any], palette: dict[str, str]):
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    register_pdf_fonts()
    body, bold, italic, title = (font(r).pdf_name for r in ("body", "bold", "italic", "title"))
    registerFontFamily(body, normal=body, bold=bold, italic=italic, boldItalic=bold)
    t = cfg["type"]
    ink = HexColor(palette["ink"])
    return {
        "body": ParagraphStyle("body", fontName=body, fontSize=t["body"], leading=t["body"] * 1.32, textColor=ink,
                               spaceAfter=4),
        "small": ParagraphStyle("small", fontName=body, fontSize=t["small"], leading=t["small"] * 1.3, textColor=ink),
        "cell": ParagraphStyle("cell", fontName=body, fontSize=t["body"] - 0.5, leading=(t["body"] - 0.5) * 1.25,
                               textColor=ink),
        "cellhead": ParagraphStyle("cellhead", fontName=bold, fontSize=t["body"] - 0.5,
                                   leading=(t["body"] - 0.5) * 1.25, textColor=HexColor("#ffffff")),
        "h1": ParagraphStyle("h1", fontName=title, fontSize=t["h1"], leading=t["h1"] * 1.2,
                             textColor=HexColor(palette["band"]), spaceBefore=2, spaceAfter=6, keepWithNext=1),
        "h2": ParagraphStyle("h2", fontName=bold, fontSize=t["h2"], leading=t["h2"] * 1.25,
                             textColor=HexColor(palette["band"]), spaceBefore=8, spaceAfter=3, keepWithNext=1),
        "tochead": ParagraphStyle("tochead", fontName=title, fontSize=t["h1"], leading=t["h1"] * 1.2,
                                  textColor=HexColor(palette["band"]), spaceAfter=10),
        "title": ParagraphStyle("title", fontName=title, fontSize=t["title"], leading=t["title"] * 1.15,
                                textColor=HexColor(palette["band"]), spaceAfter=8),
        "kicker": ParagraphStyle("kicker", fontName=bold, fontSize=11, leading=14,
                                 textColor=HexColor(palette["accent"]), spaceAfter=4),
        "tale": ParagraphStyle("tale", fontName=italic, fontSize=t["body"] + 1.5, leading=(t["body"] + 1.5) * 1.4,
                               textColor=ink, spaceAfter=10),
        "toc0": ParagraphStyle("toc0", fontName=body, fontSize=t["body"] + 1, leading=(t["body"] + 1) * 1.7,
                               textColor=ink),
    }


def booklet_path_for(scenario_path: str | os.PathLike) -> Path:
    """Where a scenario's booklet goes by default: ``DIR/booklet.pdf`` next to ``DIR/scenario.yaml``,
    else the scenario file's name with ``.pdf``."""
    path = Path(scenario_path)
    return path.with_name("booklet.pdf") if path.stem == "scenario" else path.with_suffix(".pdf")


def build_booklet(scenario, out_path: str | os.PathLike, page: str = "a4", ink_saver: bool = False,
                  hex_size_mm: float | None = None, templates: Path | None = None) -> Path:
    """Write the booklet of ``scenario`` (a scenario file, a Scenario or a LoadedScenario) to
    ``out_path`` as one PDF; returns the path. Everything is built in memory first: an error
    leaves no file, and an existing booklet is replaced only by a complete one."""
    return _build(scenario, out_path, page, ink_saver, hex_size_mm, templates).path


def _loaded(scenario):
    from generator.scenarios.model import LoadedScenario, Scenario, load_scenario, validate

    if isinstance(scenario, LoadedScenario):
        return scenario
    if isinstance(scenario, Scenario):
        return validate(scenario.model_dump(mode="json", exclude_none=True))
    return load_scenario(scenario)


def _build(scenario, out_path, page: str, ink_saver: bool, hex_size_mm: float | None,
           templates: Path | None) -> BookletResult:
    loaded = _loaded(scenario)
    paper = page_size(page)
    cfg = settings()
    if hex_size_mm is None:
        hex_size_mm = float(cfg["hex_mm"])
    if not 5.0 <= hex_size_mm <= 200.0:
        raise RenderError(f"--hex-size {hex_size_mm:g} mm: allowed is 5 mm to 200 mm")
    view = scenario_view(loaded, cfg, hex_size_mm)
    blocks = render_blocks(view, templates)
    pdf, pages, sections = _compose(loaded, view, blocks, cfg, paper, ink_saver, hex_size_mm, templates)
    path = write_atomic(Path(out_path), pdf)
    return BookletResult(path, pages, sections)


def booklet_bytes(scenario, page: str = "a4", ink_saver: bool = False, hex_size_mm: float | None = None,
                  templates: Path | None = None) -> bytes:
    """The booklet PDF in memory (for tests and previews)."""
    loaded = _loaded(scenario)
    paper = page_size(page)
    cfg = settings()
    hex_mm = float(cfg["hex_mm"]) if hex_size_mm is None else hex_size_mm
    view = scenario_view(loaded, cfg, hex_mm)
    blocks = render_blocks(view, templates)
    return _compose(loaded, view, blocks, cfg, paper, ink_saver, hex_mm, templates)[0]


def booklet_from_blocks(loaded, view: dict[str, Any], blocks: list[dict[str, Any]], page: str = "a4",
                        ink_saver: bool = False, hex_size_mm: float | None = None,
                        templates: Path | None = None) -> tuple[bytes, int, list[str]]:
    """A booklet PDF (bytes, pages, sections) from a scenario, its view and blocks a caller has
    put together (a campaign adds its own pages to the scenario's): the one way to print blocks."""
    cfg = settings()
    hex_mm = float(cfg["hex_mm"]) if hex_size_mm is None else hex_size_mm
    return _compose(loaded, view, blocks, cfg, page_size(page), ink_saver, hex_mm, templates)


def _compose(loaded, view, blocks, cfg, paper: PageSize, ink_saver: bool, hex_mm: float,
             templates: Path | None) -> tuple[bytes, int, list[str]]:
    """The PDF; a template with a mission sheet is built twice, the second time with the first
    build's page numbers in the sheet's contents line (the sheet comes before the pages it names)."""
    data, pages, sections, found = _compose_once(loaded, view, blocks, cfg, paper, ink_saver, hex_mm, templates, "")
    if any(isinstance(b, dict) and b.get("figure") == "mission" for b in blocks):
        line = contents_line(found)
        if line:
            data, pages, sections, _ = _compose_once(loaded, view, blocks, cfg, paper, ink_saver, hex_mm, templates, line)
    return data, pages, sections


def contents_line(found: list[tuple[str, int]]) -> str:
    """``In this booklet: Tokens and trackers p. 2 - Set-up p. 3 - ...`` (the mission sheet left out)."""
    parts = [f"{title} p. {page}" for title, page in found if title != "Mission sheet"]
    return ("In this booklet: " + " \u00b7 ".join(parts) + ".") if parts else ""


def _compose_once(loaded, view, blocks, cfg, paper: PageSize, ink_saver: bool, hex_mm: float,
                  templates: Path | None, contents: str) -> tuple[bytes, int, list[str], list[tuple[str, int]]]:
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import (BaseDocTemplate, Frame, KeepInFrame, KeepTogether, ListFlowable, ListItem,
                                    NextPageTemplate, PageBreakIfNotEmpty, PageTemplate, Paragraph, Spacer,
                                    Table, TableStyle)
    from reportlab.platypus.tableofcontents import TableOfContents

    FullPage, Figure = _classes()
    scn = loaded.scenario
    palette = cfg["systems"][scn.system]["palette"]
    styles = _styles(cfg, palette)
    pg = cfg["page"]
    m = mm_to_pt(1)
    W, H = paper.width, paper.height
    margin = max(float(pg["margin"]), paper.margin)
    footer_y = max(float(pg["footer_y"]), paper.margin + 3.0)
    header_y = max(float(pg["header_y"]), paper.margin + 4.0)
    title_text = f"{scn.title}"
    system_title = view["system_title"]
    sections: list[str] = []
    found: list[tuple[str, int]] = []

    def footer(canvas, doc, page_w):
        canvas.saveState()
        canvas.setFont(font("body").pdf_name, 7.5)
        canvas.setFillColor(HexColor(palette["muted"]))
        canvas.drawString(margin * m, footer_y * m, f"{title_text}  \u00b7  {system_title}  \u00b7  seed {scn.seed}")
        canvas.drawRightString((page_w - margin) * m, footer_y * m, f"page {doc.page}")
        canvas.restoreState()

    def on_text_page(canvas, doc):
        canvas.saveState()
        canvas.setFont(font("bold").pdf_name, 8)
        canvas.setFillColor(HexColor(palette["band"]))
        canvas.drawString(margin * m, (H - header_y) * m, title_text)
        canvas.setFont(font("body").pdf_name, 8)
        canvas.drawRightString((W - margin) * m, (H - header_y) * m, system_title)
        canvas.setStrokeColor(HexColor(palette["accent"]))
        canvas.setLineWidth(0.8)
        canvas.line(margin * m, (H - header_y - 2.5) * m, (W - margin) * m, (H - header_y - 2.5) * m)
        canvas.restoreState()
        footer(canvas, doc, W)

    def on_cover(canvas, doc):
        canvas.saveState()
        if not ink_saver:  # the cover's paper tint, inside the printable margin
            canvas.setFillColor(HexColor(palette["paper"]))
            canvas.rect(paper.margin * m, paper.margin * m, (W - 2 * paper.margin) * m, (H - 2 * paper.margin) * m,
                        stroke=0, fill=1)
            canvas.setFillColor(HexColor(palette["band"]))
            canvas.rect(paper.margin * m, (H - paper.margin - 14) * m, (W - 2 * paper.margin) * m, 14 * m,
                        stroke=0, fill=1)
            ink = "#ffffff"
        else:
            canvas.setStrokeColor(HexColor(palette["band"]))
            canvas.setLineWidth(1.2)
            canvas.line(margin * m, (H - paper.margin - 14) * m, (W - margin) * m, (H - paper.margin - 14) * m)
            ink = palette["band"]
        canvas.setFillColor(HexColor(ink))
        canvas.setFont(font("title").pdf_name, 13)
        canvas.drawString(margin * m, (H - paper.margin - 9.3) * m, system_title)
        canvas.setFont(font("body").pdf_name, 8)
        canvas.drawRightString((W - margin) * m, (H - paper.margin - 9.3) * m, "A scenario booklet")
        canvas.restoreState()
        footer(canvas, doc, W)

    def on_full_end(page_w):
        def end(canvas, doc):  # the footer goes under a full page only where the page leaves room
            if getattr(canvas, "_sk_free_bottom", 0.0) >= footer_y + 3.0:
                footer(canvas, doc, page_w)
            canvas._sk_free_bottom = 0.0
        return end

    top, bottom = float(pg["top"]), float(pg["bottom"])
    text_frame = Frame(margin * m, bottom * m, (W - 2 * margin) * m, (H - top - bottom) * m, id="text",
                       leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    cover_frame = Frame(margin * m, bottom * m, (W - 2 * margin) * m, (H - paper.margin - 24 - bottom) * m,
                        id="cover", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def full_template(name, pw, ph):
        frame = Frame(0, 0, pw * m, ph * m, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=name)
        return PageTemplate(id=name, frames=[frame], pagesize=(pw * m, ph * m), onPageEnd=on_full_end(pw))

    page_templates = [
        PageTemplate(id="cover", frames=[cover_frame], onPage=on_cover, pagesize=(W * m, H * m)),
        PageTemplate(id="text", frames=[text_frame], onPage=on_text_page, pagesize=(W * m, H * m)),
        full_template("full-portrait", W, H),
        full_template("full-landscape", H, W),
    ]
    first = next(iter(blocks[0])) if blocks and isinstance(blocks[0], dict) else "cover"
    if first != "cover":  # page 1 is laid out on the template its first block asks for
        wanted = "full-portrait" if first == "figure" else "text"
        page_templates.sort(key=lambda t: t.id != wanted)

    class Doc(BaseDocTemplate):
        def afterFlowable(self, flowable):
            text = None
            if isinstance(flowable, Paragraph) and flowable.style.name == "h1":
                text = flowable.getPlainText()
            elif getattr(flowable, "toc", None):
                text = flowable.toc
            if text:
                key = f"s{len(self._sk_keys)}"
                self._sk_keys.append(key)
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(text, key, level=0, closed=False)
                self.notify("TOCEntry", (0, text, self.page, key))
                found.append((text, self.page))

        def handle_documentBegin(self):
            self._sk_keys = []
            found.clear()  # each pass of the build finds the sections again
            super().handle_documentBegin()

    buffer = io.BytesIO()
    doc = Doc(buffer, pagesize=(W * m, H * m), pageTemplates=page_templates, invariant=1,
              title=f"{scn.title} - {system_title} scenario booklet", author="skirmish", creator="skirmish booklet",
              subject=f"{system_title} scenario, seed {scn.seed}", initialFontName=font("body").pdf_name,
              initialFontSize=9, leftMargin=0, rightMargin=0, topMargin=0,
              bottomMargin=0)

    frame_w = W - 2 * margin
    story: list = []

    def para(text, style="body"):
        return Paragraph(str(text), styles[style])

    def full_pages(drawings_and_sizes, toc):
        """Each (paint, w, h, free_bottom) on a page of its own size, the first one in the contents."""
        out = []
        for i, (paint, pw, ph, free) in enumerate(drawings_and_sizes):
            name = "full-landscape" if pw > ph + 0.01 else "full-portrait"
            if story or out or name != "full-portrait":  # page 1 already has the full-portrait template
                out += [NextPageTemplate(name), PageBreakIfNotEmpty()]
            out += [FullPage(paint, pw, ph, toc=toc if i == 0 else None, free_bottom=free, margin=paper.margin)]
        out.append(NextPageTemplate("text"))
        sections.append(toc)
        return out

    def figure(kind, block):
        if kind == "mission":
            return full_pages([_mission_page(view, loaded.board, paper, palette, ink_saver, contents)],
                              block.get("title", "Mission sheet"))
        if kind == "tokens":
            if not view["tokens"]["any"]:
                return []  # nothing to cut out (a Bladestorm fight to the last): no page
            return full_pages([_tokens_page(view, loaded.board, hex_mm, paper, palette, ink_saver)],
                              block.get("title", "Tokens and trackers"))
        if kind == "overview":
            return [map_figure(loaded.board, legend=True, coordinates=True)]
        if kind == "balance":
            return [balance_figure(view, palette)] if view["balance"] else []
        if kind == "map":
            return full_pages(_map_pages(loaded.board, hex_mm, paper, float(pg["map_footer"])),
                              block.get("title", "Map at true scale"))
        if kind == "cards":
            return full_pages(_card_pages(loaded, paper, cfg, templates), block.get("title", "Combatant cards"))
        if kind == "reference":
            return full_pages(_reference_pages(scn.system, paper, ink_saver, templates), block.get("title", "Quick reference"))
        raise RenderError(f"template {TEMPLATE!r}: unknown figure {kind!r}; choose mission, tokens, overview, balance, "
                          "map, cards or reference")

    def table(spec):
        header = [para(h, "cellhead") for h in spec.get("header", [])]
        rows = [[para(c, "cell") for c in row] for row in spec.get("rows", [])]
        widths = [f * frame_w * m for f in spec.get("widths", [])] or None
        data = ([header] if any(h.getPlainText() for h in header) else []) + rows
        t = Table(data, colWidths=widths, repeatRows=1 if header and data and data[0] is header else 0)
        style = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), font("body").pdf_name), ("LINEBELOW", (0, 0), (-1, -1), 0.4, HexColor(palette["soft"])),
                 ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
        if data and data[0] is header:
            style.append(("BACKGROUND", (0, 0), (-1, 0), HexColor(palette["band"])))
        t.setStyle(TableStyle(style))
        return t

    frame_h = H - top - bottom
    text_run: list = []  # the text blocks since the last page break or figure

    def is_h1(f) -> bool:
        return isinstance(f, Paragraph) and f.style.name == "h1"

    def flush() -> None:
        """A text run that overflows its page by a little is set a little smaller to fit it,
        so no page holds the last lines of a section on their own."""
        run = list(text_run)
        text_run.clear()
        head = run[:1] if run and is_h1(run[0]) else []
        body = run[len(head):]
        if body and not any(is_h1(f) for f in body):
            used = sum(_flowable_height(f, frame_w * m, frame_h * m) for f in run)
            if frame_h * m < used <= frame_h * m * SHRINK_LIMIT:
                room = frame_h * m - sum(_flowable_height(f, frame_w * m, frame_h * m) for f in head) - 2
                flat = [x for f in body for x in (f._content if isinstance(f, KeepTogether) else [f])]
                story.extend(head + [KeepInFrame(frame_w * m, room, flat, mode="shrink")])
                return
        story.extend(run)

    started = False
    for block in blocks:
        if not isinstance(block, dict) or len(block) < 1:
            raise RenderError(f"template {TEMPLATE!r}: each block must be a mapping such as {{p: text}}, got {block!r}")
        kind = next(iter(block))
        value = block[kind]
        paged = kind in PAGE_KINDS and not (kind == "figure" and value in INLINE_FIGURES)
        if paged:
            flush()
        out = story if paged else text_run  # text blocks gather in the run; flush() moves them on
        if kind == "cover":
            out += [NextPageTemplate("cover")] if not started else [NextPageTemplate("cover"), PageBreakIfNotEmpty()]
            out += _cover(view, styles, loaded.board, para)
            out.append(NextPageTemplate("text"))
        elif kind == "toc":
            toc = TableOfContents(dotsMinLevel=0)
            toc.levelStyles = [styles["toc0"]]
            toc.tableStyle = TableStyle([("FONTNAME", (0, 0), (-1, -1), font("body").pdf_name),
                                         ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                         ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
            out += [PageBreakIfNotEmpty(), para(value, "tochead"), toc]
        elif kind == "pagebreak":
            out.append(PageBreakIfNotEmpty())
        elif kind == "h1":
            sections.append(str(value))
            out.append(para(value, "h1"))
        elif kind in ("h2", "p"):
            out.append(para(value, "h2" if kind == "h2" else "body"))
        elif kind in ("bullets", "numbered"):
            items = [ListItem(para(v), leftIndent=12) for v in value]
            out.append(ListFlowable(items, bulletType="1" if kind == "numbered" else "bullet", start="1" if kind == "numbered" else None,
                                      bulletFontName=font("bold").pdf_name, bulletFontSize=8, leftIndent=12,
                                      bulletColor=HexColor(palette["accent"])))
            out.append(Spacer(1, 3))
        elif kind == "table":
            out.append(KeepTogether([table(value)]) if len(value.get("rows", [])) <= 12 else table(value))
            out.append(Spacer(1, 4))
        elif kind == "figure":
            out += figure(value, block)
        else:
            raise RenderError(f"template {TEMPLATE!r}: unknown block {kind!r}; blocks are cover, toc, pagebreak, "
                              "h1, h2, p, bullets, numbered, table, figure")
        started = True
    flush()
    doc.multiBuild(story, maxPasses=6)
    data = buffer.getvalue()
    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(data)).pages)
    return data, pages, sections, list(found)


#: A map tiled on more pages than this gets its assembly diagram in the booklet.
ASSEMBLY_FROM = 4
#: Blocks that start a page (or are pages); the text blocks between them make a run.
PAGE_KINDS = ("cover", "toc", "pagebreak", "figure")
INLINE_FIGURES = ("overview", "balance")  # figures set in the text, not on pages of their own
#: A text run taller than its page by at most this factor is shrunk onto the page.
SHRINK_LIMIT = 1.3


@lru_cache(maxsize=1)
def _measuring_canvas():
    from reportlab.pdfgen.canvas import Canvas

    return Canvas(io.BytesIO())


def _flowable_height(f, width: float, height: float) -> float:
    """How tall ``f`` is set ``width`` wide (some flowables measure their bullets on a canvas)."""
    content = getattr(f, "_content", None)
    if isinstance(content, list):  # KeepTogether reports no height of its own
        return sum(_flowable_height(x, width, height) for x in content)
    had = hasattr(f, "canv")
    if not had:
        f.canv = _measuring_canvas()
    try:
        _, h = f.wrap(width, height)
    finally:
        if not had:
            del f.canv
    return h + f.getSpaceBefore() + f.getSpaceAfter()


def _mission_page(view, board, paper: PageSize, palette, ink_saver: bool, contents: str):
    """The mission sheet as a full page (it prints its own footer, so the booklet's is left off)."""
    from generator.layout.mission import mission_drawing

    drawing = mission_drawing(view, board, paper.width, paper.height, palette, ink_saver, contents)
    return _ops_painter(drawing.ops, drawing.height), drawing.width, drawing.height, 0.0


def _tokens_page(view, board, hex_mm: float, paper: PageSize, palette, ink_saver: bool):
    from generator.layout.map_print import MapGeometry
    from generator.layout.tokens import tokens_drawing

    cell = MapGeometry.of(board, hex_mm if board.grid == "hex" else None).size_mm
    drawing = tokens_drawing(view, board, cell, paper.width, paper.height, palette, ink_saver)
    return (_ops_painter(drawing.ops, drawing.height), drawing.width, drawing.height,
            drawing.height - _ops_bottom(drawing.ops))


def _cover(view, styles, board, para):
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


def _map_pages(board, hex_mm: float, paper: PageSize, bottom: float = 0.0):
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


def _card_pages(loaded, paper: PageSize, cfg, templates: Path | None):
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


def _reference_pages(system: str, paper: PageSize, ink_saver: bool, templates: Path | None):
    from generator.layout.reference import reference_drawings

    pages = []
    for drawing in reference_drawings(system, paper, templates, ink_saver):
        ops = _inset_background(drawing.ops, drawing.width, drawing.height, paper.margin, ink_saver)
        pages.append((_ops_painter(ops, drawing.height), drawing.width, drawing.height,
                      drawing.height - _ops_bottom([op for op in ops if not _is_background(op, drawing)])))
    return pages
