"""What a SagaBorn squad is worth on the 400-point scale, item by item.

The model (derivation and numbers in docs/costs-sagaborn.md):

* **offence** ``o`` = expected damage of one attack, from the exact battle-dice odds, averaged
  over a reference spread of defenders (Defense 1-4);
* **durability** ``d`` = HP / expected damage one attack deals to this unit, averaged over a
  reference spread of attackers (Attack 2-5) -- the number of enemy attacks it survives;
* **combat value** per unit = ``K * sqrt(o * d)``: Lanchester's square law makes a force's
  strength ``N^2 * o * d``, so a force's value ``N * sqrt(o * d)`` is additive over units;
* **movement, range, height** scale the combat value linearly around a reference (Move 5,
  Range 1, Height 2): a unit that reaches the fight sooner or from further away uses its
  combat value more often;
* **talents and weapons** at their printed cost.

There are no printed squad costs in the book to fit, but there are printed talent costs that
are pure stat changes: Weapon Specialty (+1 Attack), Run (+2 Move) and Extended Shot (+2 Range)
each cost 10. The first calibration (:func:`anchored_calibration`) set the scale ``K`` and the
movement and range slopes so that each of those changes is worth exactly 10 points on a
reference unit. The weights in use (``content/sagaborn/cost-model.yaml``) are fitted on battles
played on the board (``tools/fit_sagaborn_cost.py``), with the talents still charged at their
printed cost; :func:`talent_check` says how far the fitted worth of those stat changes is from
the printed 10 (see the doc).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence

from generator.dice.battle_dice import attack_odds
from generator.systems.base import Priced
from generator.systems.sagaborn.models import Squad, UnitStats

REFERENCE_DEFENSE: tuple[int, ...] = (1, 2, 3, 4)
REFERENCE_ATTACK: tuple[int, ...] = (2, 3, 4, 5)
#: The unit the scale is anchored on: a plain sword-and-shield hero.
REFERENCE_HERO = UnitStats(hp=6, move=5, range=1, attack=3, defense=3, height=2)
#: The unit the range slope is anchored on: a bow hero (Extended Shot needs Range 2+).
REFERENCE_ARCHER = UnitStats(hp=5, move=5, range=4, attack=3, defense=2, height=2)
REFERENCE_MOVE, REFERENCE_RANGE, REFERENCE_HEIGHT = 5, 1, 2
TALENT_ANCHOR_POINTS = 10  # Weapon Specialty, Run, Extended Shot
#: One level of Height is judged worth half a hex of Move (it saves climbing detours and opens
#: melee across levels); the book gives no price to anchor it on.
HEIGHT_PER_MOVE = 0.5
ROUND_TO = 5  # printed costs are multiples of 5


@lru_cache(maxsize=None)
def offence(attack: int) -> Fraction:
    """Expected damage of one attack against the reference defenders (exact)."""
    total = sum((attack_odds(attack, d).expected_damage for d in REFERENCE_DEFENSE), Fraction(0))
    return total / len(REFERENCE_DEFENSE)


@lru_cache(maxsize=None)
def damage_taken(defense: int) -> Fraction:
    """Expected damage one reference attack deals to a unit with this Defense (exact)."""
    total = sum((attack_odds(a, defense).expected_damage for a in REFERENCE_ATTACK), Fraction(0))
    return total / len(REFERENCE_ATTACK)


def durability(hp: int, defense: int) -> Fraction:
    """Reference attacks it takes, on average, to deal this unit's HP."""
    return hp / damage_taken(defense)


def combat_core(stats: UnitStats) -> float:
    """sqrt(offence x durability) before scaling: one unit's share of a side's square-law strength."""
    return math.sqrt(offence(stats.attack) * durability(stats.hp, stats.defense))


@dataclass(frozen=True)
class Calibration:
    """The constants of the scale, all derived from the printed talent costs."""

    scale: float  # points per unit of sqrt(o*d)
    per_move: float  # fraction of combat value per hex of Move above/below 5
    per_range: float  # fraction per hex of Range above 1
    per_height: float  # fraction per level of Height above/below 2

    def to_json(self) -> dict[str, float]:
        return {k: round(v, 5) for k, v in self.__dict__.items()}


def _bumped(stats: UnitStats, **changes: int) -> UnitStats:
    return stats.model_copy(update={k: getattr(stats, k) + v for k, v in changes.items()})


def anchored_calibration() -> Calibration:
    """The weights that make +1 Attack, +2 Move, +2 Range each worth exactly 10 points on a
    reference unit (the printed Weapon Specialty, Run and Extended Shot), Height at half of Move:
    the model's first calibration, and the prior of the fit on board battles."""
    hero = combat_core(REFERENCE_HERO)
    scale = TALENT_ANCHOR_POINTS / (combat_core(_bumped(REFERENCE_HERO, attack=1)) - hero)
    per_move = TALENT_ANCHOR_POINTS / (2 * scale * hero)
    per_range = TALENT_ANCHOR_POINTS / (2 * scale * combat_core(REFERENCE_ARCHER))
    return Calibration(scale, per_move, per_range, per_move * HEIGHT_PER_MOVE)


def calibration() -> Calibration:
    """The weights in use: ``content/sagaborn/cost-model.yaml`` (fitted on board battles by
    ``tools/fit_sagaborn_cost.py``; the content library caches the file)."""
    from generator.systems.sagaborn.models import cost_model

    m = cost_model()
    return Calibration(m.scale, m.per_move, m.per_range, m.per_height)


def unit_breakdown(stats: UnitStats, cal: Calibration | None = None) -> dict[str, float]:
    """One unit's value, itemised: combat (offence x durability), movement, range, height
    (``cal``: other weights than the fitted ones, e.g. :func:`anchored_calibration`)."""
    cal = cal or calibration()
    combat = cal.scale * combat_core(stats)
    return {
        "combat": combat,
        "movement": combat * cal.per_move * (stats.move - REFERENCE_MOVE),
        "range": combat * cal.per_range * (stats.range - REFERENCE_RANGE),
        "height": combat * cal.per_height * (stats.height - REFERENCE_HEIGHT),
    }


def unit_value(stats: UnitStats, cal: Calibration | None = None) -> float:
    return sum(unit_breakdown(stats, cal).values())


def squad_breakdown(squad: Squad) -> dict[str, float]:
    """The squad's itemised model cost: every unit's stats, then its talents and weapons as printed."""
    per_unit = unit_breakdown(squad.stats)
    out = {key: round(value * squad.units, 1) for key, value in per_unit.items()}
    out["talents"] = float(squad.talent_cost)
    out["weapons"] = float(squad.weapon_cost)
    return out


def suggested_cost(stats: UnitStats, units: int = 1) -> int:
    """The card cost the model suggests for a squad (talents and weapons extra), to the nearest 5."""
    value = unit_value(stats) * units
    return max(ROUND_TO, int(ROUND_TO * round(value / ROUND_TO)))


def model_cost(squad: Squad) -> float:
    """The model's estimate for the squad: its units' stats plus talents and weapons as printed."""
    return round(sum(squad_breakdown(squad).values()), 1)


def price_squad(squad: Squad) -> Priced:
    """What the squad costs the team: its printed card cost plus talents and weapons -- the points
    ``validate`` checks against the 400 -- with the model's estimate beside it.

    The breakdown is the model's items plus ``printed card`` (the printed card cost minus the
    model's value of the units), so it adds up to the points spent.
    """
    breakdown = squad_breakdown(squad)
    model = model_cost(squad)
    spent = float(squad.total_cost)
    breakdown["printed card"] = round(spent - model, 1)
    return Priced(name=squad.name, cost=spent, breakdown=breakdown, model=model, book=spent)


def price(combatants: Sequence[Squad]) -> list[Priced]:
    """``System.price``: the points each squad costs its team (card + talents + weapons), in
    input order, with the model's estimate in ``Priced.model``."""
    return [price_squad(squad) for squad in combatants]


def talent_check(cal: Calibration | None = None) -> dict[str, Mapping[str, float]]:
    """What the model says each stat-only talent is worth on the reference units vs its price
    (with the fitted weights: how far the simulated worth of a stat disagrees with the book)."""
    hero, archer = REFERENCE_HERO, REFERENCE_ARCHER
    pairs = {
        "Weapon Specialty": (hero, _bumped(hero, attack=1)),
        "Dodge": (hero, _bumped(hero, defense=1)),
        "Run": (hero, _bumped(hero, move=2)),
        "Extended Shot": (archer, _bumped(archer, range=2)),
        "Ruthless": (hero, _bumped(hero, attack=1, defense=-1)),
    }
    from generator.systems.sagaborn.models import find_talent

    return {
        name: {"model": round(unit_value(after, cal) - unit_value(before, cal), 2), "printed": find_talent(name).cost}
        for name, (before, after) in pairs.items()
    }
