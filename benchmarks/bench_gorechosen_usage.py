"""Which printed abilities the greedy Gorechosen player uses, counted from logged duels.

Run from the repository root:

    python benchmarks/bench_gorechosen_usage.py [--battles 4] [--seed 11] [--variant duel|2v2]

Every ordered pair of champions of each shipped roster (``content/gorechosen/champions.yaml``
and the two example rosters) fights ``--battles`` duels, greedy against greedy, with the log
kept (in 2v2, every ordered pair of teams of two neighbours in the roster's order). The script counts, per champion, how often its Unique action was taken and its unique
rule and Fate of the Slain came into play, and how often each Special action of the Action deck
(Shove, Taunt, Sidestep, Roar) was played, and prints which printed abilities never appeared.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.content import load_file  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.play.engine import play  # noqa: E402
from generator.resources import content_dir  # noqa: E402
from generator.systems.gorechosen.game import GAME, make_battle  # noqa: E402
from generator.systems.gorechosen.policy import GreedyPolicy  # noqa: E402

ROSTERS = ("champions.yaml", "example_brass_pit.yaml", "example_cinder_arena.yaml")
DECK_SPECIALS = ("Shove", "Taunt", "Roar", "Sidestep")


def count(events: list[dict], names: dict[str, str], owners: dict[str, str], used: Counter, specials: Counter) -> None:
    """Add one battle's abilities to the tallies: a Unique action counts when it is announced
    (its ``ability`` event names the cards spent), a unique rule whenever an event names it (as
    its ``name`` or ``why``), a Fate when it is read."""
    for e in events:
        if e["action"] == "ability" and e["name"] in DECK_SPECIALS:
            specials[e["name"]] += 1
        elif e["action"] == "fate" and e.get("fighter") in names:
            used[(names[e["fighter"]], "Fate of the Slain")] += 1
        elif e["action"] == "ability" and "cards" in e:
            used[(owners[e["name"]], e["name"])] += 1
        else:
            for key in ("name", "why"):
                owner = owners.get(e.get(key, ""))
                if owner is not None and "cards" not in e:
                    used[(owner, e[key])] += 1
                    break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=4, help="duels per ordered pair")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--variant", default="duel", choices=("duel", "2v2"))
    args = parser.parse_args()
    used: Counter = Counter()
    specials: Counter = Counter()
    printed: list[tuple[str, str]] = []
    owners: dict[str, str] = {}
    duels = 0
    for filename in ROSTERS:
        roster = load_file(content_dir() / "gorechosen" / filename).model
        champions = list(roster.champions)
        for c in champions:
            printed += [(c.name, c.unique_action.name), (c.name, "Fate of the Slain")]
            owners[c.unique_action.name] = owners[c.unique_rule.name] = c.name
            if c.unique_rule.kind != "none":  # a rule that only describes the numbers has nothing to see
                printed.append((c.name, c.unique_rule.name))
        if args.variant == "2v2":
            teams = [champions[i:i + 2] for i in range(0, len(champions) - 1, 2)]
            pairs = [(a, b) for a in teams for b in teams]
        else:
            pairs = [([a], [b]) for a in champions for b in champions]
        for a, b in pairs:
            battle = make_battle(a, b, {"variant": args.variant})
            for n in range(args.battles):
                result = play(GAME, battle, {"a": GreedyPolicy(), "b": GreedyPolicy()}, Rng(args.seed).spawn(f"{filename}-{duels}-{n}"))
                names = {f["id"]: f["name"] for side in result.header["sides"].values() for f in side["fighters"]}
                count(result.events, names, owners, used, specials)
            duels += args.battles
    print(f"{duels} {args.variant} battles, greedy v greedy, rosters: {', '.join(ROSTERS)}")
    seen = [p for p in printed if used[p]]
    print(f"printed abilities seen in play: {len(seen)} of {len(printed)} (rules of kind none left out)")
    for who, what in sorted(printed, key=lambda p: [c for c, _ in printed].index(p[0])):
        print(f"  {who:<24} {what:<22} {used[(who, what)]:>5}")
    print("Special actions of the deck played: " + ", ".join(f"{k} {v}" for k, v in sorted(specials.items())) if specials else
          "Special actions of the deck played: none")


if __name__ == "__main__":
    main()
