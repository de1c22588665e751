"""``skirmish cost``: price every combatant of a roster, itemised, with the total.

Two inputs: a roster content file of any system (priced by that system's own cost model through
``System.price``), or a JSON list of fighters in the public Warcry data-set format (priced by the
fitted Warcry points model directly). This module only parses, calls and prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from generator.cli.common import print_json, shown
from generator.errors import ContentError, SkirmishError

DATASET_SYSTEMS = ("warcry", "bladeborn")


def _read_json_list(path: Path) -> bool:
    """True when ``path`` is a JSON file whose top level is a list (the Warcry data-set format)."""
    if path.suffix.lower() != ".json":
        return False
    from generator.content.source import read_text

    return read_text(path).lstrip().startswith("[")


def price_dataset(path: Path) -> list[dict[str, Any]]:
    """Price a data-set JSON file: one result per fighter, in input order."""
    from generator.systems.warcry.cost import load_warcry_json, price_fighters

    fighters = load_warcry_json(path)
    priced = price_fighters(fighters, source=str(path))
    out = []
    for fighter, p in zip(fighters, priced):
        row = p.to_json()
        row["unrounded"] = round(p.cost - p.breakdown.get("rounding", 0.0), 2)
        if isinstance(fighter.get("points"), (int, float)):
            row["published"] = fighter["points"]
        out.append(row)
    return out


def price_roster(path: Path, system_name: str | None) -> dict[str, Any]:
    """Price a roster content file through its system's cost model."""
    from generator.content import load_roster

    system, roster = load_roster(path)
    if system_name and system.name != system_name:
        raise ContentError(f"{path}: is a {system.name} roster, not {system_name} (drop the system argument or fix the file)")
    if system.price is None:
        raise ContentError(f"{system.title} has no cost model yet, so {path} cannot be priced")
    from generator.systems.base import side_cost

    side = side_cost(system, roster)
    out: dict[str, Any] = {
        "system": system.name,
        "unit": system.cost_unit,
        "combatants": [p.to_json() for p in side.priced],
        "total": side.total,
    }
    if side.printed is not None:
        out["book_total"] = side.printed
    if side.model != side.total:
        out["model_total"] = side.model
    return out


def _number(value: float) -> str:
    return f"{value:g}" if float(value).is_integer() else f"{value:.1f}"


def _breakdown_text(breakdown: dict[str, float]) -> str:
    """``base 155 · threat -24.9 · ...``, leaving out items that are zero."""
    return " · ".join(f"{k} {_number(v)}" for k, v in breakdown.items() if abs(v) >= 0.05)


def _print_table(title: str, rows: list[dict[str, Any]], total: float, unit: str, model_total: float | None = None) -> None:
    """One row per combatant; a ``model`` column when a printed cost and the model's differ."""
    from rich.console import Console
    from rich.table import Table

    published = any("published" in r for r in rows)
    modelled = model_total is not None or any("model" in r for r in rows)
    table = Table(title=shown(title), show_lines=False)
    table.add_column("combatant")
    table.add_column(unit, justify="right")
    if published:
        table.add_column("published", justify="right")
    if modelled:
        table.add_column("model", justify="right")
    table.add_column("breakdown")
    for r in rows:
        cells = [shown(r["name"]), _number(r["cost"])]  # a name from a file is printed, never obeyed as markup
        if published:
            cells.append(_number(r["published"]) if "published" in r else "")
        if modelled:
            cells.append(_number(r.get("model", r["cost"])))
        cells.append(_breakdown_text(r["breakdown"]))
        table.add_row(*cells)
    table.add_section()
    tail = [""] * (1 + int(published))
    if modelled:
        tail = [""] * int(published) + [_number(model_total if model_total is not None else total), ""]
    table.add_row("total", _number(total), *tail)
    Console(soft_wrap=False).print(table)


def cost_command(
    file: Path = typer.Argument(..., metavar="ROSTER", help="A roster file or built-in name, or a JSON list of Warcry fighters."),
    system: Optional[str] = typer.Argument(
        None, help="The system, checked against the file's own (a JSON list of fighters: warcry or bladeborn)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Price every combatant with its system's cost model: itemised breakdown and total.

    A JSON list of fighters in the public Warcry data-set format (movement, toughness, wounds, runemarks, weapons with attacks, strength, dmg_hit, dmg_crit, min_range, max_range) is priced with the fitted Warcry points model; with --json the output is a JSON list, one object per fighter in input order (name, cost, breakdown, unrounded, and published when the input has points).

    Any other file is loaded as a roster and priced by its own system; with --json the output is an object with system, unit, combatants and total. A printed cost (a book card's TPC, a roster's printed total, a squad's printed points) is the cost; the model's estimate is shown beside it (model, model_total; book, book_total).

    Examples:

      skirmish cost warband.json warcry --json

      skirmish cost bladestorm/warriors-of-ash-goblins
    """
    from generator.systems import SYSTEM_NAMES

    name = system.strip().lower() if system else None
    if name is not None and name not in SYSTEM_NAMES:
        raise SkirmishError(f"system {system!r} is not known; choose one of {', '.join(SYSTEM_NAMES)}")
    from generator.content import find_named

    file = find_named(file)
    if not file.exists():
        raise ContentError(f"{file}: no such file")
    if _read_json_list(file):
        if name is not None and name not in DATASET_SYSTEMS:
            raise ContentError(
                f"{file}: a JSON list of fighters is the Warcry data-set format; give the system warcry or bladeborn"
            )
        rows = price_dataset(file)
        if as_json:
            print_json(rows)
        else:
            _print_table(f"{file.name}: Warcry points", rows, sum(r["cost"] for r in rows), "points")
        return
    result = price_roster(file, name)
    if as_json:
        print_json(result)
    else:
        title = f"{file.name}: {result['system']}"
        if "book_total" in result:
            title += f" (the book's total {_number(result['book_total'])} {result['unit']} is the side's cost)"
        _print_table(title, result["combatants"], result["total"], result["unit"], result.get("model_total"))


def register(app: typer.Typer) -> None:
    """Add ``skirmish cost`` to the root app."""
    app.command("cost")(cost_command)
