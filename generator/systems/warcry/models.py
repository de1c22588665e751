"""Fighter cards, ability cards and warbands, shared by Warcry and Bladeborn.

Bladeborn's fighter cards are Warcry cards measured in hexes instead of inches, so both systems
use these models; Bladeborn subclasses them only to read its own limits (hexes, no quads).

Field names follow the public Warcry fighter data set (``movement``, ``toughness``, ``wounds``,
``runemarks``, ``weapons[attacks, strength, dmg_hit, dmg_crit, min_range, max_range, runemark]``,
``points``, ``warband``, ``grand_alliance``) so a record from that data set validates as a
:class:`Fighter` unchanged, and a fighter we write can be priced by the same cost model.

The numeric limits are data (``content/<system>/limits.yaml``, kind ``limits``); each model
names its system in a ``system`` class attribute and its validators read that file, so an
out-of-range value is reported as "31 is above the maximum 12 (Attacks)" at its own field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationInfo, field_validator, model_validator

from generator.names import Name


#: A runemark is a short lowercase name: ``hero``, ``fly``, ``icon-bearer``, ``khagra``.
Runemark = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$")]

AbilityCost = Literal["double", "triple", "quad"]

#: How many matching ability dice each cost needs at least.
COST_SIZE: dict[str, int] = {"double": 2, "triple": 3, "quad": 4}

GrandAlliance = Literal["order", "chaos", "death", "destruction"]


class Bound(BaseModel):
    """An inclusive range of allowed values."""

    model_config = ConfigDict(extra="forbid")
    min: int
    max: int

    @model_validator(mode="after")
    def _forward(self) -> "Bound":
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}: the range runs backwards")
        return self

    def check(self, value: int, label: str = "") -> None:
        """Raise ValueError in the loader's wording when ``value`` is outside the range."""
        suffix = f" ({label})" if label else ""
        if value < self.min:
            raise ValueError(f"{value} is below the minimum {self.min}{suffix}")
        if value > self.max:
            raise ValueError(f"{value} is above the maximum {self.max}{suffix}")

    def __str__(self) -> str:
        return f"{self.min}-{self.max}"


class Limits(BaseModel):
    """What a fighter card of one system may show (content kind ``limits``)."""

    model_config = ConfigDict(extra="forbid")
    name: Name
    unit: Literal["inches", "hexes"]
    movement: Bound
    toughness: Bound
    wounds: Bound
    weapons: Bound
    attacks: Bound
    strength: Bound
    dmg_hit: Bound
    dmg_crit: Bound
    min_range: Bound
    max_range: Bound
    points: Bound
    ability_costs: list[AbilityCost]


def load_limits(system: str) -> Limits:
    """The limits of ``system`` (``<system>/limits.yaml``, the user's ``--content`` copy first)."""
    from generator.content import load_content

    return load_content(f"{system}/limits.yaml", Limits)


#: Labels used in messages and text cards.
LABELS = {
    "movement": "Move",
    "toughness": "Toughness",
    "wounds": "Wounds",
    "attacks": "Attacks",
    "strength": "Strength",
    "dmg_hit": "Damage on a hit",
    "dmg_crit": "Damage on a critical hit",
    "min_range": "minimum Range",
    "max_range": "maximum Range",
    "points": "points",
    "weapons": "number of weapons",
}


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    system: ClassVar[str] = "warcry"

    @classmethod
    def limits(cls) -> Limits:
        return load_limits(cls.system)


class Weapon(_Card):
    """One weapon line of a fighter card: Range min-max, Attacks, Strength, Damage hit/crit."""

    name: str | None = None
    runemark: Runemark | None = None
    min_range: int = 0
    max_range: int
    attacks: int
    strength: int
    dmg_hit: int
    dmg_crit: int

    @field_validator("min_range", "max_range", "attacks", "strength", "dmg_hit", "dmg_crit")
    @classmethod
    def _within_limits(cls, value: int, info: ValidationInfo) -> int:
        name = info.field_name
        unit = cls.limits().unit if name.endswith("range") else ""
        getattr(cls.limits(), name).check(value, LABELS[name] + (f", {unit}" if unit else ""))
        if name == "max_range" and "min_range" in info.data and value < info.data["min_range"]:
            raise ValueError(f"{value} is below the minimum Range {info.data['min_range']} of this weapon")
        if name == "dmg_crit" and "dmg_hit" in info.data and value < info.data["dmg_hit"]:
            raise ValueError(
                f"{value} is below the damage on a hit {info.data['dmg_hit']}: a critical hit never deals less"
            )
        return value

    @property
    def range_text(self) -> str:
        """``3-12`` for a minimum range; a plain ``1`` when the weapon reaches 1 at most (``1-1``
        and ``0-1`` read the same on a card)."""
        if self.min_range and self.min_range < self.max_range:
            return f"{self.min_range}-{self.max_range}"
        return str(self.max_range)

    @property
    def damage_text(self) -> str:
        return f"{self.dmg_hit}/{self.dmg_crit}"

    def profile_text(self) -> str:
        """``Range 1  Attacks 3  Strength 4  Damage 1/4`` in one line."""
        label = self.name or self.runemark or "weapon"
        return (
            f"{label}: Range {self.range_text}, Attacks {self.attacks}, "
            f"Strength {self.strength}, Damage {self.damage_text}"
        )


class Fighter(_Card):
    """A fighter card: runemarks, Move, Toughness, Wounds, weapons and a points cost."""

    name: Name
    faction: Runemark | None = None
    runemarks: list[Runemark] = Field(default_factory=list)
    movement: int
    toughness: int
    wounds: int
    weapons: list[Weapon]
    points: int | None = None
    warband: str | None = None
    grand_alliance: GrandAlliance | None = None
    rule: str | None = None

    @field_validator("movement", "toughness", "wounds", "points")
    @classmethod
    def _within_limits(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is not None:
            name = info.field_name
            unit = cls.limits().unit if name == "movement" else ""
            getattr(cls.limits(), name).check(value, LABELS[name] + (f", {unit}" if unit else ""))
        return value

    @field_validator("weapons")
    @classmethod
    def _weapon_count(cls, value: list[Weapon]) -> list[Weapon]:
        cls.limits().weapons.check(len(value), LABELS["weapons"])
        return value

    @field_validator("runemarks")
    @classmethod
    def _unique_runemarks(cls, value: list[str]) -> list[str]:
        seen: set[str] = set()
        for mark in value:
            if mark in seen:
                raise ValueError(f"runemark {mark!r} is listed twice")
            seen.add(mark)
        return value

    def all_runemarks(self) -> set[str]:
        """Every runemark the card shows, the faction runemark included."""
        return set(self.runemarks) | ({self.faction} if self.faction else set())


@dataclass(frozen=True)
class EffectKind:
    """One ability effect the battle engine carries out, and the numbers an ability gives it."""

    summary: str
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()


def _e(summary: str, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()) -> EffectKind:
    return EffectKind(summary, required, optional)


#: The ability effects the battle engine carries out (``generator/systems/bladeborn/abilities.py``),
#: with the numbers each takes. ``amount`` defaults to the ability's value; ``reach`` and
#: ``max_range`` count the card's unit (hexes in Bladeborn, inches in Warcry); ``stat`` is a
#: weapon characteristic; ``weapons`` (melee or ranged) narrows a weapon bonus; ``raises`` names
#: the fighters an ability may bring back.
ABILITY_EFFECTS: dict[str, EffectKind] = {
    "rush": _e("+1 Move for the rest of the activation"),
    "onslaught": _e("+1 Attacks for melee attack actions for the rest of the activation"),
    "respite": _e("remove damage equal to the value; not next to an enemy"),
    "inspiring-presence": _e("a visible friend within reach that has not activated activates next", (), ("reach",)),
    "rampage": _e("a bonus move of up to the value, then a bonus attack"),
    "weapon-bonus": _e("add amount (or the value) to one stat of this fighter's weapons for the rest of the activation",
                       ("stat",), ("amount", "max_range", "weapons")),
    "bonus-move": _e("a bonus move action"),
    "bonus-attack": _e("a bonus attack action"),
    "bonus-after-takedown": _e("after this fighter's attack took an enemy down: a bonus move or attack"),
    "damage-enemy": _e("deal amount (or the value) damage to a visible enemy within reach", ("reach",), ("amount",)),
    "heal": _e("remove amount (or the value) damage from this fighter", (), ("amount",)),
    "damage-or-push": _e("a visible enemy within reach takes amount (or the value) damage, or is pushed one hex",
                         ("reach",), ("amount",)),
    "place-friend-on-edge": _e("a visible friend within reach is placed in an empty hex on the edge of the board",
                               ("reach",)),
    "objective-token": _e("after the last action, next to an objective: a token on it counts as one more fighter "
                          "for control until the end of the round"),
    "hold-objective": _e("after the last action, next to an objective: this fighter counts as amount (default 1) "
                         "more fighters for controlling it until its player's next turn", (), ("amount",)),
    "veil": _e("a hex within reach blocks sight until the end of the round", ("reach",)),
    "leap-attack": _e("this fighter is placed in an empty hex within reach, then makes a bonus attack", ("reach",)),
    "snare": _e("an enemy within reach (default next to it) cannot disengage until the end of its next activation",
                (), ("reach",)),
    "free-disengage": _e("a bonus disengage that may end next to an enemy"),
    "pull": _e("a visible enemy within reach is pushed towards this fighter, up to the value times, until adjacent",
               ("reach",)),
    "crit-shield": _e("until the end of the round, critical hits against this fighter deal their hit damage"),
    "riposte": _e("until this fighter's next activation, each enemy attack action against it deals amount "
                  "(default 1) damage to the attacker", (), ("amount",)),
    "reroll": _e("this fighter's next attack action this activation may re-roll up to amount (default 2) dice",
                 (), ("amount",)),
    "ward": _e("until the end of the round, the next damage this fighter suffers is reduced by amount "
               "(or the value)", (), ("amount",)),
    "aura-bonus": _e("every friend within reach (this fighter too) adds amount (default 1) to one weapon stat "
                     "until the end of the round", ("reach", "stat"), ("amount", "weapons")),
    "ranged-shield": _e("until this fighter's next activation, enemy ranged attacks against it have amount "
                        "(default 1) less Strength", (), ("amount",)),
    "slow-enemy": _e("an enemy within reach (default next to it) has its Move halved until the end of its next "
                     "activation", (), ("reach",)),
    "charge": _e("a bonus move, then amount (or the value) damage to each enemy within reach (default next to it)",
                 (), ("amount", "reach")),
    "raise": _e("a friendly fighter named in raises, taken down this battle, returns within reach with half its "
                "Wounds in damage (a raised fighter)", ("raises",), ("reach",)),
}
#: The numbers an ability may give its effect.
EFFECT_NUMBERS = ("amount", "reach", "stat", "max_range", "weapons", "raises")


class Ability(_Card):
    """One ability: its cost in ability dice, the runemarks a fighter needs, and its rules.

    Every ability is executable: it names an ``effect`` from :data:`ABILITY_EFFECTS` with the
    numbers that effect takes, or it is marked ``flavour: true`` (printed greyed, never played,
    and counted as not simulated in balance reports). Anything else is refused when the file is
    read, naming the field and the vocabulary.
    """

    name: Name
    cost: AbilityCost
    runemarks: list[Runemark] = Field(default_factory=list)
    text: str = Field(min_length=1)
    #: Printed on cards (greyed) but never played: the engine has no effect for it.
    flavour: bool = False
    #: What the battle engine does for this ability (see ``ABILITY_EFFECTS``).
    effect: str | None = Field(default=None, validate_default=True)
    #: The effect's numbers: ``amount`` (a number, or the ability's value when absent),
    #: ``reach`` (hexes/inches to a target), ``stat`` (a weapon characteristic), ``max_range``
    #: (the weapons affected: those whose maximum Range is at most this), ``weapons`` (melee or
    #: ranged weapons only), ``raises`` (the name of the fighters it may bring back).
    amount: int | None = Field(default=None, ge=0, le=20)
    reach: int | None = Field(default=None, ge=0, le=30)
    stat: Literal["attacks", "strength", "dmg_hit", "dmg_crit", "max_range"] | None = None
    max_range: int | None = Field(default=None, ge=0, le=30)
    weapons: Literal["melee", "ranged"] | None = None
    raises: str | None = Field(default=None, min_length=1)

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and value not in ABILITY_EFFECTS:
            raise ValueError(f"{value!r} is not an effect the battle engine knows: choose one of {', '.join(ABILITY_EFFECTS)}")
        if value is None and not info.data.get("flavour"):
            raise ValueError(f"missing: the battle engine carries an ability out through its effect; give "
                             f"{info.data.get('name', 'this ability')!r} one of {', '.join(ABILITY_EFFECTS)}, "
                             "or mark it flavour: true (printed greyed, never played)")
        if value is not None and info.data.get("flavour"):
            raise ValueError(f"{value!r} names an effect, but the ability is marked flavour (never played): "
                             "drop one of them")
        return value

    @field_validator("cost")
    @classmethod
    def _cost_allowed(cls, value: str) -> str:
        allowed = cls.limits().ability_costs
        if value not in allowed:
            raise ValueError(f"{value!r} is not an ability cost in {cls.system}: choose one of {', '.join(allowed)}")
        return value

    @model_validator(mode="after")
    def _executable(self) -> "Ability":
        if self.flavour or self.effect is None:
            return self
        kind = ABILITY_EFFECTS[self.effect]
        given = [n for n in EFFECT_NUMBERS if getattr(self, n) is not None]
        for name in kind.required:
            if name not in given:
                raise ValueError(f"effect {self.effect!r} ({kind.summary}) needs {name}")
        allowed = set(kind.required) | set(kind.optional)
        for name in given:
            if name not in allowed:
                raise ValueError(f"{name} is not a number effect {self.effect!r} takes; it takes: "
                                 f"{', '.join(kind.required + kind.optional) or 'none'}")
        return self

    def usable_by(self, fighter: Fighter) -> bool:
        """A fighter may use an ability only if their card shows all of its runemarks."""
        return set(self.runemarks) <= fighter.all_runemarks()


class AbilityCard(_Card):
    """A warband's ability card: name, Reserve number (Bladeborn) and its abilities."""

    name: Name
    faction: Runemark | None = None
    reserve: int | None = Field(default=None, ge=0, le=10)
    abilities: list[Ability] = Field(min_length=1)


class AbilityTable(_Card):
    """A list of abilities any warband may use (content kind ``abilities``)."""

    name: Name
    description: str | None = None
    abilities: list[Ability] = Field(min_length=1)


class Warband(_Card):
    """A warband (content kind ``warband``): its fighters and its ability card."""

    name: Name
    faction: Runemark
    example: bool = False
    description: str | None = None
    fighters: list[Fighter] = Field(min_length=1)
    ability_card: AbilityCard | None = None

    @field_validator("ability_card")
    @classmethod
    def _reserve_leaves_someone_to_deploy(cls, card: AbilityCard | None, info: ValidationInfo):
        fighters = info.data.get("fighters")
        if card is not None and card.reserve is not None and fighters and card.reserve >= len(fighters):
            raise ValueError(
                f"reserve {card.reserve} is not below the {len(fighters)} fighters of the warband: "
                "someone must start on the battlefield"
            )
        return card

    def total_points(self) -> int | None:
        if any(f.points is None for f in self.fighters):
            return None
        return sum(f.points for f in self.fighters)


def combatants(warband: Warband) -> list[Fighter]:
    """The fighters of a warband, in file order (``System.combatants``)."""
    return list(warband.fighters)


def describe(fighter: Fighter) -> str:
    """A fighter as a readable text card (``System.describe``)."""
    unit = fighter.limits().unit
    marks = ", ".join(sorted(fighter.runemarks)) or "none"
    lines = [
        fighter.name + (f"  [{fighter.points} pts]" if fighter.points is not None else ""),
        (f"  Faction: {fighter.faction}   " if fighter.faction else "  ") + f"Runemarks: {marks}",
        f"  Move {fighter.movement} {unit}   Toughness {fighter.toughness}   Wounds {fighter.wounds}",
    ]
    for weapon in fighter.weapons:
        lines.append("  " + weapon.profile_text())
    if fighter.rule:
        lines.append(f"  Rule: {fighter.rule}")
    return "\n".join(lines)
