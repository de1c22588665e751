"""Gorechosen's rules as small functions over the models: one function per thing the book does.

Positions are the engine's axial hexes and facings the axial direction index 0-5 (see
:mod:`arcs`). Every random step takes an
:class:`~generator.dice.rng.Rng`; where a test (or a player at the table) already knows the
dice, the functions also accept the faces, so the book's worked examples can be replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, Sequence

from generator.dice.distribution import AttackOdds
from generator.dice.gorechosen import attack_odds as _attack_odds
from generator.dice.gorechosen import d3_from_d6  # the book's D3: a D6 halved, rounding up
from generator.dice.rng import Rng
from generator.systems.gorechosen import arcs
from generator.systems.gorechosen.arcs import Hex
from generator.systems.gorechosen.models import (
    AttackAction,
    Champion,
    CriticalInjury,
    HealthTrack,
    Profile,
    Side,
    WrathTrack,
)

# -- dice ----------------------------------------------------------------------------------


def roll_d3(rng: Rng) -> int:
    return d3_from_d6(rng.die(6))


# -- facing, arcs and kill zones -------------------------------------------------------------


in_front_arc = arcs.in_front_arc
in_rear_arc = arcs.in_rear_arc


def kill_zone(side: Side, position: Hex, facing: int) -> dict[Hex, str]:
    """The arena hexes a fighter can attack, each with its band, for a position and facing.

    The card draws the zone facing up the page (:data:`arcs.CARD_FACING`); turning the fighter
    turns the zone.
    """
    return arcs.kill_zone(side, position, facing)


def side_of(champion: Champion, wounded: bool) -> Side:
    return champion.wounded if wounded else champion.healthy


def profile_against(
    champion: Champion, wounded: bool, position: Hex, facing: int, target: Hex
) -> Profile | None:
    """The attack profile used against a fighter standing on ``target``, or None if out of reach.

    Other fighters in between do not matter: a zone reaching past the front arc strikes past
    (or through) a closer fighter (book, Attacking Through Fighters).
    """
    side = side_of(champion, wounded)
    band = arcs.band_at(side, position, facing, target)
    return side.profiles[band] if band is not None else None


def facing_after_move(
    path: Sequence[Hex], facing: int, icon: Literal["choose", "forward", "backward"], chosen: int | None = None
) -> int:
    """The facing at the end of a Move action (book Fig. 7).

    ``path`` is every hex stood in, start first. *forward*: face away from the last hex moved
    out of (the direction of travel); *backward*: face that hex; *choose*: ``chosen``. The
    forward and backward icons cannot turn a fighter that did not move.
    """
    if icon == "choose":
        return facing if chosen is None else arcs.facing_index(chosen)
    if len(path) < 2 or path[-1] == path[-2]:
        return facing
    travel = arcs.direction_between(path[-2], path[-1])
    if travel is None:
        raise ValueError(f"{path[-2]} and {path[-1]} are not adjacent")
    return travel if icon == "forward" else (travel + 3) % 6


# -- wrath track and initiative --------------------------------------------------------------


def move_wrath(track: WrathTrack, space: int, delta: int) -> int:
    """Move a Wrath token ``delta`` spaces; it stops at either end instead of leaving the track."""
    return max(0, min(len(track.spaces) - 1, space + delta))


def wrath_value(track: WrathTrack, space: int) -> int:
    """The Wrath printed next to a space."""
    return track.spaces[space]


def initiative_count(track: WrathTrack, space: int) -> int:
    """How many Initiative cards a player puts forward: their Wrath, up to the cards they own."""
    return min(wrath_value(track, space), track.initiative_cards)


def build_initiative_deck(
    track: WrathTrack, spaces: dict[str, int], rng: Rng, neutral: int = 0
) -> list[str]:
    """Shuffle each player's Initiative cards (as many as their Wrath) into this round's deck.

    ``neutral`` adds unused cards (named ``"neutral"``) for the Single Combat variant. The deck
    is returned top card first.
    """
    deck = [player for player, space in spaces.items() for _ in range(initiative_count(track, space))]
    deck += ["neutral"] * neutral
    return rng.shuffle(deck)


def apply_wrath_modifier(track: WrathTrack, space: int, modifier: int) -> int:
    """An action's Wrath modifier is applied before the action resolves; the action resolves
    even when the token cannot move (at the bottom a -1 simply leaves it where it is)."""
    return move_wrath(track, space, modifier)


# -- attacks --------------------------------------------------------------------------------


@dataclass(frozen=True)
class AttackResult:
    faces: tuple[int, ...]
    profile: Profile
    hits: int
    cancelled: int
    wounds: int
    sixes: int
    seethes: bool  # no hits: the attacker's Wrath goes up one space
    crippling: bool  # a Crippling Blow rolled a 6: one Critical Injury resolves at once


def resolve_attack(
    dice: int,
    profile: Profile,
    rng: Rng | None = None,
    faces: Sequence[int] | None = None,
    cancel_hits: int = 0,
    crippling: bool = False,
) -> AttackResult:
    """Roll ``dice`` dice: each at or above To Hit is a hit worth ``profile.wounds`` wounds.

    ``cancel_hits`` is what a Block, Parry or Dodge played in response takes away (after the
    roll, before the wounds). No hits at all (before any cancelling) makes the attacker seethe.
    """
    if faces is None:
        if rng is None:
            raise ValueError("give either rng or the dice faces")
        faces = rng.dice(dice, 6)
    faces = tuple(int(f) for f in faces)
    if len(faces) != dice:
        raise ValueError(f"{len(faces)} faces given for a {dice}-dice attack")
    hits = sum(1 for f in faces if f >= profile.to_hit)
    cancelled = min(hits, max(0, cancel_hits))
    sixes = faces.count(6)
    return AttackResult(
        faces=faces,
        profile=profile,
        hits=hits,
        cancelled=cancelled,
        wounds=(hits - cancelled) * profile.wounds,
        sixes=sixes,
        seethes=hits == 0,
        crippling=crippling and sixes > 0,
    )


def attack_odds(dice: int, profile: Profile) -> AttackOdds:
    """Exact odds of an attack (the dice engine's ``AttackOdds``, cached there)."""
    return _attack_odds(dice, profile.to_hit, profile.wounds)


def attack_action(
    track: WrathTrack,
    space: int,
    action: AttackAction,
    profile: Profile,
    rng: Rng | None = None,
    faces: Sequence[int] | None = None,
    cancel_hits: int = 0,
) -> tuple[int, AttackResult]:
    """Take an Attack action from a card: Wrath modifier first, then the roll, then seething.

    Returns the attacker's new Wrath space and the result.
    """
    space = apply_wrath_modifier(track, space, action.wrath)
    result = resolve_attack(action.dice, profile, rng, faces, cancel_hits, action.crippling)
    if result.seethes:
        space = move_wrath(track, space, 1)
    return space, result


# -- health track ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Health:
    """Where a fighter's Health marker stands: ``position`` 1 = top space; ``covered`` spaces
    from the top carry Injury markers."""

    length: int
    position: int = 1
    covered: int = 0

    @property
    def slain(self) -> bool:
        return self.covered >= self.length

    @property
    def top(self) -> int:
        return self.covered + 1


@dataclass(frozen=True)
class WoundOutcome:
    health: Health
    injuries: int  # Injury markers placed = Critical Injury cards to draw
    slain: bool


def new_health(track: HealthTrack) -> Health:
    """Fig. 2: the Health marker starts on the top space (lower under a handicap, ``track.start``)."""
    return Health(length=track.length, position=track.start)


def take_wounds(health: Health, wounds: int) -> WoundOutcome:
    """Move the Health marker one space down per wound (book Fig. 8).

    On reaching the bottom space the top uncovered space gets an Injury marker; a further wound
    moves the marker to the new top, and so on. Covering the bottom space slays the fighter.
    """
    position, covered, injuries = health.position, health.covered, 0
    for _ in range(max(0, wounds)):
        if covered >= health.length:
            break
        position = covered + 1 if position == health.length else position + 1
        if position == health.length:
            covered += 1
            injuries += 1
    new = Health(health.length, position, covered)
    return WoundOutcome(new, injuries, new.slain)


def place_injury(health: Health) -> Health:
    """Cover the top uncovered space outright (e.g. Cleave); a marker standing there moves down."""
    covered = min(health.length, health.covered + 1)
    position = health.position
    if position <= covered:
        position = min(health.length, covered + 1)
    return Health(health.length, position, covered)


def heal(health: Health, spaces: int) -> Health:
    """Move the Health marker up to ``spaces`` spaces back up the track, never onto a covered
    space (Heldrax's Feast of Hearts)."""
    return Health(health.length, max(health.top, health.position - max(0, spaces)), health.covered)


def is_wounded(track: HealthTrack, health: Health) -> bool:
    """Wounded once an Injury marker covers any space marked Wounded."""
    return any(box <= health.covered for box in track.wounded_boxes)


@lru_cache(maxsize=64)
def wounds_to_slay(length: int) -> int:
    """Wounds that take a fresh track of ``length`` spaces to slain (no critical injuries)."""
    health, total = Health(length), 0
    while not health.slain:
        health = take_wounds(health, 1).health
        total += 1
    return total


def wounds_until_wounded(track: HealthTrack) -> int:
    """Wounds a fresh fighter takes before it turns Wounded (its first Wounded box covered)."""
    return _wounds_until_covered(track.length, min(track.wounded_boxes)) - (track.start - 1)


def track_wounds_to_slay(track: HealthTrack) -> int:
    """Wounds that take a fresh fighter with this track to slain: a marker starting lower
    (``track.start``) has that many spaces less to walk on its first lap."""
    return wounds_to_slay(track.length) - (track.start - 1)


@lru_cache(maxsize=256)
def _wounds_until_covered(length: int, box: int) -> int:
    health, total = Health(length), 0
    while health.covered < box:
        health = take_wounds(health, 1).health
        total += 1
    return total


class CriticalPile:
    """The face-down Critical Injury deck: one card per Injury marker; reshuffled when empty."""

    def __init__(self, cards: Sequence[CriticalInjury], rng: Rng | None = None):
        self._all = list(cards)
        self._rng = rng
        self._pile: list[CriticalInjury] = []

    def draw(self, count: int, rng: Rng | None = None) -> list[CriticalInjury]:
        """Draw ``count`` cards; a reshuffle uses ``rng`` when given (a battle's dice stream)."""
        drawn = []
        for _ in range(count):
            if not self._pile:
                self._pile = (rng or self._rng).shuffle(list(self._all))
            drawn.append(self._pile.pop(0))
        return drawn


# -- pushing --------------------------------------------------------------------------------


def push_destination(pusher: Hex, target: Hex, pusher_facing: int | None = None) -> Hex:
    """The hex a pushed fighter moves into: one hex directly away from the pusher.

    For an adjacent target that is the next hex on the line from pusher to target; for a
    target further along the pusher's facing (Spear Rush) it is one more hex along that facing.
    """
    step = arcs.direction_between(pusher, target)
    if step is None:
        if pusher_facing is None:
            raise ValueError(f"{target} is not adjacent to {pusher}; give the pusher's facing")
        step = pusher_facing
    return arcs.neighbour(target, step)


@dataclass(frozen=True)
class PushResult:
    moved: bool
    wounds: int
    slain: bool
    roll: int | None = None  # the dice (pit) or the D3 (blocked)
    total: int | None = None  # pit roll plus discards


def resolve_push(
    destination: Literal["free", "blocked", "pit"],
    rng: Rng | None = None,
    discards: int = 0,
    roll: int | None = None,
) -> PushResult:
    """Resolve a push into a hex that is free, blocked (wall, obstruction or fighter) or a pit.

    Blocked: the fighter stays and suffers D3 wounds. Pit: roll a dice and add one per Action
    card discarded; 4 or more and the fighter stays put, 1-3 and they fall and are slain.
    """
    if destination == "free":
        return PushResult(moved=True, wounds=0, slain=False)
    if roll is None:
        if rng is None:
            raise ValueError("give either rng or the dice roll")
        roll = rng.die(6)
    if destination == "blocked":
        return PushResult(moved=False, wounds=d3_from_d6(roll), slain=False, roll=roll)
    total = roll + max(0, discards)
    return PushResult(moved=False, wounds=0, slain=total <= 3, roll=roll, total=total)


# -- death ------------------------------------------------------------------------------------


def slayer_gains(track: WrathTrack, slayer_space: int, rng: Rng | None = None, roll: int | None = None) -> tuple[int, int]:
    """The slayer's Wrath token moves up D3 spaces; returns (new space, D3 rolled)."""
    if roll is None:
        if rng is None:
            raise ValueError("give either rng or the dice roll")
        roll = rng.die(6)
    gain = d3_from_d6(roll)
    return move_wrath(track, slayer_space, gain), gain


# -- unique actions the book prints --------------------------------------------------------


@dataclass
class ScourgeResult:
    faces: tuple[int, ...]
    discards: int
    wounds: int


def scourge(faces: Sequence[int], hand_size: int, success: int = 4) -> ScourgeResult:
    """Tark's Scourge: each dice scoring ``success``+ costs the target a random card from their
    hand, or a wound once their hand is empty."""
    successes = sum(1 for f in faces if f >= success)
    discards = min(successes, hand_size)
    return ScourgeResult(tuple(faces), discards, successes - discards)


@dataclass
class PortalResult:
    own_roll: int
    own_space: int
    others: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # roll, new space, wounds


def portal_of_skulls(
    track: WrathTrack, own_space: int, own_roll: int, others: dict[str, tuple[int, int]]
) -> PortalResult:
    """Atorg's Portal of Skulls: his Wrath rises by his roll; every other fighter rolls too, and
    on 1-3 their Wrath rises that much, on 4-6 they take that many wounds.

    ``others`` maps a fighter to (Wrath space, roll).
    """
    result = PortalResult(own_roll, move_wrath(track, own_space, own_roll))
    for name, (space, roll) in others.items():
        if roll <= 3:
            result.others[name] = (roll, move_wrath(track, space, roll), 0)
        else:
            result.others[name] = (roll, space, roll)
    return result


def blood_bind_succeeds(roll: int, target_wrath: int) -> bool:
    """Fexgor's Blood Bind takes hold when the dice scores the target's Wrath or lower."""
    return roll <= target_wrath

