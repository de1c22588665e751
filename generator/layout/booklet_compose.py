"""The booklet's blocks set as one PDF: page templates, the blocks in order, the contents.

A :class:`Composer` makes one pass of the build. It holds the three kinds of page the booklet
prints on (the cover, a text page with its running header, and full pages of any size for the
drawn pages, each with the footer where it leaves room), turns each block of the template into
flowables (:meth:`Composer.add`), and lets reportlab lay them out (:meth:`Composer.build`). The
drawn pages themselves come from :mod:`generator.layout.booklet_pages`.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from generator.errors import RenderError
from generator.layout import booklet_pages as pages
from generator.layout.fonts import font, register_pdf_fonts
from generator.layout.sizes import PageSize
from generator.units import mm_to_pt

#: Blocks that start a page (or are pages); the text blocks between them make a run.
PAGE_KINDS = ("cover", "toc", "pagebreak", "figure")
INLINE_FIGURES = ("overview", "balance")  # figures set in the text, not on pages of their own
#: A text run taller than its page by at most this factor is shrunk onto the page.
SHRINK_LIMIT = 1.3


def styles(cfg: dict[str, Any], palette: dict[str, str]):
    """The paragraph styles of the booklet, from ``content/layout/booklet.yaml`` and the system's palette."""
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


class Composer:
    """One pass of the booklet's build (see the module docstring). ``contents`` is the mission
    sheet's contents line (empty on the first pass, which finds the page numbers)."""

    def __init__(self, loaded, view, cfg, paper: PageSize, ink_saver: bool, hex_mm: float,
                 templates: Path | None, contents: str, template: str):
        self.loaded, self.view, self.cfg, self.paper = loaded, view, cfg, paper
        self.ink_saver, self.hex_mm, self.templates, self.contents = ink_saver, hex_mm, templates, contents
        self.template = template
        scn = loaded.scenario
        self.palette = cfg["systems"][scn.system]["palette"]
        self.styles = styles(cfg, self.palette)
        pg = self.pg = cfg["page"]
        self.W, self.H = paper.width, paper.height
        self.margin = max(float(pg["margin"]), paper.margin)
        self.footer_y = max(float(pg["footer_y"]), paper.margin + 3.0)
        self.header_y = max(float(pg["header_y"]), paper.margin + 4.0)
        self.top, self.bottom = float(pg["top"]), float(pg["bottom"])
        self.title_text = f"{scn.title}"
        self.system_title = view["system_title"]
        self.frame_w = self.W - 2 * self.margin
        self.frame_h = self.H - self.top - self.bottom
        self.sections: list[str] = []
        self.found: list[tuple[str, int]] = []
        self.story: list = []
        self.text_run: list = []  # the text blocks since the last page break or figure
        self.started = False

    # ---- what every page wears: the running header, the footer, the cover's band ---------------

    def footer(self, canvas, doc, page_w):
        from reportlab.lib.colors import HexColor

        m = mm_to_pt(1)
        canvas.saveState()
        canvas.setFont(font("body").pdf_name, 7.5)
        canvas.setFillColor(HexColor(self.palette["muted"]))
        canvas.drawString(self.margin * m, self.footer_y * m,
                          f"{self.title_text}  \u00b7  {self.system_title}  \u00b7  seed {self.loaded.scenario.seed}")
        canvas.drawRightString((page_w - self.margin) * m, self.footer_y * m, f"page {doc.page}")
        canvas.restoreState()

    def on_text_page(self, canvas, doc):
        from reportlab.lib.colors import HexColor

        m, W, H, margin, header_y = mm_to_pt(1), self.W, self.H, self.margin, self.header_y
        canvas.saveState()
        canvas.setFont(font("bold").pdf_name, 8)
        canvas.setFillColor(HexColor(self.palette["band"]))
        canvas.drawString(margin * m, (H - header_y) * m, self.title_text)
        canvas.setFont(font("body").pdf_name, 8)
        canvas.drawRightString((W - margin) * m, (H - header_y) * m, self.system_title)
        canvas.setStrokeColor(HexColor(self.palette["accent"]))
        canvas.setLineWidth(0.8)
        canvas.line(margin * m, (H - header_y - 2.5) * m, (W - margin) * m, (H - header_y - 2.5) * m)
        canvas.restoreState()
        self.footer(canvas, doc, W)

    def on_cover(self, canvas, doc):
        from reportlab.lib.colors import HexColor

        m, W, H, margin, paper, palette = mm_to_pt(1), self.W, self.H, self.margin, self.paper, self.palette
        canvas.saveState()
        if not self.ink_saver:  # the cover's paper tint, inside the printable margin
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
        canvas.drawString(margin * m, (H - paper.margin - 9.3) * m, self.system_title)
        canvas.setFont(font("body").pdf_name, 8)
        canvas.drawRightString((W - margin) * m, (H - paper.margin - 9.3) * m, "A scenario booklet")
        canvas.restoreState()
        self.footer(canvas, doc, W)

    def on_full_end(self, page_w):
        def end(canvas, doc):  # the footer goes under a full page only where the page leaves room
            if getattr(canvas, "_sk_free_bottom", 0.0) >= self.footer_y + 3.0:
                self.footer(canvas, doc, page_w)
            canvas._sk_free_bottom = 0.0
        return end

    def page_templates(self, blocks) -> list:
        """The cover, the text page and the two full-page templates; page 1 is laid out on the
        template its first block asks for."""
        from reportlab.platypus import Frame, PageTemplate

        m, W, H, margin, paper = mm_to_pt(1), self.W, self.H, self.margin, self.paper
        top, bottom = self.top, self.bottom
        text_frame = Frame(margin * m, bottom * m, (W - 2 * margin) * m, (H - top - bottom) * m, id="text",
                           leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        cover_frame = Frame(margin * m, bottom * m, (W - 2 * margin) * m, (H - paper.margin - 24 - bottom) * m,
                            id="cover", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

        def full_template(name, pw, ph):
            frame = Frame(0, 0, pw * m, ph * m, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=name)
            return PageTemplate(id=name, frames=[frame], pagesize=(pw * m, ph * m), onPageEnd=self.on_full_end(pw))

        templates = [
            PageTemplate(id="cover", frames=[cover_frame], onPage=self.on_cover, pagesize=(W * m, H * m)),
            PageTemplate(id="text", frames=[text_frame], onPage=self.on_text_page, pagesize=(W * m, H * m)),
            full_template("full-portrait", W, H),
            full_template("full-landscape", H, W),
        ]
        first = next(iter(blocks[0])) if blocks and isinstance(blocks[0], dict) else "cover"
        if first != "cover":
            wanted = "full-portrait" if first == "figure" else "text"
            templates.sort(key=lambda t: t.id != wanted)
        return templates

    def document(self, buffer, blocks):
        """The reportlab document: its sections go to the PDF outline, the table of contents and
        :attr:`found` (title, page) as they are laid out."""
        from reportlab.platypus import BaseDocTemplate, Paragraph

        found = self.found

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

        m, scn = mm_to_pt(1), self.loaded.scenario
        return Doc(buffer, pagesize=(self.W * m, self.H * m), pageTemplates=self.page_templates(blocks), invariant=1,
                   title=f"{scn.title} - {self.system_title} scenario booklet", author="skirmish",
                   creator="skirmish booklet", subject=f"{self.system_title} scenario, seed {scn.seed}",
                   initialFontName=font("body").pdf_name, initialFontSize=9, leftMargin=0, rightMargin=0,
                   topMargin=0, bottomMargin=0)

    # ---- blocks -> flowables --------------------------------------------------------------------

    def para(self, text, style="body"):
        from reportlab.platypus import Paragraph

        return Paragraph(str(text), self.styles[style])

    def full_pages(self, drawings_and_sizes, toc):
        """Each (paint, w, h, free_bottom) on a page of its own size, the first one in the contents."""
        from reportlab.platypus import NextPageTemplate, PageBreakIfNotEmpty

        FullPage, _ = pages.flowable_classes()
        out = []
        for i, (paint, pw, ph, free) in enumerate(drawings_and_sizes):
            name = "full-landscape" if pw > ph + 0.01 else "full-portrait"
            if self.story or out or name != "full-portrait":  # page 1 already has the full-portrait template
                out += [NextPageTemplate(name), PageBreakIfNotEmpty()]
            out += [FullPage(paint, pw, ph, toc=toc if i == 0 else None, free_bottom=free, margin=self.paper.margin)]
        out.append(NextPageTemplate("text"))
        self.sections.append(toc)
        return out

    def figure(self, kind, block):
        """A ``figure:`` block: one of the booklet's drawn pages, or a figure set in the text."""
        loaded, view, paper, palette = self.loaded, self.view, self.paper, self.palette
        if kind == "mission":
            return self.full_pages([pages.mission_page(view, loaded.board, paper, palette, self.ink_saver, self.contents)],
                                   block.get("title", "Mission sheet"))
        if kind == "tokens":
            if not view["tokens"]["any"]:
                return []  # nothing to cut out (a Bladestorm fight to the last): no page
            return self.full_pages([pages.tokens_page(view, loaded.board, self.hex_mm, paper, palette, self.ink_saver)],
                                   block.get("title", "Tokens and trackers"))
        if kind == "overview":
            return [pages.map_figure(loaded.board, legend=True, coordinates=True)]
        if kind == "balance":
            return [pages.balance_figure(view, palette)] if view["balance"] else []
        if kind == "map":
            return self.full_pages(pages.map_pages(loaded.board, self.hex_mm, paper, float(self.pg["map_footer"])),
                                   block.get("title", "Map at true scale"))
        if kind == "cards":
            return self.full_pages(pages.card_pages(loaded, paper, self.cfg, self.templates),
                                   block.get("title", "Combatant cards"))
        if kind == "reference":
            return self.full_pages(pages.reference_pages(loaded.scenario.system, paper, self.ink_saver, self.templates),
                                   block.get("title", "Quick reference"))
        raise RenderError(f"template {self.template!r}: unknown figure {kind!r}; choose mission, tokens, overview, "
                          "balance, map, cards or reference")

    def table(self, spec):
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import Table, TableStyle

        m, palette = mm_to_pt(1), self.palette
        header = [self.para(h, "cellhead") for h in spec.get("header", [])]
        rows = [[self.para(c, "cell") for c in row] for row in spec.get("rows", [])]
        widths = [f * self.frame_w * m for f in spec.get("widths", [])] or None
        data = ([header] if any(h.getPlainText() for h in header) else []) + rows
        t = Table(data, colWidths=widths, repeatRows=1 if header and data and data[0] is header else 0)
        style = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), font("body").pdf_name),
                 ("LINEBELOW", (0, 0), (-1, -1), 0.4, HexColor(palette["soft"])),
                 ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
        if data and data[0] is header:
            style.append(("BACKGROUND", (0, 0), (-1, 0), HexColor(palette["band"])))
        t.setStyle(TableStyle(style))
        return t

    @staticmethod
    def _is_h1(f) -> bool:
        from reportlab.platypus import Paragraph

        return isinstance(f, Paragraph) and f.style.name == "h1"

    def flush(self) -> None:
        """A text run that overflows its page by a little is set a little smaller to fit it,
        so no page holds the last lines of a section on their own."""
        from reportlab.platypus import KeepInFrame, KeepTogether

        m, frame_w, frame_h = mm_to_pt(1), self.frame_w, self.frame_h
        run = list(self.text_run)
        self.text_run.clear()
        head = run[:1] if run and self._is_h1(run[0]) else []
        body = run[len(head):]
        if body and not any(self._is_h1(f) for f in body):
            used = sum(pages.flowable_height(f, frame_w * m, frame_h * m) for f in run)
            if frame_h * m < used <= frame_h * m * SHRINK_LIMIT:
                room = frame_h * m - sum(pages.flowable_height(f, frame_w * m, frame_h * m) for f in head) - 2
                flat = [x for f in body for x in (f._content if isinstance(f, KeepTogether) else [f])]
                self.story.extend(head + [KeepInFrame(frame_w * m, room, flat, mode="shrink")])
                return
        self.story.extend(run)

    def add(self, block) -> None:
        """One block of the template: page blocks go straight to the story, text blocks gather in
        the current text run (see :meth:`flush`)."""
        if not isinstance(block, dict) or len(block) < 1:
            raise RenderError(f"template {self.template!r}: each block must be a mapping such as {{p: text}}, "
                              f"got {block!r}")
        kind = next(iter(block))
        value = block[kind]
        paged = kind in PAGE_KINDS and not (kind == "figure" and value in INLINE_FIGURES)
        if paged:
            self.flush()
        out = self.story if paged else self.text_run
        if kind in ("cover", "toc", "pagebreak"):
            out += self._page_block(kind, value)
        elif kind == "h1":
            self.sections.append(str(value))
            out.append(self.para(value, "h1"))
        elif kind in ("h2", "p"):
            out.append(self.para(value, "h2" if kind == "h2" else "body"))
        elif kind in ("bullets", "numbered", "table"):
            out += self._list_or_table(kind, value)
        elif kind == "figure":
            out += self.figure(value, block)
        else:
            raise RenderError(f"template {self.template!r}: unknown block {kind!r}; blocks are cover, toc, pagebreak, "
                              "h1, h2, p, bullets, numbered, table, figure")
        self.started = True

    def _page_block(self, kind, value) -> list:
        """``cover``, ``toc`` and ``pagebreak``: the blocks that are pages or start one."""
        from reportlab.platypus import NextPageTemplate, PageBreakIfNotEmpty, TableStyle
        from reportlab.platypus.tableofcontents import TableOfContents

        if kind == "cover":
            out = [NextPageTemplate("cover")] if not self.started else [NextPageTemplate("cover"), PageBreakIfNotEmpty()]
            out += pages.cover_flowables(self.view, self.styles, self.loaded.board, self.para)
            out.append(NextPageTemplate("text"))
            return out
        if kind == "toc":
            toc = TableOfContents(dotsMinLevel=0)
            toc.levelStyles = [self.styles["toc0"]]
            toc.tableStyle = TableStyle([("FONTNAME", (0, 0), (-1, -1), font("body").pdf_name),
                                         ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                         ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
            return [PageBreakIfNotEmpty(), self.para(value, "tochead"), toc]
        return [PageBreakIfNotEmpty()]

    def _list_or_table(self, kind, value) -> list:
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import KeepTogether, ListFlowable, ListItem, Spacer

        if kind == "table":
            return [KeepTogether([self.table(value)]) if len(value.get("rows", [])) <= 12 else self.table(value),
                    Spacer(1, 4)]
        items = [ListItem(self.para(v), leftIndent=12) for v in value]
        numbered = kind == "numbered"
        return [ListFlowable(items, bulletType="1" if numbered else "bullet", start="1" if numbered else None,
                             bulletFontName=font("bold").pdf_name, bulletFontSize=8, leftIndent=12,
                             bulletColor=HexColor(self.palette["accent"])),
                Spacer(1, 3)]

    def build(self, blocks) -> tuple[bytes, int, list[str], list[tuple[str, int]]]:
        """The PDF of ``blocks``: (bytes, pages, sections, [(section, page)])."""
        from pypdf import PdfReader

        buffer = io.BytesIO()
        doc = self.document(buffer, blocks)
        for block in blocks:
            self.add(block)
        self.flush()
        doc.multiBuild(self.story, maxPasses=6)
        data = buffer.getvalue()
        return data, len(PdfReader(io.BytesIO(data)).pages), self.sections, list(self.found)
