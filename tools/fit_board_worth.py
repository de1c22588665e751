"""Fit the board-worth prices of Warcry / Bladeborn random fighters on battles played on the board.

The published-points model (``content/warcry/cost-model.yaml``, ``tools/fit_warcry_cost.py``)
predicts what the book would charge for a card; it was fitted on fighting worth without a
board. This script measures what a fighter is worth in the hex battles the engine plays
(greedy players, the system's default battle card) and fits a correction on top of it, written
as data to ``content/<system>/board-worth.yaml`` (read by ``generator.systems.warcry.board_worth``).

Three steps, each a sub-command, so the expensive one (playing) is run once and kept:

``play``  builds ``--forces`` random forces with the random builder at budgets spread evenly over
          ``--low``..``--high`` times ``--points`` (each force from its own stream of ``--seed``),
          pairs every force with about ``--opponents`` others (a ring, so the graph is connected,
          plus random partners), plays ``--battles`` battles per pair on the board (seats
          alternating, as ``skirmish balance``) and writes forces, fighters and results as JSON.
``fit``   reads one or more ``play`` files (the TRAINING set), fits one Bradley-Terry strength per
          force, and fits ``strength = a + sum over fighters of board_worth(fighter)`` by ridge
          regression on per-force sums of per-fighter features (coefficients of features that
          can only help a fighter kept >= 0); the ridge strength is chosen by leave-forces-out
          cross-validation. Writes the coefficients (scaled to points) as YAML.
``check`` reads a ``play`` file made with a DIFFERENT seed (the evaluation set) and reports, for
          the current prices and for a model file, the Spearman correlation between price and
          Bradley-Terry strength and the share of equal-price pairs that won 40-60% and 45-55%.

    python tools/fit_board_worth.py play warcry --points 1000 --forces 72 --seed 101 -o /tmp/pw/warcry-train.json
    python tools/fit_board_worth.py fit warcry /tmp/pw/warcry-train.json -o content/warcry/board-worth.yaml
    python tools/fit_board_worth.py check warcry /tmp/pw/warcry-eval.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# -- play ---------------------------------------------------------------------------------------


def pairings(n: int, opponents: int, rng) -> list[tuple[int, int]]:
    """A ring (connected) plus random partners until every force has about ``opponents``."""
    edges = {tuple(sorted((i, (i + 1) % n))) for i in range(n)}
    degree = [0] * n
    for i, j in edges:
        degree[i] += 1
        degree[j] += 1
    order = list(range(n))
    for _ in range(opponents * n):
        rng.shuffle(order)
        i = min(order, key=lambda k: degree[k])
        if degree[i] >= opponents:
            break
        choices = [j for j in order if j != i and tuple(sorted((i, j))) not in edges and degree[j] < opponents]
        if not choices:
            choices = [j for j in order if j != i and tuple(sorted((i, j))) not in edges]
        j = choices[0]
        edges.add(tuple(sorted((i, j))))
        degree[i] += 1
        degree[j] += 1
    return sorted(edges)


def play(args) -> None:
    from generator.balance.forces import force_cost, members, random_force
    from generator.balance.runner import Job
    from generator.dice.rng import Rng
    from generator.systems import get_system

    system = get_system(args.system)
    rng = Rng(args.seed)
    n = args.forces
    budgets = [args.points * (args.low + (args.high - args.low) * k / (n - 1)) for k in range(n)]
    forces, rows = [], []
    for index, budget in enumerate(budgets):
        force = random_force(system, budget, rng.spawn(f"force-{index}"), name=f"force {index + 1}")
        forces.append(force)
        rows.append({"index": index, "budget": round(budget, 2), "cost": force_cost(system, force),
                     "fighters": [m.model_dump(mode="json", exclude_none=True) for m in members(system, force)]})
    edges = pairings(n, args.opponents, rng.spawn("pairings"))
    jobs = {(i, j): Job(system, forces[i], forces[j], {}, rng.spawn(f"pair-{i}-{j}").seed) for i, j in edges}
    total = len(jobs) * args.battles
    done = [0]
    start = time.time()

    def progress(k: int) -> None:
        done[0] += k
        if done[0] % 1000 < k or done[0] == total:
            rate = done[0] / max(1e-9, time.time() - start)
            print(f"  {done[0]}/{total} battles, {rate:.0f}/s", file=sys.stderr, flush=True)

    # One process, battle by battle, so that a battle the engine cannot finish (a rules bug,
    # SkirmishError) is counted and left out instead of losing the whole run.
    from generator.balance.runner import _Seatings
    from generator.errors import SkirmishError

    pairs, failed = [], []
    for (i, j), job in jobs.items():
        seatings = _Seatings(job)
        score, games = 0.0, 0
        for index in range(args.battles):
            try:
                _, winner, _ = seatings.play(index)
            except SkirmishError as err:
                failed.append({"i": i, "j": j, "battle": index, "error": str(err)})
                continue
            games += 1
            score += 1.0 if winner == "A" else 0.5 if winner is None else 0.0
        pairs.append({"i": i, "j": j, "games": games, "score_i": score})
        progress(args.battles)
    out = {"system": args.system, "points": args.points, "seed": args.seed, "battles_per_pair": args.battles,
           "seconds": round(time.time() - start, 1), "failed": failed, "forces": rows, "pairs": pairs}
    Path(args.out).write_text(json.dumps(out))
    print(f"wrote {args.out}: {n} forces, {len(pairs)} pairs, {total} battles in {out['seconds']} s", file=sys.stderr)


# -- fit ----------------------------------------------------------------------------------------

RUNEMARKS = {"warcry": ("hero", "fly"), "bladeborn": ("hero",)}
LAMBDAS = (0.1, 0.3, 1.0, 3.0, 10.0, 30.0)


def load_play(paths) -> tuple[list[dict], list[dict]]:
    """Forces and pairs of one or more ``play`` files, force indices made unique."""
    forces, pairs = [], []
    for path in paths:
        data = json.loads(Path(path).read_text())
        offset = len(forces)
        forces += data["forces"]
        pairs += [{**p, "i": p["i"] + offset, "j": p["j"] + offset} for p in data["pairs"]]
    return forces, pairs


def strengths(forces, pairs) -> np.ndarray:
    from generator.balance.calibrate import PairRow, bradley_terry

    return bradley_terry(len(forces), [PairRow(p["i"], p["j"], p["games"], p["score_i"]) for p in pairs])


def design(system: str, forces, columns) -> tuple[np.ndarray, np.ndarray]:
    """Per-force sums of the per-fighter features (``columns``), and the per-fighter rows."""
    from generator.systems.warcry.board_worth import board_features

    marks = [c.split(":", 1)[1] for c in columns if c.startswith("runemark:")]
    per_force, per_fighter = [], []
    for force in forces:
        rows = []
        for fighter in force["fighters"]:
            x = board_features(fighter, system, marks)
            rows.append([1.0] + [x[c] for c in columns])
        per_fighter += rows
        per_force.append(np.sum(rows, axis=0))
    return np.array(per_force), np.array(per_fighter)


def fit_columns(X, y, lam, nonneg):
    from generator.systems.warcry.cost_fit import ridge_nonneg

    return ridge_nonneg(X, y, lam, nonneg=nonneg)


def cv_predictions(X, y, lam, nonneg, folds: int = 8, seed: int = 0) -> np.ndarray:
    order = np.random.default_rng(seed).permutation(len(y))
    out = np.zeros(len(y))
    for k in range(folds):
        test = order[k::folds]
        if not len(test):
            continue
        train = np.setdiff1d(order, test)
        out[test] = fit_columns(X[train], y[train], lam, nonneg).predict(X[test])
    return out


def score(y, predicted) -> dict:
    from generator.balance.calibrate import spearman

    residual = y - predicted
    return {"r2": round(float(1 - residual.var() / y.var()), 4), "spearman": round(spearman(predicted, y), 4)}


VARIANTS = {
    "published points only (today's price)": ["published"],
    "published + bodies": ["published"],
    "published + board features": ["published", "move", "reach", "wounds", "damage", "durability"],
    "board features only": ["move", "reach", "wounds", "damage", "durability"],
}


def fit(args) -> None:
    import yaml

    from generator.systems.warcry.board_worth import MONOTONE_FEATURES

    forces, pairs = load_play(args.data)
    y = strengths(forces, pairs)
    report = {}
    best = None
    for label, cols in VARIANTS.items():
        cols = list(cols) + (["runemark:" + r for r in RUNEMARKS[args.system]] if "board" in label else [])
        X, _ = design(args.system, forces, cols)
        if label.startswith("published points only"):
            X = X[:, 1:]  # no body count: the price as it is
            columns, nonneg = cols, [True]
        else:
            columns, nonneg = ["bodies"] + cols, [False] + [c in MONOTONE_FEATURES for c in cols]
        results = []
        for lam in LAMBDAS:
            pred = np.mean([cv_predictions(X, y, lam, nonneg, seed=s) for s in range(5)], axis=0)
            results.append((score(y, pred)["r2"], lam, score(y, pred)))
        r2, lam, cv = max(results)
        report[label] = {"lambda": lam, "cv": cv, "columns": columns}
        print(f"{label:45s} lambda {lam:5g}  CV R2 {cv['r2']:.3f}  CV Spearman {cv['spearman']:.3f}", file=sys.stderr)
        if not label.startswith("published points only") and (best is None or r2 > best[0]):
            best = (r2, label, lam, X, columns, nonneg, cols)
    chosen = args.variant or best[1]
    r2, label, lam, X, columns, nonneg, cols = next(b for b in [best] if b[1] == chosen) if chosen == best[1] else (None, chosen, None, None, None, None, None)
    if X is None:
        cols = list(VARIANTS[chosen]) + (["runemark:" + r for r in RUNEMARKS[args.system]] if "board" in chosen else [])
        X, _ = design(args.system, forces, cols)
        columns, nonneg = ["bodies"] + cols, [False] + [c in MONOTONE_FEATURES for c in cols]
        lam = report[chosen]["lambda"]
    model = fit_columns(X, y, lam, nonneg)
    gamma = dict(zip(columns, model.coefficients))
    # Scale: strength per point so that the training fighters' board points add up to their
    # published-style points (a budget keeps about the same meaning).
    _, per_fighter = design(args.system, forces, cols)
    published = per_fighter[:, 1 + cols.index("published")] if "published" in cols else design(args.system, forces, ["published"])[1][:, 1]
    raw = per_fighter[:, 0] * gamma["bodies"] + per_fighter[:, 1:] @ np.array([gamma[c] for c in cols])
    per_point = raw.sum() / published.sum()
    base = gamma["bodies"] / per_point
    coefficients = {c: round(float(gamma[c] / per_point), 6) + 0.0 for c in cols}
    in_sample = score(y, model.predict(X))
    document = {
        "system": args.system,
        "kind": "board-worth",
        "name": f"{args.system.title()} board points (fitted on simulated battles)",
        "unit": "points",
        "geometry": args.system,
        "round_to": 5,
        "base": round(float(base), 4),
        "coefficients": coefficients,
        "fit": {
            "generated_by": "tools/fit_board_worth.py",
            "training": [Path(p).name for p in args.data],
            "training_seeds": sorted({json.loads(Path(p).read_text())["seed"] for p in args.data}),
            "forces": len(forces),
            "pairs": len(pairs),
            "battles": int(sum(p["games"] for p in pairs)),
            "target": "Bradley-Terry strength of each force (choix, alpha 0.1)",
            "model": "strength = a + sum over fighters of (bodies + features) . coefficients; ridge, >= 0 on monotone features",
            "variant": chosen,
            "ridge_lambda": lam,
            "strength_per_point": round(float(per_point), 6),
            "in_sample": in_sample,
            "cv_8_fold_5_deals": {k: v["cv"] for k, v in report.items()},
        },
    }
    header = ("# Board points: coefficients are DATA written by tools/fit_board_worth.py (do not edit by hand).\n"
              "# points = base + sum coefficient[k] * feature[k], features in generator/systems/warcry/board_worth.py.\n")
    Path(args.out).write_text(header + yaml.safe_dump(document, sort_keys=False))
    print(f"wrote {args.out}: {chosen}, base {base:.1f}, {coefficients}", file=sys.stderr)


# -- check --------------------------------------------------------------------------------------


def check(args) -> None:
    from generator.balance.calibrate import spearman
    from generator.systems.warcry.board_worth import board_prices, read_board_worth
    from generator.systems.warcry.cost import price_fighters

    forces, pairs = load_play(args.data)
    points = json.loads(Path(args.data[0]).read_text())["points"]
    y = strengths(forces, pairs)
    prices = {
        "published-style points": [sum(p.cost for p in price_fighters(f["fighters"])) for f in forces],
        "board points": [sum(p.cost for p in board_prices(f["fighters"], args.system,
                                                          read_board_worth(args.model) if args.model else None))
                         for f in forces],
    }
    out = {"forces": len(forces), "pairs": len(pairs), "battles": int(sum(p["games"] for p in pairs))}
    for label, cost in prices.items():
        cost = np.array(cost)
        equal = [p for p in pairs if abs(cost[p["i"]] - cost[p["j"]]) <= 0.05 * points]
        rates = [p["score_i"] / p["games"] for p in equal]
        row = {"spearman": round(spearman(cost, y), 4), "equal_pairs": len(equal),
               "share_40_60": round(float(np.mean([0.4 <= r <= 0.6 for r in rates])), 4) if rates else None,
               "share_45_55": round(float(np.mean([0.45 <= r <= 0.55 for r in rates])), 4) if rates else None}
        out[label] = row
        print(f"{label:24s} Spearman {row['spearman']:.3f}; equal-price pairs {row['equal_pairs']}: "
              f"{row['share_40_60']} in 40-60%, {row['share_45_55']} in 45-55%", file=sys.stderr)
    if args.json:
        print(json.dumps(out, indent=2))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="build random forces and play sparse pairs on the board")
    p.add_argument("system", choices=["warcry", "bladeborn"])
    p.add_argument("--points", type=float, required=True)
    p.add_argument("--forces", type=int, default=72)
    p.add_argument("--opponents", type=int, default=6)
    p.add_argument("--battles", type=int, default=40)
    p.add_argument("--low", type=float, default=0.7)
    p.add_argument("--high", type=float, default=1.3)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("-o", "--out", required=True)
    p.set_defaults(func=play)
    f = sub.add_parser("fit", help="fit board points on one or more play files (the training set)")
    f.add_argument("system", choices=["warcry", "bladeborn"])
    f.add_argument("data", nargs="+")
    f.add_argument("--variant", choices=list(VARIANTS), help="force a variant instead of the best by CV")
    f.add_argument("-o", "--out", required=True)
    f.set_defaults(func=fit)
    c = sub.add_parser("check", help="Spearman and equal-price pairs on a play file made with another seed")
    c.add_argument("system", choices=["warcry", "bladeborn"])
    c.add_argument("data", nargs="+")
    c.add_argument("--model", help="a board-worth file (default: the built-in one)")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=check)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
