"""The champions' own abilities as the battle plays them: Unique actions and Fates of the Slain.

:class:`Abilities` is the other half of :class:`~generator.systems.gorechosen.game.GorechosenState`
(with :mod:`combat`). Each Unique action kind of :data:`effects.ACTIONS` says here what it may
aim at (:meth:`Abilities.unique_args`, the ``arg`` of a ``("unique", cards, arg)`` action) and
what it does (:meth:`Abilities._unique`); each Fate kind of :data:`effects.FATES` what happens
when its champion is slain. The unique rules (:data:`effects.RULES`) act inside attacks, wounds
and pushes (:mod:`combat`) and in the legal actions (``deny_unique``, ``relentless``).

What a Unique action's ``arg`` is, by kind: an enemy's id (``attack``, ``scourge``), any other
fighter's id (``blood_bind``, ``push``, ``pull``, ``target_wrath``, ``spear_rush``), ``None``
(``portal``, ``heal``, ``wrath``, ``ward``, ``brace``; an ``all_targets`` attack), a ``(hex,
facing)`` (``move``), and for an attack that moves first ``(hex, facing, enemy id or None)``;
``None`` for an attack that moves or steps first means it attacks nobody.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.systems.gorechosen import arcs
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.arcs import Hex
from generator.systems.gorechosen.models import Profile, UniqueAction
from generator.systems.gorechosen.moves import move_options

if TYPE_CHECKING:  # pragma: no cover
    from generator.systems.gorechosen.game import Fighter

_PROFILES: dict[tuple[int, int], Profile] = {}


def own_profile(ua: UniqueAction) -> Profile | None:
    """The profile an attack prints for itself (``to_hit``/``wounds``), or None: the kill zone's."""
    key = (ua.value("to_hit"), ua.value("wounds"))
    if not key[0]:
        return None
    hit = _PROFILES.get(key)
    if hit is None:
        hit = _PROFILES[key] = Profile(to_hit=key[0], wounds=key[1])
    return hit


def line_hexes(pos: Hex, directions: tuple[int, ...], length: int) -> list[Hex]:
    """The hexes 1..``length`` steps from ``pos`` along each direction, in that order."""
    out = []
    for d in directions:
        h = pos
        for _ in range(length):
            h = arcs.neighbour(h, d)
            out.append(h)
    return out


def front_lines(facing: int) -> tuple[int, int, int]:
    """The three directions of the front arc: ahead-left, ahead, ahead-right (Fig. 3)."""
    return ((facing + 1) % 6, facing, (facing + 5) % 6)


class Abilities:
    """Unique actions and Fates of the Slain (mixed into the battle state)."""

    # ---- what a Unique action may aim at ----------------------------------------------------------

    def unique_denied(self, f: "Fighter") -> bool:
        """``deny_unique``: a fighter standing in such a champion's kill zone has no Unique action."""
        return any(g is not f and g.alive and g.rule == "deny_unique" and g.profile_against(f.pos) is not None
                   for g in self.fighters)

    def attack_reach(self, f: "Fighter", ua: UniqueAction, pos: Hex, facing: int) -> list[tuple["Fighter", Profile]]:
        """The enemies a Unique attack reaches from ``pos`` facing ``facing``, each with its profile:
        the kill zone's bands, or with ``ahead``/``line`` the attack's own profile along lines."""
        own = own_profile(ua)
        reach = ua.value("ahead") or ua.value("line")
        if reach:
            cells = line_hexes(pos, (facing,) if ua.value("ahead") else front_lines(facing), reach)
            return [(e, own) for e in self.enemies(f) if e.pos in cells]
        out = []
        for e in self.enemies(f):
            p = f.profile_against(e.pos, pos, facing)
            if p is not None:
                out.append((e, own or p))
        return out

    def step_ahead_hex(self, f: "Fighter", steps: int) -> Hex:
        """Where a step of up to ``steps`` hexes straight ahead ends (it stops at a closed hex)."""
        closed = self.closed(f)
        pos = f.pos
        for _ in range(steps):
            nxt = arcs.neighbour(pos, f.facing)
            if self.board.blocked(nxt) or nxt in closed:
                break
            pos = nxt
        return pos

    def pull_targets(self, f: "Fighter", reach: int) -> list["Fighter"]:
        cells = [line_hexes(f.pos, (d,), reach)[-1] for d in front_lines(f.facing)]
        return [g for g in self.alive() if g is not f and g.pos in cells]

    def unique_args(self, f: "Fighter") -> list:
        """What the fighter's Unique action may aim at now (empty: it cannot be taken)."""
        ua = f.champion.unique_action
        kind = ua.played
        if kind == "attack":
            return self._attack_args(f, ua)
        if kind == "scourge":
            return [e.id for e in self.targets_in_zone(f)]
        if kind in ("portal", "wrath", "ward", "brace"):
            return [None]
        if kind == "blood_bind":
            return [g.id for g in self.alive() if g is not f]
        if kind == "spear_rush":
            front = self.fighter_at(arcs.neighbour(f.pos, f.facing))
            return [front.id] if front is not None else []
        if kind == "heal":
            near = any(self.board.distance(f.pos, e.pos) == 1 for e in self.enemies(f))
            hurt = f.health.position > f.health.top
            return [None] if (near or self.slain_any) and hurt else []
        if kind == "move":
            return list(move_options(self.board, f.pos, f.facing, ua.value("hexes"), "choose", self.closed(f)))
        if kind == "push":
            return [g.id for g in self.alive() if g is not f and self.board.distance(f.pos, g.pos) == 1]
        if kind == "pull":
            return [g.id for g in self.pull_targets(f, ua.value("reach"))]
        if kind == "target_wrath":
            return [g.id for g in self.alive() if g is not f and self.board.distance(f.pos, g.pos) <= ua.value("within")]
        return []  # flavour only: never played

    def _attack_args(self, f: "Fighter", ua: UniqueAction) -> list:
        every = bool(ua.value("all_targets"))
        if ua.value("move"):
            out: list = []
            for dest, facing in move_options(self.board, f.pos, f.facing, ua.value("move"), "choose", self.closed(f)):
                if not every:
                    out += [(dest, facing, e.id) for e, _ in self.attack_reach(f, ua, dest, facing)]
                out.append((dest, facing, None))
            return out
        pos = self.step_ahead_hex(f, ua.value("step")) if ua.value("step") else f.pos
        targets = self.attack_reach(f, ua, pos, f.facing)
        moves = pos != f.pos
        if every:
            return [None] if targets or moves else []
        return [e.id for e, _ in targets] + ([None] if moves else [])

    # ---- doing it ---------------------------------------------------------------------------------

    def _unique(self, f: "Fighter", arg, cards):
        ua = f.champion.unique_action
        self._say("ability", f, name=ua.name, cards=list(cards), target=arg if isinstance(arg, str) else None)
        kind = ua.played
        if kind == "attack":
            yield from self._unique_attack(f, ua, arg)
        elif kind == "scourge":
            t = self.by_id[arg]
            faces = self._rng.dice(ua.value("dice"), 6)
            result = m.scourge(faces, len(t.hand), ua.value("success"))
            self._say("ability", f, name=ua.name, target=t.id, rolls=faces, effect=f"{result.discards} discards, {result.wounds} wounds")
            for _ in range(result.discards):
                self._discard_random(t, ua.name)
            yield from self._wound(t, result.wounds, f, why=ua.name)
        elif kind == "portal":
            yield from self._portal(f, ua)
        elif kind == "blood_bind":
            t = self.by_id[arg]
            roll = self._rng.die(6)
            held = m.blood_bind_succeeds(roll, m.wrath_value(self.track, t.wrath))
            self._say("ability", f, name=ua.name, target=t.id, roll=roll, effect="takes hold" if held else "fails")
            if held and t.hand:
                actions = self.card_actions(t) or [("pass", n) for n in sorted(set(t.names()))]
                choice = yield self._ask(f.side, "bind", actions, t, by=f.id, hand=t.names())
                yield from self._do(t, choice)
        elif kind == "spear_rush":
            yield from self._spear_rush(f, ua, self.by_id[arg])
        elif kind == "heal":
            before = f.health
            f.health = m.heal(before, ua.value("heal"))
            self._say("heal", f, amount=before.position - f.health.position, ability=ua.name)
        elif kind == "move":
            dest, facing = arg
            yield from self._move(f, dest, facing, ua.name, ua.value("hexes"), "choose")
        elif kind == "wrath":
            self._wrath(f, ua.value("wrath"), ua.name)
        elif kind in ("push", "pull"):
            t = self.by_id[arg]
            out = arcs.direction_between(f.pos, t.pos) if kind == "push" else self._line_direction(f, t)
            direction = out if kind == "push" else (out + 3) % 6
            for _ in range(ua.value("hexes")):
                moved = yield from self._push(f, t, direction)
                if not moved or not t.alive:
                    break
        elif kind == "ward":
            f.ward = ua.value("cancel_hits")
            self._say("ability", f, name=ua.name, effect=f"ignores the first {f.ward} hits of every attack until the next turn")
        elif kind == "brace":
            f.brace = True
            self._say("ability", f, name=ua.name, effect="braced until the next turn")
        elif kind == "target_wrath":
            self._wrath(self.by_id[arg], ua.value("wrath"), ua.name)

    def _line_direction(self, f: "Fighter", t: "Fighter") -> int:
        for d in front_lines(f.facing):
            if t.pos in line_hexes(f.pos, (d,), self.board.distance(f.pos, t.pos)):
                return d
        raise AssertionError("a pull target off the front arc's lines")

    def _unique_attack(self, f: "Fighter", ua: UniqueAction, arg):
        if ua.value("wrath"):
            self._wrath(f, ua.value("wrath"), ua.name)
        if ua.value("move"):
            dest, facing, arg = arg
            yield from self._move(f, dest, facing, ua.name, ua.value("move"), "choose")
        elif ua.value("step"):
            yield from self._step_ahead(f, ua.value("step"), ua.name)
        if not f.alive:
            return
        reach = self.attack_reach(f, ua, f.pos, f.facing)
        if ua.value("all_targets"):
            targets = [e for e, _ in reach]
        else:
            targets = [self.by_id[arg]] if arg is not None else []
        for t in targets:
            profile = next((p for e, p in self.attack_reach(f, ua, f.pos, f.facing) if e is t), None)
            if t.alive and f.alive and profile is not None:
                yield from self._attack(f, t, ua.value("dice"), profile, ua.name, crippling=bool(ua.value("crippling")),
                                        ignore_defence=bool(ua.value("ignore_defence")))

    def _step_ahead(self, f: "Fighter", steps: int, why: str):
        end = self.step_ahead_hex(f, steps)
        if end == f.pos:
            return
        path = [f.pos]
        while path[-1] != end:
            path.append(arcs.neighbour(path[-1], f.facing))
        f.pos = end
        self._say("move", f, card=why, path=[self.label(p) for p in path], facing=arcs.FACING_NAMES[f.facing],
                  icon="forward", hexes=steps)
        yield from self._after_move(f, tuple(path))

    def _portal(self, f: "Fighter", ua: UniqueAction):
        own = self._rng.die(6)
        self._wrath(f, own, f"{ua.name} ({own})")
        for g in self.alive():
            if g is f:
                continue
            roll = self._rng.die(6)
            self._say("ability", f, name=ua.name, target=g.id, roll=roll)
            if roll <= 3:
                self._wrath(g, roll, ua.name)
            else:
                yield from self._wound(g, roll, f, why=ua.name)

    def _spear_rush(self, f: "Fighter", ua: UniqueAction, t: "Fighter"):
        left = t.pos
        moved = yield from self._push(f, t, f.facing)
        if not (t.alive and f.alive):
            return
        profile = f.profile_against(t.pos)
        if profile is None:
            return
        wounds = yield from self._attack(f, t, ua.value("dice"), profile, ua.name)
        if wounds and moved and f.alive and self.fighter_at(left) is None and not self.obstructed(left):
            choice = yield self._ask(f.side, "follow", [("follow",), ("stay",)], f, cell=left)
            if choice == ("follow",):
                start = f.pos
                f.pos = left
                self._say("move", f, card=ua.name, path=[self.label(start), self.label(left)],
                          facing=arcs.FACING_NAMES[f.facing], icon="forward", hexes=1, why="follows the spear")
                yield from self._after_move(f, (start, left))

    def _after_move(self, f: "Fighter", path: tuple[Hex, ...]):
        """What waits for a fighter who moves: a fallen champion's spear (the first to end a move
        next to it) and a braced champion's front arc (any hex of it entered)."""
        if self.spear is not None and f.alive and self.board.distance(f.pos, self.spear) == 1:
            self.spear = None
            self._say("ability", f, name="Spear in the Sand", effect=f"{self.spear_wounds} wound(s)")
            yield from self._wound(f, self.spear_wounds, None, why="the fallen champion's spear")
        for g in self.alive():
            if g is f or not g.brace or not f.alive:
                continue
            front = arcs.front_arc(g.pos, g.facing)
            if any(h in front for h in path[1:]):
                wounds = m.roll_d3(self._rng)
                self._say("ability", g, name=g.champion.unique_action.name, target=f.id, effect=f"{wounds} wounds")
                yield from self._wound(f, wounds, g, why=g.champion.unique_action.name)

    # ---- Fates of the Slain -----------------------------------------------------------------------

    def _fate(self, dead: "Fighter", by: "Fighter | None"):
        """The Fate of the Slain printed on the back of the dead champion's card."""
        fate = dead.champion.fate
        kind = fate.played
        if kind is None:
            return
        self._say("fate", dead, fate=kind, text=dead.champion.fate_of_the_slain.strip())
        slayer = by if by is not None and by.alive else None
        if kind == "slayer_wounds" and slayer is not None:
            roll = self._rng.die(6)
            if roll >= fate.value("roll"):
                yield from self._wound(slayer, m.roll_d3(self._rng), None, why="Fate of the Slain")
        elif kind == "top_wrath_down":
            standing = self.alive()
            if standing:
                top = max(f.wrath for f in standing)
                for f in standing:
                    if f.wrath == top:
                        self._wrath(f, -fate.value("wrath"), "Fate of the Slain")
        elif kind == "all_wrath":
            for f in self.alive():
                self._wrath(f, fate.value("wrath"), "Fate of the Slain")
        elif kind == "burst":
            for f in self.alive():
                if self.board.distance(f.pos, dead.pos) <= fate.value("within"):
                    if not fate.value("roll") or self._rng.die(6) >= fate.value("roll"):
                        yield from self._wound(f, fate.value("wounds"), None, why="Fate of the Slain")
        elif kind == "slayer_discard" and slayer is not None:
            for _ in range(fate.value("cards")):
                self._discard_random(slayer, "Fate of the Slain")
        elif kind == "slayer_wrath" and slayer is not None:
            self._wrath(slayer, fate.value("wrath"), "Fate of the Slain")
        elif kind == "spear":
            self.spear, self.spear_wounds = dead.pos, fate.value("wounds")
        elif kind == "push_slayer" and slayer is not None:
            direction = arcs.facing_towards(dead.pos, slayer.pos)
            for _ in range(fate.value("hexes")):
                moved = yield from self._push(None, slayer, direction)
                if not moved or not slayer.alive:
                    break
        elif kind == "obstruct":
            self._obstruct(dead, fate)
        elif kind == "all_discard":
            for f in self.alive():
                for _ in range(fate.value("cards")):
                    self._discard_random(f, "Fate of the Slain")
        elif kind == "wrath_lock" and slayer is not None:
            slayer.wrath_lock = True

    def _obstruct(self, dead: "Fighter", fate) -> None:
        cells: list[Hex] = []
        if fate.value("own"):
            cells.append(dead.pos)
        if fate.value("ring"):
            cells += arcs.neighbours(dead.pos)
        if fate.value("ahead"):
            cells += line_hexes(dead.pos, (dead.facing,), fate.value("ahead"))
        new = []
        for h in cells:
            if self.board.on_board(h) and not self.board.blocked(h) and not self.obstructed(h) and h not in new:
                new.append(h)
        if not new:
            return
        if fate.value("round"):
            self.round_obstructions = self.round_obstructions + tuple(new)
        else:
            self.obstructions = self.obstructions + tuple(new)
        self._say("obstruct", dead, cells=[self.label(h) for h in new],
                  until="the end of the round" if fate.value("round") else "the end of the fight")
