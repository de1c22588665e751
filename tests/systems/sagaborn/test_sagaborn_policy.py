"""How the greedy SagaBorn player plays: behaviour a wargamer would expect, on small boards.

Each test sets up one decision and checks the choice: shooters stand where the enemy cannot
reach them and still shoot, fighters pick the high ground to strike from, talents are used when
they turn a likely miss into a kill and never when the dice they spend cannot help.
"""

from generator.dice.rng import Rng
from generator.systems.sagaborn.policy import GreedyPolicy
from tests.systems.sagaborn.test_sagaborn_game import ScriptedRng, squad, start
from tests.systems.sagaborn.test_sagaborn_game import team as _team


def team(name, *squads):
    return _team(name, *squads, point_limit=_team(name, *squads).total_cost)


def choose(state):
    return GreedyPolicy().choose(state, state.legal_actions(), Rng(0))


def test_a_shooter_shoots_from_outside_the_enemys_reach():
    """An archer (Range 6, Move 3) facing a brute (Move 3): every hex 4 to 6 from the brute lets
    it shoot, but only 5 and 6 are beyond the brute's next move and strike; it takes one of those,
    not the nearer hexes a player chasing the enemy would."""
    a = team("A", squad("Archer", range=6, move=3, attack=3, hp=4, defense=1))
    b = team("B", squad("Brute", move=3, attack=4, hp=6))
    state = start(a, b, {"a1": "1,2", "b1": "8,2"})
    state.apply(("activate", 0), Rng(0))
    archer, brute = state.fighters["a1"], state.fighters["b1"]
    dest = choose(state)[2]
    _, strike = state.threat_area(brute)
    assert state.can_attack(archer, brute, dest) and dest not in strike
    assert any(state.can_attack(archer, brute, a[2]) and a[2] in strike for a in state.legal_actions())


def test_a_shooter_steps_out_of_reach_rather_than_shoot_from_next_to_the_enemy():
    """Next to a brute, an archer that can still walk clear (even at double cost) shoots from
    where the brute cannot follow, not from where it stands."""
    a = team("A", squad("Archer", range=6, move=6, attack=3, hp=4, defense=1))
    b = team("B", squad("Brute", move=2, attack=4, hp=6))
    state = start(a, b, {"a1": "4,2", "b1": "5,2"})
    state.apply(("activate", 0), Rng(0))
    dest = choose(state)[2]
    _, strike = state.threat_area(state.fighters["b1"])
    assert dest not in strike and state.can_attack(state.fighters["a1"], state.fighters["b1"], dest)


def test_a_fighter_strikes_from_the_high_ground():
    """Two hexes next to the foe, one on a hill: striking from the hill rolls one more attack
    die, and the foe's blows back roll one fewer hit against one more defence die."""
    a = team("A", squad("Axe", move=3, attack=3, height=2))
    b = team("B", squad("Foe", move=3, attack=3, hp=8))
    state = start(a, b, {"a1": "2,2", "b1": "4,2"}, elevation={"3,1": 1})
    state.apply(("activate", 0), Rng(0))
    dest = choose(state)[2]
    assert state.board.label(dest) == "3,1" and state.levels[dest] == 1


def test_a_shooter_with_no_shot_waits_in_cover_from_the_enemy_crossbow():
    """No target in range yet: rather than the open hex a step nearer the enemy, the archer takes
    the one a hill half hides from the enemy crossbow (cover: one more defence die)."""
    a = team("A", squad("Archer", range=2, move=1, attack=2, hp=3, defense=1, height=1))
    b = team("B", squad("Crossbow", range=8, move=1, attack=3, hp=3, height=1))
    state = start(a, b, {"a1": "1,2", "b1": "8,2"}, elevation={"3,3": 1})
    state.apply(("activate", 0), Rng(0))
    crossbow = state.fighters["b1"].pos

    def seen(label):
        return state.terrain_sight(crossbow, state.board.parse(label), 1, 1)

    assert seen("2,2").visible and not seen("2,2").cover  # nearer, in the open
    dest = state.board.label(choose(state)[2])
    assert dest == "1,3" and seen(dest).cover


def test_feint_turns_a_blocked_blow_into_a_kill():
    """Two hits against two shields on a foe with 1 HP: rerolling one shield kills 5 times in 8,
    so the attacker makes the defender roll it again."""
    a = team("A", squad("Trickster", talents=["Feint"], attack=2))
    b = team("B", squad("Foe", hp=1, defense=2))
    state = start(a, b, {"a1": "3,2", "b1": "4,2"})
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    state.apply(("attack", "a1", "b1"), ScriptedRng([6, 6, 1, 1]))  # hit, hit; shield, shield
    assert choose(state) == ("feint", 0)


def test_feint_is_not_spent_when_a_shield_fewer_still_blocks_everything():
    """One hit against two shields: one shield rerolled still leaves a shield for the hit, so
    the talent stays ready for a blow it can change."""
    a = team("A", squad("Trickster", talents=["Feint"], attack=2))
    b = team("B", squad("Foe", hp=1, defense=2))
    state = start(a, b, {"a1": "3,2", "b1": "4,2"})
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    state.apply(("attack", "a1", "b1"), ScriptedRng([6, 4, 1, 1]))  # hit, blank; shield, shield
    assert choose(state) == ("done",)


def test_lone_wolf_rerolls_a_miss_and_keeps_a_kill():
    """Alone, a Lone Wolf who rolled nothing rerolls (a kill is possible), but keeps a roll that
    already takes the foe down."""
    a = team("A", squad("Wolf", talents=["Lone Wolf"], attack=3))
    b = team("B", squad("Foe", hp=2, defense=1))
    for dice, wanted in (([4, 4, 4, 4], ("lone_wolf",)), ([8, 4, 4, 4], ("done",))):
        state = start(a, b, {"a1": "3,2", "b1": "4,2"})
        state.apply(("activate", 0), Rng(0))
        state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
        state.apply(("attack", "a1", "b1"), ScriptedRng(dice))
        assert choose(state) == wanted, dice


def test_a_healer_mends_a_dying_friend_rather_than_take_a_feeble_shot():
    """Mending Tide against a shot: with a friend on 1 HP beside her and only a poor shot at a
    healthy foe, the healer heals; with a foe on 1 HP in her sights she shoots."""
    heal = {"name": "Mending Tide", "text": "Heal 1.", "effect": {"kind": "heal_action", "amount": 1, "radius": 2}}
    a = team("A", squad("Healer", range=3, attack=3, special=heal), squad("Friend", hp=6))
    b = team("B", squad("Foe", hp=6, defense=3))
    for foe_hp, kind in ((6, "heal"), (1, "attack")):
        state = start(a, b, {"a1": "3,2", "a2": "3,3", "b1": "6,2"})
        state.fighters["a2"].hp = 1
        state.fighters["b1"].hp = foe_hp
        state.apply(("activate", 0), Rng(0))
        state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
        assert choose(state)[0] == kind, foe_hp
