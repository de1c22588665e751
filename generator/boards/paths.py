"""Shortest paths and reachable sets with each system's movement costs.

Every system shares the basics: a fighter steps into an adjacent cell; blocked cells, pits and
obstructions can never be entered, nor can a cell holding another figure (``occupied``). On top:

* ``bladeborn`` (and ``warcry``, ``gorechosen``, ``plain``): each step costs 1. Bladeborn: a
  fighter adjacent to an enemy cannot make a move action at all (it must disengage instead).
* a system whose steps cost more than 1 (SagaBorn: climbs and water) plugs in its own
  :data:`StepCost` as ``extra["step_cost"]`` of its System record; boards/ knows the terrain of
  a cell (its level, whether it is water), the system knows what stepping over it costs. A
  ``Mover`` may also be given a cost function directly.

Bladestorm moves bases in inches over open ground; see :mod:`generator.boards.clearance`.

All searches are Dijkstra over at most 60x60 cells, so they are cheap enough to call in loops.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Callable, Iterable, NamedTuple, Optional

from generator import registry
from generator.errors import MapError

from .mapfile import BoardMap, format_cell

Cell = tuple[int, int]
SYSTEMS = ("plain", "bladeborn", "warcry", "gorechosen", "sagaborn")


class Terrain(NamedTuple):
    """What a step cost may ask of a cell: its terrain level and whether it is water."""

    level: int = 0
    water: bool = False


#: ``cost(src, dst, height, leaving_enemy_adjacent)``: the cost of one step between adjacent cells
#: (``src``/``dst`` are :class:`Terrain`), or None when the mover cannot make it.
StepCost = Callable[[Terrain, Terrain, int, bool], Optional[int]]


def system_step_cost(system: str) -> StepCost | None:
    """The step cost ``system`` plugs in (``extra["step_cost"]`` of its System record), if any."""
    if system not in _STEP_COSTS:
        found = None
        if system in registry.system_names():
            found = (registry.system(system).extra or {}).get("step_cost")
        _STEP_COSTS[system] = found
    return _STEP_COSTS[system]


_STEP_COSTS: dict[str, StepCost | None] = {}


def cost_unit(system: str) -> str:
    """What a movement cost counts: SagaBorn spends move points (climbs and water cost extra);
    every other system's step costs 1, so its costs are plain steps."""
    return "move points" if system == "sagaborn" else "steps"


def mover_for(system: str | None) -> Mover:
    """The default mover of a board made for ``system`` (a plain stepper when no costs apply)."""
    key = str(system or "plain").strip().lower()
    return Mover(key if key in SYSTEMS else "plain")


@dataclass
class Mover:
    """Who is moving and who is around: what the cost rules need to know.

    ``occupied``: cells holding any other figure (cannot be entered); ``enemies``: cells holding
    enemy figures (a subset of ``occupied`` normally); ``height``: SagaBorn Height.
    ``diagonal``: square grids only, allow 8-way steps. ``step_cost``: the cost of one step
    (default: the one ``system`` plugs in, else 1 a step).
    """

    system: str = "plain"
    occupied: frozenset = field(default_factory=frozenset)
    enemies: frozenset = field(default_factory=frozenset)
    height: int = 1
    diagonal: bool = False
    step_cost: StepCost | None = None

    def __post_init__(self):
        if self.system not in SYSTEMS:
            raise MapError(f"unknown movement system {self.system!r}; use one of: {', '.join(SYSTEMS)}")
        self.occupied = frozenset(self.occupied) | frozenset(self.enemies)
        self.enemies = frozenset(self.enemies)
        if self.step_cost is None and self.system != "plain":
            self.step_cost = system_step_cost(self.system)


class Movement:
    """Step costs on one board for one mover; ``None`` means the step is not allowed."""

    def __init__(self, board: BoardMap, mover: Mover | None = None):
        self.board = board
        self.mover = mover or Mover()
        self.grid = board.grid_obj()
        self.impassable = board.impassable_cells()
        self.water = board.water_cells()
        self.levels = board.levels()
        self._enemy_adjacent = {
            n for e in self.mover.enemies for n in self._neighbours(e)
        }

    def _neighbours(self, cell: Cell) -> list[Cell]:
        if self.grid.kind == "square":
            return self.grid.neighbours(cell, diagonal=self.mover.diagonal)
        return self.grid.neighbours(cell)

    def enemy_adjacent(self, cell: Cell) -> bool:
        return cell in self._enemy_adjacent

    def can_start(self, cell: Cell) -> bool:
        """Bladeborn: a fighter next to an enemy cannot make a move action."""
        if self.mover.system == "bladeborn" and self.enemy_adjacent(cell):
            return False
        return True

    def enterable(self, cell: Cell) -> bool:
        return self.grid.in_bounds(cell) and cell not in self.impassable and cell not in self.mover.occupied

    def step_cost(self, a: Cell, b: Cell) -> int | None:
        """Cost of stepping from ``a`` into adjacent ``b`` (None: not allowed)."""
        if not self.enterable(b):
            return None
        cost = self.mover.step_cost
        if cost is None:
            return 1
        # a system's step cost is its rule: asked of the system, never written twice
        return cost(Terrain(self.levels.get(a, 0), a in self.water), Terrain(self.levels.get(b, 0), b in self.water),
                    self.mover.height, self.enemy_adjacent(a))

    def steps(self, cell: Cell) -> Iterable[tuple[Cell, int]]:
        for n in self._neighbours(cell):
            c = self.step_cost(cell, n)
            if c is not None:
                yield n, c


def _check_cell(board: BoardMap, cell: Cell, what: str) -> None:
    if not board.grid_obj().in_bounds(cell):
        raise MapError(
            f"{what} {format_cell(cell)!r} is outside the {board.width}x{board.height} board "
            f"(cols 0-{board.width - 1}, rows 0-{board.height - 1})"
        )


def distances(board: BoardMap, start: Cell, mover: Mover | None = None, budget: float | None = None) -> dict[Cell, int]:
    """Cheapest movement cost from ``start`` to every cell it can reach (within ``budget``)."""
    _check_cell(board, start, "start")
    return distances_from(board, [start], mover, budget)


def distances_from(board: BoardMap, starts: Iterable[Cell], mover: Mover | None = None,
                   budget: float | None = None) -> dict[Cell, int]:
    """Cheapest cost from the nearest of ``starts`` to every cell (one search, not one per start).

    A whole deployment zone is one source: the fairness report asks how far each side's closest
    figure is from each objective. Starts off the board or where the mover may not begin a move
    are kept at cost 0 but not expanded.
    """
    move = Movement(board, mover)
    best: dict[Cell, int] = {}
    heap = []
    for start in starts:
        best[start] = 0
        if move.grid.in_bounds(start) and move.can_start(start):
            heap.append((0, start))
    heapq.heapify(heap)
    while heap:
        d, cell = heapq.heappop(heap)
        if d > best.get(cell, d):
            continue
        for n, c in move.steps(cell):
            nd = d + c
            if budget is not None and nd > budget:
                continue
            if nd < best.get(n, nd + 1):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return best


def reachable(board: BoardMap, start: Cell, budget: int, mover: Mover | None = None) -> dict[Cell, int]:
    """Cells a figure can end a move in with at most ``budget`` movement (``start`` included)."""
    return distances(board, start, mover, budget)


@dataclass
class Route:
    cells: list[Cell]
    cost: int


def shortest_path(board: BoardMap, start: Cell, goal: Cell, mover: Mover | None = None) -> Route | None:
    """A cheapest route from ``start`` to ``goal`` (both included), or None when there is none."""
    _check_cell(board, start, "start")
    _check_cell(board, goal, "goal")
    move = Movement(board, mover)
    if start == goal:
        return Route([start], 0)
    if not move.can_start(start):
        return None
    best = {start: 0}
    prev: dict[Cell, Cell] = {}
    heap = [(0, start)]
    while heap:
        d, cell = heapq.heappop(heap)
        if cell == goal:
            path = [goal]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return Route(path[::-1], d)
        if d > best.get(cell, d):
            continue
        for n, c in move.steps(cell):
            nd = d + c
            if nd < best.get(n, nd + 1):
                best[n] = nd
                prev[n] = cell
                heapq.heappush(heap, (nd, n))
    return None


def components(board: BoardMap) -> list[list[Cell]]:
    """Groups of passable cells connected by steps (largest first, each row-major)."""
    grid = board.grid_obj()
    bad = board.impassable_cells()
    todo = [c for c in grid.cells() if c not in bad]
    seen: set[Cell] = set()
    out = []
    for c in todo:
        if c in seen:
            continue
        group, stack = [], [c]
        seen.add(c)
        while stack:
            x = stack.pop()
            group.append(x)
            for n in grid.neighbours(x):
                if n not in seen and n not in bad:
                    seen.add(n)
                    stack.append(n)
        out.append(sorted(group, key=lambda rc: (rc[1], rc[0])))
    out.sort(key=len, reverse=True)
    return out

