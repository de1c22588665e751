"""Bladeborn content loads through the loader; battle cards drive set-up and scoring."""

from pathlib import Path

import pytest

from generator.content import check_file, load_file
from generator.errors import ContentError
from generator.resources import content_dir
from generator.systems.bladeborn.mechanics import reserve_hexes, round_victory_points, territory, update_control

FILES = sorted((content_dir() / "bladeborn").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_bladeborn_content_file_is_clean(path):
    assert check_file(path) == []


def load(name):
    return load_file(content_dir() / "bladeborn" / name).model


def test_khagras_ravagers_card_has_reserve_one_and_six_abilities():
    card = load("khagras-ravagers-ability-card.yaml")
    assert card.reserve == 1
    assert [(a.name, a.cost) for a in card.abilities] == [
        ("Imbued with Dark Power", "double"), ("Whispers of Chaos", "double"),
        ("Champion of Darkness", "double"), ("Mask of Darkness", "triple"),
        ("Desecration", "double"), ("Ravaging Advance", "triple"),
    ]


def test_two_example_warbands_with_ability_cards():
    bands = [load_file(p).model for p in FILES if load_file(p).kind == "warband"]
    assert len(bands) >= 2
    assert all(b.example and b.ability_card and b.ability_card.reserve < len(b.fighters) for b in bands)


def test_drawn_and_quartered_scores_one_point_per_objective_each_round():
    card = load("battle-drawn-and-quartered.yaml")
    assert card.rounds == 3 and len(card.objectives) == 5
    objectives = {str(i): tuple(h) for i, h in enumerate(card.objectives)}
    held = update_control(objectives, {}, {"a": [(2, 1), (8, 1)], "b": [(4, 5)]})
    assert round_victory_points(card, held) == {"a": 2, "b": 1}


def test_territory_is_the_starting_hexes_and_their_neighbours():
    card = load("battle-drawn-and-quartered.yaml")
    land = territory(card, "a")
    assert (6, 0) in land and (6, 1) in land and (6, 2) not in land
    assert not land & territory(card, "b")


def test_reserves_arrive_on_or_next_to_a_reserve_hex_if_empty():
    card = load("battle-drawn-and-quartered.yaml")
    def on_board(hex_):  # the 13 x 9 board of the card, odd-row offset columns 0-12, rows 0-8
        q, r = hex_
        return 0 <= r <= 8 and 0 <= q + (r - (r & 1)) // 2 <= 12

    spots = reserve_hexes(card, "a", occupied=[(0, 0)], on_board=on_board)
    # Corner reserve hexes: (0, 0) is taken, so its two neighbours; (12, 0) and its three.
    assert spots == {(1, 0), (0, 1), (12, 0), (11, 0), (11, 1), (12, 1)}


def test_a_bad_battle_card_lists_every_problem_with_its_line(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: bladeborn\nkind: battle-card\nname: Broken\nboard: x\nobjectives: [[0, 0]]\n"
        "players:\n  a: {symbol: axe, start: [[0, 0]]}\n  b: {symbol: skull, start: [[1, 1]]}\n"
        "rounds: 0\nbattle_rules: r\nreserves: r\nvictory: v\nscore: 3\n"
    )
    problems = check_file(bad)
    assert len(problems) == 3
    assert any(":9:" in p and "rounds" in p for p in problems)
    assert any("already an objective" in p for p in problems)
    with pytest.raises(ContentError):
        load_file(bad)


def test_a_quad_is_refused_on_a_bladeborn_ability_card(tmp_path: Path):
    bad = tmp_path / "card.yaml"
    bad.write_text(
        "system: bladeborn\nkind: ability-card\nname: X\nreserve: 1\nabilities:\n"
        "  - {name: Big, cost: quad, text: too big}\n"
    )
    [problem] = check_file(bad)
    assert "'quad' is not an ability cost in bladeborn" in problem and ":6:" in problem
