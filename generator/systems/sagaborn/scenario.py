"""SagaBorn Battles scenarios for the scenario generator: relics, chests and doors on a fair map.

:func:`draft` generates a fair hex map with hills and water (the map generator's SagaBorn
settings) and draws a scenario card from ``content/sagaborn/scenarios/``: each side's set-up edge,
and its relics, chests or shrine placed on the map generator's objective cells (the fairest
places it found). The engine's victory is the book's: a team wiped out loses at once; otherwise
after 12 rounds each team scores the points of its surviving squads plus 20 for each relic it
holds, plus what the card scores on the way (chests opened, enemies taken down, rounds holding
the shrine). A card with a door gets a vault: the relic's hex is walled round (its neighbours
made impassable) with the door in the wall that faces the attacker's edge, so the door bars the
only way in (:func:`_vault`). :func:`scenario_options` hands the checked scenario to
``make_battle``.
"""

from __future__ import annotations

from typing import Any

from generator.boards.mapfile import format_cell

#: Scoring the SagaBorn engine plays: its own cut-off count (surviving points, relics held) and
#: the scenario points it adds to it.
PLAYED = {"surviving_points", "hold_relic", "last_standing", "open_chest", "take_down", "hold_centre"}
#: Objectives the draft can place on a generated map (a door only in the wall of a relic's vault).
PLACED = ("relic", "chest", "objective", "door")


def draft(system: str, rng, size=None, mode: str = "random") -> dict[str, Any]:
    from generator.boards.mapfile import BoardMap
    from generator.boards.mapgen import generate_map
    from generator.scenarios.decks import decks, deployment_parts, draw
    from generator.scenarios.model import edge_cells

    cards = [c for c in decks("sagaborn").get("scenario", [])
             if {s.kind for s in c.victory.scoring} <= PLAYED and all(o.kind in PLACED for o in c.objectives)
             and c.deployment is not None and _door_guards_relic(c)]
    card = draw(cards, mode, rng.spawn("scenario"))
    markers = [(o.kind, o.points, o.name) for o in card.objectives for _ in range(o.count) if o.kind != "door"]
    doors = [o.name for o in card.objectives if o.kind == "door"]
    made = generate_map("sagaborn", size=size, seed=rng.integers(0, 2**31 - 1), objectives=len(markers))
    board = made.board
    data = board.model_dump(mode="json", exclude_defaults=True)
    data.update(grid="hex", orientation=board.orientation, offset=board.offset, width=board.width,
                height=board.height, zones={}, objectives=[], relics=[], chests=[], doors=[])
    door_marker = None
    if doors:
        relic = next(cell for cell, (kind, _, _) in zip(board.objectives, markers) if kind == "relic")
        attacker = next(side for side in ("a", "b") if getattr(card.deployment, side).role != "defender")
        door, walls = _vault(BoardMap.model_validate(data), relic, getattr(card.deployment, attacker).edge)
        data["blocked"] = sorted(set(data.get("blocked", [])) | set(walls))
        data["water"] = [c for c in data.get("water", []) if c not in walls]
        data["elevation"] = {c: v for c, v in data.get("elevation", {}).items() if c not in walls}
        door_marker = {"cell": door, "kind": "door", **({"name": doors[0]} if doors[0] else {})}
    bmap = BoardMap.model_validate(data)
    deployment = deployment_parts(card)  # the card's name, and who moves first (a role becomes its side)
    used: set[str] = set(board.objectives)
    for side in ("a", "b"):
        spec = getattr(card.deployment, side)
        cells = [format_cell(c) for c in edge_cells(bmap, spec.edge, spec.depth)]
        deployment[side] = {"start": [c for c in cells if c not in used],
                            **({"role": spec.role} if spec.role else {})}
        used |= set(deployment[side]["start"])
    objectives = []
    for cell, (kind, points, name) in zip(board.objectives, markers):
        marker = {"cell": cell, "kind": kind, "points": (points or 20) if kind == "relic" else points}
        objectives.append(marker | ({"name": name} if name else {}))
    if door_marker:
        objectives.append(door_marker)
    return {
        "map": data, "deployment": deployment, "objectives": objectives,
        "victory": {"card": card.name, "rounds": card.victory.rounds or 12, "tie": card.victory.tie,
                    "scoring": [s.model_dump() for s in card.victory.scoring]},
        "title_card": card.name,
    }


def _door_guards_relic(card) -> bool:
    """A door is only drawn as the way into a relic's vault: one door, one relic."""
    kinds = [o.kind for o in card.objectives for _ in range(o.count)]
    return "door" not in kinds or (kinds.count("door") == 1 and kinds.count("relic") == 1)


def _vault(bmap, relic: str, attacker_edge: str) -> tuple[str, list[str]]:
    """The door and the walls that seal ``relic``'s hex: the door is the neighbour nearest the
    attacker's edge (ties: the one nearest the middle column, then the lowest label), the other
    neighbours on the board become wall. The relic sits on the map generator's fairest cell,
    near the middle, so the wall cuts no stretch of the field off."""
    from generator.boards.mapfile import format_cell, parse_cell
    from generator.scenarios.model import edge_cells

    grid = bmap.grid_obj()
    ring = [n for n in grid.neighbours(parse_cell(relic))]
    edge = edge_cells(bmap, attacker_edge, 1)
    middle = (bmap.width - 1) / 2

    def reach(cell):
        return (min(grid.distance(cell, e) for e in edge), abs(cell[0] - middle), format_cell(cell))

    door = min(ring, key=reach)
    return format_cell(door), sorted(format_cell(c) for c in ring if c != door)


def scenario_options(loaded) -> dict[str, Any]:
    """The scenario's map with its set-up zones and its relics, chests and doors where they lie."""
    from generator.boards.mapfile import BoardMap

    scn = loaded.scenario
    data = loaded.board.model_dump()
    for kind, key in (("relic", "relics"), ("chest", "chests"), ("door", "doors")):
        data[key] = sorted(set(data.get(key, [])) | {o.cell for o in scn.objectives if o.kind == kind})
    data["objectives"] = [c for c in data.get("objectives", []) if c not in set(data["relics"]) | set(data["chests"])
                          | set(data["doors"])]
    scoring = {s.kind: s.points for s in scn.victory.scoring if s.kind in ("open_chest", "take_down", "hold_centre")}
    shrine = next((o.cell for o in scn.objectives if o.kind == "objective"), None)
    roles = {side: getattr(getattr(scn.deployment, side), "role", None) for side in ("a", "b")}
    return {"map": BoardMap.model_validate(data), "points": int(max(scn.budgets.a, scn.budgets.b)),
            "scoring": scoring, "shrine": shrine if "hold_centre" in scoring else None,
            "first": scn.deployment.first, "rounds": scn.victory.rounds,
            "tie_to": next((side for side, role in roles.items() if role == scn.victory.tie), None)}
