"""`skirmish map los` and `skirmish map validate`, end to end through the root app."""

import json

import numpy as np
import pytest

from generator.boards import los
from generator.boards.mapfile import load_map
from generator.cli.app import main
from generator.resources import content_dir

MAP = str(content_dir() / "maps" / "drawn-and-quartered.yaml")


def run(capsys, *args):
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err


def test_los_json_is_the_exact_matrix(capsys):
    code, out, _ = run(capsys, "map", "los", MAP, "--json")
    assert code == 0
    data = json.loads(out)
    board = load_map(MAP)
    assert data["cells"] == [list(c) for c in board.open_cells()]
    m = np.array([[ch == "1" for ch in row] for row in data["matrix"]])
    assert (m == los.visibility_matrix(board, method="shapely")).all()
    assert set(data) == {"cells", "matrix"}


def test_los_from_and_to(capsys):
    code, out, _ = run(capsys, "map", "los", MAP, "--from", "0,4", "--to", "12,5")
    assert code == 0 and out.startswith("0,4 -> 12,5: blocked by 1,4")
    code, out, _ = run(capsys, "map", "los", MAP, "--from", "3,3", "--json")
    assert json.loads(out)["from"] == [3, 3]
    code, out, _ = run(capsys, "map", "los", MAP, "--from", "3,3")
    assert "3,3 sees" in out and "@" in out


@pytest.mark.parametrize(
    "args,message",
    [
        (["--from", "1,4"], "'1,4' is a blocked cell"),
        (["--from", "2"], "--from: '2' is not a cell"),
        (["--to", "1,1"], "--to needs --from"),
        (["--los-rule", "loose"], "--los-rule: 'loose' is not a rule"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, args, message):
    code, _, err = run(capsys, "map", "los", MAP, *args)
    assert code == 2 and message in err and err.count("\n") == 1


def test_validate_good_and_cut_off_maps(capsys, tmp_path):
    code, out, _ = run(capsys, "map", "validate", MAP)
    assert code == 0 and "connected" in out and out.strip().endswith("valid")
    bad = tmp_path / "cut.yaml"
    bad.write_text('width: 5\nheight: 3\norientation: pointy\nblocked: ["1,0", "1,1", "0,2", "1,2"]\n')
    code, out, _ = run(capsys, "map", "validate", str(bad))
    assert code == 1 and "not connected" in out
    code, _, err = run(capsys, "map", "validate", str(tmp_path / "missing.yaml"))
    assert code == 2 and "no such map file" in err


def test_validate_prints_the_fairness_report(capsys):
    from generator.boards.fairness import fairness_report

    report = fairness_report(load_map(MAP))
    code, out, _ = run(capsys, "map", "validate", MAP)
    assert code == 0
    assert report.table() in out and "nearest-first distances" in out and "exposure" in out
    code, out, _ = run(capsys, "map", "validate", MAP, "--json")
    data = json.loads(out)["fairness"]
    assert data["objective_distance"] == report.objective_distance
    assert data["distance_gap"] == report.distance_gap and data["exposure"] == report.exposure
