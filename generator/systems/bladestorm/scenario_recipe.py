"""Bladestorm scenarios for the scenario generator, laid out as the book lays its own out.

:func:`draft` draws a Tale, a Terrain (a generated 1" tile map, or a named one) and each player's
Set-up from ``content/bladestorm/decks/``; the Victory is the Basic Game's own (a player wins by
removing every enemy combatant), the one the engine plays on the board. :func:`scenario_options`
hands a checked scenario to :func:`generator.systems.bladestorm.seating.make_battle`.
"""

from __future__ import annotations

from typing import Any

from generator.boards.mapfile import format_cell


def draft(system: str, rng, size=None, mode: str = "random") -> dict[str, Any]:
    from generator.boards.mapfile import load_map
    from generator.boards.mapgen import generate_map
    from generator.content.library import library
    from generator.scenarios.decks import decks, draw

    found = decks("bladestorm")
    terrain = draw(found["terrain"], mode, rng.spawn("terrain")).terrain
    if terrain.map and size is None:
        board = load_map(library().path(f"maps/{terrain.map}.yaml"))
    else:
        density = terrain.layers[0].get("density") if terrain.layers else None
        made = generate_map("bladestorm", size=size or (tuple(terrain.size) if terrain.size else None),
                            seed=rng.integers(0, 2**31 - 1), density=density, objectives=0)
        board = made.board
    data = board.model_dump(mode="json", exclude_defaults=True)
    data.update(grid="square", width=board.width, height=board.height, tile_in=board.tile_in, zones={}, objectives=[])
    setup = draw(found["setup"], mode, rng.spawn("setup"))
    deployment: dict[str, Any] = {"card": setup.name}
    for side in ("a", "b"):
        spec = setup.setup[side]
        deployment[side] = {"edge": spec.edge, "depth": spec.depth, **({"role": spec.role} if spec.role else {})}
    deployment["first"] = setup.first or "a"
    victory_cards = [c for c in found["victory"] if [s.kind for s in c.victory.scoring] == ["last_standing"]]
    victory = draw(victory_cards, mode, rng.spawn("victory"))
    tale = draw(found["tale"], mode, rng.spawn("tale")) if found.get("tale") else None
    return {
        "map": data, "deployment": deployment, "objectives": [],
        "victory": {"card": victory.name, "scoring": [s.model_dump() for s in victory.victory.scoring],
                    "tie": victory.victory.tie},
        "title_card": tale.name if tale else victory.name,
    }


def scenario_options(loaded) -> dict[str, Any]:
    from generator.systems.bladestorm.scenario import from_loaded

    return {"scenario": from_loaded(loaded, loaded.path)}
