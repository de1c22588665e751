"""Bladeborn's battle rules with the rulebook's own examples."""

import pytest

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.bladeborn.mechanics import (
    Activations,
    ability_dice_choices,
    attack_damage,
    count_hits,
    disengage_problem,
    group_ability_dice,
    hex_distance,
    initiative,
    is_taken_down,
    legal_targets,
    move_problem,
    remove_damage_tokens,
    reroll,
    roll,
    splits_of_a_kind,
    token_faces,
    update_control,
)
from generator.systems.bladeborn.models import BladebornWeapon
from generator.systems.warcry.mechanics import Group, ability_value, pay, roll_off

SWORD = BladebornWeapon(name="Sword", max_range=1, attacks=3, strength=4, dmg_hit=1, dmg_crit=4)
SPEAR = BladebornWeapon(name="Spear", max_range=2, attacks=2, strength=4, dmg_hit=2, dmg_crit=4)


# -- ability dice ------------------------------------------------------------------------

def test_singles_doubles_and_triples():
    [roll_] = ability_dice_choices([4, 4, 4, 2, 2, 6])
    assert roll_.triples == [4] and roll_.doubles == [2] and roll_.singles == (6,)


def test_four_or_more_of_a_kind_splits_into_doubles_and_triples_never_a_single():
    assert splits_of_a_kind(4) == [(2, 2)]
    assert splits_of_a_kind(5) == [(2, 3)]
    # The book: six of a kind is three doubles or two triples, not a double and a triple.
    assert splits_of_a_kind(6) == [(2, 2, 2), (3, 3)]


def test_six_of_a_kind_offers_both_choices():
    choices = ability_dice_choices([3] * 6)
    assert [c.doubles for c in choices] == [[3, 3, 3], []]
    assert [c.triples for c in choices] == [[], [3, 3]]
    assert group_ability_dice([3] * 6, choice=1).triples == [3, 3]
    with pytest.raises(SkirmishError, match="2 division"):
        group_ability_dice([3] * 6, choice=2)


def test_a_triple_of_fours_has_value_four_and_can_pay_for_a_double_losing_all_three():
    # The book: a triple of 4s has a value of 4; spent on a double ability, all three dice go.
    roll_ = group_ability_dice([4, 4, 4, 1, 2, 3])
    [triple] = roll_.groups
    assert triple == Group("triple", 4, 3) and ability_value(triple) == 4
    left = pay(roll_, "double", triple)
    assert left.groups == () and left.singles == (1, 2, 3)
    assert left.faces() == [1, 2, 3]  # no single is left over from the triple


# -- initiative --------------------------------------------------------------------------

def test_more_singles_has_the_initiative():
    assert initiative(3, 1, battle_round=2, previous="a") == "a"
    assert initiative(0, 2, battle_round=1) == "b"


def test_a_tie_in_round_one_is_a_roll_off():
    assert initiative(2, 2, battle_round=1, rng=Rng(5)) == roll_off(Rng(5))[0]


def test_a_later_tie_goes_to_the_player_who_did_not_have_it():
    assert initiative(2, 2, battle_round=2, previous="a") == "b"
    assert initiative(1, 1, battle_round=3, previous="b") == "a"


# -- activation --------------------------------------------------------------------------

def test_two_actions_then_one_once_everyone_has_activated():
    warband = Activations({"Khagra", "Zarshia", "Cragan", "Razek"})
    assert warband.activate("Khagra") == 2
    with pytest.raises(SkirmishError, match="cannot activate again"):
        warband.activate("Khagra")
    for name in ("Zarshia", "Cragan", "Razek"):
        assert warband.activate(name) == 2
    with pytest.raises(SkirmishError, match="all 4 turns"):
        warband.activate("Khagra")


def test_with_two_fighters_left_the_same_fighter_takes_the_remaining_turns():
    warband = Activations({"Theddra", "Ollo"})
    assert [warband.activate(n) for n in ("Theddra", "Ollo", "Ollo", "Ollo")] == [2, 2, 1, 1]


def test_a_taken_down_fighter_no_longer_holds_the_others_back():
    warband = Activations({"A", "B"})
    warband.activate("A")
    warband.taken_down("B")
    assert warband.activate("A") == 1
    warband.end_phase()
    assert warband.actions_for("A") == 2


# -- actions -----------------------------------------------------------------------------

def test_theddra_moves_four_hexes_around_a_blocked_hex():
    start, blocked = (0, 0), [(1, 0)]
    around = [(0, 1), (1, 1), (2, 0), (3, -1)]
    assert move_problem(around, start, move=4, blocked=blocked) is None
    assert "blocked" in move_problem([(1, 0), (2, 0)], start, move=4, blocked=blocked)
    assert "Move is 4" in move_problem(around + [(4, -1)], start, move=4)
    assert "not next to" in move_problem([(2, 0)], start, move=4)


def test_no_move_action_next_to_an_enemy_and_no_entering_occupied_hexes():
    assert "cannot make a move action" in move_problem([(-1, 0)], (0, 0), 4, enemies=[(1, 0)])
    assert "holds another fighter" in move_problem([(0, 1)], (0, 0), 4, occupied=[(0, 1)])


def test_disengage_one_hex_ending_next_to_no_enemy():
    enemy = [(1, 0)]
    assert disengage_problem((0, 0), (-1, 0), enemies=enemy) is None
    assert "next to no enemy" in disengage_problem((0, 0), (1, -1), enemies=enemy)
    assert "exactly one hex" in disengage_problem((0, 0), (-2, 0), enemies=enemy)


def test_an_adjacent_enemy_must_be_the_target():
    enemies = {"near": (1, 0), "far": (0, 2)}
    assert legal_targets((0, 0), SPEAR, enemies) == ["near"]
    assert legal_targets((0, 0), SPEAR, {"far": (0, 2)}) == ["far"]
    assert legal_targets((0, 0), SWORD, {"far": (0, 2)}) == []
    hidden = legal_targets((0, 0), SPEAR, {"far": (0, 2)}, visible=lambda a, b: False)
    assert hidden == []


def test_hex_distance_counts_steps():
    assert hex_distance((0, 0), (1, 0)) == 1
    assert hex_distance((0, 0), (2, -1)) == 2
    assert hex_distance((0, 0), (3, 0)) == 3


# -- hits and damage ---------------------------------------------------------------------

def test_rolls_to_hit_by_strength_against_toughness():
    faces = [1, 2, 3, 4, 5, 6]
    assert count_hits(faces, strength=5, toughness=4) == (3, 1)  # 3+ to hit
    assert count_hits(faces, strength=4, toughness=4) == (2, 1)  # 4+
    assert count_hits(faces, strength=3, toughness=4) == (1, 1)  # 5+


def test_hits_deal_the_left_damage_and_crits_the_right():
    assert attack_damage(hits=2, crits=1, weapon=SWORD) == 2 * 1 + 4


def test_taken_down_when_tokens_reach_wounds():
    assert not is_taken_down(14, 15)
    assert is_taken_down(15, 15) and is_taken_down(17, 15)


def test_removing_one_token_from_a_three_leaves_two():
    # The book: a fighter with one '3' token loses one token and is left with two '1' tokens.
    assert remove_damage_tokens(3, 1) == 2
    assert token_faces(2) == [1, 1]
    assert token_faces(19) == [10, 5, 3, 1]
    assert remove_damage_tokens(1, 5) == 0


# -- objectives --------------------------------------------------------------------------

def test_more_fighters_within_one_hex_gains_control_which_persists():
    objectives = {"north": (0, 0)}
    control = update_control(objectives, {}, {"a": [(1, 0), (0, 1)], "b": [(-1, 0)]})
    assert control == {"north": "a"}
    # A tie leaves control where it was; leaving does not lose it.
    assert update_control(objectives, control, {"a": [(1, 0)], "b": [(-1, 0)]}) == {"north": "a"}
    assert update_control(objectives, control, {"a": [], "b": []}) == {"north": "a"}
    assert update_control(objectives, control, {"a": [], "b": [(0, 0)]}) == {"north": "b"}


def test_a_desecration_token_counts_as_one_more_fighter():
    objectives = {"altar": (0, 0)}
    fighters = {"a": [(1, 0)], "b": [(-1, 0)]}
    assert update_control(objectives, {"altar": None}, fighters, desecrated={"altar": ["b"]}) == {"altar": "b"}


def test_no_control_without_a_majority_at_the_start():
    assert update_control({"o": (0, 0)}, {}, {"a": [(5, 0)], "b": []}) == {"o": None}


# -- re-rolls ----------------------------------------------------------------------------

def test_a_dice_is_rerolled_at_most_once_except_in_a_roll_off():
    rng = Rng(3)
    dice = roll(rng, 3)
    once = reroll(dice, rng, which=[0])
    assert once[0].rerolled and not once[1].rerolled and once[1:] == dice[1:]
    with pytest.raises(SkirmishError, match="at most once"):
        reroll(once, rng)
    twice = reroll(reroll(once, rng, roll_off=True), rng, roll_off=True)
    assert all(d.rerolled for d in twice)


def test_push_one_hex_not_into_fighters_or_blocked_hexes():
    from generator.systems.bladeborn.mechanics import push_problem

    assert push_problem((0, 0), (0, 1)) is None
    assert "blocked" in push_problem((0, 0), (0, 1), blocked=[(0, 1)])
    assert "exactly one hex" in push_problem((0, 0), (0, 2))


def test_legal_actions_next_to_an_enemy_and_in_the_open():
    from generator.systems.bladeborn.mechanics import legal_actions

    assert legal_actions((0, 0), [SWORD], {"foe": (1, 0)}) == ["attack", "disengage", "wait"]
    # Nothing forbids a one-hex disengage away from enemies: the rule only says where it ends.
    assert legal_actions((0, 0), [SWORD], {"foe": (3, 0)}) == ["move", "disengage", "wait"]
    # Surrounded so that every free hex is next to an enemy: no disengage.
    ring = {f"e{i}": h for i, h in enumerate([(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)])}
    assert legal_actions((0, 0), [SWORD], ring) == ["attack", "wait"]


def test_an_activation_makes_its_actions_and_one_ability_at_most():
    from generator.systems.bladeborn.mechanics import Activation

    act = Activation(actions=2)
    act.act("move")
    act.use_ability()  # after the first action
    act.act("attack")
    with pytest.raises(SkirmishError, match="no actions left"):
        act.act("attack")
    with pytest.raises(SkirmishError, match="at most one ability"):
        act.use_ability()
    after_last = Activation(actions=1)
    after_last.act("attack")
    after_last.use_ability()  # e.g. Desecration, after the last action
    waited = Activation(actions=2)
    waited.act("wait")
    with pytest.raises(SkirmishError):
        waited.act("move")
