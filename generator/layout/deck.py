"""Print a deck: cards rendered from templates, imposed N-up, written as PDF, SVG and PNG.

The pipeline is visible in the calls: roster -> card views (``layout.cards``) -> drawings
(``layout.render``) -> sheet plan (``layout.impose``) -> writers (``pdf_writer``,
``svg_writer``). Nothing here knows a rule of any game.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from generator.errors import RenderError
from generator.layout import pdf_writer
from generator.layout.cards import Card
from generator.layout.draw import Drawing
from generator.layout.impose import SheetPlan, fewer_cards_warning, plan_sheet
from generator.files import Manifest, atomic_path, check_name, ensure_folder, write_atomic
from generator.layout.pdf import new_canvas, render_png
from generator.layout.render import render_drawing
from generator.layout.sizes import CardSize, PageSize
from generator.layout.svg_writer import to_svg
from generator.units import mm_to_pt

FORMATS = ("pdf", "svg", "png")


@dataclass
class PrintOptions:
    page: PageSize
    card: CardSize
    bleed: float = 0.0
    crop_marks: bool = False
    backs: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    templates: Path | None = None
    calibration: bool = False
    formats: tuple[str, ...] = ("pdf",)
    png_dpi: int = 100


@dataclass
class DeckResult:
    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    cards: int = 0
    sheets: int = 0
    removed: list[Path] = field(default_factory=list)


def card_context(card: CardSize, bleed: float, view: dict[str, Any]) -> dict[str, Any]:
    return {"card": {"w": card.width, "h": card.height, "bleed": bleed, "corner": card.corner}, "view": view}


def render_card(card: Card, size: CardSize, bleed: float, templates: Path | None = None) -> tuple[Drawing, Drawing]:
    """The front and back drawings of one card."""
    front = render_drawing(card.front.template, card_context(size, bleed, card.front.view), title=card.title,
                           user_dir=templates)
    back = render_drawing(card.back.template, card_context(size, bleed, card.back.view),
                          title=f"{card.title} (back)", user_dir=templates)
    return front, back


def slug(text: str) -> str:
    s = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return s or "card"


def _draw_marks(canvas, plan: SheetPlan, marks, page_h: float) -> None:
    """Black marks on a white halo, so a mark drawn over a dark outer bleed still shows."""
    canvas.saveState()
    for colour, width in (("#ffffff", plan.mark_width * 3), ("#000000", plan.mark_width)):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(mm_to_pt(width))
        for m in marks:
            canvas.line(mm_to_pt(m.x1), mm_to_pt(page_h - m.y1), mm_to_pt(m.x2), mm_to_pt(page_h - m.y2))
    canvas.restoreState()


def write_sheets_pdf(path: Path, drawings: Sequence[tuple[Drawing, Drawing]], opts: PrintOptions,
                     title: str = "skirmish cards") -> tuple[SheetPlan, int]:
    """Impose the cards N-up; with backs, each front sheet is followed by its mirrored back sheet."""
    plan = plan_sheet(opts.page, opts.card, opts.bleed, opts.crop_marks)
    page_h = opts.page.height
    sheets = 0
    with atomic_path(path) as tmp:
        canvas = new_canvas(tmp, opts.page.width, opts.page.height, title)
        if opts.calibration:
            draw_calibration(canvas, plan, opts)
            sheets += 2
        for start in range(0, len(drawings), plan.per_page):
            chunk = drawings[start:start + plan.per_page]
            for (front, _), (x, y), bleeds in zip(chunk, plan.slots, plan.bleeds()):
                pdf_writer.draw(canvas, front, x, y, page_h, bleeds=bleeds)
            if opts.crop_marks:
                _draw_marks(canvas, plan, plan.marks, page_h)
            canvas.showPage()
            sheets += 1
            if opts.backs:
                for (_, back), (x, y), bleeds in zip(chunk, plan.back_slots(opts.back_offset), plan.back_bleeds()):
                    pdf_writer.draw(canvas, back, x, y, page_h, bleeds=bleeds)
                if opts.crop_marks:
                    _draw_marks(canvas, plan, plan.back_marks(opts.back_offset), page_h)
                canvas.showPage()
                sheets += 1
        canvas.save()
    return plan, sheets


def draw_calibration(canvas, plan: SheetPlan, opts: PrintOptions) -> None:
    """A front/back pair to measure duplex drift: pierce the front targets, read the back rulers."""
    from generator.layout import calibration

    page_h = opts.page.height
    front, back = calibration.drawings(opts.page, opts.back_offset, user_dir=opts.templates)
    pdf_writer.draw_ops(canvas, front.ops, 0, 0, page_h)
    canvas.showPage()
    pdf_writer.draw_ops(canvas, back.ops, 0, 0, page_h)
    canvas.showPage()


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def glyph_warnings(cards: Sequence[Card]) -> list[str]:
    """One warning per card whose text has characters the fonts cannot draw (they would print as
    empty boxes), naming the card and the characters."""
    from generator.layout.fonts import missing_glyphs

    out = []
    for card in cards:
        text = " ".join([card.title, *_strings(card.front.view), *_strings(card.back.view)])
        missing = missing_glyphs(text, "body") or missing_glyphs(card.title, "title")
        if missing:
            out.append(f"card {card.title!r}: the font cannot draw {missing!r} (they would print as empty boxes); "
                       "give --font FILE.ttf with a font that has them")
    return out


def sheet_count(cards: int, per_page: int, opts: PrintOptions) -> int:
    """Pages of the imposed PDF: front sheets, their backs, and the calibration pair."""
    fronts = -(-cards // per_page) if cards else 0
    return fronts * (2 if opts.backs else 1) + (2 if opts.calibration else 0)


#: Longest stem of an output file name, so that ``-sheet12.png`` still fits the file system.
MAX_STEM = 80


def output_paths(cards: Sequence[Card], out_dir: Path, opts: PrintOptions, name: str, sheets: int) -> dict[str, list[Path]]:
    """Every file a run writes, by format, known before anything is drawn."""
    name = slug(name)[:MAX_STEM] if len(name.encode("utf-8")) > MAX_STEM else name
    paths: dict[str, list[Path]] = {"pdf": [], "png": [], "svg": []}
    if "pdf" in opts.formats:
        paths["pdf"].append(out_dir / f"{name}.pdf")
    if "png" in opts.formats:
        paths["png"] = [out_dir / f"{name}-sheet{i + 1}.png" for i in range(sheets)]
    if "svg" in opts.formats:
        seen: dict[str, int] = {}
        for card in cards:
            base = slug(card.title)[:MAX_STEM]
            seen[base] = seen.get(base, 0) + 1
            if seen[base] > 1:
                base = f"{base}-{seen[base]}"
            paths["svg"].append(out_dir / f"{base}.svg")
            if opts.backs:
                paths["svg"].append(out_dir / f"{base}-back.svg")
    return paths


def print_deck(cards: Sequence[Card], out_dir: Path, opts: PrintOptions, name: str = "cards", *,
               force: bool = False, progress: Callable[[int, int], None] | None = None) -> DeckResult:
    """Render ``cards`` and write the requested formats into ``out_dir``.

    Every target is checked before any work: a file the tool did not write (it is not in the
    folder's manifest, or was changed since) is kept unless ``force``. Files an earlier run wrote
    and this one does not (``-sheet7.png`` of a longer deck) are removed; nothing else is.
    ``progress(done, total)`` is called as cards are drawn.
    """
    for f in opts.formats:
        if f not in FORMATS:
            raise RenderError(f"unknown format {f!r}: choose from {', '.join(FORMATS)}")
    out_dir = Path(out_dir)
    result = DeckResult(cards=len(cards))
    plan = plan_sheet(opts.page, opts.card, opts.bleed, opts.crop_marks)  # validate before any work
    fewer = fewer_cards_warning(plan, len(cards), opts.bleed, opts.crop_marks)
    if fewer:
        result.warnings.append(fewer)
    paths = output_paths(cards, out_dir, opts, name, sheet_count(len(cards), plan.per_page, opts))
    targets = [p for group in paths.values() for p in group]
    for target in targets:
        check_name(target)
    if out_dir.exists() and not out_dir.is_dir():
        ensure_folder(out_dir, "output folder")  # the one-line "is a file" error
    manifest = Manifest(out_dir)
    for target in targets:
        manifest.may_write(target, force)
    drawings = []
    for index, card in enumerate(cards):
        drawings.append(render_card(card, opts.card, opts.bleed, opts.templates))
        if progress is not None:
            progress(index + 1, len(cards))
    for front, back in drawings:
        result.warnings.extend(front.warnings + back.warnings)
    result.warnings.extend(glyph_warnings(cards))
    ensure_folder(out_dir, "output folder")
    if "pdf" in opts.formats or "png" in opts.formats:
        with tempfile.TemporaryDirectory() as scratch:
            # a PNG-only run renders from a scratch PDF and leaves any existing PDF alone
            pdf_path = paths["pdf"][0] if paths["pdf"] else Path(scratch) / "cards.pdf"
            _, sheets = write_sheets_pdf(pdf_path, drawings, opts, title=name)
            result.sheets = sheets
            result.files.extend(paths["pdf"])
            if "png" in opts.formats:
                render_png(pdf_path, paths["png"], opts.png_dpi)
                result.files.extend(paths["png"])
    if "svg" in opts.formats:
        svgs = iter(paths["svg"])
        for front, back in drawings:
            for suffix, drawing in (("", front), ("-back", back)):
                if suffix and not opts.backs:
                    continue
                target = next(svgs)
                write_atomic(target, to_svg(drawing))
                result.files.append(target)
    result.removed = manifest.remove_stale(result.files, stem=name)
    manifest.record(result.files)
    return result


def load_cards(roster_paths: Sequence[Path], loader: Callable[[Path], tuple[Any, Any]] | None = None,
               odds_vs: int | None = None) -> list[Card]:
    """Load every roster (all of them, before anything is written) and list their cards."""
    from generator.layout.cards import cards_for
    from generator.layout.odds import odds_line

    if loader is None:
        from generator.content import load_roster as loader  # type: ignore[no-redef]
    cards: list[Card] = []
    for path in roster_paths:
        system, roster = loader(path)
        name = getattr(system, "name", system)
        combatants = system.combatants(roster) if hasattr(system, "combatants") else None
        odds = (lambda view, _n=name: odds_line(_n, view, odds_vs)) if odds_vs is not None else None
        cards.extend(cards_for(name, roster, combatants, odds=odds))
    return cards
