"""Warcry (and Bladeborn) points: a fitted, itemised cost model.

The model is multiplicative, ``points = exp(intercept + sum_k b_k x_k)``, over the features of
:mod:`generator.systems.warcry.cost_features` (offence and threat from the exact attack odds,
durability from the expected attack actions to take the fighter down, Move, weapon count and a
few runemarks). Its coefficients are data (``content/warcry/cost-model.yaml``), written by
``tools/fit_warcry_cost.py`` from the published profiles.

The itemised breakdown splits a multiplicative price into additive parts with the logarithmic
mean (LMDI, the index-decomposition method): with ``p0`` the price of the baseline fighter (the
training average on offence, threat, durability and Move; one weapon; no priced runemarks) and
``L = (p - p0) / (log p - log p0)``, feature k is worth ``L * b_k * (x_k - baseline_k)``.
The parts are exact (they sum to ``p - p0``), do not depend on an order, and each has the sign
of its own effect. The breakdown is ``base`` (= p0) + one item per feature + ``rounding`` (to the
nearest 5, like published points), and sums to the cost.
"""

from __future__ import annotations

import json
import math
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator

from generator.errors import ContentError
from generator.systems.base import Priced
from generator.systems.warcry.cost_features import (
    BASE_FEATURES,
    RUNEMARK_PREFIX,
    FighterStats,
    Reference,
    features,
    fighter_stats,
)


def baseline_covers(value: dict[str, float], info) -> dict[str, float]:
    """A model's ``baseline`` must give a value for every coefficient (pydantic validator body,
    shared by the published-points model and the board-points one)."""
    missing = [k for k in info.data.get("coefficients", {}) if k not in value]
    if missing:
        raise ValueError(f"no baseline value for {', '.join(missing)}")
    return value


class ReferenceSpec(BaseModel):
    """The reference opponents (measured on the training data)."""

    model_config = ConfigDict(extra="forbid")
    toughness_weights: dict[int, float]
    attackers: list[tuple[int, int, int, int, float]] = Field(min_length=1)  # A, S, hit, crit, weight


class CostModel(BaseModel):
    """The file ``content/warcry/cost-model.yaml`` (kind ``cost-model``)."""

    model_config = ConfigDict(extra="forbid")
    name: str
    unit: str = "points"
    round_to: int = Field(5, ge=1)
    movement_cap: int | None = Field(None, ge=1)  # Move above this adds to ``threat`` only
    intercept: float
    coefficients: dict[str, float]
    baseline: dict[str, float]  # the reference fighter the breakdown starts from (``base``)
    reference: ReferenceSpec
    fit: dict[str, Any] = Field(default_factory=dict)

    @field_validator("coefficients")
    @classmethod
    def _known_features(cls, value: dict[str, float]) -> dict[str, float]:
        for key in value:
            if key not in BASE_FEATURES and not key.startswith(RUNEMARK_PREFIX):
                raise ValueError(
                    f"unknown feature {key!r}: use {', '.join(BASE_FEATURES)} or runemark:<name>"
                )
        return value

    @field_validator("baseline")
    @classmethod
    def _baseline_covers(cls, value: dict[str, float], info) -> dict[str, float]:
        return baseline_covers(value, info)

    @cached_property
    def reference_tuple(self) -> Reference:
        return Reference(
            toughness_weights=tuple(sorted((int(t), float(w)) for t, w in self.reference.toughness_weights.items())),
            attackers=tuple(tuple(a) for a in self.reference.attackers),
        )

    @cached_property
    def runemarks(self) -> tuple[str, ...]:
        return tuple(k[len(RUNEMARK_PREFIX):] for k in self.coefficients if k.startswith(RUNEMARK_PREFIX))


DEFAULT_MODEL_PATH = ("warcry", "cost-model.yaml")


def read_cost_model(path: str | Path) -> CostModel:
    """Read and validate a cost-model file; errors are ``file:line: field: message``."""
    from generator.content import load_model

    return load_model(path, CostModel)


def default_model() -> CostModel:
    """The fitted model (the user's ``--content`` copy first), through the content library."""
    from generator.content import load_content

    return load_content("/".join(DEFAULT_MODEL_PATH), CostModel)


def _log_mean(a: float, b: float) -> float:
    """Logarithmic mean of two positive numbers: (a - b) / (ln a - ln b), and a when a == b."""
    if abs(a - b) <= 1e-12 * max(a, b):
        return a
    return (a - b) / (math.log(a) - math.log(b))


def price_stats(stats: FighterStats, model: CostModel, rounded: bool = True) -> Priced:
    """Price one checked fighter; the breakdown sums to the cost (see the module docstring)."""
    x = features(stats, model.reference_tuple, model.runemarks, model.movement_cap)
    deltas = {k: b * (x[k] - model.baseline[k]) for k, b in model.coefficients.items()}
    eta0 = model.intercept + sum(b * model.baseline[k] for k, b in model.coefficients.items())
    p0 = math.exp(eta0)
    p = math.exp(eta0 + sum(deltas.values()))
    scale = _log_mean(p, p0)
    breakdown = {"base": round(p0, 2)}
    for key, delta in deltas.items():
        breakdown[key] = round(scale * delta, 2) + 0.0  # no "-0.0" items
    cost = float(max(model.round_to, round(p / model.round_to) * model.round_to)) if rounded else round(p, 2)
    breakdown["rounding"] = round(cost - sum(breakdown.values()), 2) + 0.0
    return Priced(name=stats.name, cost=cost, breakdown=breakdown, unit=model.unit)


def price_fighter(fighter: Any, model: CostModel | None = None, rounded: bool = True) -> Priced:
    """Price one fighter (a dict in the data set's format or an object with the same fields)."""
    return price_stats(fighter_stats(fighter), model or default_model(), rounded)


def price_fighters(
    fighters: Iterable[Any], model: CostModel | None = None, rounded: bool = True, source: str = ""
) -> list[Priced]:
    """Price fighters in order. Unnamed fighters are called "fighter N" (1-based).

    ``source`` (a file name) prefixes error messages: ``file: fighter [3] (Name): field: ...``.
    """
    model = model or default_model()
    out = []
    for i, fighter in enumerate(fighters):
        where = f"{source}: fighter [{i}]" if source else f"fighter [{i}]"
        priced = price_stats(fighter_stats(fighter, where), model, rounded)
        if not priced.name:
            priced.name = f"fighter {i + 1}"
        out.append(priced)
    return out


def price(combatants: Sequence[Any]) -> list[Priced]:
    """The ``System.price`` hook: price a roster's combatants with the built-in model."""
    return price_fighters(combatants)


def load_warcry_json(path: str | Path) -> list[dict]:
    """Read fighters in the public data set's format (a JSON list of fighter objects).

    Every entry is checked up front; the first bad one is reported as
    ``FILE: fighter [INDEX] (NAME): FIELD: problem``.
    """
    from generator.content.jsonsource import read_json

    path = Path(path)
    data = read_json(path)  # the content limits: size, nesting, duplicate keys, file:line errors
    if not isinstance(data, list):
        raise ContentError(f"{path}: expected a JSON list of fighters, found a {type(data).__name__}")
    for i, entry in enumerate(data):
        if not isinstance(entry, dict):
            raise ContentError(f"{path}: fighter [{i}]: expected an object, found {json.dumps(entry)[:40]}")
        fighter_stats(entry, f"{path}: fighter [{i}]")
    return data
