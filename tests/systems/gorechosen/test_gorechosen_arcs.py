"""Facing and arcs (book Fig. 3) on the engine's axial hexes: one facing numbering, the axial
direction index 0-5; the cards draw kill zones facing 2 (up the page on the flat-topped arena)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.boards.hexgrid import AXIAL_DIRECTIONS, HexGrid
from generator.systems.gorechosen import arcs
from generator.systems.gorechosen.arcs import CARD_FACING, FACING_NAMES, front_arc, rear_arc, rotate


def test_facings_are_the_axial_directions_and_the_card_faces_up_the_page():
    assert arcs.DIRECTIONS == AXIAL_DIRECTIONS
    assert FACING_NAMES[CARD_FACING] == "N" and AXIAL_DIRECTIONS[CARD_FACING] == (0, -1)
    # On a flat-topped grid direction 2 is straight up the page: same column, one row up.
    g = HexGrid("flat", "odd", 9, 9)
    assert g.neighbour((4, 4), CARD_FACING) == (4, 3)
    assert g.neighbour((4, 4), 5) == (4, 5)  # S, straight behind


def test_front_arc_is_ahead_and_the_two_beside_it():
    # Facing N (2): the hex straight ahead is the middle of the front arc.
    assert front_arc((0, 0), 2) == [(1, -1), (0, -1), (-1, 0)]
    assert front_arc((0, 0), 2)[1] == arcs.neighbour((0, 0), 2)
    assert set(rear_arc((0, 0), 2)) == {(-1, 1), (0, 1), (1, 0)}


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 5))
@settings(max_examples=60)
def test_arcs_split_the_six_neighbours(q, r, facing):
    pos = (q, r)
    front, rear = set(front_arc(pos, facing)), set(rear_arc(pos, facing))
    assert len(front) == 3 and len(rear) == 3
    assert front | rear == set(arcs.neighbours(pos))
    assert not front & rear
    assert arcs.facing_towards(pos, arcs.neighbour(pos, facing)) == facing


@given(st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 5))
@settings(max_examples=60)
def test_rotation_keeps_distance_and_six_steps_return(q, r, steps):
    off = (q, r)
    assert arcs.distance((0, 0), rotate(off, steps)) == arcs.distance((0, 0), off)
    assert rotate(rotate(off, steps), 6 - steps) == off


def test_rotating_one_step_turns_to_the_next_facing():
    assert [rotate(AXIAL_DIRECTIONS[0], k) for k in range(6)] == list(AXIAL_DIRECTIONS)


def test_kill_zone_turns_with_facing():
    class Side:  # the two hexes straight ahead, as a card draws them (facing up)
        kill_zone = [type("H", (), {"offset": (0, -1), "band": "near"})(), type("H", (), {"offset": (0, -2), "band": "far"})()]

    for facing in range(6):
        zone = arcs.kill_zone(Side, (4, 4), facing)
        first = arcs.neighbour((4, 4), facing)
        assert zone == {first: "near", arcs.neighbour(first, facing): "far"}


def test_a_long_kill_zone_strikes_past_an_intervening_fighter():
    me = (0, 0)
    near = arcs.neighbour(me, 2)
    far = arcs.neighbour(near, 2)
    assert arcs.intervening(me, far, [near, far, me]) == [near]
    assert arcs.intervening(me, near, [near]) == []


def test_facing_names_read_from_the_page():
    assert [arcs.facing_index(n) for n in FACING_NAMES] == list(range(6))
    assert arcs.facing_index("s") == 5
