"""The search player for battles played through the state protocol: rollouts from a replayed moment.

:mod:`generator.play.search` plays out copies of a battle core's flat state. The systems whose
battles run as Python generators (a Gorechosen battle reads like the book's rounds, and a
generator cannot be copied) still have everything a copy needs: a battle is its first state, its
dice seed and the actions chosen since. :class:`Replay` keeps those three as the battle goes, and
:meth:`Replay.rebuild` plays the actions again on the same dice to stand a second state at the
same moment; the rebuilt state is then played out with dice of the search's own, so a playout
never sees the battle's future dice.

:class:`ReplaySearch` is the rollout improvement of the greedy player that
:class:`~generator.play.search.RolloutSearch` is for the core: the greedy player's best few
choices (its ``rank``), each played out to the end with the greedy player on both sides, every
candidate on the same dice; the greedy favourite stands unless a challenger beats it by more than
``confidence`` standard errors of the paired difference. A second gate (``more`` playouts of the
two, then ``final_confidence``) is there for battles where choices are close, as in Bladestorm's
larger forces; a Gorechosen duel is decided by a few choices, and there one gate over 32 playouts
played best (docs/players.md). Where the greedy player's ``rank`` returns None (a decision it
does not offer to the search, such as a reaction mid-attack), its own choice is played.
"""

from __future__ import annotations

from typing import Any, Sequence

from generator.dice.rng import Rng

#: A playout that has not ended after this many decisions is stopped and scored as a draw.
PLAYOUT_LIMIT = 20_000

#: Mixed into a playout's seed for its players' own stream (the dice take the seed itself).
CHOOSER_SALT = 0x5DEECE66D


class Replay:
    """A battle as its game, first state's inputs, dice seed and the actions chosen since."""

    def __init__(self, game: Any, battle: Any, dice_seed: int):
        self.game = game
        self.battle = battle
        self.dice_seed = dice_seed
        self.actions: list = []

    def rebuild(self) -> tuple[Any, Rng]:
        """A new state at this moment of the battle, and its dice stream as the battle's is now."""
        dice = Rng(self.dice_seed)
        state, _ = self.game.new_state(self.battle, dice)
        for action in self.actions:
            state.apply(action, dice)
        return state, dice


def score_for(state: Any, seat: str) -> float:
    """1 for a win of ``seat``, one half for a draw, 0 for a loss (the state is terminal)."""
    winner = state.outcome().winner
    return 0.5 if winner is None else (1.0 if winner == seat else 0.0)


class ReplaySearch:
    """Tries ``candidates`` of ``base``'s best actions with ``playouts`` playouts each.

    ``base`` is the system's greedy policy; it must offer ``rank(state, actions)``: the indices of
    ``actions`` best first (its own choice first), or None for a decision left to it.
    """

    name = "search"
    #: asks :func:`generator.play.engine.play` for the battle's :class:`Replay` (``follow``)
    wants_replay = True

    def __init__(self, base: Any, candidates: int = 4, playouts: int = 32, confidence: float = 1.0,
                 more: int = 0, final_confidence: float = 2.0):
        self.base = base
        self.candidates = candidates
        self.playouts = playouts
        self.confidence = confidence
        self.more = more
        self.final_confidence = final_confidence
        self.replay: Replay | None = None
        #: decisions searched and playouts played (for benchmarks)
        self.searched = 0
        self.played = 0

    def follow(self, replay: Replay) -> None:
        """The battle about to be played (the engine calls this before its first decision)."""
        self.replay = replay

    def choose(self, state: Any, actions: Sequence[Any], rng: Rng) -> Any:
        ranked = self.base.rank(state, actions) if self.replay is not None else None
        if not ranked or len(ranked) <= 1:
            return self.base.choose(state, actions, rng)
        tried = [actions[i] for i in ranked[: self.candidates]]
        if len(tried) <= 1:
            return tried[0]
        self.searched += 1
        seat = state.current_player()
        seeds = [rng.integers(0, 2**62) for _ in range(self.playouts)]
        favourite = tried[0]
        first = [self.play_out(favourite, s, seat) for s in seeds]
        best, best_diffs, best_gain = favourite, None, 0.0
        for challenger in tried[1:]:
            diffs = [self.play_out(challenger, s, seat) - f for s, f in zip(seeds, first)]
            gain, error = _mean_and_error(diffs)
            if gain > best_gain and gain > self.confidence * error:
                best, best_diffs, best_gain = challenger, diffs, gain
        if best is favourite or self.more <= 0:
            return best
        # the first gate lets noise through: both play ``more`` playouts besides, on shared
        # dice, and the challenger stands only past the final gate
        for _ in range(self.more):
            s = rng.integers(0, 2**62)
            best_diffs.append(self.play_out(best, s, seat) - self.play_out(favourite, s, seat))
        gain, error = _mean_and_error(best_diffs)
        return best if gain > self.final_confidence * error else favourite

    def play_out(self, action: Any, seed: int, seat: str) -> float:
        """``action`` at this moment, then the base player on both sides to the end, on the
        playout's own dice; scored for ``seat``."""
        self.played += 1
        state, _ = self.replay.rebuild()
        dice = Rng(seed)
        chooser = Rng(seed ^ CHOOSER_SALT)
        state.apply(action, dice)
        base = self.base
        for _ in range(PLAYOUT_LIMIT):
            if state.is_terminal():
                return score_for(state, seat)
            actions = state.legal_actions()
            state.apply(actions[0] if len(actions) == 1 else base.choose(state, actions, chooser), dice)
        return 0.5


def _mean_and_error(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error."""
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum(d * d for d in diffs) / n - mean * mean
    error = (spread / (n - 1)) ** 0.5 if n > 1 and spread > 0 else 0.0
    return mean, error
