"""Bladestorm base clearance: can a base of a given size get through between walls?

Bladestorm figures stand on square bases (5/8" for small folk, 1" for most, 1.25" for large ones
such as Trolls) and
move freely in inches; walls are outlines in inches (``walls`` in the map file). A square base
can turn to line up with a passage, so the narrowest gap it fits through is its side length:
its centre must stay at least half a side from every wall. We therefore grow the walls by half a
base (a Shapely buffer) and ask whether the centre's path stays out of the grown walls and on
the board. Touching is allowed (a 1" base fits a 1" gap exactly), so walls are grown by half a
side minus a hair (``TOUCH``); the Warriors of Ash note (a 1.25" Troll cannot pass a 1" gap that
a 1" goblin can) is a test.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

import shapely
from shapely.geometry import LineString, Point, box

from generator.errors import MapError

from .mapfile import BoardMap

Point2 = tuple[float, float]
TOUCH = 1e-6  # inches: a base may touch a wall, not overlap it
# Side of each square base in inches (Bladestorm 3.4 and the Introduction: 5/8" for halflings,
# 1" for human-sized figures, 1.25" for trolls; huge is our extension). A test keeps these equal
# to content/bladestorm/tables.yaml, which boards/ cannot import.
BASE_SIZES_IN = {"small": 0.625, "medium": 1.0, "large": 1.25, "huge": 2.0}


class Clearance:
    """Free space for one base size on one board (grown walls, prepared for fast checks)."""

    def __init__(self, board: BoardMap, base_in: float, others: Iterable[tuple[float, float, float]] = ()):
        """``others``: other figures' bases as ``(x, y, side)`` in inches (a base may not pass
        through another base), treated like walls."""
        if base_in <= 0:
            raise MapError(f"base size must be positive, not {base_in}")
        self.board = board
        self.base_in = float(base_in)
        half = self.base_in / 2
        w = board.width * board.tile_in
        h = board.height * board.tile_in
        self.area = box(half - TOUCH, half - TOUCH, w - half + TOUCH, h - half + TOUCH)
        walls = board.wall_geometry()
        bases = [box(x - s / 2, y - s / 2, x + s / 2, y + s / 2) for x, y, s in others]
        if bases:
            walls = shapely.unary_union(([walls] if walls is not None else []) + bases)
        self.grown = walls.buffer(half - TOUCH) if walls is not None else None
        if self.grown is not None:
            shapely.prepare(self.grown)
        shapely.prepare(self.area)

    def fits(self, at: Point2) -> bool:
        """Can the base stand with its centre at ``at`` (inches)?"""
        p = Point(at)
        return self.area.covers(p) and (self.grown is None or not self.grown.intersects(p))

    def path_clear(self, points: Sequence[Point2]) -> bool:
        """Can the base's centre move along the polyline ``points`` without hitting a wall?"""
        if len(points) == 1:
            return self.fits(points[0])
        line = LineString(points)
        return self.area.covers(line) and (self.grown is None or not self.grown.intersects(line))

    def free_space(self):
        """Where the base's centre may be: the shrunk board minus the grown walls."""
        return self.area.difference(self.grown) if self.grown is not None else self.area

    def connected(self, a: Point2, b: Point2) -> bool:
        """Can the base get from ``a`` to ``b`` by any route (same piece of free space)?"""
        if not (self.fits(a) and self.fits(b)):
            return False
        free = self.free_space()
        parts = getattr(free, "geoms", [free])
        pa, pb = Point(a), Point(b)
        return any(part.covers(pa) and part.covers(pb) for part in parts)

    def tile_route(self, start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]] | None:
        """A shortest tile-to-tile route (8-way, centre to centre) the base can follow, or None."""
        from collections import deque

        grid = self.board.grid_obj()
        t = self.board.tile_in

        def centre(c):
            return ((c[0] + 0.5) * t, (c[1] + 0.5) * t)

        for c in (start, goal):
            if not grid.in_bounds(c):
                raise MapError(f"tile {c[0]},{c[1]} is outside the {grid.width}x{grid.height} board")
        if not self.fits(centre(start)):
            return None
        prev = {start: None}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            if c == goal:
                out = [c]
                while prev[out[-1]] is not None:
                    out.append(prev[out[-1]])
                return out[::-1]
            for n in grid.neighbours(c, diagonal=True):
                if n not in prev and self.path_clear([centre(c), centre(n)]):
                    prev[n] = c
                    queue.append(n)
        return None


@lru_cache(maxsize=64)
def _cached(board_json: str, base_in: float) -> Clearance:
    return Clearance(BoardMap.model_validate_json(board_json), base_in)


def clearance(board: BoardMap, base_in: float) -> Clearance:
    """A (cached) :class:`Clearance` for ``board`` and a base of ``base_in`` inches."""
    return _cached(board.model_dump_json(), float(base_in))


def can_pass(board: BoardMap, points: Iterable[Point2], base_in: float) -> bool:
    """Can a base of ``base_in`` inches move along ``points`` (inches) on ``board``?"""
    return clearance(board, base_in).path_clear(list(points))
