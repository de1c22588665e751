"""Facing and arcs (book Fig. 3): a fighter faces an edge; three hexes in front, three behind."""

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.systems.gorechosen import hexes
from generator.systems.gorechosen.hexes import DIRECTIONS, front_arc, rear_arc, rotate


def test_six_facings_are_the_six_neighbours():
    assert sorted(hexes.neighbours((0, 0))) == sorted(DIRECTIONS)
    assert all(hexes.distance((0, 0), d) == 1 for d in DIRECTIONS)


def test_front_arc_is_ahead_and_the_two_beside_it():
    # Facing N: the hex straight ahead is the middle of the front arc.
    assert front_arc((0, 0), 0) == [(-1, 0), (0, -1), (1, -1)]
    assert front_arc((0, 0), 0)[1] == hexes.neighbour((0, 0), 0)
    assert rear_arc((0, 0), 0) == [(1, 0), (0, 1), (-1, 1)]


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 5))
@settings(max_examples=60)
def test_arcs_split_the_six_neighbours(q, r, facing):
    pos = (q, r)
    front, rear = set(front_arc(pos, facing)), set(rear_arc(pos, facing))
    assert len(front) == 3 and len(rear) == 3
    assert front | rear == set(hexes.neighbours(pos))
    assert not front & rear


@given(st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 5))
@settings(max_examples=60)
def test_rotation_keeps_distance_and_six_steps_return(q, r, steps):
    off = (q, r)
    assert hexes.distance((0, 0), rotate(off, steps)) == hexes.distance((0, 0), off)
    assert rotate(rotate(off, steps), 6 - steps) == off


def test_rotating_north_once_gives_north_east():
    assert [rotate((0, -1), k) for k in range(6)] == list(DIRECTIONS)


def test_ring_two_has_twelve_hexes():
    assert len(set(hexes.ring(2))) == 12
