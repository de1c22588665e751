"""Monotone strength, SagaBorn: a team one unit or one stat step stronger must beat the printed team.

Run from the repository root:

    python benchmarks/sagaborn_monotone.py [--seed 11] [--jobs 2]

For each case of :data:`generator.systems.sagaborn.monotone.CASES` (and ``TOO_SMALL``) it plays the stronger team
against the printed one (seats alternating, both greedy, the relic vault), 400 battles at a
time up to 2,000 until the stronger side is clear of 50% (:func:`monotone.settle`, the slow
test's own check), and prints a Markdown row: the case, battles, the stronger side's score
(draws half), its 95% Wilson interval and whether the check holds. The table in
docs/players.md is this script's output.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.systems.sagaborn.monotone import CASES, TOO_SMALL, settle  # noqa: E402

TEAMS = {"house-vareth.yaml": "House Vareth", "driftborn.yaml": "Driftborn"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print("| team | stronger by | battles | score | 95% interval | holds |")
    print("|---|---|---|---|---|---|")
    started = time.perf_counter()
    for case in CASES + TOO_SMALL:
        tally, holds = settle(case, args.seed, args.jobs)
        low, high = tally.interval(0.95)
        print(f"| {TEAMS[case.roster]} | {case.label} | {tally.games} | {tally.win_rate_a:.1%} | "
              f"{low:.1%} to {high:.1%} | {'yes' if holds else 'no'} |", flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s wall", file=sys.stderr)


if __name__ == "__main__":
    main()
