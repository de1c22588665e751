"""SagaBorn Battles: squads of adventurers on a hex board, bought from 400 points.

Modules: ``models`` (squad, team, talents, tables), ``mechanics`` (initiative, activation,
attacks, terrain, talents, relics, the 12-round cut-off), ``cost`` (the points model),
``build`` (random teams and the calculator), ``describe`` (text cards).
"""

from __future__ import annotations

from generator.systems.base import System
from generator.systems.sagaborn.build import build_random, register_calc, roster_document
from generator.systems.sagaborn.cost import price
from generator.systems.sagaborn.describe import describe
from generator.systems.sagaborn.models import BattleDie, RandomTables, RulesText, Squad, TalentList, Team


def combatants(roster: Team | Squad) -> list[Squad]:
    """A team's squads in file order (a lone squad is its own list)."""
    return [roster] if isinstance(roster, Squad) else list(roster.squads)


def fight(side_a: Team, side_b: Team, rng) -> str | None:
    """A stand-up fight of two teams (no board): "a", "b" or None at the 12-round cut-off."""
    from generator.systems.sagaborn.sim import stand_up_fight

    return stand_up_fight(combatants(side_a), combatants(side_b), rng)


SYSTEM = System(
    name="sagaborn",
    title="SagaBorn Battles",
    summary="Adventuring teams of hero, minion and creature squads fight over relics with d8 battle dice.",
    content_models={
        "team": Team,
        "talents": TalentList,
        "battle_dice": BattleDie,
        "rules": RulesText,
        "random_tables": RandomTables,
    },
    combatants=combatants,
    describe=describe,
    price=price,
    build_random=build_random,
    register_calc=register_calc,
    fight=fight,
    cost_unit="points",
    extra={"roster_document": roster_document},
)
