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


class SearchPolicy:
    """The search player (:mod:`generator.play.search`): the system's greedy player, each of its
    best few choices tried out over the rest of the battle."""

    name = "search"

    def __init__(self, greedy: Policy, candidates: int = 4, playouts: int = 12, **gates: float):
        self.greedy, self.candidates, self.playouts = greedy, candidates, playouts
        #: RolloutSearch's other settings (``confidence``, ``more``, ``final_confidence``), if not its own
        self.gates = gates
        self._made: dict[int, tuple[Any, Any]] = {}

    def core_player(self, state: Any):
        base = self.greedy.core_player(state)
        hit = self._made.get(id(base))
        if hit is None or hit[0] is not base:
            from generator.play.search import RolloutSearch

            if len(self._made) > 16:
                self._made.clear()
            hit = self._made[id(base)] = (base, RolloutSearch(base, self.candidates, self.playouts, **self.gates))
        return hit[1]

    def choose(self, state: Any, actions: Sequence[Any], rng: Rng) -> Any:
        from generator.play.core import new_buffer

        codes = new_buffer()
        count = state.action_codes(codes)
        return actions[self.core_player(state).choose(state, codes, count, rng.stream)]


POLICY_NAMES = ("greedy", "random", "search")


def policy_names(system: Any) -> list[str]:
    """The players ``system`` has: its own, the random player, and the search player where the
    system's greedy player runs in its battle core or ranks its choices (:func:`_searchable`)."""
    names = {"random", *(getattr(system, "policies", None) or {})}
    if _searchable(system):
        names.add("search")
    return sorted(names)


def _searchable(system: Any) -> bool:
    """Whether ``system``'s greedy player can lead a search: it runs in the battle core, or it
    ranks a decision's actions for :class:`~generator.play.replay.ReplaySearch`."""
    greedy = (getattr(system, "policies", None) or {}).get("greedy")
    return greedy is not None and (hasattr(greedy, "core_player") or hasattr(greedy(), "rank"))


def search_settings(system: Any) -> dict[str, Any]:
    """The search player's settings as ``system`` ships them (``extra["search_settings"]``, the
    measured choice per system in docs/players.md); the rest are the search player's defaults."""
    return dict((getattr(system, "extra", None) or {}).get("search_settings", {}))


def policy_for(system: Any, name: str, **search: Any) -> Policy:
    """The policy called ``name`` for ``system`` (its ``policies`` record), one-line error otherwise.

    ``search`` overrides the search player's settings as the system ships them (benchmarks)."""
    factories: dict[str, Callable[[], Policy]] = {"random": RandomPolicy, **(getattr(system, "policies", None) or {})}
    if name == "search" and name not in factories:
        if not _searchable(system):
            raise SkirmishError(f"{system.title} has no search player yet; choose one of: {', '.join(policy_names(system))}")
        greedy = factories["greedy"]
        settings = {**search_settings(system), **search}
        if hasattr(greedy, "core_player"):
            return SearchPolicy(greedy(), **settings)
        from generator.play.replay import ReplaySearch

        return ReplaySearch(greedy(), **settings)
    if name not in factories:
        raise SkirmishError(f"unknown policy {name!r} for {system.title}; choose one of: {', '.join(policy_names(system))}")
    return factories[name]()
