"""Layouts the generator can make fair by construction: grids, and the symmetries that map every
cell onto a cell.

Symmetry is computed in axial coordinates (hex) or column/row (square) as an integer linear map
plus a translation, so nothing depends on floating point. A board whose shape has no exact
image under a symmetry (a 13-wide flat-top board has no 180-degree rotation) gets the nearest
layout that has one (the other offset, the other pair of edges, the other orientation), or a
near symmetry that leaves a few cells unpaired, and the choice is said in the summary.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from generator.errors import MapError

Cell = tuple[int, int]
SYMMETRIES: tuple[str, ...] = ("rotational", "mirror", "none")
PLAYERS: tuple[str, str] = ("A", "B")


# --------------------------------------------------------------------------------------------
# Grids and topology
# --------------------------------------------------------------------------------------------
def make_grid(kind: str, orientation: str, offset: str, width: int, height: int):
    """The boards-core grid object for a layout."""
    if kind == "square":
        from generator.boards.squaregrid import SquareGrid

        return SquareGrid(width, height)
    from generator.boards.hexgrid import HexGrid

    return HexGrid(orientation, offset, width, height)


def cell_coords(grid, kind: str, cell: Cell) -> tuple[int, int]:
    """Integer coordinates in which symmetries are linear: axial (q, r) for hexes, (col, row) for squares."""
    if kind == "square":
        return cell
    q, r = grid.to_axial(cell)
    return int(q), int(r)


#: Integer matrices acting on (q, r) (hex) or (col, row) (square). "flip_y" exchanges top and
#: bottom (mirror line horizontal), "flip_x" exchanges left and right. In cube terms: flat-top
#: flip_y is (q, r, s) -> (q, s, r), flat flip_x (-q, -s, -r), pointy flip_y (-s, -r, -q),
#: pointy flip_x (s, r, q); the 180-degree rotation is (-q, -r, -s).
_MATRICES: dict[tuple[str, str, str], tuple[tuple[int, int], tuple[int, int]]] = {
    ("hex", "flat", "rot"): ((-1, 0), (0, -1)),
    ("hex", "pointy", "rot"): ((-1, 0), (0, -1)),
    ("hex", "flat", "flip_y"): ((1, 0), (-1, -1)),
    ("hex", "flat", "flip_x"): ((-1, 0), (1, 1)),
    ("hex", "pointy", "flip_y"): ((1, 1), (0, -1)),
    ("hex", "pointy", "flip_x"): ((-1, -1), (0, 1)),
    ("square", "flat", "rot"): ((-1, 0), (0, -1)),
    ("square", "flat", "flip_y"): ((1, 0), (0, -1)),
    ("square", "flat", "flip_x"): ((-1, 0), (0, 1)),
}


def symmetry_map(grid, kind: str, orientation: str, transform: str, cells: list[Cell]) -> dict[Cell, Cell] | None:
    """Cell -> image cell under ``transform`` about the board's centre, or None if the board is not symmetric.

    The centre is the mean of the cells' integer coordinates; the translation that completes the
    map must be integral and every image must be a cell of the board.
    """
    if transform == "identity":
        return {c: c for c in cells}
    orient = "flat" if kind == "square" else orientation
    (a, b), (c_, d) = _MATRICES[(kind, orient, transform)]
    coords = {cell: cell_coords(grid, kind, cell) for cell in cells}
    by_coord = {v: k for k, v in coords.items()}
    n = len(cells)
    sq = sum(v[0] for v in coords.values())
    sr = sum(v[1] for v in coords.values())
    # translation t = mean - M mean, kept as integers: n * t = (S - M S)
    tq_n = sq - (a * sq + b * sr)
    tr_n = sr - (c_ * sq + d * sr)
    if tq_n % n or tr_n % n:
        return None
    tq, tr = tq_n // n, tr_n // n
    image: dict[Cell, Cell] = {}
    for cell, (q, r) in coords.items():
        target = by_coord.get((a * q + b * r + tq, c_ * q + d * r + tr))
        if target is None:
            return None
        image[cell] = target
    return image


@dataclass
class Layout:
    """A board shape on which the requested symmetry is exact, with the players' edges."""

    kind: str
    orientation: str
    offset: str
    width: int
    height: int
    axis: str  # "vertical": players at top and bottom; "horizontal": left and right
    symmetry: str
    grid: object
    cells: list[Cell]
    image: dict[Cell, Cell]  # symmetry map (identity for "none"); unpaired cells map to themselves
    neighbours: dict[Cell, list[Cell]]
    note: str = ""
    # Cells with no image under a near symmetry (see MapgenParams.long_edges): kept open, never a
    # zone, objective or terrain cell, never the odd objective's centre.
    unpaired: frozenset = frozenset()

    def self_images(self) -> list[Cell]:
        """Cells that are their own image (the centre hex, the mirror line), unpaired ones excluded."""
        return [c for c in self.cells if self.image[c] == c and c not in self.unpaired]


def _transform_for(symmetry: str, axis: str) -> str:
    if symmetry == "rotational":
        return "rot"
    if symmetry == "mirror":  # mirror across the line between the players
        return "flip_y" if axis == "vertical" else "flip_x"
    return "identity"


def row_major(cells) -> list[Cell]:
    return sorted((tuple(c) for c in cells), key=lambda c: (c[1], c[0]))


#: A near symmetry may leave at most this share of the cells without an image.
NEAR_UNPAIRED_SHARE = 0.08


def near_symmetry_map(grid, kind: str, orientation: str, transform: str, cells: list[Cell],
                      want_centre: bool = False) -> tuple[dict[Cell, Cell], frozenset] | None:
    """The same map as :func:`symmetry_map` when no exact one exists: an involution on all cells
    but a few, whose images fall off the board (an odd-width flat-top board has no exact
    top-bottom mirror or half-turn). Translations near the centre are tried; with ``want_centre``
    one that keeps a cell that is its own image (for an odd objective) wins, then the fewest
    unpaired cells.
    Unpaired cells map to themselves in the returned image.
    """
    orient = "flat" if kind == "square" else orientation
    (a, b), (c_, d) = _MATRICES[(kind, orient, transform)]
    coords = {cell: cell_coords(grid, kind, cell) for cell in cells}
    by_coord = {v: k for k, v in coords.items()}
    n = len(cells)
    sq = sum(v[0] for v in coords.values())
    sr = sum(v[1] for v in coords.values())
    tq0, tr0 = (sq - (a * sq + b * sr)) / n, (sr - (c_ * sq + d * sr)) / n
    best = None
    for tq in range(math.floor(tq0) - 2, math.ceil(tq0) + 3):
        for tr in range(math.floor(tr0) - 2, math.ceil(tr0) + 3):
            image = {}
            for cell, (q, r) in coords.items():
                target = by_coord.get((a * q + b * r + tq, c_ * q + d * r + tr))
                if target is not None:
                    image[cell] = target
            if any(image.get(target) != cell for cell, target in image.items()):
                continue  # not an involution: a glide, not a symmetry
            unpaired = frozenset(c for c in cells if c not in image)
            if not unpaired or len(unpaired) > NEAR_UNPAIRED_SHARE * n:
                continue
            centre = any(image[c] == c for c in image)
            score = (0 if (centre or not want_centre) else 1, len(unpaired), abs(tq - tq0) + abs(tr - tr0))
            if best is None or score < best[0]:
                best = (score, image, unpaired)
    if best is None:
        return None
    _, image, unpaired = best
    return {**image, **{c: c for c in unpaired}}, unpaired


@lru_cache(maxsize=64)
def choose_layout(kind: str, orientation: str, offset: str, width: int, height: int, symmetry: str,
                  long_edges: bool = False, want_centre: bool = False) -> Layout:
    """The first layout, in order of preference, on which ``symmetry`` maps cells onto cells.

    Preference: the system's orientation and offset with the players on the long edges; then the
    other offset; then the players on the short edges; then the other hex orientation. With
    ``long_edges`` (the system's players face the long edges, in its own orientation) a near
    symmetry on the long edges comes before the short edges and the other orientation.
    """
    if symmetry not in SYMMETRIES:
        raise MapError(f"--symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}")
    long_axis = "vertical" if width >= height else "horizontal"
    short_axis = "horizontal" if long_axis == "vertical" else "vertical"
    orients = [orientation] if kind == "square" else [orientation, "pointy" if orientation == "flat" else "flat"]
    offsets = [offset] if kind == "square" else [offset, "even" if offset == "odd" else "odd"]
    tried = []
    if long_edges and symmetry != "none":
        for off in offsets:
            grid = make_grid(kind, orientation, off, width, height)
            cells = row_major(grid.cells())
            if symmetry_map(grid, kind, orientation, _transform_for(symmetry, long_axis), cells) is not None:
                break  # an exact symmetry on the long edges exists: the search below finds it
        else:
            grid = make_grid(kind, orientation, offset, width, height)
            cells = row_major(grid.cells())
            near = near_symmetry_map(grid, kind, orientation, _transform_for(symmetry, long_axis), cells, want_centre)
            if near is not None:
                image, unpaired = near
                nb = {c: [tuple(n) for n in grid.neighbours(c) if grid.in_bounds(tuple(n))] for c in cells}
                side = "top and bottom" if long_axis == "vertical" else "left and right"
                listed = ", ".join(f"{c[0]},{c[1]}" for c in row_major(unpaired))
                note = (f"players on the long ({side}) edges of the {orientation}-top grid: no exact {symmetry} "
                        f"symmetry fits {width}x{height} there, so it is exact but for {len(unpaired)} edge "
                        f"hexes with no image ({listed}), kept open and out of zones and objectives")
                return Layout(kind, orientation, offset, width, height, long_axis, symmetry, grid, cells, image, nb,
                              note, unpaired)
    for orient in orients:
        for axis in (long_axis, short_axis):
            for off in offsets:
                grid = make_grid(kind, orient, off, width, height)
                cells = row_major(grid.cells())
                image = symmetry_map(grid, kind, orient, _transform_for(symmetry, axis), cells)
                tried.append(f"{orient}/{off}/{axis}")
                if image is None:
                    continue
                nb = {c: [tuple(n) for n in grid.neighbours(c) if grid.in_bounds(tuple(n))] for c in cells}
                note = ""
                if (orient, off, axis) != (orientation, offset, long_axis):
                    side = "top and bottom" if axis == "vertical" else "left and right"
                    note = (f"{symmetry} symmetry on {width}x{height} needs a {orient}-top grid, "
                            f"{off} offset, players on the {side} edges")
                    if kind == "square":
                        note = f"players on the {side} edges"
                return Layout(kind, orient, off, width, height, axis, symmetry, grid, cells, image, nb, note)
            if symmetry == "none":
                break
    raise MapError(
        f"a {width}x{height} {kind} board has no exact {symmetry} symmetry in any orientation "
        f"(tried {', '.join(tried)}): {_NEEDS.get(symmetry, '')}or use --symmetry none"
    )


_NEEDS = {
    "mirror": "a hex mirror needs an odd width (flat-top) or an odd height (pointy-top); ",
    "rotational": "a hex half-turn needs an even width (flat-top) or an even height (pointy-top); ",
}


