"""Seating two Bladestorm rosters on a scenario (rulebook 10.0): which scenario and map they
play, and a check that every base can get through some gap to the enemy.

:func:`make_battle` (``SYSTEM.make_battle``) turns two loaded rosters and a battle's options
into the :class:`~generator.play.engine.Battle` the engine plays; what every battle of that
seating then shares is :class:`~generator.systems.bladestorm.game.Prepared`.
"""

from __future__ import annotations

from generator.errors import SkirmishError
from generator.play.engine import SIDES, Battle
from generator.systems.bladestorm.footing import UNREACHABLE
from generator.systems.bladestorm.game import BladestormState

_OPTIONS = ("map", "card", "variant", "twist", "scenario", "files")


def make_battle(force_a, force_b, options: dict | None = None) -> Battle:
    """Seat two loaded rosters on a scenario (``SYSTEM.make_battle``).

    ``options["card"]`` names the scenario (a key such as ``a-test-of-arms`` or a file); without
    it, the book's own two rosters play "Warriors of Ash" and any others "A Test of Arms".
    ``options["map"]`` replaces the scenario's map (its zones must still fit the set-up). Force A
    is the scenario's player #1. A base that cannot get through any gap to the enemy is refused.
    """
    from generator.play.board import board_for
    from generator.systems.bladestorm.scenario import DEFAULT_BOOK, DEFAULT_OTHER, load_scenario

    options = dict(options or {})
    for key in options:
        if key not in _OPTIONS:
            raise SkirmishError(f"bladestorm: unknown battle option {key!r}; known: {', '.join(_OPTIONS)}")
    for key in ("variant", "twist"):
        if options.get(key):
            raise SkirmishError(f"bladestorm: --{key} {options[key]!r}: the Basic Game has no {key}s; leave it out")
    name = options.get("card") or options.get("scenario")
    if not name:
        name = DEFAULT_BOOK if _book_forces(DEFAULT_BOOK, force_a, force_b) else DEFAULT_OTHER
    loaded = load_scenario(name)
    if options.get("map") is not None:
        from generator.systems.bladestorm.scenario import LoadedScenario, check_against_map

        board_map = options["map"]
        problems = check_against_map(loaded.scenario, board_map, lambda loc: f"--map {board_map.name or 'map'}")
        if board_map.grid != "square":
            problems.insert(0, f"--map {board_map.name or 'map'}: grid: {board_map.grid!r}; Bladestorm plays on square tiles")
        if problems:
            raise SkirmishError(problems[0], problems=problems)
        loaded = LoadedScenario(loaded.key, loaded.path, loaded.scenario, board_map, loaded.source)
    battle = Battle(
        system="bladestorm",
        forces={"a": force_a, "b": force_b},
        board=board_for(loaded.map, diagonal=True),
        rules={"scenario": loaded, "map": loaded.map, "map_option": options.get("map") is not None,
               "files": options.get("files") or {}},
        names={"a": force_a.name, "b": force_b.name},
    )
    _check_ways_through(battle)
    return battle


def _book_forces(key: str, force_a, force_b) -> bool:
    """Are these the rosters the scenario was written for (in either seat)?"""
    from generator.content import library
    from generator.content.library import load_kept
    from generator.systems.bladestorm.scenario import scenario_files

    path = scenario_files().get(key)
    if path is None:
        return False
    scenario = load_kept(path).model
    names = set()
    for player in scenario.players.values():
        if player.roster:
            names.add(load_kept(library().path(player.roster)).model.name)
    return {force_a.name, force_b.name} == names and len(names) == 2


def _check_ways_through(battle: Battle) -> None:
    """One line when a base is too large for every gap between its set-up and the enemy's."""
    state = BladestormState(battle)
    starts: dict[str, list[int]] = {}
    for seat in SIDES:
        if state.scenario.players[seat].setup.kind == "marked":
            state._place_marked(seat)
    for p in state.pieces:
        starts[p.id] = [p.anchor] if p.placed else state.setup_anchors(p)
    loaded = battle.rules["scenario"]
    # a base's goals depend on its size and side only, and an enemy's on its size and start
    goals_of: dict[tuple[int, str], set[int]] = {}
    for p in state.pieces:
        goals = goals_of.get((id(p.footing), p.side))
        if goals is None:
            goals = goals_of[(id(p.footing), p.side)] = set()
            seen: set[tuple[int, tuple[int, ...]]] = set()
            for q in state.pieces:
                enemy = (id(q.footing), tuple(starts[q.id]))
                if q.side == p.side or enemy in seen:
                    continue
                seen.add(enemy)
                for anchor in starts[q.id]:
                    q.anchor = anchor
                    goals.update(state.contact_anchors(p, q))
        dist = p.footing.field(goals) if goals else None
        if dist is None or all(dist[i] >= UNREACHABLE for i in starts[p.id]):
            if battle.rules.get("map_option"):
                where, on = f"--map {battle.rules['map'].name or 'map'}", "this map"
            else:
                where, on = loaded.where(("map",)), loaded.scenario.map
            files = battle.rules.get("files") or {}
            if files.get(p.side):
                on += f" (roster {files[p.side]})"
            raise SkirmishError(
                f"{where}: {p.name}'s {p.base_in:g}\" base cannot get through any gap between its "
                f"set-up and the enemy on {on}; choose another scenario (--battle) or map"
            )
