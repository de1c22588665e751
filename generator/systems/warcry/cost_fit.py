"""Fitting the Warcry cost model: weighted ridge regression on log(points), checked by warband.

The model is judged on warbands it has never seen, so every figure here is cross-validated with
whole warbands held out (:func:`grouped_folds`): a fold never shares a warband between its training
and test sides, and the ridge strength is chosen by that same grouped cross-validation.

Why weighted: the fit is on log(points) (relative errors, a multiplicative model), but the judge
is R^2 on points, where expensive fighters weigh most. Weighting each fighter by its points
(``weight_power`` = 1) is the usual compromise between the two (log-space residual variance
times points squared is the points-space variance; power 1 goes halfway).
Only numpy is used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np


def grouped_folds(groups: Sequence[str], k: int | None = None) -> list[np.ndarray]:
    """Test-index arrays for grouped K-fold: each group lands in exactly one fold, whole.

    ``k=None`` (or k >= number of groups) is leave-one-group-out. Otherwise groups are dealt,
    largest first, to the currently smallest fold, so folds are balanced and deterministic.
    """
    groups = list(groups)
    names = sorted(set(groups))
    if not names:
        return []
    if k is None or k >= len(names):
        return [np.array([i for i, g in enumerate(groups) if g == name]) for name in names]
    if k < 2:
        raise ValueError("grouped K-fold needs k >= 2")
    sizes = {name: groups.count(name) for name in names}
    folds: list[list[str]] = [[] for _ in range(k)]
    loads = [0] * k
    for name in sorted(names, key=lambda n: (-sizes[n], n)):
        j = loads.index(min(loads))
        folds[j].append(name)
        loads[j] += sizes[name]
    return [np.array([i for i, g in enumerate(groups) if g in set(f)]) for f in folds]


@dataclass
class RidgeFit:
    """A fitted linear model on the raw (unstandardised) feature scale."""

    intercept: float
    coefficients: np.ndarray
    means: np.ndarray  # weighted feature means (the "average fighter")

    def predict(self, X: np.ndarray) -> np.ndarray:
        return self.intercept + X @ self.coefficients


def ridge(X: np.ndarray, y: np.ndarray, lam: float, weights: np.ndarray | None = None) -> RidgeFit:
    """Weighted ridge on standardised features (the intercept is not penalised).

    Penalty ``lam`` is on the standardised scale, so it treats every feature alike; the result
    is converted back to raw coefficients.
    """
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    w = np.ones(len(y)) if weights is None else np.asarray(weights, float)
    w = w / w.mean()
    mean = (w[:, None] * X).sum(0) / w.sum()
    scale = np.sqrt((w[:, None] * (X - mean) ** 2).sum(0) / w.sum())
    scale[scale == 0] = 1.0
    Z = (X - mean) / scale
    ym = (w * y).sum() / w.sum()
    A = (Z * w[:, None]).T @ Z + lam * np.eye(Z.shape[1])
    beta = np.linalg.solve(A, (Z * w[:, None]).T @ (y - ym))
    coef = beta / scale
    return RidgeFit(intercept=float(ym - mean @ coef), coefficients=coef, means=mean)


def ridge_nonneg(
    X: np.ndarray, y: np.ndarray, lam: float, weights: np.ndarray | None = None, nonneg: Sequence[bool] | None = None
) -> RidgeFit:
    """Ridge with some coefficients kept >= 0 (features that can only help a fighter).

    Active set: fit, fix every constrained coefficient that came out negative at 0 (drop its
    column), refit, until none is negative. With few features this is exact enough and keeps a
    price monotone: more wounds, attacks, Move or weapons never make a fighter cheaper.
    """
    X = np.asarray(X, float)
    n = X.shape[1]
    mask = np.zeros(n, bool) if nonneg is None else np.asarray(nonneg, bool)
    active = np.ones(n, bool)
    while True:
        fit = ridge(X[:, active], y, lam, weights)
        coef = np.zeros(n)
        coef[active] = fit.coefficients
        negative = active & mask & (coef < 0)
        if not negative.any():
            w = np.ones(len(y)) if weights is None else np.asarray(weights, float)
            means = (w[:, None] * X).sum(0) / w.sum()
            return RidgeFit(intercept=fit.intercept, coefficients=coef, means=means)
        active &= ~negative


def round_to(values: np.ndarray, step: float) -> np.ndarray:
    """Round to the nearest ``step`` (published Warcry points are multiples of 5), never below it."""
    return np.maximum(np.round(np.asarray(values, float) / step) * step, step)


def r_squared(actual: np.ndarray, predicted: np.ndarray) -> float:
    actual = np.asarray(actual, float)
    return float(1 - ((actual - predicted) ** 2).sum() / ((actual - actual.mean()) ** 2).sum())


def median_ape(actual: np.ndarray, predicted: np.ndarray) -> float:
    actual = np.asarray(actual, float)
    return float(np.median(np.abs(predicted - actual) / actual))


@dataclass
class CVResult:
    lam: float
    predicted: np.ndarray  # unrounded out-of-fold points
    r2: float
    mape: float
    r2_unrounded: float
    mape_unrounded: float
    per_group: dict[str, dict[str, float]] = field(default_factory=dict)


def cross_validate(
    X: np.ndarray,
    points: np.ndarray,
    groups: Sequence[str],
    lam: float,
    weight_power: float = 1.0,
    k: int | None = None,
    step: float = 5,
    nonneg: Sequence[bool] | None = None,
) -> CVResult:
    """Out-of-fold predictions with whole groups held out, and the figures that matter."""
    points = np.asarray(points, float)
    y = np.log(points)
    pred = np.full(len(points), np.nan)
    for test in grouped_folds(groups, k):
        train = np.setdiff1d(np.arange(len(points)), test)
        fit = ridge_nonneg(X[train], y[train], lam, points[train] ** weight_power, nonneg)
        pred[test] = np.exp(fit.predict(X[test]))
    rounded = round_to(pred, step)
    per_group = {}
    garr = np.asarray(list(groups))
    for name in sorted(set(groups)):
        m = garr == name
        ape = np.abs(rounded[m] - points[m]) / points[m]
        per_group[name] = {
            "fighters": int(m.sum()),
            "median_ape": float(np.median(ape)),
            "mean_signed_pct": float(np.mean((rounded[m] - points[m]) / points[m])),
        }
    return CVResult(
        lam=lam,
        predicted=pred,
        r2=r_squared(points, rounded),
        mape=median_ape(points, rounded),
        r2_unrounded=r_squared(points, pred),
        mape_unrounded=median_ape(points, pred),
        per_group=per_group,
    )


def choose_lambda(
    X: np.ndarray,
    points: np.ndarray,
    groups: Sequence[str],
    grid: Sequence[float] = (0.01, 0.1, 0.3, 1, 3, 10, 30),
    weight_power: float = 1.0,
    k: int | None = None,
    nonneg: Sequence[bool] | None = None,
) -> tuple[CVResult, list[CVResult]]:
    """The ridge strength with the best grouped-CV R^2 (unrounded, so rounding ties don't decide)."""
    results = [cross_validate(X, points, groups, lam, weight_power, k, nonneg=nonneg) for lam in grid]
    best = max(results, key=lambda r: (r.r2_unrounded, -r.lam))
    return best, results
