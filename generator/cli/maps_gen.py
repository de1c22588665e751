"""`skirmish map generate` and `skirmish map render`: parse options, call the boards library, print.

``register(map_app)`` adds both commands to the ``map`` group that :mod:`generator.cli.maps`
creates. All work happens in :mod:`generator.boards.mapgen` and :mod:`generator.layout.map_print`.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from generator.cli.common import DEFAULT_DPI, PAGE_HELP, SEED_HELP, list_values, note, print_json, seed_note
from generator.errors import RenderError
from generator.progress import progress_bar


def _generate(
    system: str = typer.Argument(..., help="bladeborn, gorechosen, sagaborn or bladestorm (the systems played on a grid)."),
    size: Optional[str] = typer.Option(None, "--size", help="Columns x rows, e.g. 13x10 (default: the system's board)."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    symmetry: Optional[str] = typer.Option(
        None, "--symmetry", help="rotational (half turn), mirror (across the line between the players) or none."
    ),
    density: Optional[float] = typer.Option(
        None, "--density", help="Share of cells covered by the main terrain (blocked, pits), e.g. 0.12."
    ),
    objectives: Optional[int] = typer.Option(None, "--objectives", help="Number of objectives (0-12)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the map file here (default: print it)."),
    force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
    as_json: bool = typer.Option(False, "--json", help="Print the fairness report as JSON."),
) -> None:
    """Generate a fair, symmetric map for SYSTEM and print its fairness report.

    Terrain grows in clusters, every open cell is reachable, each player gets a deployment zone.

    Candidates outside the fairness bounds of content/mapgen/<system>.yaml are rejected.

    Examples:

      skirmish map generate bladeborn --size 13x10 --seed 7 -o maps/duel.yaml

      skirmish map generate sagaborn --symmetry rotational --density 0.1 --seed 3
    """
    from generator.boards.mapfile import dump_map, save_map
    from generator.boards.mapgen import generate_map, load_params
    from generator.dice.rng import make_rng
    from generator.files import output_file, refuse_existing

    if out is not None and out.suffix.lower() not in (".yaml", ".yml"):
        raise RenderError(f"--out {str(out)!r}: a map file is YAML; give a .yaml name "
                          "(`skirmish map render` prints a map as PDF, SVG or PNG)")
    if out is not None:
        output_file(out)  # never a device, a FIFO or a folder, even with --force
        if not force:
            refuse_existing(out)
    seed = make_rng(seed).seed
    gen = generate_map(system, size=size, seed=seed, symmetry=symmetry, density=density, objectives=objectives)
    wanted = objectives if objectives is not None else load_params(system).objectives
    placed = len(gen.board.objectives or [])
    fewer = (f"{placed} objective{'s' if placed != 1 else ''} placed, not {wanted}: with {symmetry or 'this'} symmetry "
             f"they come in symmetric pairs; pass --objectives {placed} or {placed + 2} to choose") if placed != wanted else ""
    if as_json:
        report = gen.report.to_json()
        report["seed"] = gen.seed
        report["candidates"] = gen.attempts
        report["layout_note"] = gen.layout_note
        report["objectives"] = {"asked": wanted, "placed": placed}
        if out is not None:
            save_map(gen.board, out)
            report["map_file"] = str(out)
        else:
            report["map"] = gen.board.model_dump(exclude_defaults=True, mode="json")
        print_json(report)
        return
    if out is not None:
        save_map(gen.board, out)
        typer.echo(f"wrote {out}")
        typer.echo(gen.report.table())
    else:
        # the map alone on stdout (so `> map.yaml` gives a clean file), the report on stderr
        typer.echo(dump_map(gen.board), nl=False)
        typer.echo(gen.report.table(), err=True)
    for line in gen.summary().splitlines():
        note(line)
    if fewer:
        note(fewer)
    seed_note(gen.seed, "make the same map")


#: More pages than this need --force: a map that big is usually a wrong --hex-size.
MAX_PAGES = 100


def _render(
    map_file: Path = typer.Argument(..., metavar="MAP", help="A map file (YAML) or a built-in map name (maps/ash-cavern)."),
    formats: Optional[List[str]] = typer.Option(None, "--format", "-f", help="pdf, svg or png; repeat for several (default: from --out, else pdf)."),
    hex_size: Optional[str] = typer.Option(
        None, "--hex-size", help="Printed cell size: hex across the flats, or square side (25mm, 1in...)."
    ),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="The file to write (default: next to the map, or in the current folder for a built-in map); a multi-page SVG or PNG adds -p1, -p2..."),
    dpi: int = typer.Option(DEFAULT_DPI, "--dpi", help="PNG resolution.", min=30, max=600),
    force: bool = typer.Option(False, "--force", help=f"Replace a file this tool did not write, and print more than {MAX_PAGES} pages."),
    as_json: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
) -> None:
    """Print a map at true scale, tiled over several pages if it is larger than the paper.

    A 25 mm hex measures 25 mm across the flats: print at 100% and check the 50 mm ruler.

    Large maps get an assembly page, overlap bands and alignment crosses.

    Examples:

      skirmish map render maps/drawn-and-quartered --format pdf --hex-size 25mm --page a4 -o duel.pdf

      skirmish map render maps/ash-cavern --format png --page letter -o out/arena.png
    """
    from generator.boards.mapfile import load_map
    from generator.layout.map_print import FORMATS, page_plan, render_map
    from generator.layout.map_tiling import page_size_mm, parse_length_mm
    from generator.content import find_named
    from generator.files import Manifest

    fmts = list_values(formats, "--format", FORMATS)
    page_size_mm(page)  # check the page name before any work
    size_mm = parse_length_mm(hex_size) if hex_size is not None else None
    board = load_map(map_file)
    if out is not None and not fmts:
        if out.suffix.lower().lstrip(".") not in FORMATS:
            raise RenderError(f"--out {str(out)!r}: give a .pdf, .svg or .png name, or --format")
        fmts = [out.suffix.lower().lstrip(".")]
    if out is not None and len(fmts) == 1 and out.suffix and out.suffix.lower().lstrip(".") != fmts[0]:
        raise RenderError(f"--out {str(out)!r} does not end in .{fmts[0]}: the name must match --format {fmts[0]}")
    fmts = fmts or ["pdf"]
    plan = page_plan(board, size_mm, page)
    if plan.page_count > MAX_PAGES and not force:
        raise RenderError(
            f"{map_file}: at this --hex-size the map needs {plan.page_count:,} {page} pages "
            f"({plan.cols}x{plan.rows} tiles); more than {MAX_PAGES}: use --force to print them, or a smaller --hex-size"
        )
    base = out if out is not None else find_named(map_file).with_suffix(".pdf")
    if out is None and not Path(map_file).exists():  # a built-in map: write here, not into the package
        base = Path(base.name)
    targets = {fmt: base.with_suffix(f".{fmt}") for fmt in fmts}
    for fmt, target in targets.items():  # every file of every format checked before the first is written
        manifest = Manifest(target.parent)
        for page_file in page_files(target, fmt, plan.page_count):
            manifest.may_write(page_file, force)
    written: list[Path] = []
    with progress_bar("rendering map", quiet=as_json) as report:
        for i, (fmt, target) in enumerate(targets.items()):
            manifest = Manifest(target.parent)
            paths = render_map(board, target, fmt=fmt, hex_size_mm=size_mm, page=page, dpi=dpi)
            manifest.record(paths)
            written.extend(paths)
            if report is not None:
                report(i + 1, len(targets))
    if as_json:
        print_json({"map": str(map_file), "pages": plan.page_count, "files": [str(p) for p in written]})
        return
    for p in written:
        typer.echo(f"wrote {p}")


def page_files(target: Path, fmt: str, pages: int) -> list[Path]:
    """The files a render writes: one PDF, or one SVG/PNG per page."""
    from generator.layout.map_print import page_paths

    return [target] if fmt == "pdf" else page_paths(target, pages)


def register(map_app: typer.Typer) -> None:
    """Add `generate` and `render` to the `map` command group."""
    map_app.command("generate")(_generate)
    map_app.command("render")(_render)


__all__ = ["register"]
