"""Balance speed, per system: battles per second, a 2,000-battle verdict, and the early stop.

Run from the repository root:

    python benchmarks/bench_balance.py [--systems warcry bladeborn] [--battles 200] [--seed 7]
    python benchmarks/bench_balance.py --against /path/to/old/checkout --no-stops

For each system (its first shipped roster against itself, see ``ROSTERS``) it reports:

- battles per second on one core (``--jobs 1``) and on all cores (a process pool); with
  ``--against PATH`` also the one-core speed of the code in another checkout (the engine before a
  change), measured in the same run, and the ratio of the two;
- the time of ``skirmish balance R R --battles 2000`` on all cores as a whole process (start-up,
  the pool and a verdict that never stops early: ``--look-every 2000``);
- unless ``--no-stops``: how many battles the sequential test needs for a clearly even match-up
  (the roster against itself) and for a clearly uneven one (the same roster plus a copy of its
  first combatant), and what it decided.

The load average is printed with the figures: on a busy machine every speed is lower. The speed
table in docs/core.md comes from this script.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ROSTERS = {
    "bladeborn": "bladeborn/example-cinder-oath.yaml",
    "warcry": "warcry/example-gilded-ruin.yaml",
    "gorechosen": "gorechosen/example_brass_pit.yaml",
    "bladestorm": "bladestorm/warriors-of-ash-goblins.yaml",
    "sagaborn": "sagaborn/house-vareth.yaml",
}


def rate(runner, job, battles: int) -> float:
    started = time.perf_counter()
    runner.run([(job, 0, battles)])
    return battles / (time.perf_counter() - started)


def one_core_rate(name: str, battles: int, seed: int) -> float:
    """Battles a second on one core, by the ``generator`` this process imports."""
    from generator.balance.runner import Job, LocalRunner
    from generator.content import load_roster
    from generator.resources import content_dir

    system, roster = load_roster(content_dir() / ROSTERS[name])
    with LocalRunner(1) as one:
        return rate(one, Job(system, roster, roster, {}, seed), battles)


def rate_elsewhere(code: Path, name: str, battles: int, seed: int) -> float:
    """:func:`one_core_rate` with the ``generator`` package of another checkout, in its own process."""
    script = (f"import sys; sys.path.insert(0, {str(code)!r}); sys.path.insert(1, {str(ROOT / 'benchmarks')!r})\n"
              f"import bench_balance; print(bench_balance.one_core_rate({name!r}, {battles}, {seed}))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=code)
    if done.returncode != 0:
        raise SystemExit(f"--against {code}: {done.stderr.strip().splitlines()[-1:]}")
    return float(done.stdout.strip().splitlines()[-1])


def verdict_seconds(name: str, battles: int, seed: int) -> float:
    """Wall time of ``skirmish balance R R --battles N`` on all cores, the whole process."""
    roster = ROSTERS[name].removesuffix(".yaml")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "balance", roster, roster, "--battles", str(battles),
                    "--look-every", str(battles), "--seed", str(seed)], check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - started


def stops(name: str, battles: int, seed: int, pool) -> tuple[str, str]:
    """What the sequential test decides, and after how many battles, for the mirror and plus one."""
    from generator.balance.forces import plus_one
    from generator.balance.matchup import play_verdict
    from generator.balance.sequential import Plan
    from generator.content import load_roster
    from generator.dice.rng import Rng
    from generator.errors import SkirmishError
    from generator.resources import content_dir

    system, roster = load_roster(content_dir() / ROSTERS[name])
    mirror = play_verdict(system, roster, roster, {}, Rng(seed + 3), Plan(battles), pool)
    even = f"{mirror.verdict} after {mirror.games} ({mirror.tally.win_rate_a:.0%})"
    if system.fighters is not None:
        return even, "n/a (one duellist fights)"
    try:
        strong = play_verdict(system, plus_one(system, roster), roster, {}, Rng(seed + 4), Plan(battles), pool)
        return even, f"{strong.verdict} after {strong.games} ({strong.tally.win_rate_a:.0%})"
    except SkirmishError as err:  # e.g. a SagaBorn team over its 400 points
        return even, f"n/a ({str(err)[:40]})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", nargs="+", default=list(ROSTERS), choices=list(ROSTERS))
    parser.add_argument("--battles", type=int, default=200, help="battles per speed measurement")
    parser.add_argument("--verdict", type=int, default=2000, help="battles of the full run")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout: its one-core speed beside this one's")
    parser.add_argument("--no-stops", action="store_true", help="skip the sequential test's stopping times")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from generator.balance.runner import Job, LocalRunner, uses_board
    from generator.compiled import core_path
    from generator.content import load_roster
    from generator.resources import content_dir

    cores = os.cpu_count() or 1
    print(f"{cores} cores; speeds from {args.battles} battles; full run {args.verdict} battles; "
          f"core path {core_path()[0]}; load average {os.getloadavg()[0]:.1f}")
    against = f"{'old 1 core/s':>12} {'ratio':>6} " if args.against else ""
    print(f"{'system':<11} {'board':<6} {against}{'1 core/s':>9} {f'{cores} cores/s':>10} {'full run':>9}   "
          f"{'mirror: verdict after':<32} {'plus one: verdict after':<32}")
    for name in args.systems:
        system, roster = load_roster(content_dir() / ROSTERS[name])
        job = Job(system, roster, roster, {}, args.seed)
        one_core = one_core_rate(name, args.battles, args.seed)
        old = ""
        if args.against:
            before = rate_elsewhere(args.against.resolve(), name, args.battles, args.seed)
            old = f"{before:12.0f} {one_core / before:5.1f}x "
        with LocalRunner(cores) as pool:
            rate(pool, Job(system, roster, roster, {}, args.seed + 1), cores * 4)  # warm the pool
            all_cores = rate(pool, job, args.battles)
            full = verdict_seconds(name, args.verdict, args.seed + 2)
            even, uneven = ("-", "-") if args.no_stops else stops(name, args.verdict, args.seed, pool)
        print(f"{name:<11} {'yes' if uses_board(system) else 'fight':<6} {old}{one_core:9.0f} {all_cores:10.0f} "
              f"{full:8.1f}s   {even:<32} {uneven:<32}  (load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
