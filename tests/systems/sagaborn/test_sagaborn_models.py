"""Squad and team cards: the book's limits (talents, icons, 400 points) with clear messages."""


import pytest
import yaml
from pydantic import ValidationError

from generator.resources import content_dir
from generator.systems import get_system
from generator.systems.sagaborn.models import Squad, Team, find_talent, talent_catalog

HERO = dict(name="Halvar", type="hero", cost=60, hp=6, move=5, range=1, attack=4, defense=3, height=2,
            icons=["hand", "goblet", "sword"])


def errors(model, data):
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    return {".".join(map(str, e["loc"])): e["msg"] for e in info.value.errors()}


def load(name):
    raw = yaml.safe_load((content_dir() / "sagaborn" / name).read_text())
    system = get_system(raw.pop("system"))
    return system.content_models[raw.pop("kind")].model_validate(raw)


def test_the_twelve_talents_at_their_printed_costs():
    printed = {"Battlecall": 10, "Cleave": 10, "Dodge": 10, "Extended Shot": 10, "Feint": 10, "Lone Wolf": 10,
               "Parry": 20, "Protector": 10, "Ruthless": 10, "Riposte": 20, "Run": 10, "Weapon Specialty": 10}
    assert {t.name: t.cost for t in talent_catalog().values()} == printed
    once_per_round = {t.name for t in talent_catalog().values() if t.exhaust}
    assert once_per_round == {"Battlecall", "Cleave", "Feint", "Lone Wolf", "Parry", "Protector", "Riposte"}


def test_every_builtin_content_file_validates():
    files = sorted((content_dir() / "sagaborn").glob("*.yaml"))
    assert len(files) >= 6
    for path in files:
        load(path.name)


def test_battle_die_chart_matches_the_dice_engine():
    from generator.dice.battle_dice import face

    die = load("battle_dice.yaml")
    assert {n: name for name, numbers in die.faces.items() for n in numbers} == {n: face(n) for n in range(1, 9)}


def test_example_teams_spend_exactly_400_and_are_marked_as_examples():
    for name in ("house-vareth.yaml", "driftborn.yaml"):
        team = load(name)
        assert team.example and team.total_cost == 400 == team.point_limit
        assert team.initiative_bonus == 0


def test_a_squad_with_talents_pays_for_them():
    squad = Squad(**HERO, talents=["parry", "weapon-specialty"])
    assert squad.talents == ["Parry", "Weapon Specialty"]
    assert squad.total_cost == 60 + 20 + 10


def test_talents_need_the_hand_icon():
    data = {**HERO, "icons": ["sword"], "talents": ["Dodge"]}
    assert "need the hand icon" in errors(Squad, data)["talents"]


def test_at_most_three_talents_unless_the_card_says_otherwise():
    four = ["Dodge", "Run", "Parry", "Feint"]
    assert "4 talents is above the maximum 3" in errors(Squad, {**HERO, "talents": four})["talents"]
    assert Squad(**HERO, talent_limit=4, talents=four).talent_cost == 50


def test_unknown_talent_lists_the_known_ones():
    message = errors(Squad, {**HERO, "talents": ["Fireball"]})["talents"]
    assert "unknown talent 'Fireball'" in message and "Weapon Specialty" in message


def test_only_heroes_carry_the_goblet_and_weapons_need_the_sword():
    got = errors(Squad, {**HERO, "type": "minion"})
    assert "heroes only" in got["icons"]
    weapon = {"name": "Longbow", "cost": 10, "range": 2}
    assert "sword icon" in errors(Squad, {**HERO, "icons": ["hand"], "weapons": [weapon]})["weapons"]


def test_out_of_range_stats_and_typos_are_caught():
    got = errors(Squad, {**HERO, "hp": 31, "atack": 2})
    assert "less than or equal to 20" in got["hp"]
    assert "atack" in got


def test_team_over_its_point_limit_names_the_total_and_parts():
    squads = [{**HERO, "name": f"Hero {i}", "cost": 100, "talents": ["Dodge"]} for i in range(4)]
    message = errors(Team, {"name": "Too big", "squads": squads})["squads"]
    assert "costs 440 points (squads 400 + talents 40 + weapons 0), above the point limit 400" in message
    assert Team(name="Epic", point_limit=500, squads=squads).unspent == 60


def test_unspent_points_give_initiative():
    team = Team(name="Lean", squads=[{**HERO, "cost": 375}])
    assert team.unspent == 25 and team.initiative_bonus == 2


def test_squad_names_are_unique_within_a_team():
    assert "repeated: Halvar" in errors(Team, {"name": "Twins", "squads": [HERO, HERO]})["squads"]


def test_find_talent_forgives_case_and_spacing():
    assert find_talent("extended shot").name == "Extended Shot"
    assert find_talent("LONE-WOLF").name == "Lone Wolf"


def test_system_record_lists_the_team_and_talent_kinds():
    system = get_system("sagaborn")
    assert system.title == "SagaBorn Battles"
    assert {"team", "talents"} <= set(system.content_models)
    team = load("driftborn.yaml")
    assert [s.name for s in system.combatants(team)][0] == "Kestra Ashwind"
    card = system.describe(team.squads[1])
    assert "Oddvar the Tall" in card and "Attack 4" in card and "Cleave (10)" in card
    assert "400 of 400 points" in system.describe(team)


def test_a_malformed_team_file_lists_every_problem_with_its_line(tmp_path):
    from generator.content import check_file, load_roster

    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: sagaborn\n"
        "kind: team\n"
        "name: Broken\n"
        "squads:\n"
        "  - name: Spears\n"
        "    type: minion\n"
        "    cost: 40\n"
        "    units: 3\n"
        "    hp: 31\n"
        "    move: 4\n"
        "    range: 1\n"
        "    attack: 2\n"
        "    defense: 2\n"
        "    height: 1\n"
        "    talents: [Dodge]\n"
        "  - name: Hero\n"
        "    type: hero\n"
        "    cost: 50\n"
        "    hp: 6\n"
        "    move: 5\n"
        "    range: 1\n"
        "    attack: 3\n"
        "    defense: 3\n"
        "    height: 2\n"
        "    icons: [hand]\n"
        "    talents: [Fireball]\n"
    )
    problems = check_file(bad)
    text = "\n".join(problems)
    assert len(problems) >= 3, problems
    assert ":9: squads[0].hp:" in text and "31" in text
    assert ":15: squads[0].talents:" in text and "hand icon" in text
    assert ":26: squads[1].talents:" in text and "unknown talent 'Fireball'" in text
    good = content_dir() / "sagaborn" / "house-vareth.yaml"
    system, team = load_roster(good)
    assert system.name == "sagaborn" and team.total_cost == 400


def test_extended_shot_is_refused_for_a_range_1_squad():
    """Extended Shot: "If your range is 2 or above, you may add +2" -- on Range 1 it buys nothing."""
    problems = errors(Squad, {**HERO, "talents": ["Extended Shot"]})
    assert list(problems.values()) == [
        "Value error, Extended Shot does nothing for a squad with Range 1: it needs Range 2 or more"]
    assert Squad.model_validate({**HERO, "range": 2, "talents": ["Extended Shot"]}).talents == ["Extended Shot"]
    # A weapon that lends Range 2 makes it worth buying for the unit that carries it.
    bow = {"name": "Short bow", "cost": 10, "range": 1}
    assert Squad.model_validate({**HERO, "talents": ["Extended Shot"], "weapons": [bow]}).range == 1


def test_the_books_three_factions():
    """House Ka'Dal, the Wanderers, and mercenaries "who can be aligned with either side"."""
    from generator.systems.sagaborn.models import FACTIONS

    assert FACTIONS == ("House Ka'Dal", "Wanderers", "Mercenaries")
    kadal = {**HERO, "name": "Ka'Dal blade", "faction": "Ka'Dal"}
    wanderer = {**HERO, "name": "Wanderer scout", "faction": "the Wanderers"}
    sellsword = {**HERO, "name": "Sellsword", "faction": "mercenary"}
    assert Squad.model_validate(kadal).faction == "House Ka'Dal"
    # Mercenaries join either side.
    for side, squad in (("House Ka'Dal", kadal), ("Wanderers", wanderer)):
        team = Team.model_validate({"name": "T", "faction": side, "squads": [squad, sellsword]})
        assert team.side == side
    # The two houses do not fight side by side.
    message = str(errors(Team, {"name": "T", "squads": [kadal, wanderer]}))
    assert "cannot fight in one team; only Mercenaries may join either side" in message
    message = str(errors(Team, {"name": "T", "faction": "Wanderers", "squads": [kadal]}))
    assert "a Wanderers team cannot field Ka'Dal blade of another faction" in message
    assert "unknown faction 'Elves'" in str(errors(Team, {"name": "T", "faction": "Elves", "squads": [HERO]}))
    # The example teams are one house each.
    assert load("house-vareth.yaml").faction == "House Ka'Dal"
    assert load("driftborn.yaml").faction == "Wanderers"
