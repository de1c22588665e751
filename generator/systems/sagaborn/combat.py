"""Resolving a SagaBorn attack ("To hit" and the Talents that act in an attack): both pools
rolled, the attacker's rerolls (Feint, Lone Wolf) then the defender's (Parry, Lone Wolf), normal
hits blocked before crits, Protector taking the damage, a unit taken down, Cleave after a kill,
Riposte from a survivor.

:class:`Combat` is the part of :class:`~generator.systems.sagaborn.game.SagaState` that steps an
attack through those stages (a :class:`~generator.systems.sagaborn.pieces.Strike` each, nested
for a Cleave or a Riposte), stopping whenever a talent is the player's to decide.
"""

from __future__ import annotations

from generator.dice.battle_dice import CRIT, HIT, SHIELD, roll_faces
from generator.dice.rng import Rng
from generator.play.engine import Event
from generator.systems.sagaborn import effects as fx
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.pieces import Fighter, Strike, other
from generator.systems.sagaborn.talents import cleave, feint, lone_wolf, parry, protector, riposte


class Combat:
    """Attacks and the talents in them (mixed into the battle state)."""

    def _begin_strike(self, f: Fighter, target: Fighter, kind: str, rng: Rng) -> None:
        att_n, def_n, mods, hidden = self.pools(f, target)
        att, dfn = roll_faces(rng, att_n), roll_faces(rng, def_n)
        s = Strike(f.uid, target.uid, kind, att, dfn, {"attack": list(att), "defense": list(dfn)}, mods,
                   {"attacker": self.level(f.pos), "target": self.level(target.pos)}, hidden,
                   adjacent=self.board.distance(f.pos, target.pos) == 1)
        self.strikes.append(s)

    def _strike_options(self, s: Strike) -> list:
        a, t = self.fighters[s.attacker], self.fighters[s.target]
        if s.stage == "attacker":
            opts = []
            cards = self.squad_of(a).cards
            if cards.ready("Feint") and s.dfn:
                seen = set()
                for i, face in enumerate(s.dfn):
                    if face not in seen and i not in s.def_rerolled:
                        seen.add(face)
                        opts.append(("feint", i))
            if cards.ready("Lone Wolf") and self._alone(a) and len(s.att_rerolled) < len(s.att):
                opts.append(("lone_wolf",))
            return [("done",)] + opts if opts else []
        if s.stage == "defender":
            opts = []
            cards = self.squad_of(t).cards
            if cards.ready("Parry") and self._parry_dice(s):
                opts.append(("parry",))
            if cards.ready("Lone Wolf") and self._alone(t) and len(s.def_rerolled) < len(s.dfn):
                opts.append(("lone_wolf",))
            return [("done",)] + opts if opts else []
        if s.stage == "protect":
            opts = [("protect", g.uid) for g in self._protectors(t)] if s.damage > 0 else []
            return [("done",)] + opts if opts else []
        if s.stage == "cleave":
            opts = [("cleave", e.uid) for e in self.targets(a)] if self._cleave_ready(s) else []
            return [("done",)] + opts if opts else []
        if s.stage == "riposte":
            ok = (t.alive and a.alive and self.squad_of(t).cards.ready("Riposte")
                  and self.can_attack(t, a))
            return [("done",), ("riposte",)] if ok else []
        return []

    def _alone(self, f: Fighter) -> bool:
        near = self.nearest_friend(f)
        return near is None or near > m.LONE_WOLF_RADIUS

    def _parry_dice(self, s: Strike) -> list[int]:
        return [i for i, face in enumerate(s.dfn) if face != SHIELD and i not in s.def_rerolled][: m.PARRY_DICE]

    def _protectors(self, t: Fighter) -> list[Fighter]:
        out = []
        for g in self.living(t.side):
            if g.uid != t.uid and self.board.distance(g.pos, t.pos) <= m.PROTECTOR_RADIUS \
                    and self.squad_of(g).cards.ready("Protector") and g.squad != t.squad:
                out.append(g)
        return out

    def _cleave_ready(self, s: Strike) -> bool:
        a = self.fighters[s.attacker]
        return (s.kind != "riposte" and s.killed and s.adjacent and a.alive and a.side == self.active.side
                and self.squad_of(a).cards.ready("Cleave"))

    def _run_strikes(self, rng: Rng) -> list[Event]:
        """Advance the innermost attack through its stages until a decision is needed or all end."""
        events: list[Event] = []
        while self.strikes:
            s = self.strikes[-1]
            if s.stage in ("attacker", "defender", "protect", "cleave", "riposte"):
                if self._strike_options(s):
                    self.phase = "strike"
                    a = self.fighters[s.attacker]
                    self.turn = a.side if s.stage in ("attacker", "cleave") else other(a.side)
                    return events
                events += self._advance(s, rng)
                continue
            # finished
            self.strikes.pop()
        return events + self._after_act()

    def _advance(self, s: Strike, rng: Rng, *_):
        """Move an attack past a stage with no (more) decisions."""
        if s.stage == "attacker":
            s.stage = "defender"
            return []
        if s.stage == "defender":
            s.damage = m.attack_damage(s.att, s.dfn)
            s.stage = "protect"
            return []
        if s.stage == "protect":
            return self._land(s)
        if s.stage == "cleave":
            s.stage = "riposte"
            return []
        if s.stage == "riposte":
            s.stage = "over"
            return []
        return []

    def _land(self, s: Strike) -> list[Event]:
        a, t = self.fighters[s.attacker], self.fighters[s.target]
        receiver = self.fighters[s.receiver] if s.receiver else t
        hits, crits = s.att.count(HIT), s.att.count(CRIT)
        shields = s.dfn.count(SHIELD)
        event = {"round": self.round, "side": a.side, "fighter": a.uid, "action": "attack", "target": t.uid,
                 "weapon": a.weapon, "kind": s.kind, "rolls": {"attack": list(s.att), "defense": list(s.dfn)},
                 "first_rolls": s.first, "hits": hits, "crits": crits, "shields": shields, "damage": s.damage,
                 "modifiers": dict(s.mods), "level": dict(s.levels), "cover": "cover" in s.mods,
                 "hidden": round(s.hidden, 4), "distance": self.board.distance(a.pos, t.pos),
                 "from": self.board.label(a.pos), "cell": self.board.label(t.pos)}
        if s.talents:
            event["talents"] = list(s.talents)
        events = [event]
        if s.damage:
            receiver.hp = max(0, receiver.hp - s.damage)
            events.append({"round": self.round, "side": receiver.side, "fighter": receiver.uid, "action": "damage",
                           "damage": s.damage, "hp": receiver.hp,
                           **({"why": f"Protector, for {t.uid}"} if receiver is not t else {})})
            if receiver.hp == 0:
                s.killed = True
                s.adjacent = self.board.distance(a.pos, receiver.pos) == 1
                events += self._take_down(receiver)
            elif fx.pins(fx.effect_of(self.squad_of(a).card, fx.PinOnDamage), s.damage):
                receiver.pinned = a.squad + 1
                events.append({"round": self.round, "side": a.side, "fighter": a.uid, "action": "ability",
                               "name": self.squad_of(a).card.special.name, "target": receiver.uid,
                               "effect": f"{receiver.uid} cannot leave its hex in its next activation"})
        s.stage = "cleave"
        return events

    def _take_down(self, f: Fighter) -> list[Event]:
        events = [{"round": self.round, "side": f.side, "fighter": f.uid, "action": "taken_down",
                   "cell": self.board.label(f.pos)}]
        for name in f.relics:
            self.relics[name].update(pos=f.pos, holder=None)
            events.append({"round": self.round, "side": f.side, "fighter": f.uid, "action": "relic", "what": "drop",
                           "relic": name, "cell": self.board.label(f.pos)})
        f.relics = []
        del self._occ[f.pos]
        self._changed(f.side)
        if "take_down" in self.scoring:
            events.append(self._score(other(f.side), "take_down", f"took down {f.uid}"))
        return events

    def _strike_step(self, action, rng: Rng) -> list[Event]:
        s = self.strikes[-1]
        kind = action[0]
        a, t = self.fighters[s.attacker], self.fighters[s.target]
        events: list[Event] = []
        if kind == "done":
            events += self._advance(s, rng)
        elif kind == "feint":
            i = action[1]
            before = list(s.dfn)
            s.dfn = feint(rng, self.squad_of(a).cards, s.dfn, i)
            s.def_rerolled.add(i)
            s.talents.append("Feint")
            events.append(self._ability(a, "Feint", f"defender rerolls die {i + 1}", before, s.dfn))
        elif kind == "lone_wolf":
            mine = s.stage == "attacker"
            f = a if mine else t
            faces, done = (s.att, s.att_rerolled) if mine else (s.dfn, s.def_rerolled)
            before = list(faces)
            new = lone_wolf(rng, self.squad_of(f).cards, faces, self.nearest_friend(f), done)
            done.update(i for i in range(len(faces)))
            if mine:
                s.att = new
            else:
                s.dfn = new
            s.talents.append("Lone Wolf")
            events.append(self._ability(f, "Lone Wolf", "rerolls its dice", before, new))
        elif kind == "parry":
            idx = self._parry_dice(s)
            before = list(s.dfn)
            s.dfn = parry(rng, self.squad_of(t).cards, s.dfn, idx)
            s.def_rerolled.update(idx)
            s.talents.append("Parry")
            events.append(self._ability(t, "Parry", f"rerolls dice {', '.join(str(i + 1) for i in idx)}", before, s.dfn))
        elif kind == "protect":
            g = self.fighters[action[1]]
            if protector(self.squad_of(g).cards, self.board.distance(g.pos, t.pos)):
                s.receiver = g.uid
                s.talents.append("Protector")
                events.append({"round": self.round, "side": g.side, "fighter": g.uid, "action": "ability",
                               "name": "Protector", "effect": f"takes the damage meant for {t.uid}", "target": t.uid})
            events += self._land(s)
        elif kind == "cleave":
            target = self.fighters[action[1]]
            cleave(self.squad_of(a).cards, True, True)
            s.stage = "riposte"
            events.append({"round": self.round, "side": a.side, "fighter": a.uid, "action": "ability",
                           "name": "Cleave", "effect": f"strikes again at {target.uid}", "target": target.uid})
            self._begin_strike(a, target, "cleave", rng)
        elif kind == "riposte":
            riposte(self.squad_of(t).cards)
            s.stage = "over"
            events.append({"round": self.round, "side": t.side, "fighter": t.uid, "action": "ability",
                           "name": "Riposte", "effect": f"strikes back at {a.uid}", "target": a.uid})
            self._begin_strike(t, a, "riposte", rng)
        return events + self._run_strikes(rng)

    def _ability(self, f: Fighter, name: str, effect: str, before, after) -> Event:
        return {"round": self.round, "side": f.side, "fighter": f.uid, "action": "ability", "name": name,
                "effect": effect, "dice": {"before": list(before), "after": list(after)}}
