"""Bladeborn and Warcry battles on the board: speed, mirror matches, greedy against random.

    python benchmarks/bench_play_bladeborn.py [--battles 10000] [--quick]

Reports battles per second on one core for a Bladeborn battle of the two example warbands on
Drawn and Quartered (5 and 6 fighters) and for the shipped Warcry warbands (8 and 9 fighters);
the mirror match of each (the same warband in both seats; 95% Wilson interval of A's score, draws
counting half); and greedy against random from either seat.
"""

from __future__ import annotations

import argparse
import time

from generator.balance.winrate import wilson_interval
from generator.content import load_roster
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.policies import RandomPolicy
from generator.resources import content_dir
from generator.systems.bladeborn.policy import BladebornGreedy

C = content_dir()
PAIRS = {
    "bladeborn": (C / "bladeborn" / "example-cinder-oath.yaml", C / "bladeborn" / "example-hollowmere-stalkers.yaml"),
    "warcry": (C / "warcry" / "example-gilded-ruin.yaml", C / "warcry" / "example-marrowfen-raiders.yaml"),
}


def battles(system, battle, policies, n, seed=0):
    score, draws, rounds = 0.0, 0, 0
    start = time.perf_counter()
    for i in range(n):
        r = play(system.game, battle, policies, Rng(seed + i), keep_log=False)
        score += 1.0 if r.winner == "a" else 0.5 if r.winner is None else 0.0
        draws += r.winner is None
        rounds += r.rounds
    return score, draws, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--battles", type=int, default=10_000, help="battles for each mirror match")
    parser.add_argument("--quick", action="store_true", help="1,000 battles instead")
    args = parser.parse_args()
    n = 1_000 if args.quick else args.battles
    greedy, rand = BladebornGreedy(), RandomPolicy()
    for name, (path_a, path_b) in PAIRS.items():
        system, a = load_roster(path_a)
        _, b = load_roster(path_b)
        versus = system.make_battle(a, b, {})
        _, secs = battles(system, versus, {"a": greedy, "b": greedy}, 200)[1:]
        print(f"{name}: {a.name} vs {b.name}: {200 / secs:.0f} battles/s on one core ({secs / 200 * 1000:.1f} ms each)")
        mirror = system.make_battle(a, a, {})
        score, draws, secs = battles(system, mirror, {"a": greedy, "b": greedy}, n, seed=10_000)
        lo, hi = wilson_interval(round(score), n)
        print(f"  mirror ({a.name} both seats), {n} battles: A scores {score / n:.3f}, 95% [{lo:.3f}, {hi:.3f}], "
              f"draws {draws / n:.1%}, inside 47-53%: {lo >= 0.47 and hi <= 0.53}")
        for seat in "ab":
            pol = {seat: greedy, "ab".replace(seat, ""): rand}
            score, draws, _ = battles(system, mirror, pol, 400, seed=50_000)
            share = score / 400 if seat == "a" else 1 - score / 400
            print(f"  greedy in seat {seat.upper()} vs random: greedy scores {share:.3f} over 400 battles")


if __name__ == "__main__":
    main()
