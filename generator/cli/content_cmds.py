"""``skirmish systems``, ``skirmish validate`` and ``skirmish show``: what content there is, is it sound."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer
from rich.table import Table

from generator.cli.common import console, examples, print_json
from generator.content import ROSTER_KINDS, ContentLibrary, check_file, content_files, display_path, load_roster
from generator.errors import SkirmishError


def systems(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    from generator.systems import SYSTEM_NAMES, get_system

    lib = ContentLibrary()
    rows = []
    for name in SYSTEM_NAMES:
        try:
            system = get_system(name)
        except (ImportError, AttributeError):
            rows.append({"system": name, "title": name, "summary": "(not available)", "rosters": [], "files": 0})
            continue
        rosters = []
        files = 0
        for loaded in lib.load(name):
            files += 1
            if loaded.kind in ROSTER_KINDS:
                members = list(system.combatants(loaded.model))
                rosters.append({"name": getattr(loaded.model, "name", loaded.path.stem), "kind": loaded.kind,
                                "combatants": len(members), "file": loaded.path.name})
        rows.append({"system": name, "title": system.title, "summary": system.summary, "rosters": rosters, "files": files})
    if json_out:
        print_json(rows)
        return
    table = Table(title="Systems", title_justify="left")
    table.add_column("system")
    table.add_column("what it is")
    table.add_column("rosters (combatants)")
    table.add_column("files", justify="right")
    for row in rows:
        rosters = "\n".join(f"{r['name']} ({r['combatants']})" for r in row["rosters"]) or "-"
        table.add_row(f"[bold]{row['system']}[/bold]\n{row['title']}", row["summary"], rosters, str(row["files"]))
    console.print(table)


systems.__doc__ = "List the systems, their rosters and how much content each has." + examples(
    "skirmish systems", "skirmish systems --json"
)


def _expand(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(content_files(p).values())
        else:
            out.append(p)
    return out


def validate(
    paths: List[Path] = typer.Argument(None, help="Content files or folders (default: the built-in content)."),
) -> None:
    from generator.resources import content_dir

    roots = list(paths or [content_dir()])
    missing = [p for p in roots if not p.exists()]
    if missing:
        raise SkirmishError(f"{display_path(missing[0])}: no such file or folder")
    targets = _expand(roots)
    if not targets:
        raise SkirmishError(f"no .yaml, .yml or .json files found in {', '.join(map(str, roots))}")
    problems: list[str] = []
    bad_files: list[str] = []
    for path in targets:
        found = check_file(path)
        if found:
            bad_files.append(display_path(path))
        problems.extend(found)
    if problems:
        # the report (every problem, one per line) is the command's output; stderr gets the one
        # "error:" line every failing command ends with
        for line in problems:
            typer.echo(line)
        raise SkirmishError(
            f"{_count(len(problems), 'problem')} in {_count(len(bad_files), 'file')} of {len(targets)} checked: "
            + ", ".join(bad_files[:5]) + (", ..." if len(bad_files) > 5 else "")
        )
    typer.echo(f"{_count(len(targets), 'file')} checked, no problems")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


validate.__doc__ = (
    "Check content or user files against each system's limits; lists every problem with file and line."
    + examples("skirmish validate content/", "skirmish validate my-warband.yaml")
)


def show(
    file: Path = typer.Argument(..., help="A roster, warband or team file."),
    name: Optional[str] = typer.Argument(None, help="One combatant's name (default: all of them)."),
) -> None:
    system, roster = load_roster(file)
    members = list(system.combatants(roster))
    if name is not None:
        wanted = [m for m in members if getattr(m, "name", "").lower() == name.lower()]
        if not wanted:
            known = ", ".join(getattr(m, "name", "?") for m in members)
            raise SkirmishError(f"{display_path(file)}: no combatant named {name!r}; it has: {known}")
        members = wanted
    for member in members:
        console.print(system.describe(member))
        console.print()


show.__doc__ = "Show combatants as readable text cards in the terminal." + examples(
    "skirmish show content/bladestorm/warriors-of-ash-goblins.yaml", "skirmish show content/bladestorm/warriors-of-ash-goblins.yaml Cro"
)


def register(app: typer.Typer) -> None:
    app.command("systems")(systems)
    app.command("validate")(validate)
    app.command("show")(show)
