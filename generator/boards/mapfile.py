"""The map file every ``skirmish map`` command reads and writes (YAML), and its validation.

A hex map is at least::

    grid: hex
    orientation: flat        # flat | pointy
    offset: odd              # odd | even
    width: 13                # columns
    height: 10               # rows
    blocked: ["3,4", "3,5"]  # "col,row", 0-based, col = x to the right, row = y downwards

plus what the systems need: ``objectives``; ``zones`` (per player: ``start`` and ``reserve``
cells); Gorechosen ``pits`` and ``obstructions``; SagaBorn ``elevation`` ("col,row" -> level)
and ``water``, and for dungeons ``doors``, ``chests`` and ``relics``; Bladestorm ``walls`` (polylines/polygons in inches, on a ``grid: square`` map).

Every problem is reported (not just the first), each naming the entry, e.g.
``maps/x.yaml:7: blocked[3]: '14,2' is outside the 13x10 board (cols 0-12, rows 0-9)``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal, Optional

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from generator import registry
from generator.errors import MapError
from generator.files import write_atomic

from .hexgrid import HexGrid
from .squaregrid import SquareGrid

Cell = tuple[int, int]

#: Largest board accepted in either direction (60x60 = 3600 cells; bigger is almost certainly a
#: typo and would make all-pairs line of sight needlessly slow).
MAX_SIDE = 60
MAX_LEVEL = 20

_CELL_RE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def parse_cell(text: str) -> Cell:
    """Parse ``"col,row"``; raise ``ValueError`` with a readable message if it is malformed."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a cell; write cells as \"col,row\", e.g. \"3,4\"")
    m = _CELL_RE.match(text)
    if not m:
        raise ValueError(f"{text!r} is not a cell; write cells as \"col,row\" with whole numbers, e.g. \"3,4\"")
    return int(m.group(1)), int(m.group(2))


def format_cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


class Zone(BaseModel):
    """One player's deployment: starting cells and reserve cells."""

    model_config = ConfigDict(extra="forbid")
    start: list[str] = Field(default_factory=list)
    reserve: list[str] = Field(default_factory=list)


class Wall(BaseModel):
    """An impassable wall outline in inches from the board's top-left corner (Bladestorm).

    ``points`` is a polyline ([[x, y], ...]); ``closed: true`` makes it a solid polygon;
    ``thickness`` (inches) is the wall's width around the polyline.
    """

    model_config = ConfigDict(extra="forbid")
    points: list[tuple[float, float]] = Field(min_length=2)
    closed: bool = False
    thickness: float = Field(default=0.0, ge=0.0, le=12.0)

    def geometry(self):
        """The wall as a shapely geometry in inches."""
        from shapely.geometry import LineString, Polygon

        if self.closed and len(self.points) >= 3:
            g = Polygon(self.points)
        else:
            g = LineString(self.points)
        return g.buffer(self.thickness / 2) if self.thickness > 0 else g


_CELL_LISTS = ("blocked", "objectives", "pits", "obstructions", "water", "doors", "chests", "relics")


class BoardMap(BaseModel):
    """A validated board: grid shape plus terrain, objectives and deployment zones."""

    model_config = ConfigDict(extra="forbid")

    name: Optional[str] = None
    system: Optional[str] = None
    kind: Optional[Literal["map"]] = None  # "map": lets content-folder tools recognise map files
    grid: Literal["hex", "square"] = "hex"
    orientation: Literal["flat", "pointy"] = "flat"
    offset: Literal["odd", "even"] = "odd"
    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    tile_in: float = Field(default=1.0, gt=0, le=12)
    blocked: list[str] = Field(default_factory=list)
    objectives: list[str] = Field(default_factory=list)
    zones: dict[str, Zone] = Field(default_factory=dict)
    pits: list[str] = Field(default_factory=list)
    obstructions: list[str] = Field(default_factory=list)
    elevation: dict[str, int] = Field(default_factory=dict)
    water: list[str] = Field(default_factory=list)
    walls: list[Wall] = Field(default_factory=list)
    # SagaBorn dungeons: closed doors (block movement and sight until opened), chests (each holds
    # one relic, revealed on its hex when opened) and relics lying on the ground.
    doors: list[str] = Field(default_factory=list)
    chests: list[str] = Field(default_factory=list)
    relics: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check_cells(self) -> "BoardMap":
        problems = self.problems()
        if problems:
            raise BoardProblems(problems)
        return self

    # ---- validation --------------------------------------------------------------------------

    def _outside(self, text: str) -> str:
        return (
            f"{text!r} is outside the {self.width}x{self.height} board "
            f"(cols 0-{self.width - 1}, rows 0-{self.height - 1})"
        )

    def problems(self) -> list[tuple[tuple, str]]:
        """Every problem as ``(path, message)``; path is a pydantic-style location tuple."""
        out: list[tuple[tuple, str]] = []
        grid = self.grid_obj()
        parsed: dict[tuple, Cell] = {}

        def check_list(path: tuple, items: list[str]) -> None:
            seen: dict[Cell, int] = {}
            for i, text in enumerate(items):
                loc = path + (i,)
                try:
                    cell = parse_cell(text)
                except ValueError as err:
                    out.append((loc, str(err)))
                    continue
                if not grid.in_bounds(cell):
                    out.append((loc, self._outside(text)))
                    continue
                if cell in seen:
                    first = _loc_str(path + (seen[cell],))
                    out.append((loc, f"{text!r} is listed twice (also {first})"))
                    continue
                seen[cell] = i
                parsed[loc] = cell

        for name in _CELL_LISTS:
            check_list((name,), getattr(self, name))
        for player, zone in self.zones.items():
            check_list(("zones", player, "start"), zone.start)
            check_list(("zones", player, "reserve"), zone.reserve)
        for key in self.elevation:
            loc = ("elevation", key)
            try:
                cell = parse_cell(key)
            except ValueError as err:
                out.append((loc, str(err)))
                continue
            if not grid.in_bounds(cell):
                out.append((loc, self._outside(key)))
            level = self.elevation[key]
            if not -MAX_LEVEL <= level <= MAX_LEVEL:
                out.append((loc, f"level {level} is outside -{MAX_LEVEL}..{MAX_LEVEL}"))

        return out + self._clash_problems(parsed) + self._wall_problems()

    def _clash_problems(self, parsed: dict[tuple, Cell]) -> list[tuple[tuple, str]]:
        """Cells listed under kinds that cannot share a cell (an objective in a pit, a door on an
        obstruction...), and cells in two players' zones."""
        out: list[tuple[tuple, str]] = []

        def cells_of(path: tuple) -> set[Cell]:
            return {c for loc, c in parsed.items() if loc[: len(path)] == path}

        blocked = cells_of(("blocked",))
        impassable = {"blocked": blocked, "pit": cells_of(("pits",)), "obstruction": cells_of(("obstructions",))}
        # Terrain kinds that cannot share a cell.
        for loc, cell in parsed.items():
            kind = loc[0]
            if kind == "blocked":
                continue
            clash = None
            if cell in blocked:
                clash = "blocked"
            elif kind in ("doors", "chests", "relics") and cell in impassable["pit"] | impassable["obstruction"]:
                clash = "pit or obstruction"
            elif kind in ("chests", "relics", "zones") and cell in cells_of(("doors",)):
                clash = "door"
            elif kind in ("objectives", "zones", "water") and cell in impassable["pit"]:
                clash = "pit"
            elif kind in ("objectives", "zones", "water", "pits") and cell in impassable["obstruction"]:
                clash = "obstruction"
            if clash:
                out.append((loc, f"{format_cell(cell)!r} is a {clash} cell"))
        # A cell in two players' zones.
        owners: dict[Cell, str] = {}
        for player, zone in self.zones.items():
            for c in cells_of(("zones", player)):
                if c in owners and owners[c] != player:
                    loc = next(
                        loc for loc, cc in parsed.items() if cc == c and loc[:2] == ("zones", player)
                    )
                    out.append((loc, f"{format_cell(c)!r} is also in {owners[c]}'s zone"))
                owners.setdefault(c, player)
        return out

    def _wall_problems(self) -> list[tuple[tuple, str]]:
        """Walls belong to square maps and lie on the board (their points are in inches)."""
        out: list[tuple[tuple, str]] = []
        if self.walls and self.grid != "square":
            out.append((("walls",), "walls (outlines in inches) are only for grid: square maps"))
        w_in, h_in = self.width * self.tile_in, self.height * self.tile_in
        for i, wall in enumerate(self.walls):
            for j, (x, y) in enumerate(wall.points):
                if not (0 <= x <= w_in and 0 <= y <= h_in):
                    out.append(
                        (("walls", i, "points", j), f"({x}, {y}) is off the {w_in:g}x{h_in:g} inch board")
                    )
        return out

    # ---- helpers -----------------------------------------------------------------------------

    def grid_obj(self) -> HexGrid | SquareGrid:
        """The grid this map is drawn on."""
        if self.grid == "square":
            return SquareGrid(self.width, self.height, self.tile_in)
        return HexGrid(self.orientation, self.offset, self.width, self.height)

    def _cells(self, items: list[str]) -> set[Cell]:
        return {parse_cell(t) for t in items}

    def blocked_cells(self) -> set[Cell]:
        return self._cells(self.blocked)

    def objective_cells(self) -> list[Cell]:
        return [parse_cell(t) for t in self.objectives]

    def pit_cells(self) -> set[Cell]:
        return self._cells(self.pits)

    def obstruction_cells(self) -> set[Cell]:
        return self._cells(self.obstructions)

    def water_cells(self) -> set[Cell]:
        return self._cells(self.water)

    def door_cells(self) -> list[Cell]:
        return [parse_cell(t) for t in self.doors]

    def chest_cells(self) -> list[Cell]:
        return [parse_cell(t) for t in self.chests]

    def relic_cells(self) -> list[Cell]:
        return [parse_cell(t) for t in self.relics]

    def impassable_cells(self) -> set[Cell]:
        """Cells nobody may enter: blocked, pits and obstructions."""
        return self.blocked_cells() | self.pit_cells() | self.obstruction_cells()

    def level(self, cell: Cell) -> int:
        """Elevation level of a cell (0 when not listed)."""
        return self.elevation.get(format_cell(cell), 0)

    def levels(self) -> dict[Cell, int]:
        return {parse_cell(k): v for k, v in self.elevation.items()}

    def zone_cells(self, player: str, which: Literal["start", "reserve"] = "start") -> list[Cell]:
        zone = self.zones.get(player)
        if zone is None:
            raise MapError(f"no zone for player {player!r}; the map has: {', '.join(self.zones) or 'none'}")
        return [parse_cell(t) for t in getattr(zone, which)]

    def open_cells(self) -> list[Cell]:
        """Every cell that is not blocked, row-major (the order of ``map los --json``)."""
        blocked = self.blocked_cells()
        return [c for c in self.grid_obj().cells() if c not in blocked]

    def wall_geometry(self):
        """Union of every wall, in inches (None when there are no walls)."""
        from shapely import unary_union

        if not self.walls:
            return None
        return unary_union([w.geometry() for w in self.walls])


class BoardProblems(MapError):
    """Raised from inside BoardMap validation; carries (path, message) pairs for load_map."""

    def __init__(self, located: list[tuple[tuple, str]]):
        self.located = located
        super().__init__(problems=[f"{_loc_str(loc)}: {msg}" for loc, msg in located])


def _loc_str(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif "," in str(part):
            out += f"[{str(part)!r}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "map"


def _pydantic_message(err: dict) -> str:
    """One pydantic error in the project's wording, with the map's size cap spelled out."""
    from generator.content.errors import describe_error

    text = describe_error(err, BoardMap)
    if err.get("type") == "less_than_equal" and err["loc"] and err["loc"][-1] in ("width", "height"):
        text += f" (boards are capped at {MAX_SIDE}x{MAX_SIDE})"
    return text


def board_or_problems(data) -> tuple[BoardMap | None, list[tuple[tuple, str]]]:
    """The map ``data`` describes, or what is wrong with it as ``(location, message)`` pairs: for
    a map written inline in another document (a scenario), whose errors name that document's lines."""
    try:
        return BoardMap.model_validate(data), []
    except BoardProblems as err:
        return None, err.located
    except ValidationError as err:
        return None, [(tuple(e["loc"]), _pydantic_message(e)) for e in err.errors()]


def board_from_dict(data: dict, source: str = "map") -> BoardMap:
    """Validate a plain dict as a map; errors name ``source`` and each bad entry."""
    return _validate(data, lambda loc: source)


def _validate(data, where) -> BoardMap:
    """Validate ``data``; ``where(loc)`` gives the "file:line" prefix for an error location."""
    if not isinstance(data, dict):
        raise MapError(f"{where(())}: a map file must be a YAML mapping with grid, width, height, ...")
    from generator.content.strict import booleans_read_as_numbers

    try:
        board = BoardMap.model_validate(data)
        located = [(loc, "a yes/no value, not a number; give a number")
                   for loc in booleans_read_as_numbers(data, board)]  # `width: true` is not 1
        if not located:
            return board
    except BoardProblems as err:
        located = err.located
    except ValidationError as err:
        located = [(tuple(e["loc"]), _pydantic_message(e)) for e in err.errors()]
    raise MapError(problems=[f"{where(loc)}: {_loc_str(loc)}: {msg}" for loc, msg in located])


def load_map(path: str | os.PathLike) -> BoardMap:
    """Read and validate a map file; any problem raises MapError naming the file, line and entry.

    Reading goes through the project's content reader (:mod:`generator.content.source`), so map
    errors look like every other content error: ``file:line: field: message``.
    """
    from generator.content.library import find_named
    from generator.content.source import read_source
    from generator.errors import ContentError

    try:
        source = read_source(find_named(path))
    except ContentError as err:
        message = str(err).replace(": no such file", ": no such map file")
        raise MapError(message, problems=[message]) from None
    return _validate(source.data, source.where)


def is_map_data(data) -> bool:
    """Whether parsed file data is a map: a map file has a ``grid`` and no ``system`` key (or says
    ``kind: map``)."""
    return isinstance(data, dict) and ("grid" in data and "system" not in data or data.get("kind") == "map")


def map_file_problems(path) -> list[str]:
    """Every problem in a map file (empty when clean), for ``skirmish validate``."""
    from generator.errors import SkirmishError

    try:
        load_map(path)
    except SkirmishError as err:
        return err.problems or [str(err)]
    return []


def dump_map(board: BoardMap) -> str:
    """The YAML text of a map: fixed key order, cells as short flow lists, defaults left out."""
    data = board.model_dump(exclude_defaults=True, mode="json")
    for key in ("grid", "width", "height"):
        data.setdefault(key, getattr(board, key))
    if board.grid == "hex":
        data.setdefault("orientation", board.orientation)
        data.setdefault("offset", board.offset)
    order = list(BoardMap.model_fields)
    ordered = {k: data[k] for k in order if k in data}
    return yaml.dump(ordered, Dumper=_MapDumper, sort_keys=False, allow_unicode=True, width=100)


def save_map(board: BoardMap, path: str | os.PathLike) -> Path:
    """Write ``board`` as YAML, atomically (temp file in the same folder, then rename)."""
    path = Path(path)
    write_atomic(path, dump_map(board))
    return path


class _MapDumper(yaml.SafeDumper):
    """Lists of scalars (cell lists, wall points) in flow style so maps stay readable."""


def _represent_list(dumper, data):
    flow = all(not isinstance(x, (dict, list)) for x in data) or all(
        isinstance(x, list) and all(not isinstance(y, (dict, list)) for y in x) for x in data
    )
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow and bool(data))


def _represent_str(dumper, data):
    style = '"' if _CELL_RE.match(data) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_MapDumper.add_representer(list, _represent_list)
_MapDumper.add_representer(str, _represent_str)

# `skirmish validate` finds map files among content files by their shape (they have no system key)
registry.register_headerless("map", is_map_data, map_file_problems)
