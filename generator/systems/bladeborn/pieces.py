"""The pieces of a Bladeborn battle as the engine holds them: plain numbers and small tuples.

Everything here is state a compiled core can hold flat (ints, booleans, axial hexes as pairs of
ints, short tuples): a weapon as it is used (:class:`Profile`), an ability with its effect and
numbers (:class:`AbilitySpec`), a fighter with its damage and the effects that last on it
(:class:`FighterInPlay`), the activation being played (:class:`ActivationInPlay`), and the battle
card and twist as numbers (:class:`BattleRules`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.play.board import Pos
from generator.systems.bladeborn import mechanics as rules

SIDES = ("a", "b")
OTHER = {"a": "b", "b": "a"}
#: Inspiring Presence reaches friends this many hexes away (6" at the Warcry scale of 2" a hex).
INSPIRING_REACH = 3


@dataclass(frozen=True)
class Profile:
    """A weapon as the battle uses it (hexes), with its index on the fighter's card."""

    index: int
    min_range: int
    max_range: int
    attacks: int
    strength: int
    dmg_hit: int
    dmg_crit: int
    name: str = field(default="", compare=False)  # printed in logs; two weapons with the same numbers are one kind

    @property
    def melee(self) -> bool:
        return self.max_range <= 1


@dataclass(frozen=True)
class AbilitySpec:
    """An ability a fighter may use: cost, effect and numbers (see ``warcry.models.ABILITY_EFFECTS``).

    Distances (``reach``, ``max_range``) are hexes. ``inches`` marks a Warcry card, whose
    *value* is in inches where the effect uses it as a distance (Rampage's bonus move, a
    weapon-bonus to Range): the engine turns it into hexes when the ability is used.
    """

    name: str
    cost: str
    effect: str
    amount: int | None = None
    reach: int | None = None
    stat: str | None = None
    max_range: int | None = None
    weapons: str | None = None  # melee | ranged | None (every weapon)
    raises: str | None = None
    inches: bool = False


@dataclass
class FighterInPlay:
    """A fighter: its card in hexes, where it is, its damage, and the effects that last on it."""

    id: str
    side: str
    name: str
    move: int
    toughness: int
    wounds: int
    weapons: tuple[Profile, ...]
    abilities: tuple[AbilitySpec, ...]
    points: float
    hero: bool
    pos: Pos | None = None
    damage: int = 0
    where: str = "ready"  # ready (not yet placed) | reserve | on | down
    # effects of abilities that outlast an activation (all cleared when the fighter is taken down)
    snared: bool = False          # cannot disengage until the end of its next activation
    slowed: bool = False          # Move halved until the end of its next activation
    riposte: int = 0              # damage dealt back to each attacker until its next activation
    ranged_shield: int = 0        # enemy ranged attacks lose this much Strength until its next activation
    crit_shield: bool = False     # critical hits deal hit damage until the end of the round
    ward: int = 0                 # the next damage is reduced by this, until the end of the round
    round_bonus: tuple[tuple[str, int, str | None], ...] = ()  # (stat, amount, melee|ranged|None) this round
    oath: Pos | None = None       # the objective it counts extra for, until its player's next turn
    oath_extra: int = 0
    raised_in: int = 0            # the round it was raised in (it cannot activate in that round)

    @property
    def on(self) -> bool:
        return self.where == "on"

    @property
    def wounds_left(self) -> int:
        return self.wounds - self.damage

    def defence(self) -> tuple[int, bool, int]:
        """What an attacker's odds read of this fighter's lasting effects."""
        return (self.ranged_shield, self.crit_shield, self.ward)

    def clear_effects(self) -> None:
        self.snared = self.slowed = self.crit_shield = False
        self.riposte = self.ranged_shield = self.ward = self.oath_extra = 0
        self.round_bonus, self.oath = (), None


@dataclass
class ActivationInPlay:
    """The fighter being activated: actions left, the one ability, and what lasts until it ends.

    ``steps`` are what an ability still asks for, in order (a bonus move, a target, a hex...):
    ``(kind, ability name, numbers...)``; while there are steps, the legal actions are the first
    step's choices.
    """

    fighter: str
    actions: int
    made: int = 0
    ability_used: bool = False
    took_down: bool = False
    steps: list[tuple] = field(default_factory=list)
    move_bonus: int = 0
    melee_attacks_bonus: int = 0
    weapon_bonus: list[tuple[str, int, int | None, str | None]] = field(default_factory=list)  # (stat, amount, max_range, weapons)
    inspire: str | None = None
    rerolls: int = 0              # dice the next attack action may re-roll (Bribe the Fates)
    reroll_by: str = ""
    pending_attack: tuple | None = None  # (target, weapon index, faces, bonus ability) awaiting re-rolls

    @property
    def actions_left(self) -> int:
        return self.actions - self.made


@dataclass(frozen=True)
class ScoreRule:
    """One way to score victory points (the shared scoring vocabulary; see ``battle.SCORING_KINDS``)."""

    kind: str
    points: int = 1
    when: str = "end_of_round"  # end_of_round | end_of_battle | immediately
    from_round: int = 1


@dataclass
class BattleRules:
    """What the battle card and the twist ask of the engine, as numbers it runs."""

    name: str
    rounds: int
    objectives: tuple[Pos, ...]
    starts: dict[str, tuple[Pos, ...]]  # by card player (symbol) "a"/"b"
    reserves: dict[str, tuple[Pos, ...]]
    scoring: tuple[ScoreRule, ...] = ()
    tie: str = "draw"
    roles: dict[str, str] = field(default_factory=dict)  # card player -> attacker/defender
    twist: str | None = None
    crit_bonus: int = 0
    hit_bonus: int = 0
    hit_bonus_range: str | None = None  # melee | ranged | None (every weapon)
    attacks_change: int = 0
    attacks_range: str | None = None
    stat_changes: dict[str, int] = field(default_factory=dict)  # move, toughness
    sight_range: int | None = None
    range_limit: int | None = None
    ability_dice: int = rules.ABILITY_DICE
    pushes_per_round: int = 0
    round_damage: int = 0
    round_damage_where: str | None = None  # objectives | None (every fighter)
    round_heal: int = 0
    reserves_from: int = 2
    objective_bonus: int = 0
    objective_bonus_from: int = 1
    takedown_bonus: int = 0
    takedown_bonus_per_round: int | None = None
    initiative_to: str | None = None  # a card player, a role, or "underdog"
    reserve_count: dict[str, int] = field(default_factory=dict)
    fixed_territories: bool = False  # seat a sets up in card player a's territory (asymmetric cards)
    each_fighter_once: bool = False  # Warcry warbands: every fighter activates once a round, no 4-turn limit
    quads: bool = False  # Warcry warbands: four or more of a kind make a quad (Bladeborn splits them)

    def points_for(self, kind: str) -> int:
        """Points of every scoring rule of this kind (totals kept while ``scoring`` is the same tuple)."""
        kept = self.__dict__.get("_points_by_kind")
        if kept is None or kept[0] is not self.scoring:
            totals: dict[str, int] = {}
            for r in self.scoring:
                totals[r.kind] = totals.get(r.kind, 0) + r.points
            kept = self.__dict__["_points_by_kind"] = (self.scoring, totals)
        return kept[1].get(kind, 0)
