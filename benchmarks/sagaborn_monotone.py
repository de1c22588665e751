"""Monotone strength, SagaBorn: a team one unit or one stat step stronger must beat the printed team.

Run from the repository root:

    python benchmarks/sagaborn_monotone.py [--battles 1000] [--seed 1] [--jobs 2]

For each case of :data:`generator.systems.sagaborn.monotone.CASES` it plays the stronger team
against the printed one (seats alternating, both greedy, the relic vault) and prints a Markdown
row: the case, battles, the stronger side's score (draws half), its 95% Wilson interval and
whether the lower end is above 50%. The table in docs/players.md is this script's output.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.systems.sagaborn.monotone import CASES, play_case  # noqa: E402

TEAMS = {"house-vareth.yaml": "House Vareth", "driftborn.yaml": "Driftborn"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print("| team | stronger by | battles | score | 95% interval | holds |")
    print("|---|---|---|---|---|---|")
    started = time.perf_counter()
    for case in CASES:
        tally = play_case(case, args.battles, args.seed, args.jobs)
        low, high = tally.interval(0.95)
        print(f"| {TEAMS[case.roster]} | {case.label} | {tally.games} | {tally.win_rate_a:.1%} | "
              f"{low:.1%} to {high:.1%} | {'yes' if low > 0.5 else 'no'} |", flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s wall", file=sys.stderr)


if __name__ == "__main__":
    main()
