"""Gorechosen: arena duels of Khorne's champions on a hex board (rules core).

Modules: :mod:`models` (cards and tracks), :mod:`arcs` (facing, arcs and kill zones on the
engine's axial hexes), :mod:`mechanics` (the rules as functions), :mod:`game` (a battle in the
arena for the battle engine, with the book's variants), :mod:`policy` (the greedy player),
:mod:`cost` (a rating, since the game has no points), :mod:`build` (random champions),
:mod:`calc` (the ``create calc gorechosen`` command), :mod:`describe` (the text card),
:mod:`data` (built-in tables).
"""

from __future__ import annotations

from generator.systems.base import System
from generator.systems.gorechosen.build import build_random
from generator.systems.gorechosen.calc import register_calc, roster_document
from generator.systems.gorechosen.cost import price
from generator.systems.gorechosen.data import CONTENT_MODELS
from generator.systems.gorechosen.describe import describe
from generator.systems.gorechosen import scenario
from generator.systems.gorechosen.game import GAME, make_battle
from generator.systems.gorechosen.models import Champion, Roster
from generator.systems.gorechosen.policy import greedy
from generator.systems.gorechosen import knob


def combatants(roster: Roster) -> list[Champion]:
    return list(roster.champions)


def fight(roster_a: Roster, roster_b: Roster, rng) -> str | None:
    """``System.fight``: a duel in the arena between the FIRST champion of each roster, both
    played by the greedy policy: "a", "b" or None (no winner after the round cap).

    Gorechosen is a duel game, so a match-up sends one champion from each side (see
    :func:`duellist`, ``System.fighters``); a roster file with a single champion is the natural input.
    """
    from generator.play.engine import play

    battle = make_battle(roster_a, roster_b, {})
    return play(GAME, battle, {"a": greedy(), "b": greedy()}, rng, keep_log=False).winner


def duellist(roster: Roster) -> list:
    """Who fights for a roster in a match-up: its first champion (``System.fighters``)."""
    return list(combatants(roster))[:1]


SYSTEM = System(
    name="gorechosen",
    title="Gorechosen",
    summary="Arena duels on a hex board: facing, kill zones, a Wrath track that buys initiative, "
    "and health tracks that shorten with every injury. Champions are rated, not priced.",
    content_models=dict(CONTENT_MODELS),
    combatants=combatants,
    describe=describe,
    price=price,
    build_random=build_random,
    register_calc=register_calc,
    fight=fight,
    fighters=duellist,
    game=GAME,
    make_battle=make_battle,
    policies={"greedy": greedy},
    scenario_draft=scenario.draft,
    scenario_options=scenario.scenario_options,
    cost_unit="rating",
    extra={"roster_document": roster_document, "nudge": knob.nudge,
           "nudge_words": ("step along the health-track ladder", "steps along the health-track ladder"),
           "describe_nudge": knob.describe,
           "scenario_points": 100, "fighters_for": scenario.fighters_for,
           "scenario_shape": scenario.shape_of,
           "archetypes": {"pairs": ("ranged-melee",), "reach": scenario.reach, "members": 1,
                          "not_applicable": {"horde-elite": "one champion a side: no horde, no elite"}}},
)
