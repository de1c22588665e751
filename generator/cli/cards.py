"""``skirmish cards`` (print-and-play card sheets) and ``skirmish sheet`` (quick reference)."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from generator.cli.common import DEFAULT_DPI, PAGE_HELP, list_values, note, print_json, warn
from generator.errors import RenderError


def _opts(page, card, bleed, crop_marks, backs, back_offset, templates, calibration, formats, dpi):
    from generator.layout.deck import FORMATS, PrintOptions
    from generator.layout.sizes import card_size, page_size
    from generator.units import parse_length, parse_pair

    fmts = tuple(list_values(formats or ["pdf"], "--format", FORMATS))
    return PrintOptions(
        page=page_size(page), card=card_size(card), bleed=parse_length(bleed, "--bleed"), crop_marks=crop_marks,
        backs=backs, back_offset=parse_pair(back_offset, "--back-offset"), templates=templates,
        calibration=calibration, formats=fmts, png_dpi=dpi,
    )


def cards(
    rosters: List[Path] = typer.Argument(..., metavar="ROSTER...", help="Roster files or built-in names (any system); one deck from all of them."),
    out: Path = typer.Option(Path("output/cards"), "--out", "-o", help="Folder for the PDF, SVGs and PNGs (it writes several files)."),
    formats: Optional[List[str]] = typer.Option(None, "--format", "-f", help="pdf, svg or png; repeat for several (default pdf)."),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    card: str = typer.Option("poker", "--card", help="poker, bridge, mini, tarot or WxHmm."),
    bleed: str = typer.Option("0mm", "--bleed", help="Bleed around each card, e.g. 3mm."),
    crop_marks: bool = typer.Option(False, "--crop-marks", help="Crop marks outside the card block."),
    backs: bool = typer.Option(False, "--backs", help="Add mirrored back sheets for long-edge duplex."),
    back_offset: str = typer.Option("0,0mm", "--back-offset", help="Shift the backs X,Y to fix printer drift."),
    templates: Optional[Path] = typer.Option(None, "--templates", help="Your template folder (overrides built-ins)."),
    calibration: bool = typer.Option(False, "--calibration", help="Start with a duplex calibration page pair."),
    odds: Optional[int] = typer.Option(None, "--odds", min=0, max=100, help="Print an odds line vs this Defense/Toughness/dice."),
    dpi: int = typer.Option(DEFAULT_DPI, "--dpi", min=30, max=600, help="PNG resolution."),
    font: Optional[Path] = typer.Option(None, "--font", help="A TrueType font (.ttf) for names and text the shipped fonts cannot draw (CJK, Arabic, Hebrew...); the PDF embeds it."),
    force: bool = typer.Option(False, "--force", help="Replace files in the folder that this tool did not write."),
    json_out: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
) -> None:
    """Print cards for ROSTER files: N-up sheets at exact size, with bleed, crop marks and duplex backs.

    Files this tool wrote into the folder before (listed in its .skirmish-outputs.json) are replaced, and those this run does not write again are removed; any other file is kept unless --force.

    Examples:

      skirmish cards bladestorm/warriors-of-ash-goblins -o output/cards --format pdf --format png

      skirmish cards warband.yaml --page letter --bleed 3mm --crop-marks --backs --back-offset 0.5,-0.3mm
    """
    from generator.layout.deck import load_cards, print_deck
    from generator.progress import progress_bar

    opts = _opts(page, card, bleed, crop_marks, backs, back_offset, templates, calibration, formats, dpi)
    if font is not None:
        from generator.layout.fonts import use_user_font

        use_user_font(font)
    deck = load_cards(rosters, odds_vs=odds)
    if not deck:
        raise RenderError("the rosters have no combatants to print")
    name = rosters[0].name.rsplit(".", 1)[0] if len(rosters) == 1 else "cards"
    with progress_bar("drawing cards", quiet=json_out) as report:
        result = print_deck(deck, out, opts, name=name, force=force, progress=report)
    for warning in result.warnings:
        warn(warning)
    if json_out:
        print_json({"cards": result.cards, "pages": result.sheets, "files": [str(f) for f in result.files],
                    "removed": [str(f) for f in result.removed], "warnings": result.warnings})
        return
    for removed in result.removed:
        note(f"removed {removed} (written by an earlier run)")
    noun = "card" if result.cards == 1 else "cards"
    typer.echo(f"{result.cards} {noun} on {result.sheets} page(s) -> {', '.join(str(f) for f in result.files[:3])}"
               + (f" and {len(result.files) - 3} more" if len(result.files) > 3 else ""))

def sheet(
    system: str = typer.Argument(..., help="bladeborn, warcry, gorechosen, bladestorm or sagaborn."),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="The PDF file to write (default output/<system>-reference.pdf)."),
    templates: Optional[Path] = typer.Option(None, "--templates", help="Your template folder."),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="No page background or title band: dark text on white."),
    force: bool = typer.Option(False, "--force", help="Replace an existing file this tool did not write."),
    json_out: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
) -> None:
    """A one- or two-page quick reference for SYSTEM, with charts drawn from the exact odds.

    Examples:

      skirmish sheet bladestorm

      skirmish sheet sagaborn --page letter -o sagaborn.pdf

      skirmish sheet warcry --ink-saver
    """
    from generator.files import Manifest
    from generator.layout.reference import write_reference
    from generator.layout.sizes import page_size

    target = out or Path("output") / f"{system.lower()}-reference.pdf"
    if target.is_dir():
        raise RenderError(f"{target}: is a folder; give a file name to write, e.g. {target / 'reference.pdf'}")
    if target.suffix.lower() != ".pdf":
        raise RenderError(f"--out {str(target)!r}: a reference sheet is a PDF; give a .pdf file name")
    paper = page_size(page)
    manifest = Manifest(target.parent)
    manifest.may_write(target, force)
    pages = write_reference(system.lower(), paper, target, templates, ink_saver=ink_saver)
    manifest.record([target])
    if json_out:
        print_json({"system": system.lower(), "pages": pages, "files": [str(target)]})
        return
    typer.echo(f"{system} reference: {pages} page(s) -> {target}")


def register(app: typer.Typer) -> None:
    app.command("cards")(cards)
    app.command("sheet")(sheet)
