"""Bladestorm's Basic Game on the board: a battle as a state, its legal actions, and ``apply``.

The turn (rulebook 6.0-9.0, our words; the rules themselves live in :mod:`mechanics` and the
tile geometry in :mod:`footing`, this module only sequences them):

1. **Set-up.** The scenario places marked set-ups itself; for a zone set-up the player who sets
   up first places every combatant, then the other player (``place`` actions).
2. **Player 1 moves**: any, all or none of their combatants, one at a time, each once, up to its
   Movement Rate (``move`` to a reachable tile, the combatant's own tile to stay, or ``end``).
3. **Attack step**: every combatant in base contact with an enemy may make one attack on one
   enemy it touches. The player who just moved resolves all of theirs first, then the other
   player's combatants strike back. Attacks are announced and rolled one at a time (``attack``
   actions, or ``end`` to make no more). Nobody is removed until the step is over: a combatant
   at zero Endurance still strikes. Then every combatant with no Endurance left is removed.
4. **Player 2 moves**, then another attack step with player 2's attacks first; that ends a turn.
5. A player wins when every enemy combatant has been removed (both sides gone in the same step
   is a draw); after the scenario's turn limit (ours: the book has none) the battle is a draw.

Actions are tuples: ``("place", id, (col, row))``, ``("move", id, (col, row))``,
``("attack", id, target_id, weapon)`` and ``("end",)``. The ``(col, row)`` of a base is its
anchor, the north-west tile of the tiles it covers (see :mod:`footing`).

The rules run in the battle core (:mod:`core_movement`, :mod:`core_rules`, docs/core.md); two
rosters are seated on a scenario by :mod:`seating`, and a combatant is read through its
:class:`~generator.systems.bladestorm.pieces.Piece`.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any, Sequence

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.engine import SIDES, Battle, Event, Outcome
from generator.play.core import new_buffer
from generator.systems.bladestorm.core_consts import ATTACK, MOVE, PLACE
from generator.systems.bladestorm.core_consts import ATTACKING as ATTACKING_STEP
from generator.systems.bladestorm.core_consts import MOVING as MOVING_STEP
from generator.systems.bladestorm.core_consts import END as END_CODE
from generator.systems.bladestorm.core_data import Arms, ContactFields, FootingTable, Pieces, Scratch
from generator.systems.bladestorm.core_player import BladestormGreedy, Odds
from generator.systems.bladestorm.core_rules import BladestormRules, encode
from generator.systems.bladestorm.footing import CONTACT_MIN_IN, MILLI, UNREACHABLE, Footing, base_inches, footing_for
from generator.systems.bladestorm.pieces import Piece

END = ("end",)
_KIND_NAMES = {PLACE: "place", MOVE: "move", ATTACK: "attack", END_CODE: "end"}


def other(side: str) -> str:
    return "b" if side == "a" else "a"


@dataclass
class Setting:
    """What a battle is played on: the scenario, the board and map, each player's set-up tiles."""

    scenario: Any  # LoadedScenario
    board: Any  # generator.play.board.Board
    board_map: Any
    zone_tiles: dict[str, frozenset[int]] = field(default_factory=dict)


class Prepared:
    """What every battle of one seating shares, worked out once: the cards, the footing of each
    base size, the weapons, the greedy player's odds, and the first state's numbers."""

    def __init__(self, battle: Battle):
        loaded = battle.rules["scenario"]
        board_map = battle.rules.get("map") or loaded.map
        self.setting = Setting(loaded, battle.board, board_map)
        self.scenario = loaded.scenario
        self.names = dict(battle.names)
        self.ids, self.cards, self.seats, self.base_in, footings = [], [], [], [], []
        for seat in SIDES:
            for i, card in enumerate(battle.forces[seat].combatants):
                size = base_inches(card)
                self.ids.append(f"{seat}{i + 1}")
                self.cards.append(card)
                self.seats.append(seat)
                self.base_in.append(size)
                footings.append(footing_for(board_map, size))
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.footings = []  # one per base size, in order of first appearance
        table_of = []
        for f in footings:
            if f not in self.footings:
                self.footings.append(f)
            table_of.append(self.footings.index(f))
        ks = {f.k for f in self.footings}
        self.tables = [FootingTable(f, float(board_map.tile_in), ks) for f in self.footings]
        self.table_of = table_of
        self.arms = Arms(self.cards)
        self.width = board_map.width
        for seat, player in self.scenario.players.items():
            if player.setup.kind == "zone":
                cells = board_map.zone_cells(player.setup.zone)
                self.setting.zone_tiles[seat] = frozenset(r * self.width + c for c, r in cells)
        n = self.width * board_map.height
        self.zones = []
        for seat in SIDES:
            flags = array("i", [0] * n) if seat in self.setting.zone_tiles else array("i")
            for t in self.setting.zone_tiles.get(seat, ()):
                flags[t] = 1
            self.zones.append(flags)
        endurances = [card.endurance for card in self.cards]
        self.flat = Pieces([SIDES.index(s) for s in self.seats], [self.footings[t].k for t in table_of], table_of,
                           [card.movement * MILLI for card in self.cards], endurances,
                           [card.defense for card in self.cards])
        self.greedy = BladestormGreedy(Odds(self.cards, self.arms, endurances))
        self.fields = ContactFields(len(self.tables), ks, n)
        self.work = Scratch(len(self.cards), n)
        self.opening = None  # (the first state, its events), made by the first battle
        self.first = SIDES.index(self.scenario.first_mover())
        self.setup_first = SIDES.index(self.scenario.setup_order()[0])
        self.turn_limit = self.scenario.turn_limit

    def label(self, p: int, anchor: int) -> str:
        c, r = self.footings[self.table_of[p]].cell(anchor)
        return f"{c},{r}"


_PREPARED: dict[int, tuple[Battle, Prepared]] = {}


def prepared_for(battle: Battle) -> Prepared:
    """The :class:`Prepared` of a seating, made on first use and shared by every battle of it
    (kept by the battle object's identity; the entry holds the battle, so the id is not reused)."""
    hit = _PREPARED.get(id(battle))
    if hit is not None and hit[0] is battle:
        return hit[1]
    if len(_PREPARED) >= 64:
        _PREPARED.clear()
    prepared = Prepared(battle)
    _PREPARED[id(battle)] = (battle, prepared)
    return prepared


class BladestormGame:
    """The Basic Game (``SYSTEM.game``): starts a battle from a :class:`Battle`."""

    system = "bladestorm"

    def new_state(self, battle: Battle, rng: Rng) -> tuple["BladestormState", list[Event]]:
        """The battle as it stands once the scenario has set up what it sets up itself. That
        takes no dice, so it is worked out once per seating and copied for each battle."""
        prepared = prepared_for(battle)
        if prepared.opening is None:
            state = BladestormState(battle)
            prepared.opening = (state, state.start())
        state, events = prepared.opening
        return state.clone(), [dict(e) for e in events]


class BladestormState(BladestormRules):
    """One moment of a Bladestorm battle: the rules core (:mod:`core_rules`) with the engine's
    protocol on top (actions as tuples, events as dicts), and views a player or test may read."""

    def __init__(self, battle: Battle):
        prepared = prepared_for(battle)
        BladestormRules.__init__(self, prepared, prepared.tables, prepared.arms, prepared.flat.copy(), prepared.width,
                                 prepared.first, prepared.setup_first, prepared.turn_limit, prepared.zones,
                                 prepared.fields, prepared.work)
        self.decider = prepared.setup_first

    # ---- views -----------------------------------------------------------------------------------

    @property
    def setting(self) -> Setting:
        return self.prepared.setting

    @property
    def scenario(self):
        return self.prepared.scenario

    @property
    def names(self) -> dict[str, str]:
        return self.prepared.names

    @property
    def pieces(self) -> list[Piece]:
        return [Piece(self, i) for i in range(self.flat.count)]

    @property
    def by_id(self) -> dict[str, Piece]:
        return {p.id: p for p in self.pieces}

    @property
    def deciding(self) -> str:
        return SIDES[self.decider]

    @property
    def phase(self) -> str:
        """The step of the turn in words: ``setup``, ``move``, ``attack`` or ``over``."""
        return ("setup", "move", "attack", "over")[self.step]

    def piece(self, pid: str) -> Piece:
        return Piece(self, self.prepared.index[pid])

    def standing(self, side: str) -> list[Piece]:
        return [p for p in self.pieces if p.side == side and p.standing]

    def label(self, piece: Piece, anchor: int | None = None) -> str:
        return self.prepared.label(piece.index, piece.anchor if anchor is None else anchor)

    def reach(self, piece: Piece) -> dict[int, tuple[int, int]]:
        """Where ``piece`` may move now: ``{anchor: (route length in milli-inches, previous)}``,
        in the order the search found them."""
        found = self.find_reach(piece.index)
        base = piece.index * self.tables[0].n
        return {a: (self.work.reach_cost[base + a], self.work.reach_prev[base + a])
                for a in (self.work.reach_order[base + j] for j in range(found))}

    def touching(self, piece: Piece, anchor: int, target: Piece) -> bool:
        """Would ``piece`` with its anchor at ``anchor`` be in base contact with ``target``?"""
        return self.touches(piece.index, anchor, target.index)

    def in_contact(self, piece: Piece, target: Piece) -> bool:
        return self.in_contact_now(piece.index, target.index)

    def contact_anchors(self, piece: Piece, target: Piece) -> list[int]:
        """Anchors where ``piece``'s base would touch ``target`` (standing room only; bases ignored)."""
        out = array("i", bytes(4 * 4096))
        return list(out[:self.contacts_into(piece.index, target.index, out)])

    def route_to(self, piece: Piece, target: Piece) -> int:
        """Shortest route (milli-inches, bases ignored) from ``piece`` to contact with ``target``."""
        goals = self.contact_anchors(piece, target)
        if not goals:
            return UNREACHABLE
        return piece.footing.field(goals)[piece.anchor]

    def setup_anchors(self, piece: Piece) -> list[int]:
        """Where ``piece`` may be set up: its base covers a tile of its zone and no other base."""
        f = piece.footing
        anchors = f.covering(self.setting.zone_tiles[piece.side])
        taken = self.occupied_by_others(piece)
        return [i for i in anchors if taken.isdisjoint(f.blocks[i])]

    def occupied_by_others(self, piece: Piece) -> frozenset[int]:
        """Tiles covered by every other base on the board (friend or foe)."""
        return frozenset(t for p in self.pieces if p != piece and p.standing and p.placed for t in p.footing.block(p.anchor))

    # ---- the protocol ------------------------------------------------------------------------

    def current_player(self) -> str:
        return SIDES[self.decider]

    def is_terminal(self) -> bool:
        return self.finished

    def outcome(self) -> Outcome:
        if not self.finished:
            raise SkirmishError("the battle has not ended yet")
        flat = self.flat
        score = {seat: sum(1 for p in range(flat.count) if flat.seat[p] != s and flat.removed[p])
                 for s, seat in enumerate(SIDES)}
        return Outcome(None if self.winner < 0 else SIDES[self.winner], score, self.round, self.why,
                       first=self.first_to_set_up())

    def first_to_set_up(self) -> str:
        """The seat that sets up first; where the scenario places both sides itself, the one
        that moves first (who is player 1 is what the table hands out)."""
        players = self.scenario.players
        if any(players[seat].setup.kind == "zone" for seat in SIDES):
            return self.scenario.setup_order()[0]
        return self.scenario.first_mover()

    def legal_actions(self) -> list[tuple]:
        codes = new_buffer()
        return [self.decode(codes[i]) for i in range(self.action_codes(codes))]

    def decode(self, code: int) -> tuple:
        kind, p, a, b = code >> 40, (code >> 28) & 0xFFF, (code >> 12) & 0xFFFF, code & 0xFFF
        prepared = self.prepared
        if kind == END_CODE:
            return END
        cell = prepared.footings[prepared.table_of[p]].cell
        if kind == ATTACK:
            return ("attack", prepared.ids[p], prepared.ids[a], prepared.arms.names[prepared.arms.first[p] + b])
        return (_KIND_NAMES[kind], prepared.ids[p], cell(a))

    def encode(self, action: tuple) -> int:
        """The code of a tuple action, or a one-line error when it is not an action of this game."""
        prepared = self.prepared
        try:
            kind = action[0]
            if kind == "end" and len(action) == 1:
                return encode(END_CODE, 0, 0, 0)
            p = prepared.index[action[1]]
            if kind == "attack":
                q = prepared.index[action[2]]
                names = prepared.arms.names[prepared.arms.first[p]:prepared.arms.first[p + 1]]
                return encode(ATTACK, p, q, names.index(action[3]))
            anchor = prepared.footings[prepared.table_of[p]].index(tuple(action[2]))
            return encode({"place": PLACE, "move": MOVE}[kind], p, anchor, 0)
        except (KeyError, ValueError, IndexError, TypeError):
            raise SkirmishError(f"bladestorm: {action!r} is not an action of this battle") from None

    def apply(self, action: tuple, rng: Rng) -> list[Event]:
        if self.finished:
            raise SkirmishError("the battle is over")
        code = self.encode(action)
        codes = new_buffer()
        legal = [codes[i] for i in range(self.action_codes(codes))]
        if code not in legal:
            raise SkirmishError(self._why_illegal(action))
        events: list[Event] = []
        kept, self.log = self.log, events
        try:
            self.apply_code(code, rng.stream)
        finally:
            self.log = kept
        if kept is not None:
            kept.extend(events)
        return events

    def _why_illegal(self, action: tuple) -> str:
        kind = action[0]
        if kind == "move" and self.phase == "move":
            piece = self.piece(action[1])
            if piece.side == self.current_player() and piece.standing and not piece.moved:
                return f"bladestorm: {piece.name} cannot reach {action[2][0]},{action[2][1]}"
        if kind == "place" and self.phase == "setup":
            return f"bladestorm: {self.piece(action[1]).name} cannot be set up at {action[2][0]},{action[2][1]}"
        if kind == "attack" and self.phase == "attack":
            return f"bladestorm: {self.piece(action[1]).name} cannot attack {self.piece(action[2]).name} now"
        return f"bladestorm: {action!r} is not an action of the {self.phase} step"

    def set_step(self, phase: str, side: str) -> None:
        """Put the battle at the start of ``phase`` (``move`` or ``attack``) with ``side`` to act,
        nobody having moved or attacked yet: how a test or an analysis sets up a position."""
        self.step = {"move": MOVING_STEP, "attack": ATTACKING_STEP}[phase]
        self.turn_side = self.decider = SIDES.index(side)
        self.done_a = self.done_b = 0
        for p in range(self.flat.count):
            self.flat.moved[p] = 0
            self.flat.attacked[p] = 0

    def header(self) -> dict[str, Any]:
        m = self.setting.board_map
        loaded = self.setting.scenario
        sides = {}
        for seat in SIDES:
            player = self.scenario.players[seat]
            sides[seat] = {
                "name": self.names.get(seat, seat),
                "side": player.side,
                "moves": player.moves,
                "fighters": [
                    {
                        "id": p.id, "name": p.name, "base_in": p.base_in, "tiles": p.k, "movement": p.card.movement,
                        "melee_attack": p.card.melee_attack, "melee_damage": p.card.melee_damage,
                        "defense": p.card.defense, "endurance": p.card.endurance,
                    }
                    for p in self.pieces if p.side == seat
                ],
            }
        return {
            "grid": {
                "kind": "square", "width": m.width, "height": m.height, "tile_in": m.tile_in, "steps": 8,
                "diagonal_in": round(self.pieces[0].footing.diag / MILLI, 3), "contact_min_in": CONTACT_MIN_IN,
                "map": m.name or loaded.scenario.map, "blocked": list(m.blocked),
                "walls": [w.model_dump(mode="json", exclude_defaults=True) for w in m.walls],
            },
            "scenario": {"key": loaded.key, "name": self.scenario.name, "victory": self.scenario.victory.text,
                         "turn_limit": self.scenario.turn_limit, "first": self.scenario.first_mover()},
            "sides": sides,
        }

    # ---- set-up ----------------------------------------------------------------------------------

    def start(self) -> list[Event]:
        """The scenario's marked set-ups, the initiative, and the first player to set up."""
        events: list[Event] = []
        for seat in SIDES:
            if self.scenario.players[seat].setup.kind == "marked":
                events += self._place_marked(seat)
        first = self.scenario.first_mover()
        events.append({"round": 0, "side": first, "action": "initiative", "why": self._first_words(first)})
        kept, self.log = self.log, events
        try:
            self.after_setup()
        finally:
            self.log = kept
        return events

    def _first_words(self, first: str) -> str:
        """Why ``first`` moves first, naming the force that sits there: the scenario gives the
        first move to a part (the book's Goblins), whoever is seated in it."""
        part = self.scenario.players[first].side
        force = self.names.get(first, first)
        if part.lower().removeprefix("the ") in force.lower():
            return f"the scenario gives the first move to {force}"
        return f"the scenario gives the first move to its part of {part}, played here by {force}"

    def _place_marked(self, seat: str) -> list[Event]:
        marks = list(self.scenario.players[seat].setup.marks)
        pieces = [p for p in self.pieces if p.side == seat]
        chosen: dict[str, Any] = {}
        free = list(marks)
        for p in pieces:  # the book's combatant on its own mark first
            mark = next((m for m in free if m.combatant == p.name), None)
            if mark is not None:
                chosen[p.id] = mark
                free.remove(mark)
        for p in pieces:  # anyone else takes the remaining marks in card order
            if p.id not in chosen and free:
                chosen[p.id] = free.pop(0)
        events = []
        for p in pieces:
            mark = chosen.get(p.id)
            goal_cells = [mark.cell] if mark else [m.cell for m in marks]
            p.anchor = self._nearest_free(p, goal_cells)
            event = {"round": 0, "side": seat, "fighter": p.id, "action": "place", "cell": self.label(p)}
            if mark is not None:
                event["mark"] = mark.mark
            events.append(event)
        return events

    def _nearest_free(self, piece: Piece, cells: Sequence[str]) -> int:
        """The free standing place whose base covers one of ``cells``, else the nearest one by route."""
        f = piece.footing
        taken = self.occupied_by_others(piece)
        wanted = set()
        for text in cells:
            c, r = (int(x) for x in text.split(","))
            wanted.add(r * f.width + c)
        ok = [i for i in range(len(f.fits)) if f.fits[i] and not taken.intersection(f.block(i))]
        covering = [i for i in ok if wanted.intersection(f.block(i))]
        if covering:
            exact = [i for i in covering if i in wanted]
            return (exact or covering)[0]
        goals = [i for i in range(len(f.fits)) if f.fits[i] and wanted.intersection(f.block(i))]
        dist = f.field(goals) if goals else None
        if dist is None or not ok:
            raise SkirmishError(f"bladestorm: no room to set up {piece.name} near {', '.join(cells)}")
        return min(ok, key=lambda i: (dist[i], i))

    # ---- events (the core asks for them only while a log is kept) ----------------------------------

    def _cell(self, p: int) -> str:
        return self.prepared.label(p, self.flat.anchor[p])

    def event_place(self, p):
        return {"round": 0, "side": SIDES[self.flat.seat[p]], "fighter": self.prepared.ids[p], "action": "place",
                "cell": self._cell(p)}

    def event_wait(self, p):
        return {"round": self.round, "side": SIDES[self.flat.seat[p]], "fighter": self.prepared.ids[p],
                "action": "wait", "cell": self._cell(p)}

    def event_move(self, p, start, route):
        prepared = self.prepared
        f = prepared.footings[prepared.table_of[p]]
        return {
            "round": self.round, "side": SIDES[self.flat.seat[p]], "fighter": prepared.ids[p], "action": "move",
            "from": prepared.label(p, start), "cell": self._cell(p), "path": [prepared.label(p, i) for i in route],
            "inches": round(_length(f, [start, *route]), 3),
        }

    def event_contact(self, p, q):
        return {"round": self.round, "side": SIDES[self.flat.seat[p]], "fighter": self.prepared.ids[p],
                "action": "contact", "target": self.prepared.ids[q], "cell": self._cell(p)}

    def event_attack(self, p, q, index, count, total, defense, hit, damage):
        prepared, flat = self.prepared, self.flat
        event = {
            "round": self.round, "side": SIDES[flat.seat[p]], "fighter": prepared.ids[p], "action": "attack",
            "target": prepared.ids[q], "weapon": prepared.arms.names[index], "attack": prepared.arms.texts[index],
            "rolls": [self.arms.faces[d] for d in range(count)], "total": total, "defense": defense, "hit": bool(hit),
            "damage": damage, "endurance_left": flat.endurance[q] - flat.hits[q],
        }
        if flat.seat[p] != self.turn_side:
            event["strikes_back"] = True
        return event

    def event_taken_down(self, p):
        return {"round": self.round, "side": SIDES[self.flat.seat[p]], "fighter": self.prepared.ids[p],
                "action": "taken_down", "cell": self._cell(p), "why": "no Endurance left at the end of the attack step"}


def _length(f: Footing, anchors: list[int]) -> float:
    """The route's length in inches: 1 tile straight, the tile's diagonal aslant."""
    diagonal = sum(1 for x, y in zip(anchors, anchors[1:]) if f.cells[x][0] != f.cells[y][0] and f.cells[x][1] != f.cells[y][1])
    return f.tile_in * ((len(anchors) - 1 - diagonal) + diagonal * 2 ** 0.5)
