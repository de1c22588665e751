"""A scenario file: one battle, everything the engine needs to play it and a booklet to print it.

A scenario is data the battle engine can execute, plus a short tale; nothing in it is only
prose. One grammar serves the five systems::

    system: bladeborn           # which rules
    kind: scenario
    seed: 2026                  # the seed it was generated (and balanced) with
    title: ...
    tale: ...                   # a few lines of story, our own words
    map: {grid: hex, ...}       # inline map data (the boards package's map format), or a map name
    deployment:                 # each side's starting and reserve cells, or an edge to set up on
      a: {start: ["2,0", ...], reserve: ["0,1"], role: attacker}
      b: {edge: south, depth: 2, role: defender}
      first: a                  # who moves first, when the scenario says (else the rules decide)
    objectives: [{cell: "6,4", kind: relic, points: 20}]
    victory: {scoring: [{kind: per_objective, points: 1}], rounds: 3, tie: draw}
    twist: {name: Blood Moon, text: ..., effect: {kind: crit_damage_bonus, amount: 1}}
    budgets: {a: 500, b: 500}
    forces: {a: <roster>, b: <roster>}   # inline, as the system's roster model dumps them
    balance: {games: 400, wins_a: 190, ...}   # the figures of `skirmish balance --json`

Cells are ``"col,row"`` offset coordinates, as printed on the board (the boards package's map
format); axial coordinates stay inside the engine. :func:`load_scenario` checks every field
against the map, the system's decks and rules vocabulary (:mod:`generator.scenarios.rules`)
and the forces' prices, and reports each problem as ``file:line: field: message``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from generator import registry
from generator.content.errors import format_validation_error
from generator.content.loader import find_system, raise_problems
from generator.content.source import Source, display_path, read_source
from generator.errors import ContentError
from generator.files import write_atomic
from generator.scenarios.checks import check, edge_cells, resolve_map, where_of  # noqa: F401  (edge_cells: re-exported)
from generator.scenarios.schema import (  # noqa: F401  (re-exported: the scenario's models are used by name from here)
    EDGES,
    MAX_ROUNDS,
    PLAYED_TIES,
    Balance,
    Budgets,
    Deployment,
    Fingerprint,
    Hand,
    Lean,
    LoadedScenario,
    Objective,
    Pick,
    Policies,
    Scenario,
    SearchVerdict,
    SeatTally,
    SetupLean,
    Side,
    SideName,
    Twist,
    Victory,
)


def scenario_board(scn: Scenario, board):
    """The map as the booklet prints it: the scenario's objectives and each side's set-up cells
    (edges become the cells along them) replace whatever the map file held."""
    from generator.boards.mapfile import BoardMap, Zone, format_cell

    zones = {}
    for side in ("a", "b"):
        setup: Side = getattr(scn.deployment, side)
        start = list(setup.start)
        if setup.edge:
            start += [format_cell(c) for c in edge_cells(board, setup.edge, setup.depth) if format_cell(c) not in start]
        zones[side_label(scn, side)] = Zone(start=start, reserve=list(setup.reserve))
    data = board.model_dump()
    data.update(objectives=[o.cell for o in scn.objectives], zones={k: v.model_dump() for k, v in zones.items()})
    for kind, key in (("relic", "relics"), ("chest", "chests"), ("door", "doors")):  # drawn by their kind
        data[key] = list(dict.fromkeys(list(data.get(key, [])) + [o.cell for o in scn.objectives if o.kind == kind]))
    if scn.twist is not None:  # a twist that changes the ground changes the printed map too
        extra = scn.twist.effect.params().get("cells") or []
        key = {"extra_blocked": "blocked", "extra_water": "water"}.get(scn.twist.effect.kind)
        if key:
            data[key] = list(data[key]) + [c for c in extra if c not in data[key]]
    # an edge zone may run over cells another list already uses: keep the first owner
    seen = set(data["objectives"])
    for name, zone in data["zones"].items():
        zone["start"] = [c for c in zone["start"] if c not in seen and not seen.add(c)]
        zone["reserve"] = [c for c in zone["reserve"] if c not in seen and not seen.add(c)]
    return BoardMap.model_validate(data)


def side_label(scn: Scenario, side: str) -> str:
    setup: Side = getattr(scn.deployment, side)
    return setup.label or side.upper()


def _validate_top(source: Source | None, data: Any, where) -> Scenario:
    if not isinstance(data, dict):
        raise ContentError(f"{where(())}: a scenario file must be a mapping with system, kind: scenario, title, ...")
    from generator.content.strict import boolean_problems

    try:
        made = Scenario.model_validate(data)
        raise_problems(boolean_problems(data, made, where))  # `points: true` is not 1
        return made
    except ValidationError as err:
        if source is not None:
            raise_problems(format_validation_error(err, source, Scenario))
        from generator.content.errors import describe_error, field_path

        raise_problems([f"{where(tuple(e['loc']))}: {field_path(e['loc'])}: {describe_error(e, Scenario)}"
                        for e in err.errors(include_url=False)])
    raise AssertionError("unreachable")


def validate(data: Any, source: Source | None = None, name: str = "scenario", path: Path | None = None) -> LoadedScenario:
    """Check scenario data completely; raises ContentError listing every problem (file:line)."""
    where = where_of(source, name)
    scn = _validate_top(source, data, where)
    board = resolve_map(scn.map, where)
    problems, rosters, costs = check(scn, board, where)
    raise_problems(problems)

    return LoadedScenario(scn, find_system(scn.system), scenario_board(scn, board), rosters, costs, path)


def load_scenario(path: str | os.PathLike) -> LoadedScenario:
    """Read and check a scenario file; any problem is a ContentError naming file:line and field."""
    source = read_source(Path(path))
    return validate(source.data, source, path=Path(path))


def scenario_model(data: dict) -> Scenario:
    """The plain model from data (the content library's ``kind: scenario`` entry point)."""
    return Scenario.model_validate(data)


# ---- writing ------------------------------------------------------------------------------------


def roster_dump(roster: BaseModel) -> dict[str, Any]:
    """A roster as a scenario file holds it: the roster model's own JSON dump, nulls left out."""
    return roster.model_dump(mode="json", exclude_none=True)


class _Dumper(yaml.SafeDumper):
    """Short lists of scalars (cells, numbers) in flow style so the file stays readable."""


def _represent_list(dumper, data):
    flow = bool(data) and all(not isinstance(x, (dict, list)) and len(str(x)) < 40 for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_str(dumper, data):
    if "\n" in data or len(data) > 80:
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=">" if "\n" not in data else "|")
    style = '"' if "," in data and data.replace(",", "").replace("-", "").isdigit() else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(tuple, _represent_list)
_Dumper.add_representer(str, _represent_str)


def _represent_dict(dumper, data):
    flow = bool(data) and all(not isinstance(v, (dict, list)) for v in data.values()) and len(str(data)) < 80
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)


_Dumper.add_representer(dict, _represent_dict)


def dump_scenario(scn: Scenario) -> str:
    """The YAML text of a scenario, keys in the order of the model, defaults left out."""
    from generator.boards.mapfile import BoardMap

    data = scn.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    data = {"system": scn.system, "kind": "scenario", **{k: v for k, v in data.items() if k not in ("system", "kind")}}
    data["objectives"] = data.get("objectives", [])
    if isinstance(data["map"], dict):
        order = list(BoardMap.model_fields)
        data["map"] = {k: data["map"][k] for k in sorted(data["map"], key=lambda k: order.index(k) if k in order else 99)}
    data["budgets"] = {k: int(v) if float(v).is_integer() else v for k, v in data["budgets"].items()}
    ordered = {k: data[k] for k in Scenario.model_fields if k in data}
    data = ordered
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def save_scenario(scn: Scenario | LoadedScenario, path: str | os.PathLike) -> Path:
    """Check and write a scenario atomically: an invalid scenario is never written."""
    if isinstance(scn, LoadedScenario):
        scn = scn.scenario
    validate(scn.model_dump(mode="json", exclude_none=True), name=display_path(Path(path)))
    return write_atomic(Path(path), dump_scenario(scn))


def _validate_scenario_file(source: Source):
    """A ``kind: scenario`` content file, checked against its map, decks and forces."""
    return validate(source.data, source, path=source.path).scenario


registry.register_kind("scenario", validate=_validate_scenario_file)
