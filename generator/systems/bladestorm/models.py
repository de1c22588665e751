"""Bladestorm as data: a combatant card, a roster of them, and the creation tables.

A combatant card carries what the Basic Game uses (Movement Rate, Melee Attack, Melee Damage,
Defense, Endurance) plus the card's extras (race, size and base, up to three weapons, special
powers, TPC). What a card may show depends on its size; those ranges live in
``content/bladestorm/tables.yaml`` (read once, here) so a new size is a data change. ``size`` is
declared before the stats because pydantic validates fields in order and the stat validators
read it from ``info.data``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from generator.dice.bladestorm import parse_damage, parse_roll
from generator.errors import DiceError
from generator.fields import Span
from generator.names import Name

Size = Literal["small", "medium", "large", "huge"]
BaseName = Literal["small", "medium", "large", "cavalry", "huge"]
StatName = Literal["movement", "defense", "endurance"]

TABLES_FILE = "bladestorm/tables.yaml"


def check_attack(text: str) -> str:
    """A Melee Attack such as ``2D6+D10+3``: parsed by the dice engine, kept as written."""
    try:
        parse_roll(text)
    except DiceError as err:
        raise ValueError(str(err)) from None
    return text.strip()


def check_card_attack(text: str) -> str:
    """A card's attack roll: a valid roll that throws no more dice than the tables allow."""
    text = check_attack(text)
    limit = builtin_tables().max_attack_dice
    count = parse_roll(text).dice_count
    if count > limit:
        raise ValueError(f"{text} throws {count} dice; a Bladestorm attack throws at most {limit}")
    return text


def check_damage(text: str) -> str:
    """A Melee Damage such as ``High+Low+2``: parsed by the dice engine, kept as written."""
    try:
        parse_damage(text)
    except DiceError as err:
        raise ValueError(str(err)) from None
    return text.strip()


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- creation tables (kind: tables) ---------------------------------------------------------


class Base(_Strict):
    """A base footprint in inches (width across the front, depth front to back)."""

    width: float = Field(gt=0)
    depth: float = Field(gt=0)
    metric: str
    note: str = ""

    def label(self) -> str:
        return f'{_inch(self.width)}"x{_inch(self.depth)}" ({self.metric})'


class SizeRule(_Strict):
    """What one size allows: its base and the calculator's stat ranges (before race modifiers).

    A card's own range is derived from these (:meth:`Tables.card_range`), so what the calculator
    can build and what ``validate`` accepts are the same limits.
    """

    base: BaseName
    from_book: bool
    extra_attack_dice: int = Field(ge=0, le=5)
    stats: dict[StatName, tuple[int, int]]

    @model_validator(mode="after")
    def _ranges(self) -> "SizeRule":
        missing = {"movement", "defense", "endurance"} - set(self.stats)
        if missing:
            raise ValueError(f"missing ranges for {', '.join(sorted(missing))}")
        for stat, (low, high) in self.stats.items():
            if low > high:
                raise ValueError(f"{stat}: range {low}-{high} runs backwards")
        return self


class Race(_Strict):
    """A race: its 2D6 result on the race table, its usual size and its modifiers."""

    roll: Span
    size: Size
    attack: int
    defense: int
    endurance: int


class TableRow(_Strict):
    """One row of a size-column table: the roll range and the value per size."""

    roll: Span
    medium: int
    large: int
    completed: str = ""


AboveTable = Literal["reroll", "last-row"]
ABOVE_TABLE_CHOICES: tuple[str, ...] = ("reroll", "last-row")


class SizeTable(_Strict):
    """A table read by size column. Rolls above the last row are not in the book (movement and
    endurance are rolled on D6+D10, 2 to 16, but printed for 2 to 10 only): see :meth:`lookup`."""

    dice: str
    rows: list[TableRow]

    @property
    def top(self) -> int:
        """The highest roll the table prints a row for."""
        return max(row.roll[1] for row in self.rows)

    def find(self, roll: int) -> Optional[TableRow]:
        """The row for ``roll``, or None when the roll is above the table."""
        for row in self.rows:
            if row.roll[0] <= roll <= row.roll[1]:
                return row
        if roll > self.top:
            return None
        raise KeyError(roll)

    def lookup(self, roll: int, above: AboveTable = "last-row") -> TableRow:
        """The row for ``roll``; a roll above the table reads the last row (``last-row``).

        With ``reroll`` a roll above the table is an error here: the caller rolls again.
        """
        row = self.find(roll)
        if row is not None:
            return row
        if above == "last-row":
            return max(self.rows, key=lambda r: r.roll[1])
        raise KeyError(roll)

    def distribution(self, size: str, above: AboveTable = "reroll") -> dict[int, Fraction]:
        """Exact chance of each value in the ``size`` column under the above-the-table rule."""
        counts = parse_roll(self.dice).distribution()
        out: dict[int, Fraction] = {}
        for roll, p in counts.items():
            if roll > self.top and above == "reroll":
                continue
            value = getattr(self.lookup(roll, "last-row"), size)
            out[value] = out.get(value, Fraction(0)) + Fraction(p)
        total = sum(out.values())
        return {k: v / total for k, v in sorted(out.items())}


class WeaponRow(_Strict):
    roll: Span
    key: str
    name: Name
    attack: str
    damage: str
    completed: str = ""

    @field_validator("attack")
    @classmethod
    def _attack(cls, value: str) -> str:
        return check_attack(value)

    @field_validator("damage")
    @classmethod
    def _damage(cls, value: str) -> str:
        return check_damage(value)


class WeaponTable(_Strict):
    dice: str
    rows: list[WeaponRow]

    def lookup(self, roll: int) -> WeaponRow:
        for row in self.rows:
            if row.roll[0] <= roll <= row.roll[1]:
                return row
        raise KeyError(roll)

    def by_key(self) -> dict[str, WeaponRow]:
        return {row.key: row for row in self.rows}


class CalculatorRule(_Strict):
    weapon_slots: int = Field(ge=1, le=6)
    attack_bonus: Span
    damage_bonus: Span


class Tables(_Strict):
    """The creation tables of rulebook section 11 (content file kind ``tables``)."""

    name: Name
    notes: str = ""
    bases: dict[BaseName, Base]
    sizes: dict[Size, SizeRule]
    races: dict[str, Race]
    movement: SizeTable
    defense: SizeTable
    endurance: SizeTable
    weapons: WeaponTable
    max_attack_dice: int = Field(ge=1, le=20)
    calculator: CalculatorRule

    @model_validator(mode="after")
    def _complete(self) -> "Tables":
        """Every roll must land on exactly one row, and the size ranges must match the columns.

        Otherwise random creation could fail on some roll, or the calculator would offer values
        the random method never makes (or miss ones it does).
        """
        tables = {"movement": self.movement, "defense": self.defense, "endurance": self.endurance, "weapons": self.weapons}
        spans = {name: (parse_roll(t.dice).minimum, parse_roll(t.dice).maximum) for name, t in tables.items()}
        spans["races"] = (2, 12)  # the race table is rolled on 2D6
        for name, (low, high) in spans.items():
            if name == "races":
                ranges = [race.roll for race in self.races.values()]
            else:
                ranges = [row.roll for row in tables[name].rows]
            if name in ("movement", "endurance"):
                # Rolls above the last row are rolled again (or read as the last row): allowed.
                high = min(high, max(b for _, b in ranges))
            for roll in range(low, high + 1):
                hits = sum(1 for a, b in ranges if a <= roll <= b)
                if hits != 1:
                    raise ValueError(f"{name}: a roll of {roll} matches {hits} rows (each roll needs exactly one)")
        for size in ("medium", "large"):
            rule = self.sizes.get(size)  # type: ignore[call-overload]
            if rule is None:
                raise ValueError(f"sizes: the book's {size} size is missing")
            for stat in ("movement", "defense", "endurance"):
                column = [getattr(row, size) for row in tables[stat].rows]
                low, high = rule.stats[stat]
                if low != min(column) or high < max(column):
                    raise ValueError(
                        f"sizes.{size}.stats.{stat}: {list(rule.stats[stat])} must start at the "
                        f"{stat} table's {size} minimum {min(column)} and reach at least its maximum "
                        f"{max(column)}, so the calculator can make everything random creation makes"
                    )
        keys = [row.key for row in self.weapons.rows]
        if len(set(keys)) != len(keys):
            raise ValueError("weapons: every row needs its own key")
        return self

    def race_named(self, race: str) -> Optional[Race]:
        """The race table's entry for a card's race text ("Troll", "orc"), if it has one."""
        key = race.strip().lower()
        return self.races.get(key)

    def card_range(self, size: str, stat: str, race: str = "") -> tuple[int, int]:
        """The values a finished ``size`` card of ``race`` may show for ``stat``.

        Exactly what the calculator can build: the size's range plus the race's modifier. A race
        the table does not know (the book's "Greater Goblin") may have any race's modifier.
        """
        low, high = self.sizes[size].stats[stat]  # type: ignore[index]
        if stat == "movement":
            return low, high
        known = self.race_named(race)
        mods = [getattr(known, stat)] if known else [getattr(r, stat) for r in self.races.values()]
        return low + min(mods), high + max(mods)


def builtin_tables() -> Tables:
    """The creation tables (size limits, races, random tables, weapons): ``bladestorm/tables.yaml``,
    the user's ``--content`` copy first."""
    from generator.content import load_content

    return load_content(TABLES_FILE, Tables)  # type: ignore[return-value]


# -- a combatant card -----------------------------------------------------------------------


class Weapon(_Strict):
    """One weapon slot on a card: its name and the attack and damage it gives this combatant."""

    name: Name
    attack: str
    damage: str

    @field_validator("attack")
    @classmethod
    def _attack(cls, value: str) -> str:
        return check_card_attack(value)

    @field_validator("damage")
    @classmethod
    def _damage(cls, value: str) -> str:
        return check_damage(value)


def _size_limit(stat: StatName, value: int, info: ValidationInfo) -> int:
    size = info.data.get("size")
    if size is None:  # the size itself was invalid; that error is already reported
        return value
    tables = builtin_tables()
    if size not in tables.sizes:
        return value
    race = str(info.data.get("race") or "")
    low, high = tables.card_range(size, stat, race)
    who = f"a {size} {race.lower()}" if tables.race_named(race) else f"a {size} combatant"
    if value > high:
        raise ValueError(f"{value} is above the maximum {high} for {who} (the calculator's limit)")
    if value < low:
        raise ValueError(f"{value} is below the minimum {low} for {who} (the calculator's limit)")
    return value


class Combatant(_Strict):
    """A Bladestorm combatant card (the Basic Game stats plus race, base, weapons and TPC).

    ``melee_attack``/``melee_damage`` are what the combatant fights with in the Basic Game (its
    first weapon, usually); a card with no weapon at all (the calculator's default) leaves them
    empty and cannot attack.
    """

    name: Name
    race: str = Field(min_length=1)
    size: Size = "medium"
    base: Optional[BaseName] = None
    movement: int = Field(ge=1, le=40, description="Movement Rate in inches")
    melee_attack: Optional[str] = None
    melee_damage: Optional[str] = None
    defense: int = Field(ge=0, le=40)
    endurance: int = Field(ge=1, le=200)
    weapons: list[Weapon] = Field(default_factory=list, max_length=3)
    special: str = ""
    tpc: Optional[int] = Field(default=None, ge=0)

    @field_validator("movement")
    @classmethod
    def _movement(cls, value: int, info: ValidationInfo) -> int:
        return _size_limit("movement", value, info)

    @field_validator("defense")
    @classmethod
    def _defense(cls, value: int, info: ValidationInfo) -> int:
        return _size_limit("defense", value, info)

    @field_validator("endurance")
    @classmethod
    def _endurance(cls, value: int, info: ValidationInfo) -> int:
        return _size_limit("endurance", value, info)

    @field_validator("melee_attack")
    @classmethod
    def _attack(cls, value: Optional[str]) -> Optional[str]:
        return None if value is None else check_card_attack(value)

    @field_validator("melee_damage")
    @classmethod
    def _damage(cls, value: Optional[str]) -> Optional[str]:
        return None if value is None else check_damage(value)

    @model_validator(mode="after")
    def _attack_and_damage_together(self) -> "Combatant":
        if (self.melee_attack is None) != (self.melee_damage is None):
            raise ValueError("melee_attack and melee_damage go together: give both or neither")
        return self

    @property
    def base_name(self) -> str:
        return self.base or builtin_tables().sizes[self.size].base

    @property
    def armed(self) -> bool:
        return self.melee_attack is not None

    def attacks(self) -> list[Weapon]:
        """Every attack this combatant can choose from: the Melee Attack, then other weapons."""
        options: list[Weapon] = []
        if self.melee_attack is not None:
            label = self.weapons[0].name if self.weapons else "Melee"
            options.append(Weapon(name=label, attack=self.melee_attack, damage=self.melee_damage or "High"))
        for weapon in self.weapons:
            if not any(o.attack == weapon.attack and o.damage == weapon.damage for o in options):
                options.append(weapon)
        return options


class Roster(_Strict):
    """One side of a battle (content file kind ``roster``): its combatants in card order.

    ``tpc`` is the side's total as a source prints it (the book gives the Goblins' 636 but not
    each Goblin's), kept so it can be compared with the cost model.
    """

    name: Name
    side: str = ""
    example: bool = False
    source: str = ""
    notes: str = ""
    tpc: Optional[int] = Field(default=None, ge=0)
    combatants: list[Combatant] = Field(min_length=1)


def _inch(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return {"0.625": "5/8"}.get(text, text)
