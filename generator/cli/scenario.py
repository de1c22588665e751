"""``skirmish scenario``: a balanced random scenario and its booklet, into a folder."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from generator.cli.common import PAGE_HELP, SEED_HELP, console, examples, print_json


def scenario(
    system: str = typer.Argument(..., help="bladeborn, warcry, gorechosen, bladestorm or sagaborn."),
    points: Optional[float] = typer.Option(None, "--points", min=1, max=100_000, help="Each side's budget (default: the system's usual game size)."),
    size: Optional[str] = typer.Option(None, "--size", help="Map size WxH for a generated map, e.g. 13x10."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    out: Path = typer.Option(Path("output/scenario"), "--out", "-o", help="The folder to write scenario.yaml, booklet.pdf, map.svg and cards.pdf into."),
    keep: List[str] = typer.Option([], "--keep", help="A part to keep from --from or DIR/scenario.yaml: map, rules or forces (repeat for more); the rest is drawn again."),
    from_files: List[Path] = typer.Option([], "--from", help="A roster for side A (a real opponent is built for it), a second one for side B (both kept: the table is fitted to them), or a scenario file to keep parts of."),
    mirror: bool = typer.Option(False, "--mirror", help="Side B plays side A's own list (a mirror match, said so in the booklet); by default side B is a force of its own."),
    battles: int = typer.Option(4000, "--battles", min=2, max=100_000, help="At most this many battles for the balance verdict (looked at ten times)."),
    policy_a: str = typer.Option("greedy", "--policy-a", help="Side A's player in every verdict: greedy, search or random."),
    policy_b: str = typer.Option("greedy", "--policy-b", help="Side B's player (as --policy-a)."),
    search_battles: int = typer.Option(0, "--search-battles", min=0, max=100_000, help="Battles of a second verdict with search players on both sides (0: none); verdicts more than 5 points apart are not called balanced."),
    archetype_battles: int = typer.Option(200, "--archetype-battles", min=0, max=100_000, help="Battles per archetype pair (horde vs elite, ranged vs melee of equal cost) to tell which kinds of force the scenario favours; 0 skips it."),
    jobs: Optional[int] = typer.Option(None, "--jobs", min=1, help="Processes to play battles on (default: all cores)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="A Dask scheduler address to play the battles on."),
    pick: str = typer.Option("random", "--pick", help="How cards are drawn from the decks: random; veto (three dealt, each player strikes one in turn); or underdog (three dealt, the weaker side keeps the one it does best on)."),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Print the booklet with no full-page backgrounds."),
    hex_size: Optional[str] = typer.Option(None, "--hex-size", help="The booklet's printed hex across the flats, e.g. 25mm or 1in."),
    force: bool = typer.Option(False, "--force", help="Replace files in the folder that this tool did not write."),
    json_out: bool = typer.Option(False, "--json", help="Print the scenario summary as JSON, with the balance figures under 'balance'."),
) -> None:
    from generator.balance.matchup import check_players
    from generator.dice.rng import make_rng
    from generator.layout.map_tiling import parse_length_mm
    from generator.layout.scenario_folder import check_scenario_folder, write_scenario
    from generator.layout.sizes import page_size
    from generator.progress import spinner
    from generator.scenarios.generate import Settings, generate, parse_keep

    seed = make_rng(seed).seed
    if jobs is not None and scheduler is None:
        from generator.cli.common import cli_jobs

        jobs = cli_jobs(jobs)  # at most one process per core, said on stderr
    page_size(page)  # a wrong paper, or hex size, or a user's file in the way is refused before minutes of battles
    check_scenario_folder(out, force)
    hex_mm = parse_length_mm(hex_size, "--hex-size") if hex_size is not None else None
    keeps = parse_keep(",".join(keep))
    base, given = _given(from_files, system, out, keeps)
    from generator.systems import get_system

    check_players(get_system(system.lower()), (policy_a, policy_b))
    settings = Settings(battles=battles, look_every=max(2, battles // 10), archetype_battles=archetype_battles,
                        search_battles=search_battles)
    with spinner(f"building a balanced {system} scenario", quiet=json_out) as say:
        made = generate(system.lower(), seed, points=points, size=size, keep=keeps, base=base, given=given,
                        settings=settings, jobs=jobs, scheduler=scheduler, progress=(say if callable(say) else None),
                        pick=pick, mirror=mirror, players=(policy_a, policy_b))
        written = write_scenario(made, out, force=force, page=page, ink_saver=ink_saver, hex_size_mm=hex_mm)
    summary = _summary(made, written)
    if json_out:
        print_json(summary)
        return
    _print_summary(made, summary)


def _given(from_files: list[Path], system: str, out: Path, keeps) -> tuple:
    """``--from``: a scenario file to keep parts of (or ``DIR/scenario.yaml`` with ``--keep``),
    and up to two rosters, side A's then side B's."""
    from generator.content import load_roster
    from generator.content.library import find_named
    from generator.errors import SkirmishError
    from generator.scenarios.model import load_scenario

    base, given = None, {}
    rosters = []
    for spec in from_files:
        path = find_named(spec)
        if path.suffix.lower() in (".yaml", ".yml") and _is_scenario(path):
            if base is not None:
                raise SkirmishError(f"--from {spec}: give one scenario file at most")
            base = load_scenario(path)
        else:
            rosters.append(path)
    if len(rosters) > 2:
        raise SkirmishError("--from: at most two rosters (side A, then side B)")
    for side, path in zip(("a", "b"), rosters):
        roster_system, roster = load_roster(path)
        if roster_system.name != system.lower():
            raise SkirmishError(f"--from {path}: is a {roster_system.title} roster, not {system}")
        given[side] = roster
    if keeps and base is None and (out / "scenario.yaml").exists():
        base = load_scenario(out / "scenario.yaml")
    return base, given


def _summary(made, written) -> dict:
    """What ``--json`` prints: the scenario, its sides, the verdict and the files written."""
    scn = made.scenario
    summary = {
        "system": scn.system, "seed": scn.seed, "title": scn.title,
        "victory": scn.victory.card, "twist": scn.twist.name if scn.twist else None,
        "sides": {s: {"name": made.loaded.rosters[s].name, "cost": round(made.loaded.costs[s], 1),
                      "budget": getattr(scn.budgets, s)} for s in ("a", "b")},
        "balance": {**made.verdict.to_json(),
                    "favours": [{**lean.model_dump(mode="json", exclude_none=True), "says": lean.sentence()}
                                for lean in (scn.balance.favours if scn.balance else [])]},
        "balanced": made.balanced, "notes": made.notes,
        "pick": scn.pick.model_dump(mode="json", exclude_none=True) if scn.pick else {"mode": "random"},
        "files": [str(p) for p in written],
    }
    return summary


def _print_summary(made, summary: dict) -> None:
    from generator.cli.common import note, seed_note

    scn = made.scenario
    console.print(f"[bold]{scn.title}[/bold] ({scn.system}, seed {scn.seed})")
    console.print(f"  victory: {scn.victory.card or 'scenario rules'}; twist: {summary['twist'] or 'none'}")
    if scn.pick is not None and scn.pick.mode == "underdog":
        kept = ", ".join(h.kept for h in scn.pick.hands) or "nothing to choose"
        console.print(f"  the underdog chose: side {scn.pick.chooser.upper()}, {scn.pick.why}; kept {kept}")
    for s in ("a", "b"):
        side = summary["sides"][s]
        console.print(f"  side {s.upper()}: {side['name']} ({side['cost']:g} of {side['budget']:g})")
    for line in made.verdict.lines():
        console.print("  " + line.strip())
    for lean in (scn.balance.favours if scn.balance else []):
        console.print(f"  archetypes: {lean.sentence()}")
    for line in made.notes[-2:]:
        note(line)
    console.print(f"  written: {', '.join(summary['files'])}")
    seed_note(scn.seed, "make the same scenario again")


def _is_scenario(path: Path) -> bool:
    from generator.content.source import read_text
    from generator.errors import SkirmishError

    try:
        head = read_text(path)[:4000]  # capped, regular files only; a bad file is named when loaded
    except SkirmishError:
        return False
    return "kind: scenario" in head


scenario.__doc__ = (
    "Generate a balanced random scenario (fair map, deployment, objectives, victory, twist, two even forces) "
    "and write it with its printable booklet."
    + examples(
        "skirmish scenario bladeborn --seed 7 -o output/bladeborn",
        "skirmish scenario warcry --from warcry/example-gilded-ruin -o my-battle",
        "skirmish scenario bladestorm --from bladestorm/warriors-of-ash-goblins --from bladestorm/warriors-of-ash-sea-troll -o ash",
        "skirmish scenario bladeborn -o output/bladeborn --keep map --keep forces --force",
        "skirmish scenario sagaborn --seed 3 --page letter --ink-saver --hex-size 1in -o my-saga",
    )
)


def register(app: typer.Typer) -> None:
    app.command("scenario")(scenario)
