"""Are generated scenarios fair, between different forces, and quick to make? Seeds 1..N per system.

    python benchmarks/bench_scenarios.py [--count 20] [--first 1] [--systems bladeborn,warcry]
        [--demo] [--jobs 2] [--out benchmarks/results/scenarios-demo-seeds-1-20.jsonl]
    python benchmarks/bench_scenarios.py --summary benchmarks/results/scenarios-demo-seeds-1-20.jsonl

For every scenario it records: the seconds it took to make and the battles it played; whether
side B is a force of its own (at most a quarter of its points in cards identical to side A's,
names aside) or a mirror; the scenario's own verdict; a fresh re-check exactly as
``skirmish balance --scenario FILE`` plays it (the scenario's plan of battles and looks, another
seed); the set-up lean (the score of the side that set up first) over the re-check's battles;
and the re-check's draws. ``--demo`` uses the demo's settings and budgets (what ``skirmish demo``
runs). With ``--out`` each scenario's figures are appended to a JSON-lines file as soon as it is
measured, so a long run can be split over several processes and resumed; ``--summary`` prints
the table of such a file. Keep such files in ``benchmarks/results/``, named by what they measured.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.matchup import play_verdict  # noqa: E402
from generator.balance.opponent import MAX_IDENTICAL, identical_share  # noqa: E402
from generator.balance.runner import make_runner  # noqa: E402
from generator.balance.sequential import Plan  # noqa: E402
from generator.demo import DEMO_POINTS, demo_settings  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.scenarios.generate import Settings, _systems_with_recipes, generate  # noqa: E402


def with_changes(settings: Settings, changes: list[str]) -> Settings:
    """``settings`` with ``FIELD=NUMBER`` changes (``opponent.FIELD`` for the opponent search's)."""
    for change in changes:
        key, _, value = change.partition("=")
        owner, _, field = key.rpartition(".")
        target = getattr(settings, owner) if owner else settings
        if not field or not hasattr(target, field):
            raise SystemExit(f"--set {change!r}: no setting {key!r} (see generator/scenarios/generate.py Settings)")
        kind = type(getattr(target, field))
        setattr(target, field, value.lower() in ("1", "true", "yes") if kind is bool else kind(value))
    return settings


def measure(name: str, seed: int, demo: bool, jobs: int | None, runner, changes: list[str] = ()) -> dict:
    t0 = time.perf_counter()
    if demo:
        made = generate(name, seed, points=DEMO_POINTS.get(name), settings=with_changes(demo_settings(name), changes),
                        runner=runner)
    else:
        made = generate(name, seed, settings=with_changes(Settings(), changes), runner=runner)
    seconds = time.perf_counter() - t0
    loaded = made.loaded
    block = loaded.scenario.balance
    options = loaded.system.scenario_options(loaded)
    a, b = loaded.rosters["a"], loaded.rosters["b"]
    plan = Plan(max_battles=block.max_battles or 2000, look_every=block.look_every or 200)
    recheck = play_verdict(loaded.system, a, b, options, Rng(10_000 + seed), plan, runner)
    v = recheck.to_json()
    same = identical_share(loaded.system, a, b)
    lean = v.get("setup_lean") or {}
    return {
        "system": name, "seed": seed, "demo": demo, "title": loaded.scenario.title,
        "identical": round(same, 3), "different": same <= MAX_IDENTICAL, "mirror": bool(block.mirror),
        "knob": block.knob or "",
        "generated_balanced": bool(made.balanced), "generated_rate": block.win_rate_a, "generated_games": block.games,
        "recheck_rate": v["win_rate_a"], "recheck_ci95": v["ci95"], "recheck_balanced": bool(recheck.balanced),
        "recheck_games": v["games"], "draws": v["draws"], "setup_lean": lean.get("score"),
        "battles": made.battles, "seconds": round(seconds, 1), "settings": list(changes),
        "notes": list(made.notes),  # what the search tried, in the booklet's words
    }


def summary(rows: list[dict]) -> str:
    lines = ["| system | scenarios | different forces | balanced as made | still balanced on a fresh re-check | "
             "set-up lean within 45-55% (mean distance from 50%) | draws | battles a scenario | seconds a scenario |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name in dict.fromkeys(r["system"] for r in rows):
        mine = [r for r in rows if r["system"] == name]
        n = len(mine)
        different = sum(r["different"] for r in mine)
        made = sum(r["generated_balanced"] for r in mine)
        kept = sum(r["generated_balanced"] and r["recheck_balanced"] for r in mine)
        leans = [abs(r["setup_lean"] - 0.5) for r in mine if r["setup_lean"] is not None]
        fair = sum(lean <= 0.05 for lean in leans)
        draws = sum(r["draws"] for r in mine) / max(1, sum(r["recheck_games"] for r in mine))
        lean_text = f"{fair}/{len(leans)} ({sum(leans) / len(leans):.1%})" if leans else "not reported"
        lines.append(
            f"| {name} | {n} | {different}/{n} | {made}/{n} | {kept}/{n} | {lean_text} | {draws:.1%} | "
            f"{sum(r['battles'] for r in mine) / n:,.0f} | {sum(r['seconds'] for r in mine) / n:.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="seeds first..first+count-1 per system")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--systems", default=",".join(_systems_with_recipes()))
    parser.add_argument("--demo", action="store_true", help="the demo's settings and budgets")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--out", type=Path, help="append each scenario's figures to this JSON-lines file")
    parser.add_argument("--summary", type=Path, help="print the table of a JSON-lines file and stop")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=NUMBER",
                        help="change a generator setting, e.g. opponent.knob_cap=960 (repeat for more)")
    args = parser.parse_args()
    if args.summary:
        print(summary([json.loads(line) for line in args.summary.read_text().splitlines() if line.strip()]))
        return
    done = set()
    if args.out and args.out.exists():
        done = {(r["system"], r["seed"]) for r in map(json.loads, args.out.read_text().splitlines()) if r}
    rows = []
    runner = make_runner(args.jobs)
    try:
        # seeds in the outer loop, so a run cut short has measured every system on its first seeds
        for seed in range(args.first, args.first + args.count):
            for name in args.systems.split(","):
                if (name, seed) in done:
                    continue
                row = measure(name, seed, args.demo, args.jobs, runner, args.set)
                rows.append(row)
                print(f"  {name} seed {seed}: {'different' if row['different'] else 'alike'} forces; made "
                      f"{'balanced' if row['generated_balanced'] else 'NOT balanced'} ({row['generated_rate']:.1%}); "
                      f"re-check {row['recheck_rate']:.1%} {'balanced' if row['recheck_balanced'] else 'NOT balanced'}; "
                      f"set-up lean {row['setup_lean']}; {row['battles']:,} battles, {row['seconds']:.0f} s", flush=True)
                if args.out:
                    with args.out.open("a") as fh:
                        fh.write(json.dumps(row) + "\n")
    finally:
        runner.close()
    if rows:
        print(summary(rows))


if __name__ == "__main__":
    main()
