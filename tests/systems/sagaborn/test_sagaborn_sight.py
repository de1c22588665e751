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


# ---- the book's sight, word for word: enemies on the line, and "right behind" a hill ----------

def _vault():
    from generator.boards.mapfile import load_map
    from generator.resources import content_dir

    return load_map(content_dir() / "maps" / "sagaborn-relic-vault.yaml")


def test_an_enemy_standing_on_the_line_of_sight_hides_the_target():
    """"Friendly units do not block line of sight, but enemy units do." On the relic vault a
    crossbow at 11,9 looking at a foe on 9,6 has the line run along the edge of 9,7: with an enemy
    figure there the foe is out of sight, whatever the two figures' Heights; a friend there, or
    nobody, leaves it in sight."""
    vault = _vault()
    shooter, target, between = (11, 9), (9, 6), (9, 7)
    base = {shooter: los.Unit("red", 1), target: los.Unit("blue", 3)}
    foe = los.sagaborn_sight(vault, shooter, target, {**base, between: los.Unit("blue", 1)})
    assert not foe.visible and foe.blocked_by == [between] and "enemy" in foe.reason
    friend = los.sagaborn_sight(vault, shooter, target, {**base, between: los.Unit("red", 1)})
    assert friend.visible
    assert los.sagaborn_sight(vault, shooter, target, base).visible


def test_the_centre_line_passes_through_and_along_hexes_exactly():
    from generator.play.board import board_for

    b = board_for(_vault())
    through, along = los.centre_line(b, b.pos_of_cell((11, 9)), b.pos_of_cell((9, 6)))
    assert [b.cell_of(p) for p in through] == [(10, 8)]
    assert sorted(b.cell_of(p) for p in along) == [(9, 7), (10, 7), (10, 9), (11, 8)]
    # a straight row of pointy-top hexes: every hex between is crossed, none only touched
    row = board_for(board())
    through, along = los.centre_line(row, row.pos_of_cell(A), row.pos_of_cell(T))
    assert sorted(row.cell_of(p) for p in through) == [(1, 2), (2, 2), (3, 2)] and along == ()


def test_a_height_1_unit_right_behind_a_level_1_hill_is_out_of_sight():
    """"If a Unit is behind terrain which is equal to or taller than the Unit, it is out of line
    of sight." On the relic vault a Height-1 crossbow on 10,9 stands right behind the level-1 hill
    on 9,8 as seen from 9,7: hidden, even from a Height-2 shooter whose eyes are above the hill.
    A Height-2 figure on the same hex is taller than the hill and stays in sight."""
    vault = _vault()
    shooter, target = (9, 7), (10, 9)
    short = los.sagaborn_sight(vault, shooter, target, {shooter: los.Unit("red", 2), target: los.Unit("blue", 1)})
    assert not short.visible and short.blocked_by == [(9, 8)] and "behind terrain" in short.reason
    tall = los.sagaborn_sight(vault, shooter, target, {shooter: los.Unit("red", 2), target: los.Unit("blue", 2)})
    assert tall.visible


def test_a_hill_farther_from_the_target_is_seen_over_from_the_high_ground():
    """Only terrain right behind the target hides it outright; a hill nearer the shooter hides
    it only where the sight lines from the shooter's eyes run into it."""
    low = los.sagaborn_sight(board(elevation={"1,2": 1}), A, T, units())
    high = los.sagaborn_sight(board(elevation={"1,2": 1, "0,2": 2}), A, T, units())
    assert high.visible and high.hidden_share == 0
    assert not low.visible  # from level 0 the Height-1 eyes are no higher than the hill


def _centre_agreement(board_map, sources):
    from generator.play.board import board_for

    b = board_for(board_map)
    table = los.SightTable(b)
    pairs = [(a, t) for a in sources for t in b.cells if b.distance(a, t) > 1]
    for a, t in pairs:
        through, along = los.centre_line(b, a, t)
        assert los.centre_cells(table, a, t) == tuple(sorted(set(through) | set(along))), (b.cell_of(a), b.cell_of(t))
    return len(pairs)


def _maps():
    from generator.boards.mapfile import load_map
    from generator.resources import content_dir

    return [load_map(content_dir() / "maps" / name) for name in ("sagaborn-relic-vault.yaml", "sagaborn-ford.yaml")]


def test_the_sight_rays_middle_line_meets_the_same_hexes_as_the_exact_centre_line():
    """Sight reads the hexes on the line from the fan's middle ray (floats); the integer test is
    the reference: they agree on every pair from a sample of cells, flat-top and pointy-top."""
    from generator.play.board import board_for

    for board_map in _maps():
        b = board_for(board_map)
        assert _centre_agreement(board_map, b.cells[::11]) > 900


@pytest.mark.slow
def test_the_middle_ray_and_the_exact_centre_line_agree_on_every_pair():
    from generator.play.board import board_for

    for board_map in _maps():
        _centre_agreement(board_map, board_for(board_map).cells)
