"""``skirmish map``: line of sight and validation of map files.

This module only parses options, calls :mod:`generator.boards` and prints. ``generate`` and
``render`` are added to the same ``map_app`` by :mod:`generator.cli.maps_gen`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from generator.errors import MapError

if TYPE_CHECKING:
    from generator.boards.mapfile import BoardMap

map_app = typer.Typer(
    name="map",
    help=(
        "Check map files: line of sight between hexes, connectivity, zones and fairness.\n\n"
        "Examples:\n\n"
        "  skirmish map los maps/drawn-and-quartered --from 2,3\n\n"
        "  skirmish map validate maps/drawn-and-quartered"
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
)

# ---- registration point: `generate` and `render` live in generator/cli/maps_gen.py, which
# ---- imports `map_app` from here and adds its commands with @map_app.command(...).


def register(app: typer.Typer) -> None:
    """Add the ``map`` command group (los, validate, generate, render) to the root app."""
    from generator.cli import maps_gen

    maps_gen.register(map_app)
    app.add_typer(map_app, name="map")


def _cell_option(text: str, option: str) -> tuple[int, int]:
    from generator.boards.mapfile import parse_cell

    try:
        return parse_cell(text)
    except ValueError as err:
        raise MapError(f"{option}: {err}") from None


def _rule_option(rule: str) -> str:
    from generator.boards import los

    if rule not in los.RULES:
        raise MapError(f"--los-rule: {rule!r} is not a rule; use one of: {', '.join(los.RULES)}")
    return rule


def _sketch(board: BoardMap, marks: dict[tuple[int, int], str]) -> str:
    """A small text picture of the board, one character per cell, row by row."""
    blocked = board.blocked_cells()
    lines = []
    for r in range(board.height):
        row = []
        for c in range(board.width):
            row.append(marks.get((c, r), "#" if (c, r) in blocked else "."))
        indent = " " if board.grid == "hex" and board.orientation == "pointy" and (r % 2 == (1 if board.offset == "odd" else 0)) else ""
        lines.append(f"{r:>3} {indent}{' '.join(row)}")
    return "\n".join(lines)


def _all_pairs(board, map_path: Path, rule: str, as_json: bool) -> None:
    """``map los MAP``: the whole visibility matrix (JSON), or how open the map is in numbers."""
    from generator.boards import los
    from generator.boards.mapfile import format_cell

    cells = board.open_cells()
    m = los.visibility_matrix(board, rule)
    if as_json:
        rows = ["".join("1" if v else "0" for v in row) for row in m]
        typer.echo(json.dumps({"cells": [list(c) for c in cells], "matrix": rows}, separators=(",", ":")))
        return
    n = len(cells)
    seen = m.sum(axis=1) - 1
    pairs = (m.sum() - n) // 2
    total = n * (n - 1) // 2
    typer.echo(f"{board.name or map_path.name}: {n} open cells, rule {rule}")
    typer.echo(f"visible pairs: {pairs} of {total} ({100 * pairs / max(total, 1):.1f}%)")
    order = seen.argsort()
    typer.echo(f"most hidden: {format_cell(cells[order[0]])} sees {seen[order[0]]} cells")
    typer.echo(f"most exposed: {format_cell(cells[order[-1]])} sees {seen[order[-1]]} cells")


def _seen_by_system(board, a, system_sight, as_json: bool) -> None:
    """``map los MAP --from CELL`` on a map whose system judges sight itself (SagaBorn:
    elevation, water, cover): o seen, c seen in cover."""
    from generator.boards.mapfile import format_cell

    marks, seen_cells, cover_cells = {a: "@"}, [], []
    for c in board.open_cells():
        if c != a:
            data = system_sight["data"](board, a, c)
            if data["visible"]:
                (cover_cells if data["cover"] else seen_cells).append(c)
                marks[c] = "c" if data["cover"] else "o"
    if as_json:
        typer.echo(json.dumps({"from": list(a), "visible": [list(c) for c in seen_cells + cover_cells],
                               "cover": [list(c) for c in cover_cells]}))
        return
    total = len(board.open_cells()) - 1
    typer.echo(f"{format_cell(a)} sees {len(seen_cells) + len(cover_cells)} of {total} other open cells "
               f"({len(cover_cells)} in cover), by the map's {board.system} sight rules:")
    typer.echo(_sketch(board, marks))
    typer.echo("@ viewer, o visible, c visible in cover, . hidden, # blocked (cells drawn row by row, not to scale)")


@map_app.command("los")
def los_cmd(
    map_path: Path = typer.Argument(..., metavar="MAP", help="A map file (YAML) or a built-in map name (maps/ash-cavern)."),
    from_cell: Optional[str] = typer.Option(None, "--from", help="Show what this cell (col,row) sees."),
    to_cell: Optional[str] = typer.Option(None, "--to", help="With --from: check one pair and name the blocking hex."),
    rule: str = typer.Option("standard", "--los-rule", help="standard | strict | per-hex."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Line of sight: the all-pairs matrix, what one cell sees, or whether one pair sees.

    Rules: standard (touching a blocked hex's edge or corner does not block; a line along the seam of two blocked hexes does), strict (any contact blocks), per-hex (each hex on its own).

    Examples:

      skirmish map los maps/drawn-and-quartered --json

      skirmish map los maps/drawn-and-quartered --from 0,4 --to 12,5
    """
    from generator.boards import los
    from generator.boards.mapfile import format_cell, load_map

    rule = _rule_option(rule)
    board = load_map(map_path)
    if to_cell is not None and from_cell is None:
        raise MapError("--to needs --from: give the cell to look from, e.g. --from 2,3 --to 7,5")
    if from_cell is None:
        _all_pairs(board, map_path, rule, as_json)
        return
    a = _cell_option(from_cell, "--from")
    system_sight = _system_sight(board)
    if to_cell is None and system_sight is not None:
        _seen_by_system(board, a, system_sight, as_json)
        return
    if to_cell is None:
        seen = los.visible_from(board, a, rule)
        if as_json:
            typer.echo(json.dumps({"from": list(a), "rule": rule, "visible": [list(c) for c in seen]}))
            return
        total = len(board.open_cells()) - 1
        typer.echo(f"{format_cell(a)} sees {len(seen)} of {total} other open cells (rule {rule}):")
        marks = {c: "o" for c in seen}
        marks[a] = "@"
        typer.echo(_sketch(board, marks))
        typer.echo("@ viewer, o visible, . hidden, # blocked (cells drawn row by row, not to scale)")
        return
    b = _cell_option(to_cell, "--to")
    if system_sight is not None:
        # The map's own system judges sight (SagaBorn: elevation, water, cover).
        data, text = system_sight["data"](board, a, b), system_sight["text"](board, a, b)
        typer.echo(json.dumps({"from": list(a), "to": list(b), **data}) if as_json else text)
        return
    stop = los.blockers(board, a, b, rule)
    if as_json:
        typer.echo(json.dumps({"from": list(a), "to": list(b), "rule": rule, "visible": not stop,
                               "blockers": [list(c) for c in stop]}))
        return
    if not stop:
        typer.echo(f"{format_cell(a)} -> {format_cell(b)}: visible (rule {rule})")
    else:
        first = format_cell(stop[0])
        more = f" (also {'; '.join(format_cell(c) for c in stop[1:])})" if len(stop) > 1 else ""
        typer.echo(f"{format_cell(a)} -> {format_cell(b)}: blocked by {first}{more} (rule {rule})")


def _system_sight(board: BoardMap):
    """The sight rule a map's system plugs in (``System.extra["map_sight"]``), or None."""
    if not board.system:
        return None
    from generator.systems import SYSTEM_NAMES, get_system

    if board.system not in SYSTEM_NAMES:
        return None
    return get_system(board.system).extra.get("map_sight")


# ---- validation -------------------------------------------------------------------------------


@map_app.command("validate")
def validate_cmd(
    map_path: Path = typer.Argument(..., metavar="MAP", help="A map file (YAML) or a built-in map name (maps/ash-cavern)."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Check a map: it loads, every passable cell is connected, zones and objectives are reachable.

    Prints the fairness report too. Exits 0 when every check passes, 1 when one fails, 2 when the
    file cannot be read.

    Examples:

      skirmish map validate maps/drawn-and-quartered

      skirmish map validate my-map.yaml --json
    """
    from generator.boards.checks import board_checks
    from generator.boards.fairness import fairness_report
    from generator.boards.mapfile import load_map

    board = load_map(map_path)
    checks = board_checks(board)
    report = fairness_report(board)
    ok = all(passed for passed, _ in checks)
    if as_json:
        data = {"map": str(map_path), "ok": ok, "checks": [{"ok": p, "message": m} for p, m in checks]}
        data["fairness"] = report.to_json()
        typer.echo(json.dumps(data, indent=2, default=str, ensure_ascii=False))
    else:
        size = f"{board.width}x{board.height} {board.grid}"
        if board.grid == "hex":
            size += f" ({board.orientation}-top, {board.offset} offset)"
        typer.echo(f"{board.name or map_path.name}: {size}, {len(board.blocked)} blocked")
        for passed, message in checks:
            typer.echo(f"  {'ok ' if passed else 'BAD'} {message}")
        typer.echo(report.table())
        typer.echo("valid" if ok else "problems found")
    if not ok:
        raise typer.Exit(1)
