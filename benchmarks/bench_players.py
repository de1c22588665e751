"""The players' skill ladder per system: random < greedy < search, in mirror matches of each roster.

    python benchmarks/bench_players.py [--systems bladestorm] [--battles 200] [--jobs 2]
        [--pairs search-greedy,greedy-random] [--out ladder.jsonl]

Each shipped roster plays itself with a different player on each side, seats alternating (the
players follow their side), so only the players differ. For every pair it prints the first
player's score with its 95% interval, the Elo difference that score means
(400 log10(p / (1 - p))), the battles played and the seconds they took, and for each player its
battles per second and cost per decision. ``--out`` appends one JSON line per pair and roster.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.runner import Job, LocalRunner  # noqa: E402
from generator.balance.winrate import wilson_interval  # noqa: E402
from generator.content import library, load_roster  # noqa: E402

ROSTERS = {
    "bladestorm": ["bladestorm/warriors-of-ash-goblins", "bladestorm/warriors-of-ash-sea-troll",
                   "bladestorm/example-test-of-arms-outriders", "bladestorm/example-test-of-arms-wardens"],
    "bladeborn": ["bladeborn/example-cinder-oath", "bladeborn/example-hollowmere-stalkers"],
    "warcry": ["warcry/example-gilded-ruin", "warcry/example-marrowfen-raiders"],
    "gorechosen": ["gorechosen/champions", "gorechosen/example_brass_pit", "gorechosen/example_cinder_arena"],
    "sagaborn": ["sagaborn/house-vareth", "sagaborn/driftborn"],
}


def elo(score: float) -> float:
    score = min(max(score, 1e-3), 1 - 1e-3)
    return 400 * math.log10(score / (1 - score))


def play_pair(runner, name: str, first: str, second: str, battles: int, seed: int) -> dict:
    system, roster = load_roster(library().path(name + ".yaml"))
    job = Job(system, roster, roster, {}, seed, first, policy_b=second)
    started = time.perf_counter()
    records = runner.run([(job, 0, battles)])
    seconds = time.perf_counter() - started
    wins_a = sum(1 for r in records if r[1] == "A")
    draws = sum(1 for r in records if r[1] is None)
    score = (wins_a + 0.5 * draws) / battles
    low, high = wilson_interval(wins_a + 0.5 * draws, battles, 0.95)
    return {"system": system.name, "roster": name, "first": first, "second": second, "battles": battles,
            "score": round(score, 4), "ci95": [round(low, 4), round(high, 4)], "draws": draws,
            "elo": round(elo(score)), "seconds": round(seconds, 1), "battles_per_s": round(battles / seconds, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", default="bladestorm")
    parser.add_argument("--battles", type=int, default=200)
    parser.add_argument("--pairs", default="search-greedy,greedy-random")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",")]
    with LocalRunner(args.jobs) as runner:
        for system in args.systems.split(","):
            for name in ROSTERS[system]:
                for first, second in pairs:
                    row = play_pair(runner, name, first, second, args.battles, args.seed)
                    print(f"{name}: {first} vs {second}: {row['score']:.1%} [{row['ci95'][0]:.1%}, {row['ci95'][1]:.1%}] "
                          f"(Elo {row['elo']:+d}) in {row['battles']} battles, {row['seconds']} s "
                          f"({row['battles_per_s']} battles/s)", flush=True)
                    if args.out:
                        with args.out.open("a") as fh:
                            fh.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
