"""Dump the battle logs of a fixed set of battles, and compare two dumps event by event.

Porting or changing an engine: dump with the code as it was, dump again with the new code, and
compare. Equal dumps mean the same battles, dice for dice and decision for decision.

    python tools/battle_logs.py dump bladestorm old.jsonl [--seeds 40] [--code PATH]
    python tools/battle_logs.py compare old.jsonl new.jsonl

``dump`` plays the pairings of ``tests/play/core_logs.py`` (both seatings; greedy against
greedy, random against greedy and greedy against random), one JSON line per battle. ``--code``
plays with the ``generator`` package found at ``PATH`` (another checkout), so one command dumps
the old engine and the new.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def dump(system_name: str, path: Path, seeds: int, code: Path | None, protocol: bool) -> int:
    import importlib.util

    sys.path.insert(0, str(code if code is not None else ROOT))
    from generator.content import library, load_roster
    from generator.dice.rng import Rng
    from generator.play.engine import play
    from generator.play.policies import policy_for

    # the pairings of this checkout, whichever code plays them
    spec = importlib.util.spec_from_file_location("core_logs", ROOT / "tests" / "play" / "core_logs.py")
    cases = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases)
    CASES, PAIRINGS, _ProtocolOnly = cases.CASES, cases.PAIRINGS, cases._ProtocolOnly

    count = 0
    with open(path, "w") as out:
        for k, (name_a, name_b, options) in enumerate(CASES[system_name]):
            system, force_a = load_roster(library().path(name_a + ".yaml"))
            _, force_b = load_roster(library().path(name_b + ".yaml"))
            for seating, (first, second) in (("ab", (force_a, force_b)), ("ba", (force_b, force_a))):
                battle = system.make_battle(first, second, dict(options))
                for kind_a, kind_b in PAIRINGS:
                    policies = {"a": policy_for(system, kind_a), "b": policy_for(system, kind_b)}
                    if protocol:
                        policies = {side: _ProtocolOnly(p) for side, p in policies.items()}
                    for seed in range(seeds):
                        result = play(system.game, battle, policies, Rng(1000 * k + seed), keep_log=True)
                        row = {"case": k, "seating": seating, "players": f"{kind_a}-{kind_b}", "seed": 1000 * k + seed,
                               "decisions": result.decisions, "log": result.to_json()}
                        out.write(json.dumps(row, sort_keys=True) + "\n")
                        count += 1
    return count


def compare(old: Path, new: Path) -> int:
    """Print the first difference of each differing battle (at most 5); the number that differ."""
    differing = 0
    with open(old) as a, open(new) as b:
        for line_a, line_b in zip(a, b):
            if line_a == line_b:
                continue
            differing += 1
            x, y = json.loads(line_a), json.loads(line_b)
            if differing <= 5:
                print(f"case {x['case']} seating {x['seating']} {x['players']} seed {x['seed']}:")
                events_x, events_y = x["log"].pop("events"), y["log"].pop("events")
                for i, (ex, ey) in enumerate(zip(events_x, events_y)):
                    if ex != ey:
                        print(f"  event {i}:\n    old {ex}\n    new {ey}")
                        break
                else:
                    if len(events_x) != len(events_y):
                        print(f"  {len(events_x)} events against {len(events_y)}")
                    elif x != y:
                        print(f"  same events; header, result or decisions differ")
    return differing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("dump")
    p.add_argument("system")
    p.add_argument("out", type=Path)
    p.add_argument("--seeds", type=int, default=40)
    p.add_argument("--code", type=Path, help="play with the generator package of another checkout")
    p.add_argument("--protocol", action="store_true", help="ask every decision through the protocol")
    p = sub.add_parser("compare")
    p.add_argument("old", type=Path)
    p.add_argument("new", type=Path)
    args = parser.parse_args()
    if args.command == "dump":
        print(f"{dump(args.system, args.out, args.seeds, args.code, args.protocol)} battles written to {args.out}")
    else:
        differing = compare(args.old, args.new)
        print("the same battles" if differing == 0 else f"{differing} battles differ")
        sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
