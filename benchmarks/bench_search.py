"""How strong a replay search player is for a choice of its settings, and what it costs.

    python benchmarks/bench_search.py [--roster gorechosen/example_brass_pit]
        [--battles 200] [--seed 1] [--set candidates=4 --set playouts=32 --set more=0 ...]

For every system with a search player (``policy_for(system, "search")``):
:class:`generator.play.replay.ReplaySearch` (Gorechosen, Bladeborn and Warcry) or the battle
core's :class:`generator.play.search.RolloutSearch` (Bladestorm, whose decisions searched and
playouts are not counted). The roster fights itself (a Gorechosen roster sends its first
champion): the search player with the settings given (the rest as the system ships them) on one
side, the greedy player on the other, seats alternating. Prints the search side's score with its
95% Wilson interval, the CPU seconds a battle, and the decisions searched and playouts played a
battle. One process; the settings `docs/players.md` compares were measured with it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.winrate import wilson_interval  # noqa: E402
from generator.content import load_roster  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.play.policies import policy_for, search_settings  # noqa: E402

SETTINGS = {"candidates": int, "playouts": int, "confidence": float, "more": int, "final_confidence": float}


def setting(text: str) -> tuple[str, float]:
    name, _, value = text.partition("=")
    if name not in SETTINGS:
        raise argparse.ArgumentTypeError(f"unknown setting {name!r}; choose one of: {', '.join(SETTINGS)}")
    return name, SETTINGS[name](value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roster", default="gorechosen/example_brass_pit")
    parser.add_argument("--battles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", type=setting, action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    system, roster = load_roster(args.roster)
    options = dict(args.set)
    settings = {**search_settings(system), **options}
    battle = system.make_battle(roster, roster, {})
    points = searched = played = 0
    started = time.process_time()
    for i in range(args.battles):
        search = policy_for(system, "search", **options)
        seat = "a" if i % 2 == 0 else "b"
        other = "b" if seat == "a" else "a"
        result = play(system.game, battle, {seat: search, other: policy_for(system, "greedy")}, Rng(args.seed).spawn(f"b{i}"),
                      keep_log=False)
        points += 2 if result.winner == seat else 1 if result.winner is None else 0
        searched += getattr(search, "searched", 0)
        played += getattr(search, "played", 0)
    seconds = time.process_time() - started
    n = args.battles
    low, high = wilson_interval(points / 2, n)
    shown = ", ".join(f"{k}={v}" for k, v in settings.items()) or "the defaults"
    print(f"{args.roster} ({shown}{', as shipped' if not options else ''}): search scores {points / 2 / n:.1%} [{low:.1%}, {high:.1%}] "
          f"in {n} battles; {seconds / n:.2f} s of CPU a battle"
          + (f", {searched / n:.1f} decisions searched and {played / n:.0f} playouts a battle" if played else ""))


if __name__ == "__main__":
    main()
