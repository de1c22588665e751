"""One battle between two roster files, as ``skirmish simulate`` plays it (callable from Python)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.content import display_path, load_roster
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.engine import Result, play
from generator.play.policies import policy_for


@dataclass
class Simulated:
    system: Any
    result: Result
    battle: Any


def load_force(spec):
    """A roster file, or a warband of the Warcry data set (``fighters.json#Warband Name``)."""
    from generator.systems.warcry.dataset import is_dataset, warband_from_dataset

    if is_dataset(spec):
        from generator.systems import get_system

        return get_system("warcry"), warband_from_dataset(spec)
    return load_roster(Path(spec))


def load_two(path_a, path_b, what: str = "a battle"):
    """Two forces of one system: ``(system, roster_a, roster_b)``; one-line error when they differ."""
    system_a, roster_a = load_force(path_a)
    system_b, roster_b = load_force(path_b)
    if system_a.name != system_b.name:
        raise SkirmishError(
            f"{display_path(Path(path_b))}: is a {system_b.title} roster, but {display_path(Path(path_a))} is "
            f"{system_a.title}; {what} needs two rosters of one system"
        )
    return system_a, roster_a, roster_b


def load_pair(path_a: Path, path_b: Path):
    """Two rosters of one system that has a battle on the board: ``(system, roster_a, roster_b)``."""
    system_a, roster_a, roster_b = load_two(path_a, path_b)
    if system_a.game is None or system_a.make_battle is None:
        raise SkirmishError(f"{system_a.title} has no battle on the board yet")
    return system_a, roster_a, roster_b


def simulate(path_a: Path, path_b: Path, rng: Rng, options: dict | None = None,
             policy_a: str = "greedy", policy_b: str = "greedy") -> Simulated:
    """Play one battle: A's roster in seat A (player A of the scenario), B's in seat B."""
    system, roster_a, roster_b = load_pair(path_a, path_b)
    options = dict(options or {})
    # the roster files, so a system's one-line errors about a roster can name the file
    options.setdefault("files", {"a": display_path(Path(path_a)), "b": display_path(Path(path_b))})
    battle = system.make_battle(roster_a, roster_b, options)
    policies = {"a": policy_for(system, policy_a), "b": policy_for(system, policy_b)}
    result = play(system.game, battle, policies, rng)
    return Simulated(system, result, battle)
