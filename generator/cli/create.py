"""``skirmish create random SYSTEM`` and ``skirmish create calc SYSTEM``: build combatants.

``random`` is generic: it calls the system's ``build_random``. ``calc`` has one sub-command per
system, each added by the system itself (``System.register_calc``), since every calculator asks
for different stats.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from generator.cli.common import SEED_HELP, console, examples, note, print_json, seed_note
from generator.dice.rng import make_rng
from generator.errors import SkirmishError

create_app = typer.Typer(
    help="Build combatants at random or with a calculator; save them as content files."
    + examples("skirmish create random bladestorm --count 2 --seed 7",
               "skirmish create calc bladestorm --race troll --move 9 --defense 9 --endurance 36 --weapon battleaxe"),
    no_args_is_help=True,
)
calc_app = typer.Typer(
    help="Build a combatant step by step and see its cost itemised as you choose."
    + examples("skirmish create calc bladestorm --race troll --move 9 --defense 9 --endurance 36 --weapon battleaxe --attack-bonus 1",
               "skirmish create calc bladestorm --interactive"),
    no_args_is_help=True,
)
create_app.add_typer(calc_app, name="calc")


def roster_document(system_name: str, kind: str, name: str, members: list, list_field: str) -> dict:
    """A content file (``system``/``kind`` header + members) that every other command accepts."""
    return {
        "system": system_name,
        "kind": kind,
        "name": name,
        list_field: [m.model_dump(mode="json", exclude_none=True) for m in members],
    }


def save_roster(path: Path, document: dict, force: bool = False, append: bool = False) -> None:
    from generator.systems.documents import write_document

    write_document(path, document, force=force, append=append)


@create_app.command("random")
def create_random(
    system: str = typer.Argument(..., help="bladeborn, warcry, gorechosen, bladestorm or sagaborn."),
    count: int = typer.Option(1, "--count", min=1, max=100, help="How many combatants to build."),
    points: Optional[float] = typer.Option(None, "--points", min=1, max=100_000, help="Points budget (per combatant, or the team budget for SagaBorn)."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the result as a roster file (YAML); an existing file is kept unless --force or --append."),
    force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
    append: bool = typer.Option(False, "--append", help="Add to an existing --out roster, keeping its comments."),
    json_out: bool = typer.Option(False, "--json", help="Print the combatants, their costs, the rolls and the seed as JSON."),
    above_table: Optional[str] = typer.Option(
        None, "--above-table",
        help="Bladestorm: a D6+D10 roll above the Movement or Endurance table is rolled again "
             "(reroll, the default) or read as the last row (last-row).",
    ),
) -> None:
    from generator.systems import get_system

    chosen = get_system(system)
    if chosen.build_random is None:
        raise SkirmishError(f"{chosen.title} has no random builder yet")
    options = {}
    if above_table is not None:
        if "above_table" not in chosen.extra.get("random_options", ()):
            raise SkirmishError(f"--above-table is for systems whose random tables stop short of the dice; {chosen.title} has none")
        options["above_table"] = above_table
    rng = make_rng(seed)
    built = chosen.build_random(rng, count=count, points=points, **options)
    if out is not None:
        writer = chosen.extra.get("roster_document")
        members = [b.combatant for b in built]
        document = writer(members, f"Random {chosen.title} (seed {rng.seed})") if writer else roster_document(
            chosen.name, "roster", f"Random {chosen.title} (seed {rng.seed})", members, "combatants")
        save_roster(out, document, force=force, append=append)
    if json_out:
        from generator.systems.documents import built_json

        data = built_json(chosen.name, [b.combatant for b in built], out, seed=rng.seed)
        for row, item in zip(data["combatants"], built):
            row["rolls"] = list(item.log)
        print_json(data)
        return
    for item in built:
        console.print(chosen.describe(item.combatant))
        for line in item.log:
            console.print(f"  [dim]{line}[/dim]")
        console.print()
    if out is not None:
        note(f"wrote {out}")
    seed_note(rng.seed, "build the same again")


create_random.__doc__ = (
    "Build combatants at random within the system's limits, showing the rolls that made them."
    + examples("skirmish create random bladestorm --seed 7", "skirmish create random sagaborn --points 400 --seed 3 -o team.yaml",
               "skirmish create random warcry --count 3 -o my-warband.yaml --append")
)


def register(app: typer.Typer) -> None:
    from generator.systems import SYSTEM_NAMES, get_system

    for name in SYSTEM_NAMES:
        try:
            system = get_system(name)
        except (ImportError, AttributeError):
            continue
        if system.register_calc is not None:
            system.register_calc(calc_app)
    app.add_typer(create_app, name="create")
