"""A greedy Bladestorm player: close with enemies it can beat, strike where the kill is likeliest.

It looks one decision ahead and weighs everything with the exact odds of single attacks
(:func:`generator.systems.bladestorm.outlook.damage_vector`); where a base can go and whom it
would touch it asks the state (:meth:`BladestormState.reach`, ``contact_anchors``, ``route_to``).

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
"""

from __future__ import annotations

from typing import Any, Sequence

from generator.dice.rng import Rng
from generator.systems.bladestorm.footing import UNREACHABLE
from generator.systems.bladestorm.outlook import damage_vector

END = ("end",)


_MEANS: dict[tuple, float] = {}
_KILLS: dict[tuple, tuple[float, float]] = {}


class _Odds:
    """Exact single-attack numbers, cached by what decides them: the weapon's dice and the Defense."""

    @staticmethod
    def _arm(attacker, weapon: str | None):
        return next((w for w in attacker.arms if w.name == weapon), attacker.arms[0])

    def mean(self, attacker, target) -> float:
        """Expected hits of the attacker's best weapon on the target."""
        best = 0.0
        for arm in attacker.arms:
            key = (arm.attack, arm.damage, target.card.defense)
            hit = _MEANS.get(key)
            if hit is None:
                vec = damage_vector(attacker.card, target.card, arm)
                hit = _MEANS[key] = float(sum(i * p for i, p in enumerate(vec)))
            best = max(best, hit)
        return best

    def kill(self, attacker, target, weapon: str | None, left: int) -> tuple[float, float]:
        """(P(this attack leaves no Endurance), expected hits that count) with ``left`` boxes left."""
        if not attacker.arms or left <= 0:
            return 0.0, 0.0
        arm = self._arm(attacker, weapon)
        key = (arm.attack, arm.damage, target.card.defense, left)
        hit = _KILLS.get(key)
        if hit is None:
            vec = damage_vector(attacker.card, target.card, arm)
            hit = _KILLS[key] = (float(vec[left:].sum()), float(sum(min(i, left) * p for i, p in enumerate(vec))))
        return hit


class GreedyPolicy:
    name = "greedy"

    def __init__(self):
        self.odds = _Odds()

    def choose(self, state, actions: Sequence[Any], rng: Rng) -> Any:
        phase = state.phase
        if phase == "attack":
            return self._attack(state, actions)
        if phase == "move":
            return self._move(state, actions)
        return self._place(state, actions)

    # ---- attacks -------------------------------------------------------------------------------

    def _attack(self, state, actions):
        best, best_score = END, 0.0
        for action in actions:
            if action[0] != "attack":
                continue
            attacker, target = state.piece(action[1]), state.piece(action[2])
            left = target.fighter.endurance_left
            p_kill, useful = self.odds.kill(attacker, target, action[3], left)
            score = p_kill + 0.3 * (useful / left if left > 0 else 0.0)
            if score > best_score:
                best, best_score = action, score
        return best

    # ---- moves ---------------------------------------------------------------------------------

    def _beats(self, state, target, team) -> bool:
        """Do ``team`` together remove ``target`` sooner than it removes all of them (expected)?

        Patience runs out as the turn limit nears: after a third of it, a fight up to half again
        as long as the enemy's is taken; after two thirds, any fight at all (a battle that ends at
        the limit is a draw, and a draw is nobody's win)."""
        ours = sum(self.odds.mean(g, target) for g in team)
        if ours <= 0:
            return False
        theirs = 0.0
        for g in team:
            rate = self.odds.mean(target, g)
            theirs += g.fighter.endurance_left / rate if rate > 0 else float(UNREACHABLE)
        limit = getattr(getattr(state, "scenario", None), "turn_limit", None)
        slack = 1.0
        if limit:
            if state.round >= 2 * limit / 3:
                return True
            if state.round >= limit / 3:
                slack = 1.5
        return target.fighter.endurance_left / ours <= theirs * slack

    def _move(self, state, actions):
        side = state.turn_side
        movers = [p for p in state.standing(side) if not p.moved]
        enemies = state.standing("b" if side == "a" else "a")
        friends = state.standing(side)
        reach = {p.id: state.reach(p) for p in movers}
        contacts = {(p.id, e.id): [i for i in state.contact_anchors(p, e) if i in reach[p.id]] for p in movers for e in enemies}
        best: tuple | None = None
        best_key: tuple = ()
        for e in enemies:
            team = [g for g in friends if (g.moved and state.in_contact(g, e)) or (not g.moved and contacts[(g.id, e.id)])]
            if not self._beats(state, e, team):
                continue
            for p in movers:
                spots = contacts[(p.id, e.id)]
                if not spots:
                    continue
                p_kill = max(self.odds.kill(p, e, w.name, e.fighter.endurance_left)[0] for w in p.arms) if p.arms else 0.0
                for i in spots:
                    others = sum(1 for o in enemies if o is not e and state.touching(p, i, o))
                    key = (1, p_kill, -others, -reach[p.id][i][0], -i)
                    if best is None or key > best_key:
                        best, best_key = ("move", p.id, p.footing.cell(i)), key
        if best is not None:
            return best
        # Nobody can start a winning fight: walk towards the enemy the side beats most easily.
        target = self._quarry(state, friends, enemies)
        if target is None:
            return END
        for p in movers:
            if any(state.in_contact(p, e) for e in enemies):
                continue  # already fighting: stay and strike
            goals = state.contact_anchors(p, target)
            if not goals:
                continue
            dist = p.footing.field(goals)
            here = dist[p.anchor]
            # close in, but not into a fight it cannot win: contact was weighed above
            touching = {i for e in enemies for i in state.contact_anchors(p, e)}
            spots = [i for i in reach[p.id] if i not in touching]
            if not spots:
                continue
            spot = min(spots, key=lambda i: (dist[i], reach[p.id][i][0], i))
            if dist[spot] < here:
                key = (0, -dist[spot], 0, 0, -spot)
                if best is None or key > best_key:
                    best, best_key = ("move", p.id, p.footing.cell(spot)), key
        return best or END

    def _quarry(self, state, friends, enemies):
        """The enemy the whole side beats most clearly (then the nearest), or None."""
        best, best_key = None, None
        for e in enemies:
            ours = sum(self.odds.mean(g, e) for g in friends)
            beaten = self._beats(state, e, friends)
            near = min((state.route_to(g, e) for g in friends), default=UNREACHABLE)
            if near >= UNREACHABLE:
                continue
            key = (beaten, -(e.fighter.endurance_left / ours if ours else float(UNREACHABLE)), -near)
            if best_key is None or key > best_key:
                best, best_key = e, key
        return best

    # ---- set-up --------------------------------------------------------------------------------

    def _place(self, state, actions):
        piece = state.piece(actions[0][1])
        f = piece.footing
        goals: set[int] = set()
        for q in state.pieces:
            if q.side != piece.side and q.placed:
                goals.update(state.contact_anchors(piece, q))
        if not goals:  # the enemy is not on the table yet: aim at their set-up zone
            enemy = "b" if piece.side == "a" else "a"
            tiles = state.setting.zone_tiles.get(enemy, frozenset())
            goals = {i for i in range(len(f.fits)) if f.fits[i] and tiles.intersection(f.block(i))}
        dist = f.field(goals) if goals else None
        if dist is None:
            return actions[0]
        return min(actions, key=lambda a: (dist[f.index(a[2])], f.index(a[2])))
