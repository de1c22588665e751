"""A SagaBorn Battles battle on the hex board: state, legal actions and ``apply``.

The rules are plain functions in :mod:`generator.systems.sagaborn.mechanics` (initiative, step
costs, height dice, the melee height limit, attack dice, relics, the cut-off score),
:mod:`~generator.systems.sagaborn.talents` and :mod:`~generator.systems.sagaborn.sight` (sight
and cover). The state that sequences them is made of one part per chapter of the book, each in
its own module: :mod:`~generator.systems.sagaborn.seating` (set-up), :mod:`rounds` (initiative,
Battlecall, activations), :mod:`movement` (the move action), :mod:`targeting` (who may attack
whom, with what dice), :mod:`actions` (standard actions), :mod:`combat` (resolving an attack)
and :mod:`scoring` (the end and the score). This module holds the state's records and the
engine's protocol (``legal_actions``, ``apply``, ``header``).

The flow of a battle, as the book gives it:

1. Set-up: each side's squads are placed in its deployment zone; a squad with Ruthless decides
   whether to trade a defence die for an attack die for the whole battle.
2. Each round: both sides roll initiative (3 battle dice, crits count 2, +1 per 10 unspent team
   points, ties rolled again); the winner keeps the first activation or passes it. Then every
   unit with a ready Battlecall may call a friendly squad within 2 hexes, which moves up to 2.
3. Sides alternate activating one squad each (a side with none left lets the other finish).
   An activated squad's units each make one move action (every unit moves first), then each
   takes one standard action: attack, open a door or chest, pick up, pass or use a relic.
4. An attack: both pools are rolled (Attack / Defense, +1 die to whoever stands higher, +1
   defence die for cover, a special's die); the attacker may Feint or use Lone Wolf, the defender may Parry or use
   Lone Wolf; a friend with Protector may take the damage; a kill next to the attacker may
   Cleave; a survivor may Riposte.
5. The battle ends when a side has no units left, or after round 12: surviving points (squad
   cost scaled by its surviving units) plus 20 per relic held decide.

A scenario may add points of its own (``make_battle``'s ``scoring``, from our scenario cards):
a chest opened scores its opener's team points at once (such chests hold no relic), a unit
taken down scores its enemy points, and at the end of each round the team with more units on
or next to the shrine scores points; these are added to the cut-off count. A scenario may also
give one side (the attacker) the first activation of round 1, and the cut-off's tie to the
other (the defender).

Where the book is silent we chose (also in docs/play-sagaborn.md):

* Deployment: squads are placed in file order on their side's zone cells, nearest the zone's
  first cell first; when a zone is too small the nearest open cells behind it are used.
* Figures never move through other figures (friend or foe) nor end on them.
* The units of a squad move in card order (unit 1 first), then act in the same order.
* Talent cards belong to the squad card, so a squad's units share each once-per-round talent.
* Battlecall: "within 2 spaces" means a unit of the called squad within 2 hexes of the caller;
  each of its units may move up to 2 move points (normal costs) and may not end farther from the
  caller than it started. Battlecall moves do not use up the squad's activation.
* Rerolls: the attacker's (Feint, Lone Wolf) come before the defender's (Parry, Lone Wolf); no
  die is rolled a third time; Parry rerolls up to two of the defender's non-shield dice.
* Protector takes the whole damage of one attack, for a friend of another squad (a squad's own
  card cannot guard itself). Cleave needs the victim (whoever died) to have been adjacent, on the
  attacker's own activation; the extra attack follows the ordinary attack rules. Riposte is an ordinary
  attack on the unit that just attacked, if it could attack it from where it stands.
* Doors: a closed door blocks movement and sight; a unit next to it opens it (standard action)
  for good. Chests: a unit on or next to a chest opens it; the chest's relic then lies on its hex.
* Relics: picking one up needs the unit on its hex; passing one hands it to an adjacent friend; a
  holder that is taken down drops its relics on its hex. The book names "activate a relic" but
  gives relics no power: only the ``relic_heal`` house rule (``make_battle``'s ``house_rules``)
  lets a hero with the goblet use one, healing 2 HP once per relic per battle.
* Squad special abilities play their card's ``effect`` (:mod:`abilities`, :mod:`effects`): an
  aura's extra Move is counted as a squad's activation starts, a unit pinned since its squad's
  last activation may not leave its hex in this one, a heal is a standard action, taking an
  enemy's cover is free in the unit's own activation, a pack's extra die is counted where the
  figures stand when the attack is made.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.board import Board
from generator.play.engine import Battle, Event, Outcome
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.actions import StandardActions
from generator.systems.sagaborn.combat import Combat
from generator.systems.sagaborn.models import Squad, Team
from generator.systems.sagaborn.movement import Movement
from generator.systems.sagaborn.pieces import RELIC_HEAL, SIDES, Fighter, SquadState, Strike, other
from generator.systems.sagaborn.rounds import Rounds
from generator.systems.sagaborn.scoring import SCENARIO_SCORING, Scoring
from generator.systems.sagaborn.seating import DEFAULT_MAP, POINT_LIMIT, SetUp, default_map, make_battle
from generator.systems.sagaborn.sight import sight_table
from generator.systems.sagaborn.targeting import Targeting, _view_table

__all__ = ["DEFAULT_MAP", "POINT_LIMIT", "RELIC_HEAL", "SCENARIO_SCORING", "SIDES", "Fighter", "SagaGame",
           "SagaState", "SquadState", "Strike", "default_map", "make_battle", "other"]


class SagaGame:
    """SagaBorn Battles on the engine's protocol."""

    system = "sagaborn"

    def new_state(self, battle: Battle, rng: Rng):
        state = SagaState(battle)
        return state, state.start(rng)


class SagaState(SetUp, Rounds, Movement, Targeting, StandardActions, Combat, Scoring):
    """One moment of a SagaBorn battle.

    The state's records and the protocol are here; the rules are its parts, one per chapter of
    the book: :class:`~seating.SetUp` (placing the teams), :class:`~rounds.Rounds` (initiative,
    Battlecall, activations), :class:`~movement.Movement` (the move action),
    :class:`~targeting.Targeting` (who may attack whom, with what dice),
    :class:`~actions.StandardActions` (the standard action), :class:`~combat.Combat` (resolving
    an attack) and :class:`~scoring.Scoring` (the end and the score).
    """

    def __init__(self, battle: Battle):
        self.battle = battle
        self.map = battle.rules["map"]
        self.teams: dict[str, Team] = dict(battle.forces)
        self._unspent = {s: self.teams[s].unspent for s in SIDES}  # points left unspent: initiative
        self.names = dict(battle.names)
        self.zones = battle.rules.get("zones", {"a": [], "b": []})
        self.doors = set(battle.rules.get("doors", ()))  # closed door positions (labels)
        self.board: Board = self._board_for_doors()
        self._sights = sight_table(self.board)
        self._views = _view_table(self.board)
        self._stand = {p: m.effective_level(self.board.level(p), self.board.water(p)) for p in self.board.cells}
        self.levels = self._stand  # every position's standing level, for players scoring many hexes
        self.round = 0
        self.fighters: dict[str, Fighter] = {}
        self.squads: dict[str, list[SquadState]] = {"a": [], "b": []}
        self.relics: dict[str, dict] = {}  # name -> {"pos": pos|None, "holder": uid|None, "used": bool}
        self.chests: dict[tuple, str | None] = {}  # pos -> relic name inside (closed chests), None: empty
        self.bonus = {s: 0 for s in SIDES}  # the scenario's own points (chests, take-downs, shrine)
        self.scoring: dict[str, int] = dict(battle.rules.get("scoring", {}))
        shrine = battle.rules.get("shrine")
        self.shrine = None if shrine is None else self.board.parse(shrine)
        self.phase = "setup"
        self.turn = "a"
        self.first = "a"
        self.initiative_winner = "a"
        #: the side the battle's first roll-off handed the opening to (round 1's initiative winner,
        #: or the side the scenario names): balance reports how the table treats it
        self.opening: str | None = None
        self.active: SquadState | None = None
        self.queue: list[str] = []  # units of the active squad still to move or act
        self.callers: list[str] = []
        self.called: list[str] = []
        self.call_origin: str | None = None
        self.strikes: list[Strike] = []
        self.ended: Outcome | None = None
        self._occ: dict[tuple, str] = {}
        self._reach_cache: tuple | None = None
        self._living: dict = {}
        self._enemy_cells: dict = {}
        self._blocked: dict[str, dict] = {"a": {}, "b": {}}  # per attacking side, see attack_view
        self.house_rules = tuple(sorted(battle.rules.get("house_rules", ())))
        self.exposed: dict[str, int] = {}  # uid -> the round a strip_cover special took its cover (this round's only)
        self.move_bonus: dict[str, int] = {}  # uid -> extra Move this activation (an aura)
        self.held: list[str] = []  # units of the active squad that may not leave their hex
        self._packs: frozenset = frozenset()  # the fighters of those squads

    # ---- plain queries (also what the policies ask) --------------------------------------------

    def level(self, pos) -> int:
        """Standing level of a position (water one below its ground)."""
        return self._stand[pos]

    def living(self, side: str) -> list[Fighter]:
        """The side's fighters still standing (kept until a fighter falls; a move or a wound
        changes no one's place in this list)."""
        hit = self._living.get(side)
        if hit is None:
            hit = self._living[side] = [f for f in self.fighters.values() if f.side == side and f.hp > 0]
        return hit

    def _changed(self, side: str | None = None, fell: bool = True) -> None:
        """Forget what depends on where fighters stand and who lives; ``side`` names the side
        whose figure moved or fell (None: anything may have changed); ``fell=False``: a figure
        only moved, so who lives is as it was."""
        if fell:
            self._living = {}
        self._enemy_cells = {}
        self._reach_cache = None
        if side is None:
            self._blocked = {"a": {}, "b": {}}
        else:  # the other side's attackers see past this side's figures: those views go
            self._blocked[other(side)] = {}

    def squad_of(self, f: Fighter) -> SquadState:
        return self.squads[f.side][f.squad]

    def enemies_of(self, side: str) -> list[Fighter]:
        return self.living(other(side))

    def nearest_friend(self, f: Fighter) -> int | None:
        ds = [self.board.distance(f.pos, g.pos) for g in self.living(f.side) if g.uid != f.uid]
        return min(ds) if ds else None

    # ---- protocol -------------------------------------------------------------------------------

    def current_player(self) -> str:
        return self.turn

    def is_terminal(self) -> bool:
        return self.ended is not None

    def outcome(self) -> Outcome:
        return self.ended

    def current_unit(self) -> Fighter | None:
        return self.fighters[self.queue[0]] if self.queue else None

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "ruthless":
            sq = self._ruthless_pending[0]
            return [("ruthless", sq.index, True), ("ruthless", sq.index, False)]
        if phase == "initiative":
            return [("initiative", "keep"), ("initiative", "pass")]
        if phase == "battlecall":
            caller = self.fighters[self.callers[0]]
            return [("battlecall", caller.uid, -1)] + [("battlecall", caller.uid, i) for i in self._callable(caller)]
        if phase in ("move", "called"):
            f = self.current_unit()
            if phase == "move" and f.uid in self.held:
                return [("move", f.uid, f.pos)]  # held in its hex (a pin_on_damage special)
            budget = m.BATTLECALL_MOVE if phase == "called" else None
            dests = self._reach(f, budget)[0]
            if phase == "called":
                caller = self.fighters[self.call_origin]
                d0 = self.board.distance(f.pos, caller.pos)
                dests = [p for p in dests if self.board.distance(p, caller.pos) <= d0]
            return [("move", f.uid, p) for p in dests]
        if phase == "choose":
            return [("activate", sq.index) for sq in self.squads[self.turn] if self._can_activate(sq)]
        if phase == "act":
            return self._act_options(self.current_unit())
        if phase == "strike":
            return self._strike_options(self.strikes[-1])
        raise SkirmishError(f"sagaborn: no legal actions in phase {phase!r} (a rules bug)")

    def apply(self, action, rng: Rng) -> list[Event]:
        self._rng = rng
        kind = action[0]
        events: list[Event] = []
        if kind == "ruthless":
            events += self._choose_ruthless(action, rng)
        elif kind == "initiative":
            events += self._keep_or_pass(action)
        elif kind == "battlecall":
            events += self._battlecall(action)
        elif kind == "move":
            events += self._move(action)
        elif kind == "activate":
            events += self._activate(action[1])
        elif kind in ("attack", "open", "pick_up", "pass", "use_relic", "hold"):
            events += self._act(action, rng)
        elif kind in ("heal", "expose"):
            events += self._special_act(action)
        else:
            events += self._strike_step(action, rng)
        return events

    def header(self) -> dict[str, Any]:
        grid = self.map.model_dump(mode="json", exclude_defaults=True)
        grid.update(grid=self.map.grid, width=self.map.width, height=self.map.height,
                    orientation=self.map.orientation, offset=self.map.offset)
        sides = {}
        for side in SIDES:
            fighters = []
            for sq in self.squads[side]:
                for uid in sq.units:
                    f = self.fighters[uid]
                    fighters.append({"id": uid, "name": f.name, "squad": sq.card.name, "type": sq.card.type,
                                     **f.printed.model_dump(), "stats": f.stats.model_dump(),
                                     "talents": list(sq.cards.talents),
                                     "special": _special_json(sq.card),
                                     "weapon": f.weapon, "points": float(Fraction(sq.card.total_cost, sq.card.units))})
            team = self.teams[side]
            sides[side] = {"name": self.names.get(side, team.name), "points": team.total_cost,
                           "unspent": team.unspent, "initiative_bonus": team.initiative_bonus, "fighters": fighters}
        return {"grid": grid, "sides": sides, "house_rules": list(self.house_rules)}


def _special_json(card: Squad):
    """A squad's special ability as the log header gives it: name and the effect played."""
    if card.special is None:
        return None
    effect = card.special.effect
    return {"name": card.special.name, "effect": effect.model_dump(mode="json") if effect is not None else None}
