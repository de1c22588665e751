"""The Gorechosen round robin: each book champion's simulated score next to its rating.

Run from the repository root:

    python benchmarks/bench_gorechosen_sim.py [--battles 300] [--seed 2026]

Every pair of the eight book champions fights ``--battles`` duels (each from its own child stream
of the seed; champion i is side A against every later champion j). A champion's score is its
share of points over all its duels (win 1, draw 1/2); 0.5 is average. The script prints the
pair table, each champion's score and rating, the Spearman rank correlation between the two,
and the time per duel. The numbers in docs/rating-gorechosen.md ("Checked by simulation") come
from the default settings.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.balance.winrate import run_battles  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402
from generator.systems.gorechosen import data  # noqa: E402
from generator.systems.gorechosen.cost import rate  # noqa: E402
from generator.systems.gorechosen.hexes import distance  # noqa: E402
from generator.systems.gorechosen.models import RatingReference  # noqa: E402
from generator.systems.gorechosen.sim import Duel, duel  # noqa: E402


def ranks(values: list[float]) -> list[float]:
    """Ranks 1..n, ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks."""
    rx, ry = ranks(x), ranks(y)
    n = len(x)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy)


def round_robin(duels: int, seed: int, patience: float = 0.0):
    champions = list(data.book_champions().champions)
    rng = Rng(seed)
    points = {c.name: 0.0 for c in champions}
    played = {c.name: 0 for c in champions}
    pairs = {}
    for a, b in combinations(champions, 2):
        result = run_battles(lambda s, a=a, b=b: duel(a, b, s, patience=patience), rng.spawn(f"{a.name}|{b.name}"), duels)
        pairs[(a.name, b.name)] = result
        points[a.name] += result.wins_a + 0.5 * result.draws
        points[b.name] += result.wins_b + 0.5 * result.draws
        played[a.name] += result.battles
        played[b.name] += result.battles
    scores = {name: points[name] / played[name] for name in points}
    return champions, pairs, scores


def measured_engagement(duels: int, seed: int, patience: float = 0.0) -> tuple[RatingReference, dict, float]:
    """Where the enemy stands (seen from a fighter facing N) at the start of each turn, over
    ``duels`` duels of every pair, as a rating reference: the chances of the hexes within 2
    (the rating's hexes), rescaled to add up to 1. Also the chance per hex at an attack, and the
    share of turns with the enemy within 2 hexes."""
    champions = list(data.book_champions().champions)
    rng = Rng(seed).spawn("engagement")
    turns: dict = {}
    attacks: dict = {}
    for a, b in combinations(champions, 2):
        for i in range(duels):
            game = Duel(a, b, rng.spawn(f"{a.name}|{b.name}|{i}"), data.action_deck(), data.critical_deck(),
                        data.wrath_track(), 3, None, patience)
            game.play(20)
            for h in game.turn_offsets:
                turns[h] = turns.get(h, 0) + 1
            for h in game.attack_offsets:
                attacks[h] = attacks.get(h, 0) + 1
    near = {h: n for h, n in turns.items() if 1 <= distance((0, 0), h) <= 2}
    total = sum(near.values())
    cells = [{"q": h[0], "r": h[1], "p": n / total} for h, n in sorted(near.items())]
    cells[-1]["p"] = 1 - sum(c["p"] for c in cells[:-1])
    base = data.rating_reference()
    reference = RatingReference(name="measured", reference=base.reference, engagement=cells)
    n_att = sum(attacks.values())
    return reference, {h: n / n_att for h, n in attacks.items()}, total / sum(turns.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=300, help="duels per pair")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--patience", type=float, default=0.0,
                        help="pass up attacks worth less than this share of the best band (0: always attack)")
    args = parser.parse_args()
    start = time.perf_counter()
    champions, pairs, scores = round_robin(args.battles, args.seed, args.patience)
    elapsed = time.perf_counter() - start
    total = sum(r.battles for r in pairs.values())
    print(f"{total} duels in {elapsed:.1f} s ({1000 * elapsed / total:.2f} ms a duel)\n")
    print("| A | B | A wins | B wins | draws | A score | even? |")
    print("|---|---|---|---|---|---|---|")
    for (a, b), r in pairs.items():
        lo, hi = r.interval("a")
        print(f"| {a} | {b} | {r.wins_a} | {r.wins_b} | {r.draws} | {r.score_a:.3f} | {'yes' if r.even else 'no'} |")
    print()
    ratings = {c.name: rate(c).rating for c in champions}
    by_score = sorted(champions, key=lambda c: -scores[c.name])
    rating_rank = {n: i + 1 for i, n in enumerate(sorted(ratings, key=lambda n: -ratings[n]))}
    print("| Champion | rating | rating rank | simulated score | score rank |")
    print("|---|---|---|---|---|")
    for i, c in enumerate(by_score, 1):
        print(f"| {c.name} | {ratings[c.name]:.1f} | {rating_rank[c.name]} | {scores[c.name]:.3f} | {i} |")
    names = [c.name for c in champions]
    rho = spearman([ratings[n] for n in names], [scores[n] for n in names])
    print(f"\nSpearman rank correlation (rating vs simulated score): {rho:+.2f}")

    reference, at_attack, within = measured_engagement(40, args.seed, args.patience)
    print(f"\nTurns with the enemy within 2 hexes: {within:.1%}")
    print("| hex (q, r) | distance | chance at turn start (within 2) | rating.yaml | share of attacks |")
    print("|---|---|---|---|---|")
    assumed = {(int(c["q"]), int(c["r"])): c["p"] for c in data.rating_reference().engagement}
    for c in sorted(reference.engagement, key=lambda c: -c["p"]):
        h = (int(c["q"]), int(c["r"]))
        print(f"| ({h[0]}, {h[1]}) | {distance((0, 0), h)} | {c['p']:.3f} | {assumed.get(h, 0):.2f} | {at_attack.get(h, 0):.3f} |")
    remeasured = {c.name: rate(c, reference=reference).rating for c in champions}
    rho2 = spearman([remeasured[n] for n in names], [scores[n] for n in names])
    print("\n| Champion | rating | rating with measured engagement | simulated score |")
    print("|---|---|---|---|")
    for c in by_score:
        print(f"| {c.name} | {ratings[c.name]:.1f} | {remeasured[c.name]:.1f} | {scores[c.name]:.3f} |")
    print(f"\nSpearman (rating with measured engagement vs simulated score): {rho2:+.2f}")


if __name__ == "__main__":
    main()
