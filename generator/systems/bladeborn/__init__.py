"""Bladeborn: Warcry's fighter cards on a hex board, with battle cards, twists and campaigns.

``models.py`` (cards), ``mechanics.py`` (a battle round), ``campaign/`` (campaigns: tiebreakers,
convergences, artefacts, the campaign file), ``build.py`` (random fighters and the calculator). Points are board points
(``generator.systems.warcry.board_worth`` with ``content/bladeborn/board-worth.yaml``): the
Warcry published-style model corrected by what fighters are worth in Bladeborn battles.
"""

from __future__ import annotations

from generator.systems.base import System
from generator.systems.bladeborn.build import build_random, register_calc, roster_document
from generator.systems.bladeborn.models import (
    BattleCard,
    BladebornAbilityCard,
    BladebornAbilityTable,
    BladebornArchetypes,
    BladebornWarband,
    TwistDeck,
    combatants,
    describe,
)
from generator.systems.bladeborn.battle import BladebornGame, abilities_not_simulated, make_battle
from generator.systems.bladeborn.campaign.cards import ConvergenceDeck, LesserArtefactDeck
from generator.systems.bladeborn.campaign.file import Campaign, validate as validate_campaign
from generator.systems.bladeborn import scenario
from generator.systems.bladeborn.policy import BladebornGreedy
from generator.systems.warcry import pricing
from generator.systems.warcry.board_worth import BoardWorth
from generator.play.fight import fight_on_board
from generator.systems.warcry.models import Limits
from generator.systems.warcry.knob import wounds_nudge

def _reach(fighter) -> int:
    from generator.systems.warcry import reach

    return reach(fighter)


def _check_campaign(source) -> None:
    """A campaign file's names (decks, fighters, cards) checked against the content it refers to."""
    validate_campaign(source.data, source, path=source.path)


SYSTEM = System(
    name="bladeborn",
    title="Bladeborn",
    summary="Two warbands on a hex board; ability dice make doubles and triples; campaigns of convergences.",
    content_models={
        "warband": BladebornWarband,
        "ability-card": BladebornAbilityCard,
        "abilities": BladebornAbilityTable,
        "battle-card": BattleCard,
        "twist": TwistDeck,
        "limits": Limits,
        "archetypes": BladebornArchetypes,
        "board-worth": BoardWorth,
        "convergences": ConvergenceDeck,
        "lesser-artefacts": LesserArtefactDeck,
        "campaign": Campaign,
    },
    combatants=combatants,
    describe=describe,
    price=pricing.board("bladeborn"),
    build_random=build_random,
    register_calc=register_calc,
    fight=fight_on_board("bladeborn"),
    game=BladebornGame("bladeborn"),
    make_battle=make_battle,
    policies={"greedy": BladebornGreedy},
    scenario_draft=scenario.draft,
    scenario_options=scenario.scenario_options,
    cost_unit="points",
    extra={"roster_document": roster_document, "nudge": wounds_nudge("bladeborn"),
           # the replay search's settings, measured against 4 x 32 in docs/players.md
           "search_settings": {"candidates": 3, "playouts": 12},
           "nudge_words": ("Wound", "Wounds"),
           "scenario_points": 500,
           "abilities_not_simulated": lambda warband: abilities_not_simulated(warband, "bladeborn"),
           "archetypes": {"pairs": ("horde-elite", "ranged-melee"), "reach": _reach},
           "content_checks": {"campaign": _check_campaign}},
)
