"""``skirmish cards`` (print-and-play card sheets) and ``skirmish sheet`` (quick reference)."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from generator.errors import RenderError


def _opts(page, card, bleed, crop_marks, backs, back_offset, templates, calibration, formats, dpi):
    from generator.layout.deck import PrintOptions
    from generator.layout.sizes import card_size, page_size
    from generator.units import parse_length, parse_pair

    fmts = tuple(f.strip().lower() for f in formats.split(",") if f.strip())
    return PrintOptions(
        page=page_size(page), card=card_size(card), bleed=parse_length(bleed, "--bleed"), crop_marks=crop_marks,
        backs=backs, back_offset=parse_pair(back_offset, "--back-offset"), templates=templates,
        calibration=calibration, formats=fmts, png_dpi=dpi,
    )


def register(app: typer.Typer) -> None:
    @app.command("cards")
    def cards(
        rosters: List[Path] = typer.Argument(..., help="Roster files (any system); one deck from all of them."),
        out: Path = typer.Option(Path("output/cards"), "--out", help="Folder for the PDF, SVGs and PNGs."),
        formats: str = typer.Option("pdf", "--format", help="Comma list of pdf, svg, png."),
        page: str = typer.Option("a4", "--page", help="Paper: a4, letter (or any in content/layout/pages.yaml)."),
        card: str = typer.Option("poker", "--card", help="poker, bridge, mini, tarot or WxHmm."),
        bleed: str = typer.Option("0mm", "--bleed", help="Bleed around each card, e.g. 3mm."),
        crop_marks: bool = typer.Option(False, "--crop-marks", help="Crop marks outside the card block."),
        backs: bool = typer.Option(False, "--backs", help="Add mirrored back sheets for long-edge duplex."),
        back_offset: str = typer.Option("0,0mm", "--back-offset", help="Shift the backs X,Y to fix printer drift."),
        templates: Optional[Path] = typer.Option(None, "--templates", help="Your template folder (overrides built-ins)."),
        calibration: bool = typer.Option(False, "--calibration", help="Start with a duplex calibration page pair."),
        odds: Optional[int] = typer.Option(None, "--odds", min=0, max=100, help="Print an odds line vs this Defense/Toughness/dice."),
        dpi: int = typer.Option(100, "--dpi", min=30, max=600, help="PNG preview resolution."),
    ) -> None:
        """Print cards for ROSTER files: N-up sheets at exact size, with bleed, crop marks and duplex backs.

        Examples:

          skirmish cards content/bladestorm/warriors-of-ash-goblins.yaml --out output/cards --format pdf,png

          skirmish cards warband.yaml --page letter --bleed 3mm --crop-marks --backs --back-offset 0.5,-0.3mm
        """
        from generator.layout.deck import load_cards, print_deck

        opts = _opts(page, card, bleed, crop_marks, backs, back_offset, templates, calibration, formats, dpi)
        deck = load_cards(rosters, odds_vs=odds)
        if not deck:
            raise RenderError("the rosters have no combatants to print")
        name = rosters[0].stem if len(rosters) == 1 else "cards"
        result = print_deck(deck, out, opts, name=name)
        for warning in result.warnings:
            typer.echo(f"warning: {warning}", err=True)
        noun = "card" if result.cards == 1 else "cards"
        typer.echo(f"{result.cards} {noun} on {result.sheets} page(s) -> {', '.join(str(f) for f in result.files[:3])}"
                   + (f" and {len(result.files) - 3} more" if len(result.files) > 3 else ""))

    @app.command("sheet")
    def sheet(
        system: str = typer.Argument(..., help="bladestorm, bladeborn, warcry, sagaborn or gorechosen."),
        page: str = typer.Option("a4", "--page", help="a4 or letter."),
        out: Optional[Path] = typer.Option(None, "--out", help="PDF file (default output/<system>-reference.pdf)."),
        templates: Optional[Path] = typer.Option(None, "--templates", help="Your template folder."),
        ink_saver: bool = typer.Option(False, "--ink-saver", help="No page background or title band: dark text on white."),
    ) -> None:
        """A one- or two-page quick reference for SYSTEM, with charts drawn from the exact odds.

        Examples:

          skirmish sheet bladestorm

          skirmish sheet sagaborn --page letter --out sagaborn.pdf

          skirmish sheet warcry --ink-saver
        """
        from generator.layout.reference import write_reference
        from generator.layout.sizes import page_size

        target = out or Path("output") / f"{system.lower()}-reference.pdf"
        pages = write_reference(system.lower(), page_size(page), target, templates, ink_saver=ink_saver)
        typer.echo(f"{system} reference: {pages} page(s) -> {target}")
