"""``skirmish booklet``: (re)build a scenario's printable booklet from its scenario file."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    @app.command("booklet")
    def booklet(
        scenario: Path = typer.Argument(..., help="A scenario file (kind: scenario), e.g. DIR/scenario.yaml."),
        out: Optional[Path] = typer.Option(None, "--out", help="PDF to write (default: DIR/booklet.pdf next to DIR/scenario.yaml, else the scenario's name with .pdf)."),
        page: str = typer.Option("a4", "--page", help="Paper: a4 or letter."),
        ink_saver: bool = typer.Option(False, "--ink-saver", help="No full-page backgrounds."),
        hex_size: Optional[str] = typer.Option(None, "--hex-size", help="Printed hex across the flats, e.g. 25mm or 1in."),
        templates: Optional[Path] = typer.Option(None, "--templates", help="Your template folder (booklet/booklet.yaml.j2 overrides)."),
    ) -> None:
        """Print the booklet of SCENARIO: set-up, true-scale map, forces, cards, balance report, reference.

        Edit the scenario file (forces, deployment, twist...) and run this again: the file is
        checked first, and an invalid scenario writes nothing.

        Examples:

          skirmish booklet content/scenarios/examples/bladeborn-blood-on-the-altar.yaml --out output/altar.pdf

          skirmish booklet my-battle/scenario.yaml --page letter --ink-saver
        """
        from generator.boards.render_tiling import parse_length_mm
        from generator.layout.booklet import _build, booklet_path_for

        target = out or booklet_path_for(scenario)
        size = parse_length_mm(hex_size, "--hex-size") if hex_size is not None else None
        result = _build(scenario, target, page, ink_saver, size, templates)
        typer.echo(f"booklet: {result.pages} pages ({', '.join(result.sections)}) -> {result.path}")
