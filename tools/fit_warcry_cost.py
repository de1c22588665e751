"""Fit the Warcry cost model and write content/warcry/cost-model.yaml.

Usage:
    python tools/fit_warcry_cost.py TRAINING.json [--out content/warcry/cost-model.yaml] [--report]
        [--strict] [--nested]

Reads fighters with their published ``points`` and ``warband``; measures the reference
opponents on them; chooses the ridge strength by leave-one-warband-out cross-validation; reports
the cross-validated figures (R^2 and median absolute percentage error, rounded to 5 points and
unrounded), grouped 8-fold CV repeated over 20 random deals of the warbands (mean and spread) and
a few ablations; fits on everything and writes the coefficients as data.
``--report`` also prints the per-warband table in Markdown (for docs/costs-warcry.md).
``--nested`` re-runs the whole selection (Move cap, loss, ridge strength) inside each outer
fold, so its figure is honest about those choices (a few minutes).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.errors import SkirmishError  # noqa: E402
from generator.systems.warcry.cost import load_warcry_json  # noqa: E402
from generator.systems.warcry.cost_features import (  # noqa: E402
    BASE_FEATURES,
    RUNEMARK_PREFIX,
    features,
    fighter_stats,
    reference_from_fighters,
)
from generator.systems.warcry.cost_fit import (  # noqa: E402
    Candidate,
    choose_lambda,
    cross_validate,
    grouped_folds,
    median_ape,
    nested_cv,
    r_squared,
    random_grouped_folds,
    repeated_grouped_cv,
    robust_ridge,
    round_to,
)

#: Runemarks priced by the model. Chosen in exploration by grouped CV among the common ones
#: (hero, fly, mount, agile each improved held-out R^2; the others did not, and "monster" made
#: it worse: only four monsters, in two warbands).
RUNEMARKS = ("hero", "fly", "mount", "agile")
WEIGHT_POWER = 1.0
#: The ``movement`` feature counts Move up to 8 (``threat`` still uses all of it): beyond that a
#: fighter already reaches what it needs in one activation. Chosen by grouped CV; --nested checks
#: the choice.
MOVEMENT_CAP = 8
#: Huber loss in log space: residuals beyond 10% count linearly, so fighters priced for abilities
#: the card cannot show do not bend the fit. Chosen by grouped CV; --nested checks the choice.
HUBER = 0.1
#: What --nested chooses among, inside each outer training fold.
NESTED_CAPS = (None, 7, 8, 9, 10)
NESTED_HUBER = (None, 0.05, 0.1, 0.2)
NESTED_LAMBDAS = (0.3, 1, 3)
REPEATS = 20
#: Features that can only help a fighter: their coefficients are kept >= 0, so a better stat or
#: an extra weapon never makes a fighter cheaper.
NONNEGATIVE = set(BASE_FEATURES)
LAMBDAS = (0.01, 0.1, 0.3, 1, 3, 10, 30)

_ALL = list(BASE_FEATURES) + [RUNEMARK_PREFIX + r for r in RUNEMARKS]
#: label -> (features, Move cap, Huber threshold); each row adds one step to the one above.
ABLATIONS = {
    "sqrt(offence x durability) only (Lanchester)": (["lanchester"], None, None),
    "offence + durability": (["offence", "durability"], None, None),
    "+ threat (reach)": (["offence", "threat", "durability"], None, None),
    "+ movement, weapons": (["offence", "threat", "durability", "movement", "weapons"], None, None),
    "+ hero, fly, mount, agile (the previous model)": (_ALL, None, None),
    "+ Move capped at 8 in the movement term": (_ALL, MOVEMENT_CAP, None),
    "+ Huber loss (the model)": (_ALL, MOVEMENT_CAP, HUBER),
}


class _Dumper(yaml.SafeDumper):
    """Short lists of numbers (the reference attackers) on one line each."""


_Dumper.add_representer(
    list,
    lambda dumper, data: dumper.represent_sequence(
        "tag:yaml.org,2002:seq", data, flow_style=all(isinstance(x, (int, float)) for x in data)
    ),
)


def strict_cv(stats, points, groups, names, lam, nonneg) -> tuple[float, float]:
    """Leave-one-warband-out with the reference spreads re-measured without the held-out warband.

    The main CV measures the reference opponents on all training fighters (they describe the
    population, not the target); this check shows that costs nothing in honesty.
    """
    pred = np.zeros(len(points))
    for test in grouped_folds(groups):
        train = np.setdiff1d(np.arange(len(points)), test)
        reference = reference_from_fighters([stats[i] for i in train])
        X = np.array([[features(s, reference, RUNEMARKS, MOVEMENT_CAP)[k] for k in names] for s in stats])
        fit = robust_ridge(X[train], np.log(points[train]), lam, points[train] ** WEIGHT_POWER, nonneg, HUBER)
        pred[test] = np.exp(fit.predict(X[test]))
    rounded = round_to(pred, 5)
    return r_squared(points, rounded), median_ape(points, rounded)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("training", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "content" / "warcry" / "cost-model.yaml")
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--strict", action="store_true", help="also re-measure the reference inside each fold (slower)")
    parser.add_argument("--nested", action="store_true", help="also select cap, loss and ridge inside each outer fold (minutes)")
    args = parser.parse_args(argv)
    try:
        raw = load_warcry_json(args.training)
    except SkirmishError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    for i, f in enumerate(raw):
        if not isinstance(f.get("points"), (int, float)) or not f.get("warband"):
            print(f"error: {args.training}: fighter [{i}]: needs points and warband to fit", file=sys.stderr)
            return 2
    stats = [fighter_stats(f) for f in raw]
    points = np.array([f["points"] for f in raw], float)
    groups = [f["warband"] for f in raw]
    reference = reference_from_fighters(stats)
    rows_by_cap = {}
    for cap in sorted({None, *NESTED_CAPS, *(a[1] for a in ABLATIONS.values())}, key=lambda c: c or 0):
        rows_by_cap[cap] = [features(s, reference, RUNEMARKS, cap) for s in stats]
        for r in rows_by_cap[cap]:
            r["lanchester"] = 0.5 * (r["offence"] + r["durability"])

    def matrix(keys, cap):
        return np.array([[r[k] for k in keys] for r in rows_by_cap[cap]])

    names = _ALL
    X = matrix(names, MOVEMENT_CAP)
    nonneg = [k in NONNEGATIVE for k in names]

    best, grid = choose_lambda(X, points, groups, LAMBDAS, WEIGHT_POWER, nonneg=nonneg, huber=HUBER)
    print(f"{len(raw)} fighters, {len(set(groups))} warbands; leave-one-warband-out CV "
          f"(Move cap {MOVEMENT_CAP}, Huber {HUBER})")
    for r in grid:
        print(f"  lambda {r.lam:>5}: R^2 {r.r2:.4f} (unrounded {r.r2_unrounded:.4f}), "
              f"median APE {r.mape:.2%} (unrounded {r.mape_unrounded:.2%})")
    print(f"chosen lambda {best.lam}")
    ablations = {}
    for label, (keys, cap, huber) in ABLATIONS.items():
        res = cross_validate(matrix(keys, cap), points, groups, best.lam, WEIGHT_POWER,
                             nonneg=[k in NONNEGATIVE for k in keys], huber=huber)
        reps = repeated_grouped_cv(matrix(keys, cap), points, groups, best.lam, 8, range(REPEATS), WEIGHT_POWER,
                                   [k in NONNEGATIVE for k in keys], huber)
        r2s = np.array([r.r2 for r in reps])
        ablations[label] = {"r2": round(res.r2, 4), "median_ape": round(res.mape, 4),
                            "grouped_8_fold_r2_mean": round(float(r2s.mean()), 4)}
        print(f"  {label:<50} R^2 {res.r2:.4f}  median APE {res.mape:.2%}  "
              f"8-fold x{REPEATS} R^2 {r2s.mean():.4f} +- {r2s.std():.4f}")
    k8 = cross_validate(X, points, groups, best.lam, WEIGHT_POWER, k=8, nonneg=nonneg, huber=HUBER)
    print(f"grouped 8-fold (balanced deal): R^2 {k8.r2:.4f}, median APE {k8.mape:.2%}")
    reps = repeated_grouped_cv(X, points, groups, best.lam, 8, range(REPEATS), WEIGHT_POWER, nonneg, HUBER)
    rep_r2 = np.array([r.r2 for r in reps])
    rep_mape = np.array([r.mape for r in reps])
    print(f"grouped 8-fold over {REPEATS} random deals: R^2 {rep_r2.mean():.4f} +- {rep_r2.std():.4f} "
          f"(min {rep_r2.min():.4f}), median APE {rep_mape.mean():.2%} +- {rep_mape.std():.2%}")
    strict = None
    if args.strict:
        strict = strict_cv(stats, points, groups, names, best.lam, nonneg)
        print(f"reference re-measured in each fold: R^2 {strict[0]:.4f}, median APE {strict[1]:.2%}")
    nested = None
    if args.nested:
        candidates = [
            Candidate(f"cap {cap} huber {huber} lambda {lam}", matrix(names, cap), lam, nonneg, huber)
            for cap in NESTED_CAPS for huber in NESTED_HUBER for lam in NESTED_LAMBDAS
        ]
        outer = {"leave-one-warband-out": grouped_folds(groups)}
        for seed in range(3):
            outer[f"grouped 8-fold, deal {seed}"] = random_grouped_folds(groups, 8, 1000 + seed)
        nested = {}
        for label, folds in outer.items():
            res, chosen = nested_cv(candidates, points, groups, folds, 8, WEIGHT_POWER)
            top = max(set(chosen), key=chosen.count)
            nested[label] = {"r2": round(res.r2, 4), "median_ape": round(res.mape, 4)}
            print(f"nested ({label} outside, grouped 8-fold inside): R^2 {res.r2:.4f}, median APE {res.mape:.2%}; "
                  f"most chosen: {top} ({chosen.count(top)}/{len(chosen)} folds)", flush=True)
    fit = robust_ridge(X, np.log(points), best.lam, points ** WEIGHT_POWER, nonneg, HUBER)
    in_sample = np.exp(fit.predict(X))
    print(f"in-sample (for contrast only): R^2 {1 - ((points - in_sample) ** 2).sum() / ((points - points.mean()) ** 2).sum():.4f}")

    # The breakdown starts from a baseline fighter: the training average on the continuous
    # features, one weapon and no priced runemarks (so a runemark's item is zero when absent).
    baseline = {k: round(float(m), 6) for k, m in zip(names, fit.means)}
    baseline["weapons"] = 1.0
    for mark in RUNEMARKS:
        baseline[RUNEMARK_PREFIX + mark] = 0.0
    model = {
        "system": "warcry",
        "kind": "cost-model",
        "name": "Warcry points (fitted)",
        "unit": "points",
        "round_to": 5,
        "movement_cap": MOVEMENT_CAP,
        "intercept": round(fit.intercept, 6),
        "coefficients": {k: round(float(c), 6) for k, c in zip(names, fit.coefficients)},
        "baseline": baseline,
        "reference": {
            "toughness_weights": {t: w for t, w in reference.toughness_weights},
            "attackers": [list(a) for a in reference.attackers],
        },
        "fit": {
            "generated_by": "tools/fit_warcry_cost.py",
            "training_file": args.training.name,
            "fighters": len(raw),
            "warbands": len(set(groups)),
            "target": "log(points), weighted by points",
            "loss": f"Huber in log space, threshold {HUBER}" if HUBER else "least squares",
            "weight_power": WEIGHT_POWER,
            "nonnegative": sorted(NONNEGATIVE),
            "ridge_lambda": best.lam,
            "cv": {
                "scheme": "leave-one-warband-out",
                "r2": round(best.r2, 4),
                "median_ape": round(best.mape, 4),
                "r2_unrounded": round(best.r2_unrounded, 4),
                "median_ape_unrounded": round(best.mape_unrounded, 4),
                "grouped_8_fold_r2": round(k8.r2, 4),
                "grouped_8_fold_median_ape": round(k8.mape, 4),
                "repeated_grouped_8_fold": {
                    "deals": REPEATS,
                    "r2_mean": round(float(rep_r2.mean()), 4),
                    "r2_sd": round(float(rep_r2.std()), 4),
                    "median_ape_mean": round(float(rep_mape.mean()), 4),
                    "median_ape_sd": round(float(rep_mape.std()), 4),
                },
                **({"strict_r2": round(strict[0], 4), "strict_median_ape": round(strict[1], 4)} if strict else {}),
                **({"nested": nested} if nested else {}),
            },
            "ablations": ablations,
        },
    }
    header = (
        "# Warcry cost model: coefficients are DATA written by tools/fit_warcry_cost.py.\n"
        "# Regenerate: python tools/fit_warcry_cost.py <training.json>\n"
        "# points = exp(intercept + sum coefficient[k] * feature[k]); features in cost_features.py.\n"
        "# movement_cap: the movement feature counts Move up to this; threat uses all of it.\n"
        "# reference.attackers: [Attacks, Strength, damage on a hit, damage on a crit, weight].\n"
    )
    args.out.write_text(header + yaml.dump(model, Dumper=_Dumper, sort_keys=False, width=100), encoding="utf-8")
    print(f"wrote {args.out}")
    if args.report:
        print("\n| warband | fighters | median APE | mean signed error |\n|---|---:|---:|---:|")
        for name, g in sorted(best.per_group.items(), key=lambda kv: -kv[1]["median_ape"]):
            print(f"| {name} | {g['fighters']} | {g['median_ape']:.1%} | {g['mean_signed_pct']:+.1%} |")
        rounded = np.maximum(np.round(best.predicted / 5) * 5, 5)
        print("\n| published points | fighters | median APE | mean signed error |\n|---|---:|---:|---:|")
        for lo, hi in ((0, 100), (100, 150), (150, 200), (200, 300), (300, 10_000)):
            m = (points >= lo) & (points < hi)
            ape = np.abs(rounded[m] - points[m]) / points[m]
            signed = np.mean((rounded[m] - points[m]) / points[m])
            label = f"{lo}-{hi - 5}" if hi < 10_000 else f"{lo}+"
            print(f"| {label} | {int(m.sum())} | {np.median(ape):.1%} | {signed:+.1%} |")
        errors = np.abs(best.predicted - points) / points
        print(f"\nheld-out fighters within 10%: {np.mean(np.abs(rounded - points) / points <= 0.10):.0%}, "
              f"within 20%: {np.mean(np.abs(rounded - points) / points <= 0.20):.0%}")
        print("\nlargest held-out errors:")
        for i in np.argsort(-errors)[:12]:
            print(f"  {raw[i]['name']} ({groups[i]}): published {points[i]:.0f}, model {best.predicted[i]:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
