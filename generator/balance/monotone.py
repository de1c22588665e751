"""Monotone strength: does a plainly stronger force beat the same force, by a clear margin?

A verdict that cannot see one more fighter or one more point of Toughness cannot be trusted to
call two forces even. :func:`stronger_wins` plays the stronger force (as A) against the force as
it is (as B), seats alternating as in every balance run, and stops at planned looks: it *holds*
once the lower end of A's interval is above 50% (at each look the interval is widened for the
number of looks, as :mod:`generator.balance.sequential` does, so stopping early is honest), and
*fails* if the battles run out first. The interval reported is the plain 95% Wilson interval of
all the battles played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.balance.runner import Job, Runner, make_runner, run_sorted, seat_of_a
from generator.balance.sequential import Plan, Tally
from generator.balance.winrate import wilson_interval
from generator.dice.rng import Rng


@dataclass
class Monotone:
    """What one check found: the battles, A's score and interval, and whether it held."""

    tally: Tally
    holds: bool

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def score(self) -> float:
        return self.tally.win_rate_a

    @property
    def ci95(self) -> tuple[float, float]:
        return self.tally.interval(0.95)


def stronger_wins(system: Any, strong: Any, base: Any, options: dict | None = None, seed: int = 1,
                  max_battles: int = 6000, look_every: int = 1500, runner: Runner | None = None) -> Monotone:
    """Play ``strong`` (A) against ``base`` (B) until A's corrected lower bound is above 50%."""
    plan = Plan(max_battles=max_battles, look_every=look_every)
    job = Job(system, strong, base, dict(options or {}), Rng(seed).seed)
    own = runner is None
    runner = runner or make_runner(1)
    tally, done = Tally(), 0
    try:
        for look in plan.looks:
            for index, winner, rounds, _first in run_sorted(runner, [(job, done, look)]):
                tally.add(winner, rounds, seat_of_a(index))
            done = look
            low, _ = wilson_interval(tally.score, tally.games, plan.look_confidence)
            if low > 0.5:
                return Monotone(tally, True)
    finally:
        if own:
            runner.close()
    return Monotone(tally, False)
