"""The greedy Bladeborn player: plays like a sensible player, one decision at a time.

It only reads the state (where everyone is, what is in reach, the board's walking distances) and
the legal actions; the exact odds of an attack come from :func:`generator.dice.attacks.attack_odds`.
Everything is valued in victory points, the currency of the battle card:

* an attack is worth its exact chance to take the target down times what that fighter is worth
  to the battle (its share of the enemy's strength, times the objective points still to be
  fought over), plus a smaller share for the damage it deals short of that;
* a position is worth the control it produces (:mod:`policy_control`: the change its presence
  makes to the chance of holding each objective when the round ends, counting who else can get
  there), getting closer to an objective it does not hold, the best attack it makes possible
  with an action left, and minus the damage enemies in reach can deal there next. A fighter with
  a ranged weapon keeps to its range band: closer than that buys it nothing, and standing where
  it would shoot from counts the threat there in full (it will not step away after shooting);
* an ability (:mod:`policy_abilities`) is worth what it changes: a weapon bonus the attack with
  it less the attack without (exact odds), a bonus move or attack what it reaches, a shield the
  damage it saves, a token the control it adds. It is used when that beats the dice it costs,
  and when it must come first (Rush before the move, a weapon bonus before the attack) it is
  weighed against the best action without it.
"""

from __future__ import annotations

import numpy as np

from generator.play.board import UNREACHABLE
from generator.systems.bladeborn import policy_abilities as ability_values
from generator.systems.bladeborn.policy_control import future_weight, objective_gains
from generator.systems.bladeborn.policy_odds import attack_kill_odds as _odds

APPROACH = 0.12            # per step closer to the nearest objective we do not hold
ENGAGE = 0.05              # per step closer to the nearest enemy (when there is no objective to go for)
THREAT = 0.6               # weight of the damage enemies can deal to a hex next
INSIDE_BAND = 0.15         # a ranged fighter closer to its nearest enemy than its weapon's minimum Range
MOVES = ("move", "bonus-move", "disengage", "bonus-disengage")


def attack_chance(state, stats: dict, weapon, target) -> float:
    """One attack with these weapon numbers at ``target``: the chance to take it down plus 0.4 of
    the share of its Wounds dealt short of that (its ward counts as that many more wounds)."""
    attacks, strength, toughness, hit, crit = state.against(stats, weapon, target)
    kill, capped = _odds(attacks, strength, toughness, hit, crit, target.wounds_left + target.ward)
    return kill + 0.4 * capped / target.wounds


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
        self._control_memo: dict = {}

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
        if phase == "split":
            return ability_values.split(self, state, actions)
        if phase == "activate":
            return self._activate(state, actions)
        if state.activation is not None and state.activation.steps:
            return ability_values.step(self, state, actions, rng)
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

    @staticmethod
    def _compute_worths(state) -> dict[str, float]:
        r = state.rules
        rounds_left = max(1, r.rounds - max(0, state.round - 1))
        at_stake = max(1.0, len(r.objectives) * rounds_left * max(1, r.points_for("per_objective")) * 0.5)
        totals = {"a": 0.0, "b": 0.0}
        for f in state.fighters.values():
            totals[f.side] += f.points or 1.0
        return {fid: (f.points or 1.0) / (totals[f.side] or 1.0) * at_stake * 2.0 for fid, f in state.fighters.items()}

    def _worth(self, state, fid: str) -> float:
        return self._worths(state)[fid]

    def attack_value(self, state, fighter, target, weapon, worths=None, stats=None) -> float:
        """What one attack with ``weapon`` at ``target`` is worth now (``stats``: the weapon's
        numbers, default as they are now)."""
        stats = stats if stats is not None else state.weapon_now(fighter, weapon)[0]
        worth = (worths or self._worths(state))[target.id] + state.takedown_points(target)
        return worth * attack_chance(state, stats, weapon, target)

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
        the fighter, its wounds and weapon bonuses, every fighter's hex, wounds and lasting
        effects, whose turns are left, objective control and tokens, and what a take-down scores.
        The fighter's own hex is not in it."""
        acts = state.activations
        return (fighter.id, fighter.damage, state.round, state._bonus_key(fighter), fighter.defence(),
                state.first_blood, state.took_down_this_round, tuple(state.control.values()), tuple(state.tokens),
                len(state.veils), state.turns["a"], state.turns["b"], tuple(sum(a.activated.values()) for a in acts.values()),
                tuple((f.id, f.pos, f.damage, f.slowed, f.ranged_shield, f.crit_shield, f.ward, f.oath, f.round_bonus)
                      for f in state.fighters.values() if f.where == "on" and f.id != fighter.id))

    def _compute_context(self, state, fighter) -> dict:
        worths = self._worths(state)
        memo = self._foe_memo
        rules_kind, kinds = self._kinds_of(state)
        act = state.activation
        moment = (rules_kind, kinds[fighter.id], fighter.damage, state._bonus_key(fighter), fighter.defence())
        # an enemy's own activation may raise its Move (Rush): what it reaches then is not kept
        keep = act is None or act.fighter == fighter.id
        enemies, entries = [], []
        for k, e in enumerate(state.enemies_on(fighter.side)):
            key = (moment, kinds[e.id], e.damage, e.slowed, e.defence(), e.round_bonus)
            found = memo.get(key) if keep else None
            if found is None:
                found = self._foe(state, fighter, e)
                if keep:
                    if len(memo) > 50_000:
                        memo.clear()
                    memo[key] = found
            reach, danger, chances = found
            # as attack_value: what taking ``e`` down is worth now (the round, first blood and
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
        gains = objective_gains(state, fighter.side, fighter.id, stakes, future_weight(state), self._control_memo) \
            if state.control else []
        return {"worths": worths, "enemies": enemies, "goals": goals, "worth": worths[fighter.id],
                "gains": tuple(gains), "entries": entries, "index": state.board.tables()[0],
                "values": {}, "territory": territory, "band": _band(state, fighter),
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
        next (its Move plus its longest Range now), the most of ``fighter`` one of its attacks
        takes (:func:`attack_chance`), and each of our weapons' ``(weapon, chance)`` against it
        (the same measure, still to be multiplied by what ``e`` is worth now). Kept by the
        battle's rules, both fighters' numbers (:meth:`_kinds_of`), damage and lasting effects and
        our bonuses, which is all they read."""
        theirs = [(w, state.weapon_now(e, w)[0]) for w in e.weapons]
        reach = state.move_of(e) + max(st["max_range"] for _, st in theirs)
        danger = max(attack_chance(state, st, w, fighter) for w, st in theirs)
        chances = [(w, attack_chance(state, state.weapon_now(fighter, w)[0], w, e)) for w in fighter.weapons]
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
            value = self.attack_value(state, fighter, state.fighters[t], fighter.weapons[w], worths, stats[w])
            if best is None or value > best:
                best = value
        return best

    def best_attack_here(self, state, fighter, stats_of=None) -> float:
        """The best attack from where the fighter stands now; ``stats_of(weapon)`` gives the
        weapon's numbers (default: as they are now), so a bonus can be weighed exactly."""
        worths = self._worths(state)
        best = 0.0
        for t, w in state.targets(fighter):
            weapon = fighter.weapons[w]
            stats = stats_of(weapon) if stats_of is not None else None
            best = max(best, self.attack_value(state, fighter, state.fighters[t], weapon, worths, stats))
        return best

    def position_value(self, state, fighter, pos, actions_after: int, ctx=None) -> float:
        """What standing at ``pos`` is worth to ``fighter`` (see :meth:`position_values`)."""
        return float(self.position_values(state, fighter, [pos], actions_after, ctx)[0])

    def position_values(self, state, fighter, cells, actions_after: int, ctx=None) -> np.ndarray:
        """The worth of standing at each of ``cells``: the control it produces, getting nearer the
        nearest objective not held and the nearest enemy (a ranged fighter: into its range band),
        enemy territory, and either the best attack it makes possible with an action left (the
        damage enemies could deal there counted in full: it stays to shoot) or stepping away
        (half of it), less the damage enemies could deal there next. Read from
        :meth:`_values_everywhere`, worked out once per context."""
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
        worth = ctx["worth"]
        if not acting:
            return value - THREAT * self._threat(ctx, parts, 1.0) * worth
        stepping = value - THREAT * self._threat(ctx, parts, 0.5) * worth
        if not ctx["entries"]:
            return stepping
        best = parts.get("best")
        if best is None:
            best = parts["best"] = self._best_attacks(state, ctx, parts)
        shooting = value + 0.9 * best - THREAT * self._threat(ctx, parts, 1.0) * worth
        return np.maximum(stepping, shooting)

    @staticmethod
    def _threat(ctx, parts, reaching: float) -> np.ndarray:
        """How much of the fighter the enemies could take next at each cell (at most all of it):
        from each enemy, its danger (at most 1) where it is adjacent, ``reaching`` times its
        danger where it can reach the cell next, nothing elsewhere, read from a row ``(nothing,
        reaching, adjacent)`` per enemy at each cell's ``classes`` index; kept in ``parts``."""
        kept = parts.get(reaching)
        if kept is not None:
            return kept
        table = []  # flat: 3 numbers per enemy, in enemy order
        for _, _, d, _ in ctx["enemies"]:
            table += (0.0, d * reaching, min(1.0, 1.8 * d))
        threat = np.array(table).take(parts["classes"])  # one row per enemy, read at each cell's class
        kept = parts[reaching] = np.minimum(np.add.reduce(threat, axis=0), 1.0)
        return kept

    def _board_parts(self, state, fighter, ctx) -> dict:
        """The acting-independent tables of :meth:`_values_everywhere`, once per context:
        ``base`` (control, territory, approach and engage terms), enemies x cells steps apart,
        and how each enemy threatens each cell next (:meth:`_foes`)."""
        parts = ctx.get("parts")
        if parts is not None:
            return parts
        board = state.board
        key = (board, fighter.side, ctx["gains"], tuple(ctx["goals"]), ctx["territory"] or None,
               ctx["territory_points"])
        value = self._kept("ground", key, lambda: self._ground(board, ctx))
        parts = ctx["parts"] = {"base": value, "apart": None}
        if not ctx["enemies"]:
            return parts
        key = (board, tuple(e[0] for e in ctx["enemies"]), tuple(e[1] for e in ctx["enemies"]), state.rules.sight_range,
               tuple(state.veils))
        foes = self._kept("foes", key, lambda: self._foes(state, key[1], key[2], key[3]))
        engage = foes["engage"] if ctx["band"] is None else self._band_engage(foes, ctx["band"])
        parts.update(foes, base=value - engage, key=key)
        return parts

    @staticmethod
    def _band_engage(foes, band) -> np.ndarray:
        """A ranged fighter's pull towards the enemy: none inside its range band (steps to the
        nearest enemy from its shortest to its longest Range), a step's worth per step outside
        it, and a penalty closer than its minimum Range (it could not shoot from there)."""
        low, high = band
        nearest = np.minimum.reduce(foes["apart"], axis=0)
        outside = np.maximum(nearest - high, 0)
        return ENGAGE * outside + INSIDE_BAND * (nearest < low)

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

    def _ground(self, board, ctx) -> np.ndarray:
        """Every cell's worth from the objectives (the control it adds, the way to those not held)
        and enemy territory. The way and the territory depend only on the goals, kept apart from
        the gains (which change with every count of who stands where)."""
        index, dist, walk, _ = self._rows(board)
        key = (board, tuple(ctx["goals"]), ctx["territory"] or None, ctx["territory_points"])
        value = self._kept("way", key, lambda: self._way(board, ctx))
        gains = [(o, g) for o, g in ctx["gains"] if g != 0.0]
        if gains:
            weights = np.array([g for _, g in gains])[:, None]
            objectives = tuple(o for o, _ in gains)
            near = self._kept("near", (board, objectives), lambda: dist[[index[o] for o in objectives]] <= 1)
            value = np.add.reduce(near * weights, axis=0) + value
        return value

    def _way(self, board, ctx) -> np.ndarray:
        """The territory a card scores and the walk to the nearest objective not held, every cell."""
        index, dist, walk, _ = self._rows(board)
        value = np.zeros(len(index))
        if ctx["territory_points"] and ctx["territory"]:
            value = value + self._inside(board, ctx["territory"]) * ctx["territory_points"]
        if ctx["goals"]:
            value = value - APPROACH * walk[[index[o] for o in ctx["goals"]]].min(axis=0)
        return value

    def _foes(self, state, cells, reaches, sight_range) -> dict:
        """Enemies x cells: the engage term, steps apart, how each enemy threatens each cell
        (``classes``: 2 adjacent, 1 it can reach the cell next by a move then its weapon's Range,
        0 neither; plus 3 times the enemy's row, an index into :meth:`_threat`'s table), and
        whether it may be attacked from there (seen, within any sight limit, and adjacent if any
        enemy is)."""
        board = state.board
        index, dist, walk, sight = self._rows(board)
        if state.veils:
            sight = np.ascontiguousarray(state.sight_table().T)
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
        return self.place_near_goals(state, state.fighters[best_fighter], options, rng, lambda a: a[2])

    def place_near_goals(self, state, fighter, options, rng, cell_of):
        """Of ``options`` (placements of ``fighter``), the one nearest the objective that the
        fewest friends already cover; equally good ones by the player's own die."""
        walk = state.board.walk
        stakes = state.objective_stakes(fighter.side)
        goals = [o for o in state.rules.objectives if stakes.get(o, 0) > 0]
        covered = dict.fromkeys(goals, 0)
        for friend in state.fighters.values():
            if goals and friend.on and friend.side == fighter.side and friend.id != fighter.id:
                nearest = min(goals, key=lambda g: (walk(friend.pos, g), g))
                covered[nearest] += 1
        if not goals:  # nothing to hold: close in on the enemy together
            goals = [e.pos for e in state.fighters.values() if e.on and e.side != fighter.side] or list(state.rules.objectives)
            covered = dict.fromkeys(goals, 0)
        if not goals:
            return options[0]
        # walking distances are the same both ways: read each goal's row once, not a pair at a time
        rows = [(covered[g], state.board.walk_from(g)) for g in goals]
        keys = {a: min((n, row.get(cell_of(a), UNREACHABLE)) for n, row in rows) for a in options}
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
        scores = self._activate_scores(state, actions)
        return actions[scores.index(max(scores))]  # the first of the best

    def _activate_scores(self, state, actions) -> list[float]:
        """Each fighter's claim to act now: its best attack from here, a little for not having
        acted yet and for the walk to the nearest objective it does not hold."""
        out = []
        for action in actions:
            if action[0] != "activate":
                out.append(-0.5)
                continue
            fighter = state.fighters[action[1]]
            attack = self._attack_now(state, fighter)
            fresh = 0.2 if state.activations[fighter.side].activated[fighter.id] == 0 else 0.0
            walk = state.board.walk_from(fighter.pos)  # one row of the board's walking distances
            goal = min((walk.get(o, UNREACHABLE) for o, h in state.control.items() if h != fighter.side), default=0)
            out.append(attack + fresh + 0.02 * min(goal, 20) + 0.001 * fighter.points)
        return out

    def rank(self, state, actions) -> list[int] | None:
        """For the search player: which fighter to activate, best first (this player's own
        choice first); None for every other decision, which keeps the greedy choice."""
        if state.phase != "activate":
            return None
        scores = self._activate_scores(state, actions)
        return sorted(range(len(actions)), key=lambda i: -scores[i])

    def _act(self, state, actions):
        """The best of an activation's actions: every move judged by where it ends, an attack by
        its odds, waiting by standing here, an ability by what it changes (see the module doc)."""
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
        scores = self._position_scores(state, fighter, cells, after, ctx)
        here = scores[0]
        best_i, best_score = None, -1e18
        if moves:
            best_score = max(scores[1:])
            best_i = moves[scores.index(best_score, 1) - 1]  # the first move that scores it
        plain = {}  # the best score of each kind of action without an ability
        attacks = []
        for i in others:
            action = actions[i]
            if action[0] == "attack":
                value = self.attack_value(state, fighter, state.fighters[action[1]], fighter.weapons[action[2]],
                                          ctx["worths"])
                attacks.append((value, i))
        best_attack = max((v for v, _ in attacks), default=0.0)
        plain = {"move": best_score if moves else -1e18, "attack": here + best_attack + 0.01 if attacks else -1e18,
                 "here": here, "attack_value": best_attack}
        for value, i in attacks:
            score = here + value + 0.01
            if score > best_score or (score == best_score and i < best_i):
                best_i, best_score = i, score
        for i in others:
            action = actions[i]
            kind = action[0]
            if kind == "attack":
                continue
            if kind == "ability":
                score = ability_values.score(self, state, fighter, action, ctx, plain)
            elif kind == "wait":
                score = here - 0.02
            else:  # done
                score = here - 0.01
            if score > best_score or (score == best_score and i < best_i):
                best_i, best_score = i, score
        return actions[best_i]


def _band(state, fighter) -> tuple[int, int] | None:
    """A fighter whose best weapon is a ranged one (no melee weapon hits as hard): the steps from
    its nearest enemy it shoots from, ``(its minimum Range, at least 1; its maximum Range now)``."""
    ranged = [w for w in fighter.weapons if not w.melee]
    if not ranged:
        return None
    best = max(ranged, key=lambda w: (w.attacks * w.dmg_hit, w.max_range))
    if any(w.melee and w.attacks * w.dmg_hit > best.attacks * best.dmg_hit for w in fighter.weapons):
        return None
    return (max(1, best.min_range), state.weapon_now(fighter, best)[0]["max_range"])
