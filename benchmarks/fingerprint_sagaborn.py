"""SagaBorn battles, byte for byte: one sha256 over a fixed set of seeded battles, and their speed.

Run: ``python benchmarks/fingerprint_sagaborn.py [--profile N] [--only GROUP]``

A speed-up of the SagaBorn engine must not change a single battle. This plays a fixed set of
battles and hashes each one's full log (header, every event, winner, score, rounds, reason and
the number of decisions), so any change in what is rolled, chosen or written shows in the hash:

* ``examples``: the two example teams (house-vareth, driftborn) against each other from both
  seats and each against itself, greedy vs greedy on the default map (the relic vault);
* ``vault-scenarios``: the same teams on the relic vault with a scenario's options: chests that
  score, take-downs that score, a shrine held at round end, the first activation, a level count
  handed to one side, an early cut-off;
* ``generated-scenarios``: generated SagaBorn maps (hills and water, no walls) with relics,
  chests and a shrine on the map generator's objective cells, with scenario options;
* ``vs-random``: greedy against the random player from both seats.

It prints each group's hash, battles and CPU ms per battle (``time.process_time`` around
``play`` only; the machine may be shared), then the hash over all groups. Groups run in this
order in one process, so the shared board tables fill the same way on every run.
``--profile N`` instead profiles the first N battles of the list (cProfile, top 25 by own time).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's generator, not an installed one

from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.play.policies import RandomPolicy  # noqa: E402
from generator.systems import get_system  # noqa: E402
from generator.systems.sagaborn.policy import GreedyPolicy  # noqa: E402

TEAMS = ("house-vareth.yaml", "driftborn.yaml")

#: Scenario options played on the relic vault (cells are the vault's open hexes).
VAULT_OPTIONS = (
    {"scoring": {"open_chest": 10}},
    {"scoring": {"take_down": 5}, "first": "b"},
    {"scoring": {"hold_centre": 5}, "shrine": "7,3", "tie_to": "a", "rounds": 8},
    {"scoring": {"open_chest": 10, "take_down": 5, "hold_centre": 5}, "shrine": "7,7", "first": "a",
     "tie_to": "b", "rounds": 6},
)


def team(name: str):
    import yaml

    from generator.resources import content_dir
    from generator.systems.sagaborn.models import Team

    raw = yaml.safe_load((content_dir() / "sagaborn" / name).read_text(encoding="utf-8"))
    return Team.model_validate({k: v for k, v in raw.items() if k not in ("system", "kind")})


def generated_map(seed: int, layout: str):
    """A generated SagaBorn map with its three objective cells used as ``layout`` says:
    ``relics`` (three relics), ``chests`` (three chests) or ``mixed`` (a relic, a chest, a shrine:
    the third cell is returned as the shrine)."""
    from generator.boards.mapfile import BoardMap
    from generator.boards.mapgen import generate_map

    made = generate_map("sagaborn", seed=seed, objectives=3)
    data = made.board.model_dump(mode="json", exclude_defaults=True)
    cells = list(made.board.objectives)
    data["objectives"] = []
    shrine = None
    if layout == "relics":
        data["relics"] = cells
    elif layout == "chests":
        data["chests"] = cells
    else:
        data["relics"], data["chests"], shrine = [cells[0]], [cells[1]], cells[2]
    return BoardMap.model_validate(data), shrine


def battles(system):
    """``[(group, battle, policies, seed)]``: the fixed list, in play order."""
    a, b = team(TEAMS[0]), team(TEAMS[1])
    pairs = ((a, b), (b, a), (a, a), (b, b))
    greedy = {"a": GreedyPolicy(), "b": GreedyPolicy()}
    out = []
    for n, (ta, tb) in enumerate(pairs):
        battle = system.make_battle(ta, tb, {})
        out += [("examples", battle, greedy, 1000 * n + s) for s in range(30)]
    for n, options in enumerate(VAULT_OPTIONS):
        for k, (ta, tb) in enumerate(pairs[:2]):
            battle = system.make_battle(ta, tb, dict(options))
            out += [("vault-scenarios", battle, greedy, 5000 + 100 * n + 10 * k + s) for s in range(8)]
    generated = (
        (1, "relics", {}),
        (2, "chests", {"scoring": {"open_chest": 10}, "first": "b"}),
        (3, "mixed", {"scoring": {"hold_centre": 5, "take_down": 5}, "tie_to": "b", "rounds": 10}),
    )
    for seed, layout, options in generated:
        board_map, shrine = generated_map(seed, layout)
        options = {**options, "map": board_map, **({"shrine": shrine} if "hold_centre" in options.get("scoring", {})
                                                    else {})}
        for k, (ta, tb) in enumerate(pairs[:2]):
            battle = system.make_battle(ta, tb, options)
            out += [("generated-scenarios", battle, greedy, 9000 + 100 * seed + 10 * k + s) for s in range(5)]
    for k, (ta, tb) in enumerate(pairs[:2]):
        battle = system.make_battle(ta, tb, {})
        for seat in ("a", "b"):
            pols = {seat: GreedyPolicy(), ("b" if seat == "a" else "a"): RandomPolicy()}
            out += [("vs-random", battle, pols, 20000 + 100 * k + (0 if seat == "a" else 50) + s) for s in range(5)]
    return out


def serialise(result) -> bytes:
    """The whole battle as canonical JSON bytes (sorted keys, no float rounding beyond repr)."""
    data = result.to_json()
    data["decisions"] = result.decisions
    data["score"] = dict(result.score)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr).encode("utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", type=int, default=0, help="profile the first N battles instead")
    parser.add_argument("--only", default=None, help="play one group only (its hash, not the total)")
    args = parser.parse_args()
    system = get_system("sagaborn")
    todo = battles(system)
    if args.only:
        todo = [t for t in todo if t[0] == args.only]
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        t0 = time.process_time()
        prof.enable()
        for _, battle, pols, seed in todo[: args.profile]:
            play(system.game, battle, pols, Rng(seed), keep_log=True)
        prof.disable()
        print(f"{args.profile} battles, {1000 * (time.process_time() - t0) / args.profile:.1f} CPU ms per battle "
              f"(under the profiler)")
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return
    total = hashlib.sha256()
    groups: dict[str, list] = {}
    for group, battle, pols, seed in todo:
        t0 = time.process_time()
        result = play(system.game, battle, pols, Rng(seed), keep_log=True)
        cpu = time.process_time() - t0
        blob = serialise(result)
        total.update(blob)
        hit = groups.setdefault(group, [hashlib.sha256(), 0, 0.0])
        hit[0].update(blob)
        hit[1] += 1
        hit[2] += cpu
    all_cpu = sum(g[2] for g in groups.values())
    for name, (h, n, cpu) in groups.items():
        print(f"{name:20s} {n:4d} battles {1000 * cpu / n:7.2f} CPU ms/battle  {h.hexdigest()[:16]}")
    n = len(todo)
    print(f"{'all':20s} {n:4d} battles {1000 * all_cpu / n:7.2f} CPU ms/battle")
    print(f"sha256 {total.hexdigest()}")


if __name__ == "__main__":
    main()
