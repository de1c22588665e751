"""Property tests: symmetry, empty boards, and the incidence table agreeing with Shapely."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.boards import incidence, los
from generator.boards.mapfile import BoardMap, format_cell

layouts = st.sampled_from([("hex", "flat", "odd"), ("hex", "flat", "even"), ("hex", "pointy", "odd"),
                           ("hex", "pointy", "even"), ("square", "flat", "odd")])


@st.composite
def boards(draw, max_side=7):
    grid, orientation, offset = draw(layouts)
    w = draw(st.integers(2, max_side))
    h = draw(st.integers(2, max_side))
    cells = [(c, r) for r in range(h) for c in range(w)]
    flags = draw(st.lists(st.booleans(), min_size=len(cells), max_size=len(cells)))
    blocked = [format_cell(c) for c, f in zip(cells, flags) if f]
    if len(blocked) >= len(cells) - 1:
        blocked = blocked[:-2]
    return BoardMap(grid=grid, orientation=orientation, offset=offset, width=w, height=h, blocked=blocked)


@settings(max_examples=40, deadline=None)
@given(boards(), st.sampled_from(los.RULES))
def test_los_is_symmetric_and_incidence_equals_shapely(board, rule):
    plain = los.visibility_matrix(board, rule, method="shapely")
    assert (plain == plain.T).all()
    table = incidence.build(board.grid_obj())  # not cached: hypothesis makes many sizes
    cells = board.grid_obj().cells()
    mask = np.array([c in board.blocked_cells() for c in cells])
    keep = np.flatnonzero(~mask)
    fast = table.matrix(mask, rule)[np.ix_(keep, keep)]
    assert (fast == plain).all()


@settings(max_examples=15, deadline=None)
@given(boards())
def test_rules_are_ordered_strict_standard_per_hex(board):
    strict, standard, per_hex = (los.visibility_matrix(board, r, method="shapely") for r in los.RULES[1::-1] + ("per-hex",))
    assert not (strict & ~standard).any()  # whatever strict lets through, standard does too
    assert not (standard & ~per_hex).any()


@settings(max_examples=10, deadline=None)
@given(boards())
def test_blockers_agree_with_the_matrix(board):
    cells = board.open_cells()
    m = los.visibility_matrix(board, method="shapely")
    for i in range(0, len(cells), 3):
        for j in range(len(cells)):
            forward = los.blockers(board, cells[i], cells[j])
            assert m[i, j] == (forward == [])
            # looking the other way finds the same blockers, in reverse order of distance
            assert set(los.blockers(board, cells[j], cells[i])) == set(forward)


def test_empty_board_sees_everything():
    for grid, orientation in (("hex", "flat"), ("hex", "pointy"), ("square", "flat")):
        board = BoardMap(grid=grid, orientation=orientation, width=6, height=5)
        for method in ("shapely", "incidence"):
            assert los.visibility_matrix(board, method=method).all()


def test_incidence_is_cached_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_CACHE", str(tmp_path))
    incidence.clear_memory()
    board = BoardMap(width=6, height=5, blocked=["2,2", "3,2"])
    grid = board.grid_obj()
    assert incidence.cached(grid) is None
    first = los.visibility_matrix(board, method="incidence")
    assert list((tmp_path / "incidence").glob("*.npz"))
    incidence.clear_memory()
    assert incidence.cached(grid) is not None  # read back from disk
    assert (los.visibility_matrix(board, method="auto") == first).all()
    incidence.clear_memory()
