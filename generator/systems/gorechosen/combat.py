"""Gorechosen attacks, wounds, Critical Injuries, deaths and pushes, as the battle resolves them.

:class:`Combat` is one half of :class:`~generator.systems.gorechosen.game.GorechosenState`: each
method is a step of the book's rules written as a generator, so a choice in the middle (a Block,
Parry or Dodge after the roll; the cards thrown away at a pit's edge after its dice; the facing
of a Spun Around victim) is a decision yielded to the player concerned. The unique rules that
change an attack, a wound or a push (the ``rule`` kinds of :mod:`effects`) are read here, at the
moment the book's text says they act.

Order of an attack: Wrath modifier (by the caller); the dice; a Crippling Blow's Critical Injury
and Cleave's Injury marker (both before any defence); hits a ward ignores; one Block, Parry or
Dodge; seething on no hits; Blood Whip; the wounds; the attacker's rules that follow a wounding
attack; a retaliating hide last.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from generator.systems.gorechosen import arcs
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.arcs import Hex
from generator.systems.gorechosen.models import Profile

if TYPE_CHECKING:  # pragma: no cover
    from generator.systems.gorechosen.game import Fighter

DEFENCE = ("block", "parry", "dodge")


class Combat:
    """Attacks, wounds and pushes (mixed into the battle state)."""

    # ---- attacks -------------------------------------------------------------------------------

    def forbidden_defences(self, f: "Fighter", target: "Fighter") -> tuple[str, ...]:
        """The defence kinds ``f``'s rule forbids ``target`` against this attack."""
        out = ()
        if f.rule == "hooked_chain" and f.hooked == target.id:
            out += ("dodge",)
        if f.rule == "no_parry_at" and self.board.distance(f.pos, target.pos) == f.rule_value("distance"):
            out += ("parry",)
        return out

    def defence_options(self, f: "Fighter", target: "Fighter", ignore_defence: bool = False) -> list[str]:
        """The defence cards ``target`` may play against ``f``'s attack now, by name."""
        if ignore_defence:
            return []
        banned = self.forbidden_defences(f, target)
        return sorted({c.name for c in target.hand if c.special.kind in DEFENCE and c.special.kind not in banned})

    def cancels(self, target: "Fighter", card) -> int:
        """Hits a defence card cancels for ``target`` (a dodge_bonus rule adds to a Dodge)."""
        n = card.special.params.get("cancel_hits", 0)
        if card.special.kind == "dodge" and target.rule == "dodge_bonus":
            n += target.rule_value("hits")
        return n

    def _attack(self, f: "Fighter", target: "Fighter", dice: int, profile: Profile, weapon: str,
                crippling: bool = False, ignore_defence: bool = False):
        """One attack: returns the wounds it inflicted."""
        healthy = not f.wounded
        rule = f.rule
        faces = self._rng.dice(dice, 6)
        sixes = faces.count(6)
        hits = sum(1 for x in faces if x >= profile.to_hit)
        self.impale_open = rule == "impale"
        adjacent = self.board.distance(f.pos, target.pos) == 1
        event = {"target": target.id, "weapon": weapon, "dice": dice, "to_hit": profile.to_hit, "wounds_per_hit": profile.wounds,
                 "rolls": list(faces), "hits": hits, "cell": self.label(f.pos), "facing": arcs.FACING_NAMES[f.facing],
                 "wounded": not healthy, "target_cell": self.label(target.pos)}
        past = arcs.intervening(f.pos, target.pos, [g.pos for g in self.alive()])
        if past:
            event["past"] = [self.label(p) for p in past]
        self._say("attack", f, **event)
        options = self.defence_options(f, target, ignore_defence)
        if not ignore_defence:
            for kind in self.forbidden_defences(f, target):
                if any(c.special.kind == kind for c in target.hand):
                    self._say("ability", f, name=f.champion.unique_rule.name, target=target.id, effect=f"no {kind.capitalize()}")
        if rule == "hooked_chain":
            f.hooked = None  # the hook holds for one attack
        if crippling and sixes:
            self._say("ability", f, name="Crippling Blow", target=target.id, effect="a Critical Injury at once")
            yield from self._criticals(target, 1, f, attack=True)
        if rule == "cleave" and target.alive and sixes >= f.rule_value("healthy_sixes" if healthy else "wounded_sixes"):
            self._say("ability", f, name=f.champion.unique_rule.name, target=target.id, effect="an Injury marker at once")
            yield from self._injury_marker(target, f, attack=True)
        ignored = min(hits, target.ward)
        if ignored:
            self._say("ability", target, name=target.champion.unique_action.name, effect=f"{ignored} hit(s) ignored")
        cancel, defence = 0, None
        options = [n for n in options if any(c.name == n for c in target.hand)]  # a Critical Injury may have taken one
        if target.alive and hits > ignored and options:
            choice = yield self._ask(target.side, "defend", [("defend", n) for n in options] + [("take",)], target,
                                     attacker=f.id, hits=hits - ignored, profile=profile)
            if choice != ("take",):
                defence = self._discard(target, choice[1])
                self._wrath(target, defence.special.wrath, "Wrath modifier")
                cancel = min(hits - ignored, self.cancels(target, defence))
        result = m.resolve_attack(dice, profile, faces=faces, cancel_hits=ignored + cancel)
        if defence is not None:
            self._say("defend", target, card=defence.name, name=defence.special.name, cancelled=cancel)
            if defence.special.kind == "dodge" and target.rule == "dodge_bonus":
                self._say("ability", target, name=target.champion.unique_rule.name, effect=f"the Dodge ignores {cancel} hit(s)")
            if defence.special.kind == "parry" and cancel:
                if result.cancelled == result.hits:
                    self._wrath(f, -1, "Parried")
                if target.rule == "skullgouger":
                    self._say("ability", target, name=target.champion.unique_rule.name, target=f.id, effect="wounds the attacker")
                    yield from self._wound(f, target.rule_value("wounds"), target, why=target.champion.unique_rule.name)
        if result.seethes:
            self._wrath(f, 1, "no hits: seethes")
            if rule == "seethe_extra":
                self._wrath(f, f.rule_value("wrath"), f.champion.unique_rule.name)
        if rule == "blood_whip" and target.alive and sixes:
            for _ in range(sixes if healthy else 1):
                self._discard_random(target, f.champion.unique_rule.name)
        wounds = result.wounds
        if wounds and target.rule == "thick_hide":
            wounds = max(0, wounds - target.rule_value("wounds"))
            self._say("ability", target, name=target.champion.unique_rule.name, effect=f"{result.wounds - wounds} wound(s) ignored")
        if wounds and target.alive:
            yield from self._wound(target, wounds, f, attack=True, why=weapon)
        if wounds and f.alive:
            if rule == "killing_spree" and (healthy or self._rng.die(6) >= f.rule_value("wounded_roll")):
                self._wrath(f, 1, f.champion.unique_rule.name)
            if rule == "prayers_of_wrath" and wounds >= f.rule_value("healthy" if healthy else "wounded"):
                self._wrath(f, 1, f.champion.unique_rule.name)
            if rule == "hooked_chain" and target.alive:
                f.hooked = target.id
        if wounds and adjacent and target.rule == "retaliate" and f.alive:
            self._say("ability", target, name=target.champion.unique_rule.name, target=f.id, effect="burns the attacker")
            yield from self._wound(f, target.rule_value("wounds"), target, why=target.champion.unique_rule.name)
        self.impale_open = False
        return wounds

    # ---- wounds, injuries, death -----------------------------------------------------------------

    def _wound(self, victim: "Fighter", wounds: int, by: "Fighter | None", attack: bool = False, why: str = ""):
        """``wounds`` on the Health track (Fig. 8); ``attack``: they come from ``by``'s attack."""
        if wounds <= 0 or not victim.alive:
            return
        outcome = m.take_wounds(victim.health, wounds)
        victim.health = outcome.health
        self._say("damage", victim, damage=wounds, why=why, health=outcome.health.position, covered=outcome.health.covered)
        if outcome.slain:
            yield from self._slay(victim, by)
            return
        if outcome.injuries:
            self._injuries_placed(victim, outcome.injuries, by, attack)
            yield from self._criticals(victim, outcome.injuries, by, attack=attack)

    def _injury_marker(self, victim: "Fighter", by: "Fighter | None", attack: bool = False):
        """Cover the top space (Cleave): a marker there moves down; one Critical Injury card."""
        victim.health = m.place_injury(victim.health)
        self._say("injury", victim, covered=victim.health.covered, health=victim.health.position)
        if victim.health.slain:
            yield from self._slay(victim, by)
            return
        self._injuries_placed(victim, 1, by, attack)
        yield from self._criticals(victim, 1, by, attack=attack)

    def _injuries_placed(self, victim: "Fighter", markers: int, by: "Fighter | None", attack: bool) -> None:
        """The rules that watch Injury markers: trophy_taker (the attacker's) and bloodscent (anyone near)."""
        if attack and by is not None and by.rule == "trophy_taker":
            for _ in range(markers * by.rule_value("cards")):
                self._discard_random(victim, by.champion.unique_rule.name)
        for g in self.alive():
            if g is not victim and g.rule == "bloodscent" and self.board.distance(g.pos, victim.pos) <= g.rule_value("within"):
                self._wrath(g, markers * g.rule_value("wrath"), g.champion.unique_rule.name)

    def _criticals(self, victim: "Fighter", count: int, by: "Fighter | None", attack: bool = False):
        """Draw ``count`` Critical Injury cards and resolve them in turn. An impaling attacker's
        attack draws one more, once per attack (Wounded: on a dice of 4+, rolled once)."""
        if attack and by is not None and by.rule == "impale" and self.impale_open and count:
            self.impale_open = False
            if not by.wounded or self._rng.die(6) >= by.rule_value("wounded_roll"):
                count += 1
                self._say("ability", by, name=by.champion.unique_rule.name, target=victim.id, effect="one more card")
        for card in self.pile.draw(count, self._rng):
            if not victim.alive:
                return
            self._say("critical", victim, card=card.name, effect=card.effect)
            if card.effect == "wounds":
                yield from self._wound(victim, card.amount, by, why=card.name)
            elif card.effect == "discard":
                for _ in range(max(1, card.amount)):
                    self._discard_random(victim, card.name)
            elif card.effect == "wrath_down":
                self._wrath(victim, -max(1, card.amount), card.name)
            elif card.effect == "turn" and by is not None and by.alive and victim.alive:
                choice = yield self._ask(by.side, "face", [("face", d) for d in range(6)], victim, by=by.id)
                victim.facing = choice[1]
                self._say("turned", victim, by=by.id, facing=arcs.FACING_NAMES[victim.facing])
            elif card.effect == "slain":
                yield from self._slay(victim, by)
            if victim.alive and victim.rule == "bloodwake":
                yield from self._bloodwake(victim)

    def _bloodwake(self, atorg: "Fighter"):
        healthy = not atorg.wounded
        for g in self.alive():
            if g is atorg or self.board.distance(g.pos, atorg.pos) > 2:
                continue
            roll = self._rng.die(6)
            wounds = roll if healthy else (m.d3_from_d6(self._rng.die(6)) if roll >= 4 else 0)
            self._say("ability", atorg, name=atorg.champion.unique_rule.name, target=g.id, roll=roll, effect=f"{wounds} wounds")
            yield from self._wound(g, wounds, atorg, why=atorg.champion.unique_rule.name)

    def _slay(self, victim: "Fighter", by: "Fighter | None"):
        if not victim.alive:
            return
        victim.alive = False
        self.slain_any = True
        self._say("taken_down", victim, cell=self.label(victim.pos), by=by.id if by else None)
        if by is not None and by.alive and by is not victim:
            space, gain = m.slayer_gains(self.track, by.wrath, self._rng)
            self._wrath(by, space - by.wrath, f"slew {victim.name} (D3 = {gain})")
            if by.rule == "forge_of_war":
                self._wrath(by, by.rule_value("wrath"), by.champion.unique_rule.name)
        yield from self._fate(victim, by)

    # ---- pushes ----------------------------------------------------------------------------------

    def push_destination_kind(self, dest: Hex, pusher: "Fighter | None" = None) -> str:
        """``pit``, ``blocked`` (arena wall, obstruction or another fighter) or ``free``."""
        if dest in self.pits:
            return "pit"
        if self.board.blocked(dest) or self.obstructed(dest) or self.fighter_at(dest) is not None:
            return "blocked"
        return "free"

    def _push(self, pusher: "Fighter | None", target: "Fighter", direction: int):
        """One hex straight away, facing kept; returns whether the fighter moved.

        Blocked (wall, obstruction, fighter): D3 wounds instead. Towards a pit: the dice is rolled
        first, then the victim throws away any cards, +1 each; 4 or more and they stay, 1-3 and
        they fall and are slain. A fighter who cannot be pushed (unpushable) stays and suffers
        that rule's wounds wherever the push would have moved them.
        """
        by = pusher.id if pusher is not None else None
        start = target.pos
        dest = arcs.neighbour(start, direction)
        kind = self.push_destination_kind(dest)
        towards = self.label(dest) if self.board.on_board(dest) else None
        if kind != "blocked" and target.rule == "unpushable":
            wounds = target.rule_value("wounds")
            self._say("push", target, by=by, cell=self.label(start), towards=towards, held=True, damage=wounds,
                      name=target.champion.unique_rule.name)
            yield from self._wound(target, wounds, pusher, why=target.champion.unique_rule.name)
            return False
        if kind == "free":
            target.pos = dest
            self._say("push", target, by=by, cell=self.label(dest), path=[self.label(start), self.label(dest)])
            return True
        if kind == "blocked":
            push = m.resolve_push("blocked", self._rng)
            self._say("push", target, by=by, cell=self.label(start), towards=towards, blocked=True, roll=push.roll,
                      damage=push.wounds)
            yield from self._wound(target, push.wounds, pusher, why="pushed against something solid")
            return False
        roll = self._rng.die(6)  # the book: roll a dice, then discard any number of cards
        self._say("push", target, by=by, cell=self.label(start), towards=towards, pit=True, roll=roll)
        options = sorted({tuple(sorted(c)) for k in range(len(target.hand) + 1) for c in combinations(target.names(), k)},
                         key=lambda t: (len(t), t))
        choice = yield self._ask(target.side, "pit", [("pit", o) for o in options], target, by=by, roll=roll)
        for name in choice[1]:
            self._discard(target, name)
            self._say("discard", target, card=name, why="clinging to the pit's edge (+1)")
        push = m.resolve_push("pit", roll=roll, discards=len(choice[1]))
        self._say("pit", target, cell=self.label(start), roll=roll, discards=len(choice[1]), total=push.total, fell=push.slain)
        if push.slain:
            yield from self._slay(target, pusher)
        return False
