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

import numpy as np

from generator.dice.attacks import attack_odds
from generator.play.board import UNREACHABLE

OBJECTIVE_HOLD = 1.0       # VP-equivalent of standing on an objective we do not hold yet
OBJECTIVE_KEEP = 0.35      # ... one we hold already (it stays ours, but can be contested)
APPROACH = 0.12            # per step closer to the nearest objective we do not hold
ENGAGE = 0.05              # per step closer to the nearest enemy (when there is no objective to go for)
HUNT = 1.0                 # per step closer to the nearest enemy when no objective scores at all
THREAT = 0.6               # weight of the damage enemies can deal to a hex next
ABILITY_THRESHOLD = 0.08   # an ability must add at least this much to be worth its dice
MOVES = ("move", "bonus-move", "disengage")


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
        self._ctx_state, self._ctx_key, self._ctx = None, None, None
        self._insides: dict = {}
        self._store: dict[str, dict] = {}
        self._foe_memo: dict = {}
        self._kinds: dict = {}  # what _foe reads of rules and fighters -> a small number (see _kinds_of)
        self._kinds_state, self._kinds_now = None, None
        self._worths_state, self._worths_round, self._worths_now = None, None, None

    def choose(self, state, actions, rng):
        phase = state.phase
        if phase == "reserve":
            return min(actions, key=lambda a: (self._worth(state, a[1]) if len(a) > 1 else 1e9, a))
        if phase in ("place", "arrive"):
            return self._place(state, actions, rng)
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
        the objective points still to be fought for (at least 1). It changes only with the
        round, so it is worked out once a round."""
        if self._worths_state is not state or self._worths_round != state.round:
            self._worths_state, self._worths_round = state, state.round
            self._worths_now = self._compute_worths(state)
        return self._worths_now

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
        return self._attack_value(state, state.weapon_now(fighter, weapon)[0], target, worths or self._worths(state))

    @staticmethod
    def _attack_value(state, stats, target, worths) -> float:
        """:meth:`attack_value` from the weapon's numbers now (``state.weapon_now``)."""
        kill, capped = _odds(stats["attacks"], stats["strength"], state.toughness_of(target), stats["dmg_hit"],
                             stats["dmg_crit"], target.wounds_left)
        worth = worths[target.id] + state.takedown_points(target)
        return worth * (kill + 0.4 * capped / target.wounds)

    def _context(self, state, fighter) -> dict:
        """What every position of this decision is judged against, computed once and kept while
        nothing it depends on changes (see :meth:`_situation`): the decisions of one activation
        after a move share it."""
        key = self._situation(state, fighter)
        if self._ctx_key != key or self._ctx_state is not state:
            self._ctx_state, self._ctx_key = state, key
            self._ctx = self._compute_context(state, fighter)
        return self._ctx

    @staticmethod
    def _situation(state, fighter) -> tuple:
        """Everything :meth:`_compute_context` reads that can change during a battle: the round,
        the fighter and its wounds, the activation's weapon bonuses, every enemy's hex and wounds,
        objective control and what a take-down scores now. The fighter's own hex is not in it."""
        act = state.activation
        bonus = (act.melee_attacks_bonus, tuple(act.weapon_bonus)) if act is not None and act.fighter == fighter.id else None
        return (fighter.id, fighter.damage, state.round, bonus, state.first_blood, state.took_down_this_round,
                tuple(state.control.values()),
                tuple((e.id, e.pos, e.damage) for e in state.enemies_on(fighter.side)))

    def _compute_context(self, state, fighter) -> dict:
        worths = self._worths(state)
        memo = self._foe_memo
        rules_kind, kinds = self._kinds_of(state)
        act = state.activation
        bonus = (act.melee_attacks_bonus, tuple(act.weapon_bonus)) if act is not None and act.fighter == fighter.id else None
        moment = (rules_kind, kinds[fighter.id], fighter.damage, bonus)
        # an enemy's own activation may raise its Move (Rush): what it reaches then is not kept
        keep = act is None or act.fighter == fighter.id
        enemies, entries = [], []
        for k, e in enumerate(state.enemies_on(fighter.side)):
            key = (moment, kinds[e.id], e.damage)
            found = memo.get(key) if keep else None
            if found is None:
                found = self._foe(state, fighter, e)
                if keep:
                    if len(memo) > 50_000:
                        memo.clear()
                    memo[key] = found
            reach, danger, chances = found
            # as _attack_value: what taking ``e`` down is worth now (the round, first blood and
            # the take-downs so far change it), times each weapon's chances against it
            worth = worths[e.id] + state.takedown_points(e)
            attacks = []
            for w, chance in chances:
                value = worth * chance
                attacks.append((w, value))
                if value > 0:
                    entries.append((k, w.min_range, w.max_range, value))
            enemies.append((e.pos, reach, danger, attacks))
        stakes = state.objective_stakes(fighter.side)
        goals = [o for o, holder in state.control.items() if holder != fighter.side and stakes.get(o, 0) > 0]
        territory = state.territory_hexes.get("b" if fighter.side == "a" else "a", frozenset())
        return {"worths": worths, "enemies": enemies, "goals": goals, "worth": worths[fighter.id],
                "objectives": [(o, h, stakes.get(o, 0.0)) for o, h in state.control.items()],
                "entries": entries, "index": state.board.tables()[0],
                "values": {}, "territory": territory,
                "territory_points": state.rules.points_for("enemy_territory")}

    def _kinds_of(self, state) -> tuple[int, dict[str, int]]:
        """Small numbers for what :meth:`_foe` reads that is fixed for a battle: the twist's changes
        to Move, Toughness and weapons (``rules``), and each fighter's Move, Toughness, Wounds and
        weapons. Equal numbers get the same number in every battle, so ``_foe``'s answers are kept
        across the battles of a balance run (the same warbands meet again and again), and a
        fighter and its copy share them. Worked out once per battle."""
        if self._kinds_state is not state:
            r = state.rules
            kinds = self._kinds
            if len(kinds) > 10_000:
                kinds.clear()
                self._foe_memo.clear()  # its keys use these numbers

            def kind(what) -> int:
                return kinds.setdefault(what, len(kinds))

            rules_kind = kind(("rules", tuple(sorted(r.stat_changes.items())), r.attacks_change, r.attacks_range,
                               r.hit_bonus, r.hit_bonus_range, r.crit_bonus, r.range_limit))
            fighters = {fid: kind((f.move, f.toughness, f.wounds, f.weapons)) for fid, f in state.fighters.items()}
            self._kinds_state, self._kinds_now = state, (rules_kind, fighters)
        return self._kinds_now

    @staticmethod
    def _foe(state, fighter, e) -> tuple:
        """``(reach, danger, chances)`` of enemy ``e`` for ``fighter``: how far ``e`` can strike
        next (its Move plus its longest Range), the most of ``fighter`` one of its attacks takes
        (chance to take it down plus 0.4 of the damage share short of that), and each of our
        weapons' ``(weapon, chance)`` against it (the same measure, still to be multiplied by what
        ``e`` is worth now). :meth:`_compute_context` keeps these by the battle's rules and both
        fighters' numbers (:meth:`_kinds_of`), their damage and the activation's weapon bonuses,
        which is all they read (the weapons are read only for their numbers)."""
        toughness, wounds_left, wounds = state.toughness_of(fighter), fighter.wounds_left, fighter.wounds
        reach = state.move_of(e) + max(w.max_range for w in e.weapons)
        danger = 0.0
        for w in e.weapons:
            kill, capped = _odds(w.attacks, w.strength, toughness, w.dmg_hit, w.dmg_crit, wounds_left)
            danger = max(danger, kill + 0.4 * capped / wounds)
        their_toughness, their_left = state.toughness_of(e), e.wounds_left
        chances = []
        for w in fighter.weapons:
            st = state.weapon_now(fighter, w)[0]
            kill, capped = _odds(st["attacks"], st["strength"], their_toughness, st["dmg_hit"], st["dmg_crit"],
                                 their_left)
            chances.append((w, kill + 0.4 * capped / e.wounds))
        return reach, danger, chances

    def _attack_now(self, state, fighter) -> float:
        """The best attack ``fighter`` could make from where it stands, over the targets the state
        says are legal (cheaper than a whole context, for choosing whom to activate)."""
        targets = state.targets(fighter)
        if not targets:
            return 0.0
        worths = self._worths(state)
        stats = {}
        best = None
        for t, w in targets:
            if w not in stats:
                stats[w] = state.weapon_now(fighter, fighter.weapons[w])[0]
            value = self._attack_value(state, stats[w], state.fighters[t], worths)
            if best is None or value > best:
                best = value
        return best

    def _best_attack_from(self, state, fighter, pos, ctx=None) -> float:
        """The best attack value from ``pos`` (kept in the context per hex: each ability action
        that pays with a different group asks it again)."""
        ctx = ctx or self._context(state, fighter)
        kept = ctx.setdefault("attack-from", {})
        found = kept.get(pos)
        if found is None:
            found = kept[pos] = self._best_attack_from_now(state, pos, ctx)
        return found

    @staticmethod
    def _best_attack_from_now(state, pos, ctx) -> float:
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
        """What standing at ``pos`` is worth to ``fighter`` (see :meth:`position_values`)."""
        return float(self.position_values(state, fighter, [pos], actions_after, ctx)[0])

    def position_values(self, state, fighter, cells, actions_after: int, ctx=None) -> np.ndarray:
        """The worth of standing at each of ``cells``: objectives held or taken, getting nearer the
        nearest objective not held and the nearest enemy, enemy territory, the best attack it
        makes possible with an action left, less the damage enemies could deal there next (twice
        from an adjacent enemy, once from one that must move first; half of that with an action
        left to step away). Read from :meth:`_values_everywhere`, worked out once per context."""
        return np.array(self._position_scores(state, fighter, cells, actions_after, ctx), dtype=float)

    def _position_scores(self, state, fighter, cells, actions_after: int, ctx=None) -> list[float]:
        """:meth:`position_values` as a list, read from the board-wide values of the context."""
        ctx = ctx or self._context(state, fighter)
        acting = actions_after > 0
        everywhere = ctx["values"].get(acting)
        if everywhere is None:
            everywhere = ctx["values"][acting] = self._values_everywhere(state, fighter, ctx, acting).tolist()
        index = ctx["index"]
        return [everywhere[index[c]] for c in cells]

    def _values_everywhere(self, state, fighter, ctx, acting: bool) -> np.ndarray:
        """:meth:`position_values` for every cell of the board at once, on the board's tables: a
        few numpy passes over objectives x cells, enemies x cells and enemy weapons x cells. A
        cell's value depends on that cell alone and every sum runs in the order a cell-by-cell
        loop would (rows added one after another), so each number is the same to the bit as
        judging it alone. What does not depend on ``acting`` is worked out once per context
        (:meth:`_board_parts`). Tables are laid out one row per objective or enemy: numpy reduces
        across rows several times faster than along short rows."""
        parts = self._board_parts(state, fighter, ctx)
        value = parts["base"]
        if parts["apart"] is None:
            return value
        if acting and ctx["entries"]:
            best = parts.get("best")
            if best is None:
                best = parts["best"] = self._best_attacks(state, ctx, parts)
            value = value + 0.9 * best
        return value - THREAT * self._threat(ctx, parts, acting) * ctx["worth"]

    @staticmethod
    def _threat(ctx, parts, acting: bool) -> np.ndarray:
        """How much of the fighter the enemies could take next at each cell (at most all of it):
        from each enemy, its danger (at most 1) where it is adjacent, its danger (half of it with
        an action left to step away) where it can reach the cell next, nothing elsewhere, read
        from a row ``(nothing, reaching, adjacent)`` per enemy at each cell's ``classes`` index."""
        half = 0.5 if acting else 1.0
        table = []  # flat: 3 numbers per enemy, in enemy order
        for _, _, d, _ in ctx["enemies"]:
            table += (0.0, d * half, min(1.0, 1.8 * d))
        threat = np.array(table).take(parts["classes"])  # one row per enemy, read at each cell's class
        return np.minimum(np.add.reduce(threat, axis=0), 1.0)

    def _board_parts(self, state, fighter, ctx) -> dict:
        """The acting-independent tables of :meth:`_values_everywhere`, once per context:
        ``base`` (objectives, territory, approach and engage terms), enemies x cells steps apart,
        and how each enemy threatens each cell next (:meth:`_foes`)."""
        parts = ctx.get("parts")
        if parts is not None:
            return parts
        board = state.board
        key = (board, fighter.side, tuple(ctx["objectives"]), tuple(ctx["goals"]), ctx["territory"] or None,
               ctx["territory_points"])
        value = self._kept("ground", key, lambda: self._ground(board, fighter.side, ctx))
        parts = ctx["parts"] = {"base": value, "apart": None}
        if not ctx["enemies"]:
            return parts
        key = (board, tuple(e[0] for e in ctx["enemies"]), tuple(e[1] for e in ctx["enemies"]), state.rules.sight_range)
        foes = self._kept("foes", key, lambda: self._foes(board, key[1], key[2], key[3]))
        parts.update(foes, base=value - foes["engage"], key=key)
        return parts

    def _kept(self, kind: str, key: tuple, make):
        """A small store of board-wide tables that depend only on the board and ``key`` (the
        objectives as they stand, or the enemies' hexes and reach): contexts of other fighters,
        and of later decisions, often ask for the same ones."""
        store = self._store.setdefault(kind, {})
        found = store.get(key)
        if found is None:
            if len(store) >= 64:
                store.clear()
            found = store[key] = make()
        return found

    def _rows(self, board) -> tuple:
        """The board's ``(index, distance, walk, sight)`` tables turned so that row ``i`` holds
        every cell's distance (walk, sight) *to* cell ``i``, kept per board."""
        return self._kept("rows", (board,), lambda: (board.tables()[0],) + tuple(
            np.ascontiguousarray(t.T) for t in board.tables()[1:]))

    def _ground(self, board, side: str, ctx) -> np.ndarray:
        """Every cell's worth from the objectives (held, to take, to approach) and enemy territory."""
        index, dist, walk, _ = self._rows(board)
        objectives = ctx["objectives"]
        if objectives:
            weights = np.array([stake * (OBJECTIVE_KEEP if holder == side else OBJECTIVE_HOLD)
                                for _, holder, stake in objectives])[:, None]
            near = dist[[index[o] for o, _, _ in objectives]] <= 1
            value = np.add.reduce(near * weights, axis=0)
        else:
            value = np.zeros(len(index))
        if ctx["territory_points"] and ctx["territory"]:
            value = value + self._inside(board, ctx["territory"]) * ctx["territory_points"]
        if ctx["goals"]:
            value = value - APPROACH * walk[[index[o] for o in ctx["goals"]]].min(axis=0)
        return value

    def _foes(self, board, cells, reaches, sight_range) -> dict:
        """Enemies x cells: the engage term, steps apart, how each enemy threatens each cell
        (``classes``: 2 adjacent, 1 it can reach the cell next by a move then its weapon's Range,
        0 neither; plus 3 times the enemy's row, an index into :meth:`_threat`'s table), and
        whether it may be attacked from there (seen, within any sight limit, and adjacent if any
        enemy is)."""
        index, dist, walk, sight = self._rows(board)
        foes = np.array([index[c] for c in cells], dtype=np.int64)
        reach = np.array(reaches, dtype=np.int64)[:, None]
        apart = dist.take(foes, axis=0)
        walking = walk.take(foes, axis=0)
        adjacent = apart == 1
        seen = sight.take(foes, axis=0)
        if sight_range is not None:
            seen = seen & (apart <= sight_range)
        # within reach: a move of ``reach - 1`` walking steps, then the last step straight; walking
        # is never shorter than the straight distance, so that is walking at most ``reach + 1``
        in_reach = walking <= reach + 1
        # the class as an index into a (nothing, reaching, adjacent) table of 3 numbers per enemy
        classes = adjacent.astype(np.intp) + (adjacent | in_reach) + 3 * np.arange(len(cells))[:, None]
        return {"engage": ENGAGE * np.minimum.reduce(walking, axis=0), "apart": apart, "classes": classes,
                "may": seen & (~np.logical_or.reduce(adjacent, axis=0) | adjacent)}

    def _best_attacks(self, state, ctx, parts) -> np.ndarray:
        """The best attack value each cell offers (the adjacent-target rule, sight, range), 0 if none."""
        entries = ctx["entries"]
        ranges = tuple((k, lo, hi) for k, lo, hi, _ in entries)
        ok = self._kept("in-range", (parts["key"], ranges), lambda: self._in_range(parts, ranges))
        return np.maximum.reduce(np.where(ok, np.array([x[3] for x in entries])[:, None], 0.0), axis=0)

    @staticmethod
    def _in_range(parts, ranges) -> np.ndarray:
        """(enemy, weapon) x cells: whether the weapon may attack that enemy from that cell."""
        k = np.array([x[0] for x in ranges], dtype=np.int64)
        d = parts["apart"][k]
        return (parts["may"][k] & (d >= np.array([x[1] for x in ranges])[:, None])
                & (d <= np.array([x[2] for x in ranges])[:, None]))

    def _inside(self, board, hexes: frozenset) -> np.ndarray:
        """Which cells of the board are among ``hexes`` (a territory), kept per board and set."""
        key = (board, hexes)
        found = self._insides.get(key)
        if found is None:
            if len(self._insides) > 16:
                self._insides.clear()
            found = self._insides[key] = np.fromiter((c in hexes for c in board.tables()[0]), dtype=bool)
        return found

    # ---- decisions ------------------------------------------------------------------------------

    def _place(self, state, actions, rng=None):
        """Set up (or bring on) the dearest fighter left where it covers the objective that the
        fewest friends already cover, nearest first. Spreading over the objectives matters: a
        side that sends everyone to one flank hands the other flank over, and on a symmetric
        map the side that happened to spread would win most battles."""
        if actions[0][0] == "arrive-none":
            return actions[0]
        best_fighter = max({a[1] for a in actions}, key=lambda fid: (state.fighters[fid].points, fid))
        options = [a for a in actions if a[1] == best_fighter]
        fighter = state.fighters[best_fighter]
        walk = state.board.walk
        stakes = state.objective_stakes(fighter.side)
        goals = [o for o in state.rules.objectives if stakes.get(o, 0) > 0]
        covered = dict.fromkeys(goals, 0)
        for friend in state.fighters.values():
            if goals and friend.on and friend.side == fighter.side and friend.id != fighter.id:
                covered[min(goals, key=lambda g: (walk(friend.pos, g), g))] += 1
        if not goals:  # nothing to hold: close in on the enemy together
            goals = [e.pos for e in state.fighters.values() if e.on and e.side != fighter.side] or list(state.rules.objectives)
            covered = dict.fromkeys(goals, 0)
        if not goals:
            return options[0]
        # walking distances are the same both ways: read each goal's row once, not a pair at a time
        rows = [(covered[g], state.board.walk_from(g)) for g in goals]
        keys = {a: min((n, row.get(a[2], UNREACHABLE)) for n, row in rows) for a in options}
        best = min(keys.values())
        tied = sorted(a for a in options if keys[a] == best)
        # equally good hexes: the player's own die decides, never the board's coordinates (a fixed
        # tie-break sends one side left and its mirror image right, and decides mirror matches)
        return rng.choice(tied) if rng is not None and len(tied) > 1 else tied[0]

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
                attack = self._attack_now(state, fighter)
                fresh = 0.2 if state.activations[fighter.side].activated[fighter.id] == 0 else 0.0
                walk = state.board.walk_from(fighter.pos)  # one row of the board's walking distances
                goal = min((walk.get(o, UNREACHABLE) for o, h in state.control.items() if h != fighter.side), default=0)
                score = attack + fresh + 0.02 * min(goal, 20) + 0.001 * fighter.points
            if score > best_score:
                best, best_score = action, score
        return best

    def _act(self, state, actions):
        act = state.activation
        fighter = state.fighters[act.fighter]
        after = act.actions_left - 1
        ctx = self._context(state, fighter)
        moves, cells, others = [], [fighter.pos], []
        for i, action in enumerate(actions):
            if action[0] in MOVES:
                moves.append(i)
                cells.append(action[1])
            else:
                others.append(i)
        # one call judges staying put (for attacks and waiting) and every move together
        scores = self._position_scores(state, fighter, cells,
                                       act.actions_left if moves and actions[moves[0]][0] == "bonus-move" else after,
                                       ctx)
        here = scores[0]
        # the first best of all actions in their order: the first best move, then the rest
        best_i, best_score = None, -1e18
        if moves:
            best_score = max(scores[1:])
            best_i = moves[scores.index(best_score, 1) - 1]  # the first move that scores it
        for i in others:
            action = actions[i]
            kind = action[0]
            if kind in ("attack", "bonus-attack"):
                score = self.attack_value(state, fighter, state.fighters[action[1]], fighter.weapons[action[2]],
                                          ctx["worths"])
                score += 0.01 + (here if kind == "attack" else 0.0)
            elif kind == "ability":
                score = self._ability_value(state, fighter, action, ctx) - ABILITY_THRESHOLD + here
            elif kind == "wait":
                score = here - 0.02
            else:  # done
                score = here - 0.01
            if score > best_score or (score == best_score and i < best_i):
                best_i, best_score = i, score
        return actions[best_i]

    def _rush_gain(self, state, fighter, ctx) -> float:
        """What one more hex of Move is worth now: the best hex a move reaches with it, over
        standing here (the state says where the longer move reaches). In :meth:`_act` the Rush
        then scores that best hex less the threshold, so it is used only when the extra hex beats
        every move without it, and never just before a wait."""
        budget, after = state.move_of(fighter) + 1, state.activation.actions_left - 1
        # kept in the context while the same move is asked (each group that could pay asks again)
        key = (fighter.pos, state.layout, budget, after)
        kept = ctx.setdefault("rush", {})
        found = kept.get(key)
        if found is None:
            farther = list(state.moves(fighter, budget))  # the start is among them
            scores = self._position_scores(state, fighter, farther, after, ctx)
            found = kept[key] = max(scores) - scores[farther.index(fighter.pos)]
        return found

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
            return self._rush_gain(state, fighter, ctx) if act.actions_left and not state.adjacent_enemy(fighter) else 0.0
        if effect in ("bonus-move", "bonus-attack", "bonus-after-takedown", "rampage"):
            return 0.3
        if effect == "damage-enemy":
            return 0.3 + 0.05 * amount
        if effect == "inspiring-presence":
            return 0.25
        return 0.0
