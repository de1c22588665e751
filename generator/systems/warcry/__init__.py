"""Warcry: fighter cards, ability dice, universal abilities, random fighters and the calculator.

Fighter cards are shared with Bladeborn (``models.py``). Two prices, both reached through
``pricing``: the published-style points model (``cost.py``: what the book would charge) and the
board points (``board_worth.py``: what a fighter is worth in the battles the engine plays), which
is ``System.price`` here.
"""

from __future__ import annotations

from generator.systems.base import System
from generator.systems.warcry import build, pricing
from generator.play.fight import fight_on_board
from generator.systems.warcry.models import AbilityCard, AbilityTable, Limits, Warband, combatants, describe
from generator.systems.warcry.tables import Archetypes
from generator.systems.warcry.knob import wounds_nudge


def build_random(rng, count: int = 1, points=None):
    """Random Warcry fighters from ``content/warcry/archetypes.yaml`` (see ``build.build_random``)."""
    return build.build_random(rng, count=count, points=points, kit=build.WARCRY_KIT)


def register_calc(calc_app) -> None:
    build.register_calc(calc_app, build.WARCRY_KIT)


def reach(fighter) -> int:
    """A fighter's longest attack, in inches (hexes on the board): the scenario archetypes'
    ranged (2 or more) and melee (1) fighters."""
    return max((w.max_range for w in fighter.weapons), default=1)


def roster_document(fighters, name: str) -> dict:
    """Built fighters as a ``kind: warband`` Warcry content file (``create random --out``)."""
    return build.roster_document(build.WARCRY_KIT, fighters, name)


def make_battle(force_a, force_b, options=None):
    """Warcry warbands on Bladeborn's hexes under its battle rules (``bladeborn.battle``)."""
    from generator.systems.bladeborn.battle import make_battle as hex_battle

    return hex_battle(force_a, force_b, options, system="warcry")


class _HexGame:
    """The Bladeborn battle engine playing Warcry fighters (imported lazily: bladeborn imports warcry)."""

    system = "warcry"

    def new_state(self, battle, rng):
        from generator.systems.bladeborn.battle import BladebornGame

        return BladebornGame("warcry").new_state(battle, rng)


def _greedy():
    from generator.systems.bladeborn.policy import BladebornGreedy

    return BladebornGreedy()


def _scenario_draft(system_name, rng, size=None, mode="random"):
    from generator.systems.bladeborn.scenario import draft

    return draft(system_name, rng, size, mode)


def _scenario_options(loaded):
    from generator.systems.bladeborn.scenario import scenario_options

    return scenario_options(loaded)


def _not_simulated(warband) -> int:
    from generator.systems.bladeborn.battle import abilities_not_simulated

    return abilities_not_simulated(warband, "warcry")


def _content_models() -> dict:
    models = {
        "warband": Warband,
        "ability-card": AbilityCard,
        "abilities": AbilityTable,
        "limits": Limits,
        "archetypes": Archetypes,
    }
    from generator.systems.warcry.board_worth import BoardWorth
    from generator.systems.warcry.cost import CostModel

    models["cost-model"] = CostModel  # the fitted coefficients are data too
    models["board-worth"] = BoardWorth
    return models


SYSTEM = System(
    name="warcry",
    title="Warcry",
    summary="Warbands of fighter cards; six ability dice a round make doubles, triples and quads.",
    content_models=_content_models(),
    combatants=combatants,
    describe=describe,
    price=pricing.board("warcry"),
    build_random=build_random,
    register_calc=register_calc,
    fight=fight_on_board("warcry"),
    game=_HexGame(),
    make_battle=make_battle,
    policies={"greedy": _greedy},
    scenario_draft=_scenario_draft,
    scenario_options=_scenario_options,
    cost_unit="points",
    extra={"roster_document": roster_document, "nudge": wounds_nudge("warcry"),
           # the replay search's settings, measured against 4 x 32 in docs/players.md
           "search_settings": {"candidates": 3, "playouts": 12},
           "nudge_words": ("step of two Wounds", "steps of two Wounds"),
           "scenario_points": 1000,
           "abilities_not_simulated": lambda warband: _not_simulated(warband),
           "archetypes": {"pairs": ("horde-elite", "ranged-melee"), "reach": lambda f: reach(f)}},
)
