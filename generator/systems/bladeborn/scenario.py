"""Bladeborn and Warcry scenarios: a fair generated map, the decks' rules, and the engine's options.

Two hooks the scenario generator asks through the ``System`` record:

* :func:`draft` draws a scenario's parts: a fair map from the map generator (players on the long
  edges, objectives in the middle), a battle card's victory rules (Bladeborn) or a deployment and
  a victory card (Warcry on hexes), and a twist, each from the decks in ``content/``;
* :func:`scenario_options` turns a checked scenario (any scenario file, generated or written by
  hand) into the options :func:`generator.systems.bladeborn.battle.make_battle` plays.

The battle card's own map is not used: its hexes are laid out for that map, while the generated
map brings its own deployment and objectives; the card's scoring, rounds, tie rule and roles
are what travel.
"""

from __future__ import annotations

from typing import Any

from generator.boards.mapfile import format_cell, parse_cell
from generator.errors import SkirmishError
from generator.systems.bladeborn.battle import EFFECT_KINDS, SCORING_KINDS
from generator.systems.bladeborn.models import BattleCard, CardRule, Twist

#: A generated scenario's forces, per side, when no budget is given.
DEFAULT_POINTS = {"bladeborn": 500, "warcry": 1000}


def _generated_map(system: str, rng, size) -> dict[str, Any]:
    from generator.boards.mapgen import generate_map

    made = generate_map("bladeborn", size=size, seed=rng.integers(0, 2**31 - 1))
    data = made.board.model_dump(mode="json", exclude_defaults=True)
    data.update(grid="hex", orientation=made.board.orientation, offset=made.board.offset,
                width=made.board.width, height=made.board.height, system=system,
                name=f"Generated {made.board.width}x{made.board.height} battlefield")
    return data


def _executable(rules: list[dict], table: dict) -> bool:
    return all(r.get("kind") in table for r in rules)


def draft(system: str, rng, size=None, mode: str = "random") -> dict[str, Any]:
    """The parts of a new scenario (map, deployment, objectives, victory, twist), drawn from the
    decks with ``rng``: everything but the forces and the balance figures."""
    from generator.scenarios.decks import decks, deployment_parts, draw

    board = _generated_map(system, rng.spawn("map"), size)
    zones = {k.lower(): v for k, v in board.get("zones", {}).items()}
    deployment: dict[str, Any] = {side: {"start": list(zones[side]["start"]), "reserve": list(zones[side].get("reserve", []))}
                                  for side in ("a", "b")}
    objectives = [{"cell": c} for c in board.get("objectives", [])]
    board["zones"], board["objectives"] = {}, []
    found = decks(system)
    if system == "bladeborn":
        cards = [c for c in _battle_cards() if _executable([r.model_dump() for r in c.scoring_rules()], SCORING_KINDS)]
        card = draw(cards, mode, rng.spawn("battle card"))
        victory = {"card": card.name, "rounds": card.rounds, "tie": card.tie,
                   "scoring": [r.model_dump() for r in card.scoring_rules()]}
        for side, role in card.roles.items():
            deployment[side]["role"] = role
        twists = [t for t in _twist_cards() if t.effect is not None and t.effect.kind in EFFECT_KINDS]
        twist = draw(twists, mode, rng.spawn("twist"))
        twist_data = {"card": twist.name, "name": twist.name, "text": twist.text, "effect": twist.effect.model_dump()}
        title_card = card.name
    else:
        deploy_card = draw(found["deployment"], mode, rng.spawn("deployment"))
        parts = deployment_parts(deploy_card)
        deployment = _edge_deployment(board, parts, deploy_card)
        victories = [c for c in found["victory"] if _executable([s.model_dump() for s in c.victory.scoring], SCORING_KINDS)]
        vcard = draw(victories, mode, rng.spawn("victory"))
        victory = {"card": vcard.name, "rounds": vcard.victory.rounds or 3, "tie": vcard.victory.tie,
                   "scoring": [s.model_dump() for s in vcard.victory.scoring]}
        if vcard.objectives:
            count = sum(o.count for o in vcard.objectives)
            objectives = objectives[:count] if len(objectives) >= count else objectives
        twists = [c for c in found["twist"] if c.effect.kind in EFFECT_KINDS]
        twist = draw(twists, mode, rng.spawn("twist"))
        twist_data = {"card": twist.name, "name": twist.name, "text": twist.text, "effect": twist.effect.model_dump()}
        title_card = vcard.name
    taken = {o["cell"] for o in objectives}
    for side in ("a", "b"):
        for key in ("start", "reserve"):
            deployment[side][key] = [c for c in deployment[side].get(key, []) if c not in taken]
    return {"map": board, "deployment": deployment, "objectives": objectives, "victory": victory,
            "twist": twist_data, "title_card": title_card}


def _edge_deployment(board: dict, parts: dict, card) -> dict[str, Any]:
    """A deployment card's edges as cells of this map (reserves on the card's reserve edge)."""
    from generator.boards.mapfile import BoardMap
    from generator.scenarios.model import edge_cells

    bmap = BoardMap.model_validate(board)
    out: dict[str, Any] = {}
    for side in ("a", "b"):
        spec = getattr(card.deployment, side)
        start = [format_cell(c) for c in edge_cells(bmap, spec.edge, spec.depth)]
        reserve_edge = spec.reserve or spec.edge
        reserve = [format_cell(c) for c in edge_cells(bmap, reserve_edge, 1)][::3] if spec.reserve else []
        out[side] = {"start": start, "reserve": [c for c in reserve if c not in start]}
        if spec.role:
            out[side]["role"] = spec.role
    used = set(out["a"]["start"])
    out["b"]["start"] = [c for c in out["b"]["start"] if c not in used]
    used |= set(out["b"]["start"])
    for side in ("a", "b"):  # reserve cells never on anyone's starting cells, nor shared
        out[side]["reserve"] = [c for c in out[side]["reserve"] if c not in used and not used.add(c)]
    if "first" in parts:
        out["first"] = parts["first"]
    if parts.get("reserves_from_round"):
        out["reserves_from_round"] = parts["reserves_from_round"]
    out["card"] = card.name
    return out


def _battle_cards() -> list[BattleCard]:
    from generator.content.library import library

    return [l.model for l in library().load("bladeborn", "battle-card")]


def _twist_cards() -> list[Twist]:
    from generator.systems.bladeborn.battle import all_twists

    return [t for t, _ in all_twists()]


def scenario_options(loaded) -> dict[str, Any]:
    """The battle options of a checked scenario: its map with the scenario's deployment and
    objectives as a battle card, its victory rules, its twist; seats keep their own sides."""
    from generator.scenarios.model import side_label

    scn = loaded.scenario
    board = loaded.board
    grid = board.grid_obj()

    def axial(cells):
        return [list(grid.to_axial(parse_cell(c))) for c in cells]

    players = {}
    for side in ("a", "b"):
        zone = board.zones.get(side_label(scn, side))
        if zone is None or not zone.start:
            raise SkirmishError(f"scenario: deployment.{side}: no starting cells on the map")
        reserve = zone.reserve or zone.start  # no reserve cells: reserves arrive where the side set up
        players[side] = {"symbol": side_label(scn, side), "start": axial(zone.start), "reserve": axial(reserve)}
    roles = {side: getattr(scn.deployment, side).role for side in ("a", "b") if getattr(scn.deployment, side).role}
    card = BattleCard.model_validate({
        "name": scn.victory.card or scn.title, "map": "scenario", "objectives": axial([o.cell for o in scn.objectives]),
        "players": players, "rounds": scn.victory.rounds or 3,
        "battle_rules": "as the scenario says", "reserves": "as the scenario says", "victory": "as the scenario says",
        "scoring": [s.model_dump(exclude_defaults=False) for s in scn.victory.scoring], "tie": scn.victory.tie,
        "roles": roles,
    })
    options: dict[str, Any] = {"map": board, "card": card, "card_where": str(loaded.path or "scenario"),
                               "fixed_territories": True, "twist": "none"}
    if scn.twist is not None:
        options["twist"] = Twist(name=scn.twist.name, text=scn.twist.text or scn.twist.name,
                                 effect=CardRule(kind=scn.twist.effect.kind, **scn.twist.effect.params()))
        options["twist_where"] = str(loaded.path or "scenario")
    if scn.deployment.reserves_from_round:
        options["reserves_from"] = scn.deployment.reserves_from_round
    return options
