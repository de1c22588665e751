"""Fighter profiles in, the cost model's features out.

A fighter here is anything with the public Warcry data set's fields, as a dict or as an object
(the pydantic ``Fighter`` of ``generator.systems.warcry.models`` works unchanged):
``movement, toughness, wounds, runemarks, weapons[attacks, strength, dmg_hit, dmg_crit,
min_range, max_range]``. :func:`fighter_stats` checks and freezes one, with an error that
names the fighter and the field.

The features (all per fighter) are what a player weighs when reading a card:

- ``offence``: log of the mean damage of one attack action with the fighter's best weapon,
  averaged over the reference Toughness spread (how tough the fighters it will meet are);
- ``threat``: log of the best (mean damage x (Move + that weapon's maximum Range)): damage it
  can bring to bear, scaled by how far it reaches in one activation;
- ``durability``: log of the expected number of attack actions the reference attackers need to
  take it down (exact, from the damage distribution of each attacker against its Toughness);
- ``movement``: Move, capped at the model's ``movement_cap`` (objectives and board control,
  beyond the reach in ``threat``; past a few inches a fighter already gets where it needs to be
  in one activation, so extra Move is paid for only through ``threat``);
- ``weapons``: how many weapon lines the card has (a second profile is an extra option);
- ``runemark:<name>``: 1 if it has the runemark (flying, heroes and so on).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import numpy as np

from generator.errors import ContentError
from generator.systems.warcry.cost_odds import actions_tables, expected_damage, table_size

BASE_FEATURES: tuple[str, ...] = ("offence", "threat", "durability", "movement", "weapons")
RUNEMARK_PREFIX = "runemark:"


@dataclass(frozen=True)
class WeaponStats:
    attacks: int
    strength: int
    dmg_hit: int
    dmg_crit: int
    min_range: int
    max_range: int


@dataclass(frozen=True)
class FighterStats:
    name: str
    movement: int
    toughness: int
    wounds: int
    runemarks: frozenset[str]
    weapons: tuple[WeaponStats, ...]


@dataclass(frozen=True)
class Reference:
    """Who a fighter meets: the Toughness spread it attacks into and the attackers it faces.

    Both are measured on the training data and stored in the model file, so a price never depends
    on which other fighters happen to be in the list being priced.
    """

    toughness_weights: tuple[tuple[int, float], ...]  # (toughness, weight), weights sum to 1
    attackers: tuple[tuple[int, int, int, int, float], ...]  # (A, S, dmg_hit, dmg_crit, weight)


def _get(obj: Any, key: str, default: Any = ...) -> Any:
    if isinstance(obj, Mapping):
        if key in obj:
            return obj[key]
    elif hasattr(obj, key):
        return getattr(obj, key)
    if default is ...:
        raise KeyError(key)
    return default


#: Sanity ceilings, far above any published card, that keep the exact tables small.
MAXIMA = {"movement": 100, "toughness": 50, "wounds": 500, "attacks": 100, "strength": 50,
          "dmg_hit": 100, "dmg_crit": 100, "min_range": 100, "max_range": 100}


def _whole(value: Any, field: str, where: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
        isinstance(value, float) and not value.is_integer()
    ):
        raise ContentError(f"{where}: {field}: {value!r} is not a whole number")
    if value < minimum:
        raise ContentError(f"{where}: {field}: {int(value)} is below the minimum {minimum}")
    maximum = MAXIMA[field.rsplit(".", 1)[-1]]
    if value > maximum:
        raise ContentError(f"{where}: {field}: {int(value)} is above the maximum {maximum}")
    return int(value)


def fighter_stats(fighter: Any, where: str = "fighter") -> FighterStats:
    """Check one fighter (dict or object) and freeze the numbers the model reads.

    ``where`` prefixes every error (e.g. ``roster.json: fighter [3] (Tik Tik)``).
    """
    if not isinstance(fighter, Mapping) and not hasattr(fighter, "weapons"):
        raise ContentError(f"{where}: expected a fighter (an object with movement, toughness, wounds, weapons)")
    name = _get(fighter, "name", None)
    name = str(name) if name is not None else ""
    if name:
        where = f"{where} ({name})"
    values = {}
    for field, minimum in (("movement", 0), ("toughness", 1), ("wounds", 1)):
        try:
            raw = _get(fighter, field)
        except KeyError:
            raise ContentError(f"{where}: {field}: missing (a whole number is required)") from None
        values[field] = _whole(raw, field, where, minimum)
    runemarks = _get(fighter, "runemarks", None) or []
    if isinstance(runemarks, str) or not all(isinstance(r, str) for r in runemarks):
        raise ContentError(f"{where}: runemarks: {runemarks!r} is not a list of names")
    try:
        weapons_raw = _get(fighter, "weapons")
    except KeyError:
        raise ContentError(f"{where}: weapons: missing (a list of at least one weapon is required)") from None
    if isinstance(weapons_raw, (str, bytes, Mapping)) or not hasattr(weapons_raw, "__iter__"):
        raise ContentError(f"{where}: weapons: {weapons_raw!r} is not a list of weapons")
    weapons_raw = list(weapons_raw)
    if not weapons_raw:
        raise ContentError(f"{where}: weapons: empty (a fighter needs at least one weapon)")
    weapons = []
    for i, w in enumerate(weapons_raw):
        wv = {}
        for field, minimum, default in (
            ("attacks", 1, ...),
            ("strength", 1, ...),
            ("dmg_hit", 0, ...),
            ("dmg_crit", 0, ...),
            ("min_range", 0, 0),
            ("max_range", 1, ...),
        ):
            try:
                raw = _get(w, field, default)
            except KeyError:
                raise ContentError(f"{where}: weapons[{i}].{field}: missing (a whole number is required)") from None
            wv[field] = _whole(raw, f"weapons[{i}].{field}", where, minimum)
        if wv["max_range"] < wv["min_range"]:
            raise ContentError(
                f"{where}: weapons[{i}].max_range: {wv['max_range']} is below the minimum range {wv['min_range']}"
            )
        if wv["dmg_crit"] == 0:
            raise ContentError(f"{where}: weapons[{i}].dmg_crit: 0 means this weapon can never deal damage")
        weapons.append(WeaponStats(**wv))
    return FighterStats(
        name=name,
        movement=values["movement"],
        toughness=values["toughness"],
        wounds=values["wounds"],
        runemarks=frozenset(r.strip().lower() for r in runemarks),
        weapons=tuple(weapons),
    )


@lru_cache(maxsize=None)
def weapon_offence(weapon: WeaponStats, toughness_weights: tuple[tuple[int, float], ...]) -> float:
    """Mean damage of one attack action, averaged over the reference Toughness spread.

    Each mean is exact; the weights are measured frequencies, so the average is a float.
    """
    return sum(
        weight * float(expected_damage(weapon.attacks, weapon.strength, t, weapon.dmg_hit, weapon.dmg_crit))
        for t, weight in toughness_weights
    )


@lru_cache(maxsize=None)
def _attacker_weapons(attackers: tuple[tuple[int, int, int, int, float], ...]) -> tuple[tuple, np.ndarray]:
    return tuple(a[:4] for a in attackers), np.array([a[4] for a in attackers])


@lru_cache(maxsize=None)
def durability_actions(wounds: int, toughness: int, attackers: tuple[tuple[int, int, int, int, float], ...]) -> float:
    """Expected attack actions the reference attackers need to take this fighter down
    (the weighted average over attackers of each one's expected actions)."""
    weapons, weights = _attacker_weapons(attackers)
    table = actions_tables(toughness, weapons, table_size(wounds))
    return float(weights @ table[:, wounds] / weights.sum())


def features(
    stats: FighterStats, reference: Reference, runemarks: tuple[str, ...] = (), movement_cap: int | None = None
) -> dict[str, float]:
    """The model's raw features for one fighter (see the module docstring).

    ``movement_cap`` caps the ``movement`` feature only; ``threat`` always uses the full Move.
    """
    offences = [weapon_offence(w, reference.toughness_weights) for w in stats.weapons]
    threats = [o * (stats.movement + w.max_range) for o, w in zip(offences, stats.weapons)]
    out = {
        "offence": math.log(max(offences)),
        "threat": math.log(max(threats)),
        "durability": math.log(durability_actions(stats.wounds, stats.toughness, reference.attackers)),
        "movement": float(stats.movement if movement_cap is None else min(stats.movement, movement_cap)),
        "weapons": float(len(stats.weapons)),
    }
    for mark in runemarks:
        out[RUNEMARK_PREFIX + mark] = 1.0 if mark in stats.runemarks else 0.0
    return out


def reference_from_fighters(fighters: list[FighterStats], toughness_values: tuple[int, ...] = (3, 4, 5, 6)) -> Reference:
    """Measure the reference spreads on a training set.

    Toughness weights: how often each Toughness in ``toughness_values`` occurs (values outside
    are folded into the nearest end). Attackers: each fighter's best weapon (highest mean damage
    against those weights), counted; a fighter attacks with its best weapon when it can.
    """
    counts = {t: 0 for t in toughness_values}
    lo, hi = min(toughness_values), max(toughness_values)
    for f in fighters:
        counts[min(max(f.toughness, lo), hi)] += 1
    n = sum(counts.values())
    tw = tuple((t, round(counts[t] / n, 6)) for t in toughness_values)
    fix = round(1.0 - sum(w for _, w in tw), 6)  # make the stored weights sum to exactly 1
    tw = tw[:-1] + ((tw[-1][0], round(tw[-1][1] + fix, 6)),)
    attackers: dict[tuple[int, int, int, int], int] = {}
    for f in fighters:
        best = max(f.weapons, key=lambda w: weapon_offence(w, tw))
        key = (best.attacks, best.strength, best.dmg_hit, best.dmg_crit)
        attackers[key] = attackers.get(key, 0) + 1
    total = sum(attackers.values())
    return Reference(
        toughness_weights=tw,
        attackers=tuple((*k, round(c / total, 8)) for k, c in sorted(attackers.items())),
    )
