"""Movement: each system's costs, as the books describe them."""

import pytest

from generator.boards.mapfile import BoardMap
from generator.boards.paths import Mover, components, distances, reachable, shortest_path
from generator.errors import MapError


def test_move_around_a_blocked_hex_like_theddra():
    # Bladeborn: "She cannot move into the blocked hex, so moves around it instead."
    board = BoardMap(width=7, height=5, orientation="pointy", blocked=["3,2"])
    route = shortest_path(board, (1, 2), (5, 2), Mover("bladeborn"))
    assert route.cost == 5  # 4 in a straight line, one more to step round
    assert (3, 2) not in route.cells
    assert all(board.grid_obj().distance(a, b) == 1 for a, b in zip(route.cells, route.cells[1:]))


def test_bladeborn_fighter_next_to_an_enemy_cannot_move():
    board = BoardMap(width=7, height=5)
    assert reachable(board, (3, 2), 4, Mover("bladeborn", enemies={(3, 3)})) == {(3, 2): 0}
    # other systems only forbid entering the enemy's hex
    assert len(reachable(board, (3, 2), 1, Mover("plain", enemies={(3, 3)}))) == 6


def test_occupied_pits_and_obstructions_cannot_be_entered():
    board = BoardMap(width=5, height=1, pits=["2,0"])
    assert shortest_path(board, (0, 0), (4, 0), Mover("gorechosen")) is None
    # column 2 is a pit, an obstruction and a fighter: no way across
    board = BoardMap(width=5, height=3, obstructions=["2,1"], pits=["2,0"])
    assert shortest_path(board, (0, 1), (4, 1), Mover("gorechosen", occupied={(2, 2)})) is None
    # with the fighter gone the only way is through its hex, at the bottom of the column
    route = shortest_path(board, (0, 1), (4, 1), Mover("gorechosen"))
    assert route is not None and (2, 2) in route.cells
    assert not {(2, 0), (2, 1)} & set(route.cells)


def test_sagaborn_climbing_costs_one_per_level_and_is_limited_by_height():
    board = BoardMap(width=4, height=1, orientation="pointy", elevation={"1,0": 1, "2,0": 3})
    # flat step 1 + climb 1 = 2
    assert distances(board, (0, 0), Mover("sagaborn"))[(1, 0)] == 2
    # a 2-level climb from level 1 to 3: Height 1 cannot, Height 2 can (1 + 2 = 3)
    assert (2, 0) not in distances(board, (0, 0), Mover("sagaborn", height=1))
    assert distances(board, (0, 0), Mover("sagaborn", height=2))[(2, 0)] == 5
    # going down is free of extra cost
    assert distances(board, (2, 0), Mover("sagaborn"))[(3, 0)] == 1


def test_sagaborn_water_costs_double_in_and_within_but_not_out():
    board = BoardMap(width=5, height=1, orientation="pointy", water=["1,0", "2,0"])
    d = distances(board, (0, 0), Mover("sagaborn"))
    assert d[(1, 0)] == 2 and d[(2, 0)] == 4 and d[(3, 0)] == 5 and d[(4, 0)] == 6


def test_sagaborn_leaving_an_enemy_adjacent_hex_costs_double():
    board = BoardMap(width=6, height=1, orientation="pointy")
    d = distances(board, (1, 0), Mover("sagaborn", enemies={(0, 0)}))
    assert d[(2, 0)] == 2 and d[(3, 0)] == 3
    assert reachable(board, (1, 0), 2, Mover("sagaborn", enemies={(0, 0)})) == {(1, 0): 0, (2, 0): 2}


def test_components_find_cut_off_cells():
    board = BoardMap(width=5, height=3, orientation="pointy", blocked=["1,0", "1,1", "0,2", "1,2"])
    groups = components(board)
    assert len(groups) == 2 and groups[1] == [(0, 0), (0, 1)]


def test_out_of_board_start_is_a_map_error():
    with pytest.raises(MapError, match="start '9,9' is outside the 5x3 board"):
        distances(BoardMap(width=5, height=3), (9, 9))
    with pytest.raises(MapError, match="unknown movement system"):
        Mover("chess")


def test_board_checks_name_what_is_cut_off():
    from generator.boards.checks import board_checks

    board = BoardMap(width=5, height=3, orientation="pointy", blocked=["1,0", "1,1", "0,2", "1,2"],
                     objectives=["0,0", "3,1"], zones={"A": {"start": ["0,1"]}, "B": {"start": ["4,1"]}})
    checks = dict((message, ok) for ok, message in board_checks(board))
    assert checks["not connected: 2 separate areas; cut off: 0,0, 0,1"] is False
    assert checks["A: 1 starting, 0 reserve cells (some are cut off from the main area)"] is False
    assert checks["B: 1 starting, 0 reserve cells"] is True
    assert checks["2 objectives; cut off: 0,0"] is False
