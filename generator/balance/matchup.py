"""Two rosters of one system: their prices next to their simulated win rate.

This is the check a cost model has to pass: sides priced alike should win alike. The fight is
the system's own simulator (``System.fight``), which plays the battle without the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.balance.winrate import WinRate, run_battles
from generator.content import display_path, load_roster
from generator.dice.rng import Rng
from generator.errors import SkirmishError


@dataclass
class Matchup:
    system: str
    unit: str
    names: tuple[str, str]
    costs: tuple[float, float]
    result: WinRate
    seed: int

    def to_json(self) -> dict:
        return {
            "system": self.system,
            "seed": self.seed,
            "sides": [{"name": n, "cost": round(c, 1), "unit": self.unit} for n, c in zip(self.names, self.costs)],
            **self.result.to_json(),
        }


def simulate_matchup(path_a: Path, path_b: Path, rng: Rng, battles: int = 1000, confidence: float = 0.95,
                     progress=None) -> Matchup:
    """Load two rosters of one system, price them, and play ``battles`` simulated fights."""
    system_a, roster_a = load_roster(path_a)
    system_b, roster_b = load_roster(path_b)
    if system_a.name != system_b.name:
        raise SkirmishError(
            f"{display_path(path_b)}: is a {system_b.title} roster, but {display_path(path_a)} is {system_a.title}; "
            "a match-up needs two rosters of one system"
        )
    if system_a.fight is None:
        raise SkirmishError(f"{system_a.title} has no battle simulator yet; simulated balance exists for bladestorm, sagaborn, warcry, bladeborn and gorechosen")
    costs = []
    members = system_a.fighters or system_a.combatants
    for system, roster in ((system_a, roster_a), (system_b, roster_b)):
        priced = system.price(list(members(roster))) if system.price else []
        costs.append(sum(p.cost for p in priced))
    result = run_battles(lambda stream: system_a.fight(roster_a, roster_b, stream), rng, battles, confidence,
                         progress=progress)
    names = (getattr(roster_a, "name", Path(path_a).stem), getattr(roster_b, "name", Path(path_b).stem))
    return Matchup(system_a.name, system_a.cost_unit, names, (costs[0], costs[1]), result, rng.seed)
