"""Abilities in play: which a fighter may use now, what each effect does, and the choices it asks.

A mixin of :class:`generator.systems.bladeborn.game.BladebornState`. The book: a fighter may use
one ability per activation, before its first action or after its first or second; its player
discards a double or triple (a Warcry quad) of ability dice that pays the cost, a larger group
paying for a smaller cost with all its dice; the ability's *value* is the score on those dice.

Using an ability (``("ability", index, group)``) spends the dice and does what the effect does
at once (a buff, a heal, a shield...). An effect that asks for a choice (a target, a hex, a
bonus move) queues *steps* on the activation; while there are steps the legal actions are the
first step's choices:

* ``("bonus-move", hex)``, ``("bonus-attack", target, weapon)``, ``("bonus-disengage", hex)``,
  ``("done",)`` to let a bonus action go;
* ``("target", fighter)`` picks the enemy (or friend) an effect is aimed at;
* ``("shove", fighter, hex)`` pushes a fighter one hex (Whispers of Chaos, Reel In);
* ``("place-at", fighter, hex)`` places a fighter (Mask of Darkness, Pyre Leap, a raised fighter);
* ``("hex", hex)`` veils a hex; ``("objective", hex)`` puts a token or an oath on an objective;
* ``("reroll", dice)`` re-rolls the dice at those positions of the attack just rolled.

The vocabulary of effects is ``generator.systems.warcry.models.ABILITY_EFFECTS``.
"""

from __future__ import annotations

import itertools

from generator.errors import SkirmishError
from generator.play.board import Board, Pos
from generator.systems.bladeborn import mechanics as rules
from generator.systems.bladeborn.pieces import INSPIRING_REACH, OTHER, AbilitySpec, ActivationInPlay, FighterInPlay
from generator.systems.warcry.mechanics import Group

#: Steps a player may let go with ``("done",)`` (bonus actions are "may"); the others must be chosen.
OPTIONAL_STEPS = ("move", "attack", "move-or-attack", "disengage")
#: Effects usable only after the fighter's last action (the card says so).
AFTER_LAST_ACTION = ("objective-token", "hold-objective")


class AbilityRules:
    """Abilities: availability, effects and the steps they queue (see the module doc)."""

    # ---- which abilities may be used now -------------------------------------------------------------

    def usable_abilities(self, fighter: FighterInPlay) -> list[tuple[int, int]]:
        """(ability index, group index) pairs the fighter's player can pay for and that apply now."""
        act = self.activation
        if act is None or act.ability_used or act.steps or fighter.raised_in == self.round:
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
        """Whether the ability can do what it says now (never dice spent on an effect that cannot
        happen: a heal with no damage, a bonus move next to an enemy, a target nobody is...)."""
        effect = ability.effect
        left = act.actions_left > 0
        if effect in AFTER_LAST_ACTION:
            return not left and bool(self._objective_choices(fighter, effect))
        if effect in ("respite", "heal"):
            return fighter.damage > 0 and (effect == "heal" or not self.adjacent_enemy(fighter))
        if effect == "bonus-after-takedown":
            return act.took_down
        if effect in ("rush", "bonus-move"):
            return not self.adjacent_enemy(fighter) and (left or effect == "bonus-move")
        if effect in ("onslaught", "reroll"):
            return left and (effect == "reroll" or any(w.melee for w in fighter.weapons))
        if effect == "weapon-bonus":
            return left and any(_weapon_matches(w, ability.max_range, ability.weapons) for w in fighter.weapons)
        if effect == "inspiring-presence":
            return act.inspire is None and bool(self._inspirable(fighter, ability.reach or INSPIRING_REACH))
        if effect == "free-disengage":
            return self.adjacent_enemy(fighter) and not fighter.snared and bool(self._free_steps(fighter))
        if effect in ("rampage", "charge", "bonus-attack", "crit-shield", "riposte", "ward", "ranged-shield",
                      "aura-bonus"):
            return True
        step = _FIRST_STEP.get(effect)
        return step is not None and bool(self._step_choices(fighter, step(ability, 0)))

    # ---- using one ----------------------------------------------------------------------------------

    def _do_ability(self, action, rng):
        _, index, group_index = action
        act = self.activation
        fighter = self.fighters[act.fighter]
        ability = fighter.abilities[index]
        group = self.groups[fighter.side].pop(group_index)
        act.ability_used = True
        value = group.value
        event = self._event("ability", side=fighter.side, fighter=fighter.id, name=ability.name, kind=ability.effect,
                            dice=group.faces())
        event["effect"] = self._use(fighter, ability, value, act)
        return [event] + self._advance_steps(rng) + self._maybe_finish(rng)

    def _use(self, fighter: FighterInPlay, ability: AbilitySpec, value: int, act: ActivationInPlay) -> str:
        """Carry out the effect's immediate part and queue its steps; the words for the log."""
        effect, name = ability.effect, ability.name
        amount = ability.amount if ability.amount is not None else value
        if effect == "rush":
            act.move_bonus += 1
            return "Move +1"
        if effect == "onslaught":
            act.melee_attacks_bonus += 1
            return "melee Attacks +1"
        if effect in ("respite", "heal"):
            healed = min(fighter.damage, amount)
            fighter.damage -= healed
            return f"{healed} damage removed"
        if effect == "rampage":
            hexes = rules.inches_to_hexes(value) if ability.inches else value
            act.steps += [("move", name, hexes), ("attack", name)]
            return f"a bonus move of up to {hexes} hex{'es' if hexes != 1 else ''}, then a bonus attack"
        if effect == "weapon-bonus":
            stat = ability.stat or "strength"
            if stat == "max_range" and ability.inches:
                amount = rules.inches_to_hexes(amount)
            act.weapon_bonus.append((stat, amount, ability.max_range, ability.weapons))
            return f"{_STAT_WORDS[stat]} +{amount}" + _weapons_words(ability.max_range, ability.weapons)
        if effect in _QUEUED:
            act.steps += _QUEUED[effect](ability, amount)
            return _QUEUED_WORDS[effect].format(amount=amount)
        if effect == "crit-shield":
            fighter.crit_shield = True
            return "critical hits against it deal hit damage until the end of the round"
        if effect == "riposte":
            fighter.riposte = amount if ability.amount is not None else 1
            return f"each attack against it deals {fighter.riposte} damage back until its next activation"
        if effect == "ranged-shield":
            fighter.ranged_shield = amount if ability.amount is not None else 1
            return f"enemy ranged attacks against it have Strength -{fighter.ranged_shield} until its next activation"
        if effect == "ward":
            fighter.ward = amount
            return f"the next damage it suffers this round is reduced by {amount}"
        if effect == "reroll":
            act.rerolls, act.reroll_by = (ability.amount if ability.amount is not None else 2), name
            return f"may re-roll up to {act.rerolls} dice of its next attack"
        if effect == "aura-bonus":
            return self._aura(fighter, ability)
        step = _FIRST_STEP[effect](ability, amount)
        act.steps.append(step)
        reach = ability.reach or (INSPIRING_REACH if effect == "inspiring-presence" else 1)
        return _STEP_WORDS[effect].format(amount=amount, reach=f"{reach} hex{'es' if reach != 1 else ''}")

    def _aura(self, fighter: FighterInPlay, ability: AbilitySpec) -> str:
        bonus = (ability.stat or "attacks", ability.amount if ability.amount is not None else 1, ability.weapons)
        apart = self.board.distance_from(fighter.pos)
        friends = [f for f in self.side_fighters(fighter.side) if apart[f.pos] <= (ability.reach or 0)]
        for f in friends:
            f.round_bonus = f.round_bonus + (bonus,)
        who = ", ".join(f.id for f in friends)
        return f"{_STAT_WORDS[bonus[0]]} +{bonus[1]}{_weapons_words(None, bonus[2])} until the end of the round for {who}"

    # ---- steps: the choices an ability asks for ----------------------------------------------------

    def _step_choices(self, fighter: FighterInPlay, step: tuple) -> list[tuple]:
        """The legal answers to ``step`` (``("done",)`` for an optional one is added by the caller)."""
        kind = step[0]
        if kind == "move":
            if self.adjacent_enemy(fighter):
                return []
            return [("bonus-move", p) for p in self.moves(fighter, step[2]) if p != fighter.pos]
        if kind == "attack":
            return [("bonus-attack", t, w) for t, w in self.targets(fighter)]
        if kind == "move-or-attack":
            return self._step_choices(fighter, ("move", step[1], None)) + self._step_choices(fighter, ("attack", step[1]))
        if kind == "disengage":
            return [("bonus-disengage", p) for p in self._free_steps(fighter)] if not fighter.snared else []
        if kind in ("hurt", "hurt-or-push", "pull-target"):
            targets = self._visible_enemies(fighter, step[3] if kind != "pull-target" else step[2])
            if kind == "pull-target":
                targets = [t for t in targets if self.board.distance(fighter.pos, self.fighters[t].pos) > 1]
            out = [("target", t) for t in targets]
            if kind == "hurt-or-push":
                out += [("shove", t, p) for t in targets for p in self._push_spots(self.fighters[t])]
            return out
        if kind in ("snare", "slow"):
            apart = self.board.distance_from(fighter.pos)
            return [("target", e.id) for e in self.side_fighters(OTHER[fighter.side]) if apart[e.pos] <= step[2]]
        if kind == "inspire":
            return [("target", f) for f in self._inspirable(fighter, step[2])]
        if kind == "pull":
            target = self.fighters[step[2]]
            if not target.on or self.board.distance(fighter.pos, target.pos) <= 1 or step[3] <= 0:
                return []
            d = self.board.distance(fighter.pos, target.pos)
            return [("shove", target.id, p) for p in self._push_spots(target)
                    if self.board.distance(fighter.pos, p) < d]
        if kind == "edge":
            friends = self._visible_friends(fighter, step[2])
            spots = self._edge_spots()
            return [("place-at", f, p) for f in friends for p in spots]
        if kind == "leap":
            return [("place-at", fighter.id, p) for p in self._empty_within(fighter.pos, step[2])]
        if kind == "raise":
            down = [f.id for f in self.fighters.values() if f.side == fighter.side and f.where == "down"
                    and f.name == step[3]]
            spots = self._empty_within(fighter.pos, step[2]) if down else []
            return [("place-at", fid, p) for fid in down for p in spots]
        if kind == "veil":
            veiled = {v for v, _ in self.veils}
            return [("hex", p) for p in _within(self.board, fighter.pos, step[2])
                    if not self.board.blocks_sight(p) and p not in veiled]
        if kind in ("token", "oath"):
            return [("objective", o) for o in self._objective_choices(fighter, "objective-token" if kind == "token" else "")]
        if kind == "reroll":
            return _reroll_choices(self.activation.pending_attack[2], step[2])
        raise SkirmishError(f"bladeborn: unknown ability step {step!r}")

    def step_actions(self, fighter: FighterInPlay) -> list[tuple]:
        """The legal actions while an ability's steps are pending (the first step's choices)."""
        step = self.activation.steps[0]
        out = self._step_choices(fighter, step)
        return out + [("done",)] if step[0] in OPTIONAL_STEPS else out

    def _advance_steps(self, rng) -> list[dict]:
        """Carry out steps that ask nothing (a trample after the move) and drop those with no
        choice left (a bonus move next to an enemy, a pull that reached its fighter)."""
        act = self.activation
        events: list[dict] = []
        fighter = self.fighters[act.fighter]
        while act.steps and fighter.on:
            step = act.steps[0]
            if step[0] == "splash":
                act.steps.pop(0)
                events += self._splash(fighter, step)
                continue
            if step[0] == "reroll" or self._step_choices(fighter, step):
                break
            act.steps.pop(0)
        return events

    def _splash(self, fighter: FighterInPlay, step: tuple) -> list[dict]:
        _, name, amount, reach = step
        events = []
        apart = self.board.distance_from(fighter.pos)
        for enemy in list(self.side_fighters(OTHER[fighter.side])):
            if apart[enemy.pos] <= reach:
                events.append(self._event("damage", side=enemy.side, fighter=enemy.id, damage=amount, why=name,
                                          by=fighter.id))
                events += self._deal(enemy, amount, by=fighter, why=name)
        return events

    def _after_step(self, rng) -> list[dict]:
        return self._advance_steps(rng) + self._maybe_finish(rng)

    # ---- step handlers ------------------------------------------------------------------------------

    def _do_bonus_move(self, action, rng):
        step = self.activation.steps.pop(0)
        budget = step[2] if step[0] == "move" else None
        return self._move(action[1], bonus=step[1], budget=budget) + self._after_step(rng)

    def _do_bonus_attack(self, action, rng):
        step = self.activation.steps.pop(0)
        return self._attack(action[1], action[2], rng, bonus=step[1]) + self._after_step(rng)

    def _do_bonus_disengage(self, action, rng):
        step = self.activation.steps.pop(0)
        fighter = self.fighters[self.activation.fighter]
        if action[1] not in self._free_steps(fighter):
            raise SkirmishError(f"bladeborn: {fighter.name} cannot step to {self.board.label(action[1])}")
        event = self._event("disengage", side=fighter.side, fighter=fighter.id, bonus=True, ability=step[1],
                            path=[self.board.label(fighter.pos), self.board.label(action[1])])
        self._relocate(fighter, action[1])
        return [event] + self._after_step(rng)

    def _do_target(self, action, rng):
        act = self.activation
        step = act.steps.pop(0)
        kind, name = step[0], step[1]
        fighter, target = self.fighters[act.fighter], self.fighters[action[1]]
        events: list[dict] = []
        if kind in ("hurt", "hurt-or-push"):
            amount = step[2]
            events.append(self._event("damage", side=target.side, fighter=target.id, damage=amount, why=name,
                                      by=fighter.id))
            events += self._deal(target, amount, by=fighter, why=name)
        elif kind == "snare":
            target.snared = True
            events.append(self._event("effect", side=target.side, fighter=target.id, why=name,
                                      effect="cannot disengage until the end of its next activation"))
        elif kind == "slow":
            target.slowed = True
            events.append(self._event("effect", side=target.side, fighter=target.id, why=name,
                                      effect="has its Move halved until the end of its next activation"))
        elif kind == "pull-target":
            act.steps.insert(0, ("pull", name, target.id, step[3]))
        elif kind == "inspire":
            act.inspire = target.id
            events.append(self._event("effect", side=target.side, fighter=target.id, why=name,
                                      effect="may activate next"))
        return events + self._after_step(rng)

    def _do_shove(self, action, rng):
        act = self.activation
        step = act.steps[0]
        _, fid, dest = action
        target = self.fighters[fid]
        if step[0] == "pull":
            act.steps[0] = step[:3] + (step[3] - 1,)
        else:
            act.steps.pop(0)
        problem = rules.push_problem(target.pos, dest, self.occupied(), (), self.board.distance)
        if problem or self.board.blocked(dest):
            raise SkirmishError(f"bladeborn: illegal push: {problem or 'a blocked hex'}")
        event = self._event("push", side=target.side, fighter=fid, by=act.fighter, ability=step[1],
                            cell=self.board.label(dest), path=[self.board.label(target.pos), self.board.label(dest)])
        self._relocate(target, dest)
        return [event] + self._after_step(rng)

    def _do_place_at(self, action, rng):
        act = self.activation
        step = act.steps.pop(0)
        _, fid, dest = action
        placed = self.fighters[fid]
        if (fid, dest) not in {(a[1], a[2]) for a in self._step_choices(self.fighters[act.fighter], step)}:
            raise SkirmishError(f"bladeborn: {placed.name} cannot be placed at {self.board.label(dest)}")
        event = self._event("place", side=placed.side, fighter=fid, cell=self.board.label(dest), ability=step[1])
        if step[0] == "raise":
            placed.where, placed.damage, placed.raised_in = "on", (placed.wounds + 1) // 2, self.round
            placed.clear_effects()
            event.update(raised=True, damage=placed.damage)
            placed.pos = dest
            self.version += 1
            self.layout += 1
        else:
            event["from"] = self.board.label(placed.pos)
            self._relocate(placed, dest)
        return [event] + self._after_step(rng)

    def _do_hex(self, action, rng):
        act = self.activation
        step = act.steps.pop(0)
        fighter = self.fighters[act.fighter]
        self.veils.append((action[1], fighter.side))
        self.layout += 1  # sight changed: targets kept for the old sight no longer hold
        event = self._event("veil", side=fighter.side, fighter=fighter.id, cell=self.board.label(action[1]),
                            ability=step[1])
        return [event] + self._after_step(rng)

    def _do_objective(self, action, rng):
        act = self.activation
        step = act.steps.pop(0)
        fighter = self.fighters[act.fighter]
        objective = action[1]
        if step[0] == "token":
            self.tokens.append((objective, fighter.side))
            what = "token"
        else:
            fighter.oath, fighter.oath_extra = objective, step[2]
            what = "oath"
        event = self._event(what, side=fighter.side, fighter=fighter.id, cell=self.board.label(objective),
                            ability=step[1])
        return [event] + self._after_step(rng)

    def _do_reroll(self, action, rng):
        act = self.activation
        act.steps.pop(0)
        target_id, weapon_index, faces, bonus = act.pending_attack
        act.pending_attack = None
        which = tuple(action[1])
        new = list(faces)
        if which:
            again = rng.dice(len(which), 6)
            for i, face in zip(which, again):
                new[i] = face
        return self._resolve_attack(target_id, weapon_index, new, bonus, first=faces, rerolled=which) \
            + self._after_step(rng)

    # ---- what the steps look at ------------------------------------------------------------------

    def _visible_enemies(self, fighter: FighterInPlay, reach: int) -> list[str]:
        apart = self.board.distance_from(fighter.pos)
        return [e.id for e in self.side_fighters(OTHER[fighter.side])
                if apart[e.pos] <= reach and self.can_see(fighter.pos, e.pos)]

    def _visible_friends(self, fighter: FighterInPlay, reach: int) -> list[str]:
        apart = self.board.distance_from(fighter.pos)
        return [f.id for f in self.side_fighters(fighter.side)
                if apart[f.pos] <= reach and (f.id == fighter.id or self.can_see(fighter.pos, f.pos))]

    def _inspirable(self, fighter: FighterInPlay, reach: int = INSPIRING_REACH) -> list[str]:
        acts = self.activations[fighter.side]
        apart = self.board.distance_from(fighter.pos)
        return [
            f.id for f in self.side_fighters(fighter.side)
            if f.id != fighter.id and acts.can_activate(f.id) and acts.activated[f.id] == 0
            and apart[f.pos] <= reach and self.can_see(fighter.pos, f.pos)
        ]

    def _push_spots(self, target: FighterInPlay) -> list[Pos]:
        occupied = self.occupied()
        return [p for p in self.board.open_neighbours(target.pos) if p not in occupied]

    def _free_steps(self, fighter: FighterInPlay) -> list[Pos]:
        """Open, empty hexes next to the fighter (a disengage that may end next to an enemy)."""
        return self._push_spots(fighter)

    def _empty_within(self, pos: Pos, reach: int) -> list[Pos]:
        occupied = self.occupied()
        return [p for p in _open_within(self.board, pos, reach) if p not in occupied]

    def _edge_spots(self) -> list[Pos]:
        """Empty open hexes on the outermost ring of the board."""
        occupied = self.occupied()
        return [p for p in _edge_cells(self.board) if p not in occupied]

    def _objective_choices(self, fighter: FighterInPlay, effect: str) -> list[Pos]:
        mine = {o for o, side in self.tokens if side == fighter.side}
        apart = self.board.distance_from(fighter.pos)
        return [o for o in self.rules.objectives
                if apart[o] <= rules.OBJECTIVE_RANGE and (effect != "objective-token" or o not in mine)]


def _within(board: Board, pos: Pos, reach: int) -> tuple[Pos, ...]:
    """Every cell within ``reach`` of ``pos`` (itself too), in a fixed order; kept per board."""
    kept = board.__dict__.setdefault("_within", {})
    found = kept.get((pos, reach))
    if found is None:
        found = kept[(pos, reach)] = tuple(p for p, d in sorted(board.distance_from(pos).items()) if d <= reach)
    return found


def _open_within(board: Board, pos: Pos, reach: int) -> tuple[Pos, ...]:
    """The open cells within ``reach`` of ``pos``, ``pos`` itself left out; kept per board."""
    kept = board.__dict__.setdefault("_open_within", {})
    found = kept.get((pos, reach))
    if found is None:
        found = kept[(pos, reach)] = tuple(p for p in _within(board, pos, reach) if p != pos and not board.blocked(p))
    return found


def _edge_cells(board: Board) -> tuple[Pos, ...]:
    kept = board.__dict__.get("_edge_cells")
    if kept is None:
        w, h = board.grid.width, board.grid.height
        kept = board.__dict__["_edge_cells"] = tuple(
            p for p in board.cells if not board.blocked(p)
            and (board.cell_of(p)[0] in (0, w - 1) or board.cell_of(p)[1] in (0, h - 1)))
    return kept


def _weapon_matches(weapon, max_range: int | None, kind: str | None) -> bool:
    if max_range is not None and weapon.max_range > max_range:
        return False
    return kind is None or (kind == "melee") == weapon.melee


def _reroll_choices(faces: tuple[int, ...], most: int) -> list[tuple]:
    """Which dice to re-roll: up to ``most`` of them, one choice per distinct set of faces
    (re-rolling one 2 or the other is the same choice), lowest positions first."""
    seen, out = set(), [("reroll", ())]
    for size in range(1, min(most, len(faces)) + 1):
        for which in itertools.combinations(range(len(faces)), size):
            key = tuple(sorted(faces[i] for i in which))
            if key not in seen:
                seen.add(key)
                out.append(("reroll", which))
    return out


def _weapons_words(max_range: int | None, kind: str | None) -> str:
    if max_range is not None:
        return f" (weapons of Range {max_range} or less)"
    return f" ({kind} weapons)" if kind else ""


_STAT_WORDS = {"attacks": "Attacks", "strength": "Strength", "dmg_hit": "hit damage", "dmg_crit": "critical damage",
               "max_range": "Range"}
#: Effects that queue bonus actions: the steps, and the words for the log.
_QUEUED = {
    "bonus-move": lambda a, n: [("move", a.name, None)],
    "bonus-attack": lambda a, n: [("attack", a.name)],
    "bonus-after-takedown": lambda a, n: [("move-or-attack", a.name)],
    "charge": lambda a, n: [("move", a.name, None), ("splash", a.name, n, a.reach or 1)],
    "leap-attack": lambda a, n: [("leap", a.name, a.reach or 1), ("attack", a.name)],
    "free-disengage": lambda a, n: [("disengage", a.name)],
}
_QUEUED_WORDS = {"free-disengage": "a bonus disengage that may end next to an enemy","bonus-move": "bonus move", "bonus-attack": "bonus attack",
                 "bonus-after-takedown": "bonus move or attack",
                 "charge": "bonus move, then {amount} damage to each enemy next to it",
                 "leap-attack": "placed within reach, then a bonus attack"}
#: Effects whose first step is a choice: the step (from the ability and its amount).
_FIRST_STEP = {
    "damage-enemy": lambda a, n: ("hurt", a.name, n, a.reach or 1),
    "damage-or-push": lambda a, n: ("hurt-or-push", a.name, n, a.reach or 1),
    "snare": lambda a, n: ("snare", a.name, a.reach or 1),
    "slow-enemy": lambda a, n: ("slow", a.name, a.reach or 1),
    "pull": lambda a, n: ("pull-target", a.name, a.reach or 1, n),
    "inspiring-presence": lambda a, n: ("inspire", a.name, a.reach or INSPIRING_REACH),
    "place-friend-on-edge": lambda a, n: ("edge", a.name, a.reach or 1),
    "leap-attack": lambda a, n: ("leap", a.name, a.reach or 1),
    "raise": lambda a, n: ("raise", a.name, a.reach or 1, a.raises),
    "veil": lambda a, n: ("veil", a.name, a.reach or 1),
    "objective-token": lambda a, n: ("token", a.name),
    "hold-objective": lambda a, n: ("oath", a.name, a.amount if a.amount is not None else 1),
}
_STEP_WORDS = {
    "damage-enemy": "{amount} damage to a visible enemy within {reach}",
    "damage-or-push": "{amount} damage to, or a push of, a visible enemy within {reach}",
    "snare": "an enemy within {reach} cannot disengage",
    "slow-enemy": "an enemy within {reach} has its Move halved",
    "pull": "a visible enemy within {reach} is pulled in, up to {amount} hexes",
    "inspiring-presence": "a friend within {reach} may activate next",
    "place-friend-on-edge": "a friend within {reach} is placed on the edge of the battlefield",
    "raise": "a fallen friend returns within {reach}",
    "veil": "a hex within {reach} blocks sight until the end of the round",
    "objective-token": "a Desecration token on an objective next to it",
    "hold-objective": "counts as two fighters for an objective next to it",
}
