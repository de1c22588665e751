"""The book's two scenarios as content: what they say, their maps, and errors with file:line."""

import pytest

from generator.content import check_file
from generator.errors import SkirmishError
from generator.resources import content_dir
from generator.systems.bladestorm.footing import footing_for
from generator.systems.bladestorm.scenario import load_scenario, scenario_files


def test_both_book_scenarios_are_content():
    assert {"warriors-of-ash", "a-test-of-arms"} <= set(scenario_files())
    for path in scenario_files().values():
        assert check_file(path) == [], path


def test_warriors_of_ash_as_the_book_sets_it_up():
    loaded = load_scenario("warriors-of-ash")
    s = loaded.scenario
    assert s.name == "Warriors of Ash" and s.victory.kind == "eliminate-all"
    goblins, troll = s.players["a"], s.players["b"]
    assert (goblins.moves, troll.moves) == ("first", "second") and s.first_mover() == "a"
    assert [(m.mark, m.combatant) for m in goblins.setup.marks] == [("M", "Montu"), ("A", "Argh"), ("C", "Cro")]
    assert [(m.mark, m.combatant) for m in troll.setup.marks] == [("T", "Sea-Troll")]
    assert s.choices  # where the book is silent, the file says what we chose
    cavern = loaded.map
    assert (cavern.width, cavern.height) == (18, 14) and len(cavern.walls) == 8


def test_a_test_of_arms_as_the_book_sets_it_up():
    loaded = load_scenario("a-test-of-arms")
    s, field = loaded.scenario, loaded.map
    assert (field.width, field.height, field.tile_in) == (15, 15, 1.0)
    rukon, cavan = s.players["a"], s.players["b"]
    assert (rukon.moves, rukon.setup.order, rukon.setup.zone) == ("first", "first", "south")
    assert (cavan.moves, cavan.setup.order, cavan.setup.zone) == ("second", "last", "north")
    assert s.setup_order() == ["a", "b"]
    # the wall cuts the field in two; the opening is the only way across
    goblin = footing_for(field, 1.0)
    south, north = goblin.index((2, 14)), goblin.index((12, 0))
    assert goblin.field([north])[south] < 10**9
    assert not goblin.fits[goblin.index((3, 3))] and goblin.fits[goblin.index((7, 7))]  # on the wall / in the opening


def test_a_scenario_with_a_bad_set_up_names_the_file_and_line(tmp_path):
    text = (content_dir() / "bladestorm" / "scenarios" / "warriors-of-ash.yaml").read_text()
    bad = tmp_path / "bad-ash.yaml"
    bad.write_text(text.replace('{mark: T, cell: "14,6"', '{mark: T, cell: "16,6"').replace("moves: second", "moves: first"))
    assert any(":" in p and "exactly one player moves first" in p for p in check_file(bad))
    bad.write_text(text.replace('{mark: T, cell: "14,6"', '{mark: T, cell: "16,6"'))
    with pytest.raises(SkirmishError) as err:
        load_scenario(bad)
    line = next(i for i, row in enumerate(bad.read_text().splitlines(), 1) if '"16,6"' in row)
    assert f"bad-ash.yaml:{line}: players.b.setup.marks[0].cell: '16,6' is not a start cell of zone 'b'" in str(err.value)
    bad.write_text(text.replace("map: maps/warriors-of-ash.yaml", "map: maps/nowhere.yaml"))
    with pytest.raises(SkirmishError, match=r"bad-ash.yaml:\d+: map: 'maps/nowhere.yaml' is not a content file"):
        load_scenario(bad)


def test_a_scenario_reads_as_a_sheet():
    text = load_scenario("warriors-of-ash").describe()
    assert text.startswith("Warriors of Ash\n===============")
    assert "Player #1 -- The Goblins (moves first)" in text and "    M at 3,7: Montu" in text
    assert "Victory: A player wins by removing every one of the opponent's combatants from play." in text
    assert "Where the book is silent, we chose:" in text


def test_a_generated_scenario_plays_with_its_edges_as_set_up_zones(tmp_path):
    from generator.content import load_file
    from generator.dice.rng import Rng
    from generator.play.engine import play
    from generator.systems import get_system

    salt_road = content_dir() / "scenarios" / "examples" / "bladestorm-the-salt-road.yaml"
    loaded = load_scenario(salt_road)
    assert loaded.scenario.players["a"].setup.kind == "zone" and loaded.scenario.first_mover() == "a"
    system = get_system("bladestorm")
    outriders = load_file(content_dir() / "bladestorm" / "example-test-of-arms-outriders.yaml").model
    wardens = load_file(content_dir() / "bladestorm" / "example-test-of-arms-wardens.yaml").model
    battle = system.make_battle(outriders, wardens, {"card": str(salt_road)})
    result = play(system.game, battle, {"a": system.policies["greedy"](), "b": system.policies["greedy"]()}, Rng(2))
    west = [e["cell"] for e in result.events if e["action"] == "place" and e["side"] == "a"]
    assert west and all(int(cell.split(",")[0]) < 2 for cell in west)  # within 2 of the west edge
    other = tmp_path / "salt-road-points.yaml"
    other.write_text(salt_road.read_text().replace("  - {kind: last_standing}\n", "  - {kind: take_down, points: 1}\n  rounds: 5\n"))
    with pytest.raises(SkirmishError, match=r"victory.scoring: the Basic Game on the board plays last_standing only, not take_down"):
        load_scenario(other)
