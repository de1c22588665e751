"""The Gorechosen round robin on the arena: each book champion's score next to its rating.

Run from the repository root:

    python benchmarks/bench_gorechosen_round_robin.py [--battles 300] [--seed 2026]

Every pair of the eight book champions fights ``--battles`` greedy-against-greedy duels in the
book's arena (``System.fight``'s duel: unique actions, unique rules, Fates of the Slain, pits and
the obstruction all in play), the two champions swapping seats every duel. A champion's score is
its share of points over all its duels (win 1, draw 1/2); 0.5 is average. Prints the pair table,
the scores next to the ratings and the Spearman rank correlation between the two.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.winrate import wilson_interval  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.systems.gorechosen import data  # noqa: E402
from generator.systems.gorechosen.cost import rate  # noqa: E402
from generator.systems.gorechosen.game import GAME, make_battle  # noqa: E402
from generator.systems.gorechosen.policy import GreedyPolicy  # noqa: E402


def ranks(values: list[float]) -> list[float]:
    """Ranks 1..n, ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x: list[float], y: list[float]) -> float:
    rx, ry = ranks(x), ranks(y)
    n = len(x)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    champions = list(data.book_champions().champions)
    rng = Rng(args.seed)
    policies = {"a": GreedyPolicy(), "b": GreedyPolicy()}
    points = {c.name: 0.0 for c in champions}
    played = {c.name: 0 for c in champions}
    rows = []
    start = time.process_time()
    for x, y in combinations(champions, 2):
        battles = {"xy": make_battle([x], [y], {}), "yx": make_battle([y], [x], {})}
        wx = wy = draws = 0
        for i in range(args.battles):
            order = "xy" if i % 2 == 0 else "yx"
            winner = play(GAME, battles[order], policies, rng.spawn(f"{x.name}|{y.name}|{i}"), keep_log=False).winner
            if winner is None:
                draws += 1
            elif (winner == "a") == (order == "xy"):
                wx += 1
            else:
                wy += 1
        points[x.name] += wx + draws / 2
        points[y.name] += wy + draws / 2
        played[x.name] += args.battles
        played[y.name] += args.battles
        lo, hi = wilson_interval(wx + draws // 2, args.battles)
        rows.append((x.name, y.name, wx, wy, draws, (wx + draws / 2) / args.battles, lo <= 0.5 <= hi))
    cpu = time.process_time() - start
    total = len(rows) * args.battles
    print(f"{total} duels in {cpu:.1f} s CPU ({1000 * cpu / total:.2f} ms a duel)\n")
    print("| A | B | A wins | B wins | draws | A score | even? |")
    print("|---|---|---|---|---|---|---|")
    for a, b, wa, wb, d, s, even in rows:
        print(f"| {a} | {b} | {wa} | {wb} | {d} | {s:.3f} | {'yes' if even else 'no'} |")
    scores = {n: points[n] / played[n] for n in points}
    ratings = {c.name: rate(c).rating for c in champions}
    rating_rank = {n: i + 1 for i, n in enumerate(sorted(ratings, key=lambda n: -ratings[n]))}
    print("\n| Champion | rating | rating rank | arena score | score rank |")
    print("|---|---|---|---|---|")
    for i, name in enumerate(sorted(scores, key=lambda n: -scores[n]), 1):
        print(f"| {name} | {ratings[name]:.1f} | {rating_rank[name]} | {scores[name]:.3f} | {i} |")
    names = list(scores)
    print(f"\nSpearman rank correlation (rating vs arena score): {spearman([ratings[n] for n in names], [scores[n] for n in names]):+.2f}")


if __name__ == "__main__":
    main()
