"""The Gorechosen battle as the book's rounds run it ("Preparing for Battle", "Rounds" and the
variants' changes to them): set-up in Initiative-card order, then rounds of Prepare (five Action
cards dealt, or drafted; the Initiative deck built from each fighter's Wrath) and Fight (draw an
Initiative card, its owner takes a turn) until one side is left standing.

:class:`Rounds` is the part of :class:`~generator.systems.gorechosen.game.GorechosenState` that
is this sequence, written as generators that yield a decision wherever a player chooses (where
to set up, which card to keep, which action a turn takes). A turn's action is carried out by
:mod:`actions`; the variants' turn rules (2v2 hand-overs, Single Combat's neutral card, Time
Limits, the Kingslayer's second card) are here, where they change the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.systems.gorechosen import arcs
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.models import ActionCard

if TYPE_CHECKING:  # pragma: no cover
    from generator.systems.gorechosen.game import Fighter

#: Time Limits: a player misses the 15 seconds when a dice rolls this or lower (our model of a
#: clock a simulation does not have: one turn in six).
SLOW_ON = 1
NEUTRAL = "neutral"


class Rounds:
    """Set-up, Prepare and Fight (mixed into the battle state)."""

    # ---- the battle --------------------------------------------------------------------------

    def _battle(self):
        yield from self._setup()
        while not self.decided():
            self.round += 1
            if self.round > self.max_rounds:
                self.round = self.max_rounds
                self.reason = f"no winner after {self.max_rounds} rounds"
                self._say("end", why=self.reason)
                return
            self._say("round", round=self.round)
            yield from self._prepare()
            while self.initiative and not self.decided():
                owner = self.initiative.pop(0)
                yield from self._initiative_card(owner)
            self._end_round()
        standing = self.alive()
        self.reason = "last standing" if standing else "no one left standing"
        self._say("end", why=self.reason)

    def _end_round(self) -> None:
        """Hands are thrown away; what lasts "until the end of the round" ends."""
        for f in self.fighters:
            f.hand = []
            f.handed_over = False
            f.hooked = None
            f.wrath_lock = False
        self.round_obstructions = ()

    def _setup(self):
        """Initiative cards shuffled; in their order each player sets up more than 2 hexes from the rest."""
        order = self._rng.shuffle([f.id for f in self.fighters])
        self._say("setup_order", order=order)
        self.first = self.by_id[order[0]].side
        for fid in order:
            f = self.by_id[fid]
            placed = [g.pos for g in self.fighters if g.pos is not None]
            rows = [self.board.distance_from(q) for q in placed]  # hexes away from each fighter set up
            spots = [p for p in self.board.open if all(row[p] > 2 for row in rows)]
            if not spots:  # never on the book's arena; a tiny user map still gets a battle
                spots = [p for p in self.board.open if p not in placed]
            actions = [("place", p, d) for p in spots for d in range(6)]
            action = yield self._ask(f.side, "place", actions, f)
            _, f.pos, f.facing = action
            self._say("place", f, cell=self.label(f.pos), facing=arcs.FACING_NAMES[f.facing])

    # ---- Prepare -------------------------------------------------------------------------------

    def _extra_cards(self, f: Fighter) -> int:
        if self.variant == "kingslayer" and f.lone:
            return 2 if self.challengers_at_start == 2 else 4
        return 0

    def _prepare(self):
        cards = self._rng.shuffle(list(self.deck.expanded()))
        players = self.alive()
        if self.variant == "drafting":
            yield from self._draft(players, cards)
        else:
            for f in players:
                take = self.deck.hand + self._extra_cards(f)
                f.hand, cards = cards[:take], cards[take:]
        self._say("deal", hands={f.id: len(f.hand) for f in players})
        spaces = {f.id: f.wrath for f in players}
        self.initiative = m.build_initiative_deck(
            self.track, spaces, self._rng, neutral=1 if self.variant == "single-combat" else 0
        )
        self._say("initiative_deck", order=list(self.initiative))

    def _draft(self, players: list[Fighter], cards: list[ActionCard]):
        """Deal six each; keep one and pass the rest to the left until two are left (keep one)."""
        packets = []
        for _ in players:
            packets.append(cards[:6])
            cards = cards[6:]
        kept: dict[str, list[ActionCard]] = {f.id: [] for f in players}
        discards: list[ActionCard] = []
        while packets and len(packets[0]) >= 2:
            for i, f in enumerate(players):
                packet = packets[i]
                names = sorted({c.name for c in packet})
                action = yield self._ask(f.side, "draft", [("draft", n) for n in names], f, packet=[c.name for c in packet])
                card = next(c for c in packet if c.name == action[1])
                packet.remove(card)
                kept[f.id].append(card)
                if len(packet) == 1:
                    discards.append(packet.pop())
            n = len(packets)
            packets = [packets[(i - 1) % n] for i in range(n)]  # pass to the left
        for f in players:
            f.hand = kept[f.id]
            extra = self._extra_cards(f)
            if extra:
                f.hand += discards[:extra]
                discards = discards[extra:]

    # ---- Fight ---------------------------------------------------------------------------------

    def _initiative_card(self, owner: str):
        if owner == NEUTRAL:
            yield from self._neutral_card()
            return
        f = self.by_id[owner]
        if not f.alive:
            return
        yield from self._turn(f)

    def _neutral_card(self):
        """Single Combat: both roll; the higher takes a turn; a tie costs each a random card."""
        a, b = [f for f in self.fighters if f.alive][:2]
        ra, rb = self._rng.die(6), self._rng.die(6)
        winner = a if ra > rb else b if rb > ra else None
        self._say("roll_off", purpose="neutral Initiative card", dice={a.side: ra, b.side: rb},
                  winner=winner.side if winner else "tie")
        if winner is None:
            self._discard_random(a, "tied roll-off")
            self._discard_random(b, "tied roll-off")
            return
        yield from self._turn(winner)

    def _turn(self, f: Fighter, handover_allowed: bool = True):
        f.ward, f.brace = 0, False  # "until your next turn"
        if not f.hand:
            self._say("wait", f, why="no Action cards")
            return
        if self.variant == "time-limits":
            roll = self._rng.die(6)
            if roll <= SLOW_ON:
                self._say("timeout", f, roll=roll)
                self._discard_random(f, "too slow")
                return
        actions = self.turn_actions(f, unique=True, allow_pass=True)
        if len(f.hand) >= 2 and self.unique_denied(f) and self.unique_args(f):
            by = next(g for g in self.fighters if g is not f and g.alive and g.rule == "deny_unique"
                      and g.profile_against(f.pos) is not None)
            self._say("ability", by, name=by.champion.unique_rule.name, target=f.id, effect="no Unique action")
        mate = self.teammate(f) if self.variant == "2v2" and handover_allowed and not f.handed_over else None
        if mate is not None and mate.hand:
            actions.append(("handover",))
        action = yield self._ask(f.side, "turn", actions, f)
        if action == ("handover",):
            f.handed_over = True
            self._say("handover", f, to=mate.id)
            yield from self._turn(mate, handover_allowed=False)
            return
        yield from self._do(f, action)
        if self.variant == "kingslayer" and f.lone and f.alive and f.hand and not self.decided() and action[0] != "pass":
            second = self.turn_actions(f, unique=False, allow_pass=False) + [("end",)]
            action = yield self._ask(f.side, "second", second, f)
            if action != ("end",):
                yield from self._do(f, action)

    def teammate(self, f: Fighter) -> Fighter | None:
        for g in self.fighters:
            if g is not f and g.alive and g.side == f.side:
                return g
        return None
