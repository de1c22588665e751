"""The greedy Bladeborn player: plays like a sensible player, one decision at a time.

It only reads the state (where everyone is, what is in reach, the board's walking distances) and
the legal actions; the exact odds of an attack come from :func:`generator.dice.attacks.attack_odds`.
Everything is valued in victory points, the currency of the battle card:

* an attack is worth its chance to take the target down times what that fighter is worth to the
  battle (its share of the enemy's strength, times the objectives still to be fought over), plus
  a smaller share for the damage it deals short of that;
* a position is worth holding or taking an objective (more for one the player does not hold),
  getting closer to the nearest objective it does not hold, the best attack it makes possible
  with an action left, and minus the damage enemies in reach can deal there next;
* an ability is used when the dice can pay for it and it adds more than a small threshold (the
  dice are spent for the round).
"""

from __future__ import annotations

from functools import lru_cache

from generator.dice.attacks import attack_odds
from generator.play.board import UNREACHABLE

OBJECTIVE_HOLD = 1.0       # VP-equivalent of standing on an objective we do not hold yet
OBJECTIVE_KEEP = 0.35      # ... one we hold already (it stays ours, but can be contested)
APPROACH = 0.12            # per step closer to the nearest objective we do not hold
ENGAGE = 0.05              # per step closer to the nearest enemy (when there is no objective to go for)
THREAT = 0.6               # weight of the damage enemies can deal to a hex next
ABILITY_THRESHOLD = 0.08   # an ability must add at least this much to be worth its dice
MOVE_SHORTLIST = 8         # move destinations judged in full (plus any within reach of a fight)


@lru_cache(maxsize=65536)
def _odds(attacks: int, strength: int, toughness: int, hit: int, crit: int, wounds_left: int) -> tuple[float, float]:
    """(chance to take down, expected damage capped at the wounds left) of one attack action."""
    odds = attack_odds(attacks, strength, toughness, hit, crit)
    kill = float(odds.kill_probability(wounds_left))
    capped = sum(float(p) * min(d, wounds_left) for d, p in odds.damage.items())
    return kill, capped


class BladebornGreedy:
    name = "greedy"

    def __init__(self):
        self._cache_key = None
        self._cache: dict = {}

    def _memo(self, state) -> dict:
        """A scratch dict for one moment of one battle (cleared when the state changes)."""
        key = (id(state), state.version)
        if key != self._cache_key:
            self._cache_key, self._cache = key, {}
        return self._cache

    def choose(self, state, actions, rng):
        phase = state.phase
        if phase == "reserve":
            return min(actions, key=lambda a: (self._worth(state, a[1]) if len(a) > 1 else 1e9, a))
        if phase in ("place", "arrive"):
            return self._place(state, actions)
        if phase == "push":
            return self._push(state, actions)
        if phase == "first":
            return ("first", state.decider) if ("first", state.decider) in actions else actions[0]
        if phase == "activate":
            return self._activate(state, actions)
        return self._act(state, actions)

    # ---- values ---------------------------------------------------------------------------------

    def _worths(self, state) -> dict[str, float]:
        """What each fighter is worth to the battle in VP: its share of its side's points times
        the objective points still to be fought for (at least 1). Computed once per decision."""
        memo = self._memo(state)
        if "worths" not in memo:
            memo["worths"] = self._compute_worths(state)
        return memo["worths"]

    def _compute_worths(self, state) -> dict[str, float]:
        r = state.rules
        rounds_left = max(1, r.rounds - max(0, state.round - 1))
        at_stake = max(1.0, len(r.objectives) * rounds_left * max(1, r.points_for("per_objective")) * 0.5)
        totals = {"a": 0.0, "b": 0.0}
        for f in state.fighters.values():
            totals[f.side] += f.points or 1.0
        return {fid: (f.points or 1.0) / (totals[f.side] or 1.0) * at_stake * 2.0 for fid, f in state.fighters.items()}

    def _worth(self, state, fid: str) -> float:
        return self._worths(state)[fid]

    def attack_value(self, state, fighter, target, weapon, worths=None) -> float:
        stats, _ = state.weapon_now(fighter, weapon)
        kill, capped = _odds(stats["attacks"], stats["strength"], state.toughness_of(target), stats["dmg_hit"],
                             stats["dmg_crit"], target.wounds_left)
        worth = (worths or self._worths(state))[target.id] + state.takedown_points(target)
        return worth * (kill + 0.4 * capped / target.wounds)

    def _context(self, state, fighter) -> dict:
        """What every position of this decision is judged against, computed once."""
        memo = self._memo(state)
        key = ("context", fighter.id)
        if key not in memo:
            memo[key] = self._compute_context(state, fighter)
        return memo[key]

    def _compute_context(self, state, fighter) -> dict:
        worths = self._worths(state)
        enemies = []
        for e in state.fighters.values():
            if not e.on or e.side == fighter.side:
                continue
            reach = state.move_of(e) + max(w.max_range for w in e.weapons)
            danger = 0.0
            for w in e.weapons:
                kill, capped = _odds(w.attacks, w.strength, state.toughness_of(fighter), w.dmg_hit, w.dmg_crit,
                                     fighter.wounds_left)
                danger = max(danger, kill + 0.4 * capped / fighter.wounds)
            attacks = [(w, self.attack_value(state, fighter, e, w, worths)) for w in fighter.weapons]
            enemies.append((e.pos, reach, danger, attacks))
        stakes = state.objective_stakes(fighter.side)
        goals = [o for o, holder in state.control.items() if holder != fighter.side and stakes.get(o, 0) > 0]
        territory = state.territory_hexes.get("b" if fighter.side == "a" else "a", frozenset())
        return {"worths": worths, "enemies": enemies, "goals": goals, "worth": worths[fighter.id],
                "objectives": [(o, h, stakes.get(o, 0.0)) for o, h in state.control.items()],
                "enemy_cells": [e[0] for e in enemies],
                "territory": territory, "territory_points": state.rules.points_for("enemy_territory")}

    def _best_attack_from(self, state, fighter, pos, ctx=None) -> float:
        ctx = ctx or self._context(state, fighter)
        apart = state.board.distance_from(pos)
        enemies = ctx["enemies"]
        adjacent = [e for e in enemies if apart[e[0]] == 1]
        best = 0.0
        for epos, _, _, attacks in adjacent or enemies:
            d = apart[epos]
            for w, value in attacks:
                if value > best and w.min_range <= d <= w.max_range and state.can_see(pos, epos):
                    best = value
        return best

    def position_value(self, state, fighter, pos, actions_after: int, ctx=None) -> float:
        ctx = ctx or self._context(state, fighter)
        return self._plain_value(state, fighter, pos, ctx) + self._combat_value(state, fighter, pos, actions_after, ctx)

    def _plain_value(self, state, fighter, pos, ctx) -> float:
        """What a hex is worth before any fighting: objectives held or approached, territory."""
        board = state.board
        walk = board.walk_from(pos)
        apart = board.distance_from(pos)
        value = 0.0
        side = fighter.side
        for o, holder, stake in ctx["objectives"]:
            if apart[o] <= 1:
                value += stake * (OBJECTIVE_KEEP if holder == side else OBJECTIVE_HOLD)
        if ctx["territory_points"] and pos in ctx["territory"]:
            value += ctx["territory_points"]
        if ctx["goals"]:
            value -= APPROACH * min(map(walk.__getitem__, ctx["goals"]))
        if ctx["enemy_cells"]:
            value -= ENGAGE * min(map(walk.__getitem__, ctx["enemy_cells"]))
        return value

    def _combat_value(self, state, fighter, pos, actions_after: int, ctx) -> float:
        """The attack a hex makes possible next, less the damage enemies can deal there."""
        enemies = ctx["enemies"]
        if not enemies:
            return 0.0
        board = state.board
        walk = board.walk_from(pos)
        apart = board.distance_from(pos)
        value = 0.9 * self._best_attack_from(state, fighter, pos, ctx) if actions_after > 0 else 0.0
        threat = 0.0
        for epos, reach, danger, _ in enemies:
            d = apart[epos]
            if d == 1:
                threat += min(1.0, 1.8 * danger)  # an adjacent enemy attacks twice without moving
            elif d <= reach + 1 and walk[epos] - 1 <= reach:
                # it must spend an action to come, then attacks once; with an action left here,
                # this fighter may still step further away
                threat += danger * (0.5 if actions_after > 0 else 1.0)
        return value - THREAT * min(threat, 1.0) * ctx["worth"]

    def _best_moves(self, state, fighter, moves: list, actions_after: int, ctx) -> dict:
        """Scores of move destinations: every hex by its plain value, and the most promising ones
        (the best by plain value, and any hex within reach of a fight) by their combat value too."""
        plain = {a: self._plain_value(state, fighter, a[1], ctx) for a in moves}
        if not ctx["enemies"]:
            return plain
        reach = max(w.max_range for w in fighter.weapons) + 1
        shortlist = set(sorted(plain, key=plain.get, reverse=True)[:MOVE_SHORTLIST])
        for a in moves:
            apart = state.board.distance_from(a[1])
            if any(apart[e] <= max(reach, r + 1) for e, r, _, _ in ctx["enemies"]):
                shortlist.add(a)
        return {a: plain[a] + (self._combat_value(state, fighter, a[1], actions_after, ctx) if a in shortlist
                               else -THREAT * ctx["worth"] * 0.0) for a in moves if a in shortlist}

    # ---- decisions ------------------------------------------------------------------------------

    def _place(self, state, actions):
        if actions[0][0] == "arrive-none":
            return actions[0]
        best_fighter = max({a[1] for a in actions}, key=lambda fid: (state.fighters[fid].points, fid))
        options = [a for a in actions if a[1] == best_fighter]
        fighter = state.fighters[best_fighter]
        goals = list(state.rules.objectives) or [e.pos for e in state.fighters.values() if e.on and e.side != fighter.side]
        if not goals:
            return options[0]
        return min(options, key=lambda a: (min(state.board.walk(a[2], g) for g in goals), a[2]))

    def _push(self, state, actions):
        """Push the enemy that loses most: off an objective first, then farther from the nearest one."""
        if actions[0][0] != "push":
            return actions[0]
        objectives = state.rules.objectives

        def gain(action):
            _, fid, dest = action
            here = state.fighters[fid].pos
            near = lambda p: min((state.board.walk(p, o) for o in objectives), default=0)  # noqa: E731
            on_before = any(state.board.distance(here, o) <= 1 for o in objectives)
            on_after = any(state.board.distance(dest, o) <= 1 for o in objectives)
            return (on_before and not on_after, near(dest) - near(here), state.fighters[fid].points, fid, dest)

        return max(actions, key=gain)

    def _activate(self, state, actions):
        best, best_score = actions[0], -1e9
        for action in actions:
            if action[0] != "activate":
                score = -0.5
            else:
                fighter = state.fighters[action[1]]
                attack = self._best_attack_from(state, fighter, fighter.pos, self._context(state, fighter))
                fresh = 0.2 if state.activations[fighter.side].activated[fighter.id] == 0 else 0.0
                goal = min((state.board.walk(fighter.pos, o) for o, h in state.control.items() if h != fighter.side),
                           default=0)
                score = attack + fresh + 0.02 * min(goal, 20) + 0.001 * fighter.points
            if score > best_score:
                best, best_score = action, score
        return best

    def _act(self, state, actions):
        act = state.activation
        fighter = state.fighters[act.fighter]
        after = act.actions_left - 1
        ctx = self._context(state, fighter)
        here = self.position_value(state, fighter, fighter.pos, after, ctx)
        best, best_score = None, -1e18
        moves = [a for a in actions if a[0] in ("move", "bonus-move")]
        move_scores = self._best_moves(state, fighter, moves, after if not moves or moves[0][0] == "move"
                                       else act.actions_left, ctx) if moves else {}
        for action in actions:
            kind = action[0]
            if kind in ("move", "bonus-move"):
                if action not in move_scores:
                    continue
                score = move_scores[action]
            elif kind in ("attack", "bonus-attack"):
                score = self.attack_value(state, fighter, state.fighters[action[1]], fighter.weapons[action[2]],
                                          ctx["worths"])
                score += 0.01 + (here if kind == "attack" else 0.0)
            elif kind == "disengage":
                score = self.position_value(state, fighter, action[1], after, ctx)
            elif kind == "ability":
                score = self._ability_value(state, fighter, action, ctx) - ABILITY_THRESHOLD + here
            elif kind == "wait":
                score = here - 0.02
            else:  # done
                score = here - 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    def _ability_value(self, state, fighter, action, ctx) -> float:
        _, index, group_index = action
        ability = fighter.abilities[index]
        group = state.groups[fighter.side][group_index]
        amount = ability.amount if ability.amount is not None else group.value
        act = state.activation
        effect = ability.effect
        worth = ctx["worth"]
        if effect in ("respite", "heal"):
            return worth * min(fighter.damage, amount) / fighter.wounds * 0.8
        if effect == "onslaught":
            return 0.3 * self._best_attack_from(state, fighter, fighter.pos, ctx) if act.actions_left else 0.0
        if effect == "weapon-bonus":
            return 0.25 * self._best_attack_from(state, fighter, fighter.pos, ctx) if act.actions_left else 0.0
        if effect == "rush":
            return 0.1 if act.actions_left and not state.adjacent_enemy(fighter) else 0.0
        if effect in ("bonus-move", "bonus-attack", "bonus-after-takedown", "rampage"):
            return 0.3
        if effect == "damage-enemy":
            return 0.3 + 0.05 * amount
        if effect == "inspiring-presence":
            return 0.25
        return 0.0
