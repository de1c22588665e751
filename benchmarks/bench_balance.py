"""Balance speed, per system: battles per second, a 2,000-battle verdict, and the early stop.

Run from the repository root:

    python benchmarks/bench_balance.py [--systems warcry bladeborn] [--battles 200] [--seed 7]

For each system (its first shipped roster, see ``ROSTERS``) it reports:

- battles per second on one core (``--jobs 1``) and on all cores (a process pool);
- the time of a full 2,000-battle run on all cores (a verdict that never stops early);
- how many battles the sequential test needs for a clearly even match-up (the roster against
  itself) and for a clearly uneven one (the same roster plus a copy of its first combatant),
  and what it decided.

A system without a board game is played through its boardless ``fight`` and marked so. The
figures in docs/balance.md ("Speed") come from this script.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.forces import plus_one  # noqa: E402
from generator.errors import SkirmishError  # noqa: E402
from generator.balance.matchup import play_verdict  # noqa: E402
from generator.balance.runner import Job, LocalRunner, uses_board  # noqa: E402
from generator.balance.sequential import Plan  # noqa: E402
from generator.content import load_roster  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.resources import content_dir  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", nargs="+", default=list(ROSTERS), choices=list(ROSTERS))
    parser.add_argument("--battles", type=int, default=200, help="battles per speed measurement")
    parser.add_argument("--verdict", type=int, default=2000, help="battles of the full run")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{cores} cores; speeds from {args.battles} battles; full run {args.verdict} battles")
    print(f"{'system':<11} {'board':<6} {'1 core/s':>9} {f'{cores} cores/s':>10} {'full run':>9}   "
          f"{'mirror: verdict after':<32} {'plus one: verdict after':<32}")
    for name in args.systems:
        system, roster = load_roster(content_dir() / ROSTERS[name])
        job = Job(system, roster, roster, {}, args.seed)
        with LocalRunner(1) as one:
            one_core = rate(one, job, args.battles)
        with LocalRunner(cores) as pool:
            rate(pool, Job(system, roster, roster, {}, args.seed + 1), cores * 4)  # warm the pool
            all_cores = rate(pool, job, args.battles)
            started = time.perf_counter()
            pool.run([(Job(system, roster, roster, {}, args.seed + 2), 0, args.verdict)])
            full = time.perf_counter() - started
            mirror = play_verdict(system, roster, roster, {}, Rng(args.seed + 3), Plan(args.verdict), pool)
            if system.fighters is None:
                try:
                    strong = play_verdict(system, plus_one(system, roster), roster, {}, Rng(args.seed + 4),
                                          Plan(args.verdict), pool)
                    uneven = f"{strong.verdict} after {strong.games} ({strong.tally.win_rate_a:.0%})"
                except SkirmishError as err:  # e.g. a SagaBorn team over its 400 points
                    uneven = f"n/a ({str(err)[:40]})"
            else:
                uneven = "n/a (one duellist fights)"
        print(f"{name:<11} {'yes' if uses_board(system) else 'fight':<6} {one_core:9.0f} {all_cores:10.0f} {full:8.1f}s   "
              f"{mirror.verdict + f' after {mirror.games} ({mirror.tally.win_rate_a:.0%})':<32} {uneven:<32}", flush=True)


if __name__ == "__main__":
    main()
