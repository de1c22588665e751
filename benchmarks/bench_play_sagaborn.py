"""SagaBorn battles on the board: speed, greedy vs random from both seats, mirror matches.

Run: ``python benchmarks/bench_play_sagaborn.py [--battles 10000] [--vs-random 400] [--speed 200] [--map FILE]``

* speed: battles per second on one core, greedy vs greedy, the two 400-point example teams
  against each other and each against itself (after five warm-up battles; the board's sight and
  view tables then fill as the battles ask for them, as they do in a balance run);
* greedy vs random: the greedy player's share (draws count half) from seat A and from seat B;
* mirror: each example team against itself, greedy both sides, seat A's share with a 95% Wilson
  interval (the map is mirror-symmetric, so it should sit near 50%), plus the two seats
  alternating between two copies of the same player.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's generator, not an installed one

from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.play.policies import RandomPolicy  # noqa: E402
from generator.systems import get_system  # noqa: E402
from generator.systems.sagaborn.policy import GreedyPolicy  # noqa: E402

TEAMS = ("house-vareth.yaml", "driftborn.yaml")



def team(name: str):
    import yaml

    from generator.resources import content_dir
    from generator.systems.sagaborn.models import Team

    raw = yaml.safe_load((content_dir() / "sagaborn" / name).read_text(encoding="utf-8"))
    return Team.model_validate({k: v for k, v in raw.items() if k not in ("system", "kind")})


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, centre - half, centre + half


def series(system, battle, policies, n: int, seed: int, side: str = "a") -> tuple[float, int, float]:
    score = 0.0
    t0 = time.process_time()
    for i in range(n):
        result = play(system.game, battle, policies, Rng(seed + i), keep_log=False)
        score += 1.0 if result.winner == side else 0.5 if result.winner is None else 0.0
    return score, n, time.process_time() - t0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--battles", type=int, default=10_000, help="battles per mirror match")
    parser.add_argument("--vs-random", type=int, default=400, help="battles per seat, greedy vs random")
    parser.add_argument("--speed", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", type=Path, default=None)
    parser.add_argument("--only", choices=("speed", "random", "mirror"), default=None, help="run one part")
    parser.add_argument("--team", choices=TEAMS, default=None, help="mirror only this example team")
    args = parser.parse_args()
    system = get_system("sagaborn")
    options = {}
    if args.map:
        from generator.boards.mapfile import load_map

        options["map"] = load_map(args.map)
    a, b = team(TEAMS[0]), team(TEAMS[1])
    greedy = {"a": GreedyPolicy(), "b": GreedyPolicy()}
    battle = system.make_battle(a, b, options)
    for seed in range(5):
        play(system.game, battle, greedy, Rng(seed), keep_log=False)  # warm the shared board tables
    if args.only in (None, "speed"):
        _, n, cpu = series(system, battle, greedy, args.speed, args.seed)
        print(f"speed: {n / cpu:.1f} battles/s per core ({n} greedy battles, {TEAMS[0]} vs {TEAMS[1]})", flush=True)
        for name, t in zip(TEAMS, (a, b)):
            _, n, cpu = series(system, system.make_battle(t, t, options), greedy, args.speed, args.seed)
            print(f"speed: {n / cpu:.1f} battles/s per core ({n} greedy battles, {name} mirror)", flush=True)
    for seat in ("a", "b") if args.only in (None, "random") else ():
        pols = {seat: GreedyPolicy(), ("b" if seat == "a" else "a"): RandomPolicy()}
        for ta, tb in ((a, b), (b, a)):
            s, n, _ = series(system, system.make_battle(ta, tb, options), pols, args.vs_random, args.seed, seat)
            p, lo, hi = wilson(s, n)
            print(f"greedy in seat {seat.upper()} vs random, {ta.name} vs {tb.name}: {p:.1%} [{lo:.1%}, {hi:.1%}] of {n}",
                  flush=True)
    mirrors = [] if args.only not in (None, "mirror") else [team(args.team)] if args.team else [a, b]
    for t in mirrors:
        mirror = system.make_battle(t, t, options)
        s, n, cpu = series(system, mirror, greedy, args.battles, args.seed)
        p, lo, hi = wilson(s, n)
        inside = "inside" if lo >= 0.47 and hi <= 0.53 else "NOT inside"
        print(f"mirror {t.name}: seat A {p:.2%} [{lo:.2%}, {hi:.2%}] of {n}, {inside} 47-53% ({n / cpu:.1f} battles/s)",
              flush=True)


if __name__ == "__main__":
    main()
