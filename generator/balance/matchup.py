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
    models: tuple[float, float] | None = None  # the cost model's estimates, when they differ

    def to_json(self) -> dict:
        sides = []
        for i, (n, c) in enumerate(zip(self.names, self.costs)):
            side = {"name": n, "cost": round(c, 1), "unit": self.unit}
            if self.models is not None and round(self.models[i], 1) != round(c, 1):
                side["model"] = round(self.models[i], 1)
            sides.append(side)
        return {"system": self.system, "seed": self.seed, "sides": sides, **self.result.to_json()}

    def cost_label(self, index: int) -> str:
        """``636 TPC`` or ``636 TPC (model 622)``."""
        text = f"{self.costs[index]:.0f} {self.unit}"
        if self.models is not None and round(self.models[index]) != round(self.costs[index]):
            text += f", model {self.models[index]:.0f}"
        return text


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
    from generator.systems.base import side_cost

    costs, models = [], []
    members = system_a.fighters or system_a.combatants
    for system, roster in ((system_a, roster_a), (system_b, roster_b)):
        side = side_cost(system, roster, list(members(roster)))
        costs.append(side.total)
        models.append(side.model)
    result = run_battles(lambda stream: system_a.fight(roster_a, roster_b, stream), rng, battles, confidence,
                         progress=progress)
    names = (getattr(roster_a, "name", Path(path_a).stem), getattr(roster_b, "name", Path(path_b).stem))
    return Matchup(system_a.name, system_a.cost_unit, names, (costs[0], costs[1]), result, rng.seed, (models[0], models[1]))
