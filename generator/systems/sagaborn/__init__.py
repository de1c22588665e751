"""SagaBorn Battles: squads of adventurers on a hex board, bought from 400 points.

Modules: ``models`` (squad, team, talents, tables), ``mechanics`` (initiative, activation,
attacks, terrain, relics, the 12-round cut-off), ``talents`` (the stat line in play, talent
cards), ``cost`` (the points model), ``build`` (random teams and the calculator), ``describe``
(text cards), ``sight`` (sight and cover on the board), ``game`` (the battle on the board: its
state and protocol, made of ``seating``, ``rounds``, ``movement``, ``targeting``, ``actions``,
``combat`` and ``scoring``, one per chapter of the book), ``policy`` (the greedy player).
"""

from __future__ import annotations

from generator.systems.base import System
from generator.systems.forces import MAX_MEMBERS
from generator.systems.sagaborn.build import build_random, register_calc, roster_document
from generator.systems.sagaborn.cost import price
from generator.systems.sagaborn.describe import describe
from generator.systems.sagaborn import scenario
from generator.systems.sagaborn.game import SagaGame, make_battle
from generator.systems.sagaborn.mechanics import step_cost
from generator.systems.sagaborn.models import BattleDie, CostModel, RandomTables, RulesText, Squad, TalentList, Team
from generator.systems.sagaborn.policy import GreedyPolicy
from generator.systems.sagaborn import knob

GAME = SagaGame()


def combatants(roster: Team | Squad) -> list[Squad]:
    """A team's squads in file order (a lone squad is its own list)."""
    return [roster] if isinstance(roster, Squad) else list(roster.squads)


def fight(side_a: Team, side_b: Team, rng) -> str | None:
    """One battle on the default map (the relic vault), both sides greedy: "a", "b" or None (a draw
    at the cut-off). ``skirmish balance`` and ``skirmish demo`` measure win rates with it."""
    from generator.play.engine import play

    # the battle's point limit is the larger of the two teams' (400 unless they agreed more)
    battle = make_battle(side_a, side_b, {"points": max(side_a.point_limit, side_b.point_limit)})
    return play(GAME, battle, {"a": GreedyPolicy(), "b": GreedyPolicy()}, rng, keep_log=False).winner


def _map_sight_data(board, a, b):
    from generator.systems.sagaborn.sight import map_sight

    return map_sight(board, a, b)


def _map_sight_text(board, a, b):
    from generator.systems.sagaborn.sight import map_sight_text

    return map_sight_text(board, a, b)


def _random_squad(rng) -> Squad:
    """One random squad (the scenario archetypes' pool): a team is built squad by squad."""
    from generator.systems.sagaborn.build import random_squad

    return random_squad(rng, [])


def _reach(squad: Squad) -> int:
    """A squad's longest attack in hexes: its Range plus its best weapon's extra range."""
    return squad.range + max([0, *(w.range for w in squad.weapons)])


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
        "cost_model": CostModel,
    },
    combatants=combatants,
    describe=describe,
    price=price,
    build_random=build_random,
    register_calc=register_calc,
    fight=fight,
    game=GAME,
    make_battle=make_battle,
    policies={"greedy": GreedyPolicy},
    scenario_draft=scenario.draft,
    scenario_options=scenario.scenario_options,
    cost_unit="points",
    extra={"roster_document": roster_document, "nudge": knob.nudge, "describe_nudge": knob.describe,
           "nudge_words": ("HP on one unit", "HP steps, one unit each"),
           "step_cost": step_cost, "map_sight": {"data": _map_sight_data, "text": _map_sight_text},
           "scenario_points": 400,
           "archetypes": {"pairs": ("horde-elite", "ranged-melee"), "member": _random_squad, "reach": _reach,
                          "max_members": MAX_MEMBERS},
           # The battle has a point limit both sides keep to: a round robin of forces at several
           # budgets (calibrate) plays under the dearest force's cost.
           "battle_points_option": "points"},
)
