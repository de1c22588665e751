"""SagaBorn Battles' rules as plain functions: initiative, activation, attacks, terrain, relics,
the cut-off (the talents are in :mod:`talents`).

Everything here takes plain values (faces, levels, booleans, distances) so the board geometry
(who sees whom, how far, how high) can come from ``generator.boards`` or from a test. Dice are
the battle dice of :mod:`generator.dice.battle_dice`; anything random takes an ``Rng`` and
appends what it rolled to an optional ``log`` so a seed reproduces and explains it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from itertools import product
from typing import Hashable, Iterable, Literal, Mapping, Optional, Sequence

from generator.dice.battle_dice import CRIT, FACES, HIT, SHIELD, attack_odds, hits_score, resolve, roll_faces
from generator.dice.distribution import AttackOdds
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.sagaborn.models import Squad, UnitStats, initiative_bonus

Side = str
StandardAction = Literal["attack", "cast", "open", "pick_up_relic", "pass_relic", "use_relic", "ability"]
#: The book's standard actions, and ``ability``: a special ability its card says takes one.
STANDARD_ACTIONS: tuple[str, ...] = ("attack", "cast", "open", "pick_up_relic", "pass_relic", "use_relic", "ability")

INITIATIVE_DICE = 3
ROUND_LIMIT = 12
RELIC_POINTS = 20
COVER_THRESHOLD = Fraction(1, 2)
LONE_WOLF_RADIUS = 6
PROTECTOR_RADIUS = 2
BATTLECALL_RADIUS = 2
BATTLECALL_MOVE = 2
PARRY_DICE = 2


class RulesError(SkirmishError):
    """Something the rules do not allow (a second activation, a relic picked up from afar...)."""


# -- initiative -------------------------------------------------------------------------------
def initiative_score(faces: Sequence[str], unspent_points: int = 0) -> int:
    """A side's initiative: hits count 1, crits 2, plus 1 per full 10 unspent team points."""
    return hits_score(list(faces)) + initiative_bonus(unspent_points)


@dataclass(frozen=True)
class InitiativeRoll:
    faces: dict[Side, tuple[str, ...]]
    scores: dict[Side, int]


@dataclass
class Initiative:
    """Who won the roll (after any re-rolls of ties) and who activates first."""

    rolls: list[InitiativeRoll]
    winner: Side
    first: Side
    passed: bool


def roll_initiative(
    rng: Rng,
    sides: tuple[Side, Side] = ("a", "b"),
    unspent: Mapping[Side, int] | None = None,
    winner_passes: bool = False,
    log: list[str] | None = None,
) -> Initiative:
    """Both sides roll three battle dice; ties are rolled again; the winner may pass.

    ``unspent`` gives each side's unspent team points (+1 per 10). With ``winner_passes`` the
    winner hands the first activation to the opponent (the book's optional forfeit).
    """
    unspent = dict(unspent or {})
    rolls: list[InitiativeRoll] = []
    while True:
        faces = {side: tuple(roll_faces(rng, INITIATIVE_DICE)) for side in sides}
        scores = {side: initiative_score(faces[side], unspent.get(side, 0)) for side in sides}
        rolls.append(InitiativeRoll(faces, scores))
        if log is not None:
            log.append("initiative: " + "; ".join(
                f"{s} rolls {', '.join(faces[s])} = {scores[s]}" for s in sides))
        if scores[sides[0]] != scores[sides[1]]:
            break
        if log is not None:
            log.append("initiative: tie, roll again")
    winner = max(sides, key=lambda s: scores[s])
    other = sides[1] if winner == sides[0] else sides[0]
    first = other if winner_passes else winner
    if log is not None:
        log.append(f"initiative: {winner} wins" + (f" and passes; {first} goes first" if winner_passes else ""))
    return Initiative(rolls, winner, first, winner_passes)


def _three_dice_scores() -> dict[int, Fraction]:
    """Exact distribution of the hits-score of three battle dice (by enumerating all 512 rolls)."""
    weights = {SHIELD: 3, "blank": 2, HIT: 2, CRIT: 1}
    out: dict[int, Fraction] = {}
    for faces in product(FACES, repeat=INITIATIVE_DICE):
        w = Fraction(1)
        for f in faces:
            w *= Fraction(weights[f], 8)
        s = hits_score(list(faces))
        out[s] = out.get(s, Fraction(0)) + w
    return out


def initiative_win_probability(unspent_a: int = 0, unspent_b: int = 0) -> Fraction:
    """Exact chance that side A wins initiative, ties re-rolled until someone wins."""
    dist = _three_dice_scores()
    bonus_a, bonus_b = initiative_bonus(unspent_a), initiative_bonus(unspent_b)
    win = lose = Fraction(0)
    for a, pa in dist.items():
        for b, pb in dist.items():
            if a + bonus_a > b + bonus_b:
                win += pa * pb
            elif a + bonus_a < b + bonus_b:
                lose += pa * pb
    return win / (win + lose)


# -- the round and squad activation -----------------------------------------------------------
def activation_order(first: Side, squads: Mapping[Side, Sequence[str]]) -> list[tuple[Side, str]]:
    """Sides alternate activating one squad each, starting with ``first``.

    Each side's squads are taken in the order given (the player's choice at the table); once a
    side has no squads left, the other activates the rest of its squads one after another.
    """
    if first not in squads or len(squads) != 2:
        raise RulesError(f"activation order needs two sides including {first!r}, got {list(squads)}")
    other = next(s for s in squads if s != first)
    queues = {first: list(squads[first]), other: list(squads[other])}
    order: list[tuple[Side, str]] = []
    turn = first
    while queues[first] or queues[other]:
        if queues[turn]:
            order.append((turn, queues[turn].pop(0)))
        turn = other if turn == first else first
    return order


class SquadActivation:
    """One squad's activation: every unit may move, then each unit takes one standard action.

    Moving is refused once any unit of the squad has taken its standard action (all the moving
    comes first), and each unit moves at most once and acts at most once.
    """

    def __init__(self, squad: str, units: Sequence[str]):
        self.squad = squad
        self.units = list(units)
        self.moved: set[str] = set()
        self.acted: dict[str, str] = {}

    def _check_unit(self, unit: str) -> None:
        if unit not in self.units:
            raise RulesError(f"{unit!r} is not a unit of squad {self.squad!r} ({', '.join(self.units)})")

    def move(self, unit: str) -> None:
        self._check_unit(unit)
        if self.acted:
            raise RulesError(f"{unit} cannot move: squad {self.squad} has started its standard actions")
        if unit in self.moved:
            raise RulesError(f"{unit} has already moved this activation")
        self.moved.add(unit)

    def act(self, unit: str, action: StandardAction) -> None:
        self._check_unit(unit)
        if action not in STANDARD_ACTIONS:
            raise RulesError(f"unknown standard action {action!r}: choose one of {', '.join(STANDARD_ACTIONS)}")
        if unit in self.acted:
            raise RulesError(f"{unit} has already taken its standard action ({self.acted[unit]})")
        self.acted[unit] = action

    @property
    def phase(self) -> Literal["move", "act"]:
        return "act" if self.acted else "move"


# -- attacks ----------------------------------------------------------------------------------
def attack_damage(attacker_faces: Sequence[str], defender_faces: Sequence[str]) -> int:
    """Damage dealt: shields cancel plain hits first, then crits (2 damage each, one shield each).
    Kept per pair of rolls (a few thousand of them; a roll with an unknown face is never kept)."""
    key = (tuple(attacker_faces), tuple(defender_faces))
    hit = _DAMAGE.get(key)
    if hit is None:
        hit = resolve(list(attacker_faces), list(defender_faces))
        if len(_DAMAGE) >= 100_000:
            _DAMAGE.clear()
        _DAMAGE[key] = hit
    return hit


_DAMAGE: dict[tuple, int] = {}


def effective_level(terrain_level: int, in_water: bool = False) -> int:
    """Height on the battlefield: water counts as one level below its ground."""
    return terrain_level - 1 if in_water else terrain_level


def height_dice(attacker_level: int, defender_level: int) -> tuple[int, int]:
    """Extra (attack, defence) dice from high ground: whoever stands higher gets one die."""
    if attacker_level > defender_level:
        return 1, 0
    if defender_level > attacker_level:
        return 0, 1
    return 0, 0


@lru_cache(maxsize=4096)
def cover_dice(hidden_fraction: float | Fraction) -> int:
    """One extra defence die when half or more of the target is hidden."""
    if not 0 <= hidden_fraction <= 1:
        raise RulesError(f"hidden fraction {hidden_fraction} must be between 0 and 1")
    return 1 if Fraction(hidden_fraction).limit_denominator(1000) >= COVER_THRESHOLD else 0


def attack_pools(
    attacker: UnitStats | Squad,
    defender: UnitStats | Squad,
    attacker_level: int = 0,
    defender_level: int = 0,
    hidden_fraction: float = 0.0,
) -> tuple[int, int]:
    """How many dice each side rolls: Attack and Defense plus high ground and cover."""
    up_att, up_def = height_dice(attacker_level, defender_level)
    return attacker.attack + up_att, defender.defense + up_def + cover_dice(hidden_fraction)


def attack_odds_between(
    attacker: UnitStats | Squad,
    defender: UnitStats | Squad,
    attacker_level: int = 0,
    defender_level: int = 0,
    hidden_fraction: float = 0.0,
) -> AttackOdds:
    """Exact odds of one attack once high ground and cover have set both dice pools."""
    return attack_odds(*attack_pools(attacker, defender, attacker_level, defender_level, hidden_fraction))


def can_strike(
    attacker_level: int,
    attacker_height: int,
    target_level: int,
    target_height: int,
    attacker_range: int = 1,
    visible: bool = True,
) -> bool:
    """Whether an attacker may strike an adjacent target across a difference in level.

    Striking down: not when the drop is greater than the target's Height. Striking up: not when
    the climb is greater than the attacker's own Height. An attacker with Range 2 or more may
    strike across any difference as long as it can see the target.
    """
    if not visible:
        return False
    if attacker_range > 1:
        return True
    diff = attacker_level - target_level
    if diff > 0:
        return diff <= target_height
    return -diff <= attacker_height


# -- movement ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hex:
    """What movement needs to know about a hex: its terrain level and whether it is water."""

    level: int = 0
    water: bool = False


def step_cost(src: Hex, dst: Hex, height: int, leaving_enemy_adjacent: bool = False,
              water_stride: bool = False) -> Optional[int]:
    """Move points for one step, or None when the unit cannot make it.

    One point per hex, two into water (from land or from water), plus one per level climbed
    (at most ``height`` levels in one step; stepping down is free). Climbing out of water onto
    land of the same level costs nothing extra. The whole step costs double when it leaves a
    hex next to an enemy. A unit whose special ability lets it stride through water
    (``water_stride``) pays for water what it pays for land.
    """
    climb = dst.level - src.level
    if climb > height:
        return None
    cost = (2 if dst.water and not water_stride else 1) + max(0, climb)
    if leaving_enemy_adjacent:
        cost *= 2
    return cost


def path_cost(
    path: Sequence[Hex], height: int, enemy_adjacent: Sequence[bool] | None = None
) -> Optional[int]:
    """Total move points along ``path`` (start hex first), or None if a step is impossible.

    ``enemy_adjacent[i]`` says whether ``path[i]`` is next to an enemy (leaving it costs double).
    """
    flags = list(enemy_adjacent) if enemy_adjacent is not None else [False] * len(path)
    if len(flags) != len(path):
        raise RulesError(f"enemy_adjacent has {len(flags)} flags for a path of {len(path)} hexes")
    total = 0
    for i in range(len(path) - 1):
        cost = step_cost(path[i], path[i + 1], height, flags[i])
        if cost is None:
            return None
        total += cost
    return total


def can_move(move: int, path: Sequence[Hex], height: int, enemy_adjacent: Sequence[bool] | None = None) -> bool:
    cost = path_cost(path, height, enemy_adjacent)
    return cost is not None and cost <= move


# -- sight ------------------------------------------------------------------------------------
def line_of_sight(
    wall_between: bool = False,
    behind_terrain_as_tall: bool = False,
    figures_between: Iterable[bool] = (),
) -> bool:
    """Whether the attacker can see the target.

    ``figures_between`` lists, for each figure on the sight line, whether it is an enemy of the
    attacker. A wall, terrain at least as tall as the target, or any enemy figure hides it;
    friendly figures never do.
    """
    if wall_between or behind_terrain_as_tall:
        return False
    return not any(figures_between)


# -- relics -----------------------------------------------------------------------------------
@dataclass
class Relic:
    """A relic lies on a hex until a unit picks it up; then it goes where its holder goes."""

    name: str
    hex: Optional[Hashable] = None
    holder: Optional[str] = None


def pick_up_relic(relic: Relic, unit: str, unit_hex: Hashable, activation: SquadActivation | None = None) -> None:
    """Standing on its hex, spend the standard action to pick the relic up (anyone may)."""
    if relic.holder is not None:
        raise RulesError(f"{relic.name} is held by {relic.holder}; it must be passed, not picked up")
    if unit_hex != relic.hex:
        raise RulesError(f"{unit} must stand on {relic.name}'s hex {relic.hex} to pick it up, not {unit_hex}")
    if activation is not None:
        activation.act(unit, "pick_up_relic")
    relic.holder, relic.hex = unit, None


def pass_relic(relic: Relic, giver: str, receiver: str, activation: SquadActivation | None = None) -> None:
    """The holder spends its standard action to hand the relic to another unit."""
    if relic.holder != giver:
        raise RulesError(f"{giver} cannot pass {relic.name}: it is held by {relic.holder or 'nobody'}")
    if activation is not None:
        activation.act(giver, "pass_relic")
    relic.holder = receiver


def can_use_relic(squad: Squad) -> bool:
    """Anyone may carry a relic, but only heroes (with the goblet icon) can use one."""
    return squad.type == "hero" and squad.can("relics")


def use_relic(relic: Relic, unit: str, squad: Squad, activation: SquadActivation | None = None) -> None:
    if relic.holder != unit:
        raise RulesError(f"{unit} does not hold {relic.name}")
    if not can_use_relic(squad):
        raise RulesError(f"{squad.name} cannot use relics: only heroes with the goblet icon can")
    if activation is not None:
        activation.act(unit, "use_relic")


# -- the twelve-round cut-off -----------------------------------------------------------------
@dataclass
class Survivors:
    """How many units of a squad are still alive."""

    squad: Squad
    alive: int

    def __post_init__(self) -> None:
        if not 0 <= self.alive <= self.squad.units:
            raise RulesError(f"{self.squad.name} has {self.squad.units} units, not {self.alive} alive")


def surviving_points(survivor: Survivors) -> Fraction:
    """A squad's points scaled by the share of its units still alive (talents and weapons included)."""
    return Fraction(survivor.squad.total_cost * survivor.alive, survivor.squad.units)


def cutoff_score(survivors: Iterable[Survivors], relics_held: int = 0) -> Fraction:
    """A side's score after 12 rounds: its surviving units' points plus 20 per relic it holds."""
    return sum((surviving_points(s) for s in survivors), Fraction(0)) + RELIC_POINTS * relics_held


def battle_over_by_cutoff(round_number: int) -> bool:
    """True once round 12 has been played (the optional cut-off)."""
    return round_number >= ROUND_LIMIT


def cutoff_winner(scores: Mapping[Side, Fraction | int]) -> Optional[Side]:
    """The side with the most points at the cut-off, or None on a draw."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]

