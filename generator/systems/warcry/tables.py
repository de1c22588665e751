"""Random-fighter tables (content kind ``archetypes``): what a random fighter is drawn from.

Each archetype (warrior, brute, archer, ...) gives weighted choices for Move, Toughness,
Wounds and one or more weapon profiles, shaped like the published cards. Every option is
checked against the system's limits when the file loads, so a random fighter can never fall
outside them.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from generator.names import Name
from generator.systems.warcry.models import Limits, Runemark, load_limits

Weights = dict[int, float]


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WeaponTable(_Table):
    """Weighted choices for one weapon line; ``range`` keys are ``"min-max"`` or ``"max"``,
    ``damage`` keys ``"hit/crit"``."""

    names: list[str] = Field(min_length=1)
    runemark: Runemark | None = None
    chance: float = Field(default=1.0, gt=0, le=1, description="chance the fighter carries this weapon")
    range: dict[str, float] = Field(min_length=1)
    attacks: Weights = Field(min_length=1)
    strength: Weights = Field(min_length=1)
    damage: dict[str, float] = Field(min_length=1)


def parse_range(text: str) -> tuple[int, int]:
    """``"3-15"`` -> (3, 15); ``"2"`` -> (0, 2)."""
    parts = str(text).strip().split("-")
    if len(parts) == 1 and parts[0].isdigit():
        return 0, int(parts[0])
    if len(parts) == 2 and all(p.isdigit() for p in parts):
        return int(parts[0]), int(parts[1])
    raise ValueError(f"range {text!r}: write min-max (e.g. 3-15) or just the maximum (e.g. 2)")


def parse_damage(text: str) -> tuple[int, int]:
    """``"2/5"`` -> (2, 5)."""
    parts = str(text).replace(" ", "").split("/")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"damage {text!r}: write hit/crit, e.g. 2/5")
    return int(parts[0]), int(parts[1])


class Archetype(_Table):
    name: Name
    weight: float = Field(gt=0)
    runemarks: list[Runemark] = Field(default_factory=list)
    movement: Weights = Field(min_length=1)
    toughness: Weights = Field(min_length=1)
    wounds: Weights = Field(min_length=1)
    weapons: list[WeaponTable] = Field(min_length=1)


class Archetypes(_Table):
    """A system's random-fighter tables: names and archetypes."""

    system: ClassVar[str] = "warcry"
    name: Name
    faction: Runemark
    first_names: list[str] = Field(min_length=1)
    second_names: list[str] = Field(min_length=1)
    archetypes: list[Archetype] = Field(min_length=1)

    @field_validator("archetypes")
    @classmethod
    def _every_option_within_limits(cls, archetypes: list[Archetype], info: ValidationInfo):
        limits: Limits = load_limits(cls.system)
        for arch in archetypes:
            for stat in ("movement", "toughness", "wounds"):
                for value in getattr(arch, stat):
                    _check(limits, stat, value, arch.name)
            for weapon in arch.weapons:
                for stat in ("attacks", "strength"):
                    for value in getattr(weapon, stat):
                        _check(limits, stat, value, arch.name)
                for text in weapon.range:
                    low, high = parse_range(text)
                    _check(limits, "min_range", low, arch.name)
                    _check(limits, "max_range", high, arch.name)
                    if low > high:
                        raise ValueError(f"{arch.name}: range {text} has its minimum above its maximum")
                for text in weapon.damage:
                    hit, crit = parse_damage(text)
                    _check(limits, "dmg_hit", hit, arch.name)
                    _check(limits, "dmg_crit", crit, arch.name)
                    if crit < hit:
                        raise ValueError(f"{arch.name}: damage {text} deals less on a critical hit")
        return archetypes


def _check(limits: Limits, stat: str, value: int, where: str) -> None:
    try:
        getattr(limits, stat).check(value, stat)
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None
