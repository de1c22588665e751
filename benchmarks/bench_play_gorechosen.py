"""Gorechosen battles on the arena: speed, mirror matches and greedy against random.

Run from the repository root:

    python benchmarks/bench_play_gorechosen.py [--battles 10000] [--versus 1000] [--seed 2026]
                                               [--champion "Tark Gruelgore"] [--only speed|mirror|versus]

* **speed**: duels per second of CPU time (one core), both sides greedy, no log kept.
* **mirror**: the same champion on both sides of a duel, and a Kingslayer game (one champion
  alone against two) with the forces swapping seats every battle. Either way side A's share
  (wins, draws half) should be 50%: its 95% Wilson interval must lie inside 47-53%. For the
  Kingslayer game the share of side A is 0.5 + (the lone Champion's win rate from seat A - from
  seat B) / 2, so it measures exactly what a seat is worth.
* **versus**: greedy against random, from each seat (target: greedy wins at least 75%).

Every battle draws from its own child stream of the seed, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.winrate import wilson_interval  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.play.policies import RandomPolicy  # noqa: E402
from generator.systems.gorechosen import data  # noqa: E402
from generator.systems.gorechosen.game import GAME, make_battle  # noqa: E402
from generator.systems.gorechosen.policy import GreedyPolicy  # noqa: E402


def champion(name: str):
    for c in data.book_champions().champions:
        if c.name.lower().startswith(name.lower()):
            return c
    raise SystemExit(f"no book champion called {name!r}")


def share(results: list[str | None], side: str = "a") -> tuple[float, float, float]:
    """Side's share of points (draws half) and its 95% Wilson interval."""
    points2 = sum(2 if r == side else 1 if r is None else 0 for r in results)  # in half points
    n = len(results)
    low, high = wilson_interval(points2, 2 * n)  # half-point trials: a conservative interval
    low1, high1 = wilson_interval(round(points2 / 2), n)
    return points2 / (2 * n), min(low, low1), max(high, high1)


def speed(seed: int, battles: int, name: str) -> None:
    battle = make_battle([champion(name)], [champion(name)], {})
    policies = {"a": GreedyPolicy(), "b": GreedyPolicy()}
    rng = Rng(seed)
    play(GAME, battle, policies, rng.spawn("warm"), keep_log=False)  # board tables, caches
    start = time.process_time()
    decisions = 0
    for i in range(battles):
        decisions += play(GAME, battle, policies, rng.spawn(f"speed-{i}"), keep_log=False).decisions
    cpu = time.process_time() - start
    print(f"speed: {battles} greedy duels in {cpu:.2f} s CPU: {battles / cpu:.0f} duels/s per core, "
          f"{1000 * cpu / battles:.2f} ms a duel, {decisions / battles:.1f} decisions a duel")


def mirror(seed: int, battles: int, name: str) -> None:
    rng = Rng(seed)
    policies = {"a": GreedyPolicy(), "b": GreedyPolicy()}
    duel = make_battle([champion(name)], [champion(name)], {})
    start = time.process_time()
    results = [play(GAME, duel, policies, rng.spawn(f"duel-{i}"), keep_log=False).winner for i in range(battles)]
    cpu = time.process_time() - start
    s, low, high = share(results)
    inside = "inside" if 0.47 <= low and high <= 0.53 else "NOT inside"
    print(f"mirror duel ({name} v {name}), {battles} duels: side A {s:.4f} [{low:.4f}, {high:.4f}] "
          f"({inside} 47-53%); draws {results.count(None)}; {battles / cpu:.0f} duels/s")

    lone, challengers = [champion(name)], [champion(name), champion(name)]
    as_a = make_battle(lone, challengers, {"variant": "kingslayer"})
    as_b = make_battle(challengers, lone, {"variant": "kingslayer"})
    start = time.process_time()
    results, lone_wins = [], {"a": 0, "b": 0}
    for i in range(battles):
        seat = "a" if i % 2 == 0 else "b"
        winner = play(GAME, as_a if seat == "a" else as_b, policies, rng.spawn(f"king-{i}"), keep_log=False).winner
        results.append(winner)
        lone_wins[seat] += winner == seat
    cpu = time.process_time() - start
    s, low, high = share(results)
    inside = "inside" if 0.47 <= low and high <= 0.53 else "NOT inside"
    half = battles // 2
    print(f"mirror Kingslayer ({name} alone v two {name}s, seats swapped), {battles} games: side A {s:.4f} "
          f"[{low:.4f}, {high:.4f}] ({inside} 47-53%); the lone Champion wins {lone_wins['a'] / half:.3f} from "
          f"seat A, {lone_wins['b'] / (battles - half):.3f} from seat B; draws {results.count(None)}; "
          f"{battles / cpu:.0f} games/s")


def versus(seed: int, battles: int, name: str) -> None:
    rng = Rng(seed)
    duel = make_battle([champion(name)], [champion(name)], {})
    for seat in ("a", "b"):
        other = "b" if seat == "a" else "a"
        policies = {seat: GreedyPolicy(), other: RandomPolicy()}
        results = [play(GAME, duel, policies, rng.spawn(f"vs-{seat}-{i}"), keep_log=False).winner for i in range(battles)]
        s, low, high = share(results, seat)
        print(f"greedy (side {seat.upper()}) v random, {battles} duels: greedy scores {s:.3f} [{low:.3f}, {high:.3f}]"
              f" ({'>=' if s >= 0.75 else 'BELOW'} 75%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=10_000)
    parser.add_argument("--versus", type=int, default=1_000)
    parser.add_argument("--speed", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--champion", default="Tark Gruelgore")
    parser.add_argument("--only", choices=("speed", "mirror", "versus"))
    args = parser.parse_args()
    if args.only in (None, "speed"):
        speed(args.seed, args.speed, args.champion)
    if args.only in (None, "versus"):
        versus(args.seed, args.versus, args.champion)
    if args.only in (None, "mirror"):
        mirror(args.seed, args.battles, args.champion)


if __name__ == "__main__":
    main()
