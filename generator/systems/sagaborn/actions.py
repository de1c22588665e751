"""A unit's standard action ("Standard action" and "Relics" in the book): attack, open a door or
chest, pick up, pass or use a relic, or a special ability played as an action (a heal, taking an
enemy's cover).

:class:`StandardActions` is the part of :class:`~generator.systems.sagaborn.game.SagaState`
that lists and carries out these actions; an attack is begun here and resolved in :mod:`combat`.
"""

from __future__ import annotations

from generator.dice.rng import Rng
from generator.play.engine import Event
from generator.systems.sagaborn import effects as fx
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.pieces import RELIC_HEAL, Fighter
from generator.systems.sagaborn.sight import sight_table
from generator.systems.sagaborn.targeting import _view_table


class StandardActions:
    """The act phase of an activation (mixed into the battle state)."""

    def relic_on(self, pos) -> str | None:
        for name, r in self.relics.items():
            if r["pos"] == pos and r["holder"] is None:
                return name
        return None

    def _act_options(self, f: Fighter) -> list:
        opts: list = [("hold", f.uid)]
        for e in self.targets(f):
            opts.append(("attack", f.uid, e.uid))
        board = self.board
        around = set(board.neighbours(f.pos)) | {f.pos}
        for label in sorted(self.doors):
            if board.parse(label) in set(board.neighbours(f.pos)):
                opts.append(("open", f.uid, label))
        for pos in sorted(self.chests):
            if pos in around:
                opts.append(("open", f.uid, board.label(pos)))
        if self.relic_on(f.pos):
            opts.append(("pick_up", f.uid))
        if f.relics:
            for g in self.living(f.side):
                if g.uid != f.uid and board.distance(g.pos, f.pos) == 1:
                    opts.append(("pass", f.uid, g.uid))
            if "relic_heal" in self.house_rules and f.relic_user and f.hp < f.stats.hp:
                for name in f.relics:
                    if not self.relics[name]["used"]:
                        opts.append(("use_relic", f.uid, name))
        card = self.squad_of(f).card
        heal = fx.effect_of(card, fx.HealAction)
        if heal is not None:
            for g in self.living(f.side):
                if fx.can_heal(heal, board.distance(f.pos, g.pos), g is f, g.hp, g.stats.hp):
                    opts.append(("heal", f.uid, g.uid))
        if fx.effect_of(card, fx.StripCover) is not None and self.squad_of(f).special_round != self.round:
            for e in self.enemies_of(f.side):
                if self.exposed.get(e.uid) != self.round and self.sight(f, e).visible:
                    opts.append(("expose", f.uid, e.uid))
        return opts

    def _special_act(self, action) -> list[Event]:
        """A special ability used in the act phase: a heal (the unit's standard action) or
        taking an enemy's cover (free: the unit still takes its standard action)."""
        kind, uid, target = action
        f, g = self.fighters[uid], self.fighters[target]
        sq = self.squad_of(f)
        base = {"round": self.round, "side": f.side, "fighter": uid, "action": "ability", "name": sq.card.special.name,
                "target": target}
        if kind == "expose":
            sq.special_round = self.round
            self.exposed[target] = self.round
            return [{**base, "effect": f"{target} has no cover until the end of the round"}]
        self.activation.act(uid, "ability")
        amount = fx.heal_amount(sq.card.special.effect, g.hp, g.stats.hp)
        g.hp += amount
        return [{**base, "effect": f"{target} recovers {amount} HP"},
                {"round": self.round, "side": g.side, "fighter": target, "action": "heal", "amount": amount,
                 "hp": g.hp, "ability": sq.card.special.name}] + self._after_act()

    def _act(self, action, rng: Rng) -> list[Event]:
        kind, uid = action[0], action[1]
        f = self.fighters[uid]
        board = self.board
        events: list[Event] = []
        rule_name = {"hold": None, "attack": "attack", "open": "open", "pick_up": "pick_up_relic",
                     "pass": "pass_relic", "use_relic": "use_relic"}[kind]
        if rule_name:
            self.activation.act(uid, rule_name)
        base = {"round": self.round, "side": f.side, "fighter": uid}
        if kind == "hold":
            events.append({**base, "action": "wait"})
        elif kind == "attack":
            self._begin_strike(f, self.fighters[action[2]], "attack", rng)
            return self._run_strikes(rng)
        elif kind == "open":
            label = action[2]
            pos = board.parse(label)
            if label in self.doors:
                self.doors.discard(label)
                self.board = self._board_for_doors()
                self._sights = sight_table(self.board)
                self._views = _view_table(self.board)
                self._changed()
                events.append({**base, "action": "open", "cell": label, "what": "door"})
            else:
                name = self.chests.pop(pos)
                if name is not None:
                    self.relics[name]["pos"] = pos
                events.append({**base, "action": "open", "cell": label, "what": "chest", "relic": name})
                if "open_chest" in self.scoring:
                    events.append(self._score(f.side, "open_chest", f"opened the chest at {label}"))
        elif kind == "pick_up":
            name = self.relic_on(f.pos)
            relic = m.Relic(name, f.pos)
            m.pick_up_relic(relic, uid, f.pos)
            self.relics[name].update(pos=None, holder=uid)
            f.relics.append(name)
            events.append({**base, "action": "relic", "what": "pick_up", "relic": name, "cell": board.label(f.pos)})
        elif kind == "pass":
            to = self.fighters[action[2]]
            name = f.relics[0]
            relic = m.Relic(name, None, uid)
            m.pass_relic(relic, uid, to.uid)
            f.relics.remove(name)
            to.relics.append(name)
            self.relics[name]["holder"] = to.uid
            events.append({**base, "action": "relic", "what": "pass", "relic": name, "target": to.uid})
        elif kind == "use_relic":
            name = action[2]
            relic = m.Relic(name, None, uid)
            m.use_relic(relic, uid, self.squad_of(f).card)
            self.relics[name]["used"] = True
            healed = min(RELIC_HEAL, f.stats.hp - f.hp)
            f.hp += healed
            events.append({**base, "action": "relic", "what": "use", "relic": name, "amount": healed, "hp": f.hp})
        return events + self._after_act()

    def _after_act(self) -> list[Event]:
        self.queue.pop(0)
        while self.queue and not self.fighters[self.queue[0]].alive:
            self.queue.pop(0)
        if self._check_end():
            return self._end_events()
        if self.queue:
            self.phase = "act"
            self.turn = self.active.side
            return []
        self.phase = "choose"
        self.turn = self.active.side
        return self._next_activation()
