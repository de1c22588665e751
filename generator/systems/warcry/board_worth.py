"""Board points: what a Warcry or Bladeborn fighter is worth in the battles the engine plays.

Two prices, two questions:

- **published-style points** (:mod:`generator.systems.warcry.cost`, ``content/warcry/cost-model.yaml``):
  what the book's designers would charge for this card. Fitted on the published points and judged
  on warbands kept apart; ``skirmish cost DATA.json`` and the Warcry calculator's breakdown start
  from it. It knows fighting worth (offence, reach, durability) but not the board.
- **board points** (this module, ``content/<system>/board-worth.yaml``): what the fighter is
  worth on the hex board the engine plays (the system's default battle card, greedy players).
  Fitted by ``tools/fit_board_worth.py`` on battles between random forces: one Bradley-Terry
  strength per force, then a ridge regression of strength on per-force sums of the per-fighter
  features below. It is the price of every fighter the random builder makes, of every Bladeborn
  fighter, and what ``balance``, ``calibrate`` and scenario budgets add up (``System.price``).

The board price is a correction layer on the published-style price ``q``, multiplicative like
the published model itself (so it is always positive)::

    board points = scale * (q / 100) ** exponent * exp(sum_k coefficient[k] * (feature[k] - baseline[k]))

rounded to 5 (at least 5). ``exponent`` above 1 makes quality dearer than quantity (a fighter
twice as good costs more than twice as much); the coefficients add what the board pays for
beyond fighting worth. Features, per fighter **as the board plays it** (Warcry inches are
converted to hexes the way ``generator.systems.bladeborn.battle`` does):

- ``move``: Move in hexes (getting to objectives first);
- ``reach``: the best weapon range in hexes beyond 1 (shooting from where it stands);
- ``wounds``: Wounds (holding an objective while being hit);
- ``damage``: mean damage of one attack action with the best weapon, against the reference
  Toughness spread of the cost model;
- ``durability``: expected attack actions the reference attackers need to take it down;
- ``runemark:<name>``: 1 if the fighter has that runemark.

The exponent and the coefficients of features that can only help a fighter are >= 0, so a
fighter better in every stat never costs less. The breakdown starts from the published-style
price (item ``published``) and splits the correction into additive items with the logarithmic
mean, as ``generator.systems.warcry.cost`` does: ``size`` (scale and exponent), one item per
feature, then ``rounding``; the items sum to the cost. A runemark's item is measured from not
having it (the baseline's share is in ``size``), so a fighter without the runemark shows none.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator

from generator.systems.base import Priced
from generator.systems.warcry.cost import baseline_covers
from generator.systems.warcry.cost_features import (
    RUNEMARK_PREFIX,
    FighterStats,
    durability_actions,
    fighter_stats,
    weapon_offence,
)

#: Features that can only help a fighter: their coefficients are kept >= 0 by the fit.
MONOTONE_FEATURES: tuple[str, ...] = ("move", "reach", "wounds", "damage", "durability")
GEOMETRIES = ("warcry", "bladeborn")


class BoardWorth(BaseModel):
    """The file ``content/<system>/board-worth.yaml`` (kind ``board-worth``)."""

    model_config = ConfigDict(extra="forbid")
    name: str
    unit: str = "points"
    geometry: str  # "warcry": Move and Range in inches, converted to hexes; "bladeborn": hexes
    round_to: int = Field(5, ge=1)
    scale: float = Field(100.0, gt=0)  # points of a fighter at q = 100 and baseline features
    exponent: float = Field(1.0, ge=0)  # on the published-style price
    coefficients: dict[str, float] = Field(default_factory=dict)
    baseline: dict[str, float] = Field(default_factory=dict)
    fit: dict[str, Any] = Field(default_factory=dict)

    @field_validator("geometry")
    @classmethod
    def _known_geometry(cls, value: str) -> str:
        if value not in GEOMETRIES:
            raise ValueError(f"{value!r} is not one of {', '.join(GEOMETRIES)}")
        return value

    @field_validator("coefficients")
    @classmethod
    def _known_features(cls, value: dict[str, float]) -> dict[str, float]:
        for key, coefficient in value.items():
            if key not in MONOTONE_FEATURES and not key.startswith(RUNEMARK_PREFIX):
                raise ValueError(f"unknown feature {key!r}: use {', '.join(MONOTONE_FEATURES)} or runemark:<name>")
            if key in MONOTONE_FEATURES and coefficient < 0:
                raise ValueError(f"{key}: {coefficient} is negative (a better stat must never lower a price)")
        return value

    @field_validator("baseline")
    @classmethod
    def _baseline_covers(cls, value: dict[str, float], info) -> dict[str, float]:
        return baseline_covers(value, info)

    @property
    def runemarks(self) -> tuple[str, ...]:
        return tuple(k[len(RUNEMARK_PREFIX):] for k in self.coefficients if k.startswith(RUNEMARK_PREFIX))


def default_board_worth(system: str) -> BoardWorth:
    """The fitted board prices of ``system`` (``warcry`` or ``bladeborn``), ``--content`` first."""
    from generator.content import load_content

    return load_content(f"{system}/board-worth.yaml", BoardWorth)


def _hexes(inches: int) -> int:
    from generator.systems.bladeborn.battle import inches_to_hexes  # bladeborn imports warcry: lazily

    return inches_to_hexes(inches)


def _reach_hexes(max_range: int, geometry: str) -> int:
    if geometry == "warcry":
        from generator.systems.bladeborn.battle import WARCRY_MELEE_INCHES

        return 1 if max_range <= WARCRY_MELEE_INCHES else _hexes(max_range)
    return max_range


@lru_cache(maxsize=4096)
def _stat_features(stats: FighterStats, geometry: str) -> tuple[tuple[str, float], ...]:
    from generator.systems.warcry.cost import default_model, price_stats

    model = default_model()
    reference = model.reference_tuple
    move = _hexes(stats.movement) if geometry == "warcry" else stats.movement
    reach = max(_reach_hexes(w.max_range, geometry) for w in stats.weapons) - 1
    return (
        ("published", float(price_stats(stats, model, rounded=False).cost)),
        ("move", float(move)),
        ("reach", float(max(0, reach))),
        ("wounds", float(stats.wounds)),
        ("damage", max(weapon_offence(w, reference.toughness_weights) for w in stats.weapons)),
        ("durability", durability_actions(stats.wounds, stats.toughness, reference.attackers)),
    )


def board_features(fighter: Any, geometry: str, runemarks: Sequence[str] = (), where: str = "fighter") -> dict[str, float]:
    """The per-fighter features (module docstring) of a fighter card, dict or model."""
    stats = fighter if isinstance(fighter, FighterStats) else fighter_stats(fighter, where)
    out = dict(_stat_features(stats, geometry))
    for mark in runemarks:
        out[RUNEMARK_PREFIX + mark] = 1.0 if mark in stats.runemarks else 0.0
    return out


def _log_mean(a: float, b: float) -> float:
    if abs(a - b) <= 1e-12 * max(a, b):
        return a
    return (a - b) / (math.log(a) - math.log(b))


def board_price(fighter: Any, model: BoardWorth, rounded: bool = True, where: str = "fighter") -> Priced:
    """One fighter's board points, itemised: ``published`` + ``size`` + one item per feature + ``rounding``."""
    x = board_features(fighter, model.geometry, model.runemarks, where)
    q = x["published"]
    terms = {"size": math.log(model.scale) + (model.exponent - 1) * math.log(q) - model.exponent * math.log(100.0)}
    for key, coefficient in model.coefficients.items():
        if key.startswith(RUNEMARK_PREFIX):
            # a runemark is worth its coefficient to the fighter that has it and nothing to one
            # that has not: the baseline's share goes into ``size``, so the item reads that way
            terms["size"] -= coefficient * model.baseline[key]
            terms[key] = coefficient * x[key]
        else:
            terms[key] = coefficient * (x[key] - model.baseline[key])
    raw = q * math.exp(sum(terms.values()))
    scale = _log_mean(raw, q)
    breakdown = {"published": round(q, 2)}
    for key, term in terms.items():
        breakdown[key] = round(scale * term, 2) + 0.0
    if rounded:
        cost = float(max(model.round_to, round(raw / model.round_to) * model.round_to))
    else:
        cost = round(max(float(model.round_to), raw), 2)
    breakdown["rounding"] = round(cost - sum(breakdown.values()), 2) + 0.0
    name = str(getattr(fighter, "name", None) or (fighter.get("name") if isinstance(fighter, dict) else "") or "")
    return Priced(name=name, cost=cost, breakdown=breakdown, unit=model.unit)


def board_prices(fighters: Sequence[Any], system: str, model: BoardWorth | None = None) -> list[Priced]:
    """Price fighters in order with ``system``'s board points (``System.price`` of Warcry and Bladeborn)."""
    model = model or default_board_worth(system)
    out = []
    for i, fighter in enumerate(fighters):
        priced = board_price(fighter, model, where=f"fighter [{i}]")
        if not priced.name:
            priced.name = f"fighter {i + 1}"
        out.append(priced)
    return out


def read_board_worth(path) -> BoardWorth:
    """Read and validate a board-worth file; errors are ``file:line: field: message``."""
    from generator.content import load_model

    return load_model(path, BoardWorth)
