"""A Bladestorm scenario as data: the tale, the terrain, who sets up where, who moves first, victory.

The book's Basic Game scenarios (section 10) each give a tale, the terrain, a victory condition and,
per player, the side, the set-up and whether it moves first. A book-scenario file (content kind
``book-scenario``, in ``content/bladestorm/scenarios/``; the shared ``scenario`` kind of
:mod:`generator.scenarios` is the generated-battle format) holds those in our own words, with the numbers
as data, names its map (``content/maps/...``), and lists in ``choices`` every place where the
book is silent and we chose. Everything that crosses files (the map exists, marked set-up cells
lie in the map's zones) is checked when the scenario is loaded, with ``file:line`` errors.

Set-ups:

* ``marked``: the book's map marks each combatant's starting tile ("M", "A", "C", "T").
  ``marks`` pairs each letter with a tile and the combatant the book puts there. A combatant of
  another roster takes the marks in card order, then the nearest free tiles.
* ``zone``: the player places each combatant anywhere in a strip of the map (its ``zones``
  entry), e.g. within 1" of the south edge; ``order`` says who sets up first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from generator.boards.mapfile import BoardMap, parse_cell
from generator.errors import ContentError, SkirmishError

SCENARIO_FOLDER = "bladestorm/scenarios"
DEFAULT_BOOK = "warriors-of-ash"
DEFAULT_OTHER = "a-test-of-arms"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Mark(_Strict):
    """A starting tile printed on the book's map, with the letter and the combatant it is for."""

    mark: str = Field(min_length=1, max_length=3)
    cell: str
    combatant: str = ""

    @field_validator("cell")
    @classmethod
    def _cell(cls, value: str) -> str:
        parse_cell(value)
        return value


class SetUp(_Strict):
    kind: Literal["marked", "zone"]
    order: Literal["first", "last"] = "first"
    zone: Optional[str] = None
    marks: list[Mark] = Field(default_factory=list)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _fits_kind(self) -> "SetUp":
        if self.kind == "marked" and not self.marks:
            raise ValueError("a marked set-up needs marks (the tiles the map marks for each combatant)")
        if self.kind == "zone" and not self.zone:
            raise ValueError("a zone set-up needs zone: the map zone the player sets up in")
        return self


class Player(_Strict):
    """One player of the scenario: which side, the book's force, its set-up, when it moves."""

    title: str = Field(min_length=1)
    side: str = Field(min_length=1)
    moves: Literal["first", "second"]
    roster: Optional[str] = None
    setup: SetUp
    text: str = Field(min_length=1)


class Victory(_Strict):
    kind: Literal["eliminate-all"]
    text: str = Field(min_length=1)


class Scenario(_Strict):
    """A Bladestorm scenario as the book prints one (content file kind ``book-scenario``)."""

    name: str = Field(min_length=1)
    source: str = ""
    type: str = "skirmish"
    summary: str = ""
    tale: str = Field(min_length=1)
    terrain: str = Field(min_length=1)
    map: str = Field(min_length=1, description="content-relative map file, e.g. maps/warriors-of-ash.yaml")
    victory: Victory
    players: dict[Literal["a", "b"], Player]
    turn_limit: int = Field(ge=1, le=500)
    choices: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _two_players(self) -> "Scenario":
        if set(self.players) != {"a", "b"}:
            raise ValueError("players: give both a (player #1) and b (player #2)")
        firsts = [seat for seat, p in self.players.items() if p.moves == "first"]
        if len(firsts) != 1:
            raise ValueError("players: exactly one player moves first")
        return self

    def first_mover(self) -> str:
        return next(seat for seat, p in self.players.items() if p.moves == "first")

    def setup_order(self) -> list[str]:
        """Seats in the order they set up (marked set-ups are placed by the scenario itself)."""
        return sorted(("a", "b"), key=lambda s: (self.players[s].setup.order != "first", s))


class LoadedScenario:
    """A scenario with its key (file stem), file, map and the source lines for errors."""

    def __init__(self, key: str, path: Path, scenario: Scenario, board_map: BoardMap, source=None):
        self.key = key
        self.path = path
        self.scenario = scenario
        self.map = board_map
        self.source = source

    def describe(self) -> str:
        """The scenario as a player reads it before a game (plain text, our words)."""
        s = self.scenario
        lines = [s.name, "=" * len(s.name)]
        if s.summary:
            lines += [s.summary]
        lines += ["", f"The tale: {s.tale}", "", f"Terrain: {s.terrain} (map: {s.map})", "",
                  f"Victory: {s.victory.text}", ""]
        for seat in ("a", "b"):
            p = s.players[seat]
            lines.append(f"{p.title} -- {p.side} (moves {p.moves}): {p.text}")
            lines.append(f"  Set-up: {p.setup.text}")
            for mark in p.setup.marks:
                lines.append(f"    {mark.mark} at {mark.cell}" + (f": {mark.combatant}" if mark.combatant else ""))
        lines += ["", f"The battle is a draw if nobody has won after {s.turn_limit} turns."]
        if s.choices:
            lines += ["", "Where the book is silent, we chose:"] + [f"- {c}" for c in s.choices]
        return "\n".join(lines)

    def where(self, loc: tuple = ()) -> str:
        from generator.content.source import display_path

        return self.source.where(loc) if self.source is not None else display_path(self.path)


def scenario_files() -> dict[str, Path]:
    """Scenario key -> file, built-in and the user's ``--content`` ones."""
    from generator.content import library

    out = {}
    for rel, path in library().files().items():
        if rel.startswith(SCENARIO_FOLDER + "/"):
            out[Path(rel).stem] = path
    return out


def load_scenario(name: "str | Path | LoadedScenario") -> LoadedScenario:
    """A scenario by key (``warriors-of-ash``) or path, checked against its map (or one already loaded)."""
    from generator.content.library import load_kept

    if isinstance(name, LoadedScenario):
        return name
    files = scenario_files()
    text = str(name)
    if text in files:
        path = files[text]
    elif Path(text).is_file():
        path = Path(text)
    else:
        raise SkirmishError(f"unknown Bladestorm scenario {text!r}: choose one of {', '.join(sorted(files))} or give a scenario file")
    loaded = load_kept(Path(path))
    if (loaded.system, loaded.kind) == ("bladestorm", "scenario"):
        return from_shared(Path(path))
    if (loaded.system, loaded.kind) != ("bladestorm", "book-scenario"):
        raise ContentError(f"{path}: is a {loaded.system} {loaded.kind!r} file, not a Bladestorm book scenario (kind: book-scenario)")
    return _with_map(Path(path).stem, Path(path), loaded.model, loaded.source)


def _with_map(key: str, path: Path, scenario: Scenario, source) -> LoadedScenario:
    from generator.boards.mapfile import load_map
    from generator.content import library

    probe = LoadedScenario(key, path, scenario, None, source)  # type: ignore[arg-type]
    try:
        map_path = library().path(scenario.map)
    except ContentError:
        raise ContentError(f"{probe.where(('map',))}: map: {scenario.map!r} is not a content file (e.g. maps/warriors-of-ash.yaml)") from None
    board_map = load_map(map_path)
    if board_map.grid != "square":
        raise ContentError(f"{probe.where(('map',))}: map: {scenario.map!r} is a {board_map.grid} map; Bladestorm plays on square tiles")
    problems = check_against_map(scenario, board_map, probe.where)
    if problems:
        raise ContentError(problems[0], problems=problems)
    return LoadedScenario(key, path, scenario, board_map, source)


def check_against_map(scenario: Scenario, board_map: BoardMap, where) -> list[str]:
    """Every set-up that does not fit the map, as ``file:line: field: message``."""
    problems = []
    for seat, player in scenario.players.items():
        setup = player.setup
        if setup.kind == "zone":
            if setup.zone not in board_map.zones or not board_map.zones[setup.zone].start:
                loc = ("players", seat, "setup", "zone")
                problems.append(f"{where(loc)}: players.{seat}.setup.zone: {setup.zone!r} is not a zone with start cells on "
                                f"{scenario.map}; it has: {', '.join(board_map.zones) or 'none'}")
            continue
        zone = board_map.zones.get(seat)
        cells = set(zone.start) if zone else set()
        for i, mark in enumerate(setup.marks):
            loc = ("players", seat, "setup", "marks", i, "cell")
            normal = "{},{}".format(*parse_cell(mark.cell))
            if normal not in {"{},{}".format(*parse_cell(c)) for c in cells}:
                problems.append(f"{where(loc)}: players.{seat}.setup.marks[{i}].cell: {mark.cell!r} is not a start cell of "
                                f"zone {seat!r} on {scenario.map}")
    return problems


def from_shared(path: Path) -> LoadedScenario:
    """A generated scenario (the shared ``kind: scenario`` of :mod:`generator.scenarios`) as the
    Basic Game plays it: its map, each side's start cells or edge as a set-up zone (the side that
    moves first sets up first), and its victory if the Basic Game has it (last side standing)."""
    from generator.scenarios.model import load_scenario as load_shared

    return from_loaded(load_shared(path), Path(path))


def from_loaded(shared, path: Path | None = None) -> LoadedScenario:
    """A checked shared scenario (a :class:`generator.scenarios.model.LoadedScenario`, on disk or
    just generated) as the Basic Game plays it; see :func:`from_shared`."""
    from generator.scenarios.model import MAX_ROUNDS, side_label

    scn = shared.scenario
    path = Path(path) if path is not None else Path(f"scenario-{scn.seed}.yaml")
    where = display_path_of(path) if path.exists() else "scenario"
    kinds = sorted({rule.kind for rule in scn.victory.scoring})
    if kinds != ["last_standing"]:
        raise SkirmishError(f"{where}: victory.scoring: the Basic Game on the board plays last_standing only, not "
                            f"{', '.join(k for k in kinds if k != 'last_standing')}")
    if scn.twist is not None:
        raise SkirmishError(f"{where}: twist: the Basic Game has no twists; leave {scn.twist.name!r} out to play it")
    first = scn.deployment.first or "a"
    players = {}
    for seat in ("a", "b"):
        side = getattr(scn.deployment, seat)
        where_text = f"within {side.depth} of the {side.edge} edge" if side.edge else "on the marked start tiles"
        players[seat] = {
            "title": f"Player {seat.upper()}", "side": scn.forces[seat].get("name", seat.upper()),
            "moves": "first" if seat == first else "second",
            "text": f"Sets up {where_text}.",
            "setup": {"kind": "zone", "zone": side_label(scn, seat), "order": "first" if seat == first else "last",
                      "text": f"Place every combatant {where_text}."},
        }
    model = Scenario.model_validate({
        "name": scn.title, "source": f"generated scenario (seed {scn.seed})", "tale": scn.tale,
        "terrain": "As the map shows.", "map": str(path), "players": players,
        "victory": {"kind": "eliminate-all", "text": "A player wins by removing every one of the opponent's combatants."},
        "turn_limit": scn.victory.rounds or MAX_ROUNDS["bladestorm"],
        "choices": ["Played from a generated scenario: start cells and edges become set-up zones."],
    })
    return LoadedScenario(Path(path).stem, Path(path), model, shared.board)


def display_path_of(path: Path) -> str:
    from generator.content.source import display_path

    return display_path(Path(path))
