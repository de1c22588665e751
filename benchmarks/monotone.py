"""Monotone strength of Bladeborn and Warcry battles: the table in docs/players.md.

For each shipped roster and each step of ``generator.systems.bladeborn.strength_steps`` (one
fighter more, the leader's Wounds, one fighter's Strength, the leader's Toughness), the stronger
warband plays the warband as it is on the system's default battle (a twist drawn per battle),
seats alternating, until the lower end of its interval is above 50% (looks every 1,500 battles,
intervals widened for the looks) or 6,000 battles are played. Run from the repository root:

    nice -n 10 python benchmarks/monotone.py [--systems bladeborn warcry] [--steps fighter wounds]
        [--max 6000] [--look 1500] [--seed 1] [--jobs 1]

It prints one Markdown row per case: roster, step, battles, the stronger side's wins-draws-losses,
its score (draws half) and the 95% interval of all its battles.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.monotone import stronger_wins  # noqa: E402
from generator.balance.runner import make_runner  # noqa: E402
from generator.content import load_roster  # noqa: E402
from generator.resources import content_dir  # noqa: E402
from generator.systems.bladeborn.strength_steps import STEPS, stronger  # noqa: E402

ROSTERS = {
    "bladeborn": ["bladeborn/example-cinder-oath.yaml", "bladeborn/example-hollowmere-stalkers.yaml"],
    "warcry": ["warcry/example-gilded-ruin.yaml", "warcry/example-marrowfen-raiders.yaml"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", nargs="+", default=list(ROSTERS), choices=list(ROSTERS))
    parser.add_argument("--steps", nargs="+", default=list(STEPS), choices=list(STEPS))
    parser.add_argument("--max", type=int, default=6000)
    parser.add_argument("--look", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print("| system | warband | stronger by | battles | W-D-L | score | 95% interval | holds |")
    print("|---|---|---|---:|---:|---:|---|---|")
    runner = make_runner(args.jobs)
    try:
        for system_name in args.systems:
            for path in ROSTERS[system_name]:
                system, band = load_roster(content_dir() / path)
                for step in args.steps:
                    strong, words = stronger(band, step, system_name)
                    started = time.perf_counter()
                    found = stronger_wins(system, strong, band, {}, args.seed, args.max, args.look, runner)
                    t, (low, high) = found.tally, found.ci95
                    print(f"| {system_name} | {band.name} | {words} | {t.games} | {t.wins_a}-{t.draws}-{t.wins_b} | "
                          f"{found.score:.1%} | {low:.1%} to {high:.1%} | {'yes' if found.holds else 'no'} |",
                          flush=True)
                    print(f"  ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    finally:
        runner.close()


if __name__ == "__main__":
    main()
