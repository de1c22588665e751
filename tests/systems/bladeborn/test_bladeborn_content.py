"""Bladeborn content loads through the loader; battle cards drive set-up and scoring."""

from pathlib import Path

import pytest

from generator.boards.hexgrid import HexGrid
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
    assert card.rounds == 3 and len(card.objectives) == 4 and card.map == "drawn-and-quartered"
    objectives = {str(i): tuple(h) for i, h in enumerate(card.objectives)}
    # Two A fighters next to the first objective, one B fighter on the third.
    held = update_control(objectives, {}, {"a": [(3, 1), (4, 1)], "b": [(3, 4)]})
    assert held == {"0": "a", "1": None, "2": "b", "3": None}
    assert round_victory_points(card, held) == {"a": 1, "b": 1}


def test_territory_is_the_starting_hexes_and_their_neighbours():
    card = load("battle-drawn-and-quartered.yaml")
    land = territory(card, "a")
    assert (2, -1) in land and (2, 0) in land and (2, 1) not in land
    assert len(land) <= 4 * 7 and not land & territory(card, "b")


BOARD = HexGrid("flat", "odd", 13, 10)  # the battle map: flat-top hexes, odd columns shifted down


def on_board(hex_):
    return BOARD.in_bounds(BOARD.from_axial(hex_))


def test_reserves_arrive_on_or_next_to_a_reserve_hex_if_empty():
    card = load("battle-drawn-and-quartered.yaml")
    spots = reserve_hexes(card, "a", occupied=[(0, 1)], on_board=on_board)
    # Reserve hex (0, 1) (offset 0,1) is taken: its four on-board neighbours remain. Reserve hex
    # (12, -5) (offset 12,1) is free: it and its five on-board neighbours.
    assert spots == {(1, 0), (1, 1), (0, 0), (0, 2)} | {(12, -5), (12, -6), (11, -5), (11, -4), (12, -4)}


def test_the_cards_positions_are_on_their_map():
    import yaml

    data = yaml.safe_load((content_dir() / "maps" / "drawn-and-quartered.yaml").read_text())

    def axial(text):
        return BOARD.to_axial(tuple(int(x) for x in text.split(",")))

    card = load("battle-drawn-and-quartered.yaml")
    assert {tuple(h) for h in card.objectives} == {axial(t) for t in data["objectives"]}
    for side, zone in (("a", "A"), ("b", "B")):
        assert {tuple(h) for h in card.players[side].start} == {axial(t) for t in data["zones"][zone]["start"]}
    blocked = {axial(t) for t in data["blocked"]}
    for name in ("battle-drawn-and-quartered.yaml", "battle-examples.yaml"):
        card = load(name)
        hexes = [tuple(h) for h in card.objectives] + [tuple(h) for p in card.players.values() for h in p.start + p.reserve]
        assert all(on_board(h) and h not in blocked for h in hexes)


def test_a_bad_battle_card_lists_every_problem_with_its_line(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: bladeborn\nkind: battle-card\nname: Broken\nmap: x\nobjectives: [[0, 0]]\n"
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
        "  - {name: Big, cost: quad, effect: bonus-move, text: too big}\n"
    )
    [problem] = check_file(bad)
    assert "'quad' is not an ability cost in bladeborn" in problem and ":6:" in problem
