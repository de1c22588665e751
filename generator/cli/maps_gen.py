"""`skirmish map generate` and `skirmish map render`: parse options, call the boards library, print.

``register(map_app)`` adds both commands to the ``map`` group that :mod:`generator.cli.maps`
creates. All work happens in :mod:`generator.boards.mapgen` and :mod:`generator.boards.render`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from generator.errors import RenderError


def _generate(
    system: str = typer.Option(..., "--system", "-s", help="bladeborn, gorechosen, sagaborn or bladestorm."),
    size: Optional[str] = typer.Option(None, "--size", help="Columns x rows, e.g. 13x10 (default: the system's board)."),
    seed: int = typer.Option(1, "--seed", help="Random seed; the same seed and options give the same map."),
    symmetry: Optional[str] = typer.Option(
        None, "--symmetry", help="rotational (half turn), mirror (across the line between the players) or none."
    ),
    density: Optional[float] = typer.Option(
        None, "--density", help="Share of cells covered by the main terrain (blocked, pits), e.g. 0.12."
    ),
    objectives: Optional[int] = typer.Option(None, "--objectives", help="Number of objectives (0-12)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the map file here (default: print it)."),
    as_json: bool = typer.Option(False, "--json", help="Print the fairness report as JSON."),
) -> None:
    """Generate a fair, symmetric map for a system and print its fairness report.

    Terrain grows in clusters, every open cell is reachable, each player gets a deployment zone.

    Candidates outside the fairness bounds of content/mapgen/<system>.yaml are rejected.

    Examples:

      skirmish map generate --system bladeborn --size 13x10 --seed 7 --out maps/duel.yaml

      skirmish map generate --system sagaborn --symmetry rotational --density 0.1 --seed 3
    """
    from generator.boards.mapfile import dump_map, save_map
    from generator.boards.mapgen import generate_map

    gen = generate_map(system, size=size, seed=seed, symmetry=symmetry, density=density, objectives=objectives)
    if as_json:
        report = gen.report.to_json()
        report["seed"] = gen.seed
        report["candidates"] = gen.attempts
        report["layout_note"] = gen.layout_note
        if out is not None:
            save_map(gen.board, out)
            report["map_file"] = str(out)
        else:
            report["map"] = gen.board.model_dump(exclude_defaults=True, mode="json")
        typer.echo(json.dumps(report, indent=2, sort_keys=True))
        return
    if out is not None:
        save_map(gen.board, out)
        typer.echo(f"wrote {out}")
        typer.echo(gen.summary())
        typer.echo(gen.report.table())
    else:
        # the map alone on stdout (so `> map.yaml` gives a clean file), the report on stderr
        typer.echo(dump_map(gen.board), nl=False)
        typer.echo(gen.summary(), err=True)
        typer.echo(gen.report.table(), err=True)


def _render(
    map_file: Path = typer.Argument(..., metavar="MAP", help="A map file (YAML), e.g. from `skirmish map generate`."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help="pdf, svg or png (default: from --out, else pdf)."),
    hex_size: Optional[str] = typer.Option(
        None, "--hex-size", help="Printed cell size: hex across the flats, or square side (25mm, 1in...)."
    ),
    page: str = typer.Option("a4", "--page", help="a4, a3, letter or poster (24x36 in)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Output file (default: next to the map)."),
    dpi: int = typer.Option(150, "--dpi", help="PNG resolution.", min=30, max=600),
) -> None:
    """Print a map at true scale, tiled over several pages if it is larger than the paper.

    A 25 mm hex measures 25 mm across the flats: print at 100% and check the 50 mm ruler.

    Large maps get an assembly page, overlap bands and alignment crosses.

    Examples:

      skirmish map render maps/duel.yaml --format pdf --hex-size 25mm --page a4

      skirmish map render maps/arena.yaml --format png --page letter --out out/arena.png
    """
    from generator.boards.mapfile import load_map
    from generator.boards.render import FORMATS, render_map
    from generator.boards.render_tiling import page_size_mm, parse_length_mm

    if fmt is not None and fmt.lower() not in FORMATS:
        raise RenderError(f"--format {fmt!r}: choose one of {', '.join(FORMATS)}")
    page_size_mm(page)  # check the page name before any work
    size_mm = parse_length_mm(hex_size) if hex_size is not None else None
    board = load_map(map_file)
    if out is None:
        out = map_file.with_suffix(f".{(fmt or 'pdf').lower()}")
    elif fmt is None and out.suffix.lower().lstrip(".") not in FORMATS:
        raise RenderError(f"--out {str(out)!r}: give a .pdf, .svg or .png name, or --format")
    paths = render_map(board, out, fmt=fmt, hex_size_mm=size_mm, page=page, dpi=dpi)
    for p in paths:
        typer.echo(f"wrote {p}")


def register(map_app: typer.Typer) -> None:
    """Add `generate` and `render` to the `map` command group."""
    map_app.command("generate")(_generate)
    map_app.command("render")(_render)


__all__ = ["register"]
