"""How the greedy SagaBorn player plays: where shooters shoot from, which abilities it uses.

Run from the repository root:

    python benchmarks/sagaborn_play_stats.py [--battles 200] [--seed 1]

Plays House Vareth against the Driftborn on the relic vault, seats alternating, both sides
greedy, and counts from the battle logs: shots by units of Range 4 or more, how many were
taken from 2 hexes or less and how many of those shooters were taken down before their squad's
next activation; shots with an enemy figure on the line of sight (should be none); every
ability used, by name; draws, rounds and decisions per battle.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.content import load_roster  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.resources import content_dir  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    system, vareth = load_roster(content_dir() / "sagaborn/house-vareth.yaml")
    _, drift = load_roster(content_dir() / "sagaborn/driftborn.yaml")
    policy = system.policies["greedy"]
    battles = {"a": system.make_battle(vareth, drift, {}), "b": system.make_battle(drift, vareth, {})}
    shots = close = killed = 0
    abilities: Counter = Counter()
    results: Counter = Counter()
    rounds = decisions = 0
    started = time.process_time()
    for i in range(args.battles):
        seat = "a" if i % 2 == 0 else "b"
        result = play(system.game, battles[seat], {"a": policy(), "b": policy()}, Rng(args.seed).spawn(f"b{i}"))
        rounds += result.rounds
        decisions += result.decisions
        vareth_side = seat
        results["vareth" if result.winner == vareth_side else "draw" if result.winner is None else "driftborn"] += 1
        fighters = {f["id"]: f for side in result.header["sides"].values() for f in side["fighters"]}
        events = result.events
        for k, e in enumerate(events):
            if e["action"] == "ability":
                abilities[e["name"]] += 1
            if e["action"] != "attack" or fighters[e["fighter"]]["stats"]["range"] < 4:
                continue
            shots += 1
            if e["distance"] <= 2:
                close += 1
                squad = fighters[e["fighter"]]["squad"]
                for later in events[k + 1:]:
                    if later["action"] == "activate" and later.get("squad") == squad:
                        break
                    if later["action"] == "taken_down" and later["fighter"] == e["fighter"]:
                        killed += 1
                        break
    spent = time.process_time() - started
    n = args.battles
    print(f"{n} battles, House Vareth vs Driftborn, seats alternating: Vareth {results['vareth']}, "
          f"Driftborn {results['driftborn']}, draws {results['draw']}; {rounds / n:.1f} rounds, "
          f"{decisions / n:.0f} decisions on average")
    print(f"shots by Range 4+ units: {shots}; from 2 hexes or less: {close} ({close / max(shots, 1):.0%}); "
          f"of those, shooter taken down before its next activation: {killed}")
    print("abilities used (events): " + ", ".join(f"{name} {count}" for name, count in sorted(abilities.items())))
    print(f"CPU {spent:.1f} s, {n / spent:.1f} battles/s")


if __name__ == "__main__":
    main()
