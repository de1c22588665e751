"""``skirmish booklet``: (re)build a scenario's printable booklet from its scenario file."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.common import PAGE_HELP


def register(app: typer.Typer) -> None:
    @app.command("booklet")
    def booklet(
        scenario: Path = typer.Argument(..., help="A scenario file (kind: scenario), e.g. DIR/scenario.yaml."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="The PDF file to write (default: DIR/booklet.pdf next to DIR/scenario.yaml, else the scenario's name with .pdf)."),
        page: str = typer.Option("a4", "--page", help=PAGE_HELP),
        ink_saver: bool = typer.Option(False, "--ink-saver", help="No full-page backgrounds."),
        hex_size: Optional[str] = typer.Option(None, "--hex-size", help="Printed hex across the flats, e.g. 25mm or 1in."),
        templates: Optional[Path] = typer.Option(None, "--templates", help="Your template folder (booklet/booklet.yaml.j2 overrides)."),
        force: bool = typer.Option(False, "--force", help="Replace an existing file this tool did not write."),
        json_out: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
    ) -> None:
        """Print the booklet of SCENARIO: set-up, true-scale map, forces, cards, balance report, reference.

        Edit the scenario file (forces, deployment, twist...) and run this again: the file is
        checked first, and an invalid scenario writes nothing.

        Examples:

          skirmish booklet scenarios/examples/bladeborn-blood-on-the-altar -o output/altar.pdf

          skirmish booklet my-battle/scenario.yaml --page letter --ink-saver
        """
        from generator.layout.map_tiling import parse_length_mm
        from generator.layout.booklet import _build, booklet_path_for

        from generator.cli.common import print_json
        from generator.errors import RenderError
        from generator.files import Manifest

        from generator.content.library import content_name, find_named

        scenario = find_named(scenario)
        if out is None and content_name(scenario) is not None:
            out = Path(scenario.stem + ".pdf")  # never write into the built-in content
        target = Path(out or booklet_path_for(scenario))
        if target.suffix.lower() != ".pdf":
            raise RenderError(f"--out {str(target)!r}: a booklet is a PDF; give a .pdf file name")
        from generator.layout.booklet import _loaded

        loaded = _loaded(scenario)  # an invalid scenario is refused before anything else
        # DIR/booklet.pdf that `skirmish scenario` (or an earlier `booklet`) wrote is the tool's own
        # and is replaced after an edit; a PDF the user put there, or changed, needs --force
        manifest = Manifest(target.parent)
        manifest.may_write(target, force)
        size = parse_length_mm(hex_size, "--hex-size") if hex_size is not None else None
        result = _build(loaded, target, page, ink_saver, size, templates)
        manifest.record([Path(result.path)])
        if json_out:
            print_json({"pages": result.pages, "sections": list(result.sections), "files": [str(result.path)]})
            return
        typer.echo(f"booklet: {result.pages} pages ({', '.join(result.sections)}) -> {result.path}")
