"""``System.fight`` on top of the engine: one battle on the system's default scenario.

Kept for callers that ask "who wins, A or B?" without choosing a scenario or seats (the older
``skirmish balance`` and ``skirmish demo``). The seat each roster takes is drawn from the battle's
own stream, half and half, so neither roster always sits as player A; both play the greedy policy.
"""

from __future__ import annotations

from typing import Any, Callable

from generator import registry
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.policies import policy_for


def fight_on_board(system_name: str) -> Callable[[Any, Any, Rng], str | None]:
    def fight(roster_a: Any, roster_b: Any, rng: Rng) -> str | None:
        system = registry.system(system_name)  # the record that holds this fight, made by then
        swap = rng.random() < 0.5
        first, second = (roster_b, roster_a) if swap else (roster_a, roster_b)
        battle = _battle_cache(system, first, second)
        greedy = policy_for(system, "greedy")
        winner = play(system.game, battle, {"a": greedy, "b": greedy}, rng, keep_log=False).winner
        if winner is None or not swap:
            return winner
        return "b" if winner == "a" else "a"

    fight.__doc__ = f"One {system_name} battle on the board between two rosters, seats drawn at random."
    return fight


_battles: dict[tuple[int, int], tuple[Any, Any, Any]] = {}


def _battle_cache(system, first, second):
    key = (id(first), id(second))
    hit = _battles.get(key)
    if hit is None or hit[0] is not first or hit[1] is not second:
        if len(_battles) > 32:
            _battles.clear()
        hit = (first, second, system.make_battle(first, second, {}))
        _battles[key] = hit
    return hit[2]
