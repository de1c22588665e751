"""The greedy Gorechosen player: strikes from the kill zone with the likeliest damage, keeps out
of the enemy's, faces its threats, and shoves enemies into pits.

It judges one decision at a time with one currency, *wounds*: an attack is worth its exact
expected wounds (:func:`mechanics.attack_odds`); a place to stand is worth what the fighter could
deal from it next turn minus most of what the enemies could deal to it; a card spent is worth a
little of what it could have done later. Everything it knows it asks the state (kill zones,
profiles, push destinations, legal actions); no rule is re-implemented here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from generator.dice.rng import Rng
from generator.systems.gorechosen import arcs
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.models import ActionCard, Profile

MEAN_DICE = 3.0  # about what a random Action card's attack rolls (the deck averages 3.17)
THREAT = 0.6  # how much of an enemy's next attack a place to stand is charged with
WRATH = 0.4  # a space of Wrath (an Initiative card next round), in wounds
DEFENCE = ("block", "parry", "dodge")


@lru_cache(maxsize=512)
def expected(dice: int, to_hit: int, wounds: int) -> float:
    """Exact expected wounds of an attack (before any Block, Parry or Dodge)."""
    return float(m.attack_odds(dice, Profile(to_hit=to_hit, wounds=wounds)).expected_damage)


def per_die(profile: Profile | None) -> float:
    return 0.0 if profile is None else (7 - profile.to_hit) / 6 * profile.wounds


_WORTH: dict[int, tuple[ActionCard, float]] = {}


def worth(card: ActionCard) -> float:
    """What holding a card is worth, to choose which one to spend or throw away (cached)."""
    hit = _WORTH.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    value = _worth(card)
    _WORTH[id(card)] = (card, value)
    return value


def _worth(card: ActionCard) -> float:
    value = 0.25 * card.attack.dice
    if card.special.kind in DEFENCE:
        value += 0.5 + 0.25 * card.special.params.get("cancel_hits", 1)
    elif card.special.kind == "shove":
        value += 0.3
    return value


def wounds_left(health: m.Health) -> int:
    """Wounds that slay a fighter from where their Health marker stands (the book's track)."""
    total = 0
    while not health.slain:
        health = m.take_wounds(health, 1).health
        total += 1
    return total


def push_value(state, target, dest) -> float:
    """A push into ``dest``: a pit may end the fighter (they throw away up to 3 cards to stay,
    so a full hand makes it only a loss of cards), something solid deals D3 (2 on average)."""
    kind = state.push_destination_kind(dest)
    if kind == "pit":
        discards = min(3, len(target.hand))
        fall = (3 - discards) / 6
        return fall * (wounds_left(target.health) + 5) + 0.8 * discards
    return 2.0 if kind == "blocked" else 0.2


_REACH: dict[tuple, tuple] = {}
_THREAT: dict[tuple, tuple] = {}


def _reach(side, target) -> dict[tuple, float]:
    """``{(hex, facing): wounds}``: where a fighter with this card side could attack ``target`` from."""
    key = (id(side), target)
    hit = _REACH.get(key)
    if hit is None or hit[0] is not side:
        out: dict[tuple, float] = {}
        for facing in range(6):
            for (dq, dr), band in arcs.zone_offsets(side, facing).items():
                v = per_die(side.profiles[band]) * MEAN_DICE
                k = ((target[0] - dq, target[1] - dr), facing)
                if v > out.get(k, 0.0):
                    out[k] = v
        if len(_REACH) > 50_000:
            _REACH.clear()
        hit = _REACH[key] = (side, out)
    return hit[1]


def _threat(side, pos, facing) -> dict[tuple, float]:
    """``{hex: wounds}``: what a fighter standing on ``pos`` facing ``facing`` threatens."""
    key = (id(side), pos, facing)
    hit = _THREAT.get(key)
    if hit is None or hit[0] is not side:
        out = {(pos[0] + dq, pos[1] + dr): per_die(side.profiles[band]) * MEAN_DICE
               for (dq, dr), band in arcs.zone_offsets(side, facing).items()}
        if len(_THREAT) > 50_000:
            _THREAT.clear()
        hit = _THREAT[key] = (side, out)
    return hit[1]


class Places:
    """Values of the places a fighter could stand, against the enemies as they stand now."""

    def __init__(self, state, f):
        self.state = state
        self.f = f
        self.enemies = [e for e in state.enemies(f) if e.pos is not None]
        if len(self.enemies) == 1:
            e = self.enemies[0]
            self.mine = _reach(f.card, e.pos)
            self.theirs = _threat(e.card, e.pos, e.facing)
        else:
            self.mine, self.theirs = {}, {}
            for e in self.enemies:
                for key, v in _reach(f.card, e.pos).items():
                    if v > self.mine.get(key, 0.0):
                        self.mine[key] = v
                for p, v in _threat(e.card, e.pos, e.facing).items():
                    self.theirs[p] = self.theirs.get(p, 0.0) + v
        self._towards: dict[tuple, int] = {}

    def nearest(self, pos):
        return min(self.enemies, key=lambda e: (self.state.board.distance(pos, e.pos), e.id)) if self.enemies else None

    def _base(self, pos) -> tuple[float, int]:
        """The facing-free part of a place's value, and the facing towards the nearest enemy."""
        hit = self._towards.get(pos)
        if hit is None:
            e = self.nearest(pos)
            dist = self.state.board.distance(pos, e.pos)
            v = -THREAT * self.theirs.get(pos, 0.0) - 0.15 * max(0, dist - 1)
            if dist <= 2 and pos in self.state.beside_pits:
                v -= 0.3
            hit = self._towards[pos] = (v, arcs.facing_towards(pos, e.pos))
        return hit

    def value(self, pos, facing: int) -> float:
        if not self.enemies:
            return 0.0
        base, toward = self._base(pos)
        turn = (facing - toward) % 6
        return self.mine.get((pos, facing), 0.0) + base - 0.1 * (turn if turn <= 3 else 6 - turn)


class GreedyPolicy:
    """``policy_for("gorechosen", "greedy")``."""

    name = "greedy"

    def choose(self, state, actions: Sequence[Any], rng: Rng) -> Any:
        d = state.pending
        return getattr(self, "_" + d.kind)(state, d, actions)

    # ---- turns ---------------------------------------------------------------------------------

    def scores(self, state, f, actions) -> list[float]:
        """Each action's worth, in wounds, for fighter ``f`` (the same order as ``actions``)."""
        places = Places(state, f)
        here = places.value(f.pos, f.facing)
        hand = {c.name: c for c in f.hand}
        spend = {n: WRATH * c.move.wrath - 0.3 * worth(c) for n, c in hand.items()}
        memo: dict[tuple, float] = {}
        value = places.value
        out = []
        for a in actions:
            kind = a[0]
            if kind == "move":
                key = (a[2], a[3])
                v = memo.get(key)
                if v is None:
                    v = memo[key] = value(a[2], a[3])
                out.append(v + spend[a[1]])
            elif kind == "attack":
                card = hand[a[1]]
                target = state.by_id[a[2]]
                p = f.profile_against(target.pos)
                out.append(here + expected(card.attack.dice, p.to_hit, p.wounds) + WRATH * card.attack.wrath
                           + (0.5 if card.attack.crippling else 0.0) - 0.1 * worth(card))
            elif kind == "special":
                out.append(here + self._special(state, f, hand[a[1]], a[2], places))
            elif kind == "pass":
                out.append(here - 0.3 * worth(hand[a[1]]) - 0.05)
            elif kind == "unique":
                out.append(here + self._unique(state, f, a[2]) - 0.3 * sum(worth(hand[n]) for n in a[1]))
            elif kind == "handover":
                mate = state.teammate(f)
                out.append(max(self.scores(state, mate, state.card_actions(mate)), default=0.0) - 0.2)
            elif kind == "end":
                out.append(here)
            else:
                out.append(0.0)
        return out

    def _special(self, state, f, card, arg, places) -> float:
        sp = card.special
        v = WRATH * sp.wrath - 0.3 * worth(card)
        if sp.kind == "shove":
            target = state.by_id[arg]
            if target.side == f.side:
                return v - 1.0
            dest = arcs.neighbour(target.pos, arcs.direction_between(f.pos, target.pos))
            return v + push_value(state, target, dest)
        if sp.kind == "step":
            return v + places.value(*arg) - places.value(f.pos, f.facing)
        if sp.kind == "wrath":
            return v + WRATH
        if sp.kind == "taunt":
            return v - 1.0  # turning an enemy to face you only helps them
        return v

    def _unique(self, state, f, arg) -> float:
        ua = f.champion.unique_action
        kind = ua.kind
        if kind == "attack":
            targets = state.targets_in_zone(f) if ua.params.get("all_targets") else [state.by_id[arg]]
            v = 0.0
            for t in targets:
                p = f.profile_against(t.pos)
                v += expected(ua.params.get("dice", 3), p.to_hit, p.wounds)
            return v + 0.5 * bool(ua.params.get("ignore_defence")) + 0.5 * bool(ua.params.get("crippling"))
        if kind == "scourge":
            t = state.by_id[arg]
            hits = ua.params.get("dice", 4) * (7 - ua.params.get("success", 4)) / 6
            cards = min(hits, len(t.hand))
            return 0.8 * cards + 2.5 * max(0.0, hits - len(t.hand))
        if kind == "portal":
            v = 3.5 * WRATH
            for g in state.alive():
                if g is not f:
                    sign = -1 if g.side == f.side else 1
                    v += sign * (0.5 * 2 * -WRATH + 0.5 * 5.0)
            return v
        if kind == "blood_bind":
            t = state.by_id[arg]
            if t.side == f.side:
                return -2.0
            chance = min(6, m.wrath_value(state.track, t.wrath)) / 6
            return chance * 2.5
        if kind == "spear_rush":
            t = state.by_id[arg]
            if t.side == f.side:
                return -2.0
            push = push_value(state, t, arcs.neighbour(t.pos, f.facing))
            p = f.card.profiles.get("far") or next(iter(f.card.profiles.values()))
            return push + expected(ua.params.get("dice", 2), p.to_hit, p.wounds)
        if kind == "heal":
            return 1.0 * min(ua.params.get("heal", 2), f.health.position - f.health.top)
        if kind == "move":
            places = Places(state, f)
            return places.value(*arg) - places.value(f.pos, f.facing)
        return -1.0

    def _best(self, state, f, actions):
        scores = self.scores(state, f, actions)
        best = max(range(len(actions)), key=lambda i: scores[i])
        return actions[best]

    def _turn(self, state, d, actions):
        return self._best(state, d.fighter, actions)

    _second = _turn

    def _bind(self, state, d, actions):
        """Fexgor makes the bound enemy do what is worst for that enemy."""
        scores = self.scores(state, d.fighter, actions)
        return actions[min(range(len(actions)), key=lambda i: scores[i])]

    # ---- reactions -------------------------------------------------------------------------------

    def _defend(self, state, d, actions):
        hits, profile = d.info["hits"], d.info["profile"]
        hand = {c.name: c for c in d.fighter.hand}
        best, best_v = ("take",), 0.0
        for a in actions:
            if a[0] != "defend":
                continue
            sp = hand[a[1]].special
            cancelled = min(hits, sp.params.get("cancel_hits", 0))
            v = cancelled * profile.wounds + WRATH * sp.wrath + (WRATH if sp.kind == "parry" and cancelled == hits else 0)
            if v > best_v:
                best, best_v = a, v
        return best

    def _pit(self, state, d, actions):
        """Throw away enough cards to be safe (3, or all), the least useful ones."""
        hand = {c.name: c for c in d.fighter.hand}
        need = min(3, len(d.fighter.hand))
        fitting = [a for a in actions if len(a[1]) == need]
        return min(fitting, key=lambda a: (sum(worth(hand[n]) for n in a[1]), a[1]))

    def _face(self, state, d, actions):
        """Spun Around: turn the victim away from the fighter who injured them."""
        victim, by = d.fighter, state.by_id[d.info["by"]]
        away = (arcs.facing_towards(victim.pos, by.pos) + 3) % 6
        return ("face", away)

    def _follow(self, state, d, actions):
        return ("follow",)

    def _draft(self, state, d, actions):
        cards = {c.name: c for c in state.deck.cards}
        return max(actions, key=lambda a: (worth(cards[a[1]]) + 0.1 * cards[a[1]].attack.dice, a[1]))

    def _place(self, state, d, actions):
        f = d.fighter
        placed = [e for e in state.enemies(f) if e.pos is not None]
        if not placed:
            centre = state.centre
            near_pit = state.beside_pits

            def score(a):
                _, p, facing = a
                return (-abs(state.board.distance(p, centre) - 2) - 0.5 * (p in near_pit)
                        - 0.1 * (facing != arcs.facing_towards(p, centre)))

            return max(actions, key=score)
        places = Places(state, f)
        gap: dict = {}

        def score(a):
            p = a[1]
            g = gap.get(p)
            if g is None:
                g = gap[p] = -0.2 * abs(state.board.distance(p, places.nearest(p).pos) - 3)
            return places.value(p, a[2]) + g

        return max(actions, key=score)


def greedy() -> GreedyPolicy:
    return GreedyPolicy()
