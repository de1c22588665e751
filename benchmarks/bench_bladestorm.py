"""How long Bladestorm pricing, random creation and the exact outlook take.

Run from the repository root:

    python benchmarks/bench_bladestorm.py [--count 1000] [--seed 7] [--times 5]

* price: 1,000 random cards from the book's random method (plus calculator extras: attack and
  damage bonuses, extra dice for large ones), priced cold (empty odds caches: every distinct
  attack roll and Defense is worked out exactly once) and warm.
* random: ``build_random`` of the same count (rolls + pricing).
* outlook: the exact Sea-Troll vs three Goblins odds over all six target orders.
Target: pricing 1,000 cards well under a second cold. Cold time is dominated by the dice
engine's exact enumeration, done once per (attack, Defense) pair; caching that enumeration per
attack (generator.dice.bladestorm._joint) would make it once per attack.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.dice.rng import Rng  # noqa: E402
from generator.systems.bladestorm import cost, outlook  # noqa: E402
from generator.systems.bladestorm.build import Choices, build_random, calculate  # noqa: E402
from generator.systems.bladestorm.models import builtin_tables  # noqa: E402


def random_cards(count: int, seed: int):
    """Calculator cards with every option varied, so many distinct attack rolls are priced."""
    rng = Rng(seed)
    t = builtin_tables()
    cards = []
    for i in range(count):
        race = rng.choice(list(t.races))
        size = t.races[race].size
        rule = t.sizes[size]
        stats = {s: rng.integers(*rule.stats[s]) for s in ("movement", "defense", "endurance")}
        weapons = rng.sample([r.key for r in t.weapons.rows], rng.integers(1, 3))
        cards.append(calculate(Choices(
            race=race, weapons=weapons, name=f"card {i}",
            attack_bonus=rng.integers(0, 3), damage_bonus=rng.integers(0, 2),
            extra_dice=rng.integers(0, rule.extra_attack_dice), **stats,
        ))[0])
    return cards


def clear_caches() -> None:
    from generator.dice import bladestorm as dice

    for fn in (cost._expected, cost.hits_taken_per_attack, cost.reference, dice._attack_odds_cached,
               dice._total_distribution, outlook._damage_vector):
        fn.cache_clear()


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--times", type=int, default=5, help="timed repetitions")
    args = parser.parse_args()

    cards = random_cards(args.count, args.seed)
    distinct = len({(w.attack, w.damage) for c in cards for w in c.weapons})
    clear_caches()
    cold = timed(lambda: cost.price(cards))
    warm = [timed(lambda: cost.price(cards)) for _ in range(args.times)]
    print(f"price {args.count} cards ({distinct} distinct attacks): cold {cold:.3f}s, "
          f"warm median {statistics.median(warm):.3f}s")

    rolled = [b.combatant for b in build_random(Rng(args.seed), count=args.count)]
    distinct = len({(c.melee_attack, c.melee_damage) for c in rolled})
    clear_caches()
    cold = timed(lambda: cost.price(rolled))
    print(f"price {args.count} random-method cards ({distinct} distinct attacks): cold {cold:.3f}s")

    rolls = [timed(lambda: build_random(Rng(args.seed), count=args.count)) for _ in range(max(1, args.times // 2))]
    print(f"build_random count={args.count} (warm caches): median {statistics.median(rolls):.3f}s")

    anchors = cost.anchor_cards()
    troll, goblins = anchors["Sea-Troll"][0], anchors["Cro + Argh + Montu"]
    clear_caches()
    exact = timed(lambda: outlook.lone_best_order(troll, goblins))
    print(f"outlook Sea-Troll vs 3 Goblins, all 6 orders, cold: {exact:.3f}s")


if __name__ == "__main__":
    main()
