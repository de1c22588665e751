"""Gorechosen scenarios: the book's arena and a variant card, for the scenario generator.

* :func:`draft` takes the arena (``content/maps/gorechosen-arena.yaml``) and draws a variant from
  ``content/gorechosen/decks/variants.yaml`` (a plain duel is as likely as each card).
  Champions set up by the initiative order, more than two hexes apart (the scenario's
  ``min_gap``); a battle ends when one side has no champion standing. The variants that need
  forces of a set shape tell the generator so (:func:`shape_of`, champions a side):
  *Stand Together or Die Alone* (2v2) two champions a side; *Kingslayer* the lone Champion
  (side A) against the card's number of Challengers (side B), as the book deals it.
* :func:`scenario_options` reads a scenario's variant card back as ``make_battle``'s ``variant``.
* :func:`fighters_for` says who fights for a roster in a variant (what is priced), the way
  ``game.make_battle`` seats them; :func:`reach` is a champion's longest kill-zone hex (the
  scenario archetypes' ranged and melee champions).
"""

from __future__ import annotations

from typing import Any

#: The scenario vocabulary's variant effects and the engine's variant names.
VARIANT_OF_EFFECT = {"time_limit": "time-limits", "drafting": "drafting", "single_combat": "single-combat",
                     "kingslayer": "kingslayer", "team_battle": "2v2", "no_effect": "duel"}
#: Drawn for a generated one-against-one scenario.
DUEL_EFFECTS = ("time_limit", "drafting", "single_combat")
#: Variants fought by forces of a set shape.
SHAPED_EFFECTS = ("kingslayer", "team_battle")


def shape_of(parts: dict) -> dict[str, int] | None:
    """Champions a side for a scenario's (or a draft's) variant: None for a duel (one each)."""
    twist = parts.get("twist") or {}
    effect = twist.get("effect") if isinstance(twist, dict) else None
    if not effect:
        return None
    if effect["kind"] == "team_battle":
        return {"a": 2, "b": 2}
    if effect["kind"] == "kingslayer":
        return {"a": 1, "b": int(effect.get("challengers", 2))}
    return None


def draft(system: str, rng, size=None, mode: str = "random") -> dict[str, Any]:
    """The arena and a variant: the five variant cards and the plain duel, each as likely."""
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
    cards = [c for c in decks(system).get("variant", []) if c.effect.kind in DUEL_EFFECTS + SHAPED_EFFECTS]
    # the plain duel is as likely as each variant card (the project's Rng: both ends inclusive)
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
        effect = card.effect.model_dump()
        parts["twist"] = {"card": card.name, "name": card.name, "text": card.text, "effect": effect}
        parts["title_card"] = card.name
        if shape_of(parts):
            if effect["kind"] == "kingslayer":
                parts["deployment"]["a"]["role"] = "defender"   # the lone Champion holds the arena
                parts["deployment"]["b"]["role"] = "attacker"   # the Challengers come for them
    return parts


def variant_of(scn) -> str:
    if scn.twist is None:
        return "duel"
    return VARIANT_OF_EFFECT.get(scn.twist.effect.kind, "duel")


def scenario_options(loaded) -> dict[str, Any]:
    return {"map": loaded.board, "variant": variant_of(loaded.scenario)}


def fighters_for(roster, options: dict) -> list:
    """The champions of ``roster`` who fight in the battle of ``options`` (as ``make_battle``
    seats them): all of them in Kingslayer, the first two in 2v2, else the first."""
    champions = list(getattr(roster, "champions", roster))
    variant = (options or {}).get("variant") or "duel"
    if variant == "kingslayer":
        return champions
    return champions[:2] if variant == "2v2" else champions[:1]


def reach(champion) -> int:
    """The farthest hex of a champion's Healthy kill zone, in hexes (1: adjacent hexes only)."""
    from generator.systems.gorechosen.arcs import distance

    return max(distance((0, 0), h.offset) for h in champion.healthy.kill_zone)
