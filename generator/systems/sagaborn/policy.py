"""The greedy SagaBorn player: one look ahead, judged by the exact odds of the battle dice.

It reads the state and its legal actions only; every rule it needs (who can be attacked from
where, with how many dice, what a move reaches) it asks the state, which asks the mechanics.

* Moves: each reachable hex is scored by the best attack it opens (likeliest take-down first,
  then expected damage, both exact, with high ground, cover and the specials that add dice),
  a relic to pick up, a chest or door to open, minus the walk still left to the nearest prize
  or enemy (a shooter's walk ends where an enemy comes in range: its band), minus the *danger*
  of the hex (:mod:`judge`: the exact worth of the blows the enemies could land there before
  the unit acts again, with the dice high ground, water and cover give). Shooters and relic
  holders count danger fully, so they shoot from outside the enemy's reach; fighters count a
  quarter of it, so of two hexes to strike from they take the higher or safer one.
* Standard actions: the attack with the likeliest take-down, then the highest expected damage;
  a heal (a heal_action special) when the HP it gives back is worth more than the best attack;
  a strip_cover special (free) on the enemy whose cover, taken away, gains most against the
  attacks still to come this round, never when no attack would gain; a relic underfoot is
  picked up unless a kill is likelier than not; chests and doors are opened when nothing can be
  hit.
* Talents: Feint only when a shield fewer lets more through (its exact average gain is
  positive), Lone Wolf when the reroll's exact average beats the roll it has, Parry when damage
  is coming, Protector when it saves a friend who would die and the protector survives, Cleave
  and Riposte whenever they are offered, Ruthless when the extra attack die is worth more than
  the lost defence die, Battlecall brings the biggest squad near.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any, Sequence

from generator.dice.battle_dice import CRIT, HIT, P_CRIT, P_HIT, P_SHIELD, SHIELD, attack_odds, damage_from_counts
from generator.dice.rng import Rng
from generator.play.board import UNREACHABLE
from generator.systems.sagaborn.judge import KILL_WEIGHT, dangers_for
from generator.systems.sagaborn.mechanics import attack_damage

RELIC_VALUE = 8.0
CHEST_VALUE = 3.0
SHRINE_VALUE = 3.0
APPROACH = 0.15
#: How much the blows a hex invites (judge.Dangers) count against it: fully for shooters and
#: relic holders, who have no business in reach of the enemy; a little for fighters, who must
#: close in but may pick the higher or safer of two hexes to strike from.
DANGER_RANGED = 1.0
DANGER_MELEE = 0.25


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
        enemies = state.enemies_of(state.turn)
        # the walk to the nearest enemy from every hex (walks over open hexes are the same both ways)
        to_enemy = _walk_field(state.board, [e.pos for e in enemies]) if enemies else None
        scored = []
        for action in actions:
            sq = state.squads[state.turn][action[1]]
            key = (-1e9,)
            for uid in sq.units:
                f = state.fighters[uid]
                if not f.alive:
                    continue
                gap = to_enemy.get(f.pos, UNREACHABLE) if to_enemy is not None else 99
                can_reach = gap <= f.stats.move + f.stats.range
                power = _power(f.stats.attack)
                k = (1 if can_reach else 0, power if can_reach else -gap)
                key = max(key, k)
            scored.append((key, action))
        return _pick_best(scored, rng)

    # ---- moving ---------------------------------------------------------------------------------

    def _move(self, state, actions, rng=None):
        if len(actions) == 1:
            return actions[0]  # held in its hex, or nowhere to go
        look = _MoveLook(state, state.current_unit(), actions)
        if look.holder:
            return _pick_best(look.keep_away(), rng)
        if not look.ranged:
            return _pick_best(look.close_in(), rng)
        return _pick_best(look.shoot(), rng)

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
        if "expose" in kinds:
            expose = _best_exposure(state, f, [a for a in actions if a[0] == "expose"])
            if expose is not None:
                return expose  # free: the unit still takes its standard action after it
        if "pick_up" in kinds and (best_key is None or best_key[0] < 0.5):
            return kinds["pick_up"]
        attack_worth = -1.0 if best_key is None else KILL_WEIGHT * best_key[0] + best_key[1]
        if "heal" in kinds:
            heal, worth = _best_heal(state, f, [a for a in actions if a[0] == "heal"])
            if worth > max(attack_worth, 0.0):
                return heal
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
        if s.stage == "attacker":
            # Feint: a shield rerolled turns into a blank or worse 5 times in 8; worth it only
            # when one shield fewer lets more through (never when the shields are spare)
            if "feint" in names and SHIELD in s.dfn:
                gain = _feint_gain(s.att, s.dfn, t.hp)
                if gain > 0:
                    return ("feint", s.dfn.index(SHIELD))
            if "lone_wolf" in names:
                kept = [face for i, face in enumerate(s.att) if i in s.att_rerolled]
                fresh = len(s.att) - len(kept)
                if _attack_reroll_worth(kept, fresh, s.dfn, t.hp) > _worth(damage, t.hp):
                    return ("lone_wolf",)
            return ("done",)
        if s.stage == "defender":
            if damage and "parry" in names:
                return ("parry",)
            if damage and "lone_wolf" in names:
                kept = [face for i, face in enumerate(s.dfn) if i in s.def_rerolled]
                fresh = len(s.dfn) - len(kept)
                if _defence_reroll_worth(s.att, kept, fresh, t.hp) < _worth(damage, t.hp):
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


def _best_exposure(state, f, actions):
    """The enemy whose cover, taken for the round, gains the most against the attacks still to
    come this round (this unit's and every friend's who has not acted yet and could attack it
    as they stand): None when no attack would lose a cover die (never used for nothing)."""
    best, best_gain = None, 0.0
    waiting = [g for g in state.living(f.side) if not state.squad_of(g).activated or g.uid in state.queue]
    for action in actions:
        e = state.fighters[action[2]]
        gain = 0.0
        for g in waiting:
            view = state.attack_view(g, e)
            if view is not None and view[2].get("cover"):
                with_cover = _odds(view[0], view[1], e.hp)
                without = _odds(view[0], view[1] - 1, e.hp)
                gain += KILL_WEIGHT * (without[0] - with_cover[0]) + without[1] - with_cover[1]
        if gain > best_gain + 1e-9:
            best, best_gain = action, gain
    return best


def _best_heal(state, f, actions):
    """The heal worth most, and its worth in the attack's terms: each HP back is worth one
    point of damage, and a friend one blow from death is worth a take-down saved."""
    best, best_worth = None, -1.0
    for action in actions:
        g = state.fighters[action[2]]
        effect = state.squad_of(f).card.special.effect
        amount = min(effect.amount, g.stats.hp - g.hp)
        worth = float(amount) + (1.0 if g.hp <= 2 else 0.0)
        if worth > best_worth:
            best, best_worth = action, worth
    return best, best_worth


def _worth(damage: int, hp: int) -> float:
    """An attack's result in the player's terms: a take-down weighs KILL_WEIGHT, plus damage."""
    return (KILL_WEIGHT if damage >= hp else 0.0) + damage


def _feint_gain(att, dfn, hp: int) -> float:
    """What rerolling one of the defender's shields is worth on average."""
    now = _worth(attack_damage(att, dfn), hp)
    fewer = list(dfn)
    fewer.remove(SHIELD)
    return float(1 - P_SHIELD) * (_worth(attack_damage(att, fewer), hp) - now)


def _attack_reroll_worth(kept, fresh: int, dfn, hp: int) -> float:
    """The average worth of an attack whose ``fresh`` dice are rolled again (``kept`` stay)."""
    shields = dfn.count(SHIELD)
    hits0, crits0 = kept.count(HIT), kept.count(CRIT)
    p_other = 1 - float(P_HIT) - float(P_CRIT)
    total = 0.0
    for crits in range(fresh + 1):
        for hits in range(fresh - crits + 1):
            p = (comb(fresh, crits) * comb(fresh - crits, hits) * float(P_CRIT) ** crits * float(P_HIT) ** hits
                 * p_other ** (fresh - crits - hits))
            total += p * _worth(damage_from_counts(hits0 + hits, crits0 + crits, shields), hp)
    return total


def _defence_reroll_worth(att, kept, fresh: int, hp: int) -> float:
    """The average worth (to the attacker) of an attack once ``fresh`` defence dice are rolled again."""
    hits, crits = att.count(HIT), att.count(CRIT)
    shields0 = kept.count(SHIELD)
    p = float(P_SHIELD)
    return sum(comb(fresh, k) * p ** k * (1 - p) ** (fresh - k) * _worth(damage_from_counts(hits, crits, shields0 + k), hp)
               for k in range(fresh + 1))


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
    top = max([score for score, _ in scored])
    if isinstance(top, float):
        best = [action for score, action in scored if score == top or top - score < 1e-9]
    else:
        best = [action for score, action in scored if score == top]
    if len(best) == 1 or rng is None:
        return best[0]
    return best[rng.integers(0, len(best) - 1)]


class _MoveLook:
    """What one unit's move is judged by (see the module docstring): the prizes, the enemies and
    the walks to them, the hexes it could strike from, the danger of each hex; and the scores of
    its legal moves, one list of ``(score, action)`` per kind of unit."""

    def __init__(self, state, f, actions):
        self.state, self.f, self.actions = state, f, actions
        board = self.board = state.board
        enemies = self.enemies = state.enemies_of(f.side)
        prizes = [r["pos"] for r in state.relics.values() if r["pos"] is not None and r["holder"] is None]
        self.on_ground = set(prizes)
        prizes += list(state.chests)
        doors = [board.parse(label) for label in state.doors]
        self.holder = bool(f.relics)
        self.openers = {n for c in list(state.chests) + doors for n in board.neighbours(c)} | set(state.chests)
        shrine = self.shrine = _shrine_to_take(state, f)
        targets = [e.pos for e in enemies]
        goals = prizes + [n for d in doors for n in board.open_neighbours(d)] + sorted(shrine)
        self.to_enemy = _walk_field(board, targets)
        self.to_prize = (_walk_field(board, goals) if goals else None) or None
        self.ranged = f.stats.range > 1
        self.reach = f.stats.range
        self.dangers = dangers_for(state, f)
        self.near_enemy = state.enemy_adjacent_cells(f.side)
        self.weight = DANGER_RANGED if self.ranged or self.holder else DANGER_MELEE
        self.prized = self.on_ground | self.openers | shrine  # hexes with any prize bonus

    def keep_away(self) -> list:
        """A relic holder keeps away: its steps from the nearest enemy and the blows it invites
        count; a shooter still takes the shot the hex it keeps to allows."""
        state, f, actions, dangers = self.state, self.f, self.actions, self.dangers
        rows = [self.board.distance_from(e.pos) for e in self.enemies]
        cells = [action[2] for action in actions]
        dangers.prepare(cells)
        best: dict = {}
        for dest, e, seen in state.strike_views(f, cells) if self.ranged else ():
            kill, mean = _odds(seen[0], seen[1], e.hp)
            best[dest] = max(best.get(dest, 0.0), KILL_WEIGHT * kill + mean)
        scored = []
        for action in actions:
            dest = action[2]
            score = 0.5 * (min([row[dest] for row in rows]) if rows else 10) - self.weight * dangers.at(dest)
            scored.append((score + best.get(dest, 0.0), action))
        return scored

    def score_of(self, dest, best, exact=True) -> float:
        """A hex's score: the best attack from it (``best``, None when none), the prizes on or
        next to it, minus the walk still left and the danger (exact, or as if no shooter saw it)."""
        score = 0.0
        if best is not None:
            score += best
        if dest in self.prized:
            if dest in self.on_ground:
                score += RELIC_VALUE
            if dest in self.openers:
                score += CHEST_VALUE
            if dest in self.shrine:
                score += SHRINE_VALUE
        # a shooter walks to where an enemy is in range (its band), anyone else to the enemy
        walk = self.to_enemy.get(dest, 0)
        ranged = self.ranged
        if ranged:
            walk = walk - self.reach if walk > self.reach else 0
        if self.to_prize is not None:
            prize = self.to_prize.get(dest, 0)
            if prize < walk:
                walk = prize
        score -= APPROACH * walk
        if ranged or dest in self.near_enemy:  # a fighter weighs the blows only where they are sure
            score -= self.weight * self.dangers.at(dest, exact)
        return score

    def work_out(self, indices, strikes, scores) -> None:
        """The exact scores of these hexes into ``scores`` (one strike_views call for all of
        them; ``strikes`` says which hexes an attack may be made from)."""
        actions = self.actions
        if self.ranged:
            self.dangers.prepare([actions[i][2] for i in indices])
        cells = [actions[i][2] for i in indices if strikes[i]]
        best: dict = {}
        for dest, e, seen in self.state.strike_views(self.f, cells) if cells else ():
            kill, mean = _odds(seen[0], seen[1], e.hp)
            value = KILL_WEIGHT * kill + mean
            if dest not in best or value > best[dest]:
                best[dest] = value
        score_of, ranged, found = self.score_of, self.ranged, best.get
        for i in indices:
            dest = actions[i][2]
            scores[i] = score_of(dest, found(dest), ranged)

    def close_in(self) -> list:
        """A fighter: a few hexes next to enemies, so every hex is worked out."""
        actions = self.actions
        strikes = [action[2] in self.near_enemy for action in actions]
        scores = [0.0] * len(actions)
        self.work_out(range(len(actions)), strikes, scores)
        return list(zip(scores, actions))

    def shoot(self) -> list:
        """A shooter: most hexes it reaches may shoot, so hexes are bounded first.

        Working out a shot (sight, cover, the dice) and the shots it invites is most of a move's
        cost. So every hex is first scored with an upper bound (_strike_bound: the best dice it
        could roll against each enemy in range, high ground as it stands, with or without cover;
        the danger as if no shooter could see it), the best-bounded hex is worked out, and then
        every hex whose bound comes within PRUNE_MARGIN of that exact score (the best can only
        rise); the others can be neither the best nor tied with it (see _pick_best), so the
        choice is the one judging every hex exactly gives."""
        state, f, actions, enemies = self.state, self.f, self.actions, self.enemies
        attack = f.stats.attack
        level = state.levels.__getitem__
        rows = [self.board.distance_from(e.pos) for e in enemies]
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
        reach, score_of = self.reach, self.score_of
        for action in actions:
            dest = action[2]
            best = None
            for top, row in ranked[level(dest)]:
                if row[dest] <= reach:
                    best = top
                    break
            scores.append(score_of(dest, best, False))
            strikes.append(best is not None)
        bounds = list(scores)
        order = sorted(range(len(actions)), key=bounds.__getitem__, reverse=True)
        self.work_out(order[:1], strikes, scores)
        floor = scores[order[0]] - PRUNE_MARGIN
        self.work_out([i for i in order[1:] if bounds[i] >= floor], strikes, scores)
        return list(zip(scores, actions))


_ODDS: dict[tuple, tuple[float, float]] = {}

#: A hex whose score bound is this far below the best exact score is not worked out: far more
#: than float rounding, far more than the 1e-9 within which _pick_best calls scores tied.
PRUNE_MARGIN = 1e-6


_BOUNDS: dict[tuple, float] = {}


def _strike_bound(state, f, e, dest, attack: int, level: int, target_level: int) -> float:
    """The highest value (KILL_WEIGHT x take-down chance + expected damage) ``f``'s attack on
    ``e`` from ``dest`` can have, whatever sight finds: the better of its two possible pools
    (:meth:`SagaState.pool_choices`: high ground as the cells stand, with or without cover, and
    the specials' dice). Kept per pools and HP."""
    choices = state.pool_choices(f, e, dest)
    key = (choices, e.hp)
    hit = _BOUNDS.get(key)
    if hit is None:
        hit = _BOUNDS[key] = max(KILL_WEIGHT * kill + mean for kill, mean in
                                 (_odds(att, dfn, e.hp) for att, dfn in choices))
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
