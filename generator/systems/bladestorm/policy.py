"""The greedy Bladestorm player, as the engine's policies are asked: see :mod:`core_player`.

The player itself lives with the battle core (:class:`generator.systems.bladestorm.core_player.
BladestormGreedy`), where it judges the legal actions as numbers; this policy hands it the state
and the actions the engine's protocol lists, and returns its choice.
"""

from __future__ import annotations

from typing import Any, Sequence

from generator.dice.rng import Rng
from generator.play.core import new_buffer


class GreedyPolicy:
    name = "greedy"

    def choose(self, state, actions: Sequence[Any], rng: Rng) -> Any:
        codes = new_buffer()
        count = state.action_codes(codes)
        return actions[self.core_player(state).choose(state, codes, count, rng.stream)]

    def core_player(self, state):
        """The core's own player for ``state`` (what :func:`generator.play.engine.play` runs when
        every seat has one)."""
        return state.prepared.greedy
