"""The greedy SagaBorn player: one look ahead, judged by the exact odds of the battle dice.

It reads the state and its legal actions only; every rule it needs (who can be attacked from
where, with how many dice, what a move reaches) it asks the state, which asks the mechanics.

* Moves: each reachable hex is scored by the best attack it opens (likeliest take-down first,
  then expected damage, both exact), a relic to pick up, a chest or door to open, minus the walk
  still left to the nearest enemy or prize (a shrine the scenario scores counts as one while
  the enemy holds it or nobody does); a relic holder keeps away from enemies instead.
* Standard actions: the attack with the likeliest take-down, then the highest expected damage;
  a relic underfoot is picked up unless a kill is likelier than not; chests and doors are opened
  when nothing can be hit.
* Talents: Feint rerolls a defender's shield, Parry rerolls when damage is coming, Lone Wolf when
  the roll is worse than average, Protector when it saves a friend who would die and the
  protector survives, Cleave and Riposte whenever they are offered, Ruthless when the extra
  attack die is worth more than the lost defence die, Battlecall brings the biggest squad near.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any, Sequence

from generator.dice.battle_dice import CRIT, HIT, P_CRIT, P_HIT, P_SHIELD, SHIELD, attack_odds, damage_from_counts
from generator.dice.rng import Rng
from generator.play.board import UNREACHABLE
from generator.systems.sagaborn.mechanics import attack_damage

KILL_WEIGHT = 6.0
RELIC_VALUE = 8.0
CHEST_VALUE = 3.0
SHRINE_VALUE = 3.0
APPROACH = 0.15


class GreedyPolicy:
    name = "greedy"

    def choose(self, state: Any, actions: Sequence[Any], rng: Rng) -> Any:
        kind = actions[0][0] if state.phase != "strike" else "strike"
        phase = state.phase
        if phase == "ruthless":
            return self._ruthless(state, actions)
        if phase == "initiative":
            return ("initiative", "keep")
        if phase == "battlecall":
            return self._battlecall(state, actions)
        if phase in ("move", "called"):
            return self._move(state, actions, rng)
        if phase == "choose":
            return self._activate(state, actions, rng)
        if phase == "act":
            return self._act(state, actions)
        if kind == "strike":
            return self._react(state, actions)
        return actions[0]

    # ---- set-up and rounds ----------------------------------------------------------------------

    def _ruthless(self, state, actions):
        sq = state._ruthless_pending[0]
        card = sq.card
        gain = float(attack_odds(card.attack + 1, 2).expected_damage - attack_odds(card.attack, 2).expected_damage)
        loss = float(attack_odds(3, card.defense - 1).expected_damage - attack_odds(3, card.defense).expected_damage)
        return ("ruthless", sq.index, gain > loss)

    def _battlecall(self, state, actions):
        caller = state.fighters[state.callers[0]]
        best, size = actions[0], 0
        for action in actions[1:]:
            sq = state.squads[caller.side][action[2]]
            n = sum(1 for u in sq.units if state.fighters[u].alive)
            if n > size:
                best, size = action, n
        return best

    def _activate(self, state, actions, rng=None):
        """The squad with the best attack within reach this activation, else the nearest to a prize."""
        board = state.board
        enemies = state.enemies_of(state.turn)
        spots = [e.pos for e in enemies]
        scored = []
        for action in actions:
            sq = state.squads[state.turn][action[1]]
            key = (-1e9,)
            for uid in sq.units:
                f = state.fighters[uid]
                if not f.alive:
                    continue
                row = board.walk_from(f.pos)
                gap = min([row.get(p, UNREACHABLE) for p in spots]) if spots else 99
                can_reach = gap <= f.stats.move + f.stats.range
                power = _power(f.stats.attack)
                k = (1 if can_reach else 0, power if can_reach else -gap)
                key = max(key, k)
            scored.append((key, action))
        return _pick_best(scored, rng)

    # ---- moving ---------------------------------------------------------------------------------

    def _move(self, state, actions, rng=None):
        f = state.current_unit()
        board = state.board
        enemies = state.enemies_of(f.side)
        prizes = [r["pos"] for r in state.relics.values() if r["pos"] is not None and r["holder"] is None]
        on_ground = set(prizes)
        prizes += list(state.chests)
        doors = [board.parse(label) for label in state.doors]
        holder = bool(f.relics)
        near_enemy = state.enemy_adjacent_cells(f.side)
        openers = {n for c in list(state.chests) + doors for n in board.neighbours(c)} | set(state.chests)
        goals = [e.pos for e in enemies] + prizes + [n for d in doors for n in board.open_neighbours(d)]
        shrine = _shrine_to_take(state, f)
        if shrine:
            goals += sorted(shrine)
        field = _walk_field(board, goals)
        ranged = f.stats.range > 1
        level = state.levels.__getitem__
        scored = []
        if holder:
            # a relic holder keeps away: its steps from the nearest enemy, one table row per enemy
            rows = [board.distance_from(e.pos) for e in enemies]
            for action in actions:
                dest = action[2]
                score = 0.0
                score += 0.5 * (min([row[dest] for row in rows]) if rows else 10)
                score += 0.05 * level(dest)
                scored.append((score, action))
            return _pick_best(scored, rng)
        # the best strike each hex opens (melee units strike only from hexes next to an enemy)
        reach = f.stats.range
        rows = [board.distance_from(e.pos) for e in enemies]
        ranged_rows = rows if ranged else ()

        def score_of(dest, best):
            score = 0.0
            if best is not None:
                score += best
            if dest in on_ground:
                score += RELIC_VALUE
            if dest in openers:
                score += CHEST_VALUE
            if dest in shrine:
                score += SHRINE_VALUE
            score -= APPROACH * field.get(dest, 0)
            if ranged and dest in near_enemy:
                score -= 1.0 * sum(1 for row in ranged_rows if row[dest] == 1)
            score += 0.05 * level(dest)
            return score

        def work_out(indices):
            """The exact scores of these hexes (one strike_views call for all of them)."""
            cells = [actions[i][2] for i in indices if strikes[i]]
            best: dict = {}
            for dest, e, seen in state.strike_views(f, cells) if cells else ():
                kill, mean = _odds(seen[0], seen[1], e.hp)
                value = KILL_WEIGHT * kill + mean
                if dest not in best or value > best[dest]:
                    best[dest] = value
            for i in indices:
                dest = actions[i][2]
                scores[i] = score_of(dest, best.get(dest))

        if not ranged:  # a few hexes next to enemies: work them all out
            strikes = [action[2] in near_enemy for action in actions]
            scores = [0.0] * len(actions)
            work_out(range(len(actions)))
            return _pick_best(list(zip(scores, actions)), rng)
        # A ranged unit may shoot from most hexes it reaches, and working out a shot (sight,
        # cover, the dice) is most of a move's cost. So every hex is first scored with an upper
        # bound of its shot, the best dice it could roll against each enemy in range
        # (_strike_bound: high ground as it stands, with or without cover), the best-bounded hex
        # is worked out, and then every hex whose bound comes within PRUNE_MARGIN of that exact
        # score (the best can only rise); the others can be neither the best nor tied with it
        # (see _pick_best), so the choice is the one judging every hex exactly gives.
        attack = f.stats.attack
        # per level a hex may stand at: each enemy's bound from there, best first, with its row of
        # distances (a hex's bound is then the first enemy in range down that list)
        ranked = {}
        for action in actions:
            dest = action[2]
            here = level(dest)
            if here not in ranked:
                ranked[here] = sorted(((_strike_bound(state, f, e, dest, attack, here, level(e.pos)), row)
                                       for row, e in zip(rows, enemies)), key=lambda pair: pair[0], reverse=True)
        scores, strikes = [], []
        for action in actions:
            dest = action[2]
            best = None
            for top, row in ranked[level(dest)]:
                if row[dest] <= reach:
                    best = top
                    break
            scores.append(score_of(dest, best))
            strikes.append(best is not None)
        bounds = list(scores)
        order = sorted(range(len(actions)), key=bounds.__getitem__, reverse=True)
        work_out(order[:1])
        floor = scores[order[0]] - PRUNE_MARGIN
        work_out([i for i in order[1:] if bounds[i] >= floor])
        return _pick_best(list(zip(scores, actions)), rng)

    # ---- standard actions -----------------------------------------------------------------------

    def _act(self, state, actions):
        f = state.current_unit()
        best_attack, best_key = None, None
        for action in actions:
            if action[0] != "attack":
                continue
            target = state.fighters[action[2]]
            view = state.attack_view(f, target)
            key = _odds(view[0], view[1], target.hp)
            if best_key is None or key > best_key:
                best_attack, best_key = action, key
        kinds = {a[0]: a for a in actions}
        if "pick_up" in kinds and (best_key is None or best_key[0] < 0.5):
            return kinds["pick_up"]
        if best_attack is not None and best_key[1] > 0:
            return best_attack
        if "use_relic" in kinds:
            return kinds["use_relic"]
        if "open" in kinds:
            return kinds["open"]
        return best_attack or ("hold", f.uid)

    # ---- talents during an attack ---------------------------------------------------------------

    def _react(self, state, actions):
        s = state.strikes[-1]
        names = {a[0] for a in actions}
        t = state.fighters[s.target]
        damage = attack_damage(s.att, s.dfn)
        hits, crits, shields = s.att.count(HIT), s.att.count(CRIT), s.dfn.count(SHIELD)
        if s.stage == "attacker":
            if "feint" in names and hits + crits and shields:
                return ("feint", s.dfn.index(SHIELD))
            if "lone_wolf" in names and _reroll_attack(len(s.att), shields) > damage:
                return ("lone_wolf",)
            return ("done",)
        if s.stage == "defender":
            if damage and "parry" in names:
                return ("parry",)
            if damage and "lone_wolf" in names and _reroll_defence(len(s.dfn), hits, crits) < damage:
                return ("lone_wolf",)
            return ("done",)
        if s.stage == "protect":
            for action in actions:
                if action[0] == "protect":
                    g = state.fighters[action[1]]
                    if s.damage >= t.hp and s.damage < g.hp:
                        return action
            return ("done",)
        if s.stage == "cleave":
            a = state.fighters[s.attacker]
            best, best_key = ("done",), None
            for action in actions:
                if action[0] == "cleave":
                    e = state.fighters[action[1]]
                    odds = state.odds(a, e)
                    key = (float(odds.kill_probability(e.hp)), float(odds.expected_damage))
                    if best_key is None or key > best_key:
                        best, best_key = action, key
            return best
        if "riposte" in names:
            return ("riposte",)
        return ("done",)


def _shrine_to_take(state, f) -> set:
    """The open hexes on and next to a shrine the scenario scores, while ``f``'s side does not
    hold it (one more unit there would count), else nothing."""
    shrine = getattr(state, "shrine", None)
    if shrine is None or state.shrine_holder() == f.side:
        return set()
    board = state.board
    return set(board.open_neighbours(shrine)) | (set() if board.blocked(shrine) else {shrine})


def _pick_best(scored, rng):
    """The best-scored action; ties are broken at random (the order of the legal actions follows
    the board's coordinates, so a fixed tie-break would favour one side of a mirrored board)."""
    top = max(score for score, _ in scored)
    best = [action for score, action in scored if score == top or (isinstance(top, float) and top - score < 1e-9)]
    if len(best) == 1 or rng is None:
        return best[0]
    return best[rng.integers(0, len(best) - 1)]


_ODDS: dict[tuple, tuple[float, float]] = {}

#: A hex whose score bound is this far below the best exact score is not worked out: far more
#: than float rounding, far more than the 1e-9 within which _pick_best calls scores tied.
PRUNE_MARGIN = 1e-6


_BOUNDS: dict[tuple, float] = {}


def _strike_bound(state, f, e, dest, attack: int, level: int, target_level: int) -> float:
    """The highest value (KILL_WEIGHT x take-down chance + expected damage) ``f``'s attack on
    ``e`` from ``dest`` can have, whatever sight finds: the better of its two possible pools
    (:meth:`SagaState.pool_choices`). Kept per Attack, Defense, HP and the two levels."""
    key = (attack, e.stats.defense, e.hp, level, target_level)
    hit = _BOUNDS.get(key)
    if hit is None:
        hit = _BOUNDS[key] = max(KILL_WEIGHT * kill + mean for kill, mean in
                                 (_odds(att, dfn, e.hp) for att, dfn in state.pool_choices(f, e, dest)))
    return hit


@lru_cache(maxsize=None)
def _power(attack: int) -> float:
    """Expected damage of ``attack`` dice against two defence dice (how hard a squad hits)."""
    return float(attack_odds(attack, 2).expected_damage)


def _odds(attack: int, defense: int, hp: int) -> tuple[float, float]:
    """(chance to take the target down, expected damage) of one attack, exact, kept as floats."""
    key = (attack, defense, hp)
    hit = _ODDS.get(key)
    if hit is None:
        odds = attack_odds(attack, defense)
        hit = _ODDS[key] = (float(odds.kill_probability(hp)), float(odds.expected_damage))
    return hit


_FIELDS: dict[int, tuple] = {}


def _walk_field(board, goals) -> dict:
    """Walking distance from every open hex to the nearest of ``goals`` (fighters ignored).

    Kept for the last few goal lists per board: the units of one squad move one after another
    with the same enemies and prizes ahead of them."""
    import numpy as np

    hit = _FIELDS.get(id(board))
    if hit is None or hit[0] is not board:
        index = {p: i for i, p in enumerate(board.open)}
        table = np.array([[board.walk(p, q) for q in board.open] for p in board.open], dtype=np.int32)
        if len(_FIELDS) > 32:
            _FIELDS.clear()
        hit = _FIELDS[id(board)] = (board, index, table, {})
    _, index, table, memo = hit
    key = tuple(goals)
    field = memo.get(key)
    if field is not None:
        return field
    rows = [index[g] for g in goals if g in index]
    if not rows:
        return {}
    best = table[rows].min(axis=0).tolist()
    if len(memo) >= 64:
        memo.clear()
    field = memo[key] = dict(zip(board.open, best))
    return field


@lru_cache(maxsize=None)
def _reroll_attack(dice: int, shields: int) -> float:
    """Expected damage of ``dice`` fresh attack dice against ``shields`` shields already rolled."""
    p_other = 1 - float(P_HIT) - float(P_CRIT)
    total = 0.0
    for crits in range(dice + 1):
        for hits in range(dice - crits + 1):
            p = (comb(dice, crits) * comb(dice - crits, hits) * float(P_CRIT) ** crits * float(P_HIT) ** hits
                 * p_other ** (dice - crits - hits))
            total += p * damage_from_counts(hits, crits, shields)
    return total


@lru_cache(maxsize=None)
def _reroll_defence(dice: int, hits: int, crits: int) -> float:
    """Expected damage taken when ``dice`` defence dice are rolled afresh against fixed hits/crits."""
    p = float(P_SHIELD)
    return sum(comb(dice, k) * p ** k * (1 - p) ** (dice - k) * damage_from_counts(hits, crits, k)
               for k in range(dice + 1))
