"""Bases on 1-inch tiles: where a base may stand, how it steps, how far it goes, what it touches.

The Basic Game on map sheets of 1" tiles, read as rules (our words):

* **A base covers whole tiles.** A figure whose base covers part of a tile occupies the whole
  tile (the book's tile rule), so a base ``s`` inches across covers ``ceil(s)`` tiles a side: a
  5/8" or a 1" base one tile, the Troll's 1.25" base a block of 2 x 2. Its *anchor* is the
  block's north-west tile (the ``cell`` the log prints); the real base sits in the middle of the
  block. A cavalry base (1" x 1.5") is treated as a square of its longer side.
* **Walls and gaps use the real base.** Walls are outlines in inches (the map's ``walls``); a
  base may stand where its real square clears every wall and may step from one position to the
  next only if its real square gets by every wall on the way
  (:mod:`generator.boards.clearance`). So a 5/8" base passes a 3/4" gap that a 1" base cannot,
  and a 1.25" Troll cannot pass the 1" gaps of "Warriors of Ash". Map cells listed as
  ``blocked`` are whole impassable tiles.
* **Steps.** A base moves tile by tile in the 8 directions. A straight step is 1 tile
  (``tile_in`` inches), a diagonal step is the diagonal of a tile (1.414"), so the length of a
  route is the length of the line its centre travels -- the book's string laid along the route.
  A diagonal step needs both tiles it cuts past to be free (of bases and blocked tiles): a
  square sliding diagonally past a neighbour's square would overlap it.
* **No base through another.** The tiles a step enters may hold no other base.
* **Base contact.** Two bases are in contact when their blocks share an edge at least
  :data:`CONTACT_MIN_IN` long (a tile's edge, 1", is always enough); touching at a corner is not
  contact.

Everything here that depends only on the map and a base size is computed once per process and
shared by every battle (:func:`footing_for`).
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache
from typing import Iterable

from generator.boards.clearance import clearance
from generator.boards.mapfile import BoardMap
from generator.systems.bladestorm.models import Base, Combatant, builtin_tables

#: The book: bases touch edge to edge over at least 1/4" (6mm); corners do not count.
CONTACT_MIN_IN = 0.25
#: Route lengths are whole thousandths of an inch; a diagonal step is rounded UP so that a
#: route never measures shorter than the line it follows (no move beyond Movement Rate).
MILLI = 1000

_DIRECTIONS = ((1, 0), (0, -1), (-1, 0), (0, 1), (1, -1), (-1, -1), (-1, 1), (1, 1))


def base_of(card: Combatant) -> Base:
    """The card's base as the creation tables give it (the one place base sizes are read)."""
    return builtin_tables().bases[card.base_name]  # type: ignore[index]


def base_inches(card: Combatant) -> float:
    """The side of the square a base is treated as: its longer side, in inches."""
    base = base_of(card)
    return max(base.width, base.depth)


def tiles_across(base_in: float, tile_in: float) -> int:
    """Tiles a base covers a side: any part of a tile counts as the whole tile."""
    return max(1, math.ceil(base_in / tile_in - 1e-9))


class Footing:
    """Where one base size may stand and step on one map; tiles are ``row * width + col``."""

    def __init__(self, board_map: BoardMap, base_in: float):
        self.map = board_map
        self.base_in = float(base_in)
        self.tile_in = float(board_map.tile_in)
        self.width, self.height = board_map.width, board_map.height
        self.k = tiles_across(self.base_in, self.tile_in)
        self.orth = round(MILLI * self.tile_in)
        self.diag = math.ceil(MILLI * self.tile_in * math.sqrt(2) - 1e-9)
        free = clearance(board_map, self.base_in)
        blocked = {r * self.width + c for c, r in board_map.impassable_cells()}
        n = self.width * self.height
        k = self.k
        self.blocks: list[tuple[int, ...] | None] = [None] * n
        for i in range(n):
            c, r = i % self.width, i // self.width
            if c + k > self.width or r + k > self.height:
                continue
            self.blocks[i] = tuple((r + dr) * self.width + c + dc for dr in range(k) for dc in range(k))
        self.fits = [False] * n
        for i, block in enumerate(self.blocks):
            if block is not None and not any(t in blocked for t in block):
                self.fits[i] = free.fits(self.centre_in(i))
        #: per anchor: (to, length in milli-inches, tiles that must be free of other bases)
        self.steps: list[tuple[tuple[int, int, tuple[int, ...]], ...]] = [()] * n
        for i in range(n):
            if not self.fits[i]:
                continue
            c, r = i % self.width, i // self.width
            own = set(self.blocks[i] or ())
            out = []
            for dc, dr in _DIRECTIONS:
                cc, rr = c + dc, r + dr
                if not (0 <= cc < self.width and 0 <= rr < self.height):
                    continue
                j = rr * self.width + cc
                if not self.fits[j]:
                    continue
                needs = set(self.blocks[j] or ())
                if dc and dr:
                    for via in (r * self.width + cc, rr * self.width + c):
                        needs |= set(self.blocks[via] or ())  # both on board: corners of i and j
                if any(t in blocked for t in needs):
                    continue
                if not free.path_clear([self.centre_in(i), self.centre_in(j)]):
                    continue
                out.append((j, self.diag if dc and dr else self.orth, tuple(sorted(needs - own))))
            self.steps[i] = tuple(out)
        self._static: dict[tuple[int, int], tuple[dict[int, tuple[int, int]], frozenset[int]]] = {}
        self._dynamic: dict[tuple, dict[int, tuple[int, int]]] = {}
        self._covering: dict[frozenset[int], tuple[int, ...]] = {}
        self._fields: dict[frozenset[int], list[int]] = {}
        self.cells = [(i % self.width, i // self.width) for i in range(n)]

    # ---- positions ------------------------------------------------------------------------------

    def index(self, cell: tuple[int, int]) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, i: int) -> tuple[int, int]:
        return self.cells[i]

    def centre_in(self, i: int) -> tuple[float, float]:
        """Centre of the real base at anchor ``i``, in inches from the board's north-west corner."""
        c, r = i % self.width, i // self.width
        return ((c + self.k / 2) * self.tile_in, (r + self.k / 2) * self.tile_in)

    def block(self, i: int) -> tuple[int, ...]:
        block = self.blocks[i]
        if block is None:
            raise ValueError(f"a {self.k}x{self.k} block at {self.cell(i)} runs off the board")
        return block

    def covering(self, tiles: frozenset[int]) -> tuple[int, ...]:
        """Anchors where the base stands and covers at least one of ``tiles`` (a set-up zone)."""
        hit = self._covering.get(tiles)
        if hit is None:
            hit = self._covering[tiles] = tuple(
                i for i, block in enumerate(self.blocks) if self.fits[i] and not tiles.isdisjoint(block))
        return hit

    # ---- movement -------------------------------------------------------------------------------

    def reach(self, start: int, budget: int, occupied: frozenset[int] | set[int]) -> dict[int, tuple[int, int]]:
        """Every anchor reachable from ``start`` within ``budget``: ``{anchor: (milli-inches, previous)}``.

        ``occupied`` are tiles other bases cover. The start is included at cost 0 (previous -1).
        Only the bases in the way matter, so the answer is cached per start, budget and the
        occupied tiles the search could touch: without bases nearby it is the map's own.
        """
        key = (start, budget)
        static = self._static.get(key)
        if static is None:
            found = self._search(start, budget, frozenset())
            touched = frozenset(t for i in found for _, _, needs in self.steps[i] for t in needs) | frozenset(self.block(start))
            static = (found, touched)
            if len(self._static) > 50_000:
                self._static.clear()
            self._static[key] = static
        if not occupied:
            return static[0]
        near = static[1].intersection(occupied)
        if not near:
            return static[0]
        key2 = (start, budget, near)
        hit = self._dynamic.get(key2)
        if hit is None:
            hit = self._search(start, budget, near)
            if len(self._dynamic) > 4000:
                self._dynamic.clear()
            self._dynamic[key2] = hit
        return hit

    def _search(self, start: int, budget: int, occupied: frozenset[int]) -> dict[int, tuple[int, int]]:
        found = {start: (0, -1)}
        heap = [(0, start)]
        steps = self.steps
        pop, push, get = heapq.heappop, heapq.heappush, found.get
        disjoint = occupied.isdisjoint
        while heap:
            cost, here = pop(heap)
            if cost > found[here][0]:
                continue
            for to, step, needs in steps[here]:
                total = cost + step
                if total > budget:
                    continue
                old = get(to)
                if old is not None and old[0] <= total:
                    continue
                if occupied and not disjoint(needs):
                    continue
                found[to] = (total, here)
                push(heap, (total, to))
        return found

    @staticmethod
    def route(found: dict[int, tuple[int, int]], goal: int) -> list[int]:
        """Anchors entered on the way to ``goal`` (start excluded), from :meth:`reach`."""
        out = []
        here = goal
        while found[here][1] != -1:
            out.append(here)
            here = found[here][1]
        out.reverse()
        return out

    def field(self, goals: Iterable[int]) -> list[int]:
        """Shortest route length (milli-inches, bases ignored) from every anchor to the nearest goal.

        Steps are symmetric, so one search outward from the goals answers every start. Cached by
        goal set: a battle asks the same few again and again.
        """
        key = frozenset(g for g in goals if self.fits[g])
        hit = self._fields.get(key)
        if hit is not None:
            return hit
        dist = [UNREACHABLE] * (self.width * self.height)
        heap = []
        for g in key:
            dist[g] = 0
            heap.append((0, g))
        heapq.heapify(heap)
        steps = self.steps
        while heap:
            cost, here = heapq.heappop(heap)
            if cost > dist[here]:
                continue
            for to, step, _ in steps[here]:
                total = cost + step
                if total < dist[to]:
                    dist[to] = total
                    heapq.heappush(heap, (total, to))
        if len(self._fields) > 4096:
            self._fields.clear()
        self._fields[key] = dist
        return dist


#: Route length from a position that cannot reach the goal at all.
UNREACHABLE = 10**9


@lru_cache(maxsize=64)
def _footing(text: str, base_in: float) -> Footing:
    return Footing(BoardMap.model_validate_json(text), base_in)


_by_identity: dict[tuple[int, float], tuple[BoardMap, Footing]] = {}


def footing_for(board_map: BoardMap, base_in: float) -> Footing:
    """The (shared) :class:`Footing` of a base ``base_in`` inches across on ``board_map``."""
    key = (id(board_map), float(base_in))
    hit = _by_identity.get(key)
    if hit is not None and hit[0] is board_map:
        return hit[1]
    footing = _footing(board_map.model_dump_json(), float(base_in))
    if len(_by_identity) >= 128:
        _by_identity.clear()
    _by_identity[key] = (board_map, footing)
    return footing


@lru_cache(maxsize=64)
def contact_offsets(k: int, other: int, tile_in: float = 1.0) -> tuple[tuple[int, int], ...]:
    """Anchor offsets (from the other base's anchor) at which a ``k``-block touches an ``other``-block.

    Blocks touch edge to edge when they share a side over at least :data:`CONTACT_MIN_IN`.
    """
    need = CONTACT_MIN_IN / tile_in
    out = []
    for dy in range(-k - other, k + other + 1):
        for dx in range(-k - other, k + other + 1):
            if blocks_touch((dx, dy), k, (0, 0), other, need):
                out.append((dx, dy))
    return tuple(out)


def blocks_touch(a: tuple[int, int], ka: int, b: tuple[int, int], kb: int, need_tiles: float) -> bool:
    """Do the ``ka``-block at ``a`` and the ``kb``-block at ``b`` share an edge ``need_tiles`` long?"""
    ax, ay = a
    bx, by = b
    x_overlap = min(ax + ka, bx + kb) - max(ax, bx)
    y_overlap = min(ay + ka, by + kb) - max(ay, by)
    if ax + ka == bx or bx + kb == ax:
        return y_overlap >= need_tiles
    if ay + ka == by or by + kb == ay:
        return x_overlap >= need_tiles
    return False
