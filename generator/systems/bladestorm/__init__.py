"""Bladestorm (Metal Express Quick-Start rules): Basic Game combatants, combat, creation, TPC.

Modules: :mod:`models` (cards, rosters, creation tables), :mod:`mechanics` (attacks, damage,
exchanges, the turn), :mod:`build` (random creation 11.1 and the calculator 11.3),
:mod:`cost` (the TPC model), :mod:`outlook` (exact odds of one against many, no simulation),
:mod:`describe` (the text card) and :mod:`calc_cli` (the calculator command).
"""

from __future__ import annotations

from typing import Sequence

from generator.systems.base import System
from generator.systems.bladestorm.build import build_random, roster_document
from generator.systems.bladestorm.calc_cli import register_calc
from generator.systems.bladestorm.cost import price, printed_total
from generator.systems.bladestorm.describe import describe
from generator.systems.bladestorm.models import Combatant, Roster, Tables


def combatants(roster: Roster) -> Sequence[Combatant]:
    return list(roster.combatants)


def fight(side_a: Roster, side_b: Roster, rng) -> str | None:
    """One brawl with everyone in contact (no table geometry): "a", "b" or None for a draw."""
    from generator.systems.bladestorm.mechanics import brawl

    return brawl({"a": combatants(side_a), "b": combatants(side_b)}, rng).winner


SYSTEM = System(
    name="bladestorm",
    title="Bladestorm",
    summary="Attack rolls like 2D6+D10+3 against Defense; damage from the high and low dice; TPC.",
    content_models={"roster": Roster, "tables": Tables},
    combatants=combatants,
    describe=describe,
    price=price,
    build_random=build_random,
    register_calc=register_calc,
    fight=fight,
    cost_unit="TPC",
    printed_total=printed_total,
    extra={"roster_document": roster_document, "random_options": ("above_table",)},
)
