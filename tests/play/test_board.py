"""The board every game asks: axial inside, "col,row" at the edges, tables shared per map."""

from generator.boards.mapfile import board_from_dict, load_map
from generator.boards import los
from generator.play.board import Board, UNREACHABLE, board_for
from generator.resources import content_dir


def _small(**extra):
    data = {"grid": "hex", "orientation": "flat", "offset": "odd", "width": 5, "height": 4, **extra}
    return Board(board_from_dict(data))


def test_offset_labels_round_trip_through_axial():
    board = _small()
    for pos in board.cells:
        assert board.parse(board.label(pos)) == pos
    assert board.parse("1,0") == (1, 0) and board.parse("1,1") == (1, 1) and board.parse("2,1") == (2, 0)


def test_distance_is_hex_steps_and_walk_goes_round_blocked_hexes():
    board = _small(blocked=["1,0", "1,1", "1,2"])
    a, b = board.parse("0,1"), board.parse("2,1")
    assert board.distance(a, b) == 2
    assert board.walk(a, b) == 6  # down column 0, under the wall at 1,3, up column 2
    assert board.path(a, b) is not None and len(board.path(a, b)) == 6
    walled = _small(blocked=["1,0", "1,1", "1,2", "1,3"])
    assert walled.walk(walled.parse("0,1"), walled.parse("2,1")) == UNREACHABLE
    assert walled.path(walled.parse("0,1"), walled.parse("2,1")) is None


def test_reachable_respects_budget_and_avoided_cells():
    board = _small()
    start = board.parse("2,1")
    found = board.reachable(start, 1)
    assert set(found) == {start, *board.open_neighbours(start)}
    avoid = set(board.open_neighbours(start)[:5])
    found = board.reachable(start, 2, avoid)
    for pos, (cost, prev) in found.items():
        assert pos not in avoid and cost <= 2
        path = Board.path_to(found, pos)
        assert len(path) == cost and all(board.distance(x, y) == 1 for x, y in zip([start] + path, path))


def test_sight_matches_the_exact_line_of_sight_module():
    m = load_map(content_dir() / "maps" / "drawn-and-quartered.yaml")
    board = board_for(m)
    cells = m.open_cells()
    for a in cells[::7]:
        seen = set(los.visible_from(m, a))
        for b in cells[::3]:
            if b != a:
                assert board.visible(board.pos_of_cell(a), board.pos_of_cell(b)) == (b in seen)


def test_board_for_shares_one_board_per_map():
    m = load_map(content_dir() / "maps" / "drawn-and-quartered.yaml")
    assert board_for(m) is board_for(m)
    assert board_for(m) is board_for(load_map(content_dir() / "maps" / "drawn-and-quartered.yaml"))
