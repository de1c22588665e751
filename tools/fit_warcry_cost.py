"""Fit the Warcry cost model and write content/warcry/cost-model.yaml.

Usage:
    python tools/fit_warcry_cost.py TRAINING.json [--out content/warcry/cost-model.yaml] [--report]

Reads fighters with their published ``points`` and ``warband``; measures the reference
opponents on them; chooses the ridge strength by leave-one-warband-out cross-validation; reports
the cross-validated figures (R^2 and median absolute percentage error, rounded to 5 points and
unrounded) and a few ablations; fits on everything and writes the coefficients as data.
``--report`` also prints the per-warband table in Markdown (for docs/costs-warcry.md).
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
    choose_lambda,
    cross_validate,
    grouped_folds,
    median_ape,
    r_squared,
    ridge_nonneg,
    round_to,
)

#: Runemarks priced by the model. Chosen in exploration by grouped CV among the common ones
#: (hero, fly, mount, agile each improved held-out R^2; the others did not, and "monster" made
#: it worse: only four monsters, in two warbands).
RUNEMARKS = ("hero", "fly", "mount", "agile")
WEIGHT_POWER = 1.0
#: Features that can only help a fighter: their coefficients are kept >= 0, so a better stat or
#: an extra weapon never makes a fighter cheaper.
NONNEGATIVE = set(BASE_FEATURES)
LAMBDAS = (0.01, 0.1, 0.3, 1, 3, 10, 30)

ABLATIONS = {
    "sqrt(offence x durability) only (Lanchester)": ["lanchester"],
    "offence + durability": ["offence", "durability"],
    "+ threat (reach)": ["offence", "threat", "durability"],
    "+ movement, weapons": ["offence", "threat", "durability", "movement", "weapons"],
    "full model": list(BASE_FEATURES) + [RUNEMARK_PREFIX + r for r in RUNEMARKS],
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
        X = np.array([[features(s, reference, RUNEMARKS)[k] for k in names] for s in stats])
        fit = ridge_nonneg(X[train], np.log(points[train]), lam, points[train] ** WEIGHT_POWER, nonneg)
        pred[test] = np.exp(fit.predict(X[test]))
    rounded = round_to(pred, 5)
    return r_squared(points, rounded), median_ape(points, rounded)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("training", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "content" / "warcry" / "cost-model.yaml")
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--strict", action="store_true", help="also re-measure the reference inside each fold (slower)")
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
    rows = [features(s, reference, RUNEMARKS) for s in stats]
    for r in rows:
        r["lanchester"] = 0.5 * (r["offence"] + r["durability"])
    names = ABLATIONS["full model"]
    X = np.array([[r[k] for k in names] for r in rows])
    nonneg = [k in NONNEGATIVE for k in names]

    best, grid = choose_lambda(X, points, groups, LAMBDAS, WEIGHT_POWER, nonneg=nonneg)
    print(f"{len(raw)} fighters, {len(set(groups))} warbands; leave-one-warband-out CV")
    for r in grid:
        print(f"  lambda {r.lam:>5}: R^2 {r.r2:.4f} (unrounded {r.r2_unrounded:.4f}), "
              f"median APE {r.mape:.2%} (unrounded {r.mape_unrounded:.2%})")
    print(f"chosen lambda {best.lam}")
    ablations = {}
    for label, keys in ABLATIONS.items():
        Xa = np.array([[r[k] for k in keys] for r in rows])
        res = cross_validate(Xa, points, groups, best.lam, WEIGHT_POWER, nonneg=[k in NONNEGATIVE for k in keys])
        ablations[label] = {"r2": round(res.r2, 4), "median_ape": round(res.mape, 4)}
        print(f"  {label:<48} R^2 {res.r2:.4f}  median APE {res.mape:.2%}")
    k8 = cross_validate(X, points, groups, best.lam, WEIGHT_POWER, k=8, nonneg=nonneg)
    print(f"grouped 8-fold: R^2 {k8.r2:.4f}, median APE {k8.mape:.2%}")
    strict = None
    if args.strict:
        strict = strict_cv(stats, points, groups, names, best.lam, nonneg)
        print(f"reference re-measured in each fold: R^2 {strict[0]:.4f}, median APE {strict[1]:.2%}")
    fit = ridge_nonneg(X, np.log(points), best.lam, points ** WEIGHT_POWER, nonneg)
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
                **({"strict_r2": round(strict[0], 4), "strict_median_ape": round(strict[1], 4)} if strict else {}),
            },
            "ablations": ablations,
        },
    }
    header = (
        "# Warcry cost model: coefficients are DATA written by tools/fit_warcry_cost.py.\n"
        "# Regenerate: python tools/fit_warcry_cost.py <training.json>\n"
        "# points = exp(intercept + sum coefficient[k] * feature[k]); features in cost_features.py.\n"
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
