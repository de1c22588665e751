"""How the greedy SagaBorn player plays: where shooters shoot from, which abilities it uses.

Run from the repository root:

    python benchmarks/sagaborn_play_stats.py [--battles 200] [--seed 1]

Plays House Vareth against the Driftborn on the relic vault, seats alternating, both sides
greedy, and counts from the battle logs: shots by units of Range 4 or more, how many were
taken from 2 hexes or less and how many of those shooters were taken down before their squad's
next activation, and how many shooters already stood next to an enemy when their squad's
activation began; shots of Range 4+ units from inside a living enemy fighter's melee reach;
every ability used, by name; draws, rounds and decisions per battle. (The reach count looks at
every decision, so the CPU figure includes it.)
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


def melee_reach(board, pos, move: int, height: int) -> set:
    """The hexes a melee figure on ``pos`` could strike after one move: the hexes it reaches with
    ``move`` points (the book's step costs, figures ignored) and their neighbours."""
    from generator.systems.sagaborn.mechanics import Hex, step_cost

    costs, frontier = {pos: 0}, [pos]
    while frontier:
        nxt = []
        for here in frontier:
            for n in board.open_neighbours(here):
                step = step_cost(Hex(board.level(here), board.water(here)), Hex(board.level(n), board.water(n)), height)
                if step is not None and costs[here] + step <= move and costs[here] + step < costs.get(n, 99):
                    costs[n] = costs[here] + step
                    nxt.append(n)
        frontier = nxt
    return set(costs) | {n for p in costs for n in board.neighbours(p)}


class Watcher:
    """The greedy player, counting the shots of Range 4+ units taken from inside the melee reach
    of a living enemy fighter (where it will be struck before it acts again)."""

    def __init__(self, policy, counts):
        self.policy, self.counts = policy, counts

    def choose(self, state, actions, rng):
        action = self.policy.choose(state, actions, rng)
        if state.phase == "act" and action[0] == "attack":
            f = state.fighters[action[1]]
            if f.stats.range >= 4:
                self.counts["shots"] += 1
                if any(f.pos in melee_reach(state.board, e.pos, e.stats.move, e.stats.height)
                       for e in state.living("b" if f.side == "a" else "a") if e.stats.range == 1):
                    self.counts["in_reach"] += 1
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    system, vareth = load_roster(content_dir() / "sagaborn/house-vareth.yaml")
    _, drift = load_roster(content_dir() / "sagaborn/driftborn.yaml")
    policy = system.policies["greedy"]
    battles = {"a": system.make_battle(vareth, drift, {}), "b": system.make_battle(drift, vareth, {})}
    shots = close = killed = engaged = 0
    abilities: Counter = Counter()
    watched: Counter = Counter()
    results: Counter = Counter()
    rounds = decisions = 0
    started = time.process_time()
    for i in range(args.battles):
        seat = "a" if i % 2 == 0 else "b"
        players = {side: Watcher(policy(), watched) for side in ("a", "b")}
        result = play(system.game, battles[seat], players, Rng(args.seed).spawn(f"b{i}"))
        rounds += result.rounds
        decisions += result.decisions
        vareth_side = seat
        results["vareth" if result.winner == vareth_side else "draw" if result.winner is None else "driftborn"] += 1
        fighters = {f["id"]: f for side in result.header["sides"].values() for f in side["fighters"]}
        events = result.events
        grid = system.make_battle(vareth, drift, {}).board  # the relic vault: distances in hexes
        pos, alive, start = {}, set(), {}
        for k, e in enumerate(events):
            if e["action"] == "place":
                pos[e["fighter"]] = grid.parse(e["cell"])
                alive.add(e["fighter"])
            elif e["action"] == "activate":
                start = {u: pos[u] for u in e["units"]}  # where the squad's units begin
            elif e["action"] == "move":
                pos[e["fighter"]] = grid.parse(e["path"][-1])
            elif e["action"] == "taken_down":
                alive.discard(e["fighter"])
            if e["action"] == "ability":
                abilities[e["name"]] += 1
            if e["action"] != "attack" or fighters[e["fighter"]]["stats"]["range"] < 4:
                continue
            shots += 1
            if e["distance"] <= 2:
                close += 1
                me = e["fighter"]
                if me in start and any(u[0] != me[0] and grid.distance(start[me], pos[u]) == 1 for u in alive):
                    engaged += 1
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
          f"of those, shooter taken down before its next activation: {killed}; shooter next to an enemy "
          f"when its activation began: {engaged}")
    print(f"shots by Range 4+ units from inside a living enemy fighter's melee reach (its Move, then a "
          f"neighbour): {watched['in_reach']} of {watched['shots']} ({watched['in_reach'] / max(watched['shots'], 1):.0%})")
    print("abilities used (events): " + ", ".join(f"{name} {count}" for name, count in sorted(abilities.items())))
    print(f"CPU {spent:.1f} s, {n / spent:.1f} battles/s")


if __name__ == "__main__":
    main()
