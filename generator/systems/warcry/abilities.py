"""The five universal abilities and the raised-fighter rules, applied to a fighter in play.

The rules text lives in ``content/warcry/universal-abilities.yaml`` (our own wording); each
ability there names its ``effect``, one of the functions in :data:`EFFECTS`. A fighter in play
is a :class:`FighterState`: the card plus its damage, position and the modifiers that last
until the end of its activation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable

from generator.errors import SkirmishError
from generator.systems.warcry.mechanics import ActivationModifiers, Modifier, apply_modifiers
from generator.systems.warcry.models import Fighter, Weapon

#: A weapon whose maximum Range is this many inches or fewer makes melee attack actions.
MELEE_MAX_RANGE = 3
#: Respite cannot be used within this distance of an enemy fighter (inches).
RESPITE_ENEMY_DISTANCE = 1
#: Inspiring Presence reaches friendly fighters within this distance (inches).
INSPIRING_PRESENCE_RANGE = 6


def is_melee(weapon: Weapon) -> bool:
    return weapon.max_range <= MELEE_MAX_RANGE


@dataclass
class FighterState:
    """A fighter on the battlefield: its card, damage, position and activation state."""

    fighter: Fighter
    side: str = "a"
    position: tuple[float, float] = (0.0, 0.0)
    damage: int = 0
    activated: bool = False
    taken_down: bool = False
    modifiers: ActivationModifiers = field(default_factory=ActivationModifiers)
    # Raised-fighter flags (see raise_fighter).
    raised: bool = False
    set_up_this_phase: bool = False

    def __post_init__(self) -> None:
        if self.damage < 0:
            raise SkirmishError(f"damage cannot be negative, got {self.damage}")

    # -- characteristics after modifiers ------------------------------------------------
    @property
    def movement(self) -> int:
        return apply_modifiers(self.fighter.movement, self.modifiers.get("movement"))

    def attacks(self, weapon: Weapon) -> int:
        return apply_modifiers(weapon.attacks, self.modifiers.get("attacks", melee=is_melee(weapon)))

    # -- damage -------------------------------------------------------------------------
    def take_damage(self, amount: int) -> None:
        """Allocate damage; the fighter is taken down once damage reaches its Wounds."""
        if amount < 0:
            raise SkirmishError(f"damage dealt cannot be negative, got {amount}")
        self.damage += amount
        if self.damage >= self.fighter.wounds:
            self.taken_down = True

    def heal(self, amount: int) -> int:
        """Remove up to ``amount`` damage points; returns how many were removed."""
        removed = min(max(0, amount), self.damage)
        self.damage -= removed
        return removed

    def end_activation(self) -> None:
        self.activated = True
        self.modifiers.clear()

    # -- raised fighters ----------------------------------------------------------------
    @property
    def can_activate(self) -> bool:
        """Raised fighters sit out the combat phase in which they were set up."""
        return not self.taken_down and not self.activated and not (self.raised and self.set_up_this_phase)

    @property
    def can_use_abilities(self) -> bool:
        return not self.taken_down and not (self.raised and self.set_up_this_phase)

    @property
    def can_react(self) -> bool:
        return self.can_use_abilities

    @property
    def can_use_traits_and_artefacts(self) -> bool:
        """Raised fighters never use heroic traits or artefacts, nor spend or gain renown."""
        return not self.raised

    @property
    def counts_as_taken_down_after_battle(self) -> bool:
        """After the battle a raised fighter counts as taken down in it."""
        return self.taken_down or self.raised


def raise_fighter(state: FighterState, damage: int | None = None, remove: int | None = None) -> FighterState:
    """Return a taken-down fighter to the battlefield as a raised fighter.

    ``damage`` sets its damage points; ``remove`` takes that many off what it had. Effects
    from before it was taken down no longer apply; on the battlefield it is not taken down.
    """
    if not state.taken_down:
        raise SkirmishError(f"{state.fighter.name} has not been taken down, so cannot be raised")
    new_damage = state.damage if damage is None else damage
    if remove is not None:
        new_damage = max(0, new_damage - remove)
    if not 0 <= new_damage < state.fighter.wounds:
        raise SkirmishError(
            f"a raised fighter needs 0-{state.fighter.wounds - 1} damage points, got {new_damage}"
        )
    return replace(
        state,
        damage=new_damage,
        taken_down=False,
        activated=False,
        modifiers=ActivationModifiers(),
        raised=True,
        set_up_this_phase=True,
    )


# -- the five universal abilities ---------------------------------------------------------


def rush(state: FighterState, value: int) -> None:
    """Rush [double]: +1 Move until the end of this fighter's activation."""
    state.modifiers.add("movement", Modifier("add", 1, "Rush"))


def onslaught(state: FighterState, value: int) -> None:
    """Onslaught [double]: +1 Attacks for melee attack actions until the end of the activation."""
    state.modifiers.add("attacks", Modifier("add", 1, "Onslaught", melee_only=True))


def respite(state: FighterState, value: int, nearest_enemy: float = math.inf) -> int:
    """Respite [triple]: remove damage equal to the value, unless an enemy is within 1".

    Returns the damage points removed.
    """
    if nearest_enemy <= RESPITE_ENEMY_DISTANCE:
        raise SkirmishError(
            f"{state.fighter.name} cannot use Respite: an enemy fighter is within {RESPITE_ENEMY_DISTANCE}\""
        )
    return state.heal(value)


def inspiring_presence(
    state: FighterState, value: int, friend: FighterState, distance: float, visible: bool = True
) -> FighterState:
    """Inspiring Presence [triple, hero]: a nearby friend that has not activated goes next.

    Returns the friend, who may be activated right after this fighter's activation ends.
    """
    if friend is state or friend.side != state.side:
        raise SkirmishError("Inspiring Presence picks another friendly fighter")
    if distance > INSPIRING_PRESENCE_RANGE or not visible:
        raise SkirmishError(
            f"Inspiring Presence needs a visible friendly fighter within {INSPIRING_PRESENCE_RANGE}\"; "
            f"{friend.fighter.name} is {distance}\" away" + ("" if visible else " and not visible")
        )
    if not friend.can_activate:
        raise SkirmishError(f"{friend.fighter.name} has already activated this battle round")
    return friend


@dataclass(frozen=True)
class BonusAction:
    """A bonus action an ability grants (it does not count towards the fighter's actions)."""

    action: str
    distance: int | None = None


def rampage(state: FighterState, value: int) -> list[BonusAction]:
    """Rampage [quad]: a bonus move of up to the value in inches, then a bonus attack."""
    return [BonusAction("move", value), BonusAction("attack")]


#: The ``effect`` names used in content files, and what they do.
EFFECTS: dict[str, Callable[..., object]] = {
    "rush": rush,
    "onslaught": onslaught,
    "respite": respite,
    "inspiring-presence": inspiring_presence,
    "rampage": rampage,
}


def effect(name: str) -> Callable[..., object]:
    try:
        return EFFECTS[name]
    except KeyError:
        raise SkirmishError(f"unknown ability effect {name!r}: choose one of {', '.join(EFFECTS)}") from None
