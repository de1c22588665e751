"""How long the Warcry points model takes to price 1,000 fighters.

Run from the repository root:

    python benchmarks/bench_cost.py [--count 1000] [--seed 7] [--times 5]

Prints the time for a cold run (empty odds caches: every distinct weapon and target is worked
out exactly once) and warm runs (caches full, as in a long-running process or a second `cost` call in
one process). The fighters are random but legal-looking profiles from a seeded Rng, spread like
published cards (Move 3-12, Toughness 2-7, Wounds 4-50, one or two weapons). Target: well under
a second for 1,000 fighters, cold.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.dice.rng import Rng  # noqa: E402
from generator.systems.warcry import cost_features, cost_odds  # noqa: E402
from generator.systems.warcry.cost import default_model, price_fighters  # noqa: E402


def random_fighters(count: int, seed: int) -> list[dict]:
    rng = Rng(seed)
    fighters = []
    for i in range(count):
        weapons = []
        for _ in range(rng.integers(1, 2)):
            ranged = rng.random() < 0.25
            hit = rng.integers(1, 4)
            weapons.append({
                "attacks": rng.integers(1, 6),
                "strength": rng.integers(2, 6),
                "dmg_hit": hit,
                "dmg_crit": hit + rng.integers(1, 4),
                "min_range": 3 if ranged else 0,
                "max_range": rng.choice([8, 10, 12, 15, 20]) if ranged else rng.choice([1, 1, 2, 3]),
            })
        fighters.append({
            "name": f"fighter {i + 1}",
            "movement": rng.choice([3, 4, 4, 5, 5, 6, 8, 10, 12]),
            "toughness": rng.integers(2, 7),
            "wounds": rng.choice([6, 8, 10, 12, 15, 18, 20, 22, 25, 28, 30, 35, 40, 50]),
            "runemarks": rng.sample(["hero", "fly", "mount", "agile", "elite", "warrior"], rng.integers(0, 2)),
            "weapons": weapons,
        })
    return fighters


def clear_caches() -> None:
    for fn in (cost_odds.hits_and_crits, cost_odds._hits_and_crits_float, cost_odds.damage_distribution,
               cost_odds.expected_damage, cost_odds.actions_tables,
               cost_features.weapon_offence, cost_features.durability_actions):
        fn.cache_clear()
    from generator.dice import attacks

    attacks.attack_odds.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the Warcry points model.")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--times", type=int, default=5, help="timed repetitions")
    args = parser.parse_args()
    fighters = random_fighters(args.count, args.seed)
    default_model()  # reading the YAML is start-up, not pricing

    clear_caches()
    start = time.perf_counter()
    priced = price_fighters(fighters)
    cold = time.perf_counter() - start

    warm = []
    for _ in range(args.times):
        start = time.perf_counter()
        price_fighters(fighters)
        warm.append(time.perf_counter() - start)

    print(f"priced {len(priced)} fighters (seed {args.seed}); total {sum(p.cost for p in priced):.0f} points")
    print(f"cold (empty caches): {cold * 1000:.0f} ms")
    print(f"warm (median of {args.times}): {statistics.median(warm) * 1000:.0f} ms")
    print(f"per fighter, warm: {statistics.median(warm) / len(priced) * 1e6:.0f} us")


if __name__ == "__main__":
    main()
