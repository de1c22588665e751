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

The training sets behind the shipped files are kept in ``tools/data/board-worth/`` (gzipped), so
``fit bladeborn tools/data/board-worth/bladeborn-train3.json.gz tools/data/board-worth/bladeborn-train4.json.gz
-o content/bladeborn/board-worth.yaml`` rewrites the shipped Bladeborn file exactly, without
playing a battle, and ``warcry-train3`` the Warcry one. ``bladeborn-train.json.gz``, ``-train2`` and
``warcry-train.json.gz`` are sets the shipped files are not fitted on: battles in which the greedy
player set every fighter up on one flank and Warcry warbands had Bladeborn's four turns a round.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from generator.files import write_atomic  # noqa: E402  (content files are read by running battles: never half-written)
if str(Path(__file__).resolve().parent) not in sys.path:  # also when loaded by file path (the tests)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from play_files import merged_plays, read_play  # noqa: E402


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
                winner = seatings.play(index)[1]
            except SkirmishError as err:
                failed.append({"i": i, "j": j, "battle": index, "error": str(err)})
                continue
            games += 1
            score += 1.0 if winner == "A" else 0.5 if winner is None else 0.0
        pairs.append({"i": i, "j": j, "games": games, "score_i": score})
        progress(args.battles)
    out = {"system": args.system, "points": args.points, "seed": args.seed, "battles_per_pair": args.battles,
           "seconds": round(time.time() - start, 1), "failed": failed, "forces": rows, "pairs": pairs}
    write_atomic(args.out, json.dumps(out))
    print(f"wrote {args.out}: {n} forces, {len(pairs)} pairs, {total} battles in {out['seconds']} s", file=sys.stderr)


# -- fit ----------------------------------------------------------------------------------------

RUNEMARKS = {"warcry": ("hero", "fly"), "bladeborn": ("hero",)}
LAMBDAS = (0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0)
BOARD = ("move", "reach", "wounds", "damage", "durability")


def load_play(paths) -> tuple[list[dict], list[dict]]:
    """Forces and pairs of one or more ``play`` files, force indices made unique, each force
    marked with the number of its file (``group``)."""
    forces, pairs, groups = merged_plays(paths, "forces")
    return [{**force, "group": group} for force, group in zip(forces, groups)], pairs


def strengths(forces, pairs) -> np.ndarray:
    from generator.balance.calibrate import PairRow, bradley_terry

    return bradley_terry(len(forces), [PairRow(p["i"], p["j"], p["games"], p["score_i"]) for p in pairs])


class Data:
    """Per-fighter features of every training force: log published-style price and the board ones."""

    def __init__(self, system: str, forces, columns):
        from generator.systems.warcry.board_worth import board_features

        marks = [c.split(":", 1)[1] for c in columns if c.startswith("runemark:")]
        self.columns = list(columns)
        rows, owner = [], []
        for f, force in enumerate(forces):
            for fighter in force["fighters"]:
                x = board_features(fighter, system, marks)
                rows.append([x["published"]] + [x[c] for c in columns])
                owner.append(f)
        rows = np.array(rows)
        self.q = rows[:, 0]
        self.x = rows[:, 1:]
        self.baseline = self.x.mean(axis=0) if len(columns) else np.zeros(0)
        self.sd = self.x.std(axis=0) if len(columns) else np.zeros(0)
        self.sd[self.sd == 0] = 1.0
        self.owner = np.array(owner)
        self.forces = len(forces)
        self.lq = np.log(self.q / 100.0)
        # play files are separate comparison graphs: each has its own strength origin
        self.group = np.array([force.get("group", 0) for force in forces])

    def log_price(self, exponent, coef) -> np.ndarray:
        """Log of each fighter's board price up to the scale (mean-centred features)."""
        return exponent * self.lq + (self.x - self.baseline) @ coef

    def force_sums(self, exponent, coef) -> np.ndarray:
        return np.bincount(self.owner, weights=np.exp(self.log_price(exponent, coef)), minlength=self.forces)


def fit_layer(data: Data, y: np.ndarray, forces_used: np.ndarray, lam: float, free_exponent: bool, nonneg):
    """Least squares of strength on ``a + b * sum of board prices`` over ``forces_used``, ridge
    towards today's price (exponent 1, no correction), exponent and monotone coefficients >= 0."""
    from scipy.optimize import least_squares

    k = len(data.columns)
    sums0 = data.force_sums(1.0, np.zeros(k))[forces_used]
    slope, intercept = np.polyfit(sums0, y[forces_used], 1)
    start = np.concatenate([[intercept, math.log(max(slope, 1e-4)), 1.0], np.zeros(k)])
    lq_sd = data.lq.std() or 1.0

    groups = data.group[forces_used]

    def centred(values):
        out = values.copy()
        for g in np.unique(groups):
            out[groups == g] -= values[groups == g].mean()
        return out

    target = centred(y[forces_used])

    def residuals(theta):
        log_b, e, coef = theta[1], theta[2], theta[3:]
        sums = data.force_sums(e, coef)[forces_used]
        fit = target - centred(math.exp(log_b) * sums)
        penalty = math.sqrt(lam) * np.concatenate([[(e - 1.0) * lq_sd], coef * data.sd])
        return np.concatenate([fit, penalty])

    low = [-np.inf, -20.0, 0.0 if free_exponent else 1.0 - 1e-9] + [0.0 if nn else -3.0 for nn in nonneg]
    high = [np.inf, 5.0, 4.0 if free_exponent else 1.0 + 1e-9] + [3.0] * k
    best = None
    # several starts: when today's price predicts nothing (slope <= 0) the fit starts from a
    # modest positive slope and from more convex exponents too
    for e0, b0 in ((1.0, max(slope, 1e-4)), (1.0, 0.1), (2.0, 0.01), (3.0, 0.001)):
        start[1], start[2] = math.log(b0), min(max(e0, low[2]), high[2])
        start[0] = float(np.mean(y[forces_used]) - b0 * np.mean(data.force_sums(start[2], np.zeros(k))[forces_used]))
        result = least_squares(residuals, start, bounds=(low, high))
        if best is None or result.cost < best.cost:
            best = result
        if not free_exponent and not k:
            break
    return best.x


def predict(data: Data, theta: np.ndarray) -> np.ndarray:
    """Predicted strength, each play file's forces centred on their own mean (as their strengths are)."""
    raw = math.exp(theta[1]) * data.force_sums(theta[2], theta[3:])
    for g in np.unique(data.group):
        raw[data.group == g] -= raw[data.group == g].mean()
    return raw


def cross_validated(data: Data, y, lam, free_exponent, nonneg, folds: int = 8, deals: int = 3) -> np.ndarray:
    out = np.zeros((deals, len(y)))
    for deal in range(deals):
        order = np.random.default_rng(deal).permutation(len(y))
        for k in range(folds):
            test = order[k::folds]
            if not len(test):
                continue
            train = np.setdiff1d(order, test)
            theta = fit_layer(data, y, train, lam, free_exponent, nonneg)
            out[deal, test] = predict(data, theta)[test]
    return out.mean(axis=0)


def score(y, predicted, groups=None) -> dict:
    from generator.balance.calibrate import spearman

    y = np.asarray(y, float).copy()
    if groups is not None:
        for g in np.unique(groups):
            y[groups == g] -= y[groups == g].mean()
    residual = y - predicted
    return {"r2": round(float(1 - residual.var() / y.var()), 4), "spearman": round(spearman(predicted, y), 4)}


def variants(system: str) -> dict:
    marks = ["runemark:" + r for r in RUNEMARKS[system]]
    return {
        "today's price (published-style, scaled)": ([], False),
        "published-style price with an exponent": ([], True),
        "exponent + board features": (list(BOARD) + marks, True),
    }


def fit(args) -> None:
    import yaml

    from generator.systems.warcry.board_worth import MONOTONE_FEATURES

    forces, pairs = load_play(args.data)
    y = strengths(forces, pairs)
    everyone = np.arange(len(forces))
    report, best = {}, None
    for label, (columns, free) in variants(args.system).items():
        data = Data(args.system, forces, columns)
        nonneg = [c in MONOTONE_FEATURES for c in columns]
        lambdas = LAMBDAS if (columns or free) else (1.0,)
        trials = []
        for lam in lambdas:
            cv = score(y, cross_validated(data, y, lam, free, nonneg), data.group)
            trials.append((cv["r2"], lam, cv))
        r2, lam, cv = max(trials, key=lambda t: t[0])
        report[label] = {"lambda": lam, "cv": cv}
        print(f"{label:42s} lambda {lam:5g}  CV R2 {cv['r2']:.3f}  CV Spearman {cv['spearman']:.3f}", file=sys.stderr)
        if args.variant == label or (args.variant is None and (best is None or r2 > best[0])):
            best = (r2, label, lam, data, columns, free, nonneg)
    r2, label, lam, data, columns, free, nonneg = best
    theta = fit_layer(data, y, everyone, lam, free, nonneg)
    exponent, coef = float(theta[2]), theta[3:]
    # Scale: the training fighters' board points add up to their published-style points, so a
    # budget keeps about the same meaning.
    relative = np.exp(data.log_price(exponent, coef))
    scale = float(data.q.sum() / relative.sum())
    per_point = math.exp(theta[1]) / scale
    document = {
        "system": args.system,
        "kind": "board-worth",
        "name": f"{args.system.title()} board points (fitted on simulated battles)",
        "unit": "points",
        "geometry": args.system,
        "round_to": 5,
        "scale": round(scale, 4),
        "exponent": round(exponent, 4),
        "coefficients": {c: round(float(v), 6) + 0.0 for c, v in zip(columns, coef)},
        "baseline": {c: round(float(v), 4) for c, v in zip(columns, data.baseline)},
        "fit": {
            "generated_by": "tools/fit_board_worth.py",
            "training": [Path(p).name.removesuffix(".gz") for p in args.data],
            "training_seeds": sorted({read_play(p)["seed"] for p in args.data}),
            "forces": len(forces),
            "pairs": len(pairs),
            "battles": int(sum(p["games"] for p in pairs)),
            "target": "Bradley-Terry strength of each force (choix, alpha 0.1)",
            "model": "strength = a + b * sum over fighters of board points; least squares, ridge towards today's price",
            "variant": label,
            **({"note": args.note} if args.note else {}),
            "ridge_lambda": lam,
            "strength_per_point": round(per_point, 6),
            "in_sample": score(y, predict(data, theta), data.group),
            "cv_8_fold_3_deals": {k: v["cv"] for k, v in report.items()},
        },
    }
    header = ("# Board points: coefficients are DATA written by tools/fit_board_worth.py (do not edit by hand).\n"
              "# points = scale * (published / 100) ** exponent * exp(sum coefficient[k] * (feature[k] - baseline[k]));\n"
              "# features in generator/systems/warcry/board_worth.py.\n")
    write_atomic(args.out, header + yaml.safe_dump(document, sort_keys=False))
    print(f"wrote {args.out}: {label}, scale {scale:.1f}, exponent {exponent:.3f}, "
          f"{document['coefficients']}", file=sys.stderr)


# -- check --------------------------------------------------------------------------------------


def check(args) -> None:
    from generator.balance.calibrate import spearman
    from generator.systems.warcry.board_worth import board_prices, read_board_worth
    from generator.systems.warcry.cost import price_fighters

    forces, pairs = load_play(args.data)
    points = read_play(args.data[0])["points"]
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
    f.add_argument("--variant", help="force a variant (its label) instead of the best by CV")
    f.add_argument("--note", help="why this variant was kept (written into the file's fit record)")
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
