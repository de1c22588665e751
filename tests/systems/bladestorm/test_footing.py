"""Bases on 1" tiles: real base sizes for gaps, whole tiles for standing, edge contact."""

from generator.boards.clearance import can_pass
from generator.boards.mapfile import BoardMap, load_map
from generator.resources import content_dir
from generator.systems.bladestorm.footing import UNREACHABLE, base_inches, blocks_touch, footing_for, tiles_across
from generator.systems.bladestorm.models import Combatant


def card(size, **extra):
    stats = {"small": (5, 10, 6), "medium": (5, 9, 10), "large": (7, 10, 30)}[size]
    return Combatant(name=f"A {size} one", race="Test", size=size, movement=stats[0], melee_attack="3D6",
                     melee_damage="High", defense=stats[1], endurance=stats[2], **extra)


def test_base_sizes_come_from_the_creation_tables():
    assert base_inches(card("small")) == 0.625  # 5/8", not 1"
    assert base_inches(card("medium")) == 1.0
    assert base_inches(card("large")) == 1.25
    # any part of a tile is the whole tile: small and medium bases cover one, the Troll's 2x2
    assert [tiles_across(s, 1.0) for s in (0.625, 1.0, 1.25, 2.0)] == [1, 1, 2, 2]


def test_a_small_base_passes_a_gap_a_medium_base_cannot():
    # A wall along y = 6 with a 3/4" gap from x = 5.125 to 5.875, right over tile column 5.
    gap = BoardMap(grid="square", width=12, height=12,
                   walls=[{"points": [[0, 6], [5.125, 6]]}, {"points": [[5.875, 6], [12, 6]]}])
    small, medium = footing_for(gap, base_inches(card("small"))), footing_for(gap, base_inches(card("medium")))
    north, south = (5, 2), (5, 9)
    assert small.field([small.index(south)])[small.index(north)] < UNREACHABLE
    assert medium.field([medium.index(south)])[medium.index(north)] == UNREACHABLE
    assert can_pass(gap, [(5.5, 5.5), (5.5, 6.5)], 0.625) and not can_pass(gap, [(5.5, 5.5), (5.5, 6.5)], 1.0)


def test_the_troll_cannot_pass_the_one_inch_gaps_of_warriors_of_ash():
    cavern = load_map(content_dir() / "maps" / "warriors-of-ash.yaml")
    troll, goblin = footing_for(cavern, 1.25), footing_for(cavern, 1.0)
    # The pillars fill tile columns 8-9 except rows 0, 3, 6-7, 10 and 13; a Troll block (2x2)
    # covering column 8 or 9 can only stand in rows 6-7: its anchor row is 6.
    for i, steps in enumerate(troll.steps):
        for to, _, _ in steps:
            for c, r in (troll.cell(i), troll.cell(to)):
                if 7 <= c <= 9:
                    assert r == 6, (troll.cell(i), troll.cell(to))
    # A Goblin slips through the 1" gap between the two northern pillars (y 3"-4"), the Troll cannot.
    west, east = goblin.index((6, 3)), goblin.index((11, 3))
    assert goblin.field([east])[west] == 5000
    t_west, t_east = troll.index((5, 2)), troll.index((11, 2))
    assert troll.field([t_east])[t_west] > 9000  # round by the middle gap
    assert can_pass(cavern, [(7.5, 3.5), (10.5, 3.5)], 1.0) and not can_pass(cavern, [(7, 3.5), (11, 3.5)], 1.25)


def test_a_diagonal_step_may_not_slide_past_another_base():
    board = BoardMap(grid="square", width=6, height=6)
    f = footing_for(board, 1.0)
    start, goal = f.index((1, 1)), f.index((2, 2))
    assert goal in f.reach(start, 1500, frozenset())
    assert goal not in f.reach(start, 1500, frozenset({f.index((2, 1))}))  # the step would clip it
    assert goal in f.reach(start, 3000, frozenset({f.index((2, 1))}))  # the long way round, 2"


def test_contact_needs_a_shared_edge():
    assert blocks_touch((0, 0), 1, (1, 0), 1, 0.25)
    assert not blocks_touch((0, 0), 1, (1, 1), 1, 0.25)  # corners only
    assert blocks_touch((0, 0), 2, (2, 1), 1, 0.25)  # a Goblin beside the lower half of the Troll's block
    assert not blocks_touch((0, 0), 2, (2, 2), 1, 0.25)
