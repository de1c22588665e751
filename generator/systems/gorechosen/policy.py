"""The greedy Gorechosen player: the best-judged action of each decision, the whole card in play.

Every choice the engine offers is judged by :class:`~generator.systems.gorechosen.judge.Judge`
in wounds: attacks by their exact odds against what the target may answer with, the Unique
action by what its effect does (a ward by the attacks it blunts, a push by where it leaves the
victim, a move-and-strike by the strike and the hex it ends on), Shove and Taunt by the
position they leave, Sidestep and moves by the place they reach, Wrath by the Initiative cards
it buys, and every card spent by what it would have done later this round. An effect on where a
fighter stands or faces is judged by putting it there for a moment and judging the place, so
the player never re-implements a rule: kill zones, defences and pushes are the state's.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Sequence

from generator.dice.rng import Rng
from generator.systems.gorechosen import arcs
from generator.systems.gorechosen.judge import (
    KILL, MEAN_DICE, Judge, hits_pmf, wounds_left, wrath_change,
)
from generator.systems.gorechosen.moves import move_options

__all__ = ["GreedyPolicy", "greedy", "push_value", "wounds_left"]

D3_SPREAD = (1, 2, 3)


def wound_worth(wounds: int, left: int) -> float:
    """Wounds on a fighter with ``left`` to slay: each counts up to ``left``, a kill adds KILL."""
    return min(wounds, left) + (KILL if wounds >= left else 0.0)


def d3_worth(left: int) -> float:
    return sum(wound_worth(w, left) for w in D3_SPREAD) / 3


@contextmanager
def placed(fighter, pos=None, facing=None):
    """Stand ``fighter`` elsewhere (or turn them) for a moment, to judge the place it leaves."""
    old = fighter.pos, fighter.facing
    fighter.pos = old[0] if pos is None else pos
    fighter.facing = old[1] if facing is None else facing
    try:
        yield
    finally:
        fighter.pos, fighter.facing = old


def push_value(j: Judge, pusher, target, direction: int, hexes: int = 1) -> float:
    """A push (or pull) of ``target`` up to ``hexes`` hexes along ``direction``, one at a time,
    judged for the pusher's side.

    Against something solid: D3 wounds. At a pit the dice is rolled first and the victim throws
    away just enough cards to reach 4, so with ``h`` cards they fall on ``3 - h`` or less, else
    lose ``4 - roll`` cards. A fighter who cannot be pushed takes that rule's wounds. Where the
    victim ends up is worth the change it makes to the pusher's place.
    """
    state = j.state
    sign = -1.0 if target.side == pusher.side else 1.0
    left = j.left(target)
    start = pos = target.pos
    value = 0.0
    for _ in range(hexes):
        dest = arcs.neighbour(pos, direction)
        with placed(target, pos):
            kind = state.push_destination_kind(dest)
        if kind != "blocked" and target.rule == "unpushable":
            value += sign * wound_worth(target.rule_value("wounds"), left)
            break
        if kind == "blocked":
            value += sign * d3_worth(left)
            break
        if kind == "pit":
            h = len(target.hand)
            fall = max(0, 3 - h) / 6
            value += sign * (fall * (left + KILL) + sum(j.cards_lost(target, 4 - roll) for roll in range(1, 4) if 4 - roll <= h) / 6)
            break
        pos = dest
    if pos != start:
        before = team_place(state, pusher, j)
        with placed(target, pos):
            value += team_place(state, pusher, j) - before
    return value


def team_place(state, f, j: Judge | None = None) -> float:
    """How well ``f``'s side stands: the place value of each fighter of the side still standing.

    With ``j`` (the decision's judge) each arrangement of the fighters is judged once a decision:
    nothing but where fighters stand and face changes while a decision's actions are judged."""
    if j is None:
        return sum(Judge(state, g).place(g.pos, g.facing) for g in state.alive() if g.side == f.side)
    key = (f.side, tuple((g.pos, g.facing) for g in state.fighters))
    hit = j._teams.get(key)
    if hit is None:
        hit = j._teams[key] = sum(Judge(state, g).place(g.pos, g.facing) for g in state.alive() if g.side == f.side)
    return hit


#: the first set-up of the last battle: arena, centre, hexes beside pits, the choices, the one chosen
_FIRST_PLACE: list = []


class GreedyPolicy:
    """``policy_for("gorechosen", "greedy")``."""

    name = "greedy"

    def choose(self, state, actions: Sequence[Any], rng: Rng) -> Any:
        d = state.pending
        return getattr(self, "_" + d.kind)(state, d, actions)

    # ---- turns ---------------------------------------------------------------------------------

    def scores(self, state, f, actions) -> list[float]:
        """Each action's worth, in wounds, for fighter ``f`` (the same order as ``actions``)."""
        j = Judge(state, f)
        track = state.track
        here = j.place(f.pos, f.facing)
        place = j.placer()
        hand = {c.name: c for c in f.hand}
        one = {n: j.cost((n,)) for n in hand}
        moving = {n: wrath_change(track, f.wrath, c.move.wrath) - one[n] for n, c in hand.items()}
        hazards = state.spear is not None or any(e.brace for e in j.enemies)
        uniques: dict = {}
        out = []
        for a in actions:
            kind = a[0]
            if kind == "move":
                v = place(a[2], a[3]) + moving[a[1]]
                if hazards:
                    card = hand[a[1]]
                    v -= self._hazard(state, j, f, card.move.hexes + f.move_bonus, card.move.facing, a[2], a[3])
            elif kind == "attack":
                card = hand[a[1]]
                target = state.by_id[a[2]]
                v = (here + j.strike(f, target, card.attack.dice, f.profile_against(target.pos), card.attack.crippling)
                     + wrath_change(track, f.wrath, card.attack.wrath) - one[a[1]])
            elif kind == "special":
                v = self._special(state, j, f, hand[a[1]], a[2], here) - one[a[1]]
            elif kind == "pass":
                v = here - one[a[1]] - 0.01
            elif kind == "unique":
                # the effect depends on the aim alone; each pair of cards only costs differently
                effect = uniques.get(a[2])
                if effect is None:
                    effect = uniques[a[2]] = self._unique(state, j, f, a[2], here)
                v = effect - j.cost(a[1])
            elif kind == "handover":
                mate = state.teammate(f)
                v = max(self.scores(state, mate, state.card_actions(mate)), default=0.0) - 0.05
            else:  # "end": no second card
                v = here
            out.append(v)
        return out

    def _hazard(self, state, j, f, hexes, icon, dest, facing) -> float:
        """What a move's path costs: a fallen champion's spear at its end, braced front arcs on the way."""
        path = (f.pos, *move_options(state.board, f.pos, f.facing, hexes, icon, state.closed(f))[(dest, facing)])
        cost = 0.0
        left = j.left(f)
        if state.spear is not None and state.board.distance(dest, state.spear) == 1:
            cost += wound_worth(state.spear_wounds, left)
        for e in j.enemies:
            if e.brace and any(h in arcs.front_arc(e.pos, e.facing) for h in path[1:]):
                cost += d3_worth(left)
        return cost

    def _special(self, state, j, f, card, arg, here) -> float:
        sp = card.special
        v = wrath_change(state.track, f.wrath, sp.wrath)
        if sp.kind == "shove":
            target = state.by_id[arg]
            return v + here + push_value(j, f, target, arcs.direction_between(f.pos, target.pos))
        if sp.kind == "step":
            hazard = self._hazard(state, j, f, sp.params.get("hexes", 1), "choose", *arg) if state.spear or any(
                e.brace for e in j.enemies) else 0.0
            return v + j.place(*arg) - hazard
        if sp.kind == "taunt":
            target = state.by_id[arg]
            before = team_place(state, f, j)
            with placed(target, facing=arcs.facing_towards(target.pos, f.pos)):
                turned = team_place(state, f, j)
            return v + here + turned - before
        return v + here  # Roar: its Wrath modifier is all it does

    # ---- unique actions ----------------------------------------------------------------------------

    def _unique(self, state, j, f, arg, here) -> float:
        """What the fighter's Unique action would do, as the place it leaves plus its effect."""
        ua = f.champion.unique_action
        kind = ua.played
        track = state.track
        if kind == "attack":
            return self._unique_attack(state, j, f, ua, arg)
        if kind == "scourge":
            t = state.by_id[arg]
            left, h = j.left(t), len(t.hand)
            pmf = hits_pmf(ua.value("dice"), ua.value("success"))
            return here + sum(p * (j.cards_lost(t, k) + (wound_worth(k - h, left) if k > h else 0.0)) for k, p in enumerate(pmf))
        if kind == "portal":
            v = here + sum(wrath_change(track, f.wrath, r) for r in range(1, 7)) / 6
            for g in state.alive():
                if g is f:
                    continue
                sign = -1.0 if g.side == f.side else 1.0
                left = j.left(g)
                v += sign * sum(-wrath_change(track, g.wrath, r) if r <= 3 else wound_worth(r, left) for r in range(1, 7)) / 6
            return v
        if kind == "blood_bind":
            t = state.by_id[arg]
            chance = min(6, track.spaces[t.wrath]) / 6
            return here + (1.0 if t.side != f.side else -1.0) * chance * (j.cards_lost(t, 1) + 1.0)
        if kind == "spear_rush":
            return self._spear_rush(state, j, f, ua, state.by_id[arg], here)
        if kind == "heal":
            healed = min(ua.value("heal"), f.health.position - f.health.top)
            return here + 1.2 * healed
        if kind == "move":
            return j.place(*arg)
        if kind == "wrath":
            return here + wrath_change(track, f.wrath, ua.value("wrath"))
        if kind in ("push", "pull"):
            t = state.by_id[arg]
            if kind == "push":
                direction = arcs.direction_between(f.pos, t.pos)
            else:
                direction = (state._line_direction(f, t) + 3) % 6
            return here + push_value(j, f, t, direction, ua.value("hexes"))
        if kind == "ward":
            return here + self._ward_value(state, j, f, ua.value("cancel_hits"))
        if kind == "brace":
            left_of = [(e, j.left(e)) for e in j.enemies]
            return here + sum(0.4 * d3_worth(left) for e, left in left_of
                              if 1 < state.board.distance(f.pos, e.pos) <= 4 and e.hand)
        if kind == "target_wrath":
            t = state.by_id[arg]
            sign = 1.0 if t.side != f.side else -1.0
            return here - sign * wrath_change(track, t.wrath, ua.value("wrath"))
        return here - 1.0

    def _unique_attack(self, state, j, f, ua, arg) -> float:
        pos, facing, tid = f.pos, f.facing, arg
        if ua.value("move"):
            pos, facing, tid = arg
        elif ua.value("step"):
            pos = state.step_ahead_hex(f, ua.value("step"))
        v = j.place(pos, facing) + wrath_change(state.track, f.wrath, ua.value("wrath"))
        with placed(f, pos, facing):
            for t, p in state.attack_reach(f, ua, pos, facing):
                if ua.value("all_targets") or t.id == tid:
                    v += j.strike(f, t, ua.value("dice"), p, bool(ua.value("crippling")), bool(ua.value("ignore_defence")))
        return v

    def _spear_rush(self, state, j, f, ua, t, here) -> float:
        dest = arcs.neighbour(t.pos, f.facing)
        v = here + push_value(j, f, t, f.facing) if t.side != f.side else here - 2.0
        moved = state.push_destination_kind(dest) == "free" and t.rule != "unpushable"
        with placed(t, dest if moved else None):
            profile = f.profile_against(t.pos)
            if profile is not None and t.side != f.side:
                v += j.strike(f, t, ua.value("dice"), profile)
        return v

    def _ward_value(self, state, j, f, hits: int) -> float:
        """A ward is worth the attacks it blunts: each threatening enemy's attack with it, less without."""
        total = 0.0
        for e in j.enemies:
            p = e.profile_against(f.pos)
            if p is None:
                continue
            weight = j.weight(e)
            without = j.strike(e, f, MEAN_DICE, p)
            old = f.ward
            f.ward = hits
            try:
                with_ward = j.strike(e, f, MEAN_DICE, p)
            finally:
                f.ward = old
            total += weight * (without - with_ward)
        return total

    # ---- a turn ---------------------------------------------------------------------------------

    def rank(self, state, actions) -> list[int] | None:
        """For the search player: a turn's actions best first (this player's own choice first);
        None for set-up, drafting and the reactions, which keep the greedy choice (searching the
        answers to attacks or the set-up as well cost a fifth more playouts and gained nothing
        measurable, docs/players.md)."""
        d = state.pending
        if d.kind != "turn" and d.kind != "second":
            return None
        scores = self.scores(state, d.fighter, actions)
        return sorted(range(len(actions)), key=lambda i: -scores[i])

    def _best(self, state, f, actions):
        scores = self.scores(state, f, actions)
        return actions[scores.index(max(scores))]  # the first of the best, as max() takes it

    def _turn(self, state, d, actions):
        return self._best(state, d.fighter, actions)

    _second = _turn

    def _bind(self, state, d, actions):
        """Fexgor makes the bound enemy do what is worst for that enemy."""
        scores = self.scores(state, d.fighter, actions)
        return actions[min(range(len(actions)), key=lambda i: scores[i])]

    # ---- reactions -------------------------------------------------------------------------------

    def _defend(self, state, d, actions):
        """Block, Parry or Dodge when what it saves (a kill above all) beats what the card would
        do later this round."""
        best, best_v = ("take",), 0.0
        for a, v in zip(actions, self._defend_scores(state, d, actions)):
            if a[0] == "defend" and v > best_v:
                best, best_v = a, v
        return best

    def _defend_scores(self, state, d, actions) -> list[float]:
        """Each answer's worth against the hits coming, in wounds; taking them is worth 0."""
        f = d.fighter
        attacker = state.by_id[d.info["attacker"]]
        hits, profile = d.info["hits"], d.info["profile"]
        j = Judge(state, f)
        left = j.left(f)
        thick = f.rule_value("wounds") if f.rule == "thick_hide" else 0
        hand = {c.name: c for c in f.hand}
        taken = wound_worth(max(0, hits * profile.wounds - thick), left) if hits * profile.wounds > thick else 0.0
        out = []
        for a in actions:
            if a[0] != "defend":
                out.append(0.0)
                continue
            card = hand[a[1]]
            cancelled = min(hits, state.cancels(f, card))
            after = max(0, (hits - cancelled) * profile.wounds - thick)
            v = taken - (wound_worth(after, left) if after else 0.0) + wrath_change(state.track, f.wrath, card.special.wrath)
            if card.special.kind == "parry" and cancelled:
                if cancelled == hits:
                    v -= wrath_change(state.track, attacker.wrath, -1)
                if f.rule == "skullgouger":
                    v += wound_worth(f.rule_value("wounds"), j.left(attacker))
            out.append(v - j.cost((a[1],)))
        return out

    def _pit(self, state, d, actions):
        """The dice is already rolled: throw away just enough cards to reach 4, the ones the rest
        of the round needs least, or none at all when even the whole hand would not save them."""
        f = d.fighter
        need = max(0, 4 - d.info["roll"])
        if need > len(f.hand):
            need = 0
        j = Judge(state, f)
        fitting = [a for a in actions if len(a[1]) == need]
        return min(fitting, key=lambda a: (j.cost(a[1]), a[1]))

    def _face(self, state, d, actions):
        """Spun Around: turn the victim away from the fighter who injured them."""
        victim, by = d.fighter, state.by_id[d.info["by"]]
        away = (arcs.facing_towards(victim.pos, by.pos) + 3) % 6
        return ("face", away)

    def _follow(self, state, d, actions):
        """Spear Rush: step into the hex the victim left when it is the better place to stand."""
        f = d.fighter
        j = Judge(state, f)
        return ("follow",) if j.place(d.info["cell"], f.facing) > j.place(f.pos, f.facing) else ("stay",)

    def _draft(self, state, d, actions):
        j = Judge(state, d.fighter)
        cards = {c.name: c for c in state.deck.cards}
        return max(actions, key=lambda a: (sum(j.card_worth(cards[a[1]])), a[1]))

    def _place(self, state, d, actions):
        if not any(e.pos is not None for e in state.enemies(d.fighter)):
            last = _FIRST_PLACE
            if last and last[0] is state.board and last[1] == state.centre and last[2] == state.beside_pits \
                    and last[3] == actions:
                return actions[last[4]]  # the same choices on the same arena: the same choice
            scores = self._place_scores(state, d, actions)
            best = scores.index(max(scores))
            _FIRST_PLACE[:] = [state.board, state.centre, state.beside_pits, list(actions), best]
            return actions[best]
        scores = self._place_scores(state, d, actions)
        return actions[scores.index(max(scores))]

    def _place_scores(self, state, d, actions) -> list[float]:
        """Each set-up hex and facing: the first champion stands about 2 hexes from the middle,
        away from the pits and facing inwards; a later one where the judge rates the place, about
        3 hexes from the nearest enemy."""
        f = d.fighter
        if not any(e.pos is not None for e in state.enemies(f)):
            centre, near_pit, board = state.centre, state.beside_pits, state.board
            return [-abs(board.distance(p, centre) - 2) - 0.5 * (p in near_pit)
                    - 0.1 * (facing != arcs.facing_towards(p, centre)) for _, p, facing in actions]
        j = Judge(state, f)
        gap: dict = {}
        out = []
        for a in actions:
            p = a[1]
            g = gap.get(p)
            if g is None:
                g = gap[p] = -0.2 * abs(state.board.distance(p, j.nearest(p).pos) - 3)
            out.append(j.place(p, a[2]) + g)
        return out


def greedy() -> GreedyPolicy:
    return GreedyPolicy()
