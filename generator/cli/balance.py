"""``skirmish balance`` (are two forces even?) and ``skirmish calibrate`` (do prices predict wins?)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.common import SEED_HELP, console, examples, note, print_json, seed_note, warn
from generator.errors import SkirmishError

JOBS_HELP = "Processes to play on (default: all cores); the same seed gives the same answer whatever the count."
SCHEDULER_HELP = "Play on a running Dask cluster (host:port of its scheduler) instead of local processes."


def counting(report, total: int):
    """Adapt a ``report(done, total)`` bar (generator.progress) to the runners' ``advance(n)``."""
    if report is None:
        return None
    done = 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        report(done, max(total, done))

    return advance


def _runner(jobs: Optional[int], scheduler: Optional[str]):
    from generator.balance.runner import make_runner
    from generator.cli.common import cli_jobs

    jobs = cli_jobs(jobs)  # --jobs 0 is wrong even with a scheduler; more than the cores is capped
    return make_runner(jobs, scheduler)


def balance(
    roster_a: Optional[Path] = typer.Argument(None, help="Side A: a roster, warband or team file, or a built-in name."),
    roster_b: Optional[Path] = typer.Argument(None, help="Side B: a roster of the same system."),
    battle: Optional[str] = typer.Option(None, "--battle", help="Battle card or scenario name/file the system knows."),
    map_: Optional[str] = typer.Option(None, "--map", help="Map file or built-in map name (default: the system's own)."),
    scenario: Optional[Path] = typer.Option(None, "--scenario", help="A scenario file: system, map, card and both forces."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Rules variant (Gorechosen)."),
    twist: Optional[str] = typer.Option(None, "--twist", help="Twist card, where the system has them."),
    battles: Optional[int] = typer.Option(None, "--battles", min=2, max=100_000, help="Most battles to play (default 2000, or the plan a --scenario file was measured with); stops early when the answer is clear."),
    look_every: Optional[int] = typer.Option(None, "--look-every", min=2, max=100_000, help="Battles between two looks at the data (default 200, or the scenario file's)."),
    policy_a: str = typer.Option("greedy", "--policy-a", help="Side A's player: greedy, search (stronger, slower) or random; it follows A from seat to seat."),
    policy_b: str = typer.Option("greedy", "--policy-b", help="Side B's player (as --policy-a)."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    jobs: Optional[int] = typer.Option(None, "--jobs", help=JOBS_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    update: bool = typer.Option(False, "--update", help="With --scenario FILE (kind: scenario): write the new figures into the file's balance block, keeping everything else."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON (and no progress bar)."),
) -> None:
    from generator.balance.forces import battle_options
    from generator.balance.matchup import balance_files, check_players, play_verdict
    from generator.balance.sequential import Plan
    from generator.progress import progress_bar
    from generator.dice.rng import make_rng

    if update:
        _update(scenario, roster_a, roster_b, (battle, map_, variant, twist), battles, look_every, seed, jobs,
                scheduler, json_out)
        return
    players = (policy_a, policy_b)
    rng = make_rng(seed)
    plan = Plan(max_battles=battles or 2000, look_every=look_every or 200)
    if scenario is not None:
        if roster_a is not None or roster_b is not None:
            raise SkirmishError("--scenario: give either a scenario file or two rosters, not both")
        from generator.balance.scenario import load_scenario

        loaded = load_scenario(scenario)
        check_players(loaded.system, players)
        for message in loaded.notes:
            warn(message)
        if loaded.plan is not None:  # re-check as the scenario was measured, unless told otherwise
            plan = Plan(max_battles=battles or loaded.plan[0], look_every=look_every or loaded.plan[1])
        options = dict(loaded.options)
        for key, value in (("card", battle), ("variant", variant), ("twist", twist)):
            if value is not None:
                options[key] = value
        if map_ is not None:
            options["map"] = battle_options(map_)["map"]
        with _runner(jobs, scheduler) as runner, progress_bar("battles", quiet=json_out) as report:
            verdict = play_verdict(loaded.system, loaded.forces["a"], loaded.forces["b"], options, rng, plan, runner,
                                   counting(report, plan.max_battles), (loaded.names["a"], loaded.names["b"]), players)
    else:
        if roster_a is None or roster_b is None:
            raise SkirmishError("balance: give two roster files (A and B) or --scenario FILE")
        options = battle_options(map_, battle, variant, twist)
        with _runner(jobs, scheduler) as runner, progress_bar("battles", quiet=json_out) as report:
            verdict = balance_files(roster_a, roster_b, options, rng, plan, runner, counting(report, plan.max_battles),
                                    players)
    if json_out:
        print_json(verdict.to_json())
        return
    for line in verdict.lines():
        console.print(line, markup=False, soft_wrap=True)
    seed_note(verdict.seed, "play the same battles")


def _update(scenario, roster_a, roster_b, overrides, battles, look_every, seed, jobs, scheduler, json_out) -> None:
    """``--scenario FILE --update``: measure the scenario as it now is, rewrite its balance block."""
    from generator.scenarios.remeasure import update_balance
    from generator.progress import progress_bar

    if scenario is None or roster_a is not None or roster_b is not None:
        raise SkirmishError("--update: give the scenario file to re-measure with --scenario FILE (and no rosters)")
    if any(value is not None for value in overrides):
        raise SkirmishError("--update: --battle, --map, --variant and --twist would measure another battle than the "
                            "file's; edit the scenario file instead, then --update")
    with _runner(jobs, scheduler) as runner, progress_bar("battles", quiet=json_out) as report:
        done = update_balance(scenario, battles, look_every, seed, runner, counting(report, battles or 2000))
    if json_out:
        print_json({**done.verdict.to_json(), "file": str(done.path), "kept": done.kept, "dropped": done.dropped})
        return
    for line in done.verdict.lines():
        console.print(line, markup=False, soft_wrap=True)
    note(f"rewrote the balance figures of {done.path}; everything else in it is as it was"
         + (f" (kept: {', '.join(done.kept)})" if done.kept else "")
         + (f" (dropped, no longer measured: {', '.join(done.dropped)})" if done.dropped else ""))
    seed_note(done.verdict.seed, "play the same battles")


balance.__doc__ = (
    "Play two forces against each other on the board, seats alternating, until a sequential test says whether "
    "A's score lies inside 45-55% (balanced) or outside it (not balanced)."
    + examples(
        "skirmish balance bladestorm/warriors-of-ash-goblins bladestorm/warriors-of-ash-sea-troll --seed 1",
        "skirmish balance bladeborn/example-cinder-oath bladeborn/example-hollowmere-stalkers --battles 2000 --jobs 2 --json",
        "skirmish balance --scenario my-battle/scenario.yaml --update",
    )
)


def calibrate(
    system: str = typer.Argument(..., help="bladeborn, warcry, gorechosen, bladestorm or sagaborn."),
    points: float = typer.Option(..., "--points", min=1, max=100_000, help="Budget of each force (its total cost)."),
    rosters: int = typer.Option(12, "--rosters", min=4, max=64, help="How many random forces play the round robin."),
    battles: int = typer.Option(200, "--battles", min=2, max=10_000, help="Battles per pair of forces."),
    battle: Optional[str] = typer.Option(None, "--battle", help="Battle card or scenario the system knows."),
    map_: Optional[str] = typer.Option(None, "--map", help="Map file or built-in map name (default: the system's own)."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Rules variant (Gorechosen)."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    jobs: Optional[int] = typer.Option(None, "--jobs", help=JOBS_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Folder for the figure (SVG, PNG) and the numbers (JSON)."),
    force: bool = typer.Option(False, "--force", help="Replace calibration files already in the --out folder."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON (and no progress bar)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines on stderr."),
) -> None:
    from generator.balance.calibrate import calibrate as run_calibration
    from generator.balance.forces import battle_options
    from generator.progress import Stages, expected_seconds
    from generator.dice.rng import make_rng
    from generator.systems import get_system

    chosen = get_system(system)
    options = battle_options(map_, battle, variant)
    rng = make_rng(seed)
    total = rosters * (rosters - 1) // 2 * battles
    if out is not None and not force:
        from generator.layout.calibration_figure import existing_files

        existing = existing_files(out, chosen.name)
        if existing:
            raise SkirmishError(f"--out {out}: already holds {existing[0].name}; pass --force to replace it")
    with _runner(jobs, scheduler) as runner:
        with Stages("calibrating", total, expected_seconds(chosen.name, total, getattr(runner, "workers", 1)),
                    quiet=json_out or quiet) as stages:
            result = run_calibration(chosen, points, rng, rosters, battles, options, runner, stages.advance,
                                     say=stages.say)
    written = []
    if out is not None:
        from generator.layout.calibration_figure import write_calibration

        written = write_calibration(result, out)
    if json_out:
        data = result.to_json()
        data["files"] = [str(p) for p in written]
        print_json(data)
        return
    for line in result.lines():
        console.print(line, markup=False, soft_wrap=True)
    for path in written:
        note(f"wrote {path}")
    seed_note(result.seed, "build and play the same")


calibrate.__doc__ = (
    "Build random forces at one budget, play a round robin on the board, fit a Bradley-Terry strength per force, "
    "and report how well the system's prices predict the results."
    + examples(
        "skirmish calibrate warcry --points 1000 --rosters 12 --seed 1 -o output/calibration",
        "skirmish calibrate bladestorm --points 500 --battles 100 --json",
    )
)


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
    app.command("calibrate")(calibrate)
