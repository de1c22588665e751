"""A battle as a state, its legal actions and ``apply``; one runner for every system.

A system's :class:`Game` turns a :class:`Battle` (the board, the two forces, the scenario's rules)
into a first :class:`State`. From there the runner asks the state whose decision it is, hands the
legal actions to that side's policy, and applies the choice with the dice stream. Dice are rolled
inside ``apply`` from the ``rng`` it is given, so the same seed gives the same battle, byte for
byte, whichever policies play.

Events are plain dicts in one vocabulary shared by the systems (``place``, ``move``, ``attack``,
``taken_down``, ``ability``, ``score``...; a system may add keys such as ``facing`` or ``level``)
so that a battle can be written as JSON and checked by anyone from that file alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Mapping, Protocol, Sequence

from generator.dice.rng import Rng
from generator.errors import SkirmishError

Event = dict[str, Any]
Action = Hashable
SIDES = ("a", "b")

#: A battle that has not ended after this many decisions is stopped as a draw and reported;
#: it guards against a rules bug looping forever, never against a real battle.
MAX_DECISIONS = 20_000


class State(Protocol):
    """One moment of a battle. Only the system that made it changes it, through ``apply``."""

    def current_player(self) -> str:
        """``"a"`` or ``"b"``: whose decision the legal actions are."""

    def legal_actions(self) -> Sequence[Action]:
        """Every action the current player may take now (never empty before the end)."""

    def apply(self, action: Action, rng: Rng) -> list[Event]:
        """Carry out ``action`` (rolling any dice from ``rng``) and say what happened."""

    def is_terminal(self) -> bool: ...

    def outcome(self) -> "Outcome":
        """Winner and score, once terminal."""

    def header(self) -> dict[str, Any]:
        """What a log needs before the events: the grid and both sides as they play."""


class Game(Protocol):
    """A system's battle rules: makes the first state of a battle."""

    system: str

    def new_state(self, battle: "Battle", rng: Rng) -> tuple[State, list[Event]]: ...


@dataclass
class Battle:
    """What a battle is played with: the board, the two forces by seat, and the scenario.

    ``forces`` maps seat ``"a"``/``"b"`` to a roster as the system loads it; ``rules`` holds
    whatever the system's scenario needs (battle card, twist, variant, victory); ``board`` is a
    :class:`generator.play.board.Board` or None when the system makes its own (an arena).
    """

    system: str
    forces: Mapping[str, Any]
    board: Any = None
    rules: Mapping[str, Any] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Outcome:
    winner: str | None
    score: dict[str, int]
    rounds: int
    reason: str = ""
    #: The seat that set up first (a roll-off's winner, or the scenario's first player), where the
    #: system says: a fair table gives that side no edge, which balance reports as the set-up lean.
    first: str | None = None


@dataclass
class Result:
    """How a battle ended, with every event that led there."""

    system: str
    seed: int
    winner: str | None
    score: dict[str, int]
    rounds: int
    reason: str
    header: dict[str, Any]
    events: list[Event]
    decisions: int
    first: str | None = None  # the seat that set up first (Outcome.first)

    def to_json(self) -> dict[str, Any]:
        """The battle log: header (grid, sides), events, result (see ``skirmish simulate --log-json``)."""
        return {
            "system": self.system,
            "seed": self.seed,
            **self.header,
            "events": self.events,
            "result": {"winner": self.winner, "vp": dict(self.score), "rounds": self.rounds, "reason": self.reason},
        }


def play(game: Game, battle: Battle, policies: Mapping[str, Any], rng: Rng, keep_log: bool = True) -> Result:
    """Play one battle from set-up to result.

    The dice and each side's policy draw from their own child streams of ``rng`` (``dice``,
    ``policy-a``, ``policy-b``), so swapping a policy never changes the dice a battle rolls
    before the policies' choices differ.
    """
    for side in SIDES:
        if side not in policies:
            raise SkirmishError(f"no policy for side {side!r}")
    dice = rng.spawn("dice")
    choosers = {side: rng.spawn(f"policy-{side}") for side in SIDES}
    state, events = game.new_state(battle, dice)
    log: list[Event] = list(events) if keep_log else []
    players = _core_players(state, policies)
    if players is not None:
        decisions = _play_in_core(state, players, dice, choosers, log if keep_log else None)
    else:
        replay = _replay_for(game, battle, dice, policies)
        decisions = _play_by_protocol(game, state, policies, dice, choosers, log if keep_log else None, replay)
    outcome = state.outcome()
    return Result(
        system=game.system,
        seed=rng.seed,
        winner=outcome.winner,
        score=dict(outcome.score),
        rounds=outcome.rounds,
        reason=outcome.reason,
        header=state.header() if keep_log else {},
        events=log,
        decisions=decisions,
        first=outcome.first,
    )


def _core_players(state: State, policies: Mapping[str, Any]):
    """Both seats' players as the battle core runs them, or None when a seat has none (then the
    battle is played through the protocol, one Python call per decision)."""
    from generator.play.core import Core

    if not isinstance(state, Core):
        return None
    players = []
    for side in SIDES:
        make = getattr(policies[side], "core_player", None)
        if make is None:
            return None
        players.append(make(state))
    return players


def _play_in_core(state, players, dice, choosers, log) -> int:
    from generator.play.core import run

    state.log = log
    try:
        return run(state, players[0], players[1], dice.stream, choosers["a"].stream, choosers["b"].stream,
                   MAX_DECISIONS)
    finally:
        state.log = None


def _replay_for(game: Game, battle: Battle, dice: Rng, policies):
    """The battle's :class:`~generator.play.replay.Replay` when a policy plays out copies of it
    (the search player), handed to each such policy; None otherwise (nothing is recorded)."""
    wanting = [p for p in policies.values() if getattr(p, "wants_replay", False)]
    if not wanting:
        return None
    from generator.play.replay import Replay

    replay = Replay(game, battle, dice.seed)
    for policy in wanting:
        policy.follow(replay)
    return replay


def _play_by_protocol(game: Game, state: State, policies, dice: Rng, choosers, log, replay=None) -> int:
    decisions = 0
    while not state.is_terminal():
        if decisions >= MAX_DECISIONS:
            raise SkirmishError(f"{game.system}: the battle did not end after {MAX_DECISIONS} decisions (a rules bug)")
        side = state.current_player()
        actions = state.legal_actions()
        if not actions:
            raise SkirmishError(f"{game.system}: side {side} has no legal action and the battle has not ended (a rules bug)")
        action = actions[0] if len(actions) == 1 else policies[side].choose(state, actions, choosers[side])
        events = state.apply(action, dice)
        if replay is not None:
            replay.actions.append(action)
        if log is not None:
            log.extend(events)
        decisions += 1
    return decisions
