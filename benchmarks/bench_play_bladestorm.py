"""Bladestorm battles on the board: speed, greedy against random, mirror matches, the book's match-up.

Run from the repository root:

    python benchmarks/bench_play_bladestorm.py [--mirror 10000] [--versus 1000] [--book 2000] [--seed 2026]
        [--parts speed,versus,book,mirror]

Both of the book's scenarios are played (Warriors of Ash with the book's rosters, A Test of Arms
with our example rosters; see content/bladestorm/scenarios/). It prints:

1. **Speed**: battles per second per core, greedy against greedy, measured in CPU time of this
   process (the machine may be shared; CPU time is what one core gives).
2. **Greedy against random** from either seat, with the same force in both seats (only the
   policy differs) and with the scenario's own two forces. The target is >= 75% from each seat.
3. **Mirror matches**: the same force on both sides, greedy against greedy, seats alternating
   (force 1 is player A in even battles, player B in odd ones). Force 1's score (win 1, draw
   1/2) must have its 95% interval inside 47%-53%; the seat-A share shows what moving first
   and the set-up are worth.
4. **Warriors of Ash as the book seats it**: the Goblins (player 1) against the Sea-Troll,
   greedy against greedy.

Every battle draws from its own child stream of ``--seed``, so the numbers are reproducible.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.content import load_file  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.play.policies import RandomPolicy  # noqa: E402
from generator.resources import content_dir  # noqa: E402
from generator.systems import get_system  # noqa: E402

SYSTEM = get_system("bladestorm")
GREEDY = SYSTEM.policies["greedy"]


def roster(name: str):
    return load_file(content_dir() / "bladestorm" / name).model


SCENARIOS = {
    "warriors-of-ash": ("warriors-of-ash-goblins.yaml", "warriors-of-ash-sea-troll.yaml"),
    "a-test-of-arms": ("example-test-of-arms-outriders.yaml", "example-test-of-arms-wardens.yaml"),
}


def run(key: str, force_a, force_b, policies, battles: int, rng: Rng, tag: str) -> Counter:
    battle = SYSTEM.make_battle(force_a, force_b, {"card": key})
    tally: Counter = Counter()
    for number in range(battles):
        pol = {seat: make() for seat, make in policies.items()}
        tally[play(SYSTEM.game, battle, pol, rng.spawn(f"{tag}-{number}"), keep_log=False).winner] += 1
    return tally


def share(tally: Counter, seat: str, battles: int) -> float:
    return (tally[seat] + 0.5 * tally[None]) / battles


def speed(rng: Rng, battles: int) -> None:
    print("1. speed (greedy v greedy, CPU time of one process)")
    for key, (a, b) in SCENARIOS.items():
        force_a, force_b = roster(a), roster(b)
        run(key, force_a, force_b, {"a": GREEDY, "b": GREEDY}, 5, rng, "warm")  # build the tables once
        start = time.process_time()
        run(key, force_a, force_b, {"a": GREEDY, "b": GREEDY}, battles, rng, "speed")
        spent = time.process_time() - start
        print(f"   {key:16s} {battles / spent:7.1f} battles/s per core ({battles} battles, {spent:.1f}s CPU)")


def versus(rng: Rng, battles: int) -> None:
    print("2. greedy against random (greedy's score: win 1, draw 1/2)")
    for key, (a, b) in SCENARIOS.items():
        own = (roster(a), roster(b))
        for label, (force_a, force_b) in (("same force", (own[0], own[0])), ("book's sides", own)):
            seat_a = run(key, force_a, force_b, {"a": GREEDY, "b": RandomPolicy}, battles, rng, f"ga-{label}")
            seat_b = run(key, force_a, force_b, {"a": RandomPolicy, "b": GREEDY}, battles, rng, f"gb-{label}")
            print(f"   {key:16s} {label:12s} greedy as A {share(seat_a, 'a', battles):6.1%}   "
                  f"greedy as B {share(seat_b, 'b', battles):6.1%}   ({battles} battles each)")


def mirror(rng: Rng, battles: int) -> None:
    print("3. mirror matches (greedy v greedy, same force, seats alternating)")
    for key, (a, _) in SCENARIOS.items():
        force = roster(a)
        battle = SYSTEM.make_battle(force, force, {"card": key})
        points, seat_a, draws = [], 0.0, 0
        for number in range(battles):
            winner = play(SYSTEM.game, battle, {"a": GREEDY(), "b": GREEDY()}, rng.spawn(f"mirror-{key}-{number}"),
                          keep_log=False).winner
            mine = "a" if number % 2 == 0 else "b"  # force 1's seat
            points.append(0.5 if winner is None else float(winner == mine))
            seat_a += 0.5 if winner is None else float(winner == "a")
            draws += winner is None
        mean = sum(points) / battles
        sd = math.sqrt(sum((p - mean) ** 2 for p in points) / (battles - 1))
        low, high = mean - 1.96 * sd / math.sqrt(battles), mean + 1.96 * sd / math.sqrt(battles)
        verdict = "inside" if 0.47 <= low and high <= 0.53 else "OUTSIDE"
        print(f"   {key:16s} {force.name}: force 1 {mean:6.2%} (95% {low:6.2%}-{high:6.2%}, {verdict} 47-53%); "
              f"seat A {seat_a / battles:6.2%}; draws {draws / battles:5.1%}; {battles} battles")


def book(rng: Rng, battles: int) -> None:
    print("4. Warriors of Ash as the book seats it (greedy v greedy)")
    goblins, troll = (roster(n) for n in SCENARIOS["warriors-of-ash"])
    tally = run("warriors-of-ash", goblins, troll, {"a": GREEDY, "b": GREEDY}, battles, rng, "book")
    print(f"   Goblins {tally['a'] / battles:6.1%}   Sea-Troll {tally['b'] / battles:6.1%}   "
          f"draw (both fall in one step) {tally[None] / battles:5.1%}   ({battles} battles)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=int, default=10_000)
    parser.add_argument("--versus", type=int, default=1000)
    parser.add_argument("--book", type=int, default=2000)
    parser.add_argument("--speed", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--parts", default="speed,versus,book,mirror", help="which parts to run, comma-separated")
    args = parser.parse_args()
    rng = Rng(args.seed)
    start = time.perf_counter()
    parts = set(args.parts.split(","))
    for name, part, count in (("speed", speed, args.speed), ("versus", versus, args.versus), ("book", book, args.book),
                              ("mirror", mirror, args.mirror)):
        if name in parts:
            part(rng, count)
            sys.stdout.flush()
    print(f"wall time {time.perf_counter() - start:.0f}s")


if __name__ == "__main__":
    main()
