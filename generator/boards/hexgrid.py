"""Hex grids: axial/cube coordinates inside, offset ``(col, row)`` coordinates at the edges.

Conventions follow Red Blob Games' hexagon guide, with y growing downwards:

* ``orientation='flat'``: flat-top hexes; columns are shifted, ``offset='odd'`` pushes odd
  columns down half a hex ("odd-q"), ``'even'`` pushes even columns down ("even-q").
* ``orientation='pointy'``: pointy-top hexes; rows are shifted, ``'odd'`` pushes odd rows right
  ("odd-r"), ``'even'`` pushes even rows right ("even-r").

A cell is always ``(col, row)``, 0-based, col = x to the right, row = y downwards; that is what
map files and printed boards show. Arithmetic (distance, rings, lines) happens in axial
``(q, r)`` coordinates.

Three coordinate frames for geometry:

* **size units**: ``center``/``corners``, hex size (centre to corner) = 1; cell (0, 0) centred
  at the origin (the Red Blob pixel layout).
* **exact frame**: ``frame_center``/``frame_corners``/``polygon``: an affine image of the
  size-unit frame in which every centre and every corner is an *integer* point (flat-top: y
  scaled by 1/sqrt(3), then everything doubled; pointy-top: the same with x). Affine maps keep
  straight lines straight and preserve which side of a line a point is on, so line-of-sight
  predicates computed here are exact -- no sqrt(3) rounding ever decides whether a sight line
  touches or crosses a hex.
* **millimetres**: ``center_mm``/``corners_mm``/``bounds_mm`` for printing. ``hex_size_mm`` is
  the printed width *across the flats* (a "25 mm hex" measures 25 mm between opposite edges),
  which is how printed hex boards are specified. Corners are computed from the integer frame, so
  the shared corners of neighbouring hexes are bit-identical floats.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Literal
from generator.boards.rectangle import RectangularCells

Cell = tuple[int, int]
Axial = tuple[int, int]

SQRT3 = math.sqrt(3.0)

#: Axial direction vectors, in Red Blob order. Direction ``i`` and ``(i + 3) % 6`` are opposite.
AXIAL_DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Corner offsets in the exact (integer) frame, in Red Blob corner order (angle 0, 60, ... for
# flat-top; 30, 90, ... for pointy-top; angles measured with y downwards).
_FLAT_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_POINTY_CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))


class HexGrid(RectangularCells):
    """A ``width`` x ``height`` board of hexes in offset coordinates.

    >>> g = HexGrid("flat", "odd", 13, 10)
    >>> g.distance((0, 0), (3, 2))
    4
    """

    kind = "hex"

    def __init__(
        self,
        orientation: Literal["flat", "pointy"] = "flat",
        offset: Literal["odd", "even"] = "odd",
        width: int = 13,
        height: int = 10,
    ):
        if orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
        if offset not in ("odd", "even"):
            raise ValueError(f"offset must be 'odd' or 'even', not {offset!r}")
        if width < 1 or height < 1:
            raise ValueError(f"a board needs at least one cell, not {width}x{height}")
        self.orientation = orientation
        self.offset = offset
        self.width = int(width)
        self.height = int(height)

    def __repr__(self) -> str:
        return f"HexGrid({self.orientation!r}, {self.offset!r}, {self.width}, {self.height})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HexGrid) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    @property
    def key(self) -> tuple:
        """Identifies the grid shape (used to cache per-shape tables such as LOS incidence)."""
        return ("hex", self.orientation, self.offset, self.width, self.height)

    # cells(), in_bounds() and index() come from RectangularCells.

    # ---- axial <-> offset --------------------------------------------------------------------

    def to_axial(self, cell: Cell) -> Axial:
        col, row = cell
        if self.orientation == "flat":
            shift = (col - (col & 1)) // 2 if self.offset == "odd" else (col + (col & 1)) // 2
            return col, row - shift
        shift = (row - (row & 1)) // 2 if self.offset == "odd" else (row + (row & 1)) // 2
        return col - shift, row

    def from_axial(self, qr: Axial) -> Cell:
        q, r = qr
        if self.orientation == "flat":
            shift = (q - (q & 1)) // 2 if self.offset == "odd" else (q + (q & 1)) // 2
            return q, r + shift
        shift = (r - (r & 1)) // 2 if self.offset == "odd" else (r + (r & 1)) // 2
        return q + shift, r

    # ---- topology ----------------------------------------------------------------------------

    def neighbour(self, cell: Cell, direction: int) -> Cell:
        """The cell next to ``cell`` in axial direction ``direction`` (0-5), bounds not checked."""
        q, r = self.to_axial(cell)
        dq, dr = AXIAL_DIRECTIONS[direction % 6]
        return self.from_axial((q + dq, r + dr))

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Adjacent cells that are on the board, in axial direction order."""
        q, r = self.to_axial(cell)
        out = []
        for dq, dr in AXIAL_DIRECTIONS:
            n = self.from_axial((q + dq, r + dr))
            if self.in_bounds(n):
                out.append(n)
        return out

    def distance(self, a: Cell, b: Cell) -> int:
        """Steps between two cells (the books' "hexes away")."""
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(b)
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def ring(self, cell: Cell, radius: int) -> list[Cell]:
        """On-board cells exactly ``radius`` steps from ``cell`` (radius 0: the cell itself)."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        if radius == 0:
            return [cell] if self.in_bounds(cell) else []
        q, r = self.to_axial(cell)
        dq, dr = AXIAL_DIRECTIONS[4]
        q, r = q + dq * radius, r + dr * radius
        out = []
        for side in range(6):
            dq, dr = AXIAL_DIRECTIONS[side]
            for _ in range(radius):
                c = self.from_axial((q, r))
                if self.in_bounds(c):
                    out.append(c)
                q, r = q + dq, r + dr
        return out

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """Red Blob's hex line drawing from ``a`` to ``b`` (inclusive; may leave the board).

        This is the *cell-stepping* line used for counting and drawing; line of sight uses the
        exact geometry in :mod:`generator.boards.los` instead.
        """
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(b)
        n = self.distance(a, b)
        if n == 0:
            return [a]
        eps = 1e-6
        ax, az = aq + eps, ar + 2 * eps
        bx, bz = bq + eps, br + 2 * eps
        out = []
        for i in range(n + 1):
            t = i / n
            out.append(self.from_axial(_axial_round(ax + (bx - ax) * t, az + (bz - az) * t)))
        return out

    # ---- geometry ----------------------------------------------------------------------------

    @property
    def frame_scale(self) -> tuple[float, float]:
        """Multiply exact-frame coordinates by these to get size units (hex size 1)."""
        return (0.5, SQRT3 / 2) if self.orientation == "flat" else (SQRT3 / 2, 0.5)

    @property
    def corner_offsets(self) -> tuple[tuple[int, int], ...]:
        """Corner offsets from a centre, in the exact frame."""
        return _FLAT_CORNERS if self.orientation == "flat" else _POINTY_CORNERS

    def frame_center(self, cell: Cell) -> tuple[int, int]:
        """The centre in the exact integer frame (see module docstring)."""
        q, r = self.to_axial(cell)
        if self.orientation == "flat":
            return 3 * q, 2 * r + q
        return 2 * q + r, 3 * r

    def frame_corners(self, cell: Cell) -> list[tuple[int, int]]:
        x, y = self.frame_center(cell)
        return [(x + dx, y + dy) for dx, dy in self.corner_offsets]

    def center(self, cell: Cell) -> tuple[float, float]:
        """Centre in size units (hex size = centre-to-corner = 1), y downwards."""
        sx, sy = self.frame_scale
        x, y = self.frame_center(cell)
        return x * sx, y * sy

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        """The six corners in size units, Red Blob corner order."""
        sx, sy = self.frame_scale
        return [(x * sx, y * sy) for x, y in self.frame_corners(cell)]

    def _mm_scale(self, hex_size_mm: float) -> tuple[float, float]:
        size_mm = hex_size_mm / SQRT3  # flat-to-flat width = sqrt(3) * centre-to-corner
        sx, sy = self.frame_scale
        return sx * size_mm, sy * size_mm

    def center_mm(self, cell: Cell, hex_size_mm: float) -> tuple[float, float]:
        """Centre in millimetres; ``hex_size_mm`` is the printed width across the flats."""
        kx, ky = self._mm_scale(hex_size_mm)
        x, y = self.frame_center(cell)
        return x * kx, y * ky

    def corners_mm(self, cell: Cell, hex_size_mm: float) -> list[tuple[float, float]]:
        """Corners in millimetres (``hex_size_mm`` across the flats); shared corners are identical."""
        kx, ky = self._mm_scale(hex_size_mm)
        return [(x * kx, y * ky) for x, y in self.frame_corners(cell)]

    def frame_bounds(self) -> tuple[int, int, int, int]:
        """(minx, miny, maxx, maxy) of every corner, in the exact frame."""
        xs, ys = [], []
        for cell in self.cells():
            for x, y in self.frame_corners(cell):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def bounds_mm(self, hex_size_mm: float) -> tuple[float, float, float, float]:
        """(minx, miny, maxx, maxy) of the whole board in millimetres, same frame as ``center_mm``.

        Cell (0, 0) is centred at the origin, so ``minx``/``miny`` are negative: translate by them
        to put the board's corner at the page origin.
        """
        kx, ky = self._mm_scale(hex_size_mm)
        x0, y0, x1, y1 = self.frame_bounds()
        return x0 * kx, y0 * ky, x1 * kx, y1 * ky

    def polygon(self, cell: Cell):
        """The cell as a shapely Polygon in the exact integer frame."""
        from shapely.geometry import Polygon

        return Polygon(self.frame_corners(cell))

    def frame_to_units(self, geom):
        """Map a shapely geometry from the exact frame to size units."""
        from shapely import affinity

        sx, sy = self.frame_scale
        return affinity.scale(geom, xfact=sx, yfact=sy, origin=(0, 0))

    def frame_to_mm(self, geom, hex_size_mm: float):
        """Map a shapely geometry from the exact frame to millimetres."""
        from shapely import affinity

        kx, ky = self._mm_scale(hex_size_mm)
        return affinity.scale(geom, xfact=kx, yfact=ky, origin=(0, 0))

    @cached_property
    def _frame_centers(self):
        import numpy as np

        return np.array([self.frame_center(c) for c in self.cells()], dtype=np.int64)

    def frame_centers(self):
        """(n, 2) int array of every cell's exact-frame centre, row-major (cached)."""
        return self._frame_centers


def _axial_round(fq: float, fr: float) -> Axial:
    """Round fractional axial coordinates to the nearest hex (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)
