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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Optional

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from generator.content.errors import format_validation_error
from generator.content.loader import raise_problems
from generator.content.source import Source, display_path, read_source
from generator.errors import ContentError, SkirmishError
from generator.files import write_atomic
from generator.scenarios import rules

SideName = Literal["a", "b"]
EDGES = ("north", "south", "east", "west")

#: How far a system's battles may run, in rounds (SagaBorn: the book's 12-round cut-off).
#: Tie rules per system where its engine plays only some (SagaBorn's cut-off count is level:
#: a draw, or the count goes to the side the scenario names by its role).
PLAYED_TIES = {"sagaborn": ("draw", "defender", "attacker")}
MAX_ROUNDS = {"bladeborn": 8, "warcry": 8, "gorechosen": 30, "bladestorm": 30, "sagaborn": 12}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Side(_Strict):
    """One side's set-up: starting cells and reserve cells, or an edge of the board to set up on."""

    role: Optional[Literal["attacker", "defender"]] = None
    start: list[str] = Field(default_factory=list)
    reserve: list[str] = Field(default_factory=list)
    edge: Optional[Literal["north", "south", "east", "west"]] = None
    depth: int = Field(default=1, ge=1, le=10, description="cells from the edge, when setting up on an edge")
    label: Optional[str] = Field(default=None, max_length=24, description="the symbol printed on the map")


class Deployment(_Strict):
    """Both sides' set-up, who moves first and when reserves arrive."""

    card: Optional[str] = Field(default=None, description="the deployment card this came from, if any")
    a: Side
    b: Side
    first: Optional[SideName] = Field(default=None, description="the side that moves (or sets up) first")
    reserves_from_round: Optional[int] = Field(default=None, ge=2, le=12)
    min_gap: Optional[int] = Field(default=None, ge=1, le=10,
                                   description="fighters set up more than this many cells from any other")

    @model_validator(mode="after")
    def _somewhere(self) -> "Deployment":
        for name in ("a", "b"):
            side = getattr(self, name)
            if not side.start and side.edge is None and self.min_gap is None:
                raise ValueError(f"side {name}: give starting cells (start), an edge to set up on "
                                 "(edge: north/south/east/west), or min_gap for a free set-up")
        return self


class Objective(_Strict):
    """An objective marker, relic, chest or door on a cell of the map."""

    cell: str
    kind: Literal["objective", "relic", "chest", "door"] = "objective"
    name: Optional[str] = Field(default=None, max_length=40)
    points: int = Field(default=0, ge=0, le=100, description="points the marker itself is worth (relics: 20)")


class Rule(BaseModel):
    """A scoring rule or an effect: a ``kind`` and its numbers (checked against the system's rules)."""

    model_config = ConfigDict(extra="allow")
    kind: str = Field(pattern=r"^[a-z][a-z0-9_]*$")

    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class Scoring(Rule):
    points: int = Field(default=1, ge=0, le=100)
    when: Literal["end_of_round", "end_of_battle", "immediately"] = "end_of_round"
    from_round: int = Field(default=1, ge=1, le=30)


class Victory(_Strict):
    """How the battle is won: scoring rules, the number of rounds and the tie rule."""

    card: Optional[str] = Field(default=None, description="the battle or victory card this came from, if any")
    scoring: list[Scoring] = Field(min_length=1)
    rounds: Optional[int] = Field(default=None, ge=1, le=30, description="none: fight until one side is gone")
    tie: rules.TieKind = "draw"


class Twist(_Strict):
    """The one rule that changes this battle (a twist card, a Warcry twist, a Gorechosen variant)."""

    card: Optional[str] = None
    name: str = Field(min_length=1, max_length=60)
    text: Optional[str] = None
    effect: Rule


class Hand(_Strict):
    """One hand dealt to the underdog and the card kept from it."""

    dealt: list[str] = Field(min_length=1, max_length=8)
    kept: str

    @model_validator(mode="after")
    def _kept_was_dealt(self) -> "Hand":
        if self.kept not in self.dealt:
            raise ValueError(f"kept {self.kept!r} was not dealt; the hand was {', '.join(self.dealt)}")
        return self


class Pick(_Strict):
    """How the cards were picked when not simply shuffled: veto (each player struck one of three)
    or underdog (the weaker side, ``chooser``, kept one card of each hand dealt, for ``why``)."""

    mode: Literal["veto", "underdog"]
    chooser: Optional[SideName] = None
    why: Optional[str] = Field(default=None, max_length=200)
    hands: list[Hand] = Field(default_factory=list)

    @model_validator(mode="after")
    def _underdog_named(self) -> "Pick":
        if self.mode == "underdog" and self.chooser is None:
            raise ValueError("the underdog chooses: say which side chose (chooser: a or b)")
        if self.mode == "veto" and (self.chooser or self.hands):
            raise ValueError("a veto has no chooser or hands: both players struck in turn")
        return self


class Budgets(_Strict):
    a: float = Field(gt=0)
    b: float = Field(gt=0)


ARCHETYPES = ("horde", "elite", "ranged", "melee")


class Lean(_Strict):
    """Which of two archetype forces of equal cost the scenario favours (printed as "favours ...").

    ``score`` is the first archetype's score (a draw counts half) over ``games`` battles, seats
    alternating, and ``ci95`` its 95% interval; ``lean`` names the favoured archetype only when
    the interval lies wholly on its side of 50%. A pair the system cannot express has a ``note``
    (why: one champion a side has no horde) and no figures.
    """

    pair: tuple[Literal["horde", "ranged"], Literal["elite", "melee"]]
    games: Optional[int] = Field(default=None, ge=2)
    score: Optional[float] = Field(default=None, ge=0, le=1)
    ci95: Optional[tuple[float, float]] = None
    lean: Optional[Literal["horde", "elite", "ranged", "melee"]] = None
    costs: Optional[tuple[float, float]] = Field(default=None, description="the two archetype forces' costs")
    sizes: Optional[tuple[int, int]] = Field(default=None, description="combatants in each archetype force")
    note: Optional[str] = Field(default=None, max_length=200, description="why the pair was not measured")

    @model_validator(mode="after")
    def _consistent(self) -> "Lean":
        if tuple(self.pair) not in (("horde", "elite"), ("ranged", "melee")):
            raise ValueError(f"pair {list(self.pair)} is not an archetype pair; use [horde, elite] or [ranged, melee]")
        measured = (self.games, self.score, self.ci95)
        if self.note is None and None in measured:
            raise ValueError("give games, score and ci95 for a measured pair, or a note saying why it was not measured")
        if self.note is not None:
            if any(x is not None for x in measured) or self.lean is not None:
                raise ValueError("a pair with a note (not measured) has no games, score, ci95 or lean")
            return self
        lo, hi = self.ci95
        if not 0 <= lo <= self.score <= hi <= 1:
            raise ValueError(f"score {self.score} must lie inside ci95 {list(self.ci95)}")
        expected = self.pair[0] if lo > 0.5 else self.pair[1] if hi < 0.5 else None
        if self.lean != expected:
            said = f"lean {self.lean!r}" if self.lean else "no lean"
            raise ValueError(f"{said} does not match ci95 {list(self.ci95)}: "
                             + (f"the interval says {expected!r}" if expected else "the interval includes 50%, so no lean"))
        if self.lean is not None and self.lean not in self.pair:
            raise ValueError(f"lean {self.lean!r} is not one of {list(self.pair)}")
        return self

    @property
    def by(self) -> float | None:
        """How far the favoured archetype's score lies above an even 50%, in points (0.08: 8%)."""
        if self.lean is None:
            return None
        return abs(self.score - 0.5)

    def sentence(self) -> str:
        """``favours horde by 8% (horde scores 58.0%, 95% interval 53.1% to 62.8%, 400 battles)``."""
        first, second = self.pair
        if self.note is not None:
            return f"{first} vs {second}: n/a ({self.note})"
        lo, hi = self.ci95
        figures = (f"{first} scores {self.score:.1%} against {second}, 95% interval {lo:.1%} to {hi:.1%}, "
                   f"{self.games} battles")
        if self.lean is None:
            return f"{first} vs {second}: no clear lean ({figures})"
        return f"favours {self.lean} by {self.by:.0%} ({figures})"


class SeatTally(_Strict):
    """Battles from one seating: side A's wins, side B's wins, draws."""

    wins_a: int = Field(ge=0)
    wins_b: int = Field(ge=0)
    draws: int = Field(ge=0)

    @property
    def games(self) -> int:
        return self.wins_a + self.wins_b + self.draws


class SetupLean(_Strict):
    """The score of the side that set up first (a draw counts half), over both seatings."""

    score: float = Field(ge=0, le=1)
    ci95: tuple[float, float]
    games: int = Field(ge=1)


class Policies(_Strict):
    """The players that played the battles, by their names (``greedy``, ``search``...)."""

    a: str = Field(min_length=1, max_length=40)
    b: str = Field(min_length=1, max_length=40)


class SearchVerdict(_Strict):
    """A second verdict on the same battle, played by stronger (searching) players."""

    win_rate_a: float = Field(ge=0, le=1)
    ci95: tuple[float, float]
    games: int = Field(ge=1)
    balanced: bool


class Fingerprint(_Strict):
    """What the figures measured, as short digests (:mod:`generator.scenarios.fingerprint`): the
    two forces, the map with its set-up and objectives, the victory and twist, and the players.
    A scenario whose digests no longer match was edited after it was measured."""

    forces: str = Field(pattern=r"^[0-9a-f]{8,64}$")
    map: str = Field(pattern=r"^[0-9a-f]{8,64}$")
    rules: str = Field(pattern=r"^[0-9a-f]{8,64}$")
    policies: str = Field(min_length=1, max_length=90, description="the players, e.g. greedy/greedy")


class Balance(_Strict):
    """The figures of ``skirmish balance --json`` for these two forces on this scenario.

    ``win_rate_a`` is side A's score (a draw counts half) and ``ci95`` its 95% interval;
    ``verdict`` is the sequential test's word (balanced, not balanced, undecided) when known.
    The optional fields come from the scenario generator when it measured them: ``mirror`` (B
    is a copy of A), ``setup_lean`` (how the set-up itself leans), ``policies`` (the players),
    ``search`` (a second verdict with stronger players), ``knob`` (what evened the battle, in
    words), the verdict's plan (``max_battles``, ``look_every``), which a re-check plays again,
    and ``fingerprint`` (what was measured, so an edit shows).
    """

    games: int = Field(ge=1)
    wins_a: int = Field(ge=0)
    wins_b: int = Field(ge=0)
    draws: int = Field(ge=0)
    win_rate_a: float = Field(ge=0, le=1)
    ci95: tuple[float, float]
    balanced: bool
    stopped_early: bool = False
    mean_rounds: Optional[float] = Field(default=None, ge=0, description="none: not measured")
    seed: int
    verdict: Optional[Literal["balanced", "not balanced", "undecided"]] = None
    band: Optional[tuple[float, float]] = Field(default=None, description="the win-rate band counted as balanced")
    favours: list[Lean] = Field(default_factory=list, description="archetype forces of equal cost played on it")
    by_seat: Optional[dict[Literal["a_in_seat_a", "a_in_seat_b"], SeatTally]] = Field(
        default=None, description="the battles split by which set-up side A took (seats alternate)")
    mirror: Optional[bool] = Field(default=None, description="side B is a copy of side A")
    setup_lean: Optional[SetupLean] = None
    policies: Optional[Policies] = None
    search: Optional[SearchVerdict] = None
    knob: Optional[str] = Field(default=None, min_length=1, max_length=200,
                                description="what evened the battle, in players' words")
    max_battles: Optional[int] = Field(default=None, ge=1, le=1_000_000, description="the verdict's budget of battles")
    look_every: Optional[int] = Field(default=None, ge=1, le=1_000_000, description="the verdict's looks")
    fingerprint: Optional[Fingerprint] = None

    def setup_a_score(self) -> Optional[tuple[float, tuple[float, float], int]]:
        """How the set-up itself leans: the score of whichever force set up as player A, over
        both halves of the battles (seats alternate, so the two forces' strengths cancel),
        with its 95% Wilson interval and the number of battles; None when not recorded."""
        if not self.by_seat or set(self.by_seat) != {"a_in_seat_a", "a_in_seat_b"}:
            return None
        from generator.balance.winrate import wilson_interval

        first, second = self.by_seat["a_in_seat_a"], self.by_seat["a_in_seat_b"]
        games = first.games + second.games
        if not games:
            return None
        score = first.wins_a + second.wins_b + 0.5 * (first.draws + second.draws)
        return score / games, wilson_interval(score, games, 0.95), games

    @classmethod
    def from_json(cls, data: dict) -> "Balance":
        """The block from the whole ``skirmish balance --json`` output (its other keys are left out)."""
        return cls.model_validate({k: data[k] for k in cls.model_fields if k in data})

    @model_validator(mode="after")
    def _adds_up(self) -> "Balance":
        if self.wins_a + self.wins_b + self.draws != self.games:
            raise ValueError(f"wins_a + wins_b + draws = {self.wins_a + self.wins_b + self.draws}, "
                             f"but games is {self.games}")
        lo, hi = self.ci95
        if not 0 <= lo <= hi <= 1:
            raise ValueError(f"ci95 {list(self.ci95)} must be two rates 0 <= low <= high <= 1")
        if self.by_seat:
            split = {k: (v.wins_a, v.wins_b, v.draws) for k, v in self.by_seat.items()}
            totals = tuple(sum(t[i] for t in split.values()) for i in range(3))
            if totals != (self.wins_a, self.wins_b, self.draws):
                raise ValueError(f"by_seat adds up to wins_a, wins_b, draws = {list(totals)}, but the totals are "
                                 f"{[self.wins_a, self.wins_b, self.draws]}")
        return self


class Scenario(_Strict):
    """One battle for one system (content kind ``scenario``)."""

    system: Literal["bladeborn", "warcry", "gorechosen", "bladestorm", "sagaborn"]
    kind: Literal["scenario"] = "scenario"
    seed: int = Field(ge=0)
    title: str = Field(min_length=1, max_length=80)
    tale: str = Field(min_length=1, max_length=1200)
    map: dict[str, Any] | str
    deployment: Deployment
    objectives: list[Objective] = Field(default_factory=list)
    victory: Victory
    twist: Optional[Twist] = None
    pick: Optional[Pick] = Field(default=None, description="how the cards were picked (none: shuffled, random)")
    budgets: Budgets
    forces: dict[SideName, dict[str, Any]]
    balance: Optional[Balance] = None

    @model_validator(mode="after")
    def _both_forces(self) -> "Scenario":
        if set(self.forces) != {"a", "b"}:
            raise ValueError("forces needs both sides, a and b")
        return self


# ---- loading ------------------------------------------------------------------------------------


@dataclass
class LoadedScenario:
    """A checked scenario with what it refers to resolved: the system, the board, the rosters."""

    scenario: Scenario
    system: Any
    board: Any  # generator.boards.mapfile.BoardMap: the map with the scenario's deployment and objectives
    rosters: dict[str, Any]
    costs: dict[str, float]
    path: Optional[Path] = None


def _where_fn(source: Source | None, name: str):
    if source is None:
        return lambda loc: name
    return lambda loc: source.where(loc)


def _located(problems, where, prefix=()) -> list[tuple[int, str]]:
    from generator.content.errors import field_path

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
    from generator.boards.mapfile import BoardMap, BoardProblems, _pydantic_message, load_map
    from generator.content import library

    if isinstance(spec, str):
        files = library().files()
        rel = f"maps/{spec}.yaml"
        if rel not in files:
            names = sorted(Path(k).stem for k in files if k.startswith("maps/"))
            raise ContentError(f"{where(loc)}: map: {spec!r} is not a known map; give the map inline or "
                               f"one of {', '.join(names)}")
        return load_map(files[rel])
    try:
        return BoardMap.model_validate(spec)
    except BoardProblems as err:
        located = err.located
    except ValidationError as err:
        located = [(tuple(e["loc"]), _pydantic_message(e)) for e in err.errors()]
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


def check(scn: Scenario, board, located_where, decks: dict | None = None) -> tuple[list[str], dict, dict]:
    """Every cross-field problem: cells off the board or blocked, unknown cards and kinds,
    rounds beyond the system's limit, forces that do not validate or cost more than the budget.
    Returns (problems, rosters, costs)."""
    from generator.boards.mapfile import parse_cell
    from generator.systems import get_system

    problems: list[tuple[tuple, str]] = []
    system = get_system(scn.system)
    grid = board.grid_obj()
    impassable = board.impassable_cells()
    owner: dict[tuple[int, int], tuple] = {}

    def cell_at(loc, text):
        try:
            cell = parse_cell(text)
        except ValueError as err:
            problems.append((loc, str(err)))
            return None
        if not grid.in_bounds(cell):
            problems.append((loc, f"{text!r} is off the {board.width}x{board.height} board "
                                  f"(cols 0-{board.width - 1}, rows 0-{board.height - 1})"))
            return None
        if cell in impassable:
            problems.append((loc, f"{text!r} is a blocked cell of the map"))
            return None
        if cell in owner:
            from generator.content.errors import field_path

            problems.append((loc, f"{text!r} is already used by {field_path(owner[cell])}"))
            return None
        owner[cell] = loc
        return cell

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
    # cards
    decks = decks if decks is not None else _deck_names(scn.system)
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
    # rules vocabulary
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
    if scn.twist is not None:
        eff = scn.twist.effect
        msg = rules.check_kind(rules.EFFECTS, "twist effect", scn.system, eff.kind)
        if msg:
            problems.append((("twist", "effect", "kind"), msg))
        else:
            for sub, text in rules.check_params(rules.EFFECTS[eff.kind], eff.params()):
                problems.append((("twist", "effect") + sub, text))
            for i, text in enumerate(eff.params().get("cells", []) if isinstance(eff.params().get("cells"), list) else []):
                cell_at(("twist", "effect", "cells", i), text)
    # forces
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
            from generator.content.strict import booleans_read_as_numbers

            for loc in booleans_read_as_numbers(data, rosters[side]):
                problems.append((("forces", side) + loc, "a yes/no value, not a number; give a number"))
        except ValidationError as err:
            for e in err.errors(include_url=False):
                from generator.content.errors import describe_error

                problems.append((("forces", side) + tuple(e.get("loc", ())), describe_error(e, model)))
            continue
        priced = system.price(list(members(rosters[side]))) if system.price else []
        costs[side] = round(sum(p.cost for p in priced), 1)
        budget = getattr(scn.budgets, side)
        if costs[side] > budget + 1e-6:
            problems.append((("forces", side), f"costs {costs[side]:g} {system.cost_unit}, over its budget of "
                                               f"{budget:g} (budgets.{side})"))
    lines = _located(problems, located_where)
    lines.sort(key=lambda item: _line_key(item[1]))
    return [text for _, text in lines], rosters, costs


def _line_key(text: str) -> int:
    head = text.split(": ", 1)[0]
    try:
        return int(head.rsplit(":", 1)[1])
    except (IndexError, ValueError):
        return 0


def _deck_names(system: str) -> dict[str, list[str]]:
    from generator.scenarios.decks import card_names

    return card_names(system)


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
    where = _where_fn(source, name)
    scn = _validate_top(source, data, where)
    board = resolve_map(scn.map, where)
    problems, rosters, costs = check(scn, board, where)
    raise_problems(problems)
    from generator.systems import get_system

    return LoadedScenario(scn, get_system(scn.system), scenario_board(scn, board), rosters, costs, path)


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
