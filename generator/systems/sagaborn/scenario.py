"""SagaBorn Battles scenarios for the scenario generator: relics, chests and doors on a fair map.

:func:`draft` generates a fair hex map with hills and water (the map generator's SagaBorn
settings) and draws a scenario card from ``content/sagaborn/scenarios/``: each side's set-up edge,
and its relics, chests or shrine placed on the map generator's objective cells (the fairest
places it found). The engine's victory is the book's: a team wiped out loses at once; otherwise
after 12 rounds each team scores the points of its surviving squads plus 20 for each relic it
holds, plus what the card scores on the way (chests opened, enemies taken down, rounds holding
the shrine). Cards with a door are not drawn: a door on a generated open field bars nothing (the
map generator draws no walls to set it in), so its scenario would be prose, not a battle.
:func:`scenario_options` hands the checked scenario to ``make_battle``.
"""

from __future__ import annotations

from typing import Any

from generator.boards.mapfile import format_cell

#: Scoring the SagaBorn engine plays: its own cut-off count (surviving points, relics held) and
#: the scenario points it adds to it.
PLAYED = {"surviving_points", "hold_relic", "last_standing", "open_chest", "take_down", "hold_centre"}
#: Objectives the draft can place on a generated map.
PLACED = ("relic", "chest", "objective")


def draft(system: str, rng, size=None, mode: str = "random") -> dict[str, Any]:
    from generator.boards.mapfile import BoardMap
    from generator.boards.mapgen import generate_map
    from generator.scenarios.decks import decks, draw
    from generator.scenarios.model import edge_cells

    cards = [c for c in decks("sagaborn").get("scenario", [])
             if {s.kind for s in c.victory.scoring} <= PLAYED and all(o.kind in PLACED for o in c.objectives)
             and c.deployment is not None]
    card = draw(cards, mode, rng.spawn("scenario"))
    markers = [(o.kind, o.points, o.name) for o in card.objectives for _ in range(o.count)]
    made = generate_map("sagaborn", size=size, seed=rng.integers(0, 2**31 - 1), objectives=len(markers))
    board = made.board
    data = board.model_dump(mode="json", exclude_defaults=True)
    data.update(grid="hex", orientation=board.orientation, offset=board.offset, width=board.width,
                height=board.height, zones={}, objectives=[], relics=[], chests=[], doors=[])
    bmap = BoardMap.model_validate(data)
    deployment: dict[str, Any] = {"card": card.name}
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
    return {
        "map": data, "deployment": deployment, "objectives": objectives,
        "victory": {"card": card.name, "rounds": card.victory.rounds or 12, "tie": card.victory.tie,
                    "scoring": [s.model_dump() for s in card.victory.scoring]},
        "title_card": card.name,
    }


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
