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
    """One combatant's price: the total and an itemised breakdown that sums to it.

    ``cost`` is *the* cost every command uses. When the source prints a cost (a book's card, a
    squad's printed points), ``book`` holds it and ``cost`` is that figure; ``model`` is the cost
    model's own estimate, shown beside it ("book 480, model 489").
    """

    name: str
    cost: float
    breakdown: dict[str, float] = field(default_factory=dict)
    unit: str = "points"
    model: float | None = None
    book: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "cost": self.cost, "breakdown": self.breakdown, "unit": self.unit}
        if self.book is not None:
            out["book"] = self.book
        if self.model is not None and self.model != self.cost:
            out["model"] = self.model
        return out

    def label(self) -> str:
        """``480`` or ``480 (book 480, model 489)`` when a printed cost and the model differ."""
        text = f"{self.cost:g}"
        if self.model is not None and self.model != self.cost:
            source = "book" if self.book is not None else "cost"
            text += f" ({source} {self.cost:g}, model {self.model:g})"
        return text


@dataclass
class SideCost:
    """A roster's cost as every command reports it: one number, with the model's beside it.

    ``total`` is the printed total when the roster prints one (the book's Goblins: 636), else the
    sum of its combatants' costs; ``model`` is the model's estimate for the same combatants.
    """

    priced: list[Priced]
    total: float
    model: float
    printed: float | None = None

    def label(self, unit: str = "") -> str:
        suffix = f" {unit}" if unit else ""
        text = f"{self.total:g}{suffix}"
        if round(self.model, 1) != round(self.total, 1):
            source = "book" if self.printed is not None else "printed"
            text += f" ({source} {self.total:g}, model {self.model:g})"
        return text


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
    # Scenarios (generator.scenarios.generate): ``scenario_draft(system_name, rng, size=None)`` draws a
    # scenario's map, deployment, objectives, victory and twist from the system's map generator and
    # decks; ``scenario_options(loaded_scenario)`` turns a checked scenario into ``make_battle`` options.
    scenario_draft: Callable[..., dict] | None = None
    scenario_options: Callable[[Any], dict] | None = None
    cost_unit: str = "points"
    # A roster's printed total, when it prints one (a book side's TPC); it is then the side's
    # cost in every command, with the model's estimate beside it.
    printed_total: Callable[[BaseModel], float | None] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def side_cost(system: System, roster: BaseModel, members: Sequence[BaseModel] | None = None) -> SideCost:
    """Price a roster (or the ``members`` of it that fight) the one way every command shares."""
    everyone = list(system.combatants(roster))
    chosen = everyone if members is None else list(members)
    priced = system.price(chosen) if system.price else []
    total = float(sum(p.cost for p in priced))
    model = float(sum(p.model if p.model is not None else p.cost for p in priced))
    printed = None
    printed_of = getattr(system, "printed_total", None)
    if printed_of is not None and len(chosen) == len(everyone):
        printed = printed_of(roster)
    if printed is not None:
        total = printed
    return SideCost(priced, round(total, 2), round(model, 2), printed)
