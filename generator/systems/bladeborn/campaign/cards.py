"""Campaign cards as content: convergence decks (with the artefact or reward on each back) and the
lesser artefact deck.

Every card carries its rule twice: ``text``, the words printed for the players (our own), and
``rules``, the same rule as data the battle engine carries out. The data speaks only the
engine's existing vocabulary, applied to a battle's inputs before it is seated
(:mod:`generator.systems.bladeborn.campaign.effects`):

* ``stats`` -- Move, Toughness, Wounds of fighters (a fighter card changed for the battle);
* ``weapons`` -- Attacks, Strength, Damage or Range of their weapons (``weapons: melee`` /
  ``ranged`` / ``all``; melee weapons are those of Range 1, as the engine counts them);
* ``ability`` -- an ability the fighters gain, whose ``effect`` is one of the engine's ability
  effects (``generator.systems.warcry.models.ABILITY_EFFECTS``);
* ``reserve`` -- a warband keeps more or fewer fighters in reserve (convergences only);
* ``battle`` -- a twist effect on the whole battle (``EFFECT_KINDS`` of the Bladeborn engine;
  convergences only, as the book says a convergence "applies to the battle in a similar way to
  a twist card");
* ``scoring`` -- one more scoring rule on the battle card (convergences only).

A convergence card's rules name the ``side`` they touch (the aspirant, the adversary, or both)
and which of its ``fighters`` (all, leader, hero, melee, ranged); the effects of an artefact of
power, a reward or a lesser artefact touch their bearer alone.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from generator.systems.bladeborn.models import BladebornAbility, CardRule

LEVELS = ("first", "second", "final")
Level = Literal["first", "second", "final"]
Side = Literal["aspirant", "adversary", "both"]
FighterFilter = Literal["all", "leader", "hero", "melee", "ranged"]
Fits = Literal["any", "melee", "ranged", "hero"]
KINDS = ("stats", "weapons", "ability", "reserve", "battle", "scoring")
FIGHTER_KINDS = ("stats", "weapons", "ability")
STAT_FIELDS = ("move", "toughness", "wounds")
WEAPON_FIELDS = ("attacks", "strength", "dmg_hit", "dmg_crit", "max_range")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Effect(_Strict):
    """One rule of a campaign card as data: a ``kind`` and its numbers (see the module docstring)."""

    kind: Literal["stats", "weapons", "ability", "reserve", "battle", "scoring"]
    side: Optional[Side] = Field(default=None, description="convergence rules: whose fighters it touches")
    fighters: FighterFilter = Field(default="all", description="convergence rules: which of that side's fighters")
    move: Optional[int] = Field(default=None, ge=-3, le=3)
    toughness: Optional[int] = Field(default=None, ge=-3, le=3)
    wounds: Optional[int] = Field(default=None, ge=-10, le=20)
    weapons: Literal["all", "melee", "ranged"] = "all"
    attacks: Optional[int] = Field(default=None, ge=-3, le=3)
    strength: Optional[int] = Field(default=None, ge=-3, le=3)
    dmg_hit: Optional[int] = Field(default=None, ge=-3, le=5)
    dmg_crit: Optional[int] = Field(default=None, ge=-3, le=5)
    max_range: Optional[int] = Field(default=None, ge=-2, le=3)
    ability: Optional[BladebornAbility] = None
    amount: Optional[int] = Field(default=None, ge=-2, le=2, description="reserve: fighters more (or fewer) kept back")
    effect: Optional[CardRule] = Field(default=None, description="battle: a twist effect")
    rule: Optional[CardRule] = Field(default=None, description="scoring: a scoring rule added to the battle card")

    @model_validator(mode="after")
    def _numbers_fit_the_kind(self) -> "Effect":
        given = {name for name in STAT_FIELDS + WEAPON_FIELDS + ("ability", "amount", "effect", "rule")
                 if getattr(self, name) is not None}
        wants = {"stats": set(STAT_FIELDS), "weapons": set(WEAPON_FIELDS), "ability": {"ability"},
                 "reserve": {"amount"}, "battle": {"effect"}, "scoring": {"rule"}}[self.kind]
        stray = sorted(given - wants)
        if stray:
            raise ValueError(f"kind {self.kind!r} takes {', '.join(sorted(wants))}, not {', '.join(stray)}")
        if not given & wants:
            raise ValueError(f"kind {self.kind!r} needs {' or '.join(sorted(wants))}")
        if self.kind == "ability" and self.ability.effect is None:
            raise ValueError(f"ability {self.ability.name!r}: give it an effect the engine carries out "
                             "(an ability granted by a campaign card is played, not only printed)")
        if self.kind == "battle":
            from generator.systems.bladeborn.battle import EFFECT_KINDS

            _known(self.effect, EFFECT_KINDS, "twist effect")
        if self.kind == "scoring":
            from generator.systems.bladeborn.battle import SCORING_KINDS

            _known(self.rule, {k: ((), ("points", "when", "from_round")) for k in SCORING_KINDS}, "scoring rule")
        return self

    @property
    def touches_fighters(self) -> bool:
        return self.kind in FIGHTER_KINDS


def _known(rule: CardRule, table: dict, what: str) -> None:
    if rule.kind not in table:
        raise ValueError(f"{rule.kind!r} is not a {what} the Bladeborn engine carries out; choose one of "
                         f"{', '.join(table)}")
    required, optional = table[rule.kind]
    params = rule.params()
    missing = [k for k in required if k not in params]
    unknown = [k for k in params if k not in set(required) | set(optional)]
    if missing:
        raise ValueError(f"{what} {rule.kind!r} needs {', '.join(missing)}")
    if unknown:
        raise ValueError(f"{what} {rule.kind!r} takes {', '.join(list(required) + list(optional)) or 'no numbers'}, "
                         f"not {', '.join(unknown)}")


def _bearer_rules(rules: list[Effect], what: str) -> list[Effect]:
    """The rules of a card given to one fighter: fighter effects only, with no side or filter."""
    for i, rule in enumerate(rules):
        if not rule.touches_fighters:
            raise ValueError(f"rules[{i}]: kind {rule.kind!r} changes a battle, not a fighter; {what} rules are "
                             f"{', '.join(FIGHTER_KINDS)}")
        if rule.side is not None or rule.fighters != "all":
            raise ValueError(f"rules[{i}]: {what} rules touch their bearer alone: leave out side and fighters")
    return rules


class Back(_Strict):
    """The reverse of a convergence card: an artefact of power (the first and second convergences)
    or a reward (the final convergence), which the player keeps once the convergence is won."""

    type: Literal["artefact", "reward"]
    name: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=400)
    #: An artefact: which fighters may bear it (the player chooses one of them).
    fits: Fits = "any"
    #: A reward: the fighter it is for, by name, or ``leader`` (the warband's first fighter).
    fighter: Optional[str] = Field(default=None, min_length=1)
    rules: list[Effect] = Field(min_length=1)
    #: What the table rule does that the engine cannot (the data is the closest it can play).
    engine_note: Optional[str] = Field(default=None, max_length=300)

    @model_validator(mode="after")
    def _shape(self) -> "Back":
        if self.type == "reward" and self.fighter is None:
            raise ValueError("a reward is for a specific fighter: give fighter (a fighter's name, or leader)")
        if self.type == "artefact" and self.fighter is not None:
            raise ValueError("an artefact of power goes to a fighter of the player's choice: use fits, not fighter")
        _bearer_rules(self.rules, "artefact and reward")
        return self


class Convergence(_Strict):
    """One convergence card: its level, the rule it adds to the battle, and its back."""

    level: Level
    name: str = Field(min_length=1, max_length=60)
    flavour: Optional[str] = Field(default=None, max_length=200)
    text: str = Field(min_length=1, max_length=500)
    rules: list[Effect] = Field(min_length=1)
    back: Back

    @field_validator("rules")
    @classmethod
    def _fighter_rules_name_a_side(cls, rules: list[Effect]) -> list[Effect]:
        for i, rule in enumerate(rules):
            if (rule.touches_fighters or rule.kind == "reserve") and rule.side is None:
                raise ValueError(f"rules[{i}]: say whose fighters it touches: side: aspirant, adversary or both")
            if not rule.touches_fighters and rule.kind != "reserve" and (rule.side or rule.fighters != "all"):
                raise ValueError(f"rules[{i}]: kind {rule.kind!r} changes the whole battle: leave out side and fighters")
            if rule.kind == "reserve" and rule.side == "both":
                raise ValueError(f"rules[{i}]: a reserve rule is for one side: aspirant or adversary")
        return rules

    @model_validator(mode="after")
    def _back_fits_the_level(self) -> "Convergence":
        wanted = "reward" if self.level == "final" else "artefact"
        if self.back.type != wanted:
            raise ValueError(f"the {self.level} convergence turns over to {'a reward' if wanted == 'reward' else 'an artefact of power'} "
                             f"(back.type: {wanted}): the first and second give the artefacts that lead to the final, "
                             "whose reward outlasts the campaign")
        return self


class ConvergenceDeck(_Strict):
    """A warband's three convergence cards (content kind ``convergences``).

    ``faction`` names the warbands it belongs to (their faction runemark); a deck with
    ``default: true`` serves every warband that has no deck of its own."""

    name: str = Field(min_length=1, max_length=80)
    example: bool = False
    faction: Optional[str] = Field(default=None, pattern=r"^[a-z][a-z0-9-]*$")
    default: bool = False
    cards: list[Convergence] = Field(min_length=3, max_length=3)

    @field_validator("cards")
    @classmethod
    def _one_of_each_level(cls, cards: list[Convergence]) -> list[Convergence]:
        levels = [c.level for c in cards]
        if sorted(levels, key=LEVELS.index) != list(LEVELS):
            raise ValueError(f"a warband has one first, one second and one final convergence; these cards are "
                             f"{', '.join(levels)}")
        return cards

    @model_validator(mode="after")
    def _whose(self) -> "ConvergenceDeck":
        if (self.faction is None) == (not self.default):
            raise ValueError("give faction (the warband's faction runemark) or default: true, one of the two")
        return self

    def card(self, level: str) -> Convergence:
        return next(c for c in self.cards if c.level == level)

    def back(self, name: str) -> tuple[Convergence, Back] | None:
        for card in self.cards:
            if card.back.name == name:
                return card, card.back
        return None


class LesserArtefact(_Strict):
    """A lesser artefact: used once, on one fighter, for one battle."""

    name: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=400)
    fits: Fits = "any"
    rules: list[Effect] = Field(min_length=1)
    #: What the table rule does that the engine cannot (the data is the closest it can play).
    engine_note: Optional[str] = Field(default=None, max_length=300)

    @field_validator("rules")
    @classmethod
    def _bearer_only(cls, rules: list[Effect]) -> list[Effect]:
        return _bearer_rules(rules, "lesser artefact")


class LesserArtefactDeck(_Strict):
    """The lesser artefact cards (content kind ``lesser-artefacts``); the box holds 10."""

    name: str = Field(min_length=1, max_length=80)
    example: bool = False
    cards: list[LesserArtefact] = Field(min_length=1, max_length=40)

    @field_validator("cards")
    @classmethod
    def _unique_names(cls, cards: list[LesserArtefact]) -> list[LesserArtefact]:
        seen: set[str] = set()
        for card in cards:
            if card.name in seen:
                raise ValueError(f"{card.name!r} appears twice; each lesser artefact is one card")
            seen.add(card.name)
        return cards
