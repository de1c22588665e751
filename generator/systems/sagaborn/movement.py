"""SagaBorn movement ("Movement" and "Height" in the book): where a unit's move action can take
it (its Move, one more point to climb a level, double into and through water, double out of a
hex next to an enemy, never through figures), the path it walks, and the threat area a player
reads from an enemy's Move.

:class:`Movement` is the part of :class:`~generator.systems.sagaborn.game.SagaState` that
searches and makes moves; the step costs come from :func:`mechanics.step_cost`, worked out once
per board in :func:`_step_table` and shared by every battle on it.
"""

from __future__ import annotations

from generator.play.board import Board
from generator.play.engine import Event
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.pieces import Fighter

_step_tables: dict[int, tuple[Board, dict]] = {}
_threat_tables: dict[int, tuple[Board, dict]] = {}


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
        step table (this is the inner loop of every greedy move, so it is written out here).
        Move points are small whole numbers and every step costs at least one, so the queue is
        one bucket per cost, each taken in position order: exactly the order of a heap of
        ``(cost, position)``, hence the same paths and the same order of hexes found.
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
        by number or -1)``. Numbers make the search's look-ups list
        indexing instead of hashing position tuples; numbering in position order keeps each
        bucket's sort, hence every path and the order of the legal moves, the same.

        Kept for the last fighter asked until anyone moves or falls: the legal moves and the
        move's ``apply`` ask the same search one after the other."""
        budget = self.budget(f) if budget is None else budget
        key = (f.uid, f.pos, budget)
        if self._reach_cache is not None and self._reach_cache[0] == key:
            return self._reach_cache[1]
        table = _step_table(self.board)
        number, size = table["number"], len(table["cells"])
        plain, doubled = table[("numbered", f.stats.height, "stride") if f.stride else ("numbered", f.stats.height)]
        # one list holds what the search knows of each hex: its cost once reached, ``unreached``
        # (one more than the budget, so a step is taken exactly when it costs less than what the
        # hex holds) or -1 for a hex a figure stands on (no step costs less than that)
        unreached = budget + 1
        costs = [unreached] * size
        for pos in self._occ:
            costs[number[pos]] = -1
        near = self._near_numbers(f.side)
        start = number[f.pos]
        came = [-1] * size
        costs[start] = 0
        order = [start]
        buckets: list[list] = [[] for _ in range(budget + 1)]
        buckets[0].append(start)
        # hexes reached with the whole budget spent lead nowhere (every step costs at least
        # one), so the last bucket is never expanded
        for cost in range(budget):
            bucket = buckets[cost]
            if not bucket:
                continue
            if len(bucket) > 1:
                bucket.sort()
            for here in bucket:
                if costs[here] != cost:
                    continue  # reached more cheaply since it was queued here
                for n, step in (doubled if near[here] else plain)[here]:
                    total = cost + step
                    old = costs[n]
                    if total < old:
                        if old == unreached:
                            order.append(n)
                        costs[n] = total
                        came[n] = here
                        buckets[total].append(n)
        found = ([table["cells"][i] for i in order], costs, came)
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
            plain = table[("numbered", e.stats.height, "stride") if e.stride else ("numbered", e.stats.height)][0]
            costs = {number[e.pos]: 0}
            frontier = [number[e.pos]]
            while frontier:  # a small Dijkstra by rounds: costs are small whole numbers
                nxt = []
                for here in frontier:
                    for n, step in plain[here]:
                        total = costs[here] + step
                        if total <= e.stats.move and total < costs.get(n, 99):
                            costs[n] = total
                            nxt.append(n)
                frontier = nxt
            reach = frozenset(cells[i] for i in costs)
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
    """Every step's cost on a board, from :func:`mechanics.step_cost`: ``{height: {cell: [(next,
    cost, cost when leaving a hex next to an enemy), ...]}}`` for Heights 1-5, impossible steps
    left out, and under ``("split", height)`` the same as two ``{cell: ((next, cost), ...)}``
    tables, ordinary and leaving an enemy; under ``"cells"`` the open hexes in position order,
    ``"number"`` their numbers and ``("numbered", height)`` the two split tables as lists by
    number of ``(next number, cost)`` (one table per board, shared by every battle on it)."""
    hit = _step_tables.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    table: dict = {}
    for height in range(1, 6):
        per = table[height] = {}
        for a in board.open:
            ha = m.Hex(board.level(a), board.water(a))
            out = []
            for b in board.open_neighbours(a):
                hb = m.Hex(board.level(b), board.water(b))
                plain = m.step_cost(ha, hb, height, False)
                if plain is not None:
                    out.append((b, plain, m.step_cost(ha, hb, height, True)))
            per[a] = tuple(out)
        # the same steps as (next, cost) pairs, one table for ordinary steps and one for steps
        # leaving a hex next to an enemy
        table["split", height] = ({a: tuple((b, c) for b, c, _ in out) for a, out in per.items()},
                                  {a: tuple((b, c) for b, _, c in out) for a, out in per.items()})
    # the same steps over the open hexes numbered in position order (what the reach search reads)
    cells = sorted(board.open)
    number = {p: i for i, p in enumerate(cells)}
    table["cells"], table["number"] = cells, number
    # per position, the numbers of its open neighbours (what a figure there makes "next to an enemy")
    table["around"] = {p: tuple(number[n] for n in board.neighbours(p) if n in number) for p in board.cells}
    for height in range(1, 6):
        table["numbered", height] = tuple([tuple((number[b], c) for b, c in split[p]) for p in cells]
                                          for split in table["split", height])
        # the same for a unit that strides through water (a water_stride special)
        stride = []
        for leaving in (False, True):
            rows = []
            for a in cells:
                ha = m.Hex(board.level(a), board.water(a))
                row = []
                for b in board.open_neighbours(a):
                    cost = m.step_cost(ha, m.Hex(board.level(b), board.water(b)), height, leaving, water_stride=True)
                    if cost is not None:
                        row.append((number[b], cost))
                rows.append(tuple(row))
            stride.append(rows)
        table["numbered", height, "stride"] = tuple(stride)
    if len(_step_tables) >= 64:
        _step_tables.clear()
    _step_tables[id(board)] = (board, table)
    return table
