"""How the greedy Gorechosen player judges a moment, in one currency: wounds.

* **An attack** is worth the exact expected wounds it lands, each capped at what the target has
  left, plus :data:`KILL` times the chance it slays (a kill ends a duel, or takes an enemy's
  turns away in 2v2). The target's answer is counted from what the player may know: its ward,
  its rules, and the chance that a hand of its size holds a Block, Parry or Dodge it may play
  (the Action deck's make-up; the cards themselves are hidden). A Crippling Blow or Cleave adds
  a Critical Injury's worth; a Block or Dodge the defender spends is a card it no longer has.
* **Wrath** is worth what it buys: an Initiative card next round for each point up to the four
  a player owns (:data:`TURN`), a little more above that (fuel for costly attacks).
* **A place to stand** (a hex and a facing) is worth what the fighter could deal from it on its
  next turn, less what the enemies could deal to it there on theirs, weighted by how likely each
  side is to act next (their Initiative cards left this round), less a little for distance.
* **A card** is worth what it would do later this round: the fighter has as many turns left as
  Initiative cards still in the deck, so a hand bigger than its turns has spare cards, and
  spending one costs nothing; the enemies' attacks still to come give defence cards their use.
  Spending cards costs the drop in that future value (:meth:`Judge.cost`).

Everything is computed from the state in a fixed order with plain floats, so two runs choose
alike; no rule is re-implemented (kill zones, defences, pushes are asked of the state).
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from math import comb

from generator.dice.gorechosen import attack_odds as dice_odds
from generator.systems.gorechosen import arcs
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.core_judge import Arena, HandSplit, Places, ZoneTable
from generator.systems.gorechosen.models import ActionCard, Profile

KILL = 6.0  # a slain enemy, beyond the wounds it took
TURN = 1.0  # an Initiative card next round (one more action)
FUEL = 0.1  # a Wrath space above the four Initiative cards
MEAN_DICE = 3  # about what a random Action card's attack rolls (the deck averages 3.17)
OPPORTUNITY = 1.0  # scale of the attacks a place offers next turn (the enemy may move away first)
NEXT_ROUND = 0.3  # a turn next round, judged from here (the Initiative deck is reshuffled)
REACH = 0.55  # chance a card's attack finds a target on a later turn
DEFENCE_USE = 0.6  # chance a defence card kept for later meets an attack it can blunt
CARD_LOSS = 0.3  # a card thrown away that the round had no turn for (it still gave a choice)
STEP = 0.15  # each hex further from the nearest enemy than adjacent
#: what a place loses for each facing ``k`` steps round from the nearest enemy (0.1 a step, at most 3)
TURNED = tuple(0.1 * (k if k <= 3 else 6 - k) for k in range(6))


def _powers(x: float, n: int) -> list[float]:
    """``x**0 .. x**n`` by repeated multiplication (the same floats on any machine)."""
    out = [1.0]
    for _ in range(n):
        out.append(out[-1] * x)
    return out


@lru_cache(maxsize=64)
def hits_pmf(dice: int, to_hit: int) -> tuple[float, ...]:
    """Chance of 0..dice hits (exact binomial, as floats computed in a fixed order)."""
    p = (7 - to_hit) / 6
    hit, miss = _powers(p, dice), _powers(1 - p, dice)
    return tuple(comb(dice, h) * hit[h] * miss[dice - h] for h in range(dice + 1))


@lru_cache(maxsize=1 << 16)
def outcome(dice: int, to_hit: int, wounds: int, ward: int, cancel: int, thick: int, left: int) -> tuple[float, float, float]:
    """An attack against a target with ``left`` wounds to slay: (value, chance the defence card is
    spent, chance of no hits). ``ward`` hits are ignored first, then a defence cancels ``cancel``
    more (only when some hits get past the ward), then ``thick`` wounds come off."""
    value = spent = 0.0
    pmf = hits_pmf(dice, to_hit)
    for h, p in enumerate(pmf):
        past = h - ward
        if past > 0 and cancel:
            spent += p
        after = max(0, past - cancel)
        w = max(0, after * wounds - thick)
        value += p * (min(w, left) + (KILL if w >= left else 0.0))
    return value, spent, pmf[0]


@lru_cache(maxsize=4096)
def defence_prior(counts: tuple[int, int, int, int], hand: int, dodge: int, parry: bool, dodge_ok: bool) -> tuple[tuple[int, float], ...]:
    """What a hand of ``hand`` cards drawn from the deck can cancel at best, as (hits, chance).

    ``counts`` is the deck's (Dodge, Parry, Block, other) cards; a Dodge cancels ``dodge`` hits,
    a Block or Parry one; ``parry``/``dodge_ok`` False when the attack forbids them.
    """
    nd, np_, nb, no = counts
    total = nd + np_ + nb + no
    if hand <= 0 or total == 0:
        return ((0, 1.0),)
    hand = min(hand, total)
    draws = comb(total, hand)
    dodges = nd if dodge_ok else 0
    ones = (np_ if parry else 0) + nb
    p_dodge = 1.0 - comb(total - dodges, hand) / draws
    p_none = comb(total - dodges - ones, hand) / draws
    out = [(0, p_none), (1, max(0.0, 1.0 - p_dodge - p_none))]
    if dodges:
        out.append((dodge, p_dodge))
    return tuple((c, p) for c, p in out if p > 0)


_DECKS: dict[int, tuple] = {}


def deck_counts(deck) -> tuple[int, int, int, int]:
    hit = _DECKS.get(id(deck))
    if hit is None or hit[0] is not deck:
        kinds = [c.special.kind for c in deck.expanded()]
        counts = (kinds.count("dodge"), kinds.count("parry"), kinds.count("block"), 0)
        counts = counts[:3] + (len(kinds) - sum(counts),)
        hit = _DECKS[id(deck)] = (deck, counts)
    return hit[1]


_CRITS: dict[int, tuple] = {}


def critical_worth(pile_cards, left: int) -> float:
    """What one Critical Injury card costs a fighter with ``left`` wounds to slay, averaged over
    the deck (extra wounds, a card, Wrath, a turned back, or death)."""
    key = id(pile_cards)
    hit = _CRITS.get(key)
    if hit is None or hit[0] is not pile_cards:
        hit = _CRITS[key] = (pile_cards, {})
    table = hit[1]
    if left not in table:
        total = 0.0
        for c in pile_cards:
            if c.effect == "wounds":
                total += min(c.amount, left) + (KILL if c.amount >= left else 0.0)
            elif c.effect == "discard":
                total += CARD_LOSS * max(1, c.amount)
            elif c.effect == "wrath_down":
                total += 0.5 * max(1, c.amount)
            elif c.effect == "turn":
                total += 0.3
            elif c.effect == "slain":
                total += left + KILL
        table[left] = total / max(1, len(pile_cards))
    return table[left]


@lru_cache(maxsize=1024)
def wounds_left(health: m.Health) -> int:
    """Wounds that slay a fighter from where their Health marker stands (the book's track)."""
    total = 0
    while not health.slain:
        health = m.take_wounds(health, 1).health
        total += 1
    return total


_TRACKS: dict[int, tuple] = {}


_LAST_TRACK: list = [None, None, ()]  # the track asked last, the weights, its worths


def _worths(track) -> tuple[float, ...]:
    last = _LAST_TRACK
    if last[0] is track and last[1] == (TURN, FUEL):
        return last[2]
    hit = _TRACKS.get(id(track))
    if hit is None or hit[0] is not track or hit[1] != (TURN, FUEL):
        worths = tuple(TURN * min(v, track.initiative_cards) + FUEL * v for v in track.spaces)
        hit = _TRACKS[id(track)] = (track, (TURN, FUEL), worths)
    last[:] = hit
    return hit[2]


def wrath_worth(track, space: int) -> float:
    """What a Wrath space is worth to its owner: the Initiative cards it buys, a little fuel above."""
    return _worths(track)[space]


def wrath_change(track, space: int, delta: int) -> float:
    """What moving a Wrath token ``delta`` spaces from ``space`` is worth to its owner."""
    worths = _worths(track)
    to = space + delta
    if to < 0:
        to = 0
    elif to >= len(worths):
        to = len(worths) - 1
    return worths[to] - worths[space]


_ZONE_TABLES: dict[int, tuple] = {}


def zone_table(side) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    """A card side's kill zone for each facing 0-5, as ``(dq, dr, band)`` in the zone's order."""
    hit = _ZONE_TABLES.get(id(side))
    if hit is None or hit[0] is not side:
        table = tuple(tuple((dq, dr, band) for (dq, dr), band in arcs.zone_offsets(side, facing).items())
                      for facing in range(6))
        hit = _ZONE_TABLES[id(side)] = (side, table)
    return hit[1]


_ZONE_ARRAYS: dict[int, tuple] = {}


def zone_arrays(side) -> ZoneTable:
    """:func:`zone_table` as arrays for :class:`~core_judge.Places`, the bands numbered in the
    order of the side's profiles."""
    hit = _ZONE_ARRAYS.get(id(side))
    if hit is None or hit[0] is not side:
        bands = {band: i for i, band in enumerate(side.profiles)}
        start, dq, dr, band = [0], [], [], []
        for zone in zone_table(side):
            for q, r, b in zone:
                dq.append(q)
                dr.append(r)
                band.append(bands[b])
            start.append(len(dq))
        table = ZoneTable(array("i", start), array("i", dq), array("i", dr), array("i", band))
        hit = _ZONE_ARRAYS[id(side)] = (side, table)
    return hit[1]


_ARENAS: dict[int, tuple] = {}


def arena_of(state) -> Arena:
    """The state's board as :class:`~core_judge.Arena` numbers (made once per board)."""
    board = state.board
    hit = _ARENAS.get(id(board))
    if hit is None or hit[0] is not board:
        qs = [p[0] for p in board.cells]
        rs = [p[1] for p in board.cells]
        q0, r0 = min(qs), min(rs)
        width, height = max(qs) - q0 + 1, max(rs) - r0 + 1
        size = width * height
        towards = array("i", bytes(4 * size * size))
        beside = array("b", bytes(size))
        cell = {p: (p[0] - q0) * height + (p[1] - r0) for p in board.cells}
        for p, a in cell.items():
            beside[a] = 1 if p in state.beside_pits else 0
            for o, b in cell.items():
                towards[a * size + b] = arcs.facing_towards(p, o)
        hit = _ARENAS[id(board)] = (board, Arena(q0, r0, width, height, towards, beside, array("d", TURNED), STEP))
    return hit[1]


_BEST: dict[int, tuple] = {}


def best_profile(side) -> Profile:
    """A card side's profile that lands the most wounds a dice (the first of equals)."""
    hit = _BEST.get(id(side))
    if hit is None or hit[0] is not side:
        best = max((p for p in side.profiles.values()), key=lambda p: (7 - p.to_hit) * p.wounds)
        hit = _BEST[id(side)] = (side, best)
    return hit[1]


@lru_cache(maxsize=1024)
def _expected(dice: int, to_hit: int, wounds: int) -> float:
    return float(dice_odds(dice, to_hit, wounds).expected_damage)


def expected_damage(dice: int, profile: Profile) -> float:
    """The mean wounds of an attack (the dice engine's exact odds, as a float)."""
    return _expected(dice, profile.to_hit, profile.wounds)


#: :meth:`Judge.future` of every hand met, by :meth:`Judge._round_key` and the cards' names;
#: :meth:`Judge.cost` by the same key, the hand and the cards spent; :meth:`Judge.card_worth` by
#: the key's first seven parts and the card's name
_FUTURES: dict[tuple, float] = {}
_KEPT: dict[int, object] = {}
#: the table :meth:`Judge.future` fills (one at a time: a hand's cards are judged before the next hand)
_SPLIT = HandSplit()


def _keep(obj) -> int:
    """``id(obj)``, with ``obj`` kept alive so that the id names it as long as a cache does."""
    if _KEPT.get(id(obj)) is not obj:
        _KEPT[id(obj)] = obj
    return id(obj)


_DECK_CARDS: dict[int, tuple] = {}


def deck_cards(deck) -> dict[str, ActionCard]:
    """The deck's cards by name."""
    hit = _DECK_CARDS.get(id(deck))
    if hit is None or hit[0] is not deck:
        hit = _DECK_CARDS[id(deck)] = (deck, {c.name: c for c in deck.cards})
    return hit[1]


def turns_left(state, f) -> int:
    """The fighter's turns still to come this round: its Initiative cards not yet drawn (a player
    knows how many of their own are out), two cards a turn for a Kingslayer Champion."""
    n = state.initiative.count(f.id)
    return 2 * n if f.lone else n


def _nowhere(pos, facing) -> float:
    """A place when no enemy stands: worth nothing."""
    return 0.0


class Judge:
    """One decision's view of the battle from fighter ``f``'s side (see the module docstring)."""

    def __init__(self, state, f):
        self.state, self.f = state, f
        self.track = state.track
        self.enemies = [e for e in state.enemies(f) if e.pos is not None]
        self.counts = deck_counts(state.deck)
        self.crits = state.pile._all
        self._left: dict[str, int] = {}
        self._future: dict[tuple, float] = {}
        self._costs: dict[tuple, float] = {}
        self._key: tuple | None = None
        self._teams: dict[tuple, float] = {}  # policy.team_place, by where every fighter stands
        self._cards: dict[str, tuple[float, float]] = {}
        self._hand: tuple[str, ...] | None = None
        # what the enemies threaten and this fighter could strike, made when a place is first judged
        # (a decision on a defence or a pit's edge judges no place)
        self._weights: dict[str, float] | None = None
        self._places: Places | None = None

    def _ready(self) -> None:
        if self._places is None:
            self._weights = {e.id: self._threat_weight(e) for e in self.enemies}
            f = self.f
            fall = max(0, 3 - (len(f.hand) - 1)) / 6
            places = Places(arena_of(self.state), 0.3 * (fall * (self.left(f) + KILL) + CARD_LOSS))
            for e in self.enemies:
                places.add_enemy(e.pos[0], e.pos[1])
            self._opportunities(places)
            self._threats(places)
            self._places = places

    def weight(self, e) -> float:
        """How many times enemy ``e`` is expected to act before this fighter acts again."""
        self._ready()
        return self._weights[e.id]

    # ---- attacks --------------------------------------------------------------------------------

    def left(self, g) -> int:
        n = self._left.get(g.id)
        if n is None:
            n = self._left[g.id] = wounds_left(g.health)
        return n

    def cancel_prior(self, attacker, target, ignore_defence: bool, pos=None) -> tuple[tuple[int, float], ...]:
        """The hits the target's defence may cancel, with their chances: exact for this fighter's
        own hand, from the hand's size and the deck's make-up for anyone else's."""
        if ignore_defence or not target.hand:
            return ((0, 1.0),)
        if target is self.f and target.pos is not None:
            cards = {c.name: c for c in target.hand}
            best = max((self.state.cancels(target, cards[n]) for n in self.state.defence_options(attacker, target)), default=0)
            return ((best, 1.0),)
        dodge = 2 + (target.rule_value("hits") if target.rule == "dodge_bonus" else 0)
        apos = attacker.pos if pos is None else pos
        parry = not (attacker.rule == "no_parry_at" and target.pos is not None and apos is not None
                     and self.state.board.distance(apos, target.pos) == attacker.rule_value("distance"))
        dodge_ok = not (attacker.rule == "hooked_chain" and attacker.hooked == target.id)
        return defence_prior(self.counts, len(target.hand), dodge, parry, dodge_ok)

    def strike(self, attacker, target, dice: int, profile: Profile, crippling: bool = False,
               ignore_defence: bool = False, pos=None) -> float:
        """What an attack is worth to the attacker's side (module docstring)."""
        left = self.left(target)
        thick = target.rule_value("wounds") if target.rule == "thick_hide" else 0
        value = no_hits = 0.0
        loss = self.cards_lost(target, 1)
        for cancel, p in self.cancel_prior(attacker, target, ignore_defence, pos):
            v, spent, zero = outcome(dice, profile.to_hit, profile.wounds, target.ward, cancel, thick, left)
            value += p * (v + spent * loss)
            no_hits = zero
        six = 1.0 - hits_pmf(dice, 6)[0]
        if crippling:
            value += six * critical_worth(self.crits, left)
        if attacker.rule == "cleave":
            need = attacker.rule_value("wounded_sixes" if attacker.wounded else "healthy_sixes")
            p = six if need == 1 else 1.0 - sum(hits_pmf(dice, 6)[:need])
            value += p * critical_worth(self.crits, left)
        value += no_hits * wrath_change(self.track, attacker.wrath, 1 + (attacker.rule_value("wrath") if attacker.rule == "seethe_extra" else 0))
        apos = attacker.pos if pos is None else pos
        if (target.rule == "retaliate" and target.pos is not None and apos is not None
                and self.state.board.distance(apos, target.pos) == 1):
            value -= (1.0 - no_hits) * target.rule_value("wounds")
        return value

    def action_worth(self, g) -> float:
        """What one of ``g``'s turns is worth to them, about: a card's attack from the best band."""
        return REACH * expected_damage(MEAN_DICE, best_profile(g.card))

    def cards_lost(self, g, k: int) -> float:
        """What ``g`` losing ``k`` cards of their hand is worth to their enemies: cards beyond the
        turns ``g`` has left this round are spare (a little choice lost); the rest are turns lost."""
        k = min(k, len(g.hand))
        if k <= 0:
            return 0.0
        spare = max(0, len(g.hand) - turns_left(self.state, g))
        return CARD_LOSS * k + max(0, k - spare) * self.action_worth(g)

    # ---- places ---------------------------------------------------------------------------------

    def _turns(self, g, this_turn: bool = False) -> int:
        """``g``'s actions still to come this round: Initiative cards left, at most the cards in
        hand (less the one this turn plays, for the fighter deciding)."""
        cards = len(g.hand) - (1 if this_turn else 0)
        return max(0, min(turns_left(self.state, g), cards))

    def _threat_weight(self, e) -> float:
        """How many times enemy ``e`` is expected to act before this fighter acts again: their
        turns left shared among this fighter's (the deck is shuffled); all of them when this
        fighter has none; NEXT_ROUND when neither has."""
        theirs, mine = self._turns(e), self._turns(self.f, this_turn=True)
        if theirs == 0:
            return NEXT_ROUND
        return theirs / (mine + 1) if mine else theirs + NEXT_ROUND

    def _opportunity_weight(self) -> float:
        """How many times this fighter is expected to act before the enemies do (the same count
        from its side), NEXT_ROUND when it has no turn left this round."""
        mine = self._turns(self.f, this_turn=True)
        if mine == 0:
            return NEXT_ROUND
        theirs = sum(self._turns(e) for e in self.enemies)
        return mine / (theirs + 1)

    def _opportunities(self, places: Places) -> None:
        """The best attack this fighter could make next turn from each hex and facing."""
        f = self.f
        side = f.card
        weight = OPPORTUNITY * self._opportunity_weight()
        zone = zone_arrays(side)
        for e in self.enemies:
            values = array("d", [weight * self.strike(f, e, MEAN_DICE, p) for p in side.profiles.values()])
            places.add_opportunities(zone, values, e.pos[0], e.pos[1])

    def _threats(self, places: Places) -> None:
        """What the enemies could deal to this fighter on each hex on their next turn."""
        f = self.f
        for e in self.enemies:
            side = e.card
            w = self._weights[e.id]
            values = array("d", [w * self.strike(e, f, MEAN_DICE, p, pos=e.pos) for p in side.profiles.values()])
            places.add_threats(zone_arrays(side), e.facing, values, e.pos[0], e.pos[1])

    def nearest(self, pos):
        enemies = self.enemies
        if len(enemies) == 1:
            return enemies[0]
        return min(enemies, key=lambda e: (arcs.distance(pos, e.pos), e.id)) if enemies else None

    def place(self, pos, facing: int) -> float:
        """What standing on ``pos`` facing ``facing`` is worth (module docstring): the best attack
        from there, less the enemies' threats on the hex, a little for each hex from the nearest
        enemy and each facing step away from them, and the risk of a pit's edge when close."""
        if not self.enemies:
            return 0.0
        places = self._places
        if places is None:
            self._ready()
            places = self._places
        return places.place(pos[0], pos[1], facing)

    def placer(self):
        """:meth:`place` as one function of ``(pos, facing)``, for a caller that judges many places."""
        if not self.enemies:
            return _nowhere
        if self._places is None:
            self._ready()
        return self._places.place_at

    # ---- cards ----------------------------------------------------------------------------------

    def card_worth(self, card: ActionCard) -> tuple[float, float]:
        """(as an action on a later turn, kept as a defence) for this fighter."""
        hit = self._cards.get(card.name)
        if hit is None:
            key = (self._round_key()[:7], card.name)  # the round's key but for the turns and attacks left
            hit = _FUTURES.get(key)
            if hit is None:
                hit = _FUTURES[key] = self._card_worth(card)
            self._cards[card.name] = hit
        return hit

    def _round_key(self) -> tuple:
        """Everything :meth:`future` reads besides the cards' names: the deck, this fighter's card
        side, Wrath, move bonus and Dodge bonus, the enemies' worst wounds a hit, the track, and
        the turns and attacks left this round (the objects are kept alive by :func:`_keep`)."""
        key = self._key
        if key is None:
            if len(_KEPT) > 4096:  # a long run through many rosters: start the caches afresh
                _KEPT.clear()
                _FUTURES.clear()
            f, state = self.f, self.state
            side = f.card
            dodge = f.rule_value("hits") if f.rule == "dodge_bonus" else 0
            worst = max((p.wounds for e in self.enemies for p in e.card.profiles.values()), default=2)
            turns = turns_left(state, f)
            attacks = sum(min(state.initiative.count(e.id), len(e.hand)) for e in self.enemies)
            key = self._key = (_keep(state.deck), _keep(side), _keep(self.track), f.wrath, f.move_bonus, dodge, worst,
                               turns, attacks)
        return key

    def _card_worth(self, card: ActionCard) -> tuple[float, float]:
        f, track = self.f, self.track
        attack = REACH * expected_damage(card.attack.dice, best_profile(f.card)) + wrath_change(track, f.wrath, card.attack.wrath)
        move = 0.3 + 0.1 * (card.move.hexes + f.move_bonus) + wrath_change(track, f.wrath, card.move.wrath)
        sp = card.special
        special = {"shove": 1.0, "step": 0.3, "taunt": 0.1}.get(sp.kind, 0.0) + wrath_change(track, f.wrath, sp.wrath)
        defence = 0.0
        if sp.kind in ("block", "parry", "dodge"):
            hits = sp.params.get("cancel_hits", 0) + (f.rule_value("hits") if sp.kind == "dodge" and f.rule == "dodge_bonus" else 0)
            worst = max((p.wounds for e in self.enemies for p in e.card.profiles.values()), default=2)
            defence = DEFENCE_USE * hits * worst + wrath_change(track, f.wrath, sp.wrath)
        return max(attack, move, special), max(0.0, defence)

    def future(self, names: tuple[str, ...]) -> float:
        """What a hand of these cards is still worth this round: the best split into this fighter's
        turns left (actions) and the enemies' attacks to come (defences)."""
        hit = self._future.get(names)
        if hit is not None:
            return hit
        key = (self._round_key(), names)
        hit = _FUTURES.get(key)
        if hit is not None:
            self._future[names] = hit
            return hit
        turns = turns_left(self.state, self.f)
        attacks = sum(min(self.state.initiative.count(e.id), len(e.hand)) for e in self.enemies)
        cards = deck_cards(self.state.deck)
        split = _SPLIT
        split.clear(turns, attacks)
        for name in names:
            a, d = self.card_worth(cards[name])
            split.add(a, d)
        value = split.most()
        self._future[names] = value
        if len(_FUTURES) > 500_000:
            _FUTURES.clear()
        _FUTURES[key] = value
        return value

    def cost(self, spent: tuple[str, ...]) -> float:
        """What spending these cards now takes from the rest of the round (0 for spare cards)."""
        hit = self._costs.get(spent)
        if hit is not None:
            return hit
        hand = self._hand
        if hand is None:
            hand = self._hand = tuple(sorted(self.f.names()))
        key = (self._round_key(), hand, spent)
        hit = _FUTURES.get(key)
        if hit is None:
            rest = list(hand)
            for n in spent:
                rest.remove(n)
            hit = _FUTURES[key] = self.future(hand) - self.future(tuple(rest))
        self._costs[spent] = hit
        return hit
