"""``skirmish systems``, ``validate``, ``show`` and ``schema``: what content there is, is it sound."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer
from rich.table import Table

from generator.cli.common import console, examples, print_json, shown
from generator.errors import SkirmishError
from generator.text import printable

if TYPE_CHECKING:
    from generator.content import ContentLibrary

SYSTEM_ARG_HELP = "bladeborn, warcry, gorechosen, bladestorm or sagaborn."


def builtin_maps(lib: ContentLibrary) -> list[dict]:
    """Map files of the content library, by the name a user types, with the system they are for."""
    from generator.content import read_source

    out = []
    for rel, path in lib.files().items():
        if rel.startswith("maps/"):
            try:
                system = (read_source(path).data or {}).get("system")
            except SkirmishError:
                system = None
            out.append({"ref": rel.rsplit(".", 1)[0], "system": system, "file": str(path)})
    return out


def systems(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    from generator.content import ROSTER_KINDS, ContentLibrary, content_name

    from generator.systems import SYSTEM_NAMES, get_system

    lib = ContentLibrary()
    maps = builtin_maps(lib)
    rows = []
    for name in SYSTEM_NAMES:
        try:
            system = get_system(name)
        except (ImportError, AttributeError):
            rows.append({"system": name, "title": name, "summary": "(not available)", "rosters": [], "maps": [], "files": 0})
            continue
        rosters = []
        files = 0
        for loaded in lib.load(name):
            files += 1
            if loaded.kind in ROSTER_KINDS:
                members = list(system.combatants(loaded.model))
                rosters.append({"ref": content_name(loaded.path) or str(loaded.path),
                                "name": getattr(loaded.model, "name", loaded.path.stem), "kind": loaded.kind,
                                "combatants": len(members), "file": loaded.path.name})
        rows.append({"system": name, "title": system.title, "summary": system.summary, "rosters": rosters,
                     "maps": [m["ref"] for m in maps if m["system"] == name], "files": files})
    if json_out:
        print_json(rows)
        return
    if console.width >= WIDE_SYSTEMS:
        table = Table(title="Systems", title_justify="left")
        table.add_column("system", no_wrap=True)
        table.add_column("what it is", ratio=1)
        table.add_column("rosters and maps: names to type (combatants)", no_wrap=True)
        table.add_column("files", justify="right", no_wrap=True)
        for row in rows:
            names = [shown(f"{r['ref']} ({r['combatants']})") for r in row["rosters"]] + [shown(m) for m in row["maps"]]
            table.add_row(f"[bold]{row['system']}[/bold]\n{row['title']}", row["summary"], "\n".join(names) or "-", str(row["files"]))
        console.print(table)
    else:
        _plain_systems(rows, console.width)
    console.print("[dim]Use a name anywhere a file goes, from any folder: "
                  "skirmish show bladestorm/warriors-of-ash-goblins Cro[/dim]")


#: Below this many columns the systems are listed one under another instead of in a table, so
#: no name to type is ever cut and no description wraps a word to a line.
WIDE_SYSTEMS = 120


def _plain_systems(rows: list[dict], width: int) -> None:
    """One block per system: its name (what you type), the summary wrapped to the terminal, and
    every roster and map name on a line of its own."""
    import textwrap

    wrap = max(40, width - 4)
    for row in rows:
        console.print(f"[bold]{row['system']}[/bold]  {row['title']} ({_count(row['files'], 'file')})", soft_wrap=True)
        for line in textwrap.wrap(row["summary"], wrap):
            console.print(f"  {line}", markup=False, soft_wrap=True)
        names = [f"{r['ref']} ({_count(r['combatants'], 'combatant')})" for r in row["rosters"]] + row["maps"]
        for name in names:
            console.print(f"    {name}", markup=False, soft_wrap=True)
        console.print()


systems.__doc__ = "List the systems and the built-in rosters and maps, by the names you can type." + examples(
    "skirmish systems", "skirmish systems --json"
)


def _expand(paths: list[Path]) -> list[Path]:
    from generator.content import content_files

    out: list[Path] = []
    for p in paths:
        if str(p) != "-" and p.is_dir():
            out.extend(content_files(p).values())
        else:
            out.append(p)
    return out


def validate(
    paths: List[Path] = typer.Argument(None, help="Content files or folders, built-in names, or - for standard input (default: all content, --content included)."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON: files checked and every problem."),
) -> None:
    from generator.content import check_file, display_path, find_named

    from generator.content import user_content_dir
    from generator.resources import content_dir

    roots = [p if str(p) == "-" else find_named(p) for p in paths] if paths else \
        [content_dir(), *([Path(user_content_dir())] if user_content_dir() else [])]
    missing = [p for p in roots if str(p) != "-" and not os.path.lexists(p)]
    if missing:
        raise SkirmishError(f"{display_path(missing[0])}: no such file or folder")
    targets = _expand(roots)
    if not targets:
        raise SkirmishError(f"no .yaml, .yml or .json files found in {', '.join(map(str, roots))}")
    problems: list[str] = []
    bad_files: list[str] = []
    from generator.layout.settings import settings_problems

    for path in targets:
        found = check_file(path) or settings_problems(path)
        if found:
            bad_files.append(display_path(path))
        problems.extend(found)
    if json_out:
        print_json({"checked": len(targets), "files": [display_path(p) for p in targets], "ok": not problems,
                    "problems": problems})
    if problems:
        # the report (every problem, one per line) is the command's output; stderr gets the one
        # "error:" line every failing command ends with
        if not json_out:
            for line in problems:
                typer.echo(line)
        raise SkirmishError(
            f"{_count(len(problems), 'problem')} in {_count(len(bad_files), 'file')} of {len(targets)} checked: "
            + ", ".join(bad_files[:5]) + (", ..." if len(bad_files) > 5 else "")
        )
    if not json_out:
        typer.echo(f"{_count(len(targets), 'file')} checked, no problems")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


validate.__doc__ = (
    "Check content or user files against each system's limits; lists every problem with file and line."
    + examples("skirmish validate", "skirmish validate my-warband.yaml --json",
               "skirmish --content my-content validate")
)


def show(
    file: Path = typer.Argument(..., metavar="ROSTER", help="A roster, warband or team file, or a built-in name (see `skirmish systems`)."),
    name: Optional[str] = typer.Argument(None, help="One combatant's name (default: all of them)."),
    json_out: bool = typer.Option(False, "--json", help="Print the combatants as JSON."),
) -> None:
    from generator.content import display_path, load_roster

    system, roster = load_roster(file)
    members = list(system.combatants(roster))
    if name is not None:
        wanted = [m for m in members if getattr(m, "name", "").lower() == name.lower()]
        if not wanted:
            known = ", ".join(getattr(m, "name", "?") for m in members)
            raise SkirmishError(f"{display_path(file)}: no combatant named {name!r}; it has: {known}")
        members = wanted
    if json_out:
        print_json({"system": system.name, "combatants": [m.model_dump(mode="json", exclude_none=True) for m in members]})
        return
    for member in members:
        # names are the file's: printed as text (never as rich markup), control characters escaped
        console.print(printable(system.describe(member), keep_newlines=True), markup=False)
        console.print()


show.__doc__ = "Show combatants as readable text cards in the terminal." + examples(
    "skirmish show bladestorm/warriors-of-ash-goblins", "skirmish show bladestorm/warriors-of-ash-goblins Cro --json",
    "skirmish show my-warband.yaml",
)


def schema(
    system: str = typer.Argument(..., help=SYSTEM_ARG_HELP),
    kind: Optional[str] = typer.Option(None, "--kind", help="Which content kind (default: the system's roster kind)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the schema to this file (.json) instead of printing it."),
    force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
) -> None:
    import json

    from generator.content.schema import content_schema
    from generator.files import refuse_existing, write_atomic

    document = content_schema(system, kind)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.suffix.lower() != ".json":
        raise SkirmishError(f"--out {out}: a schema is JSON; give a .json file name")
    if not force:
        refuse_existing(out)
    write_atomic(out, text)
    from generator.cli.common import note

    note(f"wrote {out}")


schema.__doc__ = (
    "Print the JSON Schema of SYSTEM's roster file, generated from the models that validate it, "
    "so an editor can complete and check rosters as you type (docs/rosters.md)."
    + examples("skirmish schema bladestorm", "skirmish schema warcry -o warcry-warband.schema.json")
)


def register(app: typer.Typer) -> None:
    app.command("systems")(systems)
    app.command("validate")(validate)
    app.command("show")(show)
    app.command("schema")(schema)
