"""The search player: the greedy player's best few choices, each tried out over the rest of the battle.

At a decision with a real choice, :class:`RolloutSearch` asks its base player (the system's greedy
player) to rank the legal actions, takes the best ``candidates`` of them, and plays each one out:
the action, then the rest of the battle with the base player on both sides, ``playouts`` times
with dice of the search's own, each playout scoring 1 for a win of its seat, one half for a draw.
This is a rollout improvement of the base player (one step of policy iteration): wherever the
greedy player's judgement of a moment is wrong but its play afterwards is sound, the playouts
see it.

Every candidate is played out on the same dice (playout ``j`` of each candidate starts from the
same seed), so two candidates are compared on equal luck: the difference of their playouts is
the difference the choice makes, plus the noise of a few playouts. The base player's favourite
stands unless another candidate beats it by more than ``confidence`` standard errors of that
paired difference, and then still beats it by more than ``final_confidence`` standard errors
once both have played ``more`` playouts besides: picking the best of several noisy estimates
would otherwise pick luck, and play worse than the base player where its choices are close
(with one gate of one standard error, a search of 6-combatant Bladestorm forces scored 46.6%
against the greedy player; with the second gate 51.0%, and the 3-goblin forces 63.5% as before,
docs/players.md). The extra playouts are played only where a challenger passed the first gate.
The seeds come from the player's own stream: a battle with a search player is as reproducible
as any other, and never draws from the battle's dice.

The search sees only the state and the legal actions, as every player does; it plays out
copies (``state.clone()``), never the battle itself.
"""

from __future__ import annotations

from array import array

from generator.play.core import CorePlayer, new_buffer, run
from generator.dice.stream import FastDice

#: A playout that has not ended after this many decisions is stopped and scored as a draw.
PLAYOUT_LIMIT = 20_000


class RolloutSearch(CorePlayer):
    """Tries ``candidates`` of ``base``'s best actions with ``playouts`` playouts each."""

    def __init__(self, base, candidates=4, playouts=12, confidence=1.0, more=36, final_confidence=2.0):
        self.base = base
        self.candidates = candidates
        self.playouts = playouts
        self.confidence = confidence
        self.more = more
        self.final_confidence = final_confidence
        self.order = array("i", [0] * 4096)
        self.seeds = array("q", [0] * max(1, playouts + more))
        self.first = array("d", [0.0] * max(1, playouts + more))
        self.codes = new_buffer()

    def choose(self, state, codes, count, chooser):
        if count <= 1:
            return 0
        seat = state.decider
        ranked = self.base.rank(state, codes, count, chooser, self.order)
        tried = min(self.candidates, ranked)
        if tried <= 1:
            return self.order[0]
        playouts = self.playouts
        for j in range(playouts):
            self.seeds[j] = chooser.word64() >> 1
        favourite = self.order[0]
        for j in range(playouts):
            self.first[j] = self.play_out(state, codes[favourite], self.seeds[j], seat)
        best = favourite
        best_gain = 0.0
        best_total = 0.0
        best_squares = 0.0
        for c in range(1, tried):
            index = self.order[c]
            total = 0.0
            squares = 0.0
            for j in range(playouts):
                diff = self.play_out(state, codes[index], self.seeds[j], seat) - self.first[j]
                total += diff
                squares += diff * diff
            gain = total / playouts
            spread = squares / playouts - gain * gain
            error = (spread / (playouts - 1)) ** 0.5 if playouts > 1 and spread > 0 else 0.0
            if gain > best_gain and gain > self.confidence * error:
                best, best_gain, best_total, best_squares = index, gain, total, squares
        if best == favourite or self.more <= 0:
            return best
        # the challenger passed the first gate, which lets noise through: both play ``more``
        # playouts besides, on shared dice, and the challenger stands only past the final gate
        for j in range(playouts, playouts + self.more):
            self.seeds[j] = chooser.word64() >> 1
        for j in range(playouts, playouts + self.more):
            diff = self.play_out(state, codes[best], self.seeds[j], seat) - \
                self.play_out(state, codes[favourite], self.seeds[j], seat)
            best_total += diff
            best_squares += diff * diff
        n = playouts + self.more
        gain = best_total / n
        spread = best_squares / n - gain * gain
        error = (spread / (n - 1)) ** 0.5 if spread > 0 else 0.0
        return best if gain > self.final_confidence * error else favourite

    def play_out(self, state, code, seed, seat):
        """One playout: ``code`` on a copy of ``state``, then the base player on both sides to
        the end; 1 for a win of ``seat``, one half for a draw, 0 for a loss."""
        copy = state.clone()
        dice = FastDice(seed)
        copy.apply_code(code, dice)
        if not copy.finished:
            chooser = FastDice(seed ^ 0x5DEECE66D)
            if run(copy, self.base, self.base, dice, chooser, chooser, PLAYOUT_LIMIT) < 0:
                return 0.5
        return copy.seat_score(seat)
