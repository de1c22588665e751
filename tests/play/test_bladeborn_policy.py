"""The greedy Bladeborn player, by behaviour: the control it produces, its range band, its buffs."""

from __future__ import annotations

from generator.dice.rng import Rng
from generator.systems.bladeborn.policy import BladebornGreedy
from generator.systems.bladeborn.policy_control import control_chance
from generator.systems.warcry.mechanics import Group
from tests.play.helpers import ScriptedDice, activate, combat_state, fighter, open_board
from tests.play.test_bladeborn_abilities import shipped


def _last_turn_of(state, side):
    """``side`` has used every turn but this one; the other player has none left."""
    state.turns[side] = 3
    state.turns["b" if side == "a" else "a"] = 4
    for s in "ab":
        state.activations[s].turns_taken = state.turns[s]


def test_control_chance_counts_who_is_there_and_who_may_still_come():
    """Two of ours against one: ours for sure. One each: it stays with its holder. One each with
    one enemy who may still come (an even chance): a half chance of keeping a held objective."""
    assert control_chance(2, 1, -1, 0, 0) == 1.0
    assert control_chance(1, 1, 1, 0, 0) == 1.0 and control_chance(1, 1, -1, 0, 0) == 0.0
    assert control_chance(1, 1, 1, 0, 1) == 0.5


def test_greedy_takes_the_contested_objective_where_its_step_makes_the_majority():
    """Two objectives held by the enemy, three hexes away each way. At one, a friend stands
    against one enemy: stepping in makes two against one, and takes it. At the other, two enemies
    (weak ones, little danger) stand: stepping in changes nothing. The greedy player takes the
    contested objective."""
    board = open_board(width=11, height=6)
    x, y = board.parse("8,2"), board.parse("2,2")
    a = fighter("a1", board.parse("5,2"), move=3)
    friend = fighter("a2", board.parse("7,2"))
    strong = fighter("b1", board.parse("9,2"), weapons=((0, 1, 4, 5, 2, 5),))
    weak = [fighter(f"b{i}", board.parse(c), weapons=((0, 1, 1, 1, 1, 1),)) for i, c in ((2, "1,2"), (3, "2,1"))]
    state = activate(combat_state(board, [a, friend, strong] + weak, objectives=[x, y]), "a1")
    state.control = {x: "b", y: "b"}
    _last_turn_of(state, "a")
    state.activation.made = 1  # its last action
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice[0] == "move" and board.distance(choice[1], x) <= 1, board.label(choice[1])


def test_greedy_keeps_its_objective_rather_than_walk_off_and_lose_it():
    """It holds an objective that an enemy next to it would take the moment it left (one against
    one keeps it for the holder): it stays rather than walk to an empty objective it cannot hold."""
    board = open_board(width=11, height=6)
    ours, empty = board.parse("2,2"), board.parse("8,2")
    a = fighter("a1", board.parse("2,3"), move=4)
    b = fighter("b1", board.parse("1,1"))
    b2 = fighter("b2", board.parse("9,4"), move=3)  # can reach the empty one before the round ends
    state = activate(combat_state(board, [a, b, b2], objectives=[ours, empty]), "a1")
    state.control = {ours: "a", empty: None}
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    stays = choice[0] != "move" or board.distance(choice[1], ours) <= 1
    assert stays, choice


def test_greedy_shoots_from_outside_the_enemys_reach():
    """An archer (Range 2-5, no melee weapon) with two actions, the enemy brute 8 hexes off with
    Move 2: it moves into its range band but stays where the brute cannot reach it next, then
    shoots."""
    board = open_board(width=13, height=6)
    archer = fighter("a1", board.parse("0,2"), move=4, wounds=8, weapons=((2, 5, 2, 4, 1, 3),))
    brute = fighter("b1", board.parse("8,2"), move=2, wounds=30, weapons=((0, 1, 4, 5, 3, 6),))
    state = activate(combat_state(board, [archer, brute]), "a1")
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice[0] == "move"
    apart = board.distance(choice[1], brute.pos)
    assert 2 <= apart <= 5 and board.walk(brute.pos, choice[1]) > 3, (board.label(choice[1]), apart)
    state.apply(choice, ScriptedDice())
    assert BladebornGreedy().choose(state, state.legal_actions(), Rng(0))[0] == "attack"


def test_greedy_never_closes_inside_its_minimum_range():
    """An archer whose bow reaches 2-4 hexes (and no melee weapon), 3 hexes from an enemy, making
    its last action: it does not step next to the enemy, where it could not shoot."""
    board = open_board(width=11, height=6)
    archer = fighter("a1", board.parse("2,2"), move=3, weapons=((2, 4, 2, 4, 1, 3),))
    enemy = fighter("b1", board.parse("5,2"), move=1, wounds=20, weapons=((0, 1, 1, 2, 1, 1),))
    state = activate(combat_state(board, [archer, enemy]), "a1")
    state.activation.made = 1
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice[0] != "move" or board.distance(choice[1], enemy.pos) >= 2, board.label(choice[1])


def test_greedy_uses_a_buff_that_turns_a_likely_miss_into_a_kill():
    """Strength 3 against Toughness 5 hits on 5+; Imbued with Dark Power with a double of 3s makes
    it Strength 6, hitting on 3+. Two wounds left on the target: the greedy player spends the
    double before attacking (the exact odds: take-down chance 0.26 -> 0.74)."""
    board = open_board()
    a = fighter("a1", board.parse("2,2"), weapons=((0, 1, 3, 3, 1, 3),))
    a.abilities = (shipped("Imbued with Dark Power"),)
    b = fighter("b1", board.parse("3,2"), toughness=5, wounds=12)
    b.damage = 10
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 3, 2)]
    assert BladebornGreedy().choose(state, state.legal_actions(), Rng(0)) == ("ability", 0, 0)


def test_greedy_keeps_its_dice_when_the_buff_changes_nothing():
    """The same double against a Toughness 2 target that Strength 3 already beats (3+ either way):
    the buff adds nothing, so no dice are spent for it."""
    board = open_board()
    a = fighter("a1", board.parse("2,2"), weapons=((0, 1, 3, 3, 1, 3),))
    a.abilities = (shipped("Imbued with Dark Power"),)
    b = fighter("b1", board.parse("3,2"), toughness=2, wounds=12)
    b.damage = 10
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 3, 2)]
    assert BladebornGreedy().choose(state, state.legal_actions(), Rng(0))[0] == "attack"


def test_greedy_divides_six_of_a_kind_for_the_abilities_its_fighters_have():
    """Six 2s: a warband whose only ability costs a triple takes two triples."""
    board = open_board()
    a, b = fighter("a1", board.parse("0,0")), fighter("b1", board.parse("6,5"))
    a.abilities = (shipped("Pyre Leap"),)
    state = combat_state(board, [a, b])
    state._hero_phase(ScriptedDice(2, 2, 2, 2, 2, 2, 1, 2, 3, 4, 5, 6))
    assert BladebornGreedy().choose(state, state.legal_actions(), Rng(0)) == ("split", 1)
