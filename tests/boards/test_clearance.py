"""Bladestorm base clearance: the Warriors of Ash note on the 1" gaps."""

from generator.boards.clearance import Clearance, can_pass
from generator.boards.mapfile import BoardMap, load_map
from generator.resources import content_dir

# Two walls along y = 6 with a 1" gap between x = 5 and x = 6.
GAP = BoardMap(grid="square", width=12, height=12,
               walls=[{"points": [[0, 6], [5, 6]]}, {"points": [[6, 6], [12, 6]]}])
THROUGH = [(5.5, 3.0), (5.5, 9.0)]


def test_troll_cannot_pass_a_one_inch_gap_that_a_goblin_can():
    assert can_pass(GAP, THROUGH, 1.0)  # goblin on a 1" base: touches both walls, fits
    assert not can_pass(GAP, THROUGH, 1.25)  # Troll on a 1.25" base: too wide


def test_connected_and_tile_route_follow_the_same_rule():
    goblin, troll = Clearance(GAP, 1.0), Clearance(GAP, 1.25)
    assert goblin.connected((1, 1), (1, 11))
    assert not troll.connected((1, 1), (1, 11))
    route = goblin.tile_route((0, 0), (0, 11))
    # the only way over the wall line y = 6 is straight through the gap: tile (5,5) then (5,6)
    assert route is not None and route[0] == (0, 0) and route[-1] == (0, 11)
    assert route[route.index((5, 5)) + 1] == (5, 6)
    assert troll.tile_route((0, 0), (0, 11)) is None


def test_other_bases_block_like_walls():
    open_board = BoardMap(grid="square", width=12, height=12)
    blocker = Clearance(open_board, 1.0, others=[(5.5, 6.0, 1.0)])
    assert not blocker.path_clear(THROUGH)
    assert Clearance(open_board, 1.0).path_clear(THROUGH)


def test_base_cannot_leave_the_board():
    c = Clearance(GAP, 1.0)
    assert c.fits((0.5, 0.5)) and not c.fits((0.4, 3))


def test_example_cavern_troll_takes_the_wide_gap():
    cavern = load_map(content_dir() / "maps" / "ash-cavern.yaml")
    assert can_pass(cavern, [(6.5, 7), (6.5, 11)], 1.0)
    assert not can_pass(cavern, [(6.5, 7), (6.5, 11)], 1.25)
    assert can_pass(cavern, [(21.25, 7), (21.25, 11)], 1.25)
    assert Clearance(cavern, 1.25).connected((2, 2), (2, 16))


def test_base_sizes_are_the_bladestorm_tables():
    """5/8" small, 1" medium, 1.25" large (the book's 3.4), 2" huge (ours): one set of numbers."""
    from generator.boards.clearance import BASE_SIZES_IN
    from generator.systems.bladestorm.models import builtin_tables

    bases = builtin_tables().bases
    assert BASE_SIZES_IN == {size: bases[size].width for size in ("small", "medium", "large", "huge")}
    assert BASE_SIZES_IN["small"] == 0.625
    # A halfling's 5/8" base gets through a 3/4" gap that is too narrow for a 1" goblin.
    narrow = BoardMap(grid="square", width=12, height=12,
                      walls=[{"points": [[0, 6], [5, 6]]}, {"points": [[5.75, 6], [12, 6]]}])
    through = [(5.375, 3.0), (5.375, 9.0)]
    assert can_pass(narrow, through, BASE_SIZES_IN["small"])
    assert not can_pass(narrow, through, BASE_SIZES_IN["medium"])
