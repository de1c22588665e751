"""Exact line of sight: the grazing, vertex and seam cases, on every orientation and offset.

Scenarios are written in axial offsets from an origin hex, so one description serves all four
layouts (flat/pointy x odd/even): every layout is an affine image of the same axial lattice.
"""

import numpy as np
import pytest

from generator.boards import los
from generator.boards.mapfile import BoardMap, format_cell
from generator.errors import MapError

LAYOUTS = [(o, f) for o in ("flat", "pointy") for f in ("odd", "even")]
ORIGIN = (3, 4)  # offset cell the scenario's axial (0, 0) is placed on


def scenario(orientation, offset, blocked_axial):
    """A 12x12 board with the given axial offsets blocked; returns (board, to_cell)."""
    probe = BoardMap(width=12, height=12, orientation=orientation, offset=offset)
    grid = probe.grid_obj()
    oq, orr = grid.to_axial(ORIGIN)

    def cell(q, r):
        c = grid.from_axial((oq + q, orr + r))
        assert grid.in_bounds(c)
        return c

    board = BoardMap(
        width=12,
        height=12,
        orientation=orientation,
        offset=offset,
        blocked=[format_cell(cell(*a)) for a in blocked_axial],
    )
    return board, cell


def sees(board, a, b):
    return {rule: los.visible(board, a, b, rule) for rule in los.RULES}


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_line_along_the_seam_of_two_blocked_hexes(orientation, offset):
    # (0,0) -> (2,-1) runs exactly along the edge shared by (1,0) and (1,-1)
    board, cell = scenario(orientation, offset, [(1, 0), (1, -1)])
    a, b = cell(0, 0), cell(2, -1)
    assert sees(board, a, b) == {"standard": False, "strict": False, "per-hex": True}
    assert set(los.blockers(board, a, b)) == {cell(1, 0), cell(1, -1)}
    assert los.blockers(board, a, b, "per-hex") == []


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_grazing_the_edge_of_one_blocked_hex(orientation, offset):
    board, cell = scenario(orientation, offset, [(1, 0)])
    a, b = cell(0, 0), cell(2, -1)
    assert sees(board, a, b) == {"standard": True, "strict": False, "per-hex": True}
    assert los.blockers(board, a, b, "strict") == [cell(1, 0)]


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_zigzag_along_two_seams_with_one_blocked_hex_on_each(orientation, offset):
    # (0,0) -> (4,-2): seam (1,0)|(1,-1), through (2,-1), seam (3,-1)|(3,-2)
    board, cell = scenario(orientation, offset, [(1, 0), (3, -2)])
    a, b = cell(0, 0), cell(4, -2)
    assert sees(board, a, b) == {"standard": True, "strict": False, "per-hex": True}
    assert los.blockers(board, a, b, "strict") == [cell(1, 0), cell(3, -2)]
    board, cell = scenario(orientation, offset, [(2, -1)])
    assert sees(board, a, b) == {"standard": False, "strict": False, "per-hex": False}


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_passing_a_single_blocked_hex_vertex(orientation, offset):
    # (0,0) -> (1,4) crosses the vertex shared by (0,1), (0,2) and (1,1) transversally: it goes
    # through (0,1) and (0,2) and only touches (1,1); likewise it only touches (0,3) further on.
    board, cell = scenario(orientation, offset, [(1, 1), (0, 3)])
    a, b = cell(0, 0), cell(1, 4)
    assert sees(board, a, b) == {"standard": True, "strict": False, "per-hex": True}
    assert los.blockers(board, a, b, "strict") == [cell(1, 1), cell(0, 3)]


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
@pytest.mark.parametrize("pair", [[(0, 1), (1, 1)], [(0, 2), (1, 1)], [(0, 1), (0, 2)]])
def test_three_hexes_at_a_vertex_two_blocked(orientation, offset, pair):
    # Any two of the three hexes at a vertex the line passes through: the line enters one of them.
    board, cell = scenario(orientation, offset, pair)
    assert sees(board, cell(0, 0), cell(1, 4)) == {"standard": False, "strict": False, "per-hex": False}


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_seam_then_vertex_then_third_hex(orientation, offset):
    # (0,0) -> (2,2) runs through the vertex of (0,0),(0,1),(1,0), along the (0,1)|(1,0) seam,
    # through the vertex of (0,1),(1,0),(1,1), then into (1,1).
    board, cell = scenario(orientation, offset, [(0, 1), (1, 0)])
    a, b = cell(0, 0), cell(2, 2)
    assert sees(board, a, b) == {"standard": False, "strict": False, "per-hex": True}
    board, cell = scenario(orientation, offset, [(1, 1)])
    assert sees(board, a, b) == {"standard": False, "strict": False, "per-hex": False}


def test_matrix_order_and_visible_from():
    board = BoardMap(width=5, height=4, blocked=["2,0", "2,1", "2,2", "2,3"])  # a wall down the middle
    cells = board.open_cells()
    m = los.visibility_matrix(board, method="shapely")
    assert m.shape == (16, 16) and cells[0] == (0, 0) and cells[2] == (3, 0)
    left = [k for k, c in enumerate(cells) if c[0] < 2]
    right = [k for k, c in enumerate(cells) if c[0] > 2]
    # Flat-top odd-q: columns 1 and 3 sit half a hex lower than the wall in column 2, so the
    # bottom cells (1,3) and (3,3) see each other along the wall's bottom edge (a graze).
    crossing = {(cells[i], cells[j]) for i in left for j in right if m[i, j]}
    assert crossing == {((1, 3), (3, 3))}
    assert los.blockers(board, (1, 3), (3, 3), "strict") == [(2, 3)]
    assert m[np.ix_(left, left)].all()
    assert los.visible_from(board, (0, 0)) == [c for c in cells if c[0] < 2 and c != (0, 0)]
    assert (los.visible_from(board, (1, 3))) == [c for c in cells if c[0] < 2 and c != (1, 3)] + [(3, 3)]


def test_viewpoint_errors():
    board = BoardMap(width=5, height=4, blocked=["2,0"])
    with pytest.raises(MapError, match="'2,0' is a blocked cell"):
        los.visible_from(board, (2, 0))
    with pytest.raises(MapError, match="outside the 5x4 board"):
        los.visible(board, (0, 0), (9, 9))
    with pytest.raises(MapError, match="unknown LOS rule 'loose'"):
        los.visibility_matrix(board, rule="loose")


def test_square_grid_diagonal_between_two_corner_touching_blocks():
    # Bladestorm tiles: a diagonal slipping between two tiles that meet at one corner
    board = BoardMap(grid="square", width=4, height=4, blocked=["1,0", "0,1"])
    assert sees(board, (0, 0), (1, 1)) == {"standard": True, "strict": False, "per-hex": True}
    assert sees(board, (0, 0), (2, 2)) == {"standard": True, "strict": False, "per-hex": True}
