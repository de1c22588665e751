"""The map file: round trip, helpers, and one-line errors naming the file and the entry."""

import pytest

from generator.boards.mapfile import BoardMap, board_from_dict, load_map, save_map
from generator.errors import MapError


def write(tmp_path, text, name="m.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return p


GOOD = """\
name: test
grid: hex
orientation: flat
offset: odd
width: 13
height: 10
blocked: ["3,4", "3,5"]
objectives: ["6,4"]
zones:
  red: {start: ["0,0", "1,0"], reserve: ["0,9"]}
  blue: {start: ["12,9"]}
"""


def test_round_trip(tmp_path):
    board = load_map(write(tmp_path, GOOD))
    assert board.blocked_cells() == {(3, 4), (3, 5)}
    assert len(board.open_cells()) == 13 * 10 - 2
    assert board.open_cells()[:2] == [(0, 0), (1, 0)]
    assert board.grid_obj().width == 13
    out = save_map(board, tmp_path / "sub" / "again.yaml")
    again = load_map(out)
    assert again == board
    assert not list((tmp_path / "sub").glob("*.tmp"))


@pytest.mark.parametrize(
    "line,expected",
    [
        ('blocked: ["3,4", "14,2"]', "m.yaml:7: blocked[1]: '14,2' is outside the 13x10 board (cols 0-12, rows 0-9)"),
        ('blocked: ["3,4", "3,4"]', "m.yaml:7: blocked[1]: '3,4' is listed twice (also blocked[0])"),
        ('blocked: ["3;4"]', "m.yaml:7: blocked[0]: '3;4' is not a cell"),
        ('blocked: ["6,4"]', "m.yaml:8: objectives[0]: '6,4' is a blocked cell"),
        ('blocked: ["0,9"]', "m.yaml:10: zones.red.reserve[0]: '0,9' is a blocked cell"),
    ],
)
def test_bad_entries_name_file_line_and_entry(tmp_path, line, expected):
    text = GOOD.replace('blocked: ["3,4", "3,5"]', line)
    with pytest.raises(MapError) as err:
        load_map(write(tmp_path, text))
    assert str(err.value).startswith(str(tmp_path / expected.split(":")[0]) + ":" + expected.split(":", 1)[1])


def test_board_too_large(tmp_path):
    with pytest.raises(MapError, match=r"width: 80 is above the maximum 60 \(boards are capped at 60x60\)"):
        load_map(write(tmp_path, GOOD.replace("width: 13", "width: 80")))


def test_every_problem_is_reported(tmp_path):
    text = GOOD.replace('blocked: ["3,4", "3,5"]', 'blocked: ["99,1", "x", "6,4"]')
    with pytest.raises(MapError) as err:
        load_map(write(tmp_path, text))
    assert len(err.value.problems) == 3


def test_unknown_key_and_missing_file(tmp_path):
    with pytest.raises(MapError, match="blokked: unknown field; allowed fields: name, system"):
        load_map(write(tmp_path, GOOD + "blokked: []\n"))
    with pytest.raises(MapError, match="no such map file"):
        load_map(tmp_path / "nope.yaml")
    with pytest.raises(MapError, match="not valid YAML"):
        load_map(write(tmp_path, "grid: [hex\n"))


def test_zones_of_two_players_cannot_overlap():
    with pytest.raises(MapError, match=r"zones.blue.start\[0\]: '1,0' is also in red's zone"):
        board_from_dict(
            {"width": 5, "height": 5, "zones": {"red": {"start": ["1,0"]}, "blue": {"start": ["1,0"]}}}
        )


def test_model_validate_raises_for_programmatic_boards():
    with pytest.raises(MapError, match="outside the 5x5 board"):
        BoardMap(width=5, height=5, blocked=["5,0"])


def test_square_map_with_walls(tmp_path):
    board = board_from_dict(
        {"grid": "square", "width": 12, "height": 12, "walls": [{"points": [[0, 5], [4, 5]], "thickness": 0.5}]}
    )
    assert board.grid_obj().kind == "square"
    assert board.wall_geometry().area == pytest.approx(2.0 + 0.25 * 3.14159 * 0.25, rel=1e-2)
    with pytest.raises(MapError, match="off the 12x12 inch board"):
        board_from_dict({"grid": "square", "width": 12, "height": 12, "walls": [{"points": [[0, 5], [14, 5]]}]})
