"""The board as every game asks it: blocked, level, water, distance, neighbours, paths, sight.

One coordinate system inside: **axial** ``(q, r)`` on hex boards (Red Blob's convention, as
:class:`generator.boards.hexgrid.HexGrid` defines it), plain ``(col, row)`` on square boards.
Offset ``"col,row"`` strings, as map files and printed boards show them, appear only at the edges
(:meth:`Board.label`, :meth:`Board.parse`).

Everything a battle asks again and again is computed once per board and shared by every battle
on it: each cell's open neighbours, sight between every pair of open cells (the exact line-of-
sight matrix of :mod:`generator.boards.los`, under the rule the system names), and walking
distances between every pair of open cells ignoring fighters (what a player uses to judge "how
far is that objective really"). Boards are cached by their content, so a thousand battles on one
map build these tables once.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Callable, Iterable, Sequence

import numpy as np

from generator.boards.hexgrid import AXIAL_DIRECTIONS, HexGrid
from generator.boards.mapfile import BoardMap, format_cell, parse_cell
from generator.errors import MapError

Pos = tuple[int, int]
#: Extra cost of a step (SagaBorn climbing, water), ``None`` when the step is not allowed.
StepCost = Callable[[Pos, Pos], "int | None"]

_SQUARE_STEPS: tuple[Pos, ...] = ((1, 0), (0, -1), (-1, 0), (0, 1))
_DIAGONAL_STEPS: tuple[Pos, ...] = ((1, -1), (-1, -1), (-1, 1), (1, 1))
UNREACHABLE = 10_000


class Board:
    """A map made ready for play; build with :func:`board_for` to share the tables.

    ``extra_blocked`` adds blocked cells (``"col,row"``) on top of the map's own, as a battle
    card may; ``sight_rule`` is one of :data:`generator.boards.los.RULES`; ``diagonal`` lets a
    square board step diagonally (8 neighbours, Chebyshev distance) instead of 4-way.
    """

    def __init__(
        self, board_map: BoardMap, extra_blocked: Iterable[str] = (), sight_rule: str = "standard", diagonal: bool = False,
    ):
        from generator.boards import los

        self.map = board_map
        self.grid = board_map.grid_obj()
        self.hex = isinstance(self.grid, HexGrid)
        self.sight_rule = sight_rule
        cells = self.grid.cells()
        self._to_pos = {c: self.grid.to_axial(c) for c in cells}
        self._to_cell = {p: c for c, p in self._to_pos.items()}
        self._labels = {p: format_cell(c) for p, c in self._to_cell.items()}  # battle logs ask for these all the time
        self.cells: tuple[Pos, ...] = tuple(self._to_pos[c] for c in cells)
        extra = {parse_cell(t) for t in extra_blocked}
        for cell in extra:
            if not self.grid.in_bounds(cell):
                raise MapError(f"blocked cell {format_cell(cell)!r} is outside the {self.grid.width}x{self.grid.height} board")
        sight_blockers = board_map.blocked_cells() | extra
        impassable = board_map.impassable_cells() | extra
        self._blocks_sight = frozenset(self._to_pos[c] for c in sight_blockers)
        self._impassable = frozenset(self._to_pos[c] for c in impassable)
        self.open: tuple[Pos, ...] = tuple(p for p in self.cells if p not in self._impassable)
        self._open_set = frozenset(self.open)
        self._levels = {self._to_pos[c]: v for c, v in board_map.levels().items()}
        self._water = frozenset(self._to_pos[c] for c in board_map.water_cells())
        self.objectives: tuple[Pos, ...] = tuple(self._to_pos[c] for c in board_map.objective_cells())
        self.diagonal = bool(diagonal) and not self.hex
        steps = AXIAL_DIRECTIONS if self.hex else _SQUARE_STEPS + (_DIAGONAL_STEPS if self.diagonal else ())
        self._neighbours = {
            p: tuple((p[0] + dq, p[1] + dr) for dq, dr in steps if (p[0] + dq, p[1] + dr) in self._to_cell)
            for p in self.cells
        }
        self._open_neighbours = {p: tuple(n for n in ns if n in self._open_set) for p, ns in self._neighbours.items()}
        # sight between open cells (cells that block sight see nothing and are never seen)
        seeing = [p for p in self.cells if p not in self._blocks_sight]
        self._sight_index = {p: i for i, p in enumerate(seeing)}
        matrix = los.visibility_matrix_for(self.grid, sight_blockers, sight_rule)
        self._sight = matrix.tolist()
        # walking distances over open cells, fighters ignored
        self._open_index = {p: i for i, p in enumerate(self.open)}
        self._walk = self._all_walks()
        self._walk_rows = {p: dict(zip(self.open, self._walk[i])) for i, p in enumerate(self.open)}
        self._distance_rows: dict[Pos, dict[Pos, int]] = {}
        self._tables: tuple | None = None

    # ---- the edges: offset labels --------------------------------------------------------------

    def label(self, pos: Pos) -> str:
        """The ``"col,row"`` a printed board shows for ``pos``."""
        return self._labels[pos]

    def parse(self, text: str) -> Pos:
        """``"col,row"`` -> internal position; one-line error when off the board."""
        cell = parse_cell(text)
        if not self.grid.in_bounds(cell):
            raise MapError(f"{text!r} is outside the {self.grid.width}x{self.grid.height} board")
        return self._to_pos[cell]

    def pos_of_cell(self, cell: tuple[int, int]) -> Pos:
        return self._to_pos[cell]

    def cell_of(self, pos: Pos) -> tuple[int, int]:
        return self._to_cell[pos]

    # ---- terrain --------------------------------------------------------------------------------

    def on_board(self, pos: Pos) -> bool:
        return pos in self._to_cell

    def blocked(self, pos: Pos) -> bool:
        """Nobody may stand here (blocked, pit, obstruction, or off the board)."""
        return pos not in self._open_set

    def blocks_sight(self, pos: Pos) -> bool:
        return pos in self._blocks_sight

    def level(self, pos: Pos) -> int:
        return self._levels.get(pos, 0)

    def water(self, pos: Pos) -> bool:
        return pos in self._water

    # ---- geometry -------------------------------------------------------------------------------

    def distance(self, a: Pos, b: Pos) -> int:
        """Steps between two positions, terrain ignored (the books' "hexes away")."""
        dq, dr = a[0] - b[0], a[1] - b[1]
        if self.hex:
            return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        return max(abs(dq), abs(dr)) if self.diagonal else abs(dq) + abs(dr)

    def neighbours(self, pos: Pos) -> tuple[Pos, ...]:
        """On-board neighbours, in axial direction order."""
        return self._neighbours[pos]

    def open_neighbours(self, pos: Pos) -> tuple[Pos, ...]:
        return self._open_neighbours[pos]

    def visible(self, a: Pos, b: Pos) -> bool:
        """Whether a straight centre-to-centre line from ``a`` to ``b`` is clear (the map's rule)."""
        i = self._sight_index.get(a)
        j = self._sight_index.get(b)
        if i is None or j is None:
            return False
        return self._sight[i][j]

    def walk_from(self, a: Pos) -> dict[Pos, int]:
        """Walking distance from ``a`` to every open cell (fighters ignored): one row of the table,
        for loops that ask many distances from one place."""
        return self._walk_rows.get(a) or {}

    def distance_from(self, a: Pos) -> dict[Pos, int]:
        """Steps from ``a`` to every cell of the board (terrain ignored)."""
        row = self._distance_rows.get(a)
        if row is None:
            row = {b: self.distance(a, b) for b in self.cells}
            self._distance_rows[a] = row
        return row

    def walk(self, a: Pos, b: Pos) -> int:
        """Steps along open cells from ``a`` to ``b`` ignoring fighters (:data:`UNREACHABLE` if cut off)."""
        i = self._open_index.get(a)
        j = self._open_index.get(b)
        if i is None or j is None:
            return UNREACHABLE
        return self._walk[i][j]

    # ---- whole-board tables, for players that judge many cells at once ---------------------------

    def tables(self) -> tuple[dict[Pos, int], np.ndarray, np.ndarray, np.ndarray]:
        """``(index, distance, walk, sight)``: every cell's row in three square numpy tables:
        steps apart, walking steps over open cells (:data:`UNREACHABLE` when cut off or blocked),
        and sight (False for cells that block it)."""
        if self._tables is None:
            index = {p: i for i, p in enumerate(self.cells)}
            q = np.array([p[0] for p in self.cells])
            r = np.array([p[1] for p in self.cells])
            dq, dr = q[:, None] - q[None, :], r[:, None] - r[None, :]
            if self.hex:
                dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
            else:
                dist = np.maximum(np.abs(dq), np.abs(dr)) if self.diagonal else np.abs(dq) + np.abs(dr)
            n = len(self.cells)
            walk = np.full((n, n), UNREACHABLE, dtype=np.int32)
            open_idx = np.array([index[p] for p in self.open], dtype=np.int64)
            walk[np.ix_(open_idx, open_idx)] = np.array(self._walk, dtype=np.int32)
            sight = np.zeros((n, n), dtype=bool)
            seeing = np.array([index[p] for p in self._sight_index], dtype=np.int64)
            sight[np.ix_(seeing, seeing)] = np.array(self._sight, dtype=bool)
            self._tables = (index, dist.astype(np.int32), walk, sight)
        return self._tables

    def sight_with(self, extra: frozenset) -> np.ndarray:
        """:meth:`tables`' sight table with ``extra`` cells blocking sight too (a hex veiled for a
        round): every cell's row, False for cells that block sight; kept per set of cells."""
        if not extra:
            return self.tables()[3]
        kept = self.__dict__.setdefault("_sight_with", {})
        found = kept.get(extra)
        if found is None:
            from generator.boards import los

            index = self.tables()[0]
            blockers = self._blocks_sight | extra
            seeing = [p for p in self.cells if p not in blockers]
            matrix = los.visibility_matrix_for(self.grid, {self._to_cell[p] for p in blockers}, self.sight_rule)
            found = np.zeros((len(self.cells), len(self.cells)), dtype=bool)
            at = np.array([index[p] for p in seeing], dtype=np.int64)
            found[np.ix_(at, at)] = matrix
            if len(kept) >= 512:  # one per veiled hex of a board, and a few pairs
                kept.clear()
            kept[extra] = found
        return found

    def visible_with(self, a: Pos, b: Pos, extra: frozenset) -> bool:
        """:meth:`visible` with ``extra`` cells blocking sight too; a line from or to one of those
        cells does not pass *through* it, so it counts only the others."""
        others = extra - {a, b} if (a in extra or b in extra) else extra
        if not others:
            return self.visible(a, b)
        if not self.visible(a, b):
            return False
        index = self.tables()[0]
        return bool(self.sight_with(others)[index[a], index[b]])

    # ---- paths ----------------------------------------------------------------------------------

    def reachable(
        self, start: Pos, budget: int, avoid: Iterable[Pos] | set = frozenset(), step_cost: StepCost | None = None,
    ) -> dict[Pos, tuple[int, Pos | None]]:
        """Every cell reachable from ``start`` within ``budget``: ``{cell: (cost, previous)}``.

        ``avoid`` are cells that may not be entered (fighters); ``step_cost(a, b)`` gives a step's
        cost (default 1 per step) or None to forbid it. The start is included at cost 0.
        """
        avoid = avoid if isinstance(avoid, (set, frozenset)) else set(avoid)
        found: dict[Pos, tuple[int, Pos | None]] = {start: (0, None)}
        nbrs = self._open_neighbours
        if step_cost is None:
            # breadth first, one ring of steps at a time (the same order as a queue, less work)
            frontier = [start]
            cost = 1
            while frontier and cost <= budget:
                ring = []
                for here in frontier:
                    for n in nbrs[here]:
                        if n not in found and n not in avoid:
                            found[n] = (cost, here)
                            ring.append(n)
                frontier = ring
                cost += 1
            return found
        heap = [(0, start)]
        while heap:
            cost, here = heapq.heappop(heap)
            if cost > found[here][0]:
                continue
            for n in nbrs[here]:
                if n in avoid:
                    continue
                step = step_cost(here, n)
                if step is None:
                    continue
                total = cost + step
                if total <= budget and (n not in found or total < found[n][0]):
                    found[n] = (total, here)
                    heapq.heappush(heap, (total, n))
        return found

    @staticmethod
    def path_to(found: dict[Pos, tuple[int, Pos | None]], goal: Pos) -> list[Pos]:
        """The cells entered on the way to ``goal`` (start excluded), from :meth:`reachable`."""
        path = []
        here: Pos | None = goal
        while here is not None and found[here][1] is not None:
            path.append(here)
            here = found[here][1]
        path.reverse()
        return path

    def path(self, start: Pos, goal: Pos, avoid: Iterable[Pos] = (), step_cost: StepCost | None = None) -> list[Pos] | None:
        """A cheapest path from ``start`` to ``goal`` (cells entered), or None when there is none."""
        found = self.reachable(start, UNREACHABLE, avoid, step_cost)
        if goal not in found:
            return None
        return self.path_to(found, goal)

    def _all_walks(self) -> list[list[int]]:
        n = len(self.open)
        index = self._open_index
        nbr_idx = [[index[m] for m in self._open_neighbours[p]] for p in self.open]
        out = []
        for s in range(n):
            dist = [UNREACHABLE] * n
            dist[s] = 0
            frontier = [s]
            d = 0
            while frontier:
                d += 1
                nxt = []
                for i in frontier:
                    for j in nbr_idx[i]:
                        if dist[j] == UNREACHABLE:
                            dist[j] = d
                            nxt.append(j)
                frontier = nxt
            out.append(dist)
        return out


@lru_cache(maxsize=64)
def _cached_board(text: str, extra: tuple[str, ...], sight_rule: str, diagonal: bool) -> Board:
    return Board(BoardMap.model_validate_json(text), extra, sight_rule, diagonal)


def board_for(
    board_map: BoardMap, extra_blocked: Sequence[str] = (), sight_rule: str = "standard", diagonal: bool = False,
) -> Board:
    """A :class:`Board` for ``board_map``, shared with every earlier call for the same map.

    The same map object is answered from a small identity cache (it holds the map, so its id is
    never reused); an equal map loaded again is found by its YAML text.
    """
    key = (id(board_map), tuple(sorted(extra_blocked)), sight_rule, diagonal)
    hit = _by_identity.get(key)
    if hit is not None and hit[0] is board_map:
        return hit[1]
    board = _cached_board(board_map.model_dump_json(), key[1], sight_rule, diagonal)
    if len(_by_identity) >= 64:
        _by_identity.clear()
    _by_identity[key] = (board_map, board)
    return board


_by_identity: dict[tuple, tuple[BoardMap, Board]] = {}


def sight_matrix_cells(board: Board) -> np.ndarray:  # pragma: no cover - debugging aid
    return np.array(board._sight, dtype=bool)
