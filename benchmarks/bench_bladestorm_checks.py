"""Checks of the Bladestorm TPC model against fights (too slow for the test suite).

Run from the repository root:

    python benchmarks/bench_bladestorm_checks.py [--count 60] [--pairs 400] [--battles 2000] [--seed 5]

1. Duels: random calculator combatants (humans, orcs, trolls; any weapon, Defense, Endurance,
   attack bonus 0-1), paired at random; each duel's exact outcome from ``outlook``. Reports how
   often the side with the higher O x D (the linear law's worth, which decides duels) wins more
   often, and the correlation between log(O x D) ratio and P(win) - P(loss).
2. Equal-cost teams: the two example "A Test of Arms" sides (475 TPC each) in seeded battles
   on the board (the scenario "A Test of Arms", greedy against greedy), both seatings.
Also prints the time each part took.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.content import load_file  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.resources import content_dir  # noqa: E402
from generator.systems.bladestorm import cost  # noqa: E402
from generator.systems.bladestorm.build import Choices, calculate  # noqa: E402
from generator.systems import get_system  # noqa: E402
from generator.systems.bladestorm.models import builtin_tables  # noqa: E402
from generator.systems.bladestorm.outlook import one_against_many  # noqa: E402


def duel_check(cards: int, pairs: int, seed: int) -> None:
    t = builtin_tables()
    rng = Rng(seed)
    pool = []
    for i in range(cards):
        race = rng.choice(["human", "human", "orc", "troll"])
        rule = t.sizes[t.races[race].size]
        stats = {s: rng.integers(*rule.stats[s]) for s in ("defense", "endurance")}
        pool.append(calculate(Choices(
            race=race, weapons=[rng.choice([r.key for r in t.weapons.rows])],
            attack_bonus=rng.integers(0, 1), name=str(i), **stats))[0])
    matches = list(itertools.combinations(pool, 2))
    rng.shuffle(matches)
    predicted, actual = [], []
    for a, b in matches[:pairs]:
        result = one_against_many(a, [b])
        worth = lambda c: cost.offence(c) * cost.defence(c)  # noqa: E731
        predicted.append(math.log(worth(a)) - math.log(worth(b)))
        actual.append(result.lone_wins - result.group_wins)
    agree = sum(p * q > 0 for p, q in zip(predicted, actual)) / len(actual)
    print(f"duels: {len(actual)} exact pairs; the higher O x D wins more often in {agree:.1%}; "
          f"r(log worth ratio, win - loss) = {statistics.correlation(predicted, actual):.3f}")


def battle_check(battles: int, seed: int) -> None:
    folder = content_dir() / "bladestorm"
    outriders = load_file(folder / "example-test-of-arms-outriders.yaml").model
    wardens = load_file(folder / "example-test-of-arms-wardens.yaml").model
    fight = get_system("bladestorm").fight
    for first, second in ((outriders, wardens), (wardens, outriders)):
        rng = Rng(seed)
        tally = Counter(fight(first, second, rng.spawn(f"battle-{n}")) for n in range(battles))
        names = {"a": first.side, "b": second.side, None: "draw"}
        shares = ", ".join(f"{names[k]} {v / battles:.3f}" for k, v in sorted(tally.items(), key=lambda kv: str(kv[0])))
        print(f"battles ({first.side} player 1, {second.side} player 2), {battles} seeded: {shares}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60, help="cards built")
    parser.add_argument("--pairs", type=int, default=400)
    parser.add_argument("--battles", type=int, default=2000, help="battles on the board per seating")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    start = time.perf_counter()
    duel_check(args.count, args.pairs, args.seed)
    middle = time.perf_counter()
    battle_check(args.battles, args.seed)
    print(f"time: duels {middle - start:.1f}s, battles {time.perf_counter() - middle:.1f}s")


if __name__ == "__main__":
    main()
