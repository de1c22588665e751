"""One sha256 over a fixed set of seeded hex battles (Bladeborn and Warcry), and their CPU time.

    python benchmarks/fingerprint_hex.py [--repeat 3] [--only warcry-dq ...]

A speed change to the hex engine (``generator/systems/bladeborn/``, ``generator/play/board.py``)
must not change a single battle: run this before and after, and the hash must be the same. Each
battle is played by ``generator.play.engine.play`` with ``keep_log=True``; its full log (header,
every event, result) plus the winner, rounds and number of decisions is written as JSON with sorted
keys, and all of them go, in order, into one sha256. Groups (seeds 0 up; odd seeds swap the seats,
as the balance runner plays both seatings):

- the Bladeborn example warbands on Drawn and Quartered and on Ambush at Ashfall Pass (roles,
  a defender who wins ties), a twist drawn per battle;
- the Warcry example warbands on Drawn and Quartered and on Hold the Breach (centre and enemy
  territory scoring), a twist drawn per battle; a Warcry mirror match (the balance verdicts' case);
- greedy against random, both systems, seats alternating.

It also prints the CPU time (``time.process_time``, not wall clock: the machine is shared) per
battle of each group, the best of ``--repeat`` runs; the hash is checked to be the same each run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.content import load_roster  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.play.policies import RandomPolicy  # noqa: E402
from generator.resources import content_dir  # noqa: E402
from generator.systems.bladeborn.policy import BladebornGreedy  # noqa: E402

C = content_dir()
BLADEBORN = (C / "bladeborn" / "example-cinder-oath.yaml", C / "bladeborn" / "example-hollowmere-stalkers.yaml")
WARCRY = (C / "warcry" / "example-gilded-ruin.yaml", C / "warcry" / "example-marrowfen-raiders.yaml")

#: name -> (warbands a and b, battle card, battles, policies: "greedy" or "random-b"/"random-a")
GROUPS = {
    "bladeborn-dq": (BLADEBORN, "Drawn and Quartered", 60, "greedy"),
    "bladeborn-ashfall": (BLADEBORN, "Ambush at Ashfall Pass", 60, "greedy"),
    "warcry-dq": (WARCRY, "Drawn and Quartered", 60, "greedy"),
    "warcry-breach": (WARCRY, "Hold the Breach", 60, "greedy"),
    "warcry-mirror": ((WARCRY[0], WARCRY[0]), "Drawn and Quartered", 30, "greedy"),
    "bladeborn-random": (BLADEBORN, "Drawn and Quartered", 10, "random"),
    "warcry-random": (WARCRY, "Drawn and Quartered", 10, "random"),
}


def battles_of(name: str):
    """The group's (system, battle, policies, seed) in order."""
    (path_a, path_b), card, n, kind = GROUPS[name]
    system, a = load_roster(path_a)
    _, b = load_roster(path_b)
    seatings = (system.make_battle(a, b, {"card": card}), system.make_battle(b, a, {"card": card}))
    greedy = BladebornGreedy()
    out = []
    for seed in range(n):
        if kind == "greedy":
            policies = {"a": greedy, "b": greedy}
        else:  # greedy in seat a on even seeds, in seat b on odd ones
            policies = {"a": greedy, "b": RandomPolicy()} if seed % 2 == 0 else {"a": RandomPolicy(), "b": greedy}
        out.append((system, seatings[seed % 2], policies, seed))
    return out


def run_group(name: str, digest) -> float:
    """Play the group, feeding every battle into ``digest``; CPU seconds spent playing."""
    todo = battles_of(name)
    spent = 0.0
    for system, battle, policies, seed in todo:
        started = time.process_time()
        result = play(system.game, battle, policies, Rng(seed), keep_log=True)
        spent += time.process_time() - started
        record = {"group": name, "log": result.to_json(), "winner": result.winner, "rounds": result.rounds,
                  "decisions": result.decisions}
        digest.update(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")
    return spent / len(todo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs; the best CPU time of each group is shown")
    parser.add_argument("--only", nargs="+", choices=list(GROUPS), help="these groups only (a different hash)")
    args = parser.parse_args()
    names = args.only or list(GROUPS)
    best: dict[str, float] = {}
    hashes = set()
    for _ in range(args.repeat):
        digest = hashlib.sha256()
        for name in names:
            ms = run_group(name, digest) * 1000
            best[name] = min(ms, best.get(name, ms))
        hashes.add(digest.hexdigest())
    if len(hashes) != 1:
        raise SystemExit(f"the same battles gave different hashes across runs: {sorted(hashes)}")
    total = sum(GROUPS[n][2] for n in names)
    for name in names:
        print(f"{name:<18} {GROUPS[name][2]:>4} battles  {best[name]:7.2f} ms CPU per battle")
    print(f"{total} battles  sha256 {hashes.pop()}")


if __name__ == "__main__":
    main()
