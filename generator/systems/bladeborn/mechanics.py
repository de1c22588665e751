"""Bladeborn's battle rules as plain functions over hex positions.

Positions are axial hex coordinates ``(q, r)``. Every function that measures takes an optional
``distance`` function (default: :func:`hex_distance`, a three-line local helper) so the rules do
not depend on a particular board package; visibility is likewise injected as ``visible(a, b)``.

Covered here: ability dice (singles/doubles/triples with the four-or-more-of-a-kind split),
initiative, activation, move/attack/disengage/wait legality, the adjacent-target rule, hits,
damage tokens, objective control and re-roll limits. Campaign rules are in ``campaign.py``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.warcry.mechanics import AbilityRoll, Group, roll_off
from generator.systems.warcry.models import Weapon

Hex = tuple[int, int]
Distance = Callable[[Hex, Hex], int]
Visible = Callable[[Hex, Hex], bool]

ABILITY_DICE = 6
TURNS_PER_ROUND = 4
ACTIONS_FIRST_ACTIVATION = 2
ACTIONS_LATER_ACTIVATION = 1
OBJECTIVE_RANGE = 1


#: Warcry's inches on Bladeborn's hexes: the 13 x 10 hex board stands for Warcry's 30" x 22" table
#: (2.3" and 2.2" a hex); 2" a hex, rounded half up, keeps a 1" melee weapon at 1 hex.
INCHES_PER_HEX = 2


def inches_to_hexes(inches: int) -> int:
    """Warcry inches as Bladeborn hexes: ``inches / 2`` rounded half up, at least 1."""
    return max(1, (inches + 1) // INCHES_PER_HEX)


def hex_distance(a: Hex, b: Hex) -> int:
    """Steps between two axial hexes (adjacent hexes are 1 apart)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _always_visible(a: Hex, b: Hex) -> bool:
    return True


# -- ability dice ------------------------------------------------------------------------


def splits_of_a_kind(count: int) -> list[tuple[int, ...]]:
    """The ways ``count`` matching dice may be divided: doubles and triples, never a single.

    Two dice are a double and three a triple. Four or more are split into doubles and triples
    only: 4 -> two doubles; 5 -> a double and a triple; 6 -> three doubles or two triples.
    One die is a single (returned as ``(1,)``).
    """
    if count < 1:
        return []
    if count == 1:
        return [(1,)]
    found = []
    for triples in range(count // 3 + 1):
        rest = count - 3 * triples
        if rest % 2 == 0:
            found.append(tuple([2] * (rest // 2) + [3] * triples))
    return found


def ability_dice_choices(faces: Sequence[int]) -> list[AbilityRoll]:
    """Every legal way to divide a roll of ability dice (one entry unless 6 of a kind).

    >>> [r.describe() for r in ability_dice_choices([2] * 6)]
    ['double of 2s, double of 2s, double of 2s', 'triple of 2s, triple of 2s']
    """
    faces = list(faces)
    if any(not 1 <= f <= 6 for f in faces):
        raise SkirmishError(f"ability dice show 1-6; got {faces}")
    counts = sorted(Counter(faces).items())
    singles = tuple(v for v, n in counts if n == 1)
    grouped = [(v, n) for v, n in counts if n >= 2]
    per_value = [[(v, split) for split in splits_of_a_kind(n)] for v, n in grouped]
    choices = []
    for combo in itertools.product(*per_value):
        groups = tuple(
            Group("double" if size == 2 else "triple", value, size) for value, split in combo for size in split
        )
        choices.append(AbilityRoll(singles, tuple(sorted(groups, key=lambda g: (g.dice, g.value)))))
    return choices


def group_ability_dice(faces: Sequence[int], choice: int = 0) -> AbilityRoll:
    """One division of the roll; ``choice`` picks among :func:`ability_dice_choices`."""
    choices = ability_dice_choices(faces)
    if not 0 <= choice < len(choices):
        raise SkirmishError(f"choice {choice} is out of range: this roll has {len(choices)} division(s)")
    return choices[choice]


# -- initiative --------------------------------------------------------------------------


def initiative(
    singles_a: int,
    singles_b: int,
    battle_round: int,
    previous: str | None = None,
    rng: Rng | None = None,
) -> str:
    """Who has the initiative: more singles; else a roll-off in round 1; else whoever did not.

    ``previous`` is the player who had the initiative last round (needed after round 1).
    """
    if singles_a != singles_b:
        return "a" if singles_a > singles_b else "b"
    if battle_round == 1:
        if rng is None:
            raise SkirmishError("a tie in the first battle round is settled by a roll-off: pass an Rng")
        return roll_off(rng)[0]
    if previous not in ("a", "b"):
        raise SkirmishError("after the first round a tie goes to the player without the initiative last round")
    return "b" if previous == "a" else "a"


# -- activation --------------------------------------------------------------------------


@dataclass
class Activations:
    """One player's activations in one battle round.

    A fighter cannot activate again until every friendly fighter on the battlefield has; a
    first activation gives 2 actions, any later one 1 action. Each player has 4 turns.
    """

    on_battlefield: set[str]
    activated: Counter = field(default_factory=Counter)
    turns_taken: int = 0
    #: Warcry's own rule instead (its warbands on our hexes): every fighter activates exactly once
    #: a battle round, the players alternating, however many turns that takes.
    once_each: bool = False

    @property
    def limit(self) -> int:
        return 10 ** 6 if self.once_each else TURNS_PER_ROUND

    def can_activate(self, fighter: str) -> bool:
        if fighter not in self.on_battlefield or self.turns_taken >= self.limit:
            return False
        if self.activated[fighter] == 0:
            return True
        return not self.once_each and all(self.activated[f] > 0 for f in self.on_battlefield)

    def actions_for(self, fighter: str) -> int:
        return ACTIONS_FIRST_ACTIVATION if self.activated[fighter] == 0 else ACTIONS_LATER_ACTIVATION

    def activate(self, fighter: str) -> int:
        """Record an activation (one turn) and return how many actions the fighter makes."""
        if fighter not in self.on_battlefield:
            raise SkirmishError(f"{fighter} is not on the battlefield")
        if self.turns_taken >= self.limit:
            raise SkirmishError(f"all {TURNS_PER_ROUND} turns of this battle round have been taken")
        if not self.can_activate(fighter):
            waiting = sorted(f for f in self.on_battlefield if self.activated[f] == 0)
            raise SkirmishError(f"{fighter} cannot activate again until {', '.join(waiting)} have activated")
        actions = self.actions_for(fighter)
        self.activated[fighter] += 1
        self.turns_taken += 1
        return actions

    def taken_down(self, fighter: str) -> None:
        self.on_battlefield.discard(fighter)

    def end_phase(self) -> None:
        """Remove the activation tokens and flip the turn counters back over."""
        self.activated.clear()
        self.turns_taken = 0


# -- actions -----------------------------------------------------------------------------


def adjacent_enemies(position: Hex, enemies: Iterable[Hex], distance: Distance = hex_distance) -> list[Hex]:
    return [e for e in enemies if distance(position, e) == 1]


def _as_set(hexes: Iterable[Hex]) -> set[Hex] | frozenset[Hex]:
    """``hexes`` as a set to ask membership of (a set is used as it is, not copied)."""
    return hexes if isinstance(hexes, (set, frozenset)) else set(hexes)


def entry_problem(hex_: Hex, occupied: Iterable[Hex] = (), blocked: Iterable[Hex] = ()) -> str | None:
    """Why a fighter cannot enter ``hex_`` (moving, disengaging or pushed), or None: never a
    blocked hex, never a hex holding another fighter."""
    if hex_ in _as_set(blocked):
        return f"{list(hex_)} is a blocked hex"
    if hex_ in _as_set(occupied):
        return f"{list(hex_)} holds another fighter"
    return None


def move_problem(
    path: Sequence[Hex],
    start: Hex,
    move: int,
    occupied: Iterable[Hex] = (),
    blocked: Iterable[Hex] = (),
    enemies: Iterable[Hex] = (),
    distance: Distance = hex_distance,
) -> str | None:
    """Why a move action along ``path`` (the hexes entered, in order) is illegal, or None."""
    enemies = set(enemies)
    if adjacent_enemies(start, enemies, distance):
        return "a fighter next to an enemy fighter cannot make a move action (disengage instead)"
    if len(path) > move:
        return f"the path enters {len(path)} hexes but Move is {move}"
    occupied, blocked = set(occupied) | enemies, set(blocked)
    previous = start
    for step in path:
        if distance(previous, step) != 1:
            return f"{list(step)} is not next to {list(previous)}: a move goes one adjacent hex at a time"
        problem = entry_problem(step, occupied, blocked)
        if problem:
            return problem
        previous = step
    return None


def disengage_problem(
    start: Hex,
    destination: Hex,
    occupied: Iterable[Hex] = (),
    blocked: Iterable[Hex] = (),
    enemies: Iterable[Hex] = (),
    distance: Distance = hex_distance,
) -> str | None:
    """Why a disengage into ``destination`` is illegal, or None: one hex, ending next to no enemy."""
    enemies = _as_set(enemies)
    if distance(start, destination) != 1:
        return "a disengage moves exactly one hex, into an adjacent one"
    # an enemy's hex holds another fighter too (asked of both sets in turn, not of their union)
    problem = entry_problem(destination, occupied, blocked) or entry_problem(destination, enemies)
    if problem:
        return problem
    if adjacent_enemies(destination, enemies, distance):
        return "after a disengage the fighter must be next to no enemy fighter"
    return None


def legal_targets(
    position: Hex,
    weapon: Weapon,
    enemies: Mapping[str, Hex],
    visible: Visible = _always_visible,
    distance: Distance = hex_distance,
) -> list[str]:
    """Enemies this weapon may target: visible and within its Range, and if the fighter is next
    to any enemy, only those adjacent ones."""
    apart = [(name, hex_, distance(position, hex_)) for name, hex_ in enemies.items()]
    adjacent = any(d == 1 for _, _, d in apart)
    return [
        name
        for name, hex_, d in apart
        if (d == 1 or not adjacent) and weapon.min_range <= d <= weapon.max_range and visible(position, hex_)
    ]


def count_hits(faces: Sequence[int], strength: int, toughness: int) -> tuple[int, int]:
    """(hits, critical hits) in rolled action dice: 6s are criticals, the rest hit on 3+/4+/5+."""
    from generator.dice.attacks import resolve

    rolled = resolve(list(faces), strength, toughness, 0, 0)
    return rolled.hits, rolled.crits


def attack_damage(hits: int, crits: int, weapon: Weapon) -> int:
    """Damage dealt: the left Damage number per hit, the right one per critical hit."""
    if hits < 0 or crits < 0:
        raise SkirmishError("hits and critical hits cannot be negative")
    return hits * weapon.dmg_hit + crits * weapon.dmg_crit


def is_taken_down(damage_tokens: int, wounds: int) -> bool:
    """A fighter is taken down once its damage tokens equal or exceed its Wounds."""
    return damage_tokens >= wounds


def remove_damage_tokens(damage_tokens: int, count: int) -> int:
    """Remove ``count`` tokens; a '3', '5' or '10' token counts as that many, never below 0."""
    if count < 0:
        raise SkirmishError(f"cannot remove a negative number of damage tokens ({count})")
    return max(0, damage_tokens - count)


TOKEN_FACES = (10, 5, 3, 1)


def token_faces(damage_tokens: int) -> list[int]:
    """The fewest double-sided tokens (10/5/3/1) that show ``damage_tokens`` damage."""
    if damage_tokens < 0:
        raise SkirmishError("damage tokens cannot be negative")
    shown, left = [], damage_tokens
    for face in TOKEN_FACES:
        while left >= face:
            shown.append(face)
            left -= face
    return shown


# -- objectives --------------------------------------------------------------------------


def update_control(
    objectives: Mapping[str, Hex],
    controllers: Mapping[str, str | None],
    fighters: Mapping[str, Iterable[Hex]],
    desecrated: Mapping[str, Iterable[str]] | None = None,
    distance: Distance = hex_distance,
    extra: Mapping[str, Mapping[str, int]] | None = None,
) -> dict[str, str | None]:
    """Objective control after a turn.

    A player gains an objective when more of their fighters are within 1 hex of it than the
    other player's; a player's Desecration token on it counts as one more fighter, and
    ``extra`` adds whatever else counts for a player there (a fighter keeping an oath counts
    twice). Otherwise the previous controller keeps it. ``fighters`` maps "a"/"b" to fighter
    hexes; ``desecrated`` maps an objective to the players whose tokens are on it; ``extra``
    maps an objective to ``{player: more fighters}``.
    """
    desecrated = desecrated or {}
    extra = extra or {}
    positions = {side: list(hexes) for side, hexes in fighters.items()}
    result: dict[str, str | None] = {}
    for name, objective in objectives.items():
        more = extra.get(name, {})
        counts = {
            side: sum(1 for h in positions.get(side, []) if distance(h, objective) <= OBJECTIVE_RANGE)
            + (1 if side in set(desecrated.get(name, ())) else 0) + more.get(side, 0)
            for side in ("a", "b")
        }
        if counts["a"] > counts["b"]:
            result[name] = "a"
        elif counts["b"] > counts["a"]:
            result[name] = "b"
        else:
            result[name] = controllers.get(name)
    return result


# -- re-rolls ----------------------------------------------------------------------------


@dataclass
class RolledDie:
    """One rolled dice and whether it has been re-rolled already."""

    face: int
    rerolled: bool = False


def roll(rng: Rng, count: int) -> list[RolledDie]:
    return [RolledDie(face) for face in rng.dice(count, 6)]


def reroll(dice: Sequence[RolledDie], rng: Rng, which: Iterable[int] | None = None, roll_off: bool = False) -> list[RolledDie]:
    """Re-roll the dice at positions ``which`` (all of them by default).

    A dice can be re-rolled only once, except in a roll-off.
    """
    indices = list(range(len(dice))) if which is None else list(which)
    if not roll_off:
        again = [i for i in indices if dice[i].rerolled]
        if again:
            raise SkirmishError(f"dice {again} were already re-rolled: a dice is re-rolled at most once")
    result = [RolledDie(d.face, d.rerolled) for d in dice]
    for i in indices:
        result[i] = RolledDie(rng.die(6), True)
    return result


# -- battle cards ------------------------------------------------------------------------

AXIAL_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(hex_: Hex) -> list[Hex]:
    return [(hex_[0] + dq, hex_[1] + dr) for dq, dr in AXIAL_DIRECTIONS]


def territory(card, player: str) -> set[Hex]:
    """A player's territory: their starting hexes and every hex next to one."""
    starts = {tuple(h) for h in card.players[player].start}
    return starts | {n for h in starts for n in neighbours(h)}


def reserve_hexes(
    card,
    player: str,
    occupied: Iterable[Hex] = (),
    blocked: Iterable[Hex] = (),
    on_board: Callable[[Hex], bool] | None = None,
) -> set[Hex]:
    """Where a reserve fighter may arrive: on or next to one of the player's reserve hexes,
    never in a hex holding a fighter or a blocked one (nor off the board, given ``on_board``)."""
    spots = {tuple(h) for h in card.players[player].reserve}
    spots |= {n for h in spots for n in neighbours(h)}
    if on_board is not None:
        spots = {h for h in spots if on_board(h)}
    return spots - set(map(tuple, occupied)) - set(map(tuple, blocked)) - {tuple(h) for h in card.blocked}


def round_victory_points(card, controllers: Mapping[str, str | None]) -> dict[str, int]:
    """Victory points each player scores at the end of a round for the objectives they hold."""
    points = {"a": 0, "b": 0}
    for holder in controllers.values():
        if holder in points:
            points[holder] += card.points_per_objective
    return points


def push_problem(
    position: Hex, destination: Hex, occupied: Iterable[Hex] = (), blocked: Iterable[Hex] = (),
    distance: Distance = hex_distance,
) -> str | None:
    """Why pushing a fighter into ``destination`` is illegal, or None: one hex, any direction,
    never into a fighter or a blocked hex."""
    if distance(position, destination) != 1:
        return "a push moves a fighter exactly one hex"
    return entry_problem(destination, occupied, blocked)


def legal_actions(
    position: Hex,
    weapons: Sequence[Weapon],
    enemies: Mapping[str, Hex],
    occupied: Iterable[Hex] = (),
    blocked: Iterable[Hex] = (),
    visible: Visible = _always_visible,
    distance: Distance = hex_distance,
) -> list[str]:
    """The actions a fighter could make from ``position`` right now.

    Move only when no enemy is adjacent; attack when some weapon has a legal target;
    disengage when an adjacent hex is free and next to no enemy; wait always.
    """
    occupied = set(occupied)
    enemy_hexes = set(enemies.values())
    actions = []
    if not adjacent_enemies(position, enemy_hexes, distance):
        actions.append("move")
    if any(legal_targets(position, w, enemies, visible, distance) for w in weapons):
        actions.append("attack")
    if any(disengage_problem(position, n, occupied, blocked, enemy_hexes, distance) is None for n in neighbours(position)):
        actions.append("disengage")
    actions.append("wait")
    return actions


@dataclass
class Activation:
    """One activation: its actions, and the one ability it may use before the first action or
    after the first or second. Bonus actions from abilities do not count as actions."""

    actions: int
    actions_made: int = 0
    ability_used: bool = False
    ended: bool = False

    def act(self, action: str) -> None:
        if self.ended or self.actions_made >= self.actions:
            raise SkirmishError(f"this activation has no actions left ({self.actions} allowed)")
        if action not in ("move", "attack", "disengage", "wait"):
            raise SkirmishError(f"unknown action {action!r}: choose move, attack, disengage or wait")
        self.actions_made += 1
        if action == "wait":
            self.ended = True  # a wait action ends the activation

    def use_ability(self) -> None:
        if self.ability_used:
            raise SkirmishError("a fighter uses at most one ability per activation")
        if self.ended and self.actions_made < self.actions:
            raise SkirmishError("the activation has ended")
        self.ability_used = True
