"""The checks a scenario's fields cannot make alone: against its map, its system's decks and rules
vocabulary, the engine's limits, and the forces' models and prices.

:func:`check` runs them all and returns every problem, each as ``file:line: field: message``
sorted by line, so ``skirmish validate`` lists a whole file's problems at once. Each family of
checks is one function, in the order a reader meets the fields in the file: cells and
deployment, cards, scoring rules and victory, the twist, the forces.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from generator.content.errors import field_path
from generator.content.loader import find_system, raise_problems
from generator.content.source import Source
from generator.errors import ContentError, SkirmishError
from generator.scenarios import rules
from generator.scenarios.schema import MAX_ROUNDS, PLAYED_TIES, LoadedScenario, Scenario, Side


def where_of(source: Source | None, name: str):
    """``where(loc)``: the ``file:line`` of a field (or the scenario's name when there is no file)."""
    if source is None:
        return lambda loc: name
    return lambda loc: source.where(loc)


def _located(problems, where, prefix=()) -> list[tuple[int, str]]:
    out = []
    for loc, msg in problems:
        full = tuple(prefix) + tuple(loc)
        out.append((full, f"{where(full)}: {field_path(full)}: {msg}"))
    return out


def _roster_kind(system) -> str:
    from generator.content.loader import ROSTER_KINDS

    for kind in ROSTER_KINDS:
        if kind in system.content_models:
            return kind
    raise SkirmishError(f"{system.title} has no roster kind")  # pragma: no cover


def resolve_map(spec: dict | str, where, loc=("map",)):
    """The scenario's map as a BoardMap: inline data, or a map file by name (content/maps/<name>.yaml)."""
    from generator.boards.mapfile import board_or_problems, load_map
    from generator.content import library

    if isinstance(spec, str):
        files = library().files()
        rel = f"maps/{spec}.yaml"
        if rel not in files:
            names = sorted(Path(k).stem for k in files if k.startswith("maps/"))
            raise ContentError(f"{where(loc)}: map: {spec!r} is not a known map; give the map inline or "
                               f"one of {', '.join(names)}")
        return load_map(files[rel])
    board, located = board_or_problems(spec)
    if board is not None:
        return board
    raise_problems([text for _, text in _located(located, where, loc)])


def edge_cells(board, edge: str, depth: int) -> list[tuple[int, int]]:
    """Open cells within ``depth`` rows or columns of an edge (north is row 0, west is column 0)."""
    blocked = board.impassable_cells()
    out = []
    for col, row in board.grid_obj().cells():
        inside = {"north": row < depth, "south": row >= board.height - depth,
                  "west": col < depth, "east": col >= board.width - depth}[edge]
        if inside and (col, row) not in blocked:
            out.append((col, row))
    return out


Problems = list[tuple[tuple, str]]


def check(scn: Scenario, board, located_where, decks: dict | None = None) -> tuple[list[str], dict, dict]:
    """Every cross-field problem: cells off the board or blocked, unknown cards and kinds,
    rounds beyond the system's limit, forces that do not validate or cost more than the budget.
    Returns (problems, rosters, costs)."""
    problems: Problems = []
    cell_at = _Cells(board, problems)
    _check_placement(scn, cell_at, problems)
    _check_cards(scn, decks if decks is not None else _deck_names(scn.system), problems)
    _check_scoring(scn, problems)
    _check_victory(scn, problems)
    _check_twist(scn, cell_at, problems)
    rosters, costs = _check_forces(scn, board, problems)
    lines = _located(problems, located_where)
    lines.sort(key=lambda item: _line_key(item[1]))
    return [text for _, text in lines], rosters, costs


class _Cells:
    """``cell_at(loc, text)``: the cell a field names, or None after noting why it cannot be one
    (not a cell, off the board, blocked, or already used by another field)."""

    def __init__(self, board, problems: Problems):
        self.board, self.problems = board, problems
        self.grid = board.grid_obj()
        self.impassable = board.impassable_cells()
        self.owner: dict[tuple[int, int], tuple] = {}

    def __call__(self, loc, text):
        from generator.boards.mapfile import parse_cell

        board = self.board
        try:
            cell = parse_cell(text)
        except ValueError as err:
            self.problems.append((loc, str(err)))
            return None
        if not self.grid.in_bounds(cell):
            self.problems.append((loc, f"{text!r} is off the {board.width}x{board.height} board "
                                       f"(cols 0-{board.width - 1}, rows 0-{board.height - 1})"))
            return None
        if cell in self.impassable:
            self.problems.append((loc, f"{text!r} is a blocked cell of the map"))
            return None
        if cell in self.owner:
            self.problems.append((loc, f"{text!r} is already used by {field_path(self.owner[cell])}"))
            return None
        self.owner[cell] = loc
        return cell


def _check_placement(scn: Scenario, cell_at: _Cells, problems: Problems) -> None:
    """Objectives and each side's start and reserve cells are open cells of the map, used once."""
    for i, obj in enumerate(scn.objectives):
        cell_at(("objectives", i, "cell"), obj.cell)
    for side in ("a", "b"):
        setup: Side = getattr(scn.deployment, side)
        for which in ("start", "reserve"):
            for i, text in enumerate(getattr(setup, which)):
                cell_at(("deployment", side, which, i), text)
    if scn.deployment.a.edge and scn.deployment.a.edge == scn.deployment.b.edge:
        problems.append((("deployment", "b", "edge"), f"{scn.deployment.b.edge!r} is side a's edge too; "
                                                      "give the sides different edges"))


def _check_cards(scn: Scenario, decks: dict, problems: Problems) -> None:
    """The cards the scenario names (and the hands a pick dealt) are cards of its system's decks."""
    for loc, name, deck in ((("deployment", "card"), scn.deployment.card, "deployment"),
                            (("victory", "card"), scn.victory.card, "victory"),
                            (("twist", "card"), scn.twist.card if scn.twist else None, "twist")):
        if name is None:
            continue
        known = decks.get(deck, [])
        if name not in known:
            allowed = ", ".join(known) if known else f"none ({scn.system} has no {deck} cards)"
            problems.append((loc, f"{name!r} is not a {scn.system} {deck} card; choose one of {allowed}"))
    if scn.pick is not None:
        every = {n for names in decks.values() for n in names}
        for h, hand in enumerate(scn.pick.hands):
            for i, name in enumerate(hand.dealt):
                if name not in every:
                    problems.append((("pick", "hands", h, "dealt", i), f"{name!r} is not a {scn.system} card"))


def _check_scoring(scn: Scenario, problems: Problems) -> None:
    """Each scoring rule is one the system's engine plays, with its numbers, and has what it scores."""
    for i, rule in enumerate(scn.victory.scoring):
        loc = ("victory", "scoring", i)
        msg = rules.check_kind(rules.SCORING, "scoring rule", scn.system, rule.kind)
        if msg:
            problems.append((loc + ("kind",), msg))
        else:
            for sub, text in rules.check_params(rules.SCORING[rule.kind], rule.params()):
                problems.append((loc + sub, text))
        if rule.kind in ("per_objective", "hold_centre", "most_objectives") and not scn.objectives:
            problems.append((loc + ("kind",), f"{rule.kind!r} scores objectives, but the scenario has none"))
        if rule.kind == "hold_relic" and not any(o.kind == "relic" for o in scn.objectives):
            problems.append((loc + ("kind",), "'hold_relic' scores relics, but no objective is a relic"))
        if rule.kind == "hold_centre" and scn.system == "sagaborn" and not any(o.kind == "objective"
                                                                                for o in scn.objectives):
            problems.append((loc + ("kind",), "'hold_centre' scores the shrine, but no objective is one "
                                              "(kind: objective)"))
        if rule.kind == "open_chest" and not any(o.kind == "chest" for o in scn.objectives):
            problems.append((loc + ("kind",), "'open_chest' scores chests, but no objective is a chest"))


def _check_victory(scn: Scenario, problems: Problems) -> None:
    """The tie rule and the number of rounds are ones the system's engine plays."""
    if scn.victory.tie in ("attacker", "defender") and scn.victory.tie not in (scn.deployment.a.role, scn.deployment.b.role):
        problems.append((("victory", "tie"), f"{scn.victory.tie!r} needs a side with role: {scn.victory.tie} "
                                             "in the deployment"))
    if scn.system in PLAYED_TIES and scn.victory.tie not in PLAYED_TIES[scn.system]:
        problems.append((("victory", "tie"), f"{scn.victory.tie!r} is not a tie rule the {scn.system} engine plays; "
                                             f"choose one of {', '.join(PLAYED_TIES[scn.system])}"))
    limit = MAX_ROUNDS[scn.system]
    if scn.victory.rounds is not None and scn.victory.rounds > limit:
        problems.append((("victory", "rounds"), f"{scn.victory.rounds} is above the {scn.system} limit of {limit} rounds"))
    if scn.victory.rounds is None and not any(r.kind == "last_standing" for r in scn.victory.scoring):
        problems.append((("victory", "rounds"), "is required unless a scoring rule is 'last_standing'"))


def _check_twist(scn: Scenario, cell_at: _Cells, problems: Problems) -> None:
    """The twist's effect is one the engine plays, with its numbers; the cells it names are open."""
    if scn.twist is None:
        return
    eff = scn.twist.effect
    msg = rules.check_kind(rules.EFFECTS, "twist effect", scn.system, eff.kind)
    if msg:
        problems.append((("twist", "effect", "kind"), msg))
        return
    for sub, text in rules.check_params(rules.EFFECTS[eff.kind], eff.params()):
        problems.append((("twist", "effect") + sub, text))
    for i, text in enumerate(eff.params().get("cells", []) if isinstance(eff.params().get("cells"), list) else []):
        cell_at(("twist", "effect", "cells", i), text)


def _check_forces(scn: Scenario, board, problems: Problems) -> tuple[dict, dict]:
    """Each side's force validates as the system's roster and costs no more than its budget.
    Returns the rosters and their costs."""
    from generator.content.errors import describe_error
    from generator.content.strict import booleans_read_as_numbers

    system = find_system(scn.system)
    rosters, costs = {}, {}
    model = system.content_models[_roster_kind(system)]
    members = system.fighters or system.combatants
    if (system.extra or {}).get("fighters_for") and system.scenario_options:
        # who fights (and is paid for) depends on the battle: a Gorechosen team battle seats two
        battle = system.scenario_options(LoadedScenario(scn, system, board, {}, {}))
        members = lambda roster: system.extra["fighters_for"](roster, battle)  # noqa: E731
    for side in ("a", "b"):
        data = scn.forces[side]
        try:
            rosters[side] = model.model_validate(data)
            for loc in booleans_read_as_numbers(data, rosters[side]):
                problems.append((("forces", side) + loc, "a yes/no value, not a number; give a number"))
        except ValidationError as err:
            for e in err.errors(include_url=False):
                problems.append((("forces", side) + tuple(e.get("loc", ())), describe_error(e, model)))
            continue
        priced = system.price(list(members(rosters[side]))) if system.price else []
        costs[side] = round(sum(p.cost for p in priced), 1)
        budget = getattr(scn.budgets, side)
        if costs[side] > budget + 1e-6:
            problems.append((("forces", side), f"costs {costs[side]:g} {system.cost_unit}, over its budget of "
                                               f"{budget:g} (budgets.{side})"))
    return rosters, costs


def _line_key(text: str) -> int:
    head = text.split(": ", 1)[0]
    try:
        return int(head.rsplit(":", 1)[1])
    except (IndexError, ValueError):
        return 0


def _deck_names(system: str) -> dict[str, list[str]]:
    from generator.scenarios.decks import card_names

    return card_names(system)


