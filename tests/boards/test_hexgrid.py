"""Hex grid coordinates and geometry, checked against Red Blob Games' conventions."""

import math

import pytest

from generator.boards.hexgrid import HexGrid
from generator.boards.squaregrid import SquareGrid

LAYOUTS = [(o, f) for o in ("flat", "pointy") for f in ("odd", "even")]


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_offset_axial_round_trip(orientation, offset):
    g = HexGrid(orientation, offset, 7, 6)
    for cell in g.cells():
        assert g.from_axial(g.to_axial(cell)) == cell


def test_odd_q_neighbours_match_red_blob_table():
    g = HexGrid("flat", "odd", 5, 5)
    # even column: the upper diagonal neighbours are on the row above
    assert sorted(g.neighbours((2, 2))) == sorted([(3, 2), (3, 1), (2, 1), (1, 1), (1, 2), (2, 3)])
    # odd column (shifted down): the lower diagonal neighbours are on the row below
    assert sorted(g.neighbours((1, 1))) == sorted([(2, 2), (2, 1), (1, 0), (0, 1), (0, 2), (1, 2)])
    assert sorted(g.neighbours((0, 0))) == [(0, 1), (1, 0)]


def test_even_r_neighbours_match_red_blob_table():
    g = HexGrid("pointy", "even", 5, 5)
    # even row (shifted right)
    assert sorted(g.neighbours((2, 2))) == sorted([(3, 2), (3, 1), (2, 1), (1, 2), (2, 3), (3, 3)])
    # odd row
    assert sorted(g.neighbours((2, 1))) == sorted([(3, 1), (2, 0), (1, 0), (1, 1), (1, 2), (2, 2)])


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_neighbours_are_one_step_and_share_an_edge(orientation, offset):
    g = HexGrid(orientation, offset, 6, 6)
    for cell in g.cells():
        corners = set(g.frame_corners(cell))
        for n in g.neighbours(cell):
            assert g.distance(cell, n) == 1
            assert len(corners & set(g.frame_corners(n))) == 2  # exactly one shared edge


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_rings_and_distance(orientation, offset):
    g = HexGrid(orientation, offset, 15, 15)
    centre = (7, 7)
    for radius in range(0, 5):
        ring = g.ring(centre, radius)
        assert len(ring) == max(1, 6 * radius)
        assert all(g.distance(centre, c) == radius for c in ring)


def test_line_is_connected_and_has_distance_plus_one_cells():
    g = HexGrid("flat", "odd", 13, 10)
    line = g.line((0, 0), (12, 9))
    assert len(line) == g.distance((0, 0), (12, 9)) + 1
    assert all(g.distance(a, b) == 1 for a, b in zip(line, line[1:]))


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_adjacent_centres_are_one_hex_size_apart_in_mm(orientation, offset):
    """A "25 mm hex" is 25 mm across the flats, which is the distance between adjacent centres."""
    g = HexGrid(orientation, offset, 4, 4)
    for n in g.neighbours((1, 1)):
        (x0, y0), (x1, y1) = g.center_mm((1, 1), 25.0), g.center_mm(n, 25.0)
        assert math.isclose(math.hypot(x1 - x0, y1 - y0), 25.0)


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_shared_corners_are_bit_identical_in_mm(orientation, offset):
    g = HexGrid(orientation, offset, 5, 5)
    points = [p for c in g.cells() for p in g.corners_mm(c, 25.0)]
    # interior corners are shared by 3 hexes: each distinct float pair must recur exactly
    distinct = set(points)
    assert len(distinct) < len(points)
    for cell in g.cells():
        for n in g.neighbours(cell):
            assert len(set(g.corners_mm(cell, 25.0)) & set(g.corners_mm(n, 25.0))) == 2


def test_size_units_follow_red_blob_pixel_layout():
    flat = HexGrid("flat", "odd", 3, 3)
    x, y = flat.center((1, 0))  # axial (1, 0): x = 3/2, y = sqrt(3)/2
    assert math.isclose(x, 1.5) and math.isclose(y, math.sqrt(3) / 2)
    assert all(math.isclose(math.hypot(cx, cy), 1.0) for cx, cy in flat.corners((0, 0)))
    pointy = HexGrid("pointy", "odd", 3, 3)
    x, y = pointy.center((0, 1))  # odd-r: row 1 is shifted right by half a hex
    assert math.isclose(x, math.sqrt(3) / 2) and math.isclose(y, 1.5)


def test_bounds_mm_cover_every_corner():
    g = HexGrid("flat", "even", 13, 10)
    x0, y0, x1, y1 = g.bounds_mm(25.0)
    pts = [p for c in g.cells() for p in g.corners_mm(c, 25.0)]
    assert min(p[0] for p in pts) == x0 and max(p[1] for p in pts) == y1
    # 13 flat-top columns: 13 * 1.5 + 0.5 sizes wide; size = 25 / sqrt(3)
    assert math.isclose(x1 - x0, (13 * 1.5 + 0.5) * 25 / math.sqrt(3))


def test_polygon_is_in_the_exact_integer_frame():
    g = HexGrid("pointy", "odd", 3, 3)
    poly = g.polygon((1, 1))
    assert all(float(v).is_integer() for xy in poly.exterior.coords for v in xy)
    assert poly.area == 6
    # back in size units it is the regular hexagon of size 1: area 3*sqrt(3)/2
    assert math.isclose(g.frame_to_units(poly).area, 3 * math.sqrt(3) / 2)


def test_square_grid_basics():
    g = SquareGrid(6, 4)
    assert sorted(g.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert len(g.neighbours((2, 2), diagonal=True)) == 8
    assert g.distance((0, 0), (3, 2)) == 5 and g.distance((0, 0), (3, 2), diagonal=True) == 3
    assert g.center_mm((0, 0)) == (12.7, 12.7)
    assert g.bounds_mm() == (0.0, 0.0, 6 * 25.4, 4 * 25.4)
    assert len(g.ring((2, 2), 1, diagonal=True)) == 8
    assert g.line((0, 0), (3, 3)) == [(0, 0), (1, 1), (2, 2), (3, 3)]
