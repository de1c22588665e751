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

from generator.names import Name
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
    "CardRule",
    "Twist",
    "TwistDeck",
    "Hex",
    "combatants",
    "describe",
]

#: An axial hex coordinate ``(q, r)``.
Hex = tuple[int, int]
#: The tie rules the Bladeborn engine carries out (``generator.systems.bladeborn.scoring``).
TieKind = Literal["draw", "tiebreakers", "most_fighters", "most_fighters_then_tiebreakers",
                  "most_fighters_if_no_points", "defender", "attacker", "roll_off"]


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


class CardRule(BaseModel):
    """The executable part of a card: a ``kind`` and its numbers (``{kind: per_objective, points: 1}``).

    Which kinds exist, and the numbers each takes, is one vocabulary shared by battle cards,
    twists and scenarios; the Bladeborn engine says which of them it carries out
    (``generator.systems.bladeborn.battle.SCORING_KINDS`` / ``EFFECT_KINDS``) and refuses a card
    that asks for anything else, naming the file and field.
    """

    model_config = ConfigDict(extra="allow")
    kind: str = Field(pattern=r"^[a-z][a-z0-9_]*$")

    def params(self) -> dict:
        return dict(self.model_extra or {})


class BattleCard(_Strict):
    """A battle card (content kind ``battle-card``): map, battle rules, reserves and victory."""

    name: Name
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
    #: Older cards wrote their reserves and victory rules out in prose; the words printed now are
    #: generated from the rules the engine plays (:meth:`reserves_text`, :meth:`victory_text`),
    #: so a card can no longer say one thing while the battle does another. Kept as notes.
    reserves: str | None = None
    victory: str | None = None
    #: Victory points scored per controlled objective at the end of each round (0 = none).
    points_per_objective: int = Field(default=0, ge=0, le=5)
    #: The victory rules as data: each scoring rule's kind and numbers (``points``, ``when``:
    #: end_of_round / end_of_battle / immediately, ``from_round``).
    scoring: list[CardRule] = Field(default_factory=list)
    #: How a level battle ends (the engine's tie rules; their printed words are generated).
    tie: TieKind = "draw"
    #: Asymmetric cards: which player attacks and which defends (a tie rule may name them).
    roles: dict[Literal["a", "b"], Literal["attacker", "defender"]] = Field(default_factory=dict)

    def victory_text(self) -> str:
        """The card's victory in words, generated from its rounds and tie rule."""
        from generator.scenarios.rules import describe_victory

        return describe_victory(self.rounds, self.tie)

    def reserves_text(self, from_round: int = 2) -> str:
        """The card's reserves rule in words (the book's: placed, from the second battle round)."""
        from generator.scenarios.rules import describe_reserves

        return describe_reserves(from_round)

    def scoring_rules(self) -> list[CardRule]:
        """Every scoring rule of the card, ``points_per_objective`` included (as ``per_objective``)."""
        rules = list(self.scoring)
        if self.points_per_objective and not any(r.kind == "per_objective" for r in rules):
            rules.insert(0, CardRule(kind="per_objective", points=self.points_per_objective))
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


class Twist(_Strict):
    """A twist card: one rule that changes a single battle; ``effect`` is what the engine does."""

    name: Name
    text: str = Field(min_length=1)
    #: The rule as data, e.g. ``{kind: crit_damage_bonus, amount: 1}``; a twist without one is only
    #: prose, and the battle engine refuses to play it.
    effect: CardRule | None = None


class TwistDeck(_Strict):
    """A deck of twist cards (content kind ``twist``); one is drawn per battle."""

    name: Name
    example: bool = False
    cards: list[Twist] = Field(min_length=1)


class BladebornArchetypes(Archetypes):
    """Random-fighter tables in hexes, checked against Bladeborn's limits."""

    system: ClassVar[str] = "bladeborn"
