"""A SagaBorn round ("Round" and "Initiative" in the book): initiative rolled and kept or passed,
Battlecalls at the start of the round, then the sides alternating squad activations until every
squad has been activated; the round's end (a scenario's shrine points, the cut-off or the next
round).

:class:`Rounds` is the part of :class:`~generator.systems.sagaborn.game.SagaState` that runs
that sequence; a squad's move action is in :mod:`movement`, its standard actions in
:mod:`actions`.
"""

from __future__ import annotations

from generator.dice.rng import Rng
from generator.play.engine import Event
from generator.systems.sagaborn import effects as fx
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.pieces import SIDES, Fighter, SquadState, other
from generator.systems.sagaborn.talents import battlecall, battlecall_targets


class Rounds:
    """Initiative, Battlecall and activations (mixed into the battle state)."""

    def _new_round(self, rng: Rng) -> list[Event]:
        self.round += 1
        self.exposed = {}  # cover taken "until the end of the round" comes back
        events: list[Event] = [{"round": self.round, "action": "round"}]
        for side in SIDES:
            for sq in self.squads[side]:
                sq.activated = False
                sq.cards.refresh()
        unspent = self._unspent
        ini = m.roll_initiative(rng, SIDES, unspent)
        for roll in ini.rolls:
            events.append({"round": self.round, "action": "roll_off", "purpose": "initiative",
                           "dice": {s: list(roll.faces[s]) for s in SIDES}, "scores": dict(roll.scores),
                           "bonus": {s: m.initiative_bonus(unspent[s]) for s in SIDES},
                           "winner": ini.winner if roll is ini.rolls[-1] else "tie"})
        self.initiative_winner = ini.winner
        self.phase = "initiative"
        self.turn = ini.winner
        first = self.battle.rules.get("first")
        if self.round == 1 and first is not None:
            # the scenario gives this side the first activation: no keep-or-pass choice
            self.initiative_winner = self.first = first
            events.append({"round": self.round, "side": first, "action": "initiative", "first": first,
                           "why": "the scenario gives it the first activation", "passed": False})
            events += self._start_battlecalls()
        if self.round == 1:
            self.opening = self.initiative_winner
        return events

    def _keep_or_pass(self, action) -> list[Event]:
        """The initiative winner keeps the first activation or passes it; Battlecalls follow."""
        events: list[Event] = []
        passed = action[1] == "pass"
        self.first = other(self.initiative_winner) if passed else self.initiative_winner
        events.append({"round": self.round, "side": self.initiative_winner, "action": "initiative",
                       "why": "passes the first activation" if passed else "keeps the first activation",
                       "first": self.first, "passed": passed})
        events += self._start_battlecalls()
        return events

    def _start_battlecalls(self) -> list[Event]:
        order = [self.first, other(self.first)]
        self.callers = [f.uid for side in order for f in self.living(side)
                        if self.squad_of(f).cards.ready("battlecall")]
        return self._next_call()

    def _callable(self, caller: Fighter) -> list[int]:
        dists = {}
        for sq in self.squads[caller.side]:
            ds = [self.board.distance(caller.pos, self.fighters[u].pos) for u in sq.units
                  if self.fighters[u].alive and u != caller.uid]
            if ds and sq.index != caller.squad:
                dists[sq.index] = min(ds)
        return [i for i in battlecall_targets({k: v for k, v in dists.items()})]

    def _next_call(self) -> list[Event]:
        while self.callers:
            caller = self.fighters[self.callers[0]]
            if caller.alive and self.squad_of(caller).cards.ready("battlecall") and self._callable(caller):
                self.phase = "battlecall"
                self.turn = caller.side
                return []
            self.callers.pop(0)
        self.phase = "choose"
        self.turn = self.first
        return self._next_activation(start=True)

    def _battlecall(self, action) -> list[Event]:
        _, uid, index = action
        caller = self.fighters[uid]
        self.callers.pop(0)
        if index < 0:
            return self._next_call()
        sq = self.squads[caller.side][index]
        dists = {index: min(self.board.distance(caller.pos, self.fighters[u].pos) for u in sq.units
                            if self.fighters[u].alive)}
        battlecall(self.squad_of(caller).cards, index, dists)
        self.called = [u for u in sq.units if self.fighters[u].alive]
        self.call_origin = uid
        self.queue = list(self.called)
        self.phase = "called"
        self.turn = caller.side
        return [{"round": self.round, "side": caller.side, "fighter": uid, "action": "ability",
                 "name": self.squad_of(caller).cards.name_of("battlecall"),
                 "effect": f"calls {sq.card.name}", "squad": sq.card.name}]

    def _can_activate(self, sq: SquadState) -> bool:
        if sq.activated:
            return False
        fighters = self.fighters
        for u in sq.units:
            if fighters[u].hp > 0:
                return True
        return False

    def _next_activation(self, start: bool = False) -> list[Event]:
        """After an activation (or at round start): who picks the next squad, or the round ends."""
        if self._check_end():
            return self._end_events()
        if not start:
            self.turn = other(self.turn)
        for side in (self.turn, other(self.turn)):
            if any(self._can_activate(sq) for sq in self.squads[side]):
                self.turn = side
                self.phase = "choose"
                return []
        # round over
        events: list[Event] = []
        if "hold_centre" in self.scoring and self.shrine_holder() is not None:
            events.append(self._score(self.shrine_holder(), "hold_centre",
                                      f"holds the shrine at {self.board.label(self.shrine)}"))
        if self.round >= self.battle.rules.get("rounds", m.ROUND_LIMIT):
            return events + self._cutoff()
        return events + self._new_round(self._rng)

    def _activate(self, index: int) -> list[Event]:
        sq = self.squads[self.turn][index]
        sq.activated = True
        self.active = sq
        self.activation = m.SquadActivation(sq.card.name, sq.units)
        self.queue = [u for u in sq.units if self.fighters[u].alive]
        self.phase = "move"
        events = [{"round": self.round, "side": sq.side, "fighter": self.queue[0], "action": "activate",
                   "squad": sq.card.name, "units": list(self.queue), "actions": 2}]
        return events + self._start_of_activation(sq)

    def _start_of_activation(self, sq: SquadState) -> list[Event]:
        """What specials do as a squad's activation starts: a friend's aura adds Move to the
        units near it; a unit pinned since its squad's last activation is held in its hex."""
        events: list[Event] = []
        self.move_bonus = {}
        self.held = []
        for g in self.living(sq.side):
            card = self.squad_of(g).card
            aura = fx.effect_of(card, fx.AuraMove)
            if aura is None:
                continue
            helped = []
            for uid in self.queue:
                f = self.fighters[uid]
                bonus = fx.aura_bonus(aura, f.kind, None if f is g else self.board.distance(f.pos, g.pos))
                if bonus:
                    self.move_bonus[uid] = self.move_bonus.get(uid, 0) + bonus
                    helped.append(uid)
            if helped:
                events.append({"round": self.round, "side": g.side, "fighter": g.uid, "action": "ability",
                               "name": card.special.name, "effect": f"{len(helped)} of {sq.card.name} move "
                               f"{aura.bonus} extra", "units": helped, "bonus": aura.bonus})
        for uid in self.queue:
            f = self.fighters[uid]
            if f.pinned:
                card = self.squads[other(f.side)][f.pinned - 1].card
                events.append({"round": self.round, "side": f.side, "fighter": uid, "action": "ability",
                               "name": card.special.name, "effect": "held in its hex this activation"})
                f.pinned = 0
                self.held.append(uid)
        return events
