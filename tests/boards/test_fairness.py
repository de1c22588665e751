"""Fairness figures on small boards worked out by hand."""

import json

import pytest

from generator.boards.fairness import fairness_report
from generator.boards.mapfile import board_from_dict
from generator.boards.mapgen import FairnessBounds


def square(width, height, **extra):
    return board_from_dict({"grid": "square", "width": width, "height": height, **extra})


@pytest.fixture
def pillar():
    """5x3 tiles, one pillar in the middle, A on the left edge, B on the right, objective on top."""
    return square(5, 3, blocked=["2,1"], objectives=["2,0"],
                  zones={"A": {"start": ["0,1"]}, "B": {"start": ["4,1"]}})


def test_distances_walk_around_the_pillar(pillar):
    r = fairness_report(pillar)
    # (0,1) -> (0,0) or (1,1) -> (1,0) -> (2,0): three orthogonal steps each side
    assert r.objective_distance == {"A": {"2,0": 3}, "B": {"2,0": 3}}
    assert r.distance_gap == 0
    assert r.connected and r.problems == []


def test_exposure_counts_cells_that_see_a_start_cell(pillar):
    r = fairness_report(pillar)
    # From (0,1) the pillar hides (3,1) and (4,1) straight behind it and (4,0), (4,2) whose lines
    # cut its corner; (3,0) and (3,2) only touch its corner, which does not block. 14 open cells.
    assert r.open_cells == 14
    assert r.exposure == {"A": 10, "B": 10}
    assert r.exposure_ratio == 1.0


def test_objective_sight(pillar):
    r = fairness_report(pillar)
    # (2,0) sits on top of the pillar: (1,2), (2,2) and (3,2) below it are hidden; the lines to
    # (0,2) and (4,2) only touch the pillar's top corners. 14 open cells, the objective's own included.
    assert r.objective_sight == {"2,0": 11}


def test_quarters_split_cells_on_the_middle_lines(pillar):
    r = fairness_report(pillar)
    # the pillar lies on both middle lines: a quarter of it in each quarter of weight 2.5 x 1.5
    assert r.quarter_blocked == {q: pytest.approx(0.25 / 3.75, abs=1e-4) for q in ("NW", "NE", "SW", "SE")}
    assert r.quarter_spread == 0


def test_cut_off_cells_are_reported():
    board = square(3, 3, blocked=["1,0", "0,1"], zones={"A": {"start": ["2,2"]}})
    r = fairness_report(board)
    assert not r.connected and r.unreachable == ["0,0"]
    assert "cut off" in r.table()
    assert any(p.startswith("connectivity") for p in r.check(FairnessBounds()))


def test_lopsided_map_fails_the_bounds():
    # B deploys behind a wall of blocked tiles, A in the open
    board = square(6, 4, blocked=["4,0", "4,1", "4,2"], objectives=["1,3"],
                   zones={"A": {"start": ["0,0"]}, "B": {"start": ["5,0"]}})
    r = fairness_report(board)
    assert r.objective_distance["A"]["1,3"] == 4 and r.objective_distance["B"]["1,3"] == 7
    reasons = [p.split(":")[0] for p in r.check(FairnessBounds())]
    assert "distance gap" in reasons and "exposure" in reasons


def test_report_json_and_table(pillar):
    r = fairness_report(pillar)
    data = json.loads(json.dumps(r.to_json()))
    assert data["distance_gap"] == 0 and data["exposure"] == {"A": 10, "B": 10}
    table = r.table()
    assert "square board 5x3: 14 of 15 cells open" in table
    assert "2,0" in table and "exposure" in table


def test_hex_board_without_terrain_sees_everything():
    board = board_from_dict({"grid": "hex", "width": 5, "height": 4,
                             "zones": {"A": {"start": ["0,0"]}, "B": {"start": ["4,3"]}},
                             "objectives": ["2,2"]})
    r = fairness_report(board)
    assert r.exposure == {"A": 20, "B": 20}
    assert r.objective_sight == {"2,2": 20}
    assert set(r.quarter_blocked.values()) == {0.0}


@pytest.mark.parametrize("system, size", [("sagaborn", "16x11"), ("bladeborn", "13x10")])
def test_rows_only_sight_equals_the_all_pairs_matrix(system, size):
    from generator.boards.mapgen import generate_map

    board = generate_map(system, size=size, seed=8).board
    whole = fairness_report(board, all_pairs=True).to_json()
    rows = fairness_report(board, all_pairs=False).to_json()
    assert whole == rows


def strip(system=None, **terrain):
    """A one-row hex strip 0,0 .. 4,0: A starts at the west end, B at the east, the objective between."""
    data = {"grid": "hex", "width": 5, "height": 1, "objectives": ["2,0"],
            "zones": {"A": {"start": ["0,0"]}, "B": {"start": ["4,0"]}}, **terrain}
    if system:
        data["system"] = system
    return board_from_dict(data)


def test_sagaborn_distances_pay_for_water_and_climbs():
    # A wades through water at 1,0 (2 move points) then steps out (1); B climbs a level at 3,0
    # (1 + 1) then steps down (1). Two steps each, three move points each.
    board = strip("sagaborn", water=["1,0"], elevation={"3,0": 1})
    r = fairness_report(board)
    assert r.movement == "sagaborn" and r.distance_unit == "move points"
    assert r.objective_distance == {"A": {"2,0": 3}, "B": {"2,0": 3}}
    assert r.distance_gap == 0
    assert "nearest-first distances (move points, sagaborn movement)" in r.table()


def test_sagaborn_water_on_one_side_opens_a_gap_plain_steps_do_not_see():
    costed = fairness_report(strip("sagaborn", water=["1,0"]))
    assert costed.objective_distance == {"A": {"2,0": 3}, "B": {"2,0": 2}}
    assert costed.distance_gap == 1
    plain = fairness_report(strip(None, water=["1,0"]))
    assert plain.movement == "plain" and plain.distance_unit == "steps"
    assert plain.objective_distance == {"A": {"2,0": 2}, "B": {"2,0": 2}}
    assert plain.distance_gap == 0
    bounds = FairnessBounds(max_distance_gap=0)
    assert "distance gap: 1 move points > 0" in costed.check(bounds)
    assert plain.check(bounds) == []


def test_a_cliff_higher_than_height_one_cuts_the_sagaborn_route():
    # 3,0 stands two levels up: a Height 1 unit cannot climb it, so B has no way to the objective
    r = fairness_report(strip("sagaborn", elevation={"3,0": 2}))
    assert r.objective_distance["B"]["2,0"] is None and r.objective_distance["A"]["2,0"] == 2
    assert "distance gap" in [p.split(":")[0] for p in r.check(FairnessBounds())]


@pytest.mark.parametrize("seed", [1, 8])
def test_generated_sagaborn_map_reports_equal_costed_distances(seed):
    from generator.boards.mapgen import generate_map

    report = generate_map("sagaborn", seed=seed).report
    assert report.distance_unit == "move points"
    assert report.distance_gap == 0
