"""Square grids of tiles (Bladestorm plays on 1-inch tiles), with the same API as HexGrid.

A cell is ``(col, row)``, 0-based, col = x to the right, row = y downwards. Frames:

* **tile units**: ``center``/``corners``: a tile is 1 x 1, tile (0, 0) spans (0, 0)-(1, 1).
* **exact frame**: ``frame_center``/``frame_corners``/``polygon``: tile units doubled, so centres
  and corners are integers (centre of (c, r) is (2c+1, 2r+1)); line-of-sight code uses it.
* **millimetres**: 25.4 mm per inch; a tile is ``tile_in`` inches unless ``tile_mm`` is given.
"""

from __future__ import annotations

from functools import cached_property
from generator.boards.rectangle import RectangularCells

Cell = tuple[int, int]

MM_PER_INCH = 25.4

ORTHOGONAL = ((1, 0), (0, -1), (-1, 0), (0, 1))
DIAGONAL = ((1, -1), (-1, -1), (-1, 1), (1, 1))


class SquareGrid(RectangularCells):
    """A ``width`` x ``height`` board of square tiles, each ``tile_in`` inches across."""

    kind = "square"
    orientation = None
    offset = None

    def __init__(self, width: int, height: int, tile_in: float = 1.0):
        if width < 1 or height < 1:
            raise ValueError(f"a board needs at least one cell, not {width}x{height}")
        if tile_in <= 0:
            raise ValueError(f"tile size must be positive, not {tile_in}")
        self.width = int(width)
        self.height = int(height)
        self.tile_in = float(tile_in)

    def __repr__(self) -> str:
        return f"SquareGrid({self.width}, {self.height}, tile_in={self.tile_in})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SquareGrid) and self.key == other.key and self.tile_in == other.tile_in

    def __hash__(self) -> int:
        return hash((self.key, self.tile_in))

    @property
    def key(self) -> tuple:
        """Identifies the grid shape (the incidence cache does not depend on tile size)."""
        return ("square", self.width, self.height)

    # cells(), in_bounds() and index() come from RectangularCells.

    def to_axial(self, cell: Cell) -> Cell:
        """Squares have one coordinate system; provided so callers can treat grids alike."""
        return cell

    def from_axial(self, qr: Cell) -> Cell:
        return qr

    # ---- topology ----------------------------------------------------------------------------

    def neighbours(self, cell: Cell, diagonal: bool = False) -> list[Cell]:
        """On-board neighbours: 4-way, or 8-way with ``diagonal=True``."""
        c, r = cell
        steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
        return [(c + dc, r + dr) for dc, dr in steps if self.in_bounds((c + dc, r + dr))]

    def distance(self, a: Cell, b: Cell, diagonal: bool = False) -> int:
        """Tiles between two cells: Manhattan (4-way) or Chebyshev (8-way, ``diagonal=True``)."""
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dc, dr) if diagonal else dc + dr

    def ring(self, cell: Cell, radius: int, diagonal: bool = False) -> list[Cell]:
        """On-board cells exactly ``radius`` tiles away (same metric as :meth:`distance`)."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        c, r = cell
        out = []
        for rr in range(r - radius, r + radius + 1):
            for cc in range(c - radius, c + radius + 1):
                if self.in_bounds((cc, rr)) and self.distance(cell, (cc, rr), diagonal) == radius:
                    out.append((cc, rr))
        return out

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """Cells stepped by a straight line from ``a`` to ``b`` (Chebyshev steps, inclusive)."""
        n = self.distance(a, b, diagonal=True)
        if n == 0:
            return [a]
        out = []
        for i in range(n + 1):
            t = i / n
            out.append((round(a[0] + (b[0] - a[0]) * t + 1e-9), round(a[1] + (b[1] - a[1]) * t + 1e-9)))
        return out

    # ---- geometry ----------------------------------------------------------------------------

    @property
    def frame_scale(self) -> tuple[float, float]:
        """Multiply exact-frame coordinates by these to get tile units."""
        return 0.5, 0.5

    @property
    def corner_offsets(self) -> tuple[tuple[int, int], ...]:
        return ((1, -1), (1, 1), (-1, 1), (-1, -1))

    def frame_center(self, cell: Cell) -> tuple[int, int]:
        return 2 * cell[0] + 1, 2 * cell[1] + 1

    def frame_corners(self, cell: Cell) -> list[tuple[int, int]]:
        x, y = self.frame_center(cell)
        return [(x + dx, y + dy) for dx, dy in self.corner_offsets]

    def center(self, cell: Cell) -> tuple[float, float]:
        """Centre in tile units."""
        return cell[0] + 0.5, cell[1] + 0.5

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        return [(x * 0.5, y * 0.5) for x, y in self.frame_corners(cell)]

    def _tile_mm(self, tile_mm: float | None) -> float:
        return self.tile_in * MM_PER_INCH if tile_mm is None else float(tile_mm)

    def center_mm(self, cell: Cell, tile_mm: float | None = None) -> tuple[float, float]:
        """Centre in millimetres (tile = ``tile_in`` inches at 25.4 mm per inch by default)."""
        k = self._tile_mm(tile_mm) / 2
        x, y = self.frame_center(cell)
        return x * k, y * k

    def corners_mm(self, cell: Cell, tile_mm: float | None = None) -> list[tuple[float, float]]:
        k = self._tile_mm(tile_mm) / 2
        return [(x * k, y * k) for x, y in self.frame_corners(cell)]

    def frame_bounds(self) -> tuple[int, int, int, int]:
        return 0, 0, 2 * self.width, 2 * self.height

    def bounds_mm(self, tile_mm: float | None = None) -> tuple[float, float, float, float]:
        """(0, 0, width_mm, height_mm)."""
        t = self._tile_mm(tile_mm)
        return 0.0, 0.0, self.width * t, self.height * t

    def polygon(self, cell: Cell):
        """The tile as a shapely Polygon in the exact integer frame."""
        from shapely.geometry import Polygon

        return Polygon(self.frame_corners(cell))

    def frame_to_units(self, geom):
        from shapely import affinity

        return affinity.scale(geom, xfact=0.5, yfact=0.5, origin=(0, 0))

    def frame_to_mm(self, geom, tile_mm: float | None = None):
        from shapely import affinity

        k = self._tile_mm(tile_mm) / 2
        return affinity.scale(geom, xfact=k, yfact=k, origin=(0, 0))

    def frame_to_inches(self, geom):
        """Map exact-frame geometry to inches (Bladestorm walls are given in inches)."""
        from shapely import affinity

        k = self.tile_in / 2
        return affinity.scale(geom, xfact=k, yfact=k, origin=(0, 0))

    @cached_property
    def _frame_centers(self):
        import numpy as np

        return np.array([self.frame_center(c) for c in self.cells()], dtype=np.int64)

    def frame_centers(self):
        return self._frame_centers
