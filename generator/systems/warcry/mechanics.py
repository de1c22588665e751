"""Warcry's dice and arithmetic rules as plain functions.

- Ability dice: six dice split into singles and groups of matching scores. Warcry names a
  group by size: two dice a [double], three a [triple], four or more a [quad] (every matching
  die stays in the quad). Bladeborn splits large groups differently; see
  ``generator.systems.bladeborn.mechanics``. Both share :class:`Group` and :class:`AbilityRoll`.
- Paying for an ability: a group pays for an ability of its own size or smaller, and every die
  of that group is discarded. The ability's value is the group's score.
- Modifiers: divide first, then multiply, then add, then subtract; halving rounds up. The
  result never drops below 0, so no characteristic or damage becomes negative.
- Initiative: the player with more singles has it; a tie is settled by a roll-off.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Literal, Sequence

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.warcry.models import COST_SIZE

GroupKind = Literal["double", "triple", "quad"]


@dataclass(frozen=True)
class Group:
    """Matching ability dice: ``dice`` dice all showing ``value``."""

    kind: GroupKind
    value: int
    dice: int

    def pays_for(self, cost: str) -> bool:
        """A group pays for an ability of its own size or smaller (never larger)."""
        return COST_SIZE[self.kind] >= COST_SIZE[cost]

    def faces(self) -> list[int]:
        return [self.value] * self.dice

    def __str__(self) -> str:
        return f"{self.kind} of {self.value}s" + (f" ({self.dice} dice)" if self.dice != COST_SIZE[self.kind] else "")


@dataclass(frozen=True)
class AbilityRoll:
    """A player's ability dice after grouping: the singles, and the groups smallest first
    (doubles, then triples, then quads; lower scores first within a size)."""

    singles: tuple[int, ...]
    groups: tuple[Group, ...]

    def of_kind(self, kind: GroupKind) -> list[int]:
        return [g.value for g in self.groups if g.kind == kind]

    @property
    def doubles(self) -> list[int]:
        return self.of_kind("double")

    @property
    def triples(self) -> list[int]:
        return self.of_kind("triple")

    @property
    def quads(self) -> list[int]:
        return self.of_kind("quad")

    def faces(self) -> list[int]:
        """Every die still held, singles included, sorted (grouping never loses or adds any)."""
        return sorted(list(self.singles) + [f for g in self.groups for f in g.faces()])

    def describe(self) -> str:
        parts = [str(g) for g in self.groups] + [f"single {s}" for s in self.singles]
        return ", ".join(parts) or "no dice"


def _kind_for_size(size: int) -> GroupKind:
    return "double" if size == 2 else "triple" if size == 3 else "quad"


def _check_faces(faces: Iterable[int]) -> list[int]:
    faces = list(faces)
    bad = [f for f in faces if not 1 <= f <= 6]
    if bad:
        raise SkirmishError(f"ability dice show 1-6; got {bad[0]}")
    return faces


def group_ability_dice(faces: Sequence[int]) -> AbilityRoll:
    """Warcry grouping: pairs are doubles, threes are triples, four or more of a kind a quad.

    >>> group_ability_dice([5, 5, 2, 2, 2, 6]).describe()
    'double of 5s, triple of 2s, single 6'
    """
    counts = Counter(_check_faces(faces))
    singles = tuple(sorted(v for v, n in counts.items() if n == 1))
    groups = tuple(
        Group(_kind_for_size(n), value, n)
        for value, n in sorted(counts.items(), key=lambda item: (item[1], item[0]))
        if n >= 2
    )
    return AbilityRoll(singles, groups)


def pay(roll: AbilityRoll, cost: str, group: Group) -> AbilityRoll:
    """Spend ``group`` on an ability costing ``cost``; returns the dice left afterwards.

    A larger group may pay for a smaller cost, but all of its dice are discarded (a triple
    spent on a double ability does not leave a single behind). The ability's value is
    ``group.value``.
    """
    if cost not in COST_SIZE:
        raise SkirmishError(f"unknown ability cost {cost!r}: choose one of {', '.join(COST_SIZE)}")
    if group not in roll.groups:
        raise SkirmishError(f"no {group} among the ability dice ({roll.describe()})")
    if not group.pays_for(cost):
        raise SkirmishError(f"a {group.kind} cannot pay for a {cost} ability")
    remaining = list(roll.groups)
    remaining.remove(group)
    return replace(roll, groups=tuple(remaining))


def payable_groups(roll: AbilityRoll, cost: str) -> list[Group]:
    """The groups that could pay for ``cost``, cheapest first (smallest size, then lowest value)."""
    return sorted((g for g in roll.groups if g.pays_for(cost)), key=lambda g: (COST_SIZE[g.kind], g.dice, g.value))


def ability_value(group: Group) -> int:
    """An ability's value is the score shown on the dice used for it."""
    return group.value


# -- modifiers ---------------------------------------------------------------------------

Operation = Literal["divide", "multiply", "add", "subtract"]
ORDER: tuple[Operation, ...] = ("divide", "multiply", "add", "subtract")


@dataclass(frozen=True)
class Modifier:
    """One change to a characteristic, e.g. ``Modifier("add", 2, "Waaagh!")``."""

    operation: Operation
    amount: int
    source: str = ""
    #: Only for the Attacks of melee attack actions (Onslaught).
    melee_only: bool = False

    def __post_init__(self) -> None:
        if self.operation not in ORDER:
            raise SkirmishError(f"unknown modifier {self.operation!r}: choose one of {', '.join(ORDER)}")
        if self.amount < 0 or (self.operation in ("divide", "multiply") and self.amount < 1):
            raise SkirmishError(f"a {self.operation} modifier needs a positive amount, got {self.amount}")


def apply_modifiers(base: int, modifiers: Iterable[Modifier]) -> int:
    """A characteristic after its modifiers: divide, multiply, add, subtract; halves round up.

    The order the abilities were used in does not matter; the result is never below 0.

    >>> apply_modifiers(3, [Modifier("add", 2, "Waaagh!"), Modifier("divide", 2, "Cursed Dart")])
    4
    """
    mods = list(modifiers)
    value = base
    for operation in ORDER:
        for mod in (m for m in mods if m.operation == operation):
            if operation == "divide":
                value = math.ceil(value / mod.amount)
            elif operation == "multiply":
                value *= mod.amount
            elif operation == "add":
                value += mod.amount
            else:
                value -= mod.amount
    return max(0, value)


# -- initiative --------------------------------------------------------------------------


def roll_off(rng: Rng, players: Sequence[str] = ("a", "b")) -> tuple[str, list[tuple[int, int]]]:
    """Both players roll a dice, highest wins; ties are re-rolled until someone wins.

    Returns the winner and every pair of scores rolled (the roll-off is the one roll that may
    be re-rolled any number of times).
    """
    history: list[tuple[int, int]] = []
    while True:
        first, second = rng.die(6), rng.die(6)
        history.append((first, second))
        if first != second:
            return (players[0] if first > second else players[1]), history


def warcry_initiative(singles_a: int, singles_b: int, rng: Rng | None = None) -> str:
    """Warcry: more singles takes the initiative; a tie goes to a roll-off (every round)."""
    if singles_a != singles_b:
        return "a" if singles_a > singles_b else "b"
    if rng is None:
        raise SkirmishError("a tie for initiative needs a roll-off: pass an Rng")
    return roll_off(rng)[0]


@dataclass
class ActivationModifiers:
    """Modifiers that last until the end of one fighter's activation, per characteristic."""

    by_characteristic: dict[str, list[Modifier]] = field(default_factory=dict)

    def add(self, characteristic: str, modifier: Modifier) -> None:
        self.by_characteristic.setdefault(characteristic, []).append(modifier)

    def get(self, characteristic: str, melee: bool = True) -> list[Modifier]:
        return [m for m in self.by_characteristic.get(characteristic, []) if melee or not m.melee_only]

    def clear(self) -> None:
        self.by_characteristic.clear()
