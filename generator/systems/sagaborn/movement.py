"""SagaBorn movement ("Movement" and "Height" in the book): where a unit's move action can take
it (its Move, one more point to climb a level, double into and through water, double out of a
hex next to an enemy, never through figures), the path it walks, and the threat area a player
reads from an enemy's Move.

:class:`Movement` is the part of :class:`~generator.systems.sagaborn.game.SagaState` that
searches and makes moves; the step costs come from :func:`mechanics.step_cost`, worked out once
per board in :func:`_step_table` as flat arrays and shared by every battle on it, and the
searches over them are the battle core's (:mod:`core_movement`, compiled at install).
"""

from __future__ import annotations

from array import array

from generator.play.board import Board
from generator.play.engine import Event
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.core_data import HEIGHTS, StepTable, variant
from generator.systems.sagaborn.core_movement import reach as core_reach
from generator.systems.sagaborn.pieces import Fighter

_step_tables: dict[int, tuple[Board, dict]] = {}
_threat_tables: dict[int, tuple[Board, dict]] = {}
taken_none = array("i")  # no hex taken (a threat area ignores figures)


class Movement:
    """The move action and the searches behind it (mixed into the battle state)."""

    def enemy_adjacent_cells(self, side: str) -> set:
        """Hexes next to an enemy of ``side`` (leaving one costs double)."""
        hit = self._enemy_cells.get(side)
        if hit is None:
            hit = set()
            for e in self.enemies_of(side):
                hit.update(self.board.neighbours(e.pos))
            self._enemy_cells[side] = hit
        return hit

    def reach(self, f: Fighter, budget: int | None = None) -> dict:
        """``{pos: (cost, previous)}`` for every hex ``f`` can end a move in (its own included).

        The same search as :meth:`Board.reachable` with this step cost, run over the precomputed
        step table by :func:`core_movement.reach` (the inner loop of every greedy move): one cost
        at a time, each cost's hexes in position order, exactly the order of a heap of ``(cost,
        position)``, hence the same paths and the same order of hexes found.
        """
        found, costs, came = self._reach(f, budget)
        table = _step_table(self.board)
        cells, number = table["cells"], table["number"]
        out = {}
        for pos in found:
            i = number[pos]
            out[pos] = (costs[i], None if came[i] < 0 else cells[came[i]])
        return out

    def _reach(self, f: Fighter, budget: int | None = None) -> tuple[list, list, list]:
        """:meth:`reach` over the board's open hexes numbered in position order (the step
        table's ``"cells"`` and ``"number"``): ``(the hexes in the order found, cost by number (of
        the hexes found; the others hold -1 or a number above the budget), previous hex's number
        by number or -1)``, the last two as ``array("i")``. Numbering in position order keeps
        the search's order, hence every path and the order of the legal moves, the same.

        Kept for the last fighter asked until anyone moves or falls: the legal moves and the
        move's ``apply`` ask the same search one after the other."""
        budget = self.budget(f) if budget is None else budget
        key = (f.uid, f.pos, budget)
        if self._reach_cache is not None and self._reach_cache[0] == key:
            return self._reach_cache[1]
        table = _step_table(self.board)
        number, size = table["number"], len(table["cells"])
        taken = array("i", [number[pos] for pos in self._occ])
        costs, came, order = array("i", bytes(4 * size)), array("i", bytes(4 * size)), array("i", bytes(4 * size))
        height = f.stats.height
        count = core_reach(table["core"], variant(height, f.stride, False), variant(height, f.stride, True),
                           self._near_numbers(f.side), taken, len(taken), number[f.pos], budget, costs, came, order)
        cells = table["cells"]
        found = ([cells[order[i]] for i in range(count)], costs, came)
        self._reach_cache = (key, found)
        return found

    def threat_area(self, e: Fighter) -> tuple[frozenset, frozenset]:
        """``(hexes e could reach with its Move, hexes it could then strike in melee)``, terrain
        costs only (figures and the cost of leaving an enemy ignored): where a player expects
        ``e`` to be able to hit before its next activation is over. Kept per board for every
        battle on it."""
        key = (e.pos, e.stats.height, e.stride, e.stats.move)
        kept = _threat_table(self.board)
        hit = kept.get(key)
        if hit is None:
            table = _step_table(self.board)
            cells, number = table["cells"], table["number"]
            size = len(cells)
            costs, came, order = array("i", bytes(4 * size)), array("i", bytes(4 * size)), array("i", bytes(4 * size))
            plain = variant(e.stats.height, e.stride, False)
            count = core_reach(table["core"], plain, plain, bytearray(size), taken_none, 0, number[e.pos],
                               e.stats.move, costs, came, order)
            reach = frozenset(cells[order[i]] for i in range(count))
            strike = frozenset(reach | {n for p in reach for n in self.board.open_neighbours(p)})
            hit = kept[key] = (reach, strike)
        return hit

    def budget(self, f: Fighter) -> int:
        """The move points ``f`` has in its move action: its Move, plus an aura's bonus when its
        squad's activation started near the friend giving it."""
        return f.stats.move + self.move_bonus.get(f.uid, 0)

    def _near_numbers(self, side: str) -> bytearray:
        """:meth:`enemy_adjacent_cells` as a flag per numbered open hex (see :meth:`_reach`),
        kept with it until a figure moves or falls (:meth:`_changed`)."""
        key = ("n", side)
        hit = self._enemy_cells.get(key)
        if hit is None:
            table = _step_table(self.board)
            around = table["around"]
            hit = bytearray(len(table["cells"]))
            for e in self.enemies_of(side):
                for i in around[e.pos]:
                    hit[i] = 1
            self._enemy_cells[key] = hit
        return hit

    def _move(self, action) -> list[Event]:
        _, uid, dest = action
        f = self.fighters[uid]
        called = self.phase == "called"
        _, costs, came = self._reach(f, m.BATTLECALL_MOVE if called else None)
        table = _step_table(self.board)
        cells, goal = table["cells"], table["number"][dest]
        path = []  # the cells entered on the way (start excluded), as Board.path_to gives them
        at = goal
        while came[at] >= 0:
            path.append(cells[at])
            at = came[at]
        path.reverse()
        events: list[Event] = []
        if not called:
            self.activation.move(uid)
        if path:
            cost = costs[goal]
            events.append({"round": self.round, "side": f.side, "fighter": uid, "action": "move",
                           "path": [self.board.label(f.pos)] + [self.board.label(p) for p in path],
                           "cost": cost, "move": m.BATTLECALL_MOVE if called else self.budget(f),
                           "level": self.level(dest), **({"bonus": True, "ability": self.squad_of(self.fighters[self.call_origin]).cards.name_of("battlecall")}
                              if called else {}), **({"aura": self.move_bonus[uid]} if not called and uid in self.move_bonus else {})})
            del self._occ[f.pos]
            f.pos = dest
            self._occ[dest] = uid
            self._changed(f.side, fell=False)
        self.queue.pop(0)
        while self.queue and not self.fighters[self.queue[0]].alive:
            self.queue.pop(0)
        if self.queue:
            return events
        if called:
            self.called = []
            return events + self._next_call()
        self.queue = [u for u in self.active.units if self.fighters[u].alive]
        self.phase = "act"
        return events


def _threat_table(board: Board) -> dict:
    """The board's :meth:`SagaState.threat_area` answers, shared by every battle on it."""
    hit = _threat_tables.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_threat_tables) >= 64:
        _threat_tables.clear()
    table: dict = {}
    _threat_tables[id(board)] = (board, table)
    return table


def _step_table(board: Board) -> dict:
    """What the movement searches read of a board, made once per board and shared by every battle
    on it: under ``"cells"`` its open hexes in position order, ``"number"`` their numbers,
    ``"around"`` per position the numbers of its open neighbours (what a figure there makes
    "next to an enemy"), and under ``"core"`` every step's cost from :func:`mechanics.step_cost`
    as a :class:`~generator.systems.sagaborn.core_data.StepTable` (each Height, striding through
    water or not, leaving a hex next to an enemy or not; impossible steps left out)."""
    hit = _step_tables.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    cells = sorted(board.open)
    number = {p: i for i, p in enumerate(cells)}
    table: dict = {"cells": cells, "number": number}
    table["around"] = {p: tuple(number[n] for n in board.neighbours(p) if n in number) for p in board.cells}
    hexes = {p: m.Hex(board.level(p), board.water(p)) for p in cells}
    rows = [None] * (2 * 2 * HEIGHTS)
    for height in range(1, HEIGHTS + 1):
        for stride in (False, True):
            for leaving in (False, True):
                rows[variant(height, stride, leaving)] = [
                    [(number[b], cost) for b in board.open_neighbours(a)
                     for cost in (m.step_cost(hexes[a], hexes[b], height, leaving, water_stride=stride),)
                     if cost is not None]
                    for a in cells]
    table["core"] = StepTable(len(cells), rows)
    if len(_step_tables) >= 64:
        _step_tables.clear()
    _step_tables[id(board)] = (board, table)
    return table
