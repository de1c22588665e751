"""The Basic Game's combat rules as plain functions: attack rolls, damage, exchanges, the turn.

How a Bladestorm fight works, in our words:

* A turn: one player moves, then everyone in base-to-base contact fights; then the other player
  moves and everyone in contact fights again; defeated combatants leave the table.
* In a fight each combatant in contact makes one attack. The side that just moved resolves its
  attacks first, but nobody is removed until every attack of the exchange is done, so a
  combatant struck down still strikes back (combat is simultaneous).
* An attack rolls the attacker's Melee Attack dice; it hits when the total is MORE than the
  target's Defense (equal misses).
* A hit checks off as many Endurance boxes as the Melee Damage reads from the same dice: High is
  the highest die (all of them if several tie for highest), Low the lowest (likewise),
  High+Low both, plus any addition or multiplier.
* A combatant with no Endurance left (hits taken >= Endurance) is removed after the exchange.

The book's turn chart lists one "Remove Defeated" step at the end of the turn, while its worked
example (section 9.4) removes Montu straight after the exchange in which he fell. We remove after
every exchange, which matches the example and never lets the fallen fight twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from generator.dice.bladestorm import parse_damage, parse_roll
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.bladestorm.models import Combatant, Weapon

TURN_SEQUENCE: tuple[str, ...] = (
    "initiative",  # once, before the first turn: which player is player 1
    "player 1 moves",
    "player 1 attacks",
    "player 2 defends",  # player 2's combatants in contact strike back
    "player 2 moves",
    "player 2 attacks",
    "player 1 defends",
    "remove defeated",
)


def initiative(players: Sequence[str], rng: Optional[Rng] = None, first: Optional[str] = None) -> list[str]:
    """Who is player 1 (moves first) and player 2, decided once before the first turn.

    The Basic Game leaves this to the scenario (Warriors of Ash: the Goblins move first). When a
    scenario does not say, we roll off: a D6 each, re-rolling ties -- our rule, not the book's.
    """
    if len(players) != 2:
        raise SkirmishError(f"initiative is between two players, not {len(players)}")
    if first is not None:
        if first not in players:
            raise SkirmishError(f"{first!r} is not playing: choose {players[0]!r} or {players[1]!r}")
        return [first, next(p for p in players if p != first)]
    if rng is None:
        raise SkirmishError("a roll-off for initiative needs a random source")
    while True:
        a, b = rng.die(6), rng.die(6)
        if a != b:
            return list(players) if a > b else [players[1], players[0]]


@dataclass
class InPlay:
    """A combatant on the table: its card, its side and the Endurance boxes checked so far."""

    card: Combatant
    side: str = ""
    hits: int = 0
    removed: bool = False

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def endurance_left(self) -> int:
        return self.card.endurance - self.hits

    @property
    def defeated(self) -> bool:
        """No Endurance boxes left: zero or less remaining."""
        return self.endurance_left <= 0


@dataclass
class AttackResult:
    """One resolved attack: the dice, the total against Defense, and the hits it did."""

    attacker: str
    target: str
    weapon: str
    faces: tuple[int, ...]
    total: int
    defense: int
    hit: bool
    damage: int

    def describe(self) -> str:
        dice = ", ".join(str(f) for f in self.faces)
        if not self.hit:
            return f"{self.attacker} rolls {dice}: {self.total} against Defense {self.defense}, a miss."
        return (
            f"{self.attacker} rolls {dice}: {self.total} against Defense {self.defense}, "
            f"hits {self.target} for {self.damage}."
        )


def weapon_of(card: Combatant, weapon: Optional[str | Weapon] = None) -> Weapon:
    """The attack a combatant uses: its Melee Attack, or the named weapon from its card.

    A :class:`Weapon` already taken from the card is used as it is (a battle reads each card's
    weapons once instead of once per attack).
    """
    if isinstance(weapon, Weapon):
        return weapon
    options = card.attacks()
    if not options:
        raise SkirmishError(f"{card.name} has no Melee Attack and no weapon, so cannot attack")
    if weapon is None:
        return options[0]
    for option in options:
        if option.name.lower() == weapon.lower():
            return option
    known = ", ".join(o.name for o in options)
    raise SkirmishError(f"{card.name} has no weapon {weapon!r}: choose one of {known}")


def attack_total(attack: str, faces: Sequence[int]) -> int:
    """The attack roll for given dice: check the faces fit the expression, add the modifier."""
    expr = parse_roll(attack)
    sides = [s for count, s in expr.groups for _ in range(count)]
    if len(faces) != len(sides):
        raise SkirmishError(f"{attack} rolls {len(sides)} dice, but {len(faces)} faces were given")
    for face, side in zip(faces, sides):
        if not 1 <= face <= side:
            raise SkirmishError(f"{face} is not a face of a D{side} (1 to {side}) in {attack}")
    return sum(faces) + expr.modifier


def resolve_attack(
    attacker: InPlay,
    target: InPlay,
    *,
    faces: Optional[Sequence[int]] = None,
    rng: Optional[Rng] = None,
    weapon: Optional[str | Weapon] = None,
) -> AttackResult:
    """One attack: roll (or take ``faces``), compare with Defense, check off the damage.

    The target is not removed here, even at zero Endurance: removal waits for the end of the
    exchange (see :func:`exchange`).
    """
    if attacker.removed:
        raise SkirmishError(f"{attacker.name} has been removed from play and cannot attack")
    if target.removed:
        raise SkirmishError(f"{target.name} has been removed from play and cannot be attacked")
    arm = weapon_of(attacker.card, weapon)
    if faces is None:
        if rng is None:
            raise SkirmishError("an attack needs either fixed dice or a random source")
        rolled = parse_roll(arm.attack).roll(rng)
        faces, total = tuple(rolled.values), rolled.total
    else:
        faces = tuple(faces)
        total = attack_total(arm.attack, faces)
    defense = target.card.defense
    hit = total > defense
    damage = max(0, parse_damage(arm.damage).apply(list(faces))) if hit else 0
    target.hits += damage
    return AttackResult(attacker.name, target.name, arm.name, faces, total, defense, hit, damage)


@dataclass
class Attack:
    """An announced attack: who strikes whom, with which weapon and (for replays) which dice."""

    attacker: InPlay
    target: InPlay
    faces: Optional[Sequence[int]] = None
    weapon: Optional[str] = None


@dataclass
class ExchangeResult:
    attacks: list[AttackResult] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def describe(self) -> str:
        lines = [a.describe() for a in self.attacks]
        lines += [f"{name} is removed from play." for name in self.removed]
        return "\n".join(lines)


def remove_defeated(fighters: Iterable[InPlay]) -> list[str]:
    """Take every combatant with no Endurance left off the table; their names, in order."""
    gone = []
    for fighter in fighters:
        if not fighter.removed and fighter.defeated:
            fighter.removed = True
            gone.append(fighter.name)
    return gone


def exchange(attacks: Sequence[Attack], *, rng: Optional[Rng] = None) -> ExchangeResult:
    """A melee exchange: every announced attack in order, then removal of the defeated.

    List the moving player's attacks first (the book lets them resolve first); it changes
    nothing else, because nobody leaves until all attacks are done.
    """
    result = ExchangeResult()
    for planned in attacks:
        result.attacks.append(
            resolve_attack(planned.attacker, planned.target, faces=planned.faces, rng=rng, weapon=planned.weapon)
        )
    involved: dict[int, InPlay] = {}
    for planned in attacks:
        involved.setdefault(id(planned.attacker), planned.attacker)
        involved.setdefault(id(planned.target), planned.target)
    result.removed = remove_defeated(involved.values())
    return result


def standing(fighters: Iterable[InPlay]) -> list[InPlay]:
    return [f for f in fighters if not f.removed]


def winner(sides: dict[str, Sequence[InPlay]]) -> Optional[str]:
    """The side left standing once every other side is eliminated, or None while it goes on."""
    alive = [name for name, fighters in sides.items() if standing(fighters)]
    return alive[0] if len(alive) == 1 else None
