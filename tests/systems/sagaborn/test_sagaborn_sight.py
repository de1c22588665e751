"""SagaBorn sight: Height, cover, terrain levels, water and figures (the book's rules and example)."""

import pytest

from generator.systems.sagaborn import sight as los
from generator.boards.mapfile import BoardMap

# Pointy-top rows are straight lines of centres: attacker (0,2) looks along row 2 at (4,2).
A, T, MID = (0, 2), (4, 2), (2, 2)


def board(**kw):
    return BoardMap(width=7, height=5, orientation="pointy", **kw)


def units(attacker_h=1, target_h=1, others=None):
    u = {A: los.Unit("red", attacker_h), T: los.Unit("blue", target_h)}
    u.update(others or {})
    return u


def test_open_ground_full_view():
    s = los.sagaborn_sight(board(), A, T, units())
    assert s.visible and s.hidden_share == 0 and not s.cover


def test_fey_cat_behind_a_hill_as_tall_as_it_is_hidden():
    s = los.sagaborn_sight(board(elevation={"2,2": 1}), A, T, units())
    assert not s.visible and (2, 2) in s.blocked_by


def test_half_hidden_target_gets_cover_and_a_defense_die():
    # A Height-2 target behind a level-1 hill: its lower half is hidden from a Height-1 attacker.
    s = los.sagaborn_sight(board(elevation={"2,2": 1}), A, T, units(target_h=2))
    assert s.visible and s.cover and s.defense_bonus == 1
    assert s.hidden_share == pytest.approx(0.5)


def test_high_ground_sees_over_the_hill():
    s = los.sagaborn_sight(board(elevation={"2,2": 1, "0,2": 3}), A, T, units())
    assert s.visible and s.hidden_share == 0


def test_enemies_block_friends_do_not():
    enemy = los.sagaborn_sight(board(), A, T, units(others={MID: los.Unit("blue", 1)}))
    friend = los.sagaborn_sight(board(), A, T, units(others={MID: los.Unit("red", 1)}))
    assert not enemy.visible
    assert friend.visible and friend.hidden_share == 0


def test_wall_blocks_and_adjacent_always_sees():
    s = los.sagaborn_sight(board(blocked=["2,2"]), A, T, units())
    assert not s.visible and "wall" in s.reason
    near = los.sagaborn_sight(board(elevation={"1,2": 5}), A, (1, 2), {A: los.Unit("red"), (1, 2): los.Unit("blue")})
    assert near.visible


def test_unit_standing_in_water_is_partly_hidden_by_the_bank():
    s = los.sagaborn_sight(board(water=["4,2"]), A, T, units())
    assert s.visible and 0 < s.hidden_share < 1
