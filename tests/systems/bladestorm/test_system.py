"""The Bladestorm SYSTEM record and its content, as the rest of the tool sees them."""

from generator.content import check_file, load_file, load_roster
from generator.resources import content_dir
from generator.systems import get_system


def test_system_record():
    system = get_system("bladestorm")
    assert system.title == "Bladestorm" and system.cost_unit == "TPC"
    assert set(system.content_models) == {"roster", "tables", "book-scenario"}
    for hook in (system.price, system.build_random, system.register_calc, system.describe, system.make_battle,
                 system.fight, system.policies["greedy"]):
        assert callable(hook)
    assert system.game.system == "bladestorm"


def test_all_built_in_content_is_clean():
    files = sorted((content_dir() / "bladestorm").rglob("*.yaml"))
    assert len(files) >= 7
    for path in files:
        assert check_file(path) == [], path


def test_rosters_load_price_and_describe():
    system, roster = load_roster(content_dir() / "bladestorm" / "warriors-of-ash-sea-troll.yaml")
    cards = system.combatants(roster)
    priced = system.price(cards)
    assert priced[0].name == "Sea-Troll" and priced[0].unit == "TPC"
    text = system.describe(cards[0])
    assert "Sea-Troll - Troll, large, 1.25\"x1.25\" (40x40mm) base" in text
    assert "Endurance      (51)" in text


def test_a_malformed_roster_lists_every_problem_with_its_line(tmp_path):
    path = tmp_path / "goblins.yaml"
    path.write_text(
        "system: bladestorm\n"
        "kind: roster\n"
        "name: Bad Goblins\n"
        "combatants:\n"
        "  - name: Cro\n"
        "    race: Goblin\n"
        "    movement: 6\n"
        "    melee_attack: 2D6+D10+3\n"
        "    melee_damage: High+Low+2\n"
        "    defense: 31\n"
        "    endurance: 18\n"
        "  - name: Argh\n"
        "    race: Goblin\n"
        "    size: tiny\n"
        "    movement: 5\n"
        "    melee_attack: 3Q6\n"
        "    melee_damage: High+2\n"
        "    defense: 7\n"
        "    endurance: 10\n",
        encoding="utf-8",
    )
    problems = check_file(path)
    assert any(p.endswith(":10: combatants[0].defense: 31 is above the maximum 17 for a medium combatant (the calculator's limit)")
               for p in problems), problems
    assert any(":14: combatants[1].size:" in p and "medium" in p for p in problems), problems
    assert any(":16: combatants[1].melee_attack:" in p for p in problems), problems
    assert len(problems) == 3
    assert load_file(content_dir() / "bladestorm" / "tables.yaml").kind == "tables"


def test_show_prints_the_printed_tpc_with_the_model_beside_it(cards):
    from generator.systems.bladestorm.describe import describe

    assert describe(cards["Sea-Troll"]).splitlines()[0].endswith("[TPC 480, model 485]")
