"""A Bladeborn battle on the board: set-up, battle rounds, actions and abilities, by the book.

Built from :mod:`generator.systems.bladeborn.mechanics` (ability dice, initiative, activation
limits, move/disengage/attack legality, hits, objective control) and asked of the board through
:class:`generator.play.board.Board`; nothing here re-states those rules. The state follows the
engine's protocol (``current_player``, ``legal_actions``, ``apply``), one decision at a time:

* set-up: a roll-off; the winner, then the other player, picks reserve fighters (the ability
  card's Reserve number); the winner places first and so chooses the territory; players
  alternate placing in their territory;
* each battle round: ability dice (a player whose roll divides more than one way, six of a kind,
  chooses how) and initiative (hero phase), the holder picks who takes the first turn, then four
  turns each. A turn activates one fighter (two actions on its first activation in the round, one
  later; no second activation until every friendly fighter on the battlefield has had one);
  from round 2 a player with reserve fighters places one at the start of their first turn of the
  round; objective control is updated after every turn; victory points are scored at the end of
  the round; the battle card says how many rounds and who wins.

Attacks and damage are :mod:`generator.systems.bladeborn.combat`; abilities
:mod:`generator.systems.bladeborn.abilities`; control, scoring, ties and the end of the battle
:mod:`generator.systems.bladeborn.scoring`; what the board answers (sight, reach, weapons now)
:mod:`generator.systems.bladeborn.queries`.

Actions are tuples: ``("reserve", fid)``, ``("place", fid, pos)``, ``("split", choice)``,
``("first", side)``, ``("arrive", fid, pos)``, ``("activate", fid)``, ``("move", pos)``,
``("disengage", pos)``, ``("attack", target, weapon)``, ``("wait",)``, ``("ability", index,
group)``, the abilities' steps (``bonus-move``, ``bonus-attack``, ``target``, ``shove``,
``place-at``, ``hex``, ``objective``, ``reroll``) and ``("done",)``. Positions are axial.

Choices where the book is silent (and why): a player with no fighter on the battlefield passes
their turn; disengage is offered only next to an enemy (away from enemies it is a one-hex move).
"""

from __future__ import annotations

from generator.errors import SkirmishError
from generator.play.board import Board, Pos
from generator.systems.bladeborn import mechanics as rules
from generator.systems.bladeborn.abilities import AbilityRules
from generator.systems.bladeborn.combat import Combat
from generator.systems.bladeborn.pieces import (  # noqa: F401  (the state's pieces, importable from here)
    INSPIRING_REACH,
    OTHER,
    SIDES,
    AbilitySpec,
    ActivationInPlay,
    BattleRules,
    FighterInPlay,
    Profile,
    ScoreRule,
)
from generator.systems.bladeborn.queries import BoardQueries
from generator.systems.bladeborn.scoring import POSITIONAL_SCORING, Scoring, _dice_dict  # noqa: F401
from generator.systems.warcry.mechanics import Group, group_ability_dice, roll_off


class BladebornState(Combat, AbilityRules, Scoring, BoardQueries):
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
        self.splits: list[tuple[str, tuple[int, ...]]] = []  # rolls still to be divided (six of a kind)
        self.singles = {"a": 0, "b": 0}
        self.activation: ActivationInPlay | None = None
        self.pending_inspired: str | None = None
        self.control: dict[Pos, str | None] = {o: None for o in battle_rules.objectives}
        self.tokens: list[tuple[Pos, str]] = []  # (objective, side): Desecration tokens this round
        self.veils: list[tuple[Pos, str]] = []   # (hex, side): hexes that block sight this round
        self.vp = {"a": 0, "b": 0}
        self.took_down_this_round = 0
        self.first_blood = False
        self.forced_winner: str | None = None
        self.tiebreak: tuple[str | None, str] | None = None
        self.ended = False
        self.end_reason = ""
        self.rounds_played = 0
        self.version = 0
        # bumped whenever a fighter enters, leaves or changes hex (or sight changes): what depends
        # only on who stands where (occupied hexes, enemy hexes, targets, reach) is kept against it
        self.layout = 0
        self._memo_key = None
        self._occupied: set[Pos] = set()
        self._enemies: dict = {}
        self._layout_memo: dict = {}
        self._layout_memo_at = -1
        self._control_layout: int | None = None
        self._control_marks: tuple | None = None
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

    def _cells_near_objectives(self) -> frozenset[Pos]:
        return frozenset(c for o in self.control for c, d in self.board.distance_from(o).items()
                         if d <= rules.OBJECTIVE_RANGE)

    # ---- protocol ------------------------------------------------------------------------------

    def current_player(self) -> str:
        return self.decider

    def is_terminal(self) -> bool:
        return self.ended

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
        if phase == "split":
            return [("split", i) for i in range(len(rules.ability_dice_choices(self.splits[0][1])))]
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
        if act.steps:
            return self.step_actions(fighter)
        abilities = [("ability", i, g) for i, g in self.usable_abilities(fighter)]
        if act.actions_left > 0:
            out = list(self._step_actions(fighter))
            out += [("attack", t, w) for t, w in self.targets(fighter)]
            out.append(("wait",))
            return abilities + out
        return abilities + [("done",)]

    def _step_actions(self, fighter: FighterInPlay) -> list[tuple]:
        """Disengages (next to an enemy) or moves, kept until someone changes hex (and per Move,
        which an ability may raise): do not change the list."""
        key = ("steps", fighter.id, self.move_of(fighter), fighter.snared)
        memo = self._layout_cache()
        found = memo.get(key)
        if found is None:
            found = []
            if self.adjacent_enemy(fighter):
                if not fighter.snared:  # Ensnare: no disengage until the end of its next activation
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
        events = handler(action, rng)
        if not self.ended and self.round and self._wiped_out():  # nobody left to fight: over at once
            self.activation, self.phase = None, "over"
            events += self._wiped_out_end(rng)
        return events

    def _event(self, action: str, **fields) -> dict:
        return {"round": self.round, "action": action, **fields}

    def _relocate(self, fighter: FighterInPlay, dest: Pos) -> None:
        fighter.pos = dest
        self.version += 1
        self.layout += 1

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
        event = self._event("push", side=target.side, fighter=fid, by=pusher, why=self.rules.twist,
                            cell=self.board.label(pos), path=[self.board.label(target.pos), self.board.label(pos)])
        self._relocate(target, pos)
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
        """Both players roll their ability dice and divide them: four or more of a kind split into
        doubles and triples (Bladeborn; a player with six of a kind chooses how), or a quad (Warcry)."""
        events = []
        self.splits = []
        for side in SIDES:
            faces = rng.dice(self.rules.ability_dice, 6)
            divided = True
            if self.rules.quads:
                roll = group_ability_dice(faces)
            else:
                choices = rules.ability_dice_choices(faces)
                roll = choices[0]
                if len(choices) > 1:
                    self.splits.append((side, tuple(faces)))
                    divided = False
            self.groups[side] = list(roll.groups)
            self.singles[side] = len(roll.singles)
            events.append(self._event("ability_dice", side=side, dice=faces, singles=len(roll.singles),
                                      groups=roll.describe() if divided else "to be divided by its player"))
        if self.splits:
            self.phase, self.decider = "split", self.splits[0][0]
            return events
        return events + self._initiative_phase(rng)

    def _do_split(self, action, rng):
        side, faces = self.splits.pop(0)
        roll = rules.ability_dice_choices(faces)[action[1]]
        self.groups[side] = list(roll.groups)
        events = [self._event("split", side=side, dice=list(faces), groups=roll.describe())]
        if self.splits:
            self.decider = self.splits[0][0]
            return events
        return events + self._initiative_phase(rng)

    def _initiative_phase(self, rng) -> list[dict]:
        events = []
        counts = self.singles
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
        """Start the next turn of ``turn_side``: its oaths end, reserves first, then an
        activation (or a pass)."""
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
            for f in self.fighters.values():  # Keep the Oath lasts until its player's next turn
                if f.side == side and f.oath is not None:
                    f.oath, f.oath_extra = None, 0
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
        fighter.riposte = fighter.ranged_shield = 0  # these last until the fighter's next activation
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
        if act is None:
            return []
        fighter = self.fighters[act.fighter]
        if not fighter.on:
            return self._finish_activation(rng)
        if act.steps or act.actions_left > 0:
            return []
        if not act.ability_used and self.usable_abilities(fighter):
            return []  # an ability may still be used after the last action
        return self._finish_activation(rng)

    def _do_move(self, action, rng):
        return self._move(action[1]) + self._action_made(rng)

    def _move(self, dest: Pos, bonus: str | None = None, budget: int | None = None) -> list[dict]:
        act = self.activation
        fighter = self.fighters[act.fighter]
        found = self.moves(fighter, budget)
        if dest not in found:
            raise SkirmishError(f"bladeborn: {fighter.name} cannot reach {self.board.label(dest)}")
        path = Board.path_to(found, dest)
        event = self._event("move", side=fighter.side, fighter=fighter.id,
                            path=[self.board.label(fighter.pos)] + [self.board.label(p) for p in path])
        if bonus:
            event.update(bonus=True, ability=bonus)
        self._relocate(fighter, dest)
        return [event]

    def _do_disengage(self, action, rng):
        act = self.activation
        fighter = self.fighters[act.fighter]
        if fighter.snared:
            raise SkirmishError(f"bladeborn: {fighter.name} is ensnared and cannot disengage")
        enemies = set(self.enemy_positions(fighter.side).values())
        problem = rules.disengage_problem(fighter.pos, action[1], self.occupied(), (), enemies, self.board.distance)
        if problem:
            raise SkirmishError(f"bladeborn: illegal disengage: {problem}")
        event = self._event("disengage", side=fighter.side, fighter=fighter.id,
                            path=[self.board.label(fighter.pos), self.board.label(action[1])])
        self._relocate(fighter, action[1])
        return [event] + self._action_made(rng)

    def _do_wait(self, action, rng):
        """A wait action ends the activation (no ability after it)."""
        fighter = self.fighters[self.activation.fighter]
        self.activation.made = self.activation.actions
        return [self._event("wait", side=fighter.side, fighter=fighter.id)] + self._finish_activation(rng)

    def _do_done(self, action, rng):
        act = self.activation
        if act.steps:
            act.steps.pop(0)
            return self._after_step(rng)
        return self._finish_activation(rng)

    def _finish_activation(self, rng) -> list[dict]:
        act = self.activation
        self.activation = None
        self.phase = "activate"
        fighter = self.fighters[act.fighter]
        fighter.snared = fighter.slowed = False  # these last until the end of its next activation
        if act.inspire and self.fighters[act.inspire].on:
            self.pending_inspired = act.inspire
            self.decider = self.fighters[act.inspire].side
            return []
        return self._end_turn(rng)

    def _end_turn(self, rng) -> list[dict]:
        side = self.turn_side
        self.turns[side] += 1
        self.activations[side].turns_taken = self.turns[side]
        events = self._update_control()
        if self._wiped_out():
            return events + self._wiped_out_end(rng)
        self.turn_side = OTHER[side]
        return events + self._begin_turn(rng)


def begin(state: BladebornState, rng) -> list[dict]:
    """Set-up's roll-off: the winner picks reserves first and places first."""
    winner, dice = roll_off(rng)
    state.setup_order = [winner, OTHER[winner]]
    state.decider = winner
    state.phase = "reserve"
    return [{"round": 0, "action": "roll_off", "purpose": "for set-up", "dice": _dice_dict(dice), "winner": winner}]
