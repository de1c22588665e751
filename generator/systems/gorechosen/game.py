"""A Gorechosen battle on the arena: state, legal actions and ``apply`` for the battle engine.

Every rule is resolved through :mod:`mechanics` (attacks, wounds, the health track, pushes,
Wrath, initiative) and :mod:`arcs` (facing, kill zones) on the engine's
:class:`~generator.play.board.Board`; this module only sequences them the way the book's rounds
do and asks the players whenever the book gives them a choice.

The battle is written as one generator (:meth:`GorechosenState._battle`) that reads like the
rulebook: set-up, then rounds of Prepare (deal, or draft; Initiative deck from Wrath) and Fight
(draw Initiative cards, take turns). Wherever a player decides something -- where to set up,
which card and action to play, whether to Block, Parry or Dodge, how many cards to throw away
to cling to a pit's edge once the dice is rolled, which way a Spun Around victim faces, whether
Hagreth follows his spear -- the generator yields a :class:`Decision`, and ``apply`` sends the
chosen action back in. So a mid-attack choice is an ordinary decision of the defending player,
and the dice for each step are rolled from the stream ``apply`` is given.

Attacks, wounds and pushes are in :mod:`combat`, the champions' Unique actions, unique rules and
Fates of the Slain (the effect vocabulary of :mod:`effects`) in :mod:`abilities`, the movement
tables in :mod:`moves`. The state is plain: fighters with a hex, a facing, a Health marker, a
Wrath space, a hand and a few small flags; the obstructions a Fate adds are a tuple of hexes.

Actions are plain tuples, first item the kind (cards are named, not indexed: two copies of a
card are one choice):

* ``("place", pos, facing)``: set up (more than 2 hexes from every other fighter).
* ``("draft", card)``: keep a card from the packet (Drafting).
* ``("move", card, dest, facing)``, ``("attack", card, target)``, ``("special", card, arg)``
  (Shove/Taunt: a fighter id; Sidestep: ``(dest, facing)``; Roar: None), ``("pass", card)`` (no
  action: discard a card), ``("unique", (card, card), arg)`` (``arg`` as
  :meth:`~abilities.Abilities.unique_args` lists it), ``("handover",)`` (2v2),
  ``("end",)`` (Kingslayer: no second card).
* ``("defend", card)`` / ``("take",)``; ``("pit", (cards...))``; ``("face", facing)``;
  ``("follow",)`` / ``("stay",)``.

Where the book is silent the choices are ours and listed in ``docs/play-gorechosen.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, NamedTuple

from generator.dice.rng import Rng
from generator.play.board import Board
from generator.play.engine import Battle, Event, Outcome
from generator.systems.gorechosen import arcs, data
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.abilities import Abilities
from generator.systems.gorechosen.arcs import Hex
from generator.systems.gorechosen.combat import DEFENCE, Combat
from generator.systems.gorechosen.models import ActionCard, Champion, Profile
from generator.systems.gorechosen.moves import centre_of, move_options
from generator.systems.gorechosen.seating import VARIANTS, default_map, make_battle

#: The book plays until one fighter is left; a battle still going after this many rounds is a
#: draw (our guard; the greedy players never get near it).
MAX_ROUNDS = 30
#: Time Limits: a player misses the 15 seconds when a dice rolls this or lower (our model of a
#: clock a simulation does not have: one turn in six).
SLOW_ON = 1
NEUTRAL = "neutral"
__all__ = ["DEFENCE", "GAME", "GorechosenState", "VARIANTS", "default_map", "make_battle", "move_options", "scene"]


class Decision(NamedTuple):
    """What the battle is waiting for: who decides, what about, and the choices."""

    player: str
    kind: str  # place, draft, turn, second, defend, pit, face, follow, bind
    actions: list
    fighter: "Fighter | None"
    info: dict


@dataclass(eq=False)
class Fighter:
    """One champion in the arena: card, hex, facing, Health marker, Wrath space and hand."""

    id: str
    side: str
    champion: Champion
    pos: Hex | None = None
    facing: int = 0
    health: m.Health | None = None
    wrath: int = 0
    hand: list[ActionCard] = field(default_factory=list)
    alive: bool = True
    handed_over: bool = False  # 2v2: gave a turn to the teammate this round
    lone: bool = False  # Kingslayer: the Champion
    ward: int = 0  # hits of every attack ignored until this fighter's next turn (a ward action)
    brace: bool = False  # braced until this fighter's next turn (a brace action)
    hooked: str | None = None  # the fighter this one's last attack wounded this round (hooked_chain)
    wrath_lock: bool = False  # cannot gain Wrath until the end of the round (wrath_lock Fate)

    @property
    def rule(self) -> str | None:
        """The kind of the unique rule the engine plays (None: flavour only)."""
        return self.champion.unique_rule.played

    def rule_value(self, name: str) -> int:
        return self.champion.unique_rule.value(name)

    @property
    def move_bonus(self) -> int:
        """Extra hexes for this fighter's Move actions (relentless)."""
        return self.rule_value("hexes") if self.rule == "relentless" else 0

    @property
    def name(self) -> str:
        return self.champion.name

    @property
    def wounded(self) -> bool:
        return m.is_wounded(self.champion.health, self.health)

    @property
    def card(self):
        """The side of the reference card in use (Healthy or Wounded)."""
        return self.champion.wounded if self.wounded else self.champion.healthy

    def profile_against(self, target: Hex, pos: Hex | None = None, facing: int | None = None) -> Profile | None:
        """The attack profile against a fighter on ``target`` (None when outside the kill zone)."""
        side = self.card
        band = arcs.band_at(side, self.pos if pos is None else pos, self.facing if facing is None else facing, target)
        return None if band is None else side.profiles[band]

    def names(self) -> list[str]:
        return [c.name for c in self.hand]


# ---- the state ---------------------------------------------------------------------------------


class GorechosenState(Combat, Abilities):
    """One Gorechosen battle in progress (see the module docstring for the actions)."""

    def __init__(self, battle: Battle, rng: Rng, start: bool = True):
        rules = dict(battle.rules or {})
        self.variant: str = rules.get("variant") or "duel"
        self.max_rounds: int = int(rules.get("max_rounds", MAX_ROUNDS))
        self.board: Board = battle.board
        board_map = self.board.map
        self.pits = frozenset(self.board.pos_of_cell(c) for c in board_map.pit_cells())
        #: hexes next to a pit (where a Shove can end a fighter)
        self.beside_pits = frozenset(n for p in self.pits for n in arcs.neighbours(p))
        #: the open hex with the least total distance to all others (the middle of the arena)
        self.centre = centre_of(self.board)
        self.deck = data.action_deck()
        self.track = data.wrath_track()
        self.pile = m.CriticalPile(data.critical_deck().expanded())
        self.names = dict(battle.names or {})
        self.fighters: list[Fighter] = []
        for side in ("a", "b"):
            for i, champion in enumerate(battle.forces[side]):
                f = Fighter(f"{side}{i + 1}", side, champion, health=m.new_health(champion.health), wrath=self.track.start)
                self.fighters.append(f)
        self.by_id = {f.id: f for f in self.fighters}
        if self.variant == "kingslayer":
            lone_side = rules.get("champion_side") or ("a" if len(battle.forces["a"]) == 1 else "b")
            for f in self.fighters:
                f.lone = f.side == lone_side
            self.challengers_at_start = sum(1 for f in self.fighters if not f.lone)
        self.round = 0
        self.initiative: list[str] = []
        self.spear: Hex | None = None  # a spear Fate: the hex of the fallen champion
        self.spear_wounds = 0
        self.obstructions: tuple[Hex, ...] = ()  # added by a Fate for the rest of the fight
        self.round_obstructions: tuple[Hex, ...] = ()  # added by a Fate until the end of the round
        self.slain_any = False
        self.impale_open = False  # an impaling attack has not yet added its one extra card
        self._rng = rng
        self._events: list[Event] = []
        self._pending: Decision | None = None
        self._finished = False
        self.reason = ""
        if start:
            self._gen = self._battle()
            self._advance(None)

    def play_turn(self, fighter_id: str) -> None:
        """Make the next decision ``fighter_id``'s turn, as if their Initiative card were drawn; the
        state is terminal once that turn is over (for the book's worked examples, see :func:`scene`)."""
        f = self.by_id[fighter_id]

        def one_turn():
            yield from self._turn(f)

        self._gen = one_turn()
        self._finished = False
        self._events = []
        self._advance(None)

    # ---- engine protocol --------------------------------------------------------------------

    def current_player(self) -> str:
        return self._pending.player

    def legal_actions(self) -> list:
        return self._pending.actions

    @property
    def pending(self) -> Decision | None:
        """The decision the battle waits for (kind, fighter concerned, extra info)."""
        return self._pending

    def apply(self, action, rng: Rng) -> list[Event]:
        if self._pending is None:
            raise ValueError("the battle is over")
        if action not in self._pending.actions:
            raise ValueError(f"{action!r} is not a legal action now ({self._pending.kind})")
        self._rng = rng
        self._events = []
        self._advance(action)
        return self._events

    def is_terminal(self) -> bool:
        return self._finished

    def outcome(self) -> Outcome:
        standing = self.standing_sides()
        winner = next(iter(standing)) if len(standing) == 1 else None
        score = {s: sum(1 for f in self.fighters if f.side == s and f.alive) for s in ("a", "b")}
        return Outcome(winner, score, self.round, self.reason)

    def header(self) -> dict[str, Any]:
        grid = self.board.map.model_dump(exclude_defaults=True)
        sides = {}
        for side in ("a", "b"):
            sides[side] = {
                "name": self.names.get(side, side.upper()),
                "fighters": [
                    {"id": f.id, "name": f.name, "lone": f.lone} if self.variant == "kingslayer" else {"id": f.id, "name": f.name}
                    for f in self.fighters if f.side == side
                ],
            }
        return {"grid": grid, "variant": self.variant, "facings": list(arcs.FACING_NAMES), "sides": sides}

    # ---- plumbing ---------------------------------------------------------------------------

    def _advance(self, value) -> None:
        try:
            self._pending = self._gen.send(value)
        except StopIteration:
            self._pending = None
            self._finished = True

    def _ask(self, player: str, kind: str, actions: list, fighter: Fighter | None = None, **info) -> Decision:
        return Decision(player, kind, actions, fighter, info)

    def _say(self, action: str, fighter: Fighter | None = None, **fields) -> None:
        event: Event = {"round": self.round, "action": action}
        if fighter is not None:
            event["side"] = fighter.side
            event["fighter"] = fighter.id
        event.update(fields)
        self._events.append(event)

    def label(self, pos: Hex) -> str:
        return self.board.label(pos)

    def standing_sides(self) -> set[str]:
        return {f.side for f in self.fighters if f.alive}

    def decided(self) -> bool:
        return len(self.standing_sides()) <= 1

    def alive(self) -> list[Fighter]:
        return [f for f in self.fighters if f.alive]

    def enemies(self, fighter: Fighter) -> list[Fighter]:
        return [f for f in self.fighters if f.alive and f.side != fighter.side]

    def occupied(self, but: Fighter | None = None) -> frozenset:
        return frozenset(f.pos for f in self.fighters if f.alive and f is not but and f.pos is not None)

    def closed(self, but: Fighter | None = None) -> frozenset:
        """Hexes a move may not enter besides the board's own: other fighters and the obstructions
        a Fate added."""
        occupied = self.occupied(but)
        if self.obstructions or self.round_obstructions:
            return occupied | frozenset(self.obstructions) | frozenset(self.round_obstructions)
        return occupied

    def obstructed(self, pos: Hex) -> bool:
        return pos in self.obstructions or pos in self.round_obstructions

    def fighter_at(self, pos: Hex) -> Fighter | None:
        for f in self.fighters:
            if f.alive and f.pos == pos:
                return f
        return None

    def _wrath(self, fighter: Fighter, delta: int, why: str) -> None:
        if not delta or not fighter.alive:
            return
        if delta > 0 and fighter.wrath_lock:
            self._say("wrath", fighter, wrath=m.wrath_value(self.track, fighter.wrath), change=0,
                      why=f"{why}: cannot gain Wrath this round")
            return
        before = fighter.wrath
        fighter.wrath = m.move_wrath(self.track, fighter.wrath, delta)
        if fighter.wrath != before:
            self._say("wrath", fighter, wrath=m.wrath_value(self.track, fighter.wrath), change=fighter.wrath - before, why=why)

    def _discard(self, fighter: Fighter, name: str) -> ActionCard:
        for i, card in enumerate(fighter.hand):
            if card.name == name:
                return fighter.hand.pop(i)
        raise ValueError(f"{fighter.id} has no {name!r}")

    def _discard_random(self, fighter: Fighter, why: str) -> None:
        if fighter.hand:
            card = fighter.hand.pop(self._rng.integers(0, len(fighter.hand) - 1))
            self._say("discard", fighter, card=card.name, why=why)

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
        for fid in order:
            f = self.by_id[fid]
            placed = [g.pos for g in self.fighters if g.pos is not None]
            spots = [p for p in self.board.open if all(self.board.distance(p, q) > 2 for q in placed)]
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

    # ---- legal actions ---------------------------------------------------------------------------

    def targets_in_zone(self, f: Fighter) -> list[Fighter]:
        return [e for e in self.enemies(f) if f.profile_against(e.pos) is not None]

    def card_actions(self, f: Fighter) -> list:
        """Every action of every card in ``f``'s hand (what a turn or a Blood Bind may do)."""
        out: list = []
        occupied = self.closed(f)
        in_zone = self.targets_in_zone(f)
        bonus = f.move_bonus
        seen: set[str] = set()
        for card in f.hand:
            if card.name in seen:
                continue
            seen.add(card.name)
            mv = card.move
            for (dest, facing) in move_options(self.board, f.pos, f.facing, mv.hexes + bonus, mv.facing, occupied):
                out.append(("move", card.name, dest, facing))
            for e in in_zone:
                out.append(("attack", card.name, e.id))
            sp = card.special
            if sp.kind == "shove":
                for g in self.alive():
                    if g is not f and self.board.distance(f.pos, g.pos) == 1:
                        out.append(("special", card.name, g.id))
            elif sp.kind == "taunt":
                for g in self.alive():
                    if g is not f and self.board.distance(f.pos, g.pos) <= 2:
                        out.append(("special", card.name, g.id))
            elif sp.kind == "step":
                for (dest, facing) in move_options(self.board, f.pos, f.facing, sp.params.get("hexes", 1), "choose", occupied):
                    out.append(("special", card.name, (dest, facing)))
            elif sp.kind == "wrath":
                out.append(("special", card.name, None))
        return out

    def turn_actions(self, f: Fighter, unique: bool, allow_pass: bool) -> list:
        out = self.card_actions(f)
        names = sorted({c.name for c in f.hand})
        if unique and len(f.hand) >= 2:
            args = self.unique_args(f)
            if args and self.unique_denied(f):
                args = []
            if args:
                pairs = sorted({tuple(sorted(p)) for p in combinations(f.names(), 2)})
                out += [("unique", pair, arg) for pair in pairs for arg in args]
        if allow_pass:
            out += [("pass", n) for n in names]
        return out

    # ---- resolving a turn's action ---------------------------------------------------------------

    def _do(self, f: Fighter, action):
        kind = action[0]
        if kind == "pass":
            self._discard(f, action[1])
            self._say("wait", f, card=action[1], why="no action; card discarded")
            return
        if kind == "unique":
            for name in action[1]:
                self._discard(f, name)
            yield from self._unique(f, action[2], action[1])
            return
        card = self._discard(f, action[1])
        if kind == "move":
            self._wrath(f, card.move.wrath, "Wrath modifier")
            yield from self._move(f, action[2], action[3], card.name, card.move.hexes + f.move_bonus, card.move.facing)
        elif kind == "attack":
            self._wrath(f, card.attack.wrath, "Wrath modifier")
            target = self.by_id[action[2]]
            profile = f.profile_against(target.pos)
            if profile is None:  # a Wrath change cannot move anyone, so this never happens
                raise AssertionError("attack outside the kill zone")
            yield from self._attack(f, target, card.attack.dice, profile, card.attack.name, crippling=card.attack.crippling)
        elif kind == "special":
            yield from self._special(f, card, action[2])

    def _move(self, f: Fighter, dest: Hex, facing: int, card: str, hexes: int, icon: str):
        options = move_options(self.board, f.pos, f.facing, hexes, icon, self.closed(f))
        path = (f.pos, *options[(dest, facing)])
        f.pos, f.facing = dest, facing
        self._say("move", f, card=card, path=[self.label(p) for p in path], facing=arcs.FACING_NAMES[facing],
                  icon=icon, hexes=hexes)
        yield from self._after_move(f, path)

    def _special(self, f: Fighter, card: ActionCard, arg):
        sp = card.special
        self._wrath(f, sp.wrath, "Wrath modifier")
        if sp.kind == "shove":
            target = self.by_id[arg]
            self._say("ability", f, name=sp.name, target=target.id)
            yield from self._push(f, target, arcs.direction_between(f.pos, target.pos))
        elif sp.kind == "taunt":
            target = self.by_id[arg]
            target.facing = arcs.facing_towards(target.pos, f.pos)
            self._say("ability", f, name=sp.name, target=target.id, effect=f"faces {arcs.FACING_NAMES[target.facing]}")
        elif sp.kind == "step":
            self._say("ability", f, name=sp.name)
            yield from self._move(f, arg[0], arg[1], card.name, sp.params.get("hexes", 1), "choose")
        elif sp.kind == "wrath":
            self._say("ability", f, name=sp.name)


def scene(battle: Battle, rng: Rng, at: dict[str, tuple[str, int | str]], hands: dict[str, list[str]] | None = None,
          round: int = 1) -> GorechosenState:
    """A battle stopped at one moment, as the book's worked examples draw it.

    ``at`` maps fighter ids (``a1``, ``b1``...) to a ``"col,row"`` hex and a facing (0-5 or a
    compass name); ``hands`` to the names of their Action cards. Nothing runs until
    :meth:`GorechosenState.play_turn` starts somebody's turn.
    """
    state = GorechosenState(battle, rng, start=False)
    cards = {c.name: c for c in state.deck.cards}
    state.round = round
    for fid, (cell, facing) in at.items():
        f = state.by_id[fid]
        f.pos, f.facing = state.board.parse(cell), arcs.facing_index(facing)
    for f in state.fighters:
        if f.pos is None:
            f.alive = False
    for fid, names in (hands or {}).items():
        state.by_id[fid].hand = [cards[n] for n in names]
    return state


class GorechosenGame:
    """``SYSTEM.game``: makes the first state of a battle (set-up is part of the battle)."""

    system = "gorechosen"

    def new_state(self, battle: Battle, rng: Rng) -> tuple[GorechosenState, list[Event]]:
        state = GorechosenState(battle, rng)
        events = state._events
        state._events = []
        return state, events


GAME = GorechosenGame()
