"""A Bladeborn battle on the board: set-up, battle rounds, actions and abilities, by the book.

Built from :mod:`generator.systems.bladeborn.mechanics` (ability dice, initiative, activation
limits, move/disengage/attack legality, hits, objective control) and asked of the board through
:class:`generator.play.board.Board`; nothing here re-states those rules. The state follows the
engine's protocol (``current_player``, ``legal_actions``, ``apply``), one decision at a time:

* set-up: a roll-off; the winner, then the other player, picks reserve fighters (the ability
  card's Reserve number); the winner places first and so chooses the territory; players
  alternate placing in their territory;
* each battle round: ability dice and initiative (hero phase), the holder picks who takes the
  first turn, then four turns each. A turn activates one fighter (two actions on its first
  activation in the round, one later; no second activation until every friendly fighter on the
  battlefield has had one); reserves arrive at the start of a player's first turn from round 2;
  objective control is updated after every turn; victory points are scored at the end of the
  round; the battle card says how many rounds and who wins.

Actions are tuples: ``("reserve", fid)``, ``("place", fid, pos)``, ``("first", side)``,
``("arrive", fid, pos)``, ``("activate", fid)``, ``("move", pos)``, ``("disengage", pos)``,
``("attack", target, weapon)``, ``("wait",)``, ``("ability", index, group)``,
``("bonus-move", pos)``, ``("bonus-attack", target, weapon)``, ``("done",)``. Positions are axial.

Choices where the book is silent (and why): a six-of-a-kind roll is divided into three doubles
(more abilities beat bigger ones for every ability card we ship); a player with no fighter on the
battlefield passes their turn; a battle where one warband has nobody left on the battlefield or in
reserve ends at once, the remaining rounds scored as if played (nobody is left to contest the
objectives, so the survivors would keep them); disengage is offered only next to an enemy (away
from enemies it is a one-hex move).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from generator.errors import SkirmishError
from generator.play.board import Board, Pos
from generator.play.engine import Outcome
from generator.systems.bladeborn import mechanics as rules
from generator.systems.warcry.mechanics import Group, roll_off

SIDES = ("a", "b")
#: Scoring rules counted at the end of a round or of the battle (the others score as they happen).
POSITIONAL_SCORING = ("per_objective", "hold_centre", "most_objectives", "enemy_territory")
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

    @property
    def melee(self) -> bool:
        return self.max_range <= 1


@dataclass(frozen=True)
class AbilitySpec:
    """An ability a fighter may use: cost, effect and numbers (see warcry.models.ABILITY_EFFECTS)."""

    name: str
    cost: str
    effect: str
    amount: int | None = None
    reach: int | None = None
    stat: str | None = None
    max_range: int | None = None


@dataclass
class FighterInPlay:
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

    @property
    def on(self) -> bool:
        return self.where == "on"

    @property
    def wounds_left(self) -> int:
        return self.wounds - self.damage


@dataclass
class ActivationInPlay:
    """The fighter being activated: actions left, the one ability, and what lasts until it ends."""

    fighter: str
    actions: int
    made: int = 0
    ability_used: bool = False
    took_down: bool = False
    bonus: list[tuple[str, str]] = field(default_factory=list)  # pending (kind, ability): kind move|attack|move-or-attack
    move_bonus: int = 0
    melee_attacks_bonus: int = 0
    weapon_bonus: list[tuple[str, int, int | None]] = field(default_factory=list)  # (stat, amount, max_range)
    inspire: str | None = None

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

    def points_for(self, kind: str) -> int:
        """Points of every scoring rule of this kind (totals kept while ``scoring`` is the same tuple)."""
        kept = self.__dict__.get("_points_by_kind")
        if kept is None or kept[0] is not self.scoring:
            totals: dict[str, int] = {}
            for r in self.scoring:
                totals[r.kind] = totals.get(r.kind, 0) + r.points
            kept = self.__dict__["_points_by_kind"] = (self.scoring, totals)
        return kept[1].get(kind, 0)

    @property
    def last_standing(self) -> bool:
        return any(r.kind == "last_standing" for r in self.scoring)


@lru_cache(maxsize=256)
def _cells_near(board: Board, objectives: tuple[Pos, ...]) -> frozenset[Pos]:
    """Every cell within objective range of some objective."""
    return frozenset(c for o in objectives for c, d in board.distance_from(o).items() if d <= rules.OBJECTIVE_RANGE)


def _cell(board: Board, pos: Pos) -> str:
    return board.label(pos)


class BladebornState:
    """One moment of a Bladeborn battle (see the module docstring for the flow)."""

    def __init__(self, board: Board, battle_rules: BattleRules, fighters: dict[str, FighterInPlay], names: dict[str, str]):
        self.board = board
        self.rules = battle_rules
        self.fighters = fighters
        self.names = names
        self.round = 0
        self.phase = "reserve"
        self.decider = "a"
        self.setup_order: list[str] = []
        self.territory: dict[str, str] = {}  # side -> card player whose starts are its territory
        self.territory_hexes: dict[str, frozenset[Pos]] = {}
        self.initiative: str | None = None
        self.turn_side = "a"
        self.turns = {"a": 0, "b": 0}
        self.first_turn_done = {"a": False, "b": False}
        self.activations: dict[str, rules.Activations] = {}
        self.groups: dict[str, list[Group]] = {"a": [], "b": []}
        self.activation: ActivationInPlay | None = None
        self.pending_inspired: str | None = None
        self.control: dict[Pos, str | None] = {o: None for o in battle_rules.objectives}
        self.vp = {"a": 0, "b": 0}
        self.took_down_this_round = 0
        self.first_blood = False
        self.forced_winner: str | None = None
        self.tiebreak: tuple[str | None, str] | None = None
        self.ended = False
        self.end_reason = ""
        self.rounds_played = 0
        self.version = 0
        # bumped whenever a fighter enters, leaves or changes hex: what depends only on who stands
        # where (occupied hexes, enemy hexes, targets, reach) is cached against it
        self.layout = 0
        self._memo_key = None
        self._occupied: set[Pos] = set()
        self._enemies: dict = {}
        self._layout_memo: dict = {}
        self._layout_memo_at = -1
        self._control_layout: int | None = None
        self._control_counted: tuple | None = None  # the fighters near objectives at the last count
        self._near_objectives: frozenset[Pos] | None = None
        self._weapons_now: dict = {}
        self._payers: dict = {}
        self._targets_kept: dict = {}
        self._takedown_points: dict = {}
        self.pushers: list[str] = []
        self.pushes_left = 0
        self.centre = self._centre_objective()
        if battle_rules.fixed_territories or battle_rules.roles:
            for side in SIDES:  # an asymmetric card: each seat sets up in its own player's territory
                self.territory[side] = side
                self.territory_hexes[side] = self._territory_of(side)

    def _centre_objective(self) -> Pos | None:
        """The objective nearest the middle of the board (``hold_centre`` scores it)."""
        if not self.rules.objectives:
            return None
        grid = self.board.grid
        mid = ((grid.width - 1) / 2, (grid.height - 1) / 2)

        def off(pos):
            col, row = self.board.cell_of(pos)
            return ((col - mid[0]) ** 2 + (row - mid[1]) ** 2, col, row)

        return min(self.rules.objectives, key=off)

    # ---- protocol ------------------------------------------------------------------------------

    def current_player(self) -> str:
        return self.decider

    def is_terminal(self) -> bool:
        return self.ended

    def outcome(self) -> Outcome:
        a, b = self.vp["a"], self.vp["b"]
        if self.forced_winner is not None:
            return Outcome(self.forced_winner, dict(self.vp), self.rounds_played,
                           f"{self.rules.name}: the last warband standing wins")
        winner = "a" if a > b else "b" if b > a else None
        reason = f"{self.rules.name}: most victory points"
        if winner is None and self.tiebreak is not None:
            winner, why = self.tiebreak
            reason = f"{self.rules.name}: equal victory points, " + (why if winner else "a draw")
        elif winner is None:
            reason = f"{self.rules.name}: equal victory points, a draw"
        if self.end_reason:
            reason += f" ({self.end_reason})"
        return Outcome(winner, dict(self.vp), self.rounds_played, reason)

    def takedown_points(self, target: FighterInPlay) -> int:
        """Victory points the enemy would score now for taking ``target`` down (players ask this
        of every enemy at every decision: kept by what it reads that changes during a battle,
        first blood, the take-downs this round and whether the target leads its warband)."""
        key = (self.first_blood, self.took_down_this_round, target.id[1:] == "1")
        found = self._takedown_points.get(key)
        if found is None:
            found = self._takedown_points[key] = self._count_takedown_points(target)
        return found

    def _count_takedown_points(self, target: FighterInPlay) -> int:
        r = self.rules
        points = r.points_for("take_down")
        if not self.first_blood:
            points += r.points_for("first_blood")
        if target.id[1:] == "1":
            points += r.points_for("slay_leader")
        if r.takedown_bonus and (r.takedown_bonus_per_round is None or self.took_down_this_round < r.takedown_bonus_per_round):
            points += r.takedown_bonus
        return points

    def objective_stakes(self, side: str) -> dict[Pos, float]:
        """What holding each objective is worth to ``side`` at the next scoring, in victory points."""
        r = self.rules
        stakes = {o: 0.0 for o in r.objectives}
        held = sum(1 for h in self.control.values() if h == side)
        for rule in r.scoring:
            if rule.kind == "per_objective":
                bonus = r.objective_bonus if self.round + 1 >= r.objective_bonus_from else 0
                for o in stakes:
                    stakes[o] += rule.points + bonus
            elif rule.kind == "hold_centre" and self.centre in stakes:
                stakes[self.centre] += rule.points
            elif rule.kind == "most_objectives":
                for o in stakes:
                    stakes[o] += rule.points / max(1, len(stakes) - held)
        return stakes

    def side_of_player(self, player: str) -> str | None:
        """The side (seat) whose territory is the card's player ``player``."""
        return next((s for s, p in self.territory.items() if p == player), None)

    def side_with_role(self, role: str) -> str | None:
        player = next((p for p, r in self.rules.roles.items() if r == role), None)
        return None if player is None else self.side_of_player(player)

    def _settle_tie(self, rng) -> None:
        """Work out now (dice included) who wins if the victory points end level."""
        tie = self.rules.tie
        left = {s: len(self.side_fighters(s)) for s in SIDES}
        if tie == "draw":
            self.tiebreak = (None, "a draw")
        elif tie == "most_fighters":
            w = None if left["a"] == left["b"] else ("a" if left["a"] > left["b"] else "b")
            self.tiebreak = (w, "more fighters left")
        elif tie in ("defender", "attacker"):
            self.tiebreak = (self.side_with_role(tie), f"the {tie} wins ties")
        elif tie == "roll_off":
            w, history = roll_off(rng)
            self.tiebreak = (w, f"won the roll-off {_dice_dict(history)}")
        elif tie == "tiebreakers":
            from generator.systems.bladeborn.campaign import BattleEnd, tiebreak

            held = {s: sum(1 for h in self.control.values() if h == s) for s in SIDES}
            total = {s: sum(1 for f in self.fighters.values() if f.side == s) for s in SIDES}
            w, step = tiebreak(BattleEnd(left, total, held), rng)
            self.tiebreak = (w, f"campaign tiebreaker {step}")

    def header(self) -> dict[str, Any]:
        grid = self.board.grid
        blocked = sorted((self.board.label(p) for p in self.board.cells if self.board.blocked(p)),
                         key=lambda t: tuple(int(x) for x in t.split(",")[::-1]))
        sides = {}
        for side in SIDES:
            sides[side] = {
                "name": self.names.get(side, side),
                "fighters": [
                    {"id": f.id, "name": f.name, "move": f.move, "toughness": f.toughness, "wounds": f.wounds,
                     "points": f.points,
                     "weapons": [{"min_range": w.min_range, "range": w.max_range, "attacks": w.attacks,
                                  "strength": w.strength, "hit": w.dmg_hit, "crit": w.dmg_crit} for w in f.weapons]}
                    for f in self.fighters.values() if f.side == side
                ],
            }
        return {
            "grid": {"orientation": grid.orientation, "offset": grid.offset, "width": grid.width, "height": grid.height,
                     "blocked": blocked},
            "battle": {"card": self.rules.name, "rounds": self.rules.rounds, "twist": self.rules.twist,
                       "objectives": [self.board.label(o) for o in self.rules.objectives],
                       "scoring": [dict(kind=r.kind, points=r.points, when=r.when, from_round=r.from_round)
                                   for r in self.rules.scoring],
                       "tie": self.rules.tie, "roles": dict(self.rules.roles),
                       "stat_changes": dict(self.rules.stat_changes), "sight_range": self.rules.sight_range,
                       "range_limit": self.rules.range_limit},
            "sides": sides,
        }

    # ---- queries a policy may use ----------------------------------------------------------------

    def side_fighters(self, side: str, where: str = "on") -> list[FighterInPlay]:
        return [f for f in self.fighters.values() if f.side == side and f.where == where]

    def _layout_cache(self) -> dict:
        """A scratch dict for what depends only on who stands where (emptied when that changes)."""
        if self._layout_memo_at != self.layout:
            self._layout_memo_at, self._layout_memo = self.layout, {}
        return self._layout_memo

    def occupied(self) -> set[Pos]:
        """Hexes holding a fighter (worked out once per layout: do not change the set)."""
        key = ("occupied", self.layout)
        if self._memo_key != key:
            self._memo_key, self._occupied = key, {f.pos for f in self.fighters.values() if f.on}
        return self._occupied

    def enemies_on(self, side: str) -> tuple[FighterInPlay, ...]:
        """``side``'s enemies on the battlefield, in roster order (worked out once per layout:
        who is on the battlefield changes only with the layout; their wounds may change)."""
        memo = self._layout_cache()
        found = memo.get(("enemies-on", side))
        if found is None:
            found = memo[("enemies-on", side)] = tuple(
                f for f in self.fighters.values() if f.where == "on" and f.side != side)
        return found

    def enemy_positions(self, side: str) -> dict[str, Pos]:
        """Enemy fighter id -> hex for ``side`` (worked out once per layout: do not change it)."""
        cached = self._enemies.get((side, self.layout))
        if cached is None:
            if len(self._enemies) > 4:
                self._enemies.clear()
            cached = {f.id: f.pos for f in self.enemies_on(side)}
            self._enemies[(side, self.layout)] = cached
        return cached

    def _enemy_hexes(self, side: str) -> frozenset[Pos]:
        memo = self._layout_cache()
        found = memo.get(("enemy-hexes", side))
        if found is None:
            found = memo[("enemy-hexes", side)] = frozenset(self.enemy_positions(side).values())
        return found

    def _distance(self, a: Pos, b: Pos) -> int:
        """The board's distance, read from its kept row of distances from ``a`` (for rules that
        ask many distances from a few hexes)."""
        return self.board.distance_from(a)[b]

    def can_see(self, a: Pos, b: Pos) -> bool:
        if self.rules.sight_range is not None and self.board.distance(a, b) > self.rules.sight_range:
            return False
        return self.board.visible(a, b)

    def move_of(self, fighter: FighterInPlay) -> int:
        bonus = self.activation.move_bonus if self.activation and self.activation.fighter == fighter.id else 0
        return max(1, fighter.move + self.rules.stat_changes.get("move", 0)) + bonus

    def toughness_of(self, fighter: FighterInPlay) -> int:
        return max(1, fighter.toughness + self.rules.stat_changes.get("toughness", 0))

    def weapon_now(self, fighter: FighterInPlay, weapon: Profile) -> tuple[dict[str, int], dict[str, int]]:
        """The weapon's numbers for an attack now, and the modifiers that changed them (kept per
        fighter, weapon and activation bonuses, which is all they depend on: do not change them)."""
        act = self.activation
        bonus = (act.melee_attacks_bonus, tuple(act.weapon_bonus)) if act is not None and act.fighter == fighter.id else None
        key = (fighter.id, weapon.index, bonus)
        found = self._weapons_now.get(key)
        if found is None:
            found = self._weapons_now[key] = self._weapon_now(fighter, weapon)
        return found

    def _weapon_now(self, fighter: FighterInPlay, weapon: Profile) -> tuple[dict[str, int], dict[str, int]]:
        stats = {"attacks": weapon.attacks, "strength": weapon.strength, "dmg_hit": weapon.dmg_hit,
                 "dmg_crit": weapon.dmg_crit, "max_range": weapon.max_range}
        mods: dict[str, int] = {}
        r = self.rules
        kind = "melee" if weapon.melee else "ranged"
        if r.attacks_change and r.attacks_range in (None, kind):
            mods["attacks"] = r.attacks_change
        if r.hit_bonus and r.hit_bonus_range in (None, kind):
            mods["dmg_hit"] = r.hit_bonus
        act = self.activation
        if act is not None and act.fighter == fighter.id:
            if act.melee_attacks_bonus and weapon.melee:
                mods["attacks"] = mods.get("attacks", 0) + act.melee_attacks_bonus
            for stat, amount, max_range in act.weapon_bonus:
                if max_range is None or weapon.max_range <= max_range:
                    mods[stat] = mods.get(stat, 0) + amount
        if self.rules.crit_bonus:
            mods["dmg_crit"] = mods.get("dmg_crit", 0) + self.rules.crit_bonus
        for stat, change in mods.items():
            stats[stat] = max(1 if stat in ("attacks", "strength", "max_range") else 0, stats[stat] + change)
        if r.range_limit is not None and stats["max_range"] > r.range_limit:
            mods["max_range"] = mods.get("max_range", 0) + r.range_limit - stats["max_range"]
            stats["max_range"] = max(r.range_limit, weapon.min_range)
        return stats, mods

    def targets(self, fighter: FighterInPlay) -> list[tuple[str, int]]:
        """(enemy id, weapon index) pairs this fighter may attack now (visible, in range, adjacent first).

        Only enemies within the longest Range can be targets, and leaving the others out changes
        no weapon's answer (an enemy next to the fighter, which limits the targets to adjacent
        ones, is always within Range; a farther one is never within a shorter Range). So the
        answer is kept per fighter, hex, activation's weapon bonuses (a bonus may change a Range)
        and the enemies within that Range and their hexes, which is all it depends on: an enemy
        moving about out of reach leaves it as it was. Do not change the list."""
        act = self.activation
        bonus = tuple(act.weapon_bonus) if act is not None and act.fighter == fighter.id else None
        memo = self._layout_cache()  # asked again and again while nobody changes hex
        found = memo.get(("targets", fighter.id, bonus))
        if found is not None:
            return found
        reaches, longest = self._reaches(fighter, bonus)
        here = fighter.pos
        row = self.board.distance_from(here)
        near = tuple((fid, pos) for fid, pos in self.enemy_positions(fighter.side).items() if row[pos] <= longest)
        if not near:
            found = []
        else:
            key = (fighter.id, here, near, bonus)
            found = self._targets_kept.get(key)
            if found is None:
                if len(self._targets_kept) > 1024:
                    self._targets_kept.clear()
                found = self._targets_kept[key] = self._targets(here, row, reaches, dict(near))
        memo[("targets", fighter.id, bonus)] = found
        return found

    def _targets(self, here: Pos, row: dict[Pos, int], reaches: tuple[Profile, ...],
                 near: dict[str, Pos]) -> list[tuple[str, int]]:
        def distance(a: Pos, b: Pos) -> int:  # the board's distance, read from the row of ``here``
            return row[b] if a == here else self.board.distance(a, b)

        see = self.can_see if self.rules.sight_range is not None else self.board.visible  # the same answer
        out = []
        for reach in reaches:
            for target in rules.legal_targets(here, reach, near, see, distance):
                out.append((target, reach.index))
        return out

    def _reaches(self, fighter: FighterInPlay, bonus) -> tuple[tuple[Profile, ...], int]:
        """Each weapon's Range now (``weapon_now``, so twists and the activation's weapon bonuses
        count) as range-only profiles for :func:`rules.legal_targets`, and the longest; kept per
        fighter and ``bonus``, the activation's weapon bonuses (the only part of the activation
        a Range reads)."""
        key = ("reaches", fighter.id, bonus)
        found = self._weapons_now.get(key)
        if found is None:
            reaches = tuple(Profile(w.index, w.min_range, self.weapon_now(fighter, w)[0]["max_range"], 0, 0, 0, 0)
                            for w in fighter.weapons)
            found = self._weapons_now[key] = (reaches, max((r.max_range for r in reaches), default=0))
        return found

    def moves(self, fighter: FighterInPlay, budget: int | None = None) -> dict[Pos, tuple[int, Pos | None]]:
        """Where a move action can take this fighter: ``{hex: (steps, previous)}``, start included."""
        budget = self.move_of(fighter) if budget is None else budget
        key = ("moves", fighter.id, budget)
        memo = self._layout_cache()
        found = memo.get(key)
        if found is None:
            found = memo[key] = self.board.reachable(fighter.pos, budget, self.occupied())
        return found

    def adjacent_enemy(self, fighter: FighterInPlay, pos: Pos | None = None) -> bool:
        """Whether an enemy stands next to ``pos`` (default: where the fighter is); the board's
        neighbours are exactly the hexes 1 away."""
        pos = fighter.pos if pos is None else pos
        enemies = self._enemy_hexes(fighter.side)
        return any(n in enemies for n in self.board.neighbours(pos))

    def usable_abilities(self, fighter: FighterInPlay) -> list[tuple[int, int]]:
        """(ability index, group index) pairs the fighter's player can pay for and that apply now."""
        act = self.activation
        if act is None or act.ability_used:
            return []
        groups = self.groups[fighter.side]
        out = []
        if not groups:
            return out
        shown = tuple((g.kind, g.value, g.dice) for g in groups)
        for i, ability in enumerate(fighter.abilities):
            payers = self._payers.get((shown, ability.cost))
            if payers is None:
                payers = self._payers[(shown, ability.cost)] = self._payers_for(groups, ability.cost)
            if payers and self._ability_applies(fighter, ability, act):
                out += [(i, gi) for gi in payers]
        return out

    @staticmethod
    def _payers_for(groups: list[Group], cost: str) -> list[int]:
        """The groups that can pay ``cost``, one of each kind and value, fewest dice then highest
        value first (kept per roll and cost: it depends on nothing else)."""
        payers = [(g.dice, -g.value, gi) for gi, g in enumerate(groups) if g.pays_for(cost)]
        seen, out = set(), []
        for _, _, gi in sorted(payers):
            key = (groups[gi].kind, groups[gi].value)
            if key not in seen:
                seen.add(key)
                out.append(gi)
        return out

    def _ability_applies(self, fighter: FighterInPlay, ability: AbilitySpec, act: ActivationInPlay) -> bool:
        effect = ability.effect
        if effect == "respite" or effect == "heal":
            return fighter.damage > 0 and (effect == "heal" or not self.adjacent_enemy(fighter))
        if effect == "bonus-after-takedown":
            return act.took_down
        if effect == "damage-enemy":
            return self._enemy_in_reach(fighter, ability.reach or 1) is not None
        if effect == "inspiring-presence":
            return act.inspire is None and self._inspirable(fighter) != []
        if effect in ("rush", "bonus-move", "rampage"):
            return not self.adjacent_enemy(fighter) or effect == "rampage"
        if effect == "onslaught":
            return any(w.melee for w in fighter.weapons) and act.actions_left > 0
        if effect == "weapon-bonus":
            return act.actions_left > 0
        return True

    def _enemy_in_reach(self, fighter: FighterInPlay, reach: int) -> str | None:
        best = None
        apart = self.board.distance_from(fighter.pos)
        for e in self.side_fighters(OTHER[fighter.side]):
            if apart[e.pos] <= reach and self.can_see(fighter.pos, e.pos):
                if best is None or e.wounds_left < self.fighters[best].wounds_left:
                    best = e.id
        return best

    def _inspirable(self, fighter: FighterInPlay) -> list[str]:
        acts = self.activations[fighter.side]
        apart = self.board.distance_from(fighter.pos)
        return [
            f.id for f in self.side_fighters(fighter.side)
            if f.id != fighter.id and acts.activated[f.id] == 0
            and apart[f.pos] <= INSPIRING_REACH and self.can_see(fighter.pos, f.pos)
        ]

    # ---- legal actions ----------------------------------------------------------------------------

    def legal_actions(self) -> list[tuple]:
        side = self.decider
        phase = self.phase
        if phase == "reserve":
            picked = sum(1 for f in self.fighters.values() if f.side == side and f.where == "reserve")
            if picked >= self.rules.reserve_count.get(side, 0):
                return [("reserve-done",)]
            return [("reserve", f.id) for f in self.fighters.values() if f.side == side and f.where == "ready"]
        if phase == "place":
            spots = self._placement_hexes(side)
            return [("place", f.id, p) for f in self.fighters.values() if f.side == side and f.where == "ready" for p in spots]
        if phase == "first":
            return [("first", s) for s in SIDES]
        if phase == "push":
            return self._push_targets(side) or [("push-none",)]
        if phase == "arrive":
            spots = self._arrival_hexes(side)
            return [("arrive", f.id, p) for f in self.side_fighters(side, "reserve") for p in spots] or [("arrive-none",)]
        if phase == "activate":
            acts = self.activations[side]
            ids = [f.id for f in self.side_fighters(side) if acts.can_activate(f.id)]
            if self.pending_inspired:
                inspired = self.pending_inspired
                return ([("activate", inspired)] if inspired in ids else []) + [("activate-none",)]
            return [("activate", fid) for fid in ids]
        if phase == "act":
            return self._activation_actions()
        raise SkirmishError(f"bladeborn: unknown phase {phase!r}")

    def _placement_hexes(self, side: str) -> list[Pos]:
        occupied = self.occupied()
        if side in self.territory_hexes:
            spots = self.territory_hexes[side]
        else:
            # the first fighter goes in a starting hex; the hex chooses the player's territory
            spots = frozenset(p for player in SIDES for p in self.rules.starts[player])
        free = sorted(p for p in spots if not self.board.blocked(p) and p not in occupied)
        if free or side not in self.territory_hexes:
            return free
        # A warband larger than its territory (a big Warcry warband on Bladeborn's few starting
        # hexes; our rule, the book's warbands always fit): the rest set up in the next ring of
        # hexes out from the starting hexes, never in the enemy's territory.
        starts = self.rules.starts[self.territory[side]]
        enemy = self.territory_hexes.get(OTHER[side], frozenset())
        for ring in range(2, max(self.board.grid.width, self.board.grid.height)):
            free = sorted(p for p in self.board.cells
                          if not self.board.blocked(p) and p not in occupied and p not in enemy
                          and min(self.board.distance(p, h) for h in starts) <= ring)
            if free:
                return free
        return free

    def _territory_of(self, player: str) -> frozenset[Pos]:
        starts = self.rules.starts[player]
        hexes = set(starts)
        for h in starts:
            hexes.update(self.board.neighbours(h))
        return frozenset(hexes)

    def _arrival_hexes(self, side: str) -> list[Pos]:
        player = self.territory[side]
        spots = set()
        for h in self.rules.reserves.get(player, ()):
            spots.add(h)
            spots.update(self.board.neighbours(h))
        occupied = self.occupied()
        return sorted(p for p in spots if not self.board.blocked(p) and p not in occupied)

    def _activation_actions(self) -> list[tuple]:
        act = self.activation
        fighter = self.fighters[act.fighter]
        out: list[tuple] = []
        abilities = [("ability", i, g) for i, g in self.usable_abilities(fighter)]
        if act.bonus:
            kind = act.bonus[0][0]
            if kind in ("move", "move-or-attack") and not self.adjacent_enemy(fighter):
                out += [("bonus-move", p) for p in self.moves(fighter) if p != fighter.pos]
            if kind in ("attack", "move-or-attack"):
                out += [("bonus-attack", t, w) for t, w in self.targets(fighter)]
            return out + [("done",)]
        if act.actions_left > 0:
            out += self._step_actions(fighter)
            out += [("attack", t, w) for t, w in self.targets(fighter)]
            out.append(("wait",))
            return abilities + out
        return abilities + [("done",)]

    def _step_actions(self, fighter: FighterInPlay) -> list[tuple]:
        """Disengages (next to an enemy) or moves, kept until someone changes hex (and per Move,
        which an ability may raise): do not change the list."""
        key = ("steps", fighter.id, self.move_of(fighter))
        memo = self._layout_cache()
        found = memo.get(key)
        if found is None:
            found = []
            if self.adjacent_enemy(fighter):
                occupied = self.occupied()
                enemies = self._enemy_hexes(fighter.side)
                for n in self.board.open_neighbours(fighter.pos):
                    if rules.disengage_problem(fighter.pos, n, occupied, (), enemies, self._distance) is None:
                        found.append(("disengage", n))
            else:
                found = [("move", p) for p in self.moves(fighter) if p != fighter.pos]
            memo[key] = found
        return found

    # ---- apply ----------------------------------------------------------------------------------

    def apply(self, action: tuple, rng) -> list[dict]:
        self.version += 1  # lets players cache what they worked out about one moment
        kind = action[0]
        handler = getattr(self, "_do_" + kind.replace("-", "_"), None)
        if handler is None:
            raise SkirmishError(f"bladeborn: unknown action {action!r}")
        return handler(action, rng)

    def _event(self, action: str, **fields) -> dict:
        return {"round": self.round, "action": action, **fields}

    # set-up
    def _do_reserve(self, action, rng):
        fighter = self.fighters[action[1]]
        fighter.where = "reserve"
        self.version += 1
        self.layout += 1
        return [self._event("reserve", side=fighter.side, fighter=fighter.id)]

    def _do_reserve_done(self, action, rng):
        first = self.setup_order[0]
        if self.decider == first:
            self.decider = OTHER[first]
        else:
            self.phase = "place"
            self.decider = first
            return self._after_placement_check(rng)
        return []

    def _do_place(self, action, rng):
        _, fid, pos = action
        fighter = self.fighters[fid]
        side = fighter.side
        if side not in self.territory:
            player = next((p for p in SIDES if pos in self.rules.starts[p]), None)
            if player is None:
                raise SkirmishError(f"bladeborn: the first fighter must be placed in a starting hex, not {self.board.label(pos)}")
            self.territory[side] = player
            self.territory_hexes[side] = self._territory_of(player)
            self.territory[OTHER[side]] = OTHER[player]
            self.territory_hexes[OTHER[side]] = self._territory_of(OTHER[player])
        fighter.pos, fighter.where = pos, "on"
        self.version += 1
        self.layout += 1
        events = [self._event("place", side=side, fighter=fid, cell=self.board.label(pos))]
        self.decider = OTHER[side]
        return events + self._after_placement_check(rng)

    def _after_placement_check(self, rng) -> list[dict]:
        """Placing alternates; a player with nobody left to place lets the other go on; then round 1."""
        if any(f.where == "ready" for f in self.fighters.values()):
            if not any(f.where == "ready" for f in self.fighters.values() if f.side == self.decider):
                self.decider = OTHER[self.decider]
            return []
        return self.start_round(rng)

    # rounds
    def start_round(self, rng) -> list[dict]:
        self.round += 1
        events = [self._event("round")]
        self.took_down_this_round = 0
        if self.rules.pushes_per_round and self.round > 1:
            first = self.initiative or "a"
            self.pushers = [first, OTHER[first]]
            self.pushes_left = self.rules.pushes_per_round
            self.phase, self.decider = "push", first
            return events
        return events + self._hero_phase(rng)

    def _push_targets(self, side: str) -> list[tuple]:
        occupied = self.occupied()
        out = []
        for enemy in self.side_fighters(OTHER[side]):
            for n in self.board.open_neighbours(enemy.pos):
                if rules.push_problem(enemy.pos, n, occupied, (), self.board.distance) is None:
                    out.append(("push", enemy.id, n))
        return out

    def _do_push(self, action, rng):
        _, fid, pos = action
        target = self.fighters[fid]
        pusher = self.decider
        event = self._event("push", side=target.side, fighter=fid, by=pusher, cell=self.board.label(pos),
                            path=[self.board.label(target.pos), self.board.label(pos)])
        target.pos = pos
        self.version += 1
        self.layout += 1
        return [event] + self._next_push(rng)

    def _do_push_none(self, action, rng):
        return self._next_push(rng, skip=True)

    def _next_push(self, rng, skip: bool = False) -> list[dict]:
        self.pushes_left -= 1
        if self.pushes_left <= 0 or skip:
            self.pushers.pop(0)
            self.pushes_left = self.rules.pushes_per_round
        if self.pushers:
            self.decider = self.pushers[0]
            return []
        return self._update_control() + self._hero_phase(rng)

    def _hero_phase(self, rng) -> list[dict]:
        events = []
        counts = {}
        for side in SIDES:
            faces = rng.dice(self.rules.ability_dice, 6)
            choices = rules.ability_dice_choices(faces)
            roll = max(choices, key=lambda r: len(r.groups))
            self.groups[side] = list(roll.groups)
            counts[side] = len(roll.singles)
            events.append(self._event("ability_dice", side=side, dice=faces, singles=len(roll.singles),
                                      groups=roll.describe()))
        forced = self._initiative_to()
        if forced is not None:
            holder, why = forced, f"the twist gives it to the {self.rules.initiative_to}"
        elif counts["a"] != counts["b"]:
            holder, why = ("a" if counts["a"] > counts["b"] else "b"), "more singles"
        elif self.round == 1:
            holder, dice = roll_off(rng)
            events.append(self._event("roll_off", purpose="for the initiative", dice=_dice_dict(dice), winner=holder))
            why = "won the roll-off"
        else:
            holder, why = OTHER[self.initiative], "did not have it last round"
        self.initiative = holder
        events.append(self._event("initiative", side=holder, why=why))
        once = self.rules.each_fighter_once
        self.activations = {s: rules.Activations({f.id for f in self.side_fighters(s)}, once_each=once) for s in SIDES}
        self.turns = {"a": 0, "b": 0}
        self.first_turn_done = {"a": False, "b": False}
        self.phase = "first"
        self.decider = holder
        return events

    def _initiative_to(self) -> str | None:
        who = self.rules.initiative_to
        if who is None:
            return None
        if who in ("a", "b"):
            return self.side_of_player(who) or who
        if who in ("attacker", "defender"):
            return self.side_with_role(who)
        if who == "underdog":
            points = {s: sum(f.points for f in self.fighters.values() if f.side == s) for s in SIDES}
            return None if points["a"] == points["b"] else min(SIDES, key=lambda s: points[s])
        return None

    def _do_first(self, action, rng):
        side = action[1]
        self.turn_side = side
        events = [self._event("first_turn", side=side)]
        events += self._begin_turn(rng)
        return events

    def _begin_turn(self, rng) -> list[dict]:
        """Start the next turn of ``turn_side``: reserves first, then an activation (or a pass)."""
        events: list[dict] = []
        limit = self.activations["a"].limit
        while True:
            side = self.turn_side
            if self.rules.each_fighter_once and not any(self._still_to_act(s) for s in SIDES):
                return events + self._end_round(rng)  # every fighter has activated
            if self.turns["a"] >= limit and self.turns["b"] >= limit:
                return events + self._end_round(rng)
            if self.turns[side] >= limit:
                self.turn_side = OTHER[side]
                continue
            if not self.first_turn_done[side]:
                self.first_turn_done[side] = True
                if (self.round >= self.rules.reserves_from and self.side_fighters(side, "reserve")
                        and self._arrival_hexes(side)):
                    self.phase, self.decider = "arrive", side
                    return events
            if any(self.activations[side].can_activate(f.id) for f in self.side_fighters(side)):
                self.phase, self.decider = "activate", side
                return events
            # nobody to activate: the turn passes
            self.turns[side] += 1
            events.append(self._event("pass", side=side))
            self.turn_side = OTHER[side]

    def _still_to_act(self, side: str) -> bool:
        """Whether ``side`` still has a fighter to activate this round, or reserves to bring on
        at the start of its first turn (Warcry's every-fighter-once rule ends the round when
        neither side has)."""
        acts = self.activations[side]
        if any(acts.can_activate(f.id) for f in self.fighters.values() if f.side == side):
            return True
        return not self.first_turn_done[side] and bool(self.side_fighters(side, "reserve"))

    def _do_arrive(self, action, rng):
        _, fid, pos = action
        fighter = self.fighters[fid]
        fighter.pos, fighter.where = pos, "on"
        self.version += 1
        self.layout += 1
        self.activations[fighter.side].on_battlefield.add(fid)
        events = [self._event("place", side=fighter.side, fighter=fid, cell=self.board.label(pos), from_reserve=True)]
        self.phase, self.decider = "activate", fighter.side
        if not any(self.activations[fighter.side].can_activate(f.id) for f in self.side_fighters(fighter.side)):
            events += self._end_turn(rng)
        return events

    def _do_arrive_none(self, action, rng):
        self.phase = "activate"
        return self._begin_turn(rng)

    def _do_activate(self, action, rng):
        fid = action[1]
        fighter = self.fighters[fid]
        acts = self.activations[fighter.side]
        actions = acts.activate(fid)
        acts.turns_taken = self.turns[fighter.side]  # the turn is counted when it ends (an inspired activation shares it)
        self.pending_inspired = None
        self.activation = ActivationInPlay(fid, actions)
        self.phase = "act"
        return [self._event("activate", side=fighter.side, fighter=fid, actions=actions)]

    def _do_activate_none(self, action, rng):
        self.pending_inspired = None
        return self._end_turn(rng)

    # actions in an activation
    def _action_made(self, rng) -> list[dict]:
        act = self.activation
        act.made += 1
        return self._maybe_finish(rng)

    def _maybe_finish(self, rng) -> list[dict]:
        act = self.activation
        fighter = self.fighters[act.fighter]
        if not fighter.on:
            return self._finish_activation(rng)
        if act.bonus or act.actions_left > 0:
            return []
        if not act.ability_used and self.usable_abilities(fighter):
            return []  # an ability may still be used after the last action
        return self._finish_activation(rng)

    def _do_move(self, action, rng):
        return self._move(action[1]) + self._action_made(rng)

    def _move(self, dest: Pos, bonus: str | None = None) -> list[dict]:
        act = self.activation
        fighter = self.fighters[act.fighter]
        found = self.moves(fighter)
        if dest not in found:
            raise SkirmishError(f"bladeborn: {fighter.name} cannot reach {self.board.label(dest)}")
        path = Board.path_to(found, dest)
        event = self._event("move", side=fighter.side, fighter=fighter.id,
                            path=[self.board.label(fighter.pos)] + [self.board.label(p) for p in path])
        if bonus:
            event.update(bonus=True, ability=bonus)
        fighter.pos = dest
        self.version += 1
        self.layout += 1
        return [event]

    def _do_disengage(self, action, rng):
        act = self.activation
        fighter = self.fighters[act.fighter]
        enemies = set(self.enemy_positions(fighter.side).values())
        problem = rules.disengage_problem(fighter.pos, action[1], self.occupied(), (), enemies, self.board.distance)
        if problem:
            raise SkirmishError(f"bladeborn: illegal disengage: {problem}")
        event = self._event("disengage", side=fighter.side, fighter=fighter.id,
                            path=[self.board.label(fighter.pos), self.board.label(action[1])])
        fighter.pos = action[1]
        self.version += 1
        self.layout += 1
        return [event] + self._action_made(rng)

    def _do_attack(self, action, rng):
        return self._attack(action[1], action[2], rng) + self._action_made(rng)

    def _attack(self, target_id: str, weapon_index: int, rng, bonus: str | None = None) -> list[dict]:
        act = self.activation
        fighter = self.fighters[act.fighter]
        if (target_id, weapon_index) not in self.targets(fighter):
            raise SkirmishError(f"bladeborn: {fighter.name} cannot attack {target_id} with weapon {weapon_index}")
        target = self.fighters[target_id]
        weapon = fighter.weapons[weapon_index]
        stats, mods = self.weapon_now(fighter, weapon)
        faces = rng.dice(stats["attacks"], 6)
        hits, crits = rules.count_hits(faces, stats["strength"], self.toughness_of(target))
        damage = hits * stats["dmg_hit"] + crits * stats["dmg_crit"]
        event = self._event("attack", side=fighter.side, fighter=fighter.id, target=target_id, weapon=weapon_index,
                            rolls=faces, hits=hits, crits=crits, damage=damage)
        if mods:
            event["modifiers"] = dict(mods)
        if bonus:
            event.update(bonus=True, ability=bonus)
        events = [event] + self._deal(target, damage, by=fighter)
        return events

    def _deal(self, target: FighterInPlay, damage: int, by: FighterInPlay | None) -> list[dict]:
        target.damage += damage
        if not rules.is_taken_down(target.damage, target.wounds):
            return []
        target.where, target.pos = "down", None
        self.version += 1
        self.layout += 1
        self.activations[target.side].taken_down(target.id)
        events = [self._event("taken_down", side=target.side, fighter=target.id)]
        if by is not None:
            if self.activation and self.activation.fighter == by.id:
                self.activation.took_down = True
            scorer = by.side
            r = self.rules
            points, why = r.points_for("take_down"), ["take_down"] if r.points_for("take_down") else []
            if not self.first_blood and r.points_for("first_blood"):
                points += r.points_for("first_blood")
                why.append("first_blood")
            if target.id[1:] == "1" and r.points_for("slay_leader"):
                points += r.points_for("slay_leader")
                why.append("slay_leader")
            if r.takedown_bonus and (r.takedown_bonus_per_round is None or self.took_down_this_round < r.takedown_bonus_per_round):
                points += r.takedown_bonus
                why.append("take_down_bonus")
            self.first_blood = True
            self.took_down_this_round += 1
            if points:
                self.vp[scorer] += points
                events.append(self._event("score", side=scorer, vp={scorer: points, OTHER[scorer]: 0},
                                          why="+".join(why), total=dict(self.vp)))
        return events

    def _do_wait(self, action, rng):
        """A wait action ends the activation (no ability after it)."""
        fighter = self.fighters[self.activation.fighter]
        self.activation.made = self.activation.actions
        return [self._event("wait", side=fighter.side, fighter=fighter.id)] + self._finish_activation(rng)

    def _do_done(self, action, rng):
        act = self.activation
        if act.bonus:
            act.bonus.pop(0)
            return self._maybe_finish(rng)
        return self._finish_activation(rng)

    def _do_bonus_move(self, action, rng):
        _, name = self.activation.bonus.pop(0)
        return self._move(action[1], bonus=name) + self._maybe_finish(rng)

    def _do_bonus_attack(self, action, rng):
        _, name = self.activation.bonus.pop(0)
        return self._attack(action[1], action[2], rng, bonus=name) + self._maybe_finish(rng)

    def _do_ability(self, action, rng):
        _, index, group_index = action
        act = self.activation
        fighter = self.fighters[act.fighter]
        ability = fighter.abilities[index]
        group = self.groups[fighter.side].pop(group_index)
        act.ability_used = True
        value = group.value
        amount = ability.amount if ability.amount is not None else value
        event = self._event("ability", side=fighter.side, fighter=fighter.id, name=ability.name, dice=group.faces())
        events = [event]
        effect = ability.effect
        if effect == "rush":
            act.move_bonus += 1
            event["effect"] = "Move +1"
        elif effect == "onslaught":
            act.melee_attacks_bonus += 1
            event["effect"] = "melee Attacks +1"
        elif effect in ("respite", "heal"):
            healed = min(fighter.damage, amount)
            fighter.damage -= healed
            event["effect"] = f"{healed} damage removed"
        elif effect == "inspiring-presence":
            friends = self._inspirable(fighter)
            friend = max(friends, key=lambda f: (self.fighters[f].points, f))
            act.inspire = friend
            event["effect"] = f"{friend} may activate next"
        elif effect == "rampage":
            act.bonus += [("move", ability.name), ("attack", ability.name)]
            event["effect"] = "bonus move, then bonus attack"
        elif effect == "weapon-bonus":
            act.weapon_bonus.append((ability.stat or "strength", amount, ability.max_range))
            event["effect"] = f"{ability.stat or 'strength'} +{amount}" + (f" (Range {ability.max_range} or less)" if ability.max_range else "")
        elif effect == "bonus-move":
            act.bonus.append(("move", ability.name))
            event["effect"] = "bonus move"
        elif effect == "bonus-attack":
            act.bonus.append(("attack", ability.name))
            event["effect"] = "bonus attack"
        elif effect == "bonus-after-takedown":
            act.bonus.append(("move-or-attack", ability.name))
            event["effect"] = "bonus move or attack"
        elif effect == "damage-enemy":
            target_id = self._enemy_in_reach(fighter, ability.reach or 1)
            target = self.fighters[target_id]
            event["effect"] = f"{amount} damage to {target_id}"
            event["target"] = target_id
            events.append(self._event("damage", side=target.side, fighter=target_id, damage=amount, why=ability.name))
            events += self._deal(target, amount, by=fighter)
        return events + self._maybe_finish(rng)

    def _finish_activation(self, rng) -> list[dict]:
        act = self.activation
        self.activation = None
        self.phase = "activate"
        if act.inspire and self.fighters[act.inspire].on:
            self.pending_inspired = act.inspire
            friend_side = self.fighters[act.inspire].side
            self.decider = friend_side
            return []
        return self._end_turn(rng)

    def _end_turn(self, rng) -> list[dict]:
        side = self.turn_side
        self.turns[side] += 1
        self.activations[side].turns_taken = self.turns[side]
        events = self._update_control()
        if self._wiped_out():
            if self.rules.last_standing:
                self.forced_winner = next(s for s in SIDES if any(
                    f.where in ("on", "reserve") for f in self.fighters.values() if f.side == s))
                self.rounds_played = self.round
                return events + self._finish(rng)
            return events + self._finish_early(rng)
        self.turn_side = OTHER[side]
        return events + self._begin_turn(rng)

    def _update_control(self) -> list[dict]:
        """Objective control after a turn. Nothing changes while nobody has changed hex since the
        last update, nor while the fighters near the objectives stand where they stood then
        (control follows the fighters around each objective, or stays put: counting the same
        fighters again gives the same control)."""
        if not self.control or self._control_layout == self.layout:
            return []
        self._control_layout = self.layout
        near = self._near_objectives
        if near is None:
            near = self._near_objectives = _cells_near(self.board, tuple(self.control))
        # a fighter farther from every objective counts for none of them: leave it out of the count
        positions: dict[str, list[Pos]] = {s: [] for s in SIDES}
        for f in self.fighters.values():
            if f.where == "on" and f.pos in near:
                positions[f.side].append(f.pos)
        counted = (positions["a"], positions["b"])
        if counted == self._control_counted:
            return []
        self._control_counted = counted
        names = {o: o for o in self.control}
        rows = {o: self.board.distance_from(o) for o in self.control}
        new = rules.update_control(names, self.control, positions, distance=lambda h, o: rows[o][h])
        events = []
        for o, holder in new.items():
            if holder != self.control[o]:
                events.append(self._event("control", cell=self.board.label(o), side=holder))
        self.control = new
        return events

    def _score(self, moment: str) -> dict[str, int]:
        """Victory points of the positional scoring rules at the end of a round or of the battle."""
        gained = {"a": 0, "b": 0}
        for r in self.rules.scoring:
            if r.kind not in POSITIONAL_SCORING:
                continue
            if moment == "round" and not (r.when in ("end_of_round", "immediately") and self.round >= r.from_round):
                continue
            if moment == "battle" and r.when != "end_of_battle":
                continue
            if r.kind == "per_objective":
                per = r.points + (self.rules.objective_bonus if self.round >= self.rules.objective_bonus_from else 0)
                for holder in self.control.values():
                    if holder in gained:
                        gained[holder] += per
            elif r.kind == "hold_centre":
                holder = self.control.get(self.centre)
                if holder in gained:
                    gained[holder] += r.points
            elif r.kind == "most_objectives":
                held = {s: sum(1 for h in self.control.values() if h == s) for s in SIDES}
                if held["a"] != held["b"]:
                    gained["a" if held["a"] > held["b"] else "b"] += r.points
            elif r.kind == "enemy_territory":
                for f in self.fighters.values():
                    if f.on and self.territory_hexes and f.pos in self.territory_hexes[OTHER[f.side]]:
                        gained[f.side] += r.points
        return gained

    def _end_round(self, rng) -> list[dict]:
        gained = self._score("round")
        for s in SIDES:
            self.vp[s] += gained[s]
        self.rounds_played = self.round
        events = [self._event("score", vp=gained, total=dict(self.vp))]
        events += self._round_effects()
        for acts in self.activations.values():
            acts.end_phase()
        if self._wiped_out():
            if self.rules.last_standing:
                self.forced_winner = next((s for s in SIDES if any(
                    f.where in ("on", "reserve") for f in self.fighters.values() if f.side == s)), None)
                return events + self._finish(rng)
            return events + self._finish_early(rng, next_round=True)
        if self.round >= self.rules.rounds:
            return events + self._finish(rng)
        events += self.start_round(rng)
        return events

    def _round_effects(self) -> list[dict]:
        """A twist's damage or healing at the end of a battle round."""
        events = []
        r = self.rules
        if r.round_damage:
            for f in list(self.fighters.values()):
                if not f.on:
                    continue
                if r.round_damage_where == "objectives" and not any(
                        self.board.distance(f.pos, o) <= 1 for o in r.objectives):
                    continue
                events.append(self._event("damage", side=f.side, fighter=f.id, damage=r.round_damage, why=r.twist))
                events += self._deal(f, r.round_damage, by=None)
        if r.round_heal:
            for f in self.fighters.values():
                if f.on and f.damage:
                    healed = min(f.damage, r.round_heal)
                    f.damage -= healed
                    events.append(self._event("heal", side=f.side, fighter=f.id, amount=healed, ability=r.twist))
        return events

    def _finish(self, rng) -> list[dict]:
        events = []
        gained = self._score("battle")
        if any(gained.values()):
            for s in SIDES:
                self.vp[s] += gained[s]
            events.append(self._event("score", vp=gained, why="end of the battle", total=dict(self.vp)))
        if self.vp["a"] == self.vp["b"] and self.forced_winner is None:
            self._settle_tie(rng)
        self.ended = True
        outcome = self.outcome()
        events.append(self._event("end", why=outcome.reason, winner=outcome.winner, vp=dict(self.vp)))
        return events

    def _wiped_out(self) -> bool:
        """Whether a warband has nobody left on the battlefield or in reserve."""
        left = {f.side for f in self.fighters.values() if f.where == "on" or f.where == "reserve"}
        return len(left) < len(SIDES)

    def _finish_early(self, rng, next_round: bool = False) -> list[dict]:
        """One warband is gone: the rest of the battle is scored as played (nobody can contest)."""
        events = []
        self.end_reason = "a warband was wiped out"
        events += self._update_control()
        for r in range(self.round + (1 if next_round else 0), self.rules.rounds + 1):
            self.round = r
            gained = self._score("round")
            for s in SIDES:
                self.vp[s] += gained[s]
            events.append(self._event("score", vp=gained, total=dict(self.vp)))
        self.rounds_played = max(self.round, self.rules.rounds)
        return events + self._finish(rng)


def begin(state: BladebornState, rng) -> list[dict]:
    """Set-up's roll-off: the winner picks reserves first and places first."""
    winner, dice = roll_off(rng)
    state.setup_order = [winner, OTHER[winner]]
    state.decider = winner
    state.phase = "reserve"
    return [{"round": 0, "action": "roll_off", "purpose": "for set-up", "dice": _dice_dict(dice), "winner": winner}]


def _dice_dict(history: list[tuple[int, int]]) -> dict[str, list[int]]:
    """Every roll of a roll-off by player (ties were re-rolled), e.g. ``{"a": [3, 5], "b": [3, 2]}``."""
    return {"a": [pair[0] for pair in history], "b": [pair[1] for pair in history]}
