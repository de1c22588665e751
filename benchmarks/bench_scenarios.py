"""Do generated scenarios stay balanced? Generate with seeds 1..N per system, re-check each with a
fresh seed, and report the share still balanced, draws, decisiveness (greedy against random on
the scenario) and mean length.

    python benchmarks/bench_scenarios.py [--count 20] [--battles 2000] [--systems bladeborn,warcry]

``--demo`` uses the demo's lighter search settings (what ``skirmish demo`` runs).
"""

from __future__ import annotations

import argparse
import time

from generator.balance.matchup import play_verdict
from generator.balance.runner import make_runner
from generator.balance.sequential import Plan
from generator.balance.tune import screen
from generator.demo import DEMO_BATTLES, DEMO_POINTS, DEMO_SETTINGS
from generator.dice.rng import Rng
from generator.scenarios.generate import Settings, _systems_with_recipes, generate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=20, help="seeds 1..count per system")
    parser.add_argument("--battles", type=int, default=2000, help="battles for each re-check")
    parser.add_argument("--systems", default=",".join(_systems_with_recipes()))
    parser.add_argument("--demo", action="store_true", help="the demo's lighter search and budgets")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    runner = make_runner(args.jobs)
    try:
        for name in args.systems.split(","):
            kept = draws = decided = games = 0
            greedy_wins = greedy_games = 0
            lengths = []
            t0 = time.perf_counter()
            for seed in range(1, args.count + 1):
                if args.demo:
                    settings = Settings(**{**DEMO_SETTINGS, "battles": DEMO_BATTLES.get(name, DEMO_SETTINGS["battles"]),
                                           "look_every": DEMO_BATTLES.get(name, DEMO_SETTINGS["look_every"])})
                    made = generate(name, seed, points=DEMO_POINTS.get(name), settings=settings, jobs=args.jobs)
                else:
                    made = generate(name, seed, jobs=args.jobs)
                loaded = made.loaded
                options = loaded.system.scenario_options(loaded)
                a, b = loaded.rosters["a"], loaded.rosters["b"]
                recheck = play_verdict(loaded.system, a, b, options, Rng(10_000 + seed),
                                       Plan(max_battles=args.battles, look_every=args.battles), runner)
                v = recheck.to_json()
                kept += bool(made.balanced and recheck.balanced)
                decided += bool(made.balanced)
                draws += v["draws"]
                games += v["games"]
                lengths.append(v.get("mean_rounds") or 0)
                # decisiveness: the greedy player against the random one with A's force on both sides
                from generator.play.engine import play
                from generator.play.policies import policy_for

                battle = loaded.system.make_battle(a, a, options)
                for i in range(20):
                    seat = "a" if i % 2 == 0 else "b"
                    pol = {seat: policy_for(loaded.system, "greedy"), ("b" if seat == "a" else "a"): policy_for(loaded.system, "random")}
                    r = play(loaded.system.game, battle, pol, Rng(20_000 + 100 * seed + i), keep_log=False)
                    greedy_wins += (r.winner == seat) + 0.5 * (r.winner is None)
                    greedy_games += 1
                print(f"  {name} seed {seed}: generated {'balanced' if made.balanced else 'NOT balanced'}; re-check "
                      f"{v['win_rate_a']:.1%} [{v['ci95'][0]:.1%}, {v['ci95'][1]:.1%}] {'balanced' if recheck.balanced else 'not balanced'}, "
                      f"draws {v['draws'] / v['games']:.1%}", flush=True)
            n = args.count
            print(f"{name}: {decided}/{n} generated balanced; {kept}/{n} still balanced on re-check with a fresh seed; "
                  f"draws {draws / games:.1%}; mean length {sum(lengths) / len(lengths):.1f} rounds; greedy beats random "
                  f"{greedy_wins / greedy_games:.0%}; {time.perf_counter() - t0:.0f} s", flush=True)
    finally:
        runner.close()


if __name__ == "__main__":
    main()
