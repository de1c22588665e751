"""Bladeborn cards: the Warcry fighter and ability cards in hexes, plus battle and twist cards.

The fighter, weapon, ability and warband models are the Warcry ones (same card, same field
names) re-pointed at ``content/bladeborn/limits.yaml``: Move and Range count hexes, and ability
costs are only doubles and triples. Battle cards and twist cards are Bladeborn's own.

Positions on a battle card are axial hex coordinates ``[q, r]`` on the map it names (a map file
``content/maps/<name>.yaml`` of the boards package, which owns the geometry, the offset
coordinates printed on the board and the map's own blocked hexes); the card adds its
objectives, starting and reserve hexes, and any extra blocked hexes.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from generator.systems.warcry.tables import Archetypes
from generator.systems.warcry.models import (
    Ability,
    AbilityCard,
    AbilityTable,
    Fighter,
    Warband,
    Weapon,
    combatants,
    describe,
)

__all__ = [
    "BladebornWeapon",
    "BladebornFighter",
    "BladebornAbility",
    "BladebornAbilityCard",
    "BladebornWarband",
    "BattleCard",
    "BladebornArchetypes",
    "PlayerSetup",
    "Scoring",
    "Twist",
    "TwistDeck",
    "TwistEffect",
    "Hex",
    "combatants",
    "describe",
]

#: An axial hex coordinate ``(q, r)``.
Hex = tuple[int, int]


class BladebornWeapon(Weapon):
    system: ClassVar[str] = "bladeborn"


class BladebornFighter(Fighter):
    system: ClassVar[str] = "bladeborn"
    weapons: list[BladebornWeapon]


class BladebornAbility(Ability):
    system: ClassVar[str] = "bladeborn"


class BladebornAbilityCard(AbilityCard):
    """Bladeborn ability card: the Reserve number is required (Khagra's Ravagers: 1)."""

    system: ClassVar[str] = "bladeborn"
    reserve: int = Field(ge=0, le=10)
    abilities: list[BladebornAbility] = Field(min_length=1)


class BladebornAbilityTable(AbilityTable):
    system: ClassVar[str] = "bladeborn"
    abilities: list[BladebornAbility] = Field(min_length=1)


class BladebornWarband(Warband):
    system: ClassVar[str] = "bladeborn"
    fighters: list[BladebornFighter] = Field(min_length=1)
    ability_card: BladebornAbilityCard | None = None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerSetup(_Strict):
    """One player's hexes on a battle card: where they start and where reserves arrive."""

    symbol: str = Field(min_length=1, description="the symbol shared by this player's starting and reserve hexes")
    start: list[Hex] = Field(min_length=1)
    reserve: list[Hex] = Field(default_factory=list)


class Scoring(_Strict):
    """One way a battle card awards victory points, in terms the battle engine carries out.

    * ``objectives``: at the end of each battle round, ``points`` per objective a player controls;
    * ``takedowns``: ``points`` each time a player takes an enemy fighter down;
    * ``survivors``: when the battle ends, ``points`` per friendly fighter still on the battlefield.
    """

    kind: Literal["objectives", "takedowns", "survivors"]
    points: int = Field(default=1, ge=1, le=10)


SCORING_KINDS = ("objectives", "takedowns", "survivors")


class BattleCard(_Strict):
    """A battle card (content kind ``battle-card``): map, battle rules, reserves and victory."""

    name: str = Field(min_length=1)
    example: bool = False
    flavour: str | None = None
    map: str = Field(
        min_length=1,
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        description="the map (content/maps/<name>.yaml) the card's positions are on",
    )
    objectives: list[Hex] = Field(default_factory=list)
    blocked: list[Hex] = Field(default_factory=list, description="extra blocked hexes beyond the map's own")
    players: dict[Literal["a", "b"], PlayerSetup]
    rounds: int = Field(default=3, ge=1, le=8)
    battle_rules: str = Field(min_length=1)
    reserves: str = Field(min_length=1)
    victory: str = Field(min_length=1)
    #: Victory points scored per controlled objective at the end of each round (0 = none).
    points_per_objective: int = Field(default=0, ge=0, le=5)
    #: Further scoring rules (``points_per_objective`` is the same as an ``objectives`` rule).
    scoring: list[Scoring] = Field(default_factory=list)
    #: Equal victory points: a draw, or a win for the player with more fighters on the battlefield.
    tie: Literal["draw", "most-fighters"] = "draw"

    def scoring_rules(self) -> list[Scoring]:
        """Every scoring rule of the card, ``points_per_objective`` included."""
        rules = list(self.scoring)
        if self.points_per_objective and not any(r.kind == "objectives" for r in rules):
            rules.insert(0, Scoring(kind="objectives", points=self.points_per_objective))
        return rules

    @field_validator("players")
    @classmethod
    def _both_players_no_overlap(cls, players: dict[str, PlayerSetup], info: ValidationInfo):
        if set(players) != {"a", "b"}:
            raise ValueError("a battle card needs both players 'a' and 'b'")
        taken: dict[tuple[int, int], str] = {}
        for hex_ in info.data.get("objectives", []):
            taken[tuple(hex_)] = "an objective"
        for hex_ in info.data.get("blocked", []):
            taken[tuple(hex_)] = "a blocked hex"
        for side, setup in players.items():
            for hex_ in setup.start:
                if tuple(hex_) in taken:
                    raise ValueError(f"player {side}'s starting hex {list(hex_)} is already {taken[tuple(hex_)]}")
                taken[tuple(hex_)] = f"player {side}'s starting hex"
        return players


class TwistEffect(_Strict):
    """What a twist changes, in terms the battle engine carries out.

    * ``crit-damage``: each critical hit deals ``amount`` more damage;
    * ``sight-range``: fighters more than ``amount`` hexes apart cannot see each other;
    * ``ability-dice``: players roll ``amount`` ability dice in the hero phase instead of six;
    * ``takedown-points``: taking an enemy fighter down scores ``amount`` victory points (only the
      first in each battle round with ``first_only``);
    * ``stat``: every fighter's ``stat`` (move, toughness, attacks, strength) changes by ``amount``
      (never below 1);
    * ``extra-rounds``: the battle lasts ``amount`` more battle rounds;
    * ``objective-points``: each controlled objective scores ``amount`` more at the end of a round.
    """

    kind: Literal["crit-damage", "sight-range", "ability-dice", "takedown-points", "stat", "extra-rounds",
                  "objective-points"]
    amount: int = Field(ge=-3, le=12)
    stat: Literal["move", "toughness", "attacks", "strength"] | None = None
    first_only: bool = False

    @field_validator("stat")
    @classmethod
    def _stat_only_for_stat(cls, value, info: ValidationInfo):
        if info.data.get("kind") == "stat" and value is None:
            raise ValueError("a 'stat' twist names the stat it changes: move, toughness, attacks or strength")
        return value


TWIST_KINDS = ("crit-damage", "sight-range", "ability-dice", "takedown-points", "stat", "extra-rounds", "objective-points")


class Twist(_Strict):
    """A twist card: one rule that changes a single battle; ``effect`` is what the engine does."""

    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    effect: TwistEffect | None = None


class TwistDeck(_Strict):
    """A deck of twist cards (content kind ``twist``); one is drawn per battle."""

    name: str = Field(min_length=1)
    example: bool = False
    cards: list[Twist] = Field(min_length=1)


class BladebornArchetypes(Archetypes):
    """Random-fighter tables in hexes, checked against Bladeborn's limits."""

    system: ClassVar[str] = "bladeborn"
