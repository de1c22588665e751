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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Sequence

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.engine import SIDES, Battle, Event, Outcome
from generator.systems.bladestorm.footing import (
    CONTACT_MIN_IN,
    MILLI,
    UNREACHABLE,
    Footing,
    base_inches,
    contact_offsets,
    footing_for,
)
from generator.systems.bladestorm.mechanics import InPlay, remove_defeated, resolve_attack, winner
from generator.systems.bladestorm.models import Combatant

END = ("end",)


def other(side: str) -> str:
    return "b" if side == "a" else "a"


@dataclass(eq=False)
class Piece:
    """A combatant on the board: its card and Endurance (an :class:`InPlay`), base, position."""

    id: str
    side: str
    fighter: InPlay
    footing: Footing
    base_in: float
    anchor: int = -1
    moved: bool = False
    attacked: bool = False

    @property
    def card(self) -> Combatant:
        return self.fighter.card

    @cached_property
    def arms(self) -> tuple:
        """The attacks the card offers (its Melee Attack, then other weapons), read once."""
        return tuple(self.card.attacks()) if self.card.armed else ()

    @property
    def name(self) -> str:
        return self.fighter.card.name

    @cached_property
    def k(self) -> int:
        """Tiles the base covers a side."""
        return self.footing.k

    @property
    def standing(self) -> bool:
        return not self.fighter.removed

    @property
    def placed(self) -> bool:
        return self.anchor >= 0

    @property
    def budget(self) -> int:
        """Movement Rate in the milli-inches routes are measured in."""
        return self.card.movement * MILLI


@dataclass
class Setting:
    """What a battle is played on: the scenario, the board and map, each player's set-up tiles."""

    scenario: Any  # LoadedScenario
    board: Any  # generator.play.board.Board
    board_map: Any
    zone_tiles: dict[str, frozenset[int]] = field(default_factory=dict)


class BladestormGame:
    """The Basic Game (``SYSTEM.game``): starts a battle from a :class:`Battle`."""

    system = "bladestorm"

    def new_state(self, battle: Battle, rng: Rng) -> tuple["BladestormState", list[Event]]:
        state = BladestormState(battle)
        return state, state.start()


class BladestormState:
    """One moment of a Bladestorm battle; changed only by :meth:`apply`."""

    def __init__(self, battle: Battle):
        loaded = battle.rules["scenario"]
        board_map = battle.rules.get("map") or loaded.map
        self.setting = Setting(loaded, battle.board, board_map)
        self.scenario = loaded.scenario
        self.names = dict(battle.names)
        self.pieces: list[Piece] = []
        for seat in SIDES:
            for i, card in enumerate(battle.forces[seat].combatants):
                size = base_inches(card)
                self.pieces.append(Piece(f"{seat}{i + 1}", seat, InPlay(card, side=seat), footing_for(board_map, size), size))
        self.by_id = {p.id: p for p in self.pieces}
        width = board_map.width
        for seat, player in self.scenario.players.items():
            if player.setup.kind == "zone":
                cells = board_map.zone_cells(player.setup.zone)
                self.setting.zone_tiles[seat] = frozenset(r * width + c for c, r in cells)
        self.phase = "setup"
        self.deciding = self.scenario.setup_order()[0]
        self.turn_side = self.scenario.first_mover()
        self.round = 0
        self.done: set[str] = set()
        self.result: Outcome | None = None

    # ---- the protocol ------------------------------------------------------------------------

    def current_player(self) -> str:
        return self.deciding

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome:
        if self.result is None:
            raise SkirmishError("the battle has not ended yet")
        return self.result

    def legal_actions(self) -> list[tuple]:
        if self.result is not None:
            return []
        if self.phase == "setup":
            piece = self._next_to_place()
            return [("place", piece.id, piece.footing.cell(i)) for i in self.setup_anchors(piece)]
        if self.phase == "move":
            out = []
            for piece in self.pieces:
                if piece.side == self.turn_side and piece.standing and not piece.moved:
                    cell = piece.footing.cell
                    out.extend(("move", piece.id, cell(i)) for i in self.reach(piece))
            out.append(END)
            return out
        out = [("attack", p.id, t.id, w) for p, t, w in self.attack_options(self.deciding)]
        out.append(END)
        return out

    def apply(self, action: tuple, rng: Rng) -> list[Event]:
        kind = action[0]
        if self.result is not None:
            raise SkirmishError("the battle is over")
        if kind == "place" and self.phase == "setup":
            return self._place(action)
        if kind == "move" and self.phase == "move":
            return self._move(action)
        if kind == "attack" and self.phase == "attack":
            return self._attack(action, rng)
        if kind == "end" and self.phase in ("move", "attack"):
            return self._end()
        raise SkirmishError(f"bladestorm: {action!r} is not an action of the {self.phase} step")

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

    # ---- questions a player may ask ------------------------------------------------------------

    def piece(self, pid: str) -> Piece:
        return self.by_id[pid]

    def standing(self, side: str) -> list[Piece]:
        return [p for p in self.pieces if p.side == side and p.standing]

    def label(self, piece: Piece, anchor: int | None = None) -> str:
        c, r = piece.footing.cell(piece.anchor if anchor is None else anchor)
        return f"{c},{r}"

    def occupied_by_others(self, piece: Piece) -> frozenset[int]:
        """Tiles covered by every other base on the board (friend or foe)."""
        return frozenset(t for p in self.pieces if p is not piece and p.standing and p.placed for t in p.footing.block(p.anchor))

    def reach(self, piece: Piece) -> dict[int, tuple[int, int]]:
        """Where ``piece`` may move now: ``{anchor: (route length in milli-inches, previous)}``."""
        return piece.footing.reach(piece.anchor, piece.budget, self.occupied_by_others(piece))

    def touching(self, piece: Piece, anchor: int, target: Piece) -> bool:
        """Would ``piece`` with its anchor at ``anchor`` be in base contact with ``target``?"""
        c, r = piece.footing.cells[anchor]
        tc, tr = target.footing.cells[target.anchor]
        return (c - tc, r - tr) in _offsets(piece.k, target.k, piece.footing.tile_in)

    def in_contact(self, piece: Piece, target: Piece) -> bool:
        return piece.placed and target.placed and self.touching(piece, piece.anchor, target)

    def contact_anchors(self, piece: Piece, target: Piece) -> list[int]:
        """Anchors where ``piece``'s base would touch ``target`` (standing room only; bases ignored)."""
        f = piece.footing
        tc, tr = target.footing.cell(target.anchor)
        out = []
        for dc, dr in contact_offsets(piece.k, target.k, f.tile_in):
            c, r = tc + dc, tr + dr
            if 0 <= c < f.width and 0 <= r < f.height and f.fits[r * f.width + c]:
                out.append(r * f.width + c)
        return out

    def route_to(self, piece: Piece, target: Piece) -> int:
        """Shortest route (milli-inches, bases ignored) from ``piece`` to contact with ``target``."""
        goals = self.contact_anchors(piece, target)
        if not goals:
            return UNREACHABLE
        return piece.footing.field(goals)[piece.anchor]

    def attack_options(self, side: str) -> list[tuple[Piece, Piece, str]]:
        """(attacker, target, weapon) for every attack ``side`` may still make in this step."""
        if side in self.done:
            return []
        out = []
        enemies = [q for q in self.pieces if q.side != side and q.standing]
        for p in self.pieces:
            if p.side != side or not p.standing or p.attacked or not p.arms:
                continue
            for q in enemies:
                if self.in_contact(p, q):
                    out.extend((p, q, w.name) for w in p.arms)
        return out

    def setup_anchors(self, piece: Piece) -> list[int]:
        """Where ``piece`` may be set up: its base covers a tile of its zone and no other base."""
        f = piece.footing
        anchors = f.covering(self.setting.zone_tiles[piece.side])
        taken = self.occupied_by_others(piece)
        return [i for i in anchors if taken.isdisjoint(f.blocks[i])]

    # ---- set-up ----------------------------------------------------------------------------------

    def start(self) -> list[Event]:
        events: list[Event] = []
        for seat in SIDES:
            if self.scenario.players[seat].setup.kind == "marked":
                events += self._place_marked(seat)
        first = self.scenario.first_mover()
        events.append({"round": 0, "side": first, "action": "initiative",
                       "why": f"the scenario: {self.scenario.players[first].side} move first"})
        events += self._after_setup()
        return events

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
            anchor = self._nearest_free(p, goal_cells)
            p.anchor = anchor
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

    def _next_to_place(self) -> Piece:
        return next(p for p in self.pieces if p.side == self.deciding and not p.placed)

    def _place(self, action: tuple) -> list[Event]:
        _, pid, cell = action
        piece = self.by_id[pid]
        anchor = piece.footing.index(cell)
        if piece is not self._next_to_place() or anchor not in self.setup_anchors(piece):
            raise SkirmishError(f"bladestorm: {piece.name} cannot be set up at {cell[0]},{cell[1]}")
        piece.anchor = anchor
        events = [{"round": 0, "side": piece.side, "fighter": pid, "action": "place", "cell": self.label(piece)}]
        return events + self._after_setup()

    def _after_setup(self) -> list[Event]:
        for seat in self.scenario.setup_order():
            if any(p.side == seat and not p.placed for p in self.pieces):
                self.deciding = seat
                return []
        self.round = 1
        return [{"round": 1, "action": "round"}] + self._begin_moves(self.scenario.first_mover())

    # ---- movement --------------------------------------------------------------------------------

    def _begin_moves(self, side: str) -> list[Event]:
        self.phase = "move"
        self.turn_side = self.deciding = side
        for p in self.pieces:
            p.moved = False
        return []

    def _move(self, action: tuple) -> list[Event]:
        _, pid, cell = action
        piece = self.by_id[pid]
        if piece.side != self.turn_side or piece.moved or not piece.standing:
            raise SkirmishError(f"bladestorm: {piece.name} cannot move now")
        goal = piece.footing.index(cell)
        found = self.reach(piece)
        if goal not in found:
            raise SkirmishError(f"bladestorm: {piece.name} cannot reach {cell[0]},{cell[1]}")
        piece.moved = True
        start, start_anchor = self.label(piece), piece.anchor
        if goal == piece.anchor:
            events: list[Event] = [{"round": self.round, "side": piece.side, "fighter": pid, "action": "wait", "cell": start}]
        else:
            route = piece.footing.route(found, goal)
            touching_before = {q.id for q in self.pieces if q.side != piece.side and q.standing and self.in_contact(piece, q)}
            piece.anchor = goal
            events = [{
                "round": self.round, "side": piece.side, "fighter": pid, "action": "move", "from": start,
                "cell": self.label(piece), "path": [self.label(piece, i) for i in route],
                "inches": round(self._length(piece, [start_anchor, *route]), 3),
            }]
            for q in self.pieces:
                if q.side != piece.side and q.standing and q.id not in touching_before and self.in_contact(piece, q):
                    events.append({"round": self.round, "side": piece.side, "fighter": pid, "action": "contact",
                                   "target": q.id, "cell": self.label(piece)})
        if all(p.moved or not p.standing for p in self.pieces if p.side == self.turn_side):
            events += self._begin_attacks()
        return events

    @staticmethod
    def _length(piece: Piece, anchors: list[int]) -> float:
        """The route's length in inches: 1 tile straight, the tile's diagonal aslant."""
        f = piece.footing
        diagonal = sum(1 for x, y in zip(anchors, anchors[1:]) if f.cells[x][0] != f.cells[y][0] and f.cells[x][1] != f.cells[y][1])
        return f.tile_in * ((len(anchors) - 1 - diagonal) + diagonal * 2 ** 0.5)

    def _end(self) -> list[Event]:
        if self.phase == "move":
            events = [{"round": self.round, "side": p.side, "fighter": p.id, "action": "wait", "cell": self.label(p)}
                      for p in self.pieces if p.side == self.turn_side and p.standing and not p.moved]
            for p in self.pieces:
                p.moved = True
            return events + self._begin_attacks()
        self.done.add(self.deciding)
        return self._advance_attacks()

    # ---- attacks ---------------------------------------------------------------------------------

    def _begin_attacks(self) -> list[Event]:
        self.phase = "attack"
        self.done = set()
        for p in self.pieces:
            p.attacked = False
        self.deciding = self.turn_side
        return self._advance_attacks()

    def _advance_attacks(self) -> list[Event]:
        if self.attack_options(self.deciding):
            return []
        if self.deciding == self.turn_side:
            self.deciding = other(self.turn_side)
            if self.attack_options(self.deciding):
                return []
        return self._end_attack_step()

    def _attack(self, action: tuple, rng: Rng) -> list[Event]:
        _, pid, tid, weapon = action
        attacker, target = self.by_id[pid], self.by_id[tid]
        if (attacker, target, weapon) not in self.attack_options(self.deciding):
            raise SkirmishError(f"bladestorm: {attacker.name} cannot attack {target.name} now")
        arm = next(w for w in attacker.arms if w.name == weapon)
        result = resolve_attack(attacker.fighter, target.fighter, rng=rng, weapon=arm)
        attacker.attacked = True
        event = {
            "round": self.round, "side": attacker.side, "fighter": pid, "action": "attack", "target": tid,
            "weapon": result.weapon, "attack": self._attack_text(attacker, weapon), "rolls": list(result.faces),
            "total": result.total, "defense": result.defense, "hit": result.hit, "damage": result.damage,
            "endurance_left": target.fighter.endurance_left,
        }
        if attacker.side != self.turn_side:
            event["strikes_back"] = True
        return [event] + self._advance_attacks()

    @staticmethod
    def _attack_text(piece: Piece, weapon: str) -> str:
        for w in piece.arms:
            if w.name == weapon:
                return f"{w.attack}, {w.damage}"
        return ""

    def _end_attack_step(self) -> list[Event]:
        events: list[Event] = []
        cells = {p.id: self.label(p) for p in self.pieces if p.standing}
        gone = {p.id for p in self.pieces if p.standing}
        remove_defeated(p.fighter for p in self.pieces)
        for p in self.pieces:
            if p.id in gone and not p.standing:
                events.append({"round": self.round, "side": p.side, "fighter": p.id, "action": "taken_down",
                               "cell": cells[p.id], "why": "no Endurance left at the end of the attack step"})
        sides = {seat: [p.fighter for p in self.pieces if p.side == seat] for seat in SIDES}
        alive = [seat for seat in SIDES if any(not f.removed for f in sides[seat])]
        if len(alive) < 2:
            won = winner(sides)
            why = "eliminated every enemy combatant" if won else "both sides eliminated in the same attack step"
            return events + self._finish(won, why)
        mover = other(self.turn_side)
        if mover == self.scenario.first_mover():
            if self.round >= self.scenario.turn_limit:
                return events + self._finish(None, f"turn limit ({self.scenario.turn_limit}) reached")
            self.round += 1
            events.append({"round": self.round, "action": "round"})
        return events + self._begin_moves(mover)

    def _finish(self, won: str | None, why: str) -> list[Event]:
        score = {seat: sum(1 for p in self.pieces if p.side != seat and not p.standing) for seat in SIDES}
        self.result = Outcome(won, score, self.round, why)
        self.phase = "over"
        return [{"round": self.round, "action": "end", "winner": won, "why": why}]


_OFFSET_SETS: dict[tuple[int, int, float], frozenset[tuple[int, int]]] = {}


def _offsets(k: int, other_k: int, tile_in: float) -> frozenset[tuple[int, int]]:
    key = (k, other_k, tile_in)
    hit = _OFFSET_SETS.get(key)
    if hit is None:
        hit = _OFFSET_SETS[key] = frozenset(contact_offsets(k, other_k, tile_in))
    return hit


# ---- seating two rosters on a scenario --------------------------------------------------------------

_OPTIONS = ("map", "card", "variant", "twist", "scenario", "files")


def make_battle(force_a, force_b, options: dict | None = None) -> Battle:
    """Seat two loaded rosters on a scenario (``SYSTEM.make_battle``).

    ``options["card"]`` names the scenario (a key such as ``a-test-of-arms`` or a file); without
    it, the book's own two rosters play "Warriors of Ash" and any others "A Test of Arms".
    ``options["map"]`` replaces the scenario's map (its zones must still fit the set-up). Force A
    is the scenario's player #1. A base that cannot get through any gap to the enemy is refused.
    """
    from generator.play.board import board_for
    from generator.systems.bladestorm.scenario import DEFAULT_BOOK, DEFAULT_OTHER, load_scenario

    options = dict(options or {})
    for key in options:
        if key not in _OPTIONS:
            raise SkirmishError(f"bladestorm: unknown battle option {key!r}; known: {', '.join(_OPTIONS)}")
    for key in ("variant", "twist"):
        if options.get(key):
            raise SkirmishError(f"bladestorm: --{key} {options[key]!r}: the Basic Game has no {key}s; leave it out")
    name = options.get("card") or options.get("scenario")
    if not name:
        name = DEFAULT_BOOK if _book_forces(DEFAULT_BOOK, force_a, force_b) else DEFAULT_OTHER
    loaded = load_scenario(name)
    if options.get("map") is not None:
        from generator.systems.bladestorm.scenario import LoadedScenario, check_against_map

        board_map = options["map"]
        problems = check_against_map(loaded.scenario, board_map, lambda loc: f"--map {board_map.name or 'map'}")
        if board_map.grid != "square":
            problems.insert(0, f"--map {board_map.name or 'map'}: grid: {board_map.grid!r}; Bladestorm plays on square tiles")
        if problems:
            raise SkirmishError(problems[0], problems=problems)
        loaded = LoadedScenario(loaded.key, loaded.path, loaded.scenario, board_map, loaded.source)
    battle = Battle(
        system="bladestorm",
        forces={"a": force_a, "b": force_b},
        board=board_for(loaded.map, diagonal=True),
        rules={"scenario": loaded, "map": loaded.map, "map_option": options.get("map") is not None,
               "files": options.get("files") or {}},
        names={"a": force_a.name, "b": force_b.name},
    )
    _check_ways_through(battle)
    return battle


def _book_forces(key: str, force_a, force_b) -> bool:
    """Are these the rosters the scenario was written for (in either seat)?"""
    from generator.content import library, load_file
    from generator.systems.bladestorm.scenario import scenario_files

    path = scenario_files().get(key)
    if path is None:
        return False
    scenario = load_file(path).model
    names = set()
    for player in scenario.players.values():
        if player.roster:
            names.add(load_file(library().path(player.roster)).model.name)
    return {force_a.name, force_b.name} == names and len(names) == 2


def _check_ways_through(battle: Battle) -> None:
    """One line when a base is too large for every gap between its set-up and the enemy's."""
    state = BladestormState(battle)
    starts: dict[str, list[int]] = {}
    for seat in SIDES:
        if state.scenario.players[seat].setup.kind == "marked":
            state._place_marked(seat)
    for p in state.pieces:
        starts[p.id] = [p.anchor] if p.placed else state.setup_anchors(p)
    loaded = battle.rules["scenario"]
    for p in state.pieces:
        goals: set[int] = set()
        for q in state.pieces:
            if q.side == p.side:
                continue
            for anchor in starts[q.id]:
                q.anchor = anchor
                goals.update(state.contact_anchors(p, q))
        dist = p.footing.field(goals) if goals else None
        if dist is None or all(dist[i] >= UNREACHABLE for i in starts[p.id]):
            if battle.rules.get("map_option"):
                where, on = f"--map {battle.rules['map'].name or 'map'}", "this map"
            else:
                where, on = loaded.where(("map",)), loaded.scenario.map
            files = battle.rules.get("files") or {}
            if files.get(p.side):
                on += f" (roster {files[p.side]})"
            raise SkirmishError(
                f"{where}: {p.name}'s {p.base_in:g}\" base cannot get through any gap between its "
                f"set-up and the enemy on {on}; choose another scenario (--battle) or map"
            )
