"""Gorechosen arcs and kill zones (SagaBorn sight moved to tests/systems/sagaborn/test_sagaborn_sight.py)."""

import pytest

from generator.boards import los
from generator.boards.hexgrid import HexGrid


# ---- Gorechosen ----


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_front_and_rear_arcs_split_the_six_neighbours(orientation):
    g = HexGrid(orientation, "odd", 7, 7)
    for facing in range(6):
        front, rear = los.front_arc(g, (3, 3), facing), los.rear_arc(g, (3, 3), facing)
        assert len(front) == len(rear) == 3
        assert set(front) | set(rear) == set(g.neighbours((3, 3)))
        assert front[1] == g.neighbour((3, 3), facing)  # the middle of the front arc
        assert los.facing_towards(g, (3, 3), front[1]) == facing


def test_kill_zone_turns_with_facing():
    g = HexGrid("flat", "odd", 9, 9)
    ahead_two = [(1, 0), (2, 0)]  # canonical facing 0: the two hexes straight ahead
    for facing in range(6):
        zone = los.kill_zone(g, (4, 4), facing, ahead_two)
        first = g.neighbour((4, 4), facing)
        assert zone == [first, g.neighbour(first, facing)]


def test_long_kill_zone_strikes_past_an_intervening_fighter():
    g = HexGrid("flat", "odd", 9, 9)
    me = (4, 4)
    near = g.neighbour(me, 0)
    far = g.neighbour(near, 0)
    assert los.intervening(g, me, far, [near]) == [near]
    assert los.can_attack(g, me, 0, [(1, 0), (2, 0)], far, fighters=[near])
    assert not los.can_attack(g, me, 3, [(1, 0), (2, 0)], far, fighters=[near])  # facing away
