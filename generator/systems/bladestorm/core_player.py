"""The greedy Bladestorm player on the battle core: close with enemies it can beat, strike where
the kill is likeliest.

It looks one decision ahead and weighs everything with the exact odds of single attacks
(:func:`generator.systems.bladestorm.outlook.damage_vector`, read into tables once per seating
by :class:`Odds`); where a base can go and whom it would touch it asks the state.

* **Attacks**: the attack with the best chance to finish its target this step (Endurance left
  against the exact damage distribution), then the most expected damage, as a share of what the
  target has left. A target already at zero is left alone: it will be removed anyway.
* **Moves**: a combatant moves into contact with an enemy *it can beat*: the friends who touch
  that enemy or can reach it this move, together, are expected to remove it sooner than it can
  remove all of them (expected exchanges from the exact mean damage). Among such moves it takes
  the one with the best chance to kill, touching the fewest other enemies. Otherwise it walks
  towards the enemy its side can beat most easily (route length around walls, for its own base
  size), and a combatant already in a fight it can win stays.
* **Set-up**: each base as close (by route) as its zone allows to the enemy.

Patience runs out as the turn limit nears: after a third of it, a fight up to half again as long
as the enemy's is taken; after two thirds, any fight at all (a battle that ends at the limit is
a draw, and a draw is nobody's win).
"""

from __future__ import annotations

from array import array

from generator.play.core import CorePlayer
from generator.systems.bladestorm.core_rules import encode
from generator.systems.bladestorm.core_consts import ATTACK, FAR, MOVE, MOVING, SETUP


class Odds:
    """Exact single-attack numbers for every attacker, attack and target of one seating:
    ``kill`` (the chance that the attack leaves no Endurance) and ``useful`` (expected hits that
    count) for each Endurance left, and ``mean`` (expected hits of the attacker's best attack)."""

    def __init__(self, cards, arms, endurances):
        from generator.systems.bladestorm.outlook import damage_vector

        count = len(cards)
        self.count = count
        self.most = max(endurances) if endurances else 0
        width = self.most + 1
        self.width = width
        self.kill = array("d", [0.0] * (len(arms.mult) * count * width))
        self.useful = array("d", [0.0] * (len(arms.mult) * count * width))
        self.mean = array("d", [0.0] * (count * count))
        for p, card in enumerate(cards):
            options = card.attacks() if card.armed else []
            for q, target in enumerate(cards):
                best = 0.0
                for w, arm in enumerate(options):
                    vec = damage_vector(card, target, arm)
                    best = max(best, float(sum(i * pr for i, pr in enumerate(vec))))
                    row = ((arms.first[p] + w) * count + q) * width
                    for left in range(1, endurances[q] + 1):
                        self.kill[row + left] = float(vec[left:].sum())
                        self.useful[row + left] = float(sum(min(i, left) * pr for i, pr in enumerate(vec)))
                self.mean[p * count + q] = best


class BladestormGreedy(CorePlayer):
    """The greedy player (see the module docstring) for one seating's :class:`Odds`."""

    def __init__(self, odds):
        self.odds = odds
        self.goals = array("i", [0] * 4096)
        self.spots = array("i", [0] * 4096)
        self.flags = array("i", [0] * 4096)
        self.worths = array("d", [0.0] * 4096)

    def choose(self, state, codes, count, chooser):
        battle = state  # a Bladestorm state
        if battle.step == SETUP:
            return self.place(battle, codes, count)
        if battle.step == MOVING:
            return self.move(battle, codes, count)
        return self.attack(battle, codes, count)

    def rank(self, state, codes, count, chooser, out):
        """The choice first, then the other actions by a rough worth: an attack by its chance to
        finish the target; a move into contact by the best chance to kill an enemy it touches
        there; any other move by how much nearer it brings the piece to its nearest enemy; the
        end of a step and a set-up place last (a search player tries the best few)."""
        best = self.choose(state, codes, count, chooser)
        battle = state  # a Bladestorm state
        worth = self.worths
        for i in range(count):
            worth[i] = self.rough_worth(battle, codes[i])
        out[0] = best
        ranked = 1
        for i in range(count):  # a selection sort of the rest: the search reads only the first few
            if i != best:
                out[ranked] = i
                ranked += 1
        for a in range(1, ranked):
            top = a
            for b in range(a + 1, ranked):
                if worth[out[b]] > worth[out[top]]:
                    top = b
            if top != a:
                out[a], out[top] = out[top], out[a]
            if a >= 8:
                break
        return ranked

    def rough_worth(self, state, code):
        kind = code >> 40
        pieces = state.flat
        if kind == ATTACK:
            p, q, w = (code >> 28) & 0xFFF, (code >> 12) & 0xFFFF, code & 0xFFF
            return 1.0 + self.kill_and_useful(state, p, w, q)[0]
        if kind != MOVE:
            return 0.0
        p, anchor = (code >> 28) & 0xFFF, (code >> 12) & 0xFFFF
        side = pieces.seat[p]
        fight = -1.0
        nearest = FAR
        for e in range(pieces.count):
            if pieces.seat[e] == side or pieces.removed[e]:
                continue
            if state.touches(p, anchor, e):
                arms = state.arms
                for w in range(arms.first[p + 1] - arms.first[p]):
                    kill = self.kill_and_useful(state, p, w, e)[0]
                    if kill > fight:
                        fight = kill
            else:
                route = state.fields.dist[state.contact_field(p, e) + anchor]
                if route < nearest:
                    nearest = route
        if fight >= 0.0:
            return 2.0 + fight
        return 1.0 - nearest / 1.0e6 if nearest < FAR else 0.0

    # ---- odds ------------------------------------------------------------------------------------

    def kill_and_useful(self, state, p, arm, q):
        """(P(this attack leaves no Endurance), expected hits that count) of ``p``'s attack
        ``arm`` (an index among its attacks) on ``q`` as ``q`` stands now."""
        pieces, arms, odds = state.flat, state.arms, self.odds
        left = pieces.endurance[q] - pieces.hits[q]
        if arms.first[p] == arms.first[p + 1] or left <= 0:
            return 0.0, 0.0
        index = arms.first[p] + arms.same[arms.first[p] + arm]
        row = (index * odds.count + q) * odds.width
        return odds.kill[row + left], odds.useful[row + left]

    def beats(self, state, target, team, size):
        """Do the ``size`` pieces in ``team`` together remove ``target`` sooner than it removes
        all of them (expected exchanges)?"""
        pieces, odds = state.flat, self.odds
        ours = 0.0
        for t in range(size):
            ours += odds.mean[team[t] * odds.count + target]
        if ours <= 0:
            return False
        theirs = 0.0
        for t in range(size):
            g = team[t]
            rate = odds.mean[target * odds.count + g]
            theirs += (pieces.endurance[g] - pieces.hits[g]) / rate if rate > 0 else float(FAR)
        limit = state.turn_limit
        slack = 1.0
        if limit:
            if state.round >= 2 * limit / 3:
                return True
            if state.round >= limit / 3:
                slack = 1.5
        return (pieces.endurance[target] - pieces.hits[target]) / ours <= theirs * slack

    # ---- attacks ---------------------------------------------------------------------------------

    def attack(self, state, codes, count):
        best = count - 1  # the last code is the end of this side's attacks
        best_score = 0.0
        for i in range(count):
            code = codes[i]
            if code >> 40 != ATTACK:
                continue
            p, q, w = (code >> 28) & 0xFFF, (code >> 12) & 0xFFFF, code & 0xFFF
            left = state.flat.endurance[q] - state.flat.hits[q]
            p_kill, useful = self.kill_and_useful(state, p, w, q)
            score = p_kill + 0.3 * (useful / left if left > 0 else 0.0)
            if score > best_score:
                best, best_score = i, score
        return best

    # ---- moves -----------------------------------------------------------------------------------

    def move(self, state, codes, count):
        pieces = state.flat
        side = state.turn_side
        n = state.tables[0].n
        total = pieces.count
        # where every mover can go this move, kept for the whole decision
        for p in range(total):
            if pieces.seat[p] == side and not pieces.removed[p] and not pieces.moved[p]:
                state.find_reach(p)
        team = array("i", [0] * total)
        chosen = self.best_fight(state, side, n, team)
        if chosen < 0:
            chosen = self.best_approach(state, side, n)
        if chosen < 0:
            return count - 1  # the end code
        for i in range(count):
            if codes[i] == chosen:
                return i
        return count - 1

    def reachable_contacts(self, state, p, q, n, out):
        """Anchors where mover ``p`` would touch ``q`` and that it can reach this move, in
        ``contact_anchors`` order, into ``out``; how many."""
        found = state.contacts_into(p, q, self.goals)
        kept = 0
        for j in range(found):
            anchor = self.goals[j]
            if state.work.reach_cost[p * n + anchor] < FAR:
                out[kept] = anchor
                kept += 1
        return kept

    def best_fight(self, state, side, n, team):
        """The move into the best winnable fight: its code, or -1 when there is none."""
        pieces = state.flat
        total = pieces.count
        best = -1
        k_kill, k_others, k_cost, k_anchor = 0.0, 0, 0, 0
        for e in range(total):
            if pieces.seat[e] == side or pieces.removed[e]:
                continue
            size = 0
            for g in range(total):
                if pieces.seat[g] != side or pieces.removed[g]:
                    continue
                if pieces.moved[g]:
                    if state.in_contact_now(g, e):
                        team[size] = g
                        size += 1
                elif self.reachable_contacts(state, g, e, n, self.spots) > 0:
                    team[size] = g
                    size += 1
            if not self.beats(state, e, team, size):
                continue
            for p in range(total):
                if pieces.seat[p] != side or pieces.removed[p] or pieces.moved[p]:
                    continue
                spots = self.reachable_contacts(state, p, e, n, self.spots)
                if spots == 0:
                    continue
                p_kill = 0.0
                arms = state.arms
                for w in range(arms.first[p + 1] - arms.first[p]):
                    kill = self.kill_and_useful(state, p, w, e)[0]
                    if w == 0 or kill > p_kill:
                        p_kill = kill
                for j in range(spots):
                    anchor = self.spots[j]
                    others = 0
                    for o in range(total):
                        if o != e and pieces.seat[o] != side and not pieces.removed[o] and state.touches(p, anchor, o):
                            others += 1
                    cost = state.work.reach_cost[p * n + anchor]
                    # the key (1, p_kill, -others, -cost, -anchor), the largest wins
                    if (best < 0 or p_kill > k_kill or (p_kill == k_kill and (others < k_others or (
                            others == k_others and (cost < k_cost or (cost == k_cost and anchor < k_anchor)))))):
                        best = encode(MOVE, p, anchor, 0)
                        k_kill, k_others, k_cost, k_anchor = p_kill, others, cost, anchor
        return best

    def best_approach(self, state, side, n):
        """Nobody can start a winning fight: the move that walks farthest towards the enemy the
        side beats most easily (its code), or -1."""
        pieces = state.flat
        total = pieces.count
        target = self.quarry(state, side)
        if target < 0:
            return -1
        best = -1
        k_dist, k_anchor = 0, 0
        for p in range(total):
            if pieces.seat[p] != side or pieces.removed[p] or pieces.moved[p]:
                continue
            fighting = False
            for e in range(total):
                if pieces.seat[e] != side and not pieces.removed[e] and state.in_contact_now(p, e):
                    fighting = True
                    break
            if fighting:
                continue  # already fighting: stay and strike
            if state.contacts_into(p, target, self.goals) == 0:
                continue
            field = state.contact_field(p, target)
            here = state.fields.dist[field + pieces.anchor[p]]
            marked = self.mark_enemy_contacts(state, p, side)
            spot = -1
            s_dist, s_cost = 0, 0
            base = p * n
            for j in range(state.work.reach_count[p]):
                anchor = state.work.reach_order[base + j]
                if self.flags[anchor]:
                    continue  # close in, but not into a fight it cannot win: contact was weighed above
                dist = state.fields.dist[field + anchor]
                cost = state.work.reach_cost[base + anchor]
                if spot < 0 or dist < s_dist or (dist == s_dist and (cost < s_cost or (cost == s_cost and anchor < spot))):
                    spot, s_dist, s_cost = anchor, dist, cost
            for j in range(marked):
                self.flags[self.spots[j]] = 0
            if spot < 0:
                continue
            if s_dist < here:
                # the key (0, -dist, 0, 0, -anchor), the largest wins
                if best < 0 or s_dist < k_dist or (s_dist == k_dist and spot < k_anchor):
                    best = encode(MOVE, p, spot, 0)
                    k_dist, k_anchor = s_dist, spot
        return best

    def mark_enemy_contacts(self, state, p, side):
        """Flag (in ``flags``) every anchor where ``p``'s base would touch an enemy; the flagged
        anchors are listed in ``spots``; how many."""
        pieces = state.flat
        marked = 0
        for e in range(pieces.count):
            if pieces.seat[e] != side and not pieces.removed[e]:
                found = state.contacts_into(p, e, self.goals)
                for j in range(found):
                    anchor = self.goals[j]
                    if not self.flags[anchor]:
                        self.flags[anchor] = 1
                        self.spots[marked] = anchor
                        marked += 1
        return marked

    def quarry(self, state, side):
        """The enemy the whole side beats most clearly (then the nearest), or -1."""
        pieces, odds = state.flat, self.odds
        total = pieces.count
        friends = array("i", [0] * total)
        size = 0
        for g in range(total):
            if pieces.seat[g] == side and not pieces.removed[g]:
                friends[size] = g
                size += 1
        best = -1
        k_beaten, k_ease, k_near = False, 0.0, 0
        for e in range(total):
            if pieces.seat[e] == side or pieces.removed[e]:
                continue
            ours = 0.0
            for t in range(size):
                ours += odds.mean[friends[t] * odds.count + e]
            beaten = self.beats(state, e, friends, size)
            near = FAR
            for t in range(size):
                route = self.route_to(state, friends[t], e)
                if route < near:
                    near = route
            if near >= FAR:
                continue
            ease = -((pieces.endurance[e] - pieces.hits[e]) / ours if ours else float(FAR))
            # the key (beaten, ease, -near), the largest wins
            if (best < 0 or (beaten and not k_beaten) or (beaten == k_beaten and (
                    ease > k_ease or (ease == k_ease and near < k_near)))):
                best, k_beaten, k_ease, k_near = e, beaten, ease, near
        return best

    def route_to(self, state, p, q):
        """Shortest route (milli-inches, bases ignored) from ``p`` to contact with ``q``."""
        return state.fields.dist[state.contact_field(p, q) + state.flat.anchor[p]]

    # ---- set-up ----------------------------------------------------------------------------------

    def place(self, state, codes, count):
        pieces = state.flat
        p = (codes[0] >> 28) & 0xFFF
        table = state.tables[pieces.table[p]]
        goals = 0
        seen = array("i", [0] * table.n)
        for q in range(pieces.count):
            if pieces.seat[q] != pieces.seat[p] and pieces.anchor[q] >= 0:
                found = state.contacts_into(p, q, self.spots)
                for j in range(found):
                    if not seen[self.spots[j]]:
                        seen[self.spots[j]] = 1
                        self.goals[goals] = self.spots[j]
                        goals += 1
        if goals == 0:  # the enemy is not on the table yet: aim at their set-up zone
            zone = state.zones[1 - pieces.seat[p]]
            if len(zone) > 0:
                for i in range(table.n):
                    if table.fits[i] and state.covers_zone(table, i, zone):
                        self.goals[goals] = i
                        goals += 1
        if goals == 0:
            return 0
        state.field(pieces.table[p], self.goals, goals)
        best, k_dist, k_anchor = 0, 0, 0
        for i in range(count):
            anchor = (codes[i] >> 12) & 0xFFFF
            dist = state.work.field_cost[anchor]
            if i == 0 or dist < k_dist or (dist == k_dist and anchor < k_anchor):
                best, k_dist, k_anchor = i, dist, anchor
        return best
