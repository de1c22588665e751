"""Do generated scenarios stay balanced? Generate with seeds 1..N per system, re-check each with a
fresh seed, and report the share still balanced, draws, the side split, decisiveness (greedy
against random on the scenario) and mean length.

    python benchmarks/bench_scenarios.py [--count 20] [--first 1] [--battles 2000]
        [--systems bladeborn,warcry] [--demo] [--out results.jsonl]
    python benchmarks/bench_scenarios.py --summary results.jsonl

``--demo`` uses the demo's lighter search settings and budgets (what ``skirmish demo`` runs).
With ``--out`` every scenario's figures are appended to a JSON-lines file as soon as it is
measured, so a long run can be split over several processes (one per system) and resumed
(seeds already in the file are skipped); ``--summary`` prints the table of such a file.

The re-check is one look at ``--battles`` battles with a fresh seed (10,000 + the scenario's
seed), seats alternating: "still balanced" means the plain 95% Wilson interval of A's score
lies inside 45-55%. "Side split" is A's score when it sets up as player A minus its score as
player B: how much the map's sides matter (the booklet hands them out by a roll-off).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from generator.balance.matchup import play_verdict
from generator.balance.runner import make_runner
from generator.balance.sequential import Plan
from generator.demo import DEMO_POINTS, demo_settings
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.policies import policy_for
from generator.scenarios.generate import Settings, _systems_with_recipes, generate

GREEDY_VS_RANDOM = 20  # battles per scenario, seats alternating


def _same_members(loaded) -> bool:
    """Whether side B fields exactly side A's combatants (a mirror match, exactly even with seats
    alternating), as opposed to a force the search changed."""
    members = lambda force: sorted(repr(c) for c in loaded.system.combatants(force))  # noqa: E731
    return members(loaded.rosters["a"]) == members(loaded.rosters["b"])


def _score(counts: dict) -> float | None:
    games = counts["wins_a"] + counts["wins_b"] + counts["draws"]
    return (counts["wins_a"] + 0.5 * counts["draws"]) / games if games else None


def measure(name: str, seed: int, battles: int, demo: bool, jobs: int | None, runner,
            archetype_battles: int | None = None) -> dict:
    t0 = time.perf_counter()
    changes = {} if archetype_battles is None else {"archetype_battles": archetype_battles}
    if demo:
        made = generate(name, seed, points=DEMO_POINTS.get(name), settings=demo_settings(name, **changes), jobs=jobs)
    else:
        made = generate(name, seed, settings=Settings(**changes), jobs=jobs)
    generated_s = time.perf_counter() - t0
    loaded = made.loaded
    options = loaded.system.scenario_options(loaded)
    a, b = loaded.rosters["a"], loaded.rosters["b"]
    recheck = play_verdict(loaded.system, a, b, options, Rng(10_000 + seed),
                           Plan(max_battles=battles, look_every=battles), runner)
    v = recheck.to_json()
    seats = v.get("by_seat", {})
    in_a, in_b = (_score(seats[k]) if k in seats else None for k in ("a_in_seat_a", "a_in_seat_b"))
    # decisiveness: the greedy player against the random one on the scenario's own forces (a
    # mirror of A is not always a legal battle: Kingslayer's sides differ in shape)
    battle = loaded.system.make_battle(a, b, options)
    greedy = 0.0
    for i in range(GREEDY_VS_RANDOM):
        seat = "a" if i % 2 == 0 else "b"
        other = "b" if seat == "a" else "a"
        policies = {seat: policy_for(loaded.system, "greedy"), other: policy_for(loaded.system, "random")}
        r = play(loaded.system.game, battle, policies, Rng(20_000 + 100 * seed + i), keep_log=False)
        greedy += (r.winner == seat) + 0.5 * (r.winner is None)
    scn = loaded.scenario
    return {
        "system": name, "seed": seed, "demo": demo, "title": scn.title,
        "force_b": "mirror" if _same_members(loaded) else "changed",
        "generated_balanced": bool(made.balanced), "generated_games": made.verdict.to_json()["games"],
        "generated_rate": made.verdict.to_json()["win_rate_a"],
        "recheck_rate": v["win_rate_a"], "recheck_ci95": v["ci95"], "recheck_balanced": bool(recheck.balanced),
        "recheck_games": v["games"], "draws": v["draws"], "mean_rounds": v.get("mean_rounds"),
        "side_split": None if in_a is None or in_b is None else round(in_a - in_b, 4),
        "greedy_vs_random": greedy / GREEDY_VS_RANDOM,
        "generate_seconds": round(generated_s, 1), "seconds": round(time.perf_counter() - t0, 1),
    }


def summary(rows: list[dict]) -> str:
    lines = ["| system | scenarios | generated balanced | still balanced on re-check | draws | "
             "mean side split | greedy beats random | mean length | seconds a scenario |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name in dict.fromkeys(r["system"] for r in rows):
        mine = [r for r in rows if r["system"] == name]
        n = len(mine)
        made = sum(r["generated_balanced"] for r in mine)
        kept = sum(r["generated_balanced"] and r["recheck_balanced"] for r in mine)
        draws = sum(r["draws"] for r in mine) / max(1, sum(r["recheck_games"] for r in mine))
        splits = [abs(r["side_split"]) for r in mine if r["side_split"] is not None]
        lines.append(
            f"| {name} | {n} | {made}/{n} | {kept}/{made} of those ({kept}/{n} of all) | {draws:.1%} | "
            f"{(sum(splits) / len(splits) if splits else 0):.1%} | "
            f"{sum(r['greedy_vs_random'] for r in mine) / n:.0%} | "
            f"{sum(r['mean_rounds'] or 0 for r in mine) / n:.1f} | {sum(r['seconds'] for r in mine) / n:.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=20, help="seeds first..first+count-1 per system")
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--battles", type=int, default=2000, help="battles for each re-check")
    parser.add_argument("--systems", default=",".join(_systems_with_recipes()))
    parser.add_argument("--demo", action="store_true", help="the demo's lighter search and budgets")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--archetype-battles", type=int, default=None,
                        help="battles per archetype pair while generating (default: the settings'; 0 skips them, "
                             "which changes no scenario: they are played after it is settled)")
    parser.add_argument("--out", type=Path, help="append each scenario's figures to this JSON-lines file")
    parser.add_argument("--summary", type=Path, help="print the table of a JSON-lines file and stop")
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
                row = measure(name, seed, args.battles, args.demo, args.jobs, runner, args.archetype_battles)
                rows.append(row)
                print(f"  {name} seed {seed}: generated {'balanced' if row['generated_balanced'] else 'NOT balanced'}; "
                      f"re-check {row['recheck_rate']:.1%} [{row['recheck_ci95'][0]:.1%}, {row['recheck_ci95'][1]:.1%}] "
                      f"{'balanced' if row['recheck_balanced'] else 'not balanced'}, draws "
                      f"{row['draws'] / row['recheck_games']:.1%}, side split {row['side_split']}, "
                      f"greedy v random {row['greedy_vs_random']:.0%}, {row['seconds']:.0f} s", flush=True)
                if args.out:
                    with args.out.open("a") as fh:
                        fh.write(json.dumps(row) + "\n")
    finally:
        runner.close()
    if rows:
        print(summary(rows))


if __name__ == "__main__":
    main()
