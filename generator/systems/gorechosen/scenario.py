"""Gorechosen scenarios: the book's arena and a variant card, for the scenario generator.

* :func:`draft` takes the arena (``content/maps/gorechosen-arena.yaml``) and draws a variant from
  ``content/gorechosen/decks/variants.yaml``. Champions set up by the initiative order, more than
  two hexes apart (the scenario's ``min_gap``); a duel ends when a champion is slain. The
  generator draws among the variants fought one champion against one (Time Limits, Drafting,
  Single Combat, or none); Kingslayer and 2v2 need forces of a set shape and are played from a
  scenario file or ``skirmish simulate --variant``.
* :func:`scenario_options` reads a scenario's variant card back as ``make_battle``'s ``variant``.
"""

from __future__ import annotations

from typing import Any

#: The scenario vocabulary's variant effects and the engine's variant names.
VARIANT_OF_EFFECT = {"time_limit": "time-limits", "drafting": "drafting", "single_combat": "single-combat",
                     "kingslayer": "kingslayer", "team_battle": "2v2", "no_effect": "duel"}
#: Drawn for a generated one-against-one scenario (the others need forces of a set shape).
DUEL_EFFECTS = ("time_limit", "drafting", "single_combat")


def draft(system: str, rng, size=None, mode: str = "random") -> dict[str, Any]:
    from generator.boards.mapfile import load_map
    from generator.content.library import library
    from generator.errors import SkirmishError
    from generator.scenarios.decks import decks, draw

    if size is not None:
        raise SkirmishError("--size: a Gorechosen battle is fought in the book's arena; it has one size")
    arena = load_map(library().path("maps/gorechosen-arena.yaml"))
    board = arena.model_dump(mode="json", exclude_defaults=True)
    board.update(grid="hex", orientation=arena.orientation, offset=arena.offset, width=arena.width, height=arena.height,
                 zones={}, objectives=[])
    cards = [c for c in decks(system).get("variant", []) if c.effect.kind in DUEL_EFFECTS]
    # the plain duel is as likely as each variant card
    pick = rng.integers(0, len(cards))
    parts: dict[str, Any] = {
        "map": board,
        "deployment": {"a": {}, "b": {}, "min_gap": 2},
        "objectives": [],
        "victory": {"scoring": [{"kind": "last_standing"}], "tie": "draw"},
        "title_card": "Arena duel",
    }
    if pick < len(cards):
        card = draw(cards, mode, rng.spawn("variant"))
        parts["twist"] = {"card": card.name, "name": card.name, "text": card.text, "effect": card.effect.model_dump()}
        parts["title_card"] = card.name
    return parts


def scenario_options(loaded) -> dict[str, Any]:
    scn = loaded.scenario
    variant = "duel"
    if scn.twist is not None:
        variant = VARIANT_OF_EFFECT.get(scn.twist.effect.kind, "duel")
    return {"map": loaded.board, "variant": variant}
