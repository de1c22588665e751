"""A Gorechosen duel played out by two simple players, to check the rating against win rates.

The rating (:mod:`cost`) assumes where an enemy stands and leaves out the Wrath economy,
defence cards and critical injuries. This simulator plays the book's rounds with those in, so
``skirmish balance`` can say whether champions that rate alike also win alike.

What is played (all through :mod:`mechanics`, all randomness through the given ``Rng``):

* An open arena: a hexagon of ``radius`` hexes (37 hexes for radius 3) with no pits and no
  obstruction; its edge is a wall. A starts two hexes south of the centre facing N, B two hexes
  north facing S (4 hexes apart, more than the book's 2), so the fighters face each other.
* Each round: the Action deck is shuffled and five cards dealt to each fighter; each puts in as
  many Initiative cards as their Wrath (at most 4) and the Initiative deck is shuffled; on each
  card its owner plays one Action card (one of its three actions) or, with no cards, nothing.
* The policy of both players: if the enemy stands in the kill zone, attack with the card that
  has the most expected wounds with the band's profile (a Shove into the wall counts as its D3);
  otherwise take the move (a Move action or a Sidestep) that best puts the enemy into the kill
  zone, with the least exposure to the enemy's zone, then the fewest hexes away, then facing
  the enemy; the card spent is the one whose attack is worth least. One Block, Parry or Dodge is
  kept back for defence while other cards remain, and played against any attack that hits (the
  one that cancels most hits; a Parry that cancels them all drops the attacker's Wrath).
* Wrath modifiers before each action; an attack with no hits raises the attacker's Wrath one
  space; Crippling Blows that roll a 6 resolve one Critical Injury before any defence.
* Wounds move the Health marker (book Fig. 8); each Injury marker draws a Critical Injury card
  from a shared pile, resolved after the marker has moved: extra wounds (which may place more
  markers), a random discard, Wrath down one, turned about by the injurer (to face away from
  them), or slain. A slain fighter loses; the slayer's Wrath rises D3.
* After ``max_rounds`` rounds with both standing the duel is a draw (None).

Left out: unique actions and unique rules (Scourge, Cleave, Portal of Skulls...) and the fates
of the slain, which the content gives as text only; the Roar and Taunt specials (the policy never
plays them); pits and obstructions. So the duel measures the numbers on the cards, the same
thing the rating measures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Optional, Sequence

from generator.dice.rng import Rng
from generator.systems.gorechosen import data, hexes
from generator.systems.gorechosen.hexes import Hex
from generator.systems.gorechosen.mechanics import (
    CriticalPile,
    Health,
    apply_wrath_modifier,
    attack_action,
    build_initiative_deck,
    facing_after_move,
    is_wounded,
    move_wrath,
    new_health,
    push_destination,
    resolve_push,
    slayer_gains,
    take_wounds,
)
from generator.systems.gorechosen.models import (
    ActionCard,
    ActionDeck,
    Champion,
    CriticalDeck,
    Profile,
    Side,
    WrathTrack,
)

Outcome = Optional[Literal["a", "b"]]
MAX_ROUNDS = 20
RADIUS = 3
DEFENCE = ("block", "parry", "dodge")


@dataclass
class Fighter:
    """One fighter in the arena: card, place, facing, Health marker, Wrath space and hand."""

    key: str
    champion: Champion
    position: Hex
    facing: int
    health: Health
    wrath: int
    hand: list[ActionCard] = field(default_factory=list)

    @property
    def wounded(self) -> bool:
        return is_wounded(self.champion.health, self.health)

    @property
    def side(self) -> Side:
        return self.champion.wounded if self.wounded else self.champion.healthy

    @property
    def slain(self) -> bool:
        return self.health.slain


_ZONES: dict[tuple[int, int], tuple[object, dict[Hex, str]]] = {}


def _zone_offsets(side: Side, facing: int) -> dict[Hex, str]:
    """The kill zone as offsets from the fighter for one facing (cached per side object)."""
    key = (id(side), facing)
    hit = _ZONES.get(key)
    if hit is None or hit[0] is not side:
        hit = (side, {hexes.rotate(h.offset, facing): h.band for h in side.kill_zone})
        _ZONES[key] = hit
    return hit[1]


def _profile_at(side: Side, position: Hex, facing: int, target: Hex) -> Profile | None:
    band = _zone_offsets(side, facing).get(hexes.sub(target, position))
    return side.profiles[band] if band is not None else None


def _per_die(profile: Profile | None) -> float:
    """Expected wounds per attack dice with this profile (0 out of reach)."""
    return 0.0 if profile is None else (7 - profile.to_hit) / 6 * profile.wounds


def _seen_from(me: Fighter, enemy: Fighter) -> Hex:
    """The enemy's hex as an offset for ``me`` standing at (0, 0) facing N (as kill zones are drawn)."""
    return hexes.rotate(hexes.sub(enemy.position, me.position), (6 - me.facing) % 6)


class Duel:
    """The state of one duel and the two players' policy. Use :func:`duel` to play one."""

    def __init__(
        self,
        champion_a: Champion,
        champion_b: Champion,
        rng: Rng,
        deck: ActionDeck,
        criticals: CriticalDeck,
        track: WrathTrack,
        radius: int,
        log: list[str] | None,
        patience: float = 0.0,
    ):
        self.rng = rng
        self.patience = patience
        self.deck = deck
        self.track = track
        self.radius = radius
        self.log = log
        self.pile = CriticalPile(criticals.expanded(), rng)
        self.fighters = {
            "a": Fighter("a", champion_a, (0, 2), 0, new_health(champion_a.health), track.start),
            "b": Fighter("b", champion_b, (0, -2), 3, new_health(champion_b.health), track.start),
        }
        self.winner: Outcome = None
        # where the enemy stood, seen from a fighter facing N: at each attack, and at each turn
        self.attack_offsets: list[Hex] = []
        self.turn_offsets: list[Hex] = []

    # -- helpers -------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def _inside(self, h: Hex) -> bool:
        return hexes.distance((0, 0), h) <= self.radius

    def _enemy(self, me: Fighter) -> Fighter:
        return self.fighters["b" if me.key == "a" else "a"]

    def _playable(self, me: Fighter) -> list[ActionCard]:
        """The cards the player will spend: all but one kept-back defence card, if others remain."""
        defence = [c for c in me.hand if c.special.kind in DEFENCE]
        if defence and len(me.hand) > 1:
            keep = max(defence, key=lambda c: c.special.params.get("cancel_hits", 0))
            rest = list(me.hand)
            rest.remove(keep)
            return rest
        return list(me.hand)

    def _discard(self, me: Fighter, card: ActionCard) -> None:
        me.hand.remove(card)

    # -- rounds --------------------------------------------------------------------------
    def play(self, max_rounds: int) -> Outcome:
        for number in range(1, max_rounds + 1):
            cards = self.rng.shuffle(list(self.deck.expanded()))
            hand = self.deck.hand
            self.fighters["a"].hand = cards[:hand]
            self.fighters["b"].hand = cards[hand : 2 * hand]
            order = build_initiative_deck(
                self.track, {k: f.wrath for k, f in self.fighters.items()}, self.rng
            )
            self._say(f"round {number}: initiative {''.join(order)}")
            for key in order:
                me = self.fighters[key]
                if me.hand:
                    self._turn(me, self._enemy(me))
                if self.winner is not None:
                    return self.winner
        return None

    def _turn(self, me: Fighter, enemy: Fighter) -> None:
        self.turn_offsets.append(_seen_from(me, enemy))
        playable = self._playable(me)
        profile = _profile_at(me.side, me.position, me.facing, enemy.position)
        best_band = max(_per_die(p) for p in me.side.profiles.values())
        if profile is not None and _per_die(profile) >= self.patience * best_band:
            options = []
            for card in playable:
                options.append((card.attack.dice * _per_die(profile), card.attack.wrath, card, "attack"))
                if card.special.kind == "shove" and self._shove_blocked(me, enemy):
                    options.append((2.0, card.special.wrath, card, "shove"))
            value, _wrath, card, kind = max(options, key=lambda o: (o[0], o[1]))
            if kind == "attack":
                self._attack(me, enemy, card, profile)
            else:
                self._shove(me, enemy, card)
            return
        self._move(me, enemy, playable)

    # -- moving --------------------------------------------------------------------------
    def _ends(self, me: Fighter, enemy: Fighter, steps: int) -> dict[tuple[Hex, Hex | None], None]:
        """Every (end hex, hex last moved out of) reachable in up to ``steps`` moves."""
        frontier = {(me.position, None)}
        seen = dict.fromkeys(frontier)
        for _ in range(steps):
            nxt = set()
            for here, _prev in frontier:
                for n in hexes.neighbours(here):
                    if self._inside(n) and n != enemy.position and (n, here) not in seen:
                        nxt.add((n, here))
            for s in nxt:
                seen[s] = None
            frontier = nxt
        return seen

    def _place_score(self, me: Fighter, enemy: Fighter, position: Hex, facing: int) -> tuple:
        mine = _per_die(_profile_at(me.side, position, facing, enemy.position))
        theirs = _per_die(_profile_at(enemy.side, enemy.position, enemy.facing, position))
        dist = hexes.distance(position, enemy.position)
        toward = min(range(6), key=lambda f: hexes.distance(hexes.neighbour(position, f), enemy.position))
        turn = min((facing - toward) % 6, (toward - facing) % 6)
        return (round(mine - 0.5 * theirs, 6), -dist, -turn)

    def _move(self, me: Fighter, enemy: Fighter, playable: list[ActionCard]) -> None:
        best = None
        for card in playable:
            keep_value = card.attack.dice + (3 if card.special.kind in DEFENCE else 0)
            moves = [("move", card.move.hexes, card.move.facing, card.move.wrath)]
            if card.special.kind == "step":
                moves.append(("step", card.special.params.get("hexes", 1), "choose", card.special.wrath))
            for kind, steps, icon, wrath in moves:
                for end, prev in self._ends(me, enemy, steps):
                    path = [me.position] if prev is None else [prev, end]
                    facings = range(6) if icon == "choose" else [facing_after_move(path, me.facing, icon)]
                    for f in facings:
                        score = (self._place_score(me, enemy, end, f), wrath, -keep_value)
                        if best is None or score > best[0]:
                            best = (score, card, kind, wrath, end, f)
        _, card, kind, wrath, end, facing = best
        self._discard(me, card)
        me.wrath = apply_wrath_modifier(self.track, me.wrath, wrath)
        me.position, me.facing = end, facing
        self._say(f"{me.key} {card.name}: {kind} to {end} facing {hexes.FACING_NAMES[facing]}")

    # -- attacking -----------------------------------------------------------------------
    def _attack(self, me: Fighter, enemy: Fighter, card: ActionCard, profile: Profile) -> None:
        self._discard(me, card)
        self.attack_offsets.append(_seen_from(me, enemy))
        action = card.attack
        faces = self.rng.dice(action.dice, 6)
        if action.crippling and 6 in faces:
            self._say(f"{me.key} crippling blow rolls a 6")
            self._criticals(enemy, me, 1)
            if self.winner is not None:
                return
        hits = sum(1 for f in faces if f >= profile.to_hit)
        defence = self._defend(enemy, hits)
        cancel = defence.special.params.get("cancel_hits", 0) if defence else 0
        me.wrath, result = attack_action(self.track, me.wrath, action, profile, faces=faces, cancel_hits=cancel)
        if defence is not None and defence.special.kind == "parry" and result.hits and result.cancelled == result.hits:
            me.wrath = move_wrath(self.track, me.wrath, -1)
        self._say(
            f"{me.key} {action.name} {list(faces)} vs {profile.label()}: {result.hits} hits"
            f"{f', {defence.special.name} cancels {result.cancelled}' if defence else ''} -> {result.wounds} wounds"
        )
        self._wound(enemy, me, result.wounds)

    def _defend(self, enemy: Fighter, hits: int) -> ActionCard | None:
        """The defender plays the Block, Parry or Dodge that cancels most of the hits, if any."""
        if hits == 0:
            return None
        cards = [c for c in enemy.hand if c.special.kind in DEFENCE]
        if not cards:
            return None

        def worth(c: ActionCard) -> tuple:
            cancelled = min(hits, c.special.params.get("cancel_hits", 0))
            return (cancelled, c.special.kind == "parry" and cancelled == hits, c.special.wrath)

        card = max(cards, key=worth)
        enemy.hand.remove(card)
        enemy.wrath = apply_wrath_modifier(self.track, enemy.wrath, card.special.wrath)
        return card

    def _shove_blocked(self, me: Fighter, enemy: Fighter) -> bool:
        if hexes.distance(me.position, enemy.position) != 1:
            return False
        return not self._inside(push_destination(me.position, enemy.position))

    def _shove(self, me: Fighter, enemy: Fighter, card: ActionCard) -> None:
        self._discard(me, card)
        me.wrath = apply_wrath_modifier(self.track, me.wrath, card.special.wrath)
        destination = push_destination(me.position, enemy.position)
        blocked = not self._inside(destination) or destination == me.position
        push = resolve_push("blocked" if blocked else "free", self.rng)
        if push.moved:
            enemy.position = destination
        self._say(f"{me.key} shoves {enemy.key}: {'into the wall, ' + str(push.wounds) + ' wounds' if blocked else 'moved'}")
        self._wound(enemy, me, push.wounds)

    # -- wounds, injuries and death ------------------------------------------------------
    def _wound(self, victim: Fighter, attacker: Fighter, wounds: int) -> None:
        if wounds <= 0 or self.winner is not None:
            return
        outcome = take_wounds(victim.health, wounds)
        victim.health = outcome.health
        if outcome.slain:
            self._slay(victim, attacker)
            return
        if outcome.injuries:
            self._criticals(victim, attacker, outcome.injuries)

    def _criticals(self, victim: Fighter, attacker: Fighter, count: int) -> None:
        """Draw ``count`` Critical Injury cards and resolve them in turn (after the marker moved)."""
        for card in self.pile.draw(count):
            if self.winner is not None:
                return
            self._say(f"{victim.key} critical injury: {card.name}")
            if card.effect == "wounds":
                self._wound(victim, attacker, card.amount)
            elif card.effect == "discard":
                for _ in range(max(1, card.amount)):
                    if victim.hand:
                        victim.hand.remove(self.rng.choice(victim.hand))
            elif card.effect == "wrath_down":
                victim.wrath = move_wrath(self.track, victim.wrath, -max(1, card.amount))
            elif card.effect == "turn":
                toward = hexes.direction_between(victim.position, attacker.position)
                if toward is None:
                    toward = min(range(6), key=lambda f: hexes.distance(hexes.neighbour(victim.position, f), attacker.position))
                victim.facing = (toward + 3) % 6
            elif card.effect == "slain":
                self._slay(victim, attacker)

    def _slay(self, victim: Fighter, slayer: Fighter) -> None:
        slayer.wrath, gain = slayer_gains(self.track, slayer.wrath, self.rng)
        self.winner = slayer.key  # type: ignore[assignment]
        self._say(f"{victim.key} is slain; {slayer.key} gains {gain} Wrath")


def duel(
    champion_a: Champion,
    champion_b: Champion,
    rng: Rng,
    max_rounds: int = MAX_ROUNDS,
    radius: int = RADIUS,
    deck: ActionDeck | None = None,
    criticals: CriticalDeck | None = None,
    track: WrathTrack | None = None,
    log: list[str] | None = None,
    patience: float = 0.0,
) -> Outcome:
    """Play one duel: ``"a"`` or ``"b"`` for the winner, None for a draw at the round cap.

    The built-in Action deck, Critical Injury deck and Wrath track are used unless others are
    given. Pass a list as ``log`` to get a line per action (for reading a duel, not for tests).
    ``patience`` (0 to 1) makes both players pass up an attack whose band is worth less than
    that share of their best band's, and move for a better one instead (0: always attack).
    """
    game = Duel(
        champion_a,
        champion_b,
        rng,
        deck or data.action_deck(),
        criticals or data.critical_deck(),
        track or data.wrath_track(),
        radius,
        log,
        patience,
    )
    return game.play(max_rounds)


def first_champion(roster) -> Champion:
    """The champion a roster sends into a duel: its first one."""
    return roster.champions[0]


def duel_rosters(roster_a, roster_b, rng: Rng) -> Outcome:
    return duel(first_champion(roster_a), first_champion(roster_b), rng)


__all__: Sequence[str] = ("duel", "Duel", "Fighter", "MAX_ROUNDS", "RADIUS", "duel_rosters", "first_champion")
