"""Section 9.4's combat example, replayed die by die, and the rules it illustrates."""

import pytest

from generator.errors import SkirmishError
from generator.systems.bladestorm.mechanics import (
    TURN_SEQUENCE,
    Attack,
    InPlay,
    attack_total,
    exchange,
    resolve_attack,
)


@pytest.fixture
def table(cards):
    return {
        "Troll": InPlay(cards["Sea-Troll"], side="Sea-Troll"),
        "Cro": InPlay(cards["Cro"], side="Goblins"),
        "Argh": InPlay(cards["Argh"], side="Goblins"),
        "Montu": InPlay(cards["Montu"], side="Goblins"),
    }


def test_section_9_4_troll_against_the_goblins(table):
    troll, cro, argh, montu = table["Troll"], table["Cro"], table["Argh"], table["Montu"]

    # The Troll has moved up to Montu; the two strike at each other.
    first = exchange([
        Attack(troll, montu, faces=[1, 5, 3]),  # 13 = 1+5+3+4 beats Defense 7; High+2 = 7
        Attack(montu, troll, faces=[2, 3, 6]),  # 10 = 2+3+6-1 does not exceed Defense 10
    ])
    assert [(a.total, a.hit, a.damage) for a in first.attacks] == [(13, True, 7), (10, False, 0)]
    assert first.removed == []
    assert montu.hits == 7 and troll.hits == 0

    # The Goblins close in; all three attack, and the Troll strikes Montu again.
    second = exchange([
        Attack(argh, troll, faces=[1, 5, 4]),     # 8 = 1+5+4-2: a miss
        Attack(cro, troll, faces=[6, 2, 4]),      # 15 = 6+2+4+3: hit, High+Low+2 = 6+2+2 = 10
        Attack(montu, troll, faces=[4, 2, 6]),    # 11 = 4+2+6-1: hit, High+2 = 8
        Attack(troll, montu, faces=[2, 3, 3]),    # 12 = 2+3+3+4: hit, High = 3+3, +2 = 8
    ])
    assert [(a.attacker, a.total, a.hit, a.damage) for a in second.attacks] == [
        ("Argh", 8, False, 0),
        ("Cro", 15, True, 10),
        ("Montu", 11, True, 8),
        ("Sea-Troll", 12, True, 8),
    ]
    assert troll.hits == 18 and troll.endurance_left == 33
    assert montu.hits == 15 and montu.removed
    assert cro.hits == 0 and argh.hits == 0
    assert second.removed == ["Montu"]


def test_montu_strikes_back_before_he_is_removed(table):
    """Combat is simultaneous: a combatant at zero Endurance still makes its attack."""
    troll, montu = table["Troll"], table["Montu"]
    montu.hits = 7
    result = exchange([
        Attack(troll, montu, faces=[2, 3, 3]),   # 8 more hits: Montu is at -5
        Attack(montu, troll, faces=[4, 2, 6]),   # and still hits back for 8
    ])
    assert troll.hits == 8
    assert result.removed == ["Montu"]
    with pytest.raises(SkirmishError, match="removed"):
        resolve_attack(montu, troll, faces=[6, 6, 6])


def test_a_roll_equal_to_defense_misses(table):
    # Montu's 3D6-1 needs 11 to beat the Troll's 10: 2+3+6-1 = 10 is not enough.
    result = resolve_attack(table["Montu"], table["Troll"], faces=[2, 3, 6])
    assert result.total == 10 and not result.hit and result.damage == 0


def test_dice_that_do_not_fit_the_roll_are_refused():
    with pytest.raises(SkirmishError, match="rolls 3 dice"):
        attack_total("3D6+4", [1, 5])
    with pytest.raises(SkirmishError, match="7 is not a face of a D6"):
        attack_total("3D6+4", [1, 5, 7])
    assert attack_total("2D6+D10+3", [6, 2, 10]) == 21


def test_turn_sequence_follows_the_chart():
    assert TURN_SEQUENCE == (
        "initiative",
        "player 1 moves",
        "player 1 attacks",
        "player 2 defends",
        "player 2 moves",
        "player 2 attacks",
        "player 1 defends",
        "remove defeated",
    )


def test_random_attacks_are_reproducible(table, cards):
    from generator.dice.rng import Rng

    def run(seed):
        troll, montu = InPlay(cards["Sea-Troll"]), InPlay(cards["Montu"])
        return [resolve_attack(troll, montu, rng=rng).faces for rng in [Rng(seed)] for _ in range(5)]

    assert run(7) == run(7)


def test_initiative_follows_the_scenario_or_a_seeded_roll_off():
    from generator.dice.rng import Rng
    from generator.systems.bladestorm.mechanics import initiative

    # Warriors of Ash: the Goblins move first, the Troll second.
    assert initiative(["Sea-Troll", "Goblins"], first="Goblins") == ["Goblins", "Sea-Troll"]
    rolled = initiative(["Outriders", "Wardens"], Rng(3))
    assert sorted(rolled) == ["Outriders", "Wardens"] and rolled == initiative(["Outriders", "Wardens"], Rng(3))
    with pytest.raises(SkirmishError, match="'Elves' is not playing"):
        initiative(["Sea-Troll", "Goblins"], first="Elves")
