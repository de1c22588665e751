"""What hex and square boards share: a ``width`` x ``height`` rectangle of (col, row) cells."""

from __future__ import annotations

Cell = tuple[int, int]


class RectangularCells:
    """Cells in row-major order, bounds and indices; subclasses set ``width`` and ``height``."""

    width: int
    height: int

    def cells(self) -> list[Cell]:
        """Every cell, row-major: row 0 first, then by column."""
        return [(c, r) for r in range(self.height) for c in range(self.width)]

    def in_bounds(self, cell: Cell) -> bool:
        c, r = cell
        return 0 <= c < self.width and 0 <= r < self.height

    def index(self, cell: Cell) -> int:
        """Row-major position of ``cell`` in :meth:`cells`."""
        return cell[1] * self.width + cell[0]
