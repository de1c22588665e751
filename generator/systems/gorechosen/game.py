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

The state is made of one part per chapter of the book: set-up and the rounds (Prepare, Fight,
the variants' turns) in :mod:`rounds`, a turn's actions in :mod:`actions`, attacks, wounds and
pushes in :mod:`combat`, the champions' Unique actions, unique rules and Fates of the Slain (the
effect vocabulary of :mod:`effects`) in :mod:`abilities`; the movement tables are in
:mod:`moves`. This module holds the fighters, the state's records, the engine's protocol and
the plumbing the parts share (asking, saying, Wrath, discards). The state is plain: fighters with a hex, a facing, a Health marker, a
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
from functools import cached_property
from typing import Any, NamedTuple

from generator.dice.rng import Rng
from generator.play.board import Board
from generator.play.engine import Battle, Event, Outcome
from generator.systems.gorechosen import arcs, data
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.abilities import Abilities
from generator.systems.gorechosen.actions import Actions
from generator.systems.gorechosen.arcs import Hex
from generator.systems.gorechosen.combat import DEFENCE, Combat
from generator.systems.gorechosen.models import ActionCard, Champion, Profile
from generator.systems.gorechosen.moves import centre_of, move_options
from generator.systems.gorechosen.rounds import Rounds
from generator.systems.gorechosen.seating import VARIANTS, default_map, make_battle

#: The book plays until one fighter is left; a battle still going after this many rounds is a
#: draw (our guard; the greedy players never get near it).
MAX_ROUNDS = 30
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

    @cached_property
    def rule(self) -> str | None:
        """The kind of the unique rule the engine plays (None: flavour only; read once, as a
        fighter's champion never changes)."""
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
        health = self.health
        hit = self.__dict__.get("_wounded")
        if hit is None or hit[0] is not health:
            hit = self._wounded = (health, m.is_wounded(self.champion.health, health))
        return hit[1]

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


class GorechosenState(Rounds, Actions, Combat, Abilities):
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
        self.first: str | None = None  # the side whose champion was set up first (set-up order)
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
        return Outcome(winner, score, self.round, self.reason, first=self.first)

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
