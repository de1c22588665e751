"""Combatant cards, rosters and the creation tables: the book's numbers, and what is refused."""

import pytest
from pydantic import ValidationError

from generator.systems.bladestorm.models import Combatant, Roster, builtin_tables


def card(**changes):
    data = dict(name="Footman", race="Human", size="medium", movement=6, melee_attack="3D6-1",
                melee_damage="High", defense=9, endurance=13)
    data.update(changes)
    return data


def messages(data, model=Combatant):
    with pytest.raises(ValidationError) as err:
        model.model_validate(data)
    return {".".join(str(p) for p in e["loc"]): e["msg"] for e in err.value.errors()}


def test_the_four_book_combatants_load(cards):
    troll = cards["Sea-Troll"]
    assert (troll.movement, troll.melee_attack, troll.melee_damage, troll.defense, troll.endurance) == (
        7, "3D6+4", "High+2", 10, 51)
    assert troll.size == "large" and troll.base_name == "large"
    cro = cards["Cro"]
    assert (cro.movement, cro.melee_attack, cro.melee_damage, cro.defense, cro.endurance) == (
        6, "2D6+D10+3", "High+Low+2", 9, 18)
    assert cards["Argh"].melee_attack == "3D6-2" and cards["Montu"].melee_attack == "3D6-1"
    assert "Monto" not in cards


def test_book_totals_are_kept_on_the_rosters(goblins, troll):
    assert goblins.tpc == 636 and troll.tpc == 480
    assert troll.combatants[0].tpc == 480


def test_size_limits_come_from_the_tables():
    problems = messages(card(defense=31))
    assert problems == {"defense": "Value error, 31 is above the maximum 13 for a medium human (the calculator's limit)"}
    problems = messages(card(movement=4, endurance=40))
    assert problems["movement"].endswith("4 is below the minimum 5 for a medium human (the calculator's limit)")
    assert problems["endurance"].endswith("40 is above the maximum 17 for a medium human (the calculator's limit)")
    # An Orc's card may show one more Endurance (its +1); a race the table does not know may
    # show any race's modifier (up to the Troll's +12).
    assert messages(card(race="Orc", endurance=19))["endurance"].endswith("maximum 18 for a medium orc (the calculator's limit)")
    assert messages(card(race="Goblin", endurance=30))["endurance"].endswith("maximum 29 for a medium combatant (the calculator's limit)")
    # The same Defense 5 is legal for a large combatant (the large column starts at 5).
    assert Combatant.model_validate(card(size="large", movement=8, defense=5, endurance=20)).defense == 5


def test_validation_accepts_exactly_what_the_calculator_can_build():
    """One set of limits: a card is legal exactly when the calculator can make its stats."""
    from generator.errors import SkirmishError
    from generator.systems.bladestorm.build import Choices, calculate

    tables = builtin_tables()
    for size, rule in tables.sizes.items():
        for race_key, race in tables.races.items():
            for stat in ("movement", "defense", "endurance"):
                low, high = tables.card_range(size, stat, race_key)
                option = {"movement": 0, "defense": race.defense, "endurance": race.endurance}[stat]
                for value in (low - 1, low, high, high + 1):
                    picked = value - option
                    try:
                        built, _ = calculate(Choices(race=race_key, size=size, **{stat: picked}))
                        made = True
                    except SkirmishError:
                        made = False
                    fields = {f: getattr(calculate(Choices(race=race_key, size=size))[0], f)
                              for f in ("movement", "defense", "endurance")}
                    fields[stat] = value
                    try:
                        Combatant.model_validate(dict(name="x", race=race_key.title(), size=size, **fields))
                        valid = True
                    except ValidationError:
                        valid = False
                    assert made == valid == (low <= value <= high), (size, race_key, stat, value)


def test_every_problem_is_reported_at_once():
    problems = messages(card(defense=31, melee_attack="3D7+", movement=99, colour="red"))
    assert set(problems) == {"movement", "defense", "melee_attack", "colour"}


def test_dice_expressions_are_checked_by_the_dice_engine():
    assert "3D6+4" in str(messages(card(melee_attack="3D6+4x"))["melee_attack"])
    assert "High" in messages(card(melee_damage="Middle+2"))["melee_damage"]
    assert "give both or neither" in str(messages(card(melee_damage=None)))


def test_at_most_three_weapon_slots():
    weapon = {"name": "Club", "attack": "2D6-2", "damage": "High"}
    Combatant.model_validate(card(weapons=[weapon] * 3))
    assert "weapons" in messages(card(weapons=[weapon] * 4))


def test_a_roster_needs_combatants():
    assert "combatants" in messages({"name": "Nobody"}, Roster)


def test_the_random_tables_match_the_book():
    t = builtin_tables()
    assert {k: (r.attack, r.defense, r.endurance) for k, r in t.races.items()} == {
        "orc": (1, 0, 1), "human": (0, 0, 0), "troll": (5, 4, 12)}
    assert [t.movement.lookup(r).medium for r in range(2, 11)] == [5, 6, 7, 8, 9, 10, 11, 12, 13]
    assert [t.movement.lookup(r).large for r in range(2, 11)] == [7, 8, 9, 10, 11, 12, 13, 14, 15]
    assert [t.defense.lookup(r).medium for r in range(2, 13)] == [7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13]
    assert [t.endurance.lookup(r).large for r in range(2, 11)] == [10, 15, 20, 25, 30, 32, 34, 35, 36]
    weapons = {row.key: (row.attack, row.damage) for row in t.weapons.rows}
    assert weapons["warhammer"] == ("3D6-3", "High+1")
    assert weapons["battleaxe"] == ("2D6+D10-4", "High+Low+1")


def test_completed_cells_are_marked_and_explained():
    t = builtin_tables()
    assert t.movement.lookup(10).completed and t.weapons.lookup(12).completed
    assert "Two Handed Sword" in t.notes and "Cro" in t.notes
    assert t.bases["large"].label() == '1.25"x1.25" (40x40mm)'
    assert t.bases["small"].label() == '5/8"x5/8" (15x15mm)'
    assert t.bases["cavalry"].label() == '1"x1.5" (25x40mm)'


def test_an_attack_throws_at_most_eight_dice():
    assert Combatant.model_validate(card(size="huge", movement=10, endurance=40, melee_attack="5D6+3D10")).armed
    problem = messages(card(melee_attack="12D10+4"))["melee_attack"]
    assert problem.endswith("12D10+4 throws 12 dice; a Bladestorm attack throws at most 8")
