"""``skirmish create random SYSTEM`` and ``skirmish create calc SYSTEM``: build combatants.

``random`` is generic: it calls the system's ``build_random``. ``calc`` has one sub-command per
system, each added by the system itself (``System.register_calc``), since every calculator asks
for different stats.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperGroup

from generator.cli.common import SEED_HELP, cli_jobs, console, examples, note, print_json, seed_note
from generator.errors import SkirmishError
from generator.text import printable

create_app = typer.Typer(
    help="Build combatants at random or with a calculator; save them as content files."
    + examples("skirmish create random bladestorm --count 2 --seed 7",
               "skirmish create calc bladestorm --race troll --move 9 --defense 9 --endurance 36 --weapon battleaxe"),
    no_args_is_help=True,
)
class _SystemCalculators(TyperGroup):
    """``create calc``'s sub-commands, one per system, each added by the system itself
    (``System.register_calc``). A system is imported only when its calculator is asked for (or
    ``create calc --help`` lists them all), so building the command line imports no rules core."""

    def list_commands(self, ctx) -> list[str]:
        from generator.systems import SYSTEM_NAMES

        return [name for name in SYSTEM_NAMES if self.get_command(ctx, name) is not None]

    def get_command(self, ctx, cmd_name: str):
        if cmd_name not in self.commands:
            from generator.systems import SYSTEM_NAMES, get_system

            if cmd_name not in SYSTEM_NAMES:
                return None
            system = get_system(cmd_name)
            if system.register_calc is None:
                return None
            one = typer.Typer()
            system.register_calc(one)
            self.commands.update(typer.main.get_group(one).commands)
        return self.commands.get(cmd_name)


calc_app = typer.Typer(
    cls=_SystemCalculators,
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
    count: int = typer.Option(1, "--count", min=1, max=100, help="How many combatants to build (without --points; Gorechosen: champions sharing --points)."),
    points: Optional[float] = typer.Option(None, "--points", min=1, max=100_000, help="Budget of the whole force (its total cost): one force as close to it as the prices allow."),
    against: Optional[Path] = typer.Option(None, "--against", help="Build a force the simulator finds even against this roster (file or built-in name; --points defaults to its cost)."),
    battle: Optional[str] = typer.Option(None, "--battle", help="With --against: the battle card or scenario to play."),
    map_: Optional[str] = typer.Option(None, "--map", help="With --against: map file or built-in map name."),
    variant: Optional[str] = typer.Option(None, "--variant", help="With --against: rules variant (Gorechosen)."),
    battles: int = typer.Option(10_000, "--battles", min=2, max=100_000, help="With --against: most battles the whole search plays (screens, swaps and verdicts; half at most go to the verdicts, each at most 2,000)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", help="With --against: processes to play on (default: all cores)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="With --against: a Dask scheduler address to play on."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the result as a roster file (YAML); an existing file is kept unless --force or --append."),
    force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
    append: bool = typer.Option(False, "--append", help="Add to an existing --out roster, keeping its comments."),
    json_out: bool = typer.Option(False, "--json", help="Print the combatants, their costs, the rolls and the seed as JSON."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="With --against: no progress lines on stderr."),
    above_table: Optional[str] = typer.Option(
        None, "--above-table",
        help="Bladestorm: a D6+D10 roll above the Movement or Endurance table is rolled again "
             "(reroll, the default) or read as the last row (last-row).",
    ),
) -> None:
    from generator.dice.rng import make_rng

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
    if against is not None:
        _create_against(chosen, against, points, battle, map_, variant, battles, jobs, scheduler, rng, out, force, json_out,
                        quiet)
        return
    built = chosen.build_random(rng, count=count, points=points, **options)
    total = None
    if points is not None and chosen.price is not None:
        from generator.balance.forces import force_cost, roster_from

        total = force_cost(chosen, roster_from(chosen, [b.combatant for b in built], "force"))
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
        if total is not None:
            data["force_total"] = {"cost": total, "budget": points, "unit": chosen.cost_unit}
        print_json(data)
        return
    for item in built:
        console.print(printable(chosen.describe(item.combatant), keep_newlines=True), markup=False)
        for line in item.log:
            console.print(f"  [dim]{line}[/dim]")
        console.print()
    if total is not None:
        console.print(f"force total: {total:g} of {points:g} {chosen.cost_unit}")
    if out is not None:
        note(f"wrote {out}")
    seed_note(rng.seed, "build the same again")


def model_document(system, force) -> dict:
    """A loaded roster model back as a content file (its ``kind`` is the model's)."""
    kind = next(k for k, model in system.content_models.items() if isinstance(force, model))
    return {"system": system.name, "kind": kind, **force.model_dump(mode="json", exclude_none=True)}


def _create_against(chosen, against, points, battle, map_, variant, battles, jobs, scheduler, rng, out, force,
                    json_out, quiet=False) -> None:
    from generator.balance.forces import battle_options, force_cost, force_name
    from generator.balance.runner import make_runner
    from generator.balance.sequential import Plan
    from generator.balance.tune import even_force
    from generator.content import display_path, load_roster
    from generator.progress import Stages, expected_seconds

    other_system, other = load_roster(against)
    if other_system.name != chosen.name:
        raise SkirmishError(f"--against {display_path(against)}: is a {other_system.title} roster, not {chosen.title}")
    budget = points if points is not None else force_cost(chosen, other)
    options = battle_options(map_, battle, variant)
    plan = Plan(max_battles=min(2000, battles))
    jobs = cli_jobs(jobs)
    if out is not None and Path(out).exists() and not force:
        raise SkirmishError(f"--out {out}: exists; pass --force to replace it")
    name = f"Even against {force_name(other, 'the given force')} (seed {rng.seed})"
    with make_runner(jobs, scheduler) as runner:
        # even_force plays at most --battles in all: screens, swaps and verdicts
        with Stages("searching", battles, expected_seconds(chosen.name, battles, getattr(runner, "workers", 1)),
                    quiet=json_out or quiet) as stages:
            tuned = even_force(chosen, other, budget, options, rng, runner, plan, progress=stages.advance, name=name,
                               budget=battles, say=stages.say)
    if out is not None:
        save_roster(out, model_document(chosen, tuned.force), force=force)
    if json_out:
        data = tuned.to_json()
        data["force"] = model_document(chosen, tuned.force)
        data["seed"] = rng.seed
        print_json(data)
        return
    for item in chosen.combatants(tuned.force):
        console.print(printable(chosen.describe(item), keep_newlines=True), markup=False)
        console.print()
    for line in tuned.log:
        console.print(f"  [dim]{line}[/dim]", soft_wrap=True)
    for line in tuned.verdict.lines():
        console.print(line, markup=False, soft_wrap=True)
    if tuned.found:
        console.print(f"found: a force of {force_cost(chosen, tuned.force):g} {chosen.cost_unit} that plays even "
                      f"against {force_name(other, 'it')}")
    else:
        console.print(f"could not find an even force within {budget:g} {chosen.cost_unit} "
                      f"({tuned.screened} forces screened); the closest found is shown above")
    note(f"{tuned.battles:,} battles played (at most {battles:,}: --battles)")
    if out is not None:
        note(f"wrote {out}" + ("" if tuned.found else " (the closest force, not an even one)"))
    seed_note(rng.seed, "search the same way again")


create_random.__doc__ = (
    "Build combatants at random within the system's limits, showing the rolls that made them; with --points, one "
    "force whose total is as close to the budget as the prices allow; with --against, one the simulator finds even."
    + examples("skirmish create random bladestorm --seed 7", "skirmish create random sagaborn --points 400 --seed 3 -o team.yaml",
               "skirmish create random warcry --count 3 -o my-warband.yaml --append",
               "skirmish create random warcry --points 1000 --against warcry/example-gilded-ruin --seed 1")
)


def register(app: typer.Typer) -> None:
    app.add_typer(create_app, name="create")
