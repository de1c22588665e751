"""The fields of a scenario file, as pydantic models (see :mod:`generator.scenarios.model` for
the file format and its loading). Kept apart from the checks against the map, the decks and the
system (:mod:`generator.scenarios.checks`), which need the whole scenario at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.scenarios import rules
from generator.scenarios.rules import Rule, Scoring

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
        """How far the favoured archetype's score lies above an even 50%, in points (0.08: 8 points, a score of 58%)."""
        if self.lean is None:
            return None
        return abs(self.score - 0.5)

    def sentence(self) -> str:
        """``favours horde by 8 points (horde scores 58.0%, 95% interval 53.1% to 62.8%, 400 battles)``."""
        first, second = self.pair
        if self.note is not None:
            return f"{first} vs {second}: n/a ({self.note})"
        lo, hi = self.ci95
        figures = (f"{first} scores {self.score:.1%} against {second}, 95% interval {lo:.1%} to {hi:.1%}, "
                   f"{self.games} battles")
        if self.lean is None:
            return f"{first} vs {second}: no clear lean ({figures})"
        return f"favours {self.lean} by {self.by * 100:.0f} points ({figures})"


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


@dataclass
class LoadedScenario:
    """A checked scenario with what it refers to resolved: the system, the board, the rosters."""

    scenario: Scenario
    system: Any
    board: Any  # generator.boards.mapfile.BoardMap: the map with the scenario's deployment and objectives
    rosters: dict[str, Any]
    costs: dict[str, float]
    path: Optional[Path] = None


