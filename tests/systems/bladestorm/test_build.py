"""Random creation (rulebook 11.1) and the calculator (11.3), with the book's own examples."""

import pytest
from hypothesis import given, settings, strategies as st

from generator.content import load_file
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.bladestorm.build import (
    Choices,
    build_random,
    calculate,
    cheapest_random,
    modify_attack,
    modify_damage,
    roll_combatant,
    roster_yaml,
)
from generator.systems.bladestorm.models import Combatant


class ScriptedRng(Rng):
    """An Rng that hands out the dice we tell it to, in order (to replay a creation)."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def dice(self, count, sides):
        out = [self.faces.pop(0) for _ in range(count)]
        assert all(1 <= f <= sides for f in out)
        return out


def test_the_books_orc_with_a_warhammer():
    # "The dice roll that determines the weapon shows a 10, resulting in a Warhammer for the Orc.
    # Since he receives a bonus of +1 ... his attack is 3D6-3+1 = 3D6-2."
    assert modify_attack("3D6-3", 1) == "3D6-2"
    built = roll_combatant(ScriptedRng([
        1, 2,      # race 2D6 = 3: Orc, medium
        1, 4,      # movement D6+D10 = 5: 8"
        3, 3,      # defense 2D6 = 6: 9 (no Orc modifier)
        2, 4,      # endurance D6+D10 = 6: 13, Orc +1 = 14
        4, 6,      # weapon 2D6 = 10: Warhammer
    ]))
    card = built.combatant
    assert (card.race, card.size, card.movement, card.defense, card.endurance) == ("Orc", "medium", 8, 9, 14)
    assert (card.melee_attack, card.melee_damage) == ("3D6-2", "High+1")
    assert built.log[:6] == [
        'Race: 2D6 = 1+2 = 3 -> Orc (medium, 1"x1" (25x25mm) base)',
        'Movement: D6+D10 = 1+4 = 5 -> 8"',
        "Defense: 2D6 = 3+3 = 6 -> 9",
        "Endurance: D6+D10 = 2+4 = 6 -> 13, Orc +1 = 14",
        "Weapon: 2D6 = 4+6 = 10 -> Warhammer (3D6-3, High+1)",
        "Attack: 3D6-3 Orc +1 = 3D6-2",
    ]
    assert built.log[-1] == f"TPC: {card.tpc}"


TROLL_DICE = [
    6, 6,      # race 12: Troll, large
    6, 10,     # movement 16: above the table (it stops at 10)
    4, 6,      # movement 10: the last row, 15" (the cell the book leaves empty)
    6, 6,      # defense 12: 11, Troll +4 = 15
    6, 5,      # endurance 11: above the table
    4, 6,      # endurance 10: 36, Troll +12 = 48
    5, 6,      # weapon 11: Battleaxe 2D6+D10-4, Troll +5
]


def test_a_troll_takes_all_three_modifiers_and_the_large_column():
    built = roll_combatant(ScriptedRng(TROLL_DICE))
    card = built.combatant
    assert (card.size, card.movement, card.defense, card.endurance) == ("large", 15, 15, 48)
    assert card.melee_attack == "2D6+D10+1" and card.melee_damage == "High+Low+1"
    # A roll above the table is rolled again by default, and the log says so.
    assert built.log[1] == "Movement: D6+D10 = 6+10 = 16 -> above the table (it stops at 10): rolled again"
    assert built.log[2] == 'Movement: D6+D10 = 4+6 = 10 -> 15"'


def test_above_the_table_can_read_the_last_row_instead():
    built = roll_combatant(ScriptedRng([6, 6, 6, 10, 6, 6, 6, 5, 5, 6]), above_table="last-row")
    card = built.combatant
    assert (card.movement, card.endurance) == (15, 48)
    assert built.log[1] == 'Movement: D6+D10 = 6+10 = 16 (above the table\'s 10: read as the last row) -> 15"'
    with pytest.raises(SkirmishError, match="--above-table 'top': choose reroll or last-row"):
        roll_combatant(Rng(1), above_table="top")


def test_the_table_distributions_under_both_readings():
    """D6+D10 runs to 16: 21 of its 60 results are above the table. Read as the last row, 27/60
    (45%) of medium combatants get 13"; re-rolled, 6/39 (15%), like rolls 8 and 9."""
    from fractions import Fraction

    from generator.systems.bladestorm.models import builtin_tables

    move = builtin_tables().movement
    assert move.distribution("medium", "last-row")[13] == Fraction(27, 60)
    assert move.distribution("medium", "reroll")[13] == Fraction(6, 39)
    assert sum(move.distribution("medium", "reroll").values()) == 1
    assert min(move.distribution("medium", "reroll").values()) == Fraction(1, 39)


def test_random_creation_is_reproducible_from_the_seed():
    first = build_random(Rng(42), count=3)
    again = build_random(Rng(42), count=3)
    assert [b.combatant for b in first] == [b.combatant for b in again]
    assert [b.log for b in first] == [b.log for b in again]
    assert [b.combatant for b in build_random(Rng(43), count=3)] != [b.combatant for b in first]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_every_random_combatant_is_a_legal_card(seed):
    for built in build_random(Rng(seed), count=2):
        card = Combatant.model_validate(built.combatant.model_dump())
        assert card.tpc is not None and card.tpc >= 50
        assert len(built.log) >= 6


def test_random_combatants_in_one_roster_have_different_names():
    """Names are race + weapon, so repeats are numbered: `show FILE NAME` can tell them apart."""
    names = [b.combatant.name for b in build_random(Rng(9), count=6)]
    assert len(set(names)) == len(names)
    assert "Human Mace 2" in names


def test_a_points_budget_is_kept_or_refused():
    for built in build_random(Rng(5), count=4, points=150):
        assert built.combatant.tpc <= 150
    floor = cheapest_random()
    with pytest.raises(SkirmishError, match=f"too small: the cheapest .* costs {floor} TPC"):
        build_random(Rng(5), points=floor - 1)


def test_the_calculator_default_is_the_books_50_tpc_human():
    card, priced = calculate(Choices())
    assert (card.race, card.size, card.movement, card.defense, card.endurance) == ("Human", "medium", 5, 7, 5)
    assert card.weapons == [] and card.melee_attack is None
    assert priced.cost == 50 and priced.unit == "TPC"


def test_the_calculator_rebuilds_cro():
    """An Orc-like medium goblin with the completed Two Handed Sword row and +4 attack is Cro."""
    card, _ = calculate(Choices(race="orc", movement=6, defense=9, endurance=17,
                                weapons=["two-handed-sword"], attack_bonus=4, name="Cro"))
    assert (card.movement, card.melee_attack, card.melee_damage, card.defense, card.endurance) == (
        6, "2D6+D10+3", "High+Low+2", 9, 18)


def test_a_troll_with_a_battleaxe_adds_race_and_bonus_to_the_weapon():
    card, priced = calculate(Choices(race="troll", movement=9, defense=9, endurance=36,
                                     weapons=["battleaxe"], attack_bonus=1))
    # Battleaxe 2D6+D10-4, Troll +5, Melee Attack Bonus +1; Defense 9+4; Endurance 36+12.
    assert (card.melee_attack, card.defense, card.endurance, card.size) == ("2D6+D10+2", 13, 48, "large")
    assert sum(priced.breakdown.values()) == priced.cost == card.tpc


def test_extra_dice_and_damage_bonus():
    card, _ = calculate(Choices(race="troll", weapons=["short-sword", "club"], extra_dice=1, damage_bonus=2))
    assert [(w.attack, w.damage) for w in card.weapons] == [("4D6+4", "High+2"), ("3D6+3", "High+2")]
    assert modify_damage("High+Low+1", 2) == "High+Low+3"
    assert modify_damage("Lowx3", 1) == "Lowx3+1"
    assert modify_attack("2D6+D10-4", 0, 1) == "3D6+D10-4"


@pytest.mark.parametrize("choices, message", [
    (Choices(defense=14), "--defense 14 is not allowed for a medium combatant: choose 7 to 13"),
    (Choices(race="troll", movement=5), "--move 5 is not allowed for a large combatant: choose 7 to 15"),
    (Choices(weapons=["spoon"]), "unknown weapon 'spoon': choose one of club, mace, short-sword"),
    (Choices(race="elf"), "unknown race 'elf': choose one of orc, human, troll"),
    (Choices(extra_dice=1), "extra attack dice are for large and huge combatants, not medium"),
    (Choices(race="troll", extra_dice=2), "--extra-dice 2 is not allowed for a large combatant: choose 0 to 1"),
    (Choices(attack_bonus=9), "--attack-bonus 9 is not allowed as a Melee Attack Bonus: choose 0 to 5"),
    (Choices(weapons=["club"] * 4), "a card has 3 weapon slots"),
])
def test_the_calculator_refuses_what_the_size_does_not_allow(choices, message):
    with pytest.raises(SkirmishError) as err:
        calculate(choices)
    assert message in str(err.value)


def test_calculator_output_is_a_roster_file_every_command_loads(tmp_path):
    cards = [calculate(Choices(race="orc", weapons=["mace"], name="Grukk"))[0],
             calculate(Choices(race="troll", weapons=["battleaxe"], extra_dice=1))[0]]
    path = tmp_path / "mine.yaml"
    path.write_text(roster_yaml(cards, name="Mine"), encoding="utf-8")
    loaded = load_file(path)
    assert (loaded.system, loaded.kind) == ("bladestorm", "roster")
    assert loaded.model.combatants == cards
    assert loaded.model.tpc == sum(c.tpc for c in cards)


def test_our_extensions_huge_size_and_cavalry_base():
    giant, _ = calculate(Choices(race="human", size="huge", weapons=["warhammer"], extra_dice=2))
    assert giant.melee_attack == "5D6-3" and giant.base_name == "huge"
    rider, _ = calculate(Choices(race="human", base="cavalry", weapons=["mace"], name="Rider"))
    assert rider.base == "cavalry" and rider.size == "medium"
    from generator.systems.bladestorm.describe import describe
    assert 'Rider - Human, medium, 1"x1.5" (25x40mm) base' in describe(rider)
    with pytest.raises(SkirmishError, match="unknown base 'saddle': choose one of small, medium, large, cavalry, huge"):
        calculate(Choices(base="saddle"))
