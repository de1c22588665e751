"""Bladestorm (Metal Express Quick-Start rules): Basic Game combatants, combat, creation, TPC.

Modules: :mod:`models` (cards, rosters, creation tables), :mod:`mechanics` (attacks, damage,
exchanges, the turn), :mod:`footing` (bases on 1" tiles: standing room, gaps, steps, contact),
:mod:`scenario` (the book's scenarios as data), :mod:`seating` (two rosters seated on a
scenario), :mod:`game` (the battle on the board: state, legal actions, apply; its rules run in the
battle core, :mod:`core_movement` and :mod:`core_rules`), :mod:`pieces` (views of its
combatants), :mod:`policy` (the greedy player), :mod:`build` (random creation 11.1
and the calculator 11.3),
:mod:`cost` (the TPC model), :mod:`outlook` (exact odds of one against many, no simulation),
:mod:`describe` (the text card) and :mod:`calc_cli` (the calculator command).
"""

from __future__ import annotations

from typing import Sequence

from generator.systems.base import System
from generator.systems.bladestorm.build import build_random, nudge, roster_document
from generator.systems.bladestorm.calc_cli import register_calc
from generator.systems.bladestorm.cost import price, printed_total
from generator.systems.bladestorm.describe import describe
from generator.systems.bladestorm import scenario_recipe
from generator.systems.bladestorm.game import BladestormGame
from generator.systems.bladestorm.models import Combatant, Roster, Tables
from generator.systems.bladestorm.policy import GreedyPolicy
from generator.systems.bladestorm.scenario import Scenario
from generator.systems.bladestorm.seating import make_battle


def combatants(roster: Roster) -> Sequence[Combatant]:
    return list(roster.combatants)


def fight(side_a: Roster, side_b: Roster, rng) -> str | None:
    """One battle on the board, greedy against greedy, on the default scenario: "a", "b" or None.

    The book's two rosters play "Warriors of Ash", any others "A Test of Arms" (see
    :func:`game.make_battle`); what ``skirmish balance`` and ``skirmish demo`` measure.
    """
    from generator.play.engine import play

    key = (id(side_a), id(side_b))
    hit = _SEATED.get(key)
    if hit is None or hit[0] is not side_a or hit[1] is not side_b:  # a balance run asks thousands of times
        if len(_SEATED) > 32:
            _SEATED.clear()
        hit = _SEATED[key] = (side_a, side_b, make_battle(side_a, side_b, {}))
    return play(GAME, hit[2], {"a": GreedyPolicy(), "b": GreedyPolicy()}, rng, keep_log=False).winner


_SEATED: dict[tuple[int, int], tuple] = {}


GAME = BladestormGame()


SYSTEM = System(
    name="bladestorm",
    title="Bladestorm",
    summary="Attack rolls like 2D6+D10+3 against Defense; damage from the high and low dice; TPC.",
    content_models={"roster": Roster, "tables": Tables, "book-scenario": Scenario},
    combatants=combatants,
    describe=describe,
    price=price,
    build_random=build_random,
    register_calc=register_calc,
    fight=fight,
    game=GAME,
    make_battle=make_battle,
    policies={"greedy": GreedyPolicy},
    scenario_draft=scenario_recipe.draft,
    scenario_options=scenario_recipe.scenario_options,
    cost_unit="TPC",
    printed_total=printed_total,
    extra={"roster_document": roster_document, "random_options": ("above_table",), "scenario_points": 475,
           "nudge": nudge, "nudge_words": ("Endurance box", "Endurance boxes"),
           "archetypes": {"pairs": ("horde-elite",),
                          "not_applicable": {"ranged-melee": "every Bladestorm attack is made in base contact"}}},
)
