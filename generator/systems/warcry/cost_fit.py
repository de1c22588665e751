"""Fitting the Warcry cost model: weighted ridge regression on log(points), checked by warband.

The model is judged on warbands it has never seen, so every figure here is cross-validated with
whole warbands held out (:func:`grouped_folds`): a fold never shares a warband between its training
and test sides, and the ridge strength is chosen by that same grouped cross-validation.

Why weighted: the fit is on log(points) (relative errors, a multiplicative model), but the judge
is R^2 on points, where expensive fighters weigh most. Weighting each fighter by its points
(``weight_power`` = 1) is the usual compromise between the two (log-space residual variance
times points squared is the points-space variance; power 1 goes halfway).
Why robust: some published prices pay for abilities the card's numbers cannot show (a 75-point
rat with one Strength-1 attack). Fitted by least squares, a handful of such fighters pull every
coefficient towards them; a Huber loss in log space (:func:`robust_ridge`: residuals beyond
``huber`` count linearly, not squared) lets them be wrong without bending the rest.

Every choice (ridge strength, loss, a feature's cap) can itself be selected inside the training
folds (:func:`nested_cv`), so the reported held-out figure is not flattered by the selection.
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


def random_grouped_folds(groups: Sequence[str], k: int, seed: int) -> list[np.ndarray]:
    """Grouped K-fold with a random deal of groups to folds (``seed`` picks the deal).

    Repeating the CV over several deals shows how much a figure owes to one lucky grouping.
    """
    groups = list(groups)
    names = sorted(set(groups))
    if k < 2:
        raise ValueError("grouped K-fold needs k >= 2")
    order = np.random.default_rng(seed).permutation(len(names))
    fold_of = {names[j]: i % k for i, j in enumerate(order)}
    assigned = np.array([fold_of[g] for g in groups])
    return [np.flatnonzero(assigned == j) for j in range(min(k, len(names)))]


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


def robust_ridge(
    X: np.ndarray,
    y: np.ndarray,
    lam: float,
    weights: np.ndarray | None = None,
    nonneg: Sequence[bool] | None = None,
    huber: float | None = None,
    iterations: int = 50,
) -> RidgeFit:
    """:func:`ridge_nonneg` with a Huber loss (``huber`` = the residual where it turns linear).

    Iteratively reweighted: a fighter whose residual r exceeds ``huber`` gets its weight times
    ``huber / |r|``, which makes its squared-error weight grow only linearly with |r|. ``None``
    is plain least squares.
    """
    w = np.ones(len(y)) if weights is None else np.asarray(weights, float)
    fit = ridge_nonneg(X, y, lam, w, nonneg)
    if huber is None:
        return fit
    y = np.asarray(y, float)
    for _ in range(iterations):
        r = np.abs(y - fit.predict(X))
        robust = w * np.minimum(1.0, huber / np.maximum(r, 1e-12))
        new = ridge_nonneg(X, y, lam, robust, nonneg)
        done = np.max(np.abs(new.coefficients - fit.coefficients)) < 1e-9
        fit = new
        if done:
            break
    # The baseline ("average fighter") stays the plain weighted mean, whatever the loss.
    fit.means = (w[:, None] * np.asarray(X, float)).sum(0) / w.sum()
    return fit


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
    huber: float | None = None,
    folds: Sequence[np.ndarray] | None = None,
) -> CVResult:
    """Out-of-fold predictions with whole groups held out, and the figures that matter.

    ``folds`` (test-index arrays that never split a group) overrides ``k``.
    """
    points = np.asarray(points, float)
    y = np.log(points)
    pred = np.full(len(points), np.nan)
    for test in grouped_folds(groups, k) if folds is None else folds:
        train = np.setdiff1d(np.arange(len(points)), test)
        fit = robust_ridge(X[train], y[train], lam, points[train] ** weight_power, nonneg, huber)
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
    huber: float | None = None,
) -> tuple[CVResult, list[CVResult]]:
    """The ridge strength with the best grouped-CV R^2 (unrounded, so rounding ties don't decide)."""
    results = [cross_validate(X, points, groups, lam, weight_power, k, nonneg=nonneg, huber=huber) for lam in grid]
    best = max(results, key=lambda r: (r.r2_unrounded, -r.lam))
    return best, results


def repeated_grouped_cv(
    X: np.ndarray,
    points: np.ndarray,
    groups: Sequence[str],
    lam: float,
    k: int = 8,
    seeds: Sequence[int] = range(20),
    weight_power: float = 1.0,
    nonneg: Sequence[bool] | None = None,
    huber: float | None = None,
) -> list[CVResult]:
    """Grouped K-fold repeated over several random deals of the groups (one result per seed)."""
    return [
        cross_validate(X, points, groups, lam, weight_power, nonneg=nonneg, huber=huber,
                       folds=random_grouped_folds(groups, k, seed))
        for seed in seeds
    ]


@dataclass
class Candidate:
    """One modelling choice for :func:`nested_cv`: its feature matrix and fitting settings."""

    label: str
    X: np.ndarray
    lam: float
    nonneg: Sequence[bool] | None = None
    huber: float | None = None


def nested_cv(
    candidates: Sequence[Candidate],
    points: np.ndarray,
    groups: Sequence[str],
    outer_folds: Sequence[np.ndarray],
    inner_k: int = 8,
    weight_power: float = 1.0,
    step: float = 5,
) -> tuple[CVResult, list[str]]:
    """Held-out figures for the whole recipe "pick the best candidate, then fit it".

    For each outer fold, every candidate is scored by grouped ``inner_k``-fold CV on the outer
    training warbands only (unrounded R^2); the winner is refitted on them and predicts the held-out
    warbands. Returns the outer result and the label chosen in each outer fold.
    """
    points = np.asarray(points, float)
    garr = np.asarray(list(groups))
    y = np.log(points)
    w = points ** weight_power
    pred = np.full(len(points), np.nan)
    chosen: list[str] = []
    for test in outer_folds:
        train = np.setdiff1d(np.arange(len(points)), test)
        inner = [train[f] for f in grouped_folds(garr[train].tolist(), inner_k)]
        best: tuple[float, Candidate] | None = None
        for cand in candidates:
            inner_pred = np.full(len(points), np.nan)
            for itest in inner:
                itrain = np.setdiff1d(train, itest)
                fit = robust_ridge(cand.X[itrain], y[itrain], cand.lam, w[itrain], cand.nonneg, cand.huber)
                inner_pred[itest] = np.exp(fit.predict(cand.X[itest]))
            score = r_squared(points[train], inner_pred[train])
            if best is None or score > best[0]:
                best = (score, cand)
        cand = best[1]
        fit = robust_ridge(cand.X[train], y[train], cand.lam, w[train], cand.nonneg, cand.huber)
        pred[test] = np.exp(fit.predict(cand.X[test]))
        chosen.append(cand.label)
    rounded = round_to(pred, step)
    return (
        CVResult(lam=float("nan"), predicted=pred, r2=r_squared(points, rounded), mape=median_ape(points, rounded),
                 r2_unrounded=r_squared(points, pred), mape_unrounded=median_ape(points, pred)),
        chosen,
    )
