"""What every game system plugs into the tool: the shape shared by all five rules cores.

A system package (``generator/systems/<name>/``) exposes ``SYSTEM = System(...)``. The generic
commands (``systems``, ``validate``, ``show``, ``cost``, ``create random``) and the printing and
scenario layers only talk to systems through this record, so adding a system never means
editing the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from pydantic import BaseModel


@dataclass
class Priced:
    """One combatant's price: the total and an itemised breakdown that sums to it."""

    name: str
    cost: float
    breakdown: dict[str, float] = field(default_factory=dict)
    unit: str = "points"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "cost": self.cost, "breakdown": self.breakdown, "unit": self.unit}


@dataclass
class Built:
    """A built combatant plus the story of how it was made (the dice rolled, the choices)."""

    combatant: BaseModel
    log: list[str] = field(default_factory=list)


@dataclass
class System:
    """A rules core as the rest of the tool sees it.

    ``content_models`` maps the ``kind:`` of a content file of this system (``roster``,
    ``tables``, ``weapons``...) to the pydantic model that validates it. ``combatants``
    takes a loaded roster and returns its combatants in file order.
    """

    name: str
    title: str
    summary: str
    content_models: dict[str, type[BaseModel]]
    combatants: Callable[[BaseModel], Sequence[BaseModel]]
    describe: Callable[[BaseModel], str]
    price: Callable[[Sequence[BaseModel]], list[Priced]] | None = None
    build_random: Callable[..., list[Built]] | None = None
    register_calc: Callable[[Any], None] | None = None
    # One simulated battle between two rosters, returning "a", "b" or None for a draw; used by
    # ``skirmish balance`` to measure win rates (see generator.balance).
    fight: Callable[[BaseModel, BaseModel, Any], str | None] | None = None
    # Which combatants of a roster take part in ``fight`` (default: all of them), so a match-up
    # prices exactly who fights (a Gorechosen duel uses a roster's first champion).
    fighters: Callable[[BaseModel], Sequence[BaseModel]] | None = None
    # The battle on the board (generator.play): ``game.new_state(battle, rng)`` starts one;
    # ``make_battle(force_a, force_b, options)`` seats two loaded rosters on a scenario (options:
    # ``map`` a BoardMap, ``card``/``twist``/``variant``/``scenario`` as the system knows them);
    # ``policies`` names the system's players ("greedy"; "random" is always there).
    game: Any = None
    make_battle: Callable[[Any, Any, dict], Any] | None = None
    policies: dict[str, Callable[[], Any]] = field(default_factory=dict)
    cost_unit: str = "points"
    extra: dict[str, Any] = field(default_factory=dict)
