"""The squad special abilities as rules: plain functions of plain values, like mechanics.py.

Each effect kind of :mod:`generator.systems.sagaborn.abilities` is played by one of these; the
battle (``game.py``) only asks them at the moment the card's text names. The house rules the
engine knows are here too, off unless a battle's rules switch them on.
"""

from __future__ import annotations

from typing import Optional

from generator.systems.sagaborn.abilities import (
    AuraMove,
    HealAction,
    PackAttack,
    PinOnDamage,
    StripCover,
    WaterStride,
)

#: House rules a battle may switch on (``make_battle``'s ``house_rules``, or ``house_rules`` in
#: content/sagaborn/rules.yaml). The book has none of these; each is off by default.
HOUSE_RULES: dict[str, str] = {
    "relic_heal": "a hero with the goblet may use a relic it holds as its standard action: it heals "
                  "2 HP (never above its HP), once per relic per battle",
}
RELIC_HEAL = 2


def aura_bonus(effect: Optional[AuraMove], unit_type: str, distance: Optional[int]) -> int:
    """Extra Move a unit of ``unit_type`` gets this activation from a friend's aura ``distance``
    hexes away at the start of the activation (None: the friend is gone)."""
    if effect is None or distance is None or distance > effect.radius:
        return 0
    if effect.who != "any" and effect.who != unit_type:
        return 0
    return effect.bonus


def heal_amount(effect: HealAction, hp: int, max_hp: int) -> int:
    """HP a friend recovers from a healing action: the effect's amount, never above its HP."""
    return max(0, min(effect.amount, max_hp - hp))


def can_heal(effect: HealAction, distance: int, is_self: bool, hp: int, max_hp: int) -> bool:
    """Whether a healing action may pick this friend: within reach, hurt, and the healer itself
    only when the effect allows it."""
    if is_self and not effect.include_self:
        return False
    return distance <= effect.radius and hp < max_hp


def pack_dice(effect: Optional[PackAttack], packmates_next_to_target: int) -> int:
    """Extra attack dice when another unit of the attacker's squad stands next to the target."""
    if effect is None or packmates_next_to_target <= 0:
        return 0
    return effect.dice


def pins(effect: Optional[PinOnDamage], damage: int) -> bool:
    """Whether an attack dealing ``damage`` holds its victim in its hex for its next activation."""
    return effect is not None and damage >= effect.damage


def effect_of(card, kind: type):
    """The squad card's special effect if it is of ``kind`` (e.g. :class:`WaterStride`)."""
    special = getattr(card, "special", None)
    effect = special.effect if special is not None else None
    return effect if isinstance(effect, kind) else None


__all__ = ["HOUSE_RULES", "RELIC_HEAL", "aura_bonus", "heal_amount", "can_heal", "pack_dice", "pins",
           "effect_of", "AuraMove", "HealAction", "PackAttack", "PinOnDamage", "StripCover",
           "WaterStride"]
