"""Players, kept apart from the rules: a policy sees a state and its legal actions, and picks one.

Systems supply their own *greedy* policies (``generator/systems/<name>/policy.py``) that judge
actions with the system's exact odds; :class:`RandomPolicy` is the baseline every greedy policy
must beat. A policy never changes the state and never re-implements a rule: anything it needs
to know (who is in range, what a move reaches) it asks the state.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from generator.dice.rng import Rng
from generator.errors import SkirmishError


class Policy(Protocol):
    name: str

    def choose(self, state: Any, actions: Sequence[Any], rng: Rng) -> Any: ...


class RandomPolicy:
    """Any legal action, uniformly at random: the baseline."""

    name = "random"

    def choose(self, state: Any, actions: Sequence[Any], rng: Rng) -> Any:
        return actions[rng.integers(0, len(actions) - 1)]

    def core_player(self, state: Any):
        """The same player for the battle core (it draws the same numbers)."""
        from generator.play.core import RandomPlayer

        return RandomPlayer()


POLICY_NAMES = ("greedy", "random")


def policy_for(system: Any, name: str) -> Policy:
    """The policy called ``name`` for ``system`` (its ``policies`` record), one-line error otherwise."""
    factories: dict[str, Callable[[], Policy]] = {"random": RandomPolicy, **(getattr(system, "policies", None) or {})}
    if name not in factories:
        raise SkirmishError(f"unknown policy {name!r} for {system.title}; choose one of: {', '.join(sorted(factories))}")
    return factories[name]()
