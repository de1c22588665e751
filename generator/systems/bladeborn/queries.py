"""What a Bladeborn battle answers about the board now: who stands where, sight, reach, weapons.

A mixin of :class:`generator.systems.bladeborn.game.BladebornState`; players ask these too. What
depends only on who stands where is kept against the state's ``layout`` counter (bumped whenever
a fighter enters, leaves or changes hex, or sight changes): do not change what they return.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from generator.play.board import Pos
from generator.systems.bladeborn import mechanics as rules
from generator.systems.bladeborn.pieces import SIDES, FighterInPlay, Profile


class BoardQueries:
    """Positions, sight, Move, weapons now and legal targets (see the module doc)."""

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

    # ---- sight ---------------------------------------------------------------------------------

    def veiled(self) -> frozenset[Pos]:
        """Hexes that block sight this round (Ash Veil)."""
        return frozenset(v for v, _ in self.veils)

    def can_see(self, a: Pos, b: Pos) -> bool:
        if self.rules.sight_range is not None and self.board.distance(a, b) > self.rules.sight_range:
            return False
        if self.veils:
            return self.board.visible_with(a, b, self.veiled())
        return self.board.visible(a, b)

    def sight_table(self) -> np.ndarray:
        """The board's sight table (every cell's row) with this round's veiled hexes blocking."""
        return self.board.sight_with(self.veiled()) if self.veils else self.board.tables()[3]

    # ---- characteristics now ------------------------------------------------------------------------

    def move_of(self, fighter: FighterInPlay) -> int:
        """Move now: halved (rounding up) when slowed, then the twist's change (at least 1), then
        the activation's bonus (Rush). Divide first, then add, as the Warcry book orders them."""
        act = self.activation
        bonus = act.move_bonus if act is not None and act.fighter == fighter.id else 0
        base = (fighter.move + 1) // 2 if fighter.slowed else fighter.move
        return max(1, base + self.rules.stat_changes.get("move", 0)) + bonus

    def toughness_of(self, fighter: FighterInPlay) -> int:
        return max(1, fighter.toughness + self.rules.stat_changes.get("toughness", 0))

    def _bonus_key(self, fighter: FighterInPlay):
        """Everything of the activation and the round that changes this fighter's weapons."""
        act = self.activation
        active = (act.melee_attacks_bonus, tuple(act.weapon_bonus)) if act is not None and act.fighter == fighter.id else None
        return (active, fighter.round_bonus) if fighter.round_bonus else active

    def weapon_now(self, fighter: FighterInPlay, weapon: Profile) -> tuple[dict[str, int], dict[str, int]]:
        """The weapon's numbers for an attack now, and the modifiers that changed them (kept per
        fighter, weapon and bonuses, which is all they depend on: do not change them)."""
        key = (fighter.id, weapon.index, self._bonus_key(fighter))
        found = self._weapons_now.get(key)
        if found is None:
            if len(self._weapons_now) > 4096:
                self._weapons_now.clear()
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
            for stat, amount, max_range, weapons in act.weapon_bonus:
                if (max_range is None or weapon.max_range <= max_range) and weapons in (None, kind):
                    mods[stat] = mods.get(stat, 0) + amount
        for stat, amount, weapons in fighter.round_bonus:
            if weapons in (None, kind):
                mods[stat] = mods.get(stat, 0) + amount
        if self.rules.crit_bonus:
            mods["dmg_crit"] = mods.get("dmg_crit", 0) + self.rules.crit_bonus
        for stat, change in mods.items():
            stats[stat] = max(1 if stat in ("attacks", "strength", "max_range") else 0, stats[stat] + change)
        if r.range_limit is not None and stats["max_range"] > r.range_limit:
            mods["max_range"] = mods.get("max_range", 0) + r.range_limit - stats["max_range"]
            stats["max_range"] = max(r.range_limit, weapon.min_range)
        return stats, mods

    def against(self, stats: dict[str, int], weapon: Profile, target: FighterInPlay) -> tuple[int, int, int, int, int]:
        """``(attacks, strength, toughness, hit damage, critical damage)`` of an attack with these
        weapon numbers at ``target``, after the target's own effects: Sink Into the Mire takes
        Strength off ranged attacks, Crushing Shell makes critical hits deal hit damage."""
        strength = stats["strength"]
        if target.ranged_shield and not weapon.melee:
            strength = max(1, strength - target.ranged_shield)
        crit = stats["dmg_hit"] if target.crit_shield else stats["dmg_crit"]
        return stats["attacks"], strength, self.toughness_of(target), stats["dmg_hit"], crit

    # ---- targets and moves -----------------------------------------------------------------------

    def targets(self, fighter: FighterInPlay) -> list[tuple[str, int]]:
        """(enemy id, weapon index) pairs this fighter may attack now (visible, in range, adjacent first).

        Only enemies within the longest Range can be targets, and leaving the others out changes
        no weapon's answer (an enemy next to the fighter, which limits the targets to adjacent
        ones, is always within Range; a farther one is never within a shorter Range). So the
        answer is kept per fighter, hex, bonuses (a bonus may change a Range) and the enemies
        within that Range and their hexes, which is all it depends on (veiled hexes change the
        layout): an enemy moving about out of reach leaves it as it was. Do not change the list."""
        bonus = self._bonus_key(fighter)
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
            key = (fighter.id, here, near, bonus, tuple(self.veils))
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

        see = self.can_see if (self.rules.sight_range is not None or self.veils) else self.board.visible
        out = []
        for reach in reaches:
            for target in rules.legal_targets(here, reach, near, see, distance):
                out.append((target, reach.index))
        return out

    def _reaches(self, fighter: FighterInPlay, bonus) -> tuple[tuple[Profile, ...], int]:
        """Each weapon's Range now (``weapon_now``, so twists and bonuses count) as range-only
        profiles for :func:`rules.legal_targets`, and the longest; kept per fighter and bonus."""
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

    # ---- the log's header ------------------------------------------------------------------------

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
                     "weapons": [{"name": w.name, "min_range": w.min_range, "range": w.max_range, "attacks": w.attacks,
                                  "strength": w.strength, "hit": w.dmg_hit, "crit": w.dmg_crit} for w in f.weapons],
                     "abilities": [{"name": a.name, "cost": a.cost, "effect": a.effect} for a in f.abilities]}
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
                       "range_limit": self.rules.range_limit, "reserves_from": self.rules.reserves_from,
                       "objective_bonus": [self.rules.objective_bonus, self.rules.objective_bonus_from],
                       "quads": self.rules.quads, "each_fighter_once": self.rules.each_fighter_once,
                       "seats": {s: {"player": self.territory.get(s),
                                     "role": self.rules.roles.get(self.territory.get(s)),
                                     "reserve_cells": [self.board.label(h) for h in
                                                       self.rules.reserves.get(self.territory.get(s), ())]}
                                 for s in SIDES}},
            "sides": sides,
        }
