"""What a printed SagaBorn ability does in play: the effect vocabulary of squad specials and talents.

A squad card's special ability is text for the players and an ``effect`` for the engine, one of
the kinds below (each with its few numbers). The book defines no special abilities (it only
says a squad may have one), so every effect here is ours, written to do what its card's text
says. A special the engine cannot play must say so (``flavour: true``): the card then shows it
greyed and a balance verdict counts it as not simulated; a special with neither is refused when
the file is read, naming the vocabulary.

Talents name the rule they follow in ``rule`` (Feint, Parry...: the book's twelve, played by the
engine) or change the stat line (``stat_bonus``); a talent with neither, and not marked
``flavour: true``, is refused the same way.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from generator.names import Name

Who = Literal["minion", "hero", "creature", "any"]


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WaterStride(_Effect):
    """Water costs this squad's units no extra movement: a step into water, or from water to
    water, costs what the same step on land costs."""

    kind: Literal["water_stride"]


class AuraMove(_Effect):
    """Friendly units of the given type that start their activation within ``radius`` hexes of
    this unit move ``bonus`` more hexes in that activation."""

    kind: Literal["aura_move"]
    bonus: int = Field(1, ge=1, le=5, description="extra Move for the activation")
    radius: int = Field(3, ge=1, le=12, description="hexes from this unit at the start of the activation")
    who: Who = Field("minion", description="the squad type it helps (any: every friend)")


class HealAction(_Effect):
    """As its standard action, one friendly unit within ``radius`` hexes (the healer itself
    too when ``include_self``) recovers ``amount`` HP, never above its HP."""

    kind: Literal["heal_action"]
    amount: int = Field(1, ge=1, le=10, description="HP recovered")
    radius: int = Field(2, ge=0, le=12, description="hexes to the friend healed")
    include_self: bool = Field(True, description="the healer may heal itself")


class PackAttack(_Effect):
    """Attacking an enemy that another unit of the same squad stands next to, this unit rolls
    ``dice`` more attack dice."""

    kind: Literal["pack_attack"]
    dice: int = Field(1, ge=1, le=3, description="extra attack dice")


class PinOnDamage(_Effect):
    """When one of this unit's attacks deals ``damage`` or more, the target cannot move out of
    its hex in its squad's next activation."""

    kind: Literal["pin_on_damage"]
    damage: int = Field(2, ge=1, le=20, description="damage of one attack that pins its victim")


class StripCover(_Effect):
    """Once per round, during its own activation and without spending its standard action, this
    unit picks an enemy it can see: that enemy gets no cover die until the end of the round."""

    kind: Literal["strip_cover"]


class StatChange(_Effect):
    """An always-on change to the squad's stat line (like a talent's ``stat_bonus``)."""

    kind: Literal["stats"]
    hp: int = Field(0, ge=-5, le=5)
    move: int = Field(0, ge=-5, le=5)
    range: int = Field(0, ge=-5, le=5)
    attack: int = Field(0, ge=-5, le=5)
    defense: int = Field(0, ge=-5, le=5)
    height: int = Field(0, ge=-5, le=5)

    @model_validator(mode="after")
    def _changes_something(self) -> "StatChange":
        if not any(getattr(self, s) for s in STAT_FIELDS):
            raise ValueError("a stats effect must change at least one of " + ", ".join(STAT_FIELDS))
        return self

    def bonus(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in STAT_FIELDS if getattr(self, s)}


STAT_FIELDS = ("hp", "move", "range", "attack", "defense", "height")

Effect = Annotated[Union[WaterStride, AuraMove, HealAction, PackAttack, PinOnDamage, StripCover, StatChange],
                   Field(discriminator="kind")]

#: The vocabulary, kind -> model (what an error message lists).
EFFECTS: dict[str, type[_Effect]] = {
    "water_stride": WaterStride,
    "aura_move": AuraMove,
    "heal_action": HealAction,
    "pack_attack": PackAttack,
    "pin_on_damage": PinOnDamage,
    "strip_cover": StripCover,
    "stats": StatChange,
}

#: The rules the engine plays for talents, by the ``rule`` a talent names.
TALENT_RULES: tuple[str, ...] = ("battlecall", "cleave", "feint", "lone_wolf", "parry", "protector", "riposte",
                                 "ruthless")


def vocabulary() -> str:
    return ", ".join(EFFECTS)


class SpecialAbility(BaseModel):
    """A squad card's special ability: the printed text and the effect the engine plays."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    text: str = Field(min_length=1)
    effect: Optional[Effect] = Field(None, description="what the engine plays: a mapping with kind one of "
                                     "water_stride, aura_move, heal_action, pack_attack, pin_on_damage, "
                                     "strip_cover, stats, and that kind's numbers")
    flavour: bool = Field(False, description="flavour only: printed greyed, not played by the engine")

    @field_validator("effect", mode="before")
    @classmethod
    def _known_kind(cls, value):
        """One line naming the vocabulary for an unknown or missing ``kind``."""
        if value is None or isinstance(value, BaseModel):
            return value
        if not isinstance(value, dict):
            raise ValueError(f"an effect is a mapping with a kind ({vocabulary()}), not {value!r}")
        kind = value.get("kind")
        if kind not in EFFECTS:
            raise ValueError(f"kind {kind!r} is not an effect the engine plays; choose one of {vocabulary()}")
        return value

    @model_validator(mode="after")
    def _played_or_flavour(self) -> "SpecialAbility":
        if self.effect is None and not self.flavour:
            raise ValueError(
                f"{self.name!r} has no effect the engine can play: give it an effect (kind one of {vocabulary()}) "
                f"or mark it flavour: true")
        if self.effect is not None and self.flavour:
            raise ValueError(f"{self.name!r} is marked flavour: true but has an effect; keep one of the two")
        return self

    @property
    def simulated(self) -> bool:
        """Whether battles play it (False: flavour only, shown greyed on the card)."""
        return self.effect is not None
