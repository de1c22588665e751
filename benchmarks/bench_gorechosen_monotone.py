"""Monotone strength in Gorechosen: a champion one step stronger beats the champion it was raised from.

Run from the repository root:

    python benchmarks/bench_gorechosen_monotone.py [--seed 31] [--max 2000] [--only duel|2v2] [--markdown]

For every champion of every shipped roster (``content/gorechosen/champions.yaml`` and the two
example rosters) and each one-step raise of :func:`generator.systems.gorechosen.build.raised`
(To Hit one better, one more wound a hit, one more Health space; a To Hit raise is left out for
a champion whose Healthy profiles all hit on 2+ already), the raised champion fights
the same champion, greedy against greedy, seats alternating (the balance runner's battles, so
any battle can be replayed from the seed). In 2v2 each roster's first two champions fight as
make_battle seats them, with the first one raised. Battles are added in looks of 200, 500,
1,000 and 2,000 until the lower end of the raised side's 95% Wilson interval is above 50%; the
table gives the battles played, the score (draws half) and that interval. A case still at or
under 50% after ``--max`` battles is marked FAILED.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.runner import Job, LocalRunner  # noqa: E402
from generator.balance.sequential import Tally  # noqa: E402
from generator.balance.runner import seat_of_a  # noqa: E402
from generator.content import load_file  # noqa: E402
from generator.resources import content_dir  # noqa: E402
from generator.systems import get_system  # noqa: E402
from generator.systems.gorechosen.build import RAISES, can_raise, raised  # noqa: E402

ROSTERS = ("champions.yaml", "example_brass_pit.yaml", "example_cinder_arena.yaml")
LOOKS = (200, 500, 1000, 2000)


def cases(variants=("duel", "2v2")) -> list[tuple[str, str, str, list, list, dict]]:
    """``(roster file, variant, label, stronger force, force, options)`` for every case."""
    out = []
    for filename in ROSTERS:
        champions = list(load_file(content_dir() / "gorechosen" / filename).model.champions)
        if "duel" in variants:
            for c in champions:
                for stat in [s for s in RAISES if can_raise(c, s)]:
                    out.append((filename, "duel", f"{c.name} {stat}", [raised(c, stat)], [c], {}))
        if "2v2" in variants:
            pair = champions[:2]
            for stat in [s for s in RAISES if can_raise(pair[0], s)]:
                out.append((filename, "2v2", f"{pair[0].name} {stat} (with {pair[1].name})",
                            [raised(pair[0], stat), pair[1]], pair, {"variant": "2v2"}))
    return out


def measure(stronger, force, options, seed: int, max_battles: int = 2000, looks=LOOKS) -> Tally:
    """Battles of the stronger force against the other, seats alternating, until the lower end
    of the stronger side's 95% interval is above 50% or ``max_battles`` are played."""
    system = get_system("gorechosen")
    job = Job(system, stronger, force, dict(options), seed)
    runner = LocalRunner(1)
    tally, done = Tally(), 0
    for look in [n for n in looks if n <= max_battles] or [max_battles]:
        for index, winner, rounds, _first in runner.run([(job, done, look)]):
            tally.add(winner, rounds, seat_of_a(index))
        done = look
        if tally.interval(0.95)[0] > 0.5:
            break
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--max", type=int, default=2000)
    parser.add_argument("--only", choices=("duel", "2v2"))
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    started = time.process_time()
    rows, failed, battles = [], 0, 0
    for filename, variant, label, stronger, force, options in cases((args.only,) if args.only else ("duel", "2v2")):
        t = measure(stronger, force, options, args.seed, args.max)
        low, high = t.interval(0.95)
        ok = low > 0.5
        failed += not ok
        battles += t.games
        rows.append((filename.removesuffix(".yaml"), variant, label, t.games, t.score / t.games, low, high, ok))
        if not args.markdown:
            print(f"{rows[-1][0]:<22} {variant:<5} {label:<52} {t.games:>5} {rows[-1][4]:.3f} [{low:.3f}, {high:.3f}]"
                  + ("" if ok else "  FAILED"), flush=True)
    if args.markdown:
        print("| roster | battle | champion raised | battles | score | 95% interval |")
        print("|---|---|---|---|---|---|")
        for roster, variant, label, games, score, low, high, ok in rows:
            print(f"| {roster} | {variant} | {label} | {games} | {score:.3f} | {low:.3f} to {high:.3f}"
                  + ("" if ok else " **not above 50%**") + " |")
    print(f"{len(rows)} cases, {battles} battles, {failed} not above 50%; {time.process_time() - started:.0f} s of CPU")


if __name__ == "__main__":
    main()
