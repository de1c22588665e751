"""Line of sight on hex and square boards, exact.

SagaBorn sight with heights and cover is a SagaBorn rule and lives in
:mod:`generator.systems.sagaborn.sight`, on top of this geometry.

Bladeborn visibility: a straight line from centre to centre that does not pass *through* a
blocked hex. Three table conventions, selectable as ``rule``:

* ``standard`` (default, the Bladeborn reading): touching a blocked hex's edge or vertex does not
  block; adjacent blocked hexes form one obstacle, so a line running along the seam between two
  blocked hexes is blocked.
* ``strict``: any contact with a blocked hex blocks (edges and vertices too).
* ``per-hex``: each hex's interior on its own; a line may slip along the seam of two blocked hexes.

How exactness is achieved (floating point must not decide grazing cases): all geometry is done in
the grid's *integer frame* (see :mod:`generator.boards.hexgrid`), an affine image of the board in
which every hex centre and corner is an integer point. Sight lines therefore have integer end
points and the blocked cells have integer corners; Shapely's predicates (robust orientation tests)
are exact on such input. To turn "passes through the interior" into a plain ``intersects`` the
obstacle is shrunk by ``EPS`` (1e-6 frame units): a line that merely touches misses it by EPS,
while a line that really enters a cell goes at least ~1/250 frame units deep on a 60x60 board
(the distance from an integer point to an integer line is a multiple of 1/|d|), far more than EPS.

* ``standard``: union of the blocked cells (seams become interior), shrunk, prepared, then ONE
  vectorised ``shapely.intersects(obstacle, lines)`` with the prepared obstacle first;
* ``per-hex``: each cell shrunk on its own (the seams stay open), same call;
* ``strict``: the union as is (touching counts), same call.

For many layouts of one board size, :mod:`generator.boards.incidence` evaluates the same rules
from a precomputed exact table (``method="incidence"``); ``method="auto"`` switches to it once a
board shape has been asked for a few times, or whenever its table is already cached.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Literal, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString

from generator.errors import MapError

from . import incidence
from .hexgrid import AXIAL_DIRECTIONS
from .mapfile import BoardMap, format_cell

Cell = tuple[int, int]
Rule = Literal["standard", "strict", "per-hex"]
RULES: tuple[str, ...] = ("standard", "strict", "per-hex")
EPS = 1e-6
#: ``method="auto"`` builds the incidence table once a board shape has been asked this often.
AUTO_INCIDENCE_AFTER = 3

_requests: Counter = Counter()


def check_rule(rule: str) -> str:
    if rule not in RULES:
        raise MapError(f"unknown LOS rule {rule!r}; use one of: {', '.join(RULES)}")
    return rule


# ---- obstacles --------------------------------------------------------------------------------


def obstacle(grid, blocked: Iterable[Cell], rule: str = "standard"):
    """The prepared Shapely obstacle for ``rule`` in the exact frame (None if nothing is blocked)."""
    check_rule(rule)
    polys = [grid.polygon(c) for c in sorted(blocked)]
    if not polys:
        return None
    if rule == "per-hex":
        geom = shapely.multipolygons([p.buffer(-EPS, join_style="mitre") for p in polys])
    else:
        geom = shapely.unary_union(polys)
        if rule == "standard":
            geom = geom.buffer(-EPS, join_style="mitre")
    shapely.prepare(geom)
    return geom


def _sight_lines(grid, cells: Sequence[Cell], pairs_i: np.ndarray, pairs_j: np.ndarray):
    centers = np.array([grid.frame_center(c) for c in cells], dtype=float)
    coords = np.stack([centers[pairs_i], centers[pairs_j]], axis=1)
    return shapely.linestrings(coords)


#: Boards up to this many cells keep every centre-to-centre line of the shape in memory, so a new
#: layout only selects its open pairs instead of building ~100k Shapely lines again.
LINE_CACHE_CELLS = 800
_line_cache: dict[tuple, np.ndarray] = {}


def _open_pair_lines(grid, open_idx: np.ndarray, iu: np.ndarray, ju: np.ndarray):
    """Sight lines between open cells ``open_idx[iu]`` and ``open_idx[ju]`` (row-major indices)."""
    n = len(grid.cells())
    a, b = open_idx[iu], open_idx[ju]
    if n > LINE_CACHE_CELLS:
        cells = grid.cells()
        return _sight_lines(grid, cells, a, b)
    lines = _line_cache.get(grid.key)
    if lines is None:
        if len(_line_cache) >= 4:
            _line_cache.pop(next(iter(_line_cache)))
        fi, fj = np.triu_indices(n, 1)
        lines = _line_cache[grid.key] = _sight_lines(grid, grid.cells(), fi, fj)
    # pair id of (a, b), a < b, in row-major upper-triangle order
    return lines[a * n - a * (a + 1) // 2 + (b - a - 1)]


# ---- all pairs --------------------------------------------------------------------------------


def visibility_matrix_for(
    grid, blocked: Iterable[Cell], rule: str = "standard", method: str = "auto"
) -> np.ndarray:
    """Visibility between every non-blocked cell of ``grid``, in row-major order.

    ``matrix[i, j]`` is True when open cell j can be seen from open cell i (symmetric, diagonal
    True). ``method``: ``"shapely"`` (prepared obstacle, one vectorised call), ``"incidence"``
    (precomputed per-size table, fastest for repeated layouts), or ``"auto"``.
    """
    check_rule(rule)
    blocked = set(blocked)
    cells = grid.cells()
    mask = np.zeros(len(cells), dtype=bool)
    if blocked:
        mask[[grid.index(c) for c in blocked]] = True
    open_idx = np.flatnonzero(~mask)
    if method == "auto":
        method = _choose_method(grid)
    if method == "incidence":
        full = incidence.get(grid).matrix(mask, rule)
        return full.take(open_idx, axis=0).take(open_idx, axis=1)
    if method != "shapely":
        raise ValueError(f"unknown method {method!r}")
    n = len(open_idx)
    out = np.ones((n, n), dtype=bool)
    obs = obstacle(grid, blocked, rule)
    if obs is None or n < 2:
        return out
    iu, ju = np.triu_indices(n, 1)
    lines = _open_pair_lines(grid, open_idx, iu, ju)
    hit = shapely.intersects(obs, lines)
    out[iu, ju] = ~hit
    out[ju, iu] = ~hit
    return out


def _choose_method(grid) -> str:
    if incidence.cached(grid) is not None:
        return "incidence"
    _requests[grid.key] += 1
    if _requests[grid.key] >= AUTO_INCIDENCE_AFTER and len(grid.cells()) <= incidence.MAX_CELLS:
        return "incidence"
    return "shapely"


def visibility_matrix(board: BoardMap, rule: str = "standard", method: str = "auto") -> np.ndarray:
    """Bool matrix over ``board.open_cells()``: ``m[i, j]`` is True when cell j is visible from i."""
    return visibility_matrix_for(board.grid_obj(), board.blocked_cells(), rule, method)


# ---- one cell, one pair -----------------------------------------------------------------------


def _check_viewpoint(board: BoardMap, cell: Cell, blocked: set[Cell]) -> None:
    grid = board.grid_obj()
    if not grid.in_bounds(cell):
        raise MapError(
            f"{format_cell(cell)!r} is outside the {board.width}x{board.height} board "
            f"(cols 0-{board.width - 1}, rows 0-{board.height - 1})"
        )
    if cell in blocked:
        raise MapError(f"{format_cell(cell)!r} is a blocked cell; pick an open cell to look from or at")


def visible_from(board: BoardMap, cell: Cell, rule: str = "standard") -> list[Cell]:
    """Every other open cell that ``cell`` can see, row-major."""
    check_rule(rule)
    blocked = board.blocked_cells()
    _check_viewpoint(board, cell, blocked)
    grid = board.grid_obj()
    others = [c for c in board.open_cells() if c != cell]
    obs = obstacle(grid, blocked, rule)
    if obs is None:
        return others
    x, y = grid.frame_center(cell)
    coords = np.array([[(x, y), grid.frame_center(c)] for c in others], dtype=float)
    hit = shapely.intersects(obs, shapely.linestrings(coords))
    return [c for c, h in zip(others, hit) if not h]


def visible(board: BoardMap, a: Cell, b: Cell, rule: str = "standard") -> bool:
    """Can a fighter in ``a`` see one in ``b``?"""
    return not blockers(board, a, b, rule)


def _runs_along(p0, p1, e0, e1) -> bool:
    """Does segment p0-p1 overlap segment e0-e1 with positive length (integer arithmetic)?"""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    for q in (e0, e1):
        if dx * (q[1] - p0[1]) - dy * (q[0] - p0[0]) != 0:
            return False
    length = dx * dx + dy * dy
    a0 = (e0[0] - p0[0]) * dx + (e0[1] - p0[1]) * dy
    a1 = (e1[0] - p0[0]) * dx + (e1[1] - p0[1]) * dy
    return max(min(a0, a1), 0) < min(max(a0, a1), length)


def blockers(board: BoardMap, a: Cell, b: Cell, rule: str = "standard") -> list[Cell]:
    """The blocked cells that stop the sight line from ``a`` to ``b``, nearest to ``a`` first.

    Empty when the cells see each other. Under ``standard`` a seam between two blocked cells
    reports both cells.
    """
    check_rule(rule)
    blocked = board.blocked_cells()
    _check_viewpoint(board, a, blocked)
    _check_viewpoint(board, b, blocked)
    if a == b or not blocked:
        return []
    grid = board.grid_obj()
    pa, pb = grid.frame_center(a), grid.frame_center(b)
    line = LineString([pa, pb])
    found: set[Cell] = set()
    for c in blocked:
        poly = grid.polygon(c)
        if rule == "strict":
            if line.intersects(poly):
                found.add(c)
        elif line.intersects(poly.buffer(-EPS, join_style="mitre")):
            found.add(c)
    if rule == "standard":
        for c in blocked:
            corners = grid.frame_corners(c)
            for n in _neighbours(grid, c):
                if n in blocked and n > c:
                    shared = [p for p in corners if p in set(grid.frame_corners(n))]
                    if len(shared) == 2 and _runs_along(pa, pb, shared[0], shared[1]):
                        found.update((c, n))
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]

    def along(c: Cell) -> tuple:
        x, y = grid.frame_center(c)
        return ((x - pa[0]) * dx + (y - pa[1]) * dy, c)

    return sorted(found, key=along)


def _neighbours(grid, cell: Cell) -> list[Cell]:
    return grid.neighbours(cell)


__all__ = [
    "RULES",
    "EPS",
    "check_rule",
    "obstacle",
    "visibility_matrix",
    "visibility_matrix_for",
    "visible",
    "visible_from",
    "blockers",
    "AXIAL_DIRECTIONS",
]
