"""Every ability printed on a shipped card does what the card says, one rulebook-style example each.

The abilities are read from the shipped content (the five universal Warcry abilities, Khagra's
Ravagers' card, the example warbands' cards) and played as the engine plays them: Warcry cards
in inches become hexes at 2" a hex. Each docstring paraphrases the card.
"""

from __future__ import annotations

import pytest

from generator.content import load_roster
from generator.content.library import library
from generator.resources import content_dir
from generator.systems.bladeborn.battle import ability_spec
from generator.systems.warcry.mechanics import Group
from tests.play.helpers import ScriptedDice, activate, combat_state, fighter, open_board

CONTENT = content_dir()
CARDS = {
    "bladeborn": [CONTENT / "bladeborn" / "example-cinder-oath.yaml", CONTENT / "bladeborn" / "example-hollowmere-stalkers.yaml"],
    "warcry": [CONTENT / "warcry" / "example-gilded-ruin.yaml", CONTENT / "warcry" / "example-marrowfen-raiders.yaml"],
}


def _shipped_abilities() -> dict[str, tuple]:
    found = {}
    for system, paths in CARDS.items():
        for path in paths:
            _, band = load_roster(path)
            for a in band.ability_card.abilities:
                found[a.name] = (a, system)
    for loaded in library().load("bladeborn", "ability-card"):
        for a in loaded.model.abilities:
            found[a.name] = (a, "bladeborn")
    for loaded in library().load("warcry", "abilities"):
        for a in loaded.model.abilities:
            found[a.name] = (a, "warcry")
    return found


SHIPPED = _shipped_abilities()


def shipped(name: str):
    ability, system = SHIPPED[name]
    return ability_spec(ability, warcry=system == "warcry")


def user(fid, pos, *names, **numbers):
    f = fighter(fid, pos, **numbers)
    f.abilities = tuple(shipped(n) for n in names)
    return f


def once_each(state):
    """Warcry's rule (every fighter activates once a round): a round ends after a few activations."""
    from generator.systems.bladeborn import mechanics

    state.rules.each_fighter_once = True
    state.activations = {s: mechanics.Activations({f.id for f in state.fighters.values() if f.side == s and f.on},
                                                  once_each=True) for s in "ab"}
    return state


def test_every_shipped_ability_is_covered_here():
    """Each ability printed on a shipped card or table has its own example below."""
    tests = [name for name in globals() if name.startswith("test_")]
    assert len(SHIPPED) == 29
    for name in SHIPPED:
        slug = "test_" + name.lower().replace("'", "").replace(" ", "_")
        assert any(t.startswith(slug) for t in tests), f"no test for {name} ({slug}...)"


# ---- the universal abilities (Warcry fighters) ------------------------------------------------------


def test_rush_adds_one_hex_to_the_move_for_this_activation():
    """Rush [double]: this fighter's Move goes up by 1 for the rest of its activation."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Rush", move=2)
    b = fighter("b1", board.parse("8,5"))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 4, 2)]
    before = max(board.walk(a.pos, x[1]) for x in state.legal_actions() if x[0] == "move")
    state.apply(("ability", 0, 0), ScriptedDice())
    after = max(board.walk(a.pos, x[1]) for x in state.legal_actions() if x[0] == "move")
    assert (before, after) == (2, 3)
    assert state.groups["a"] == []  # the double is spent


def test_onslaught_rolls_one_more_dice_with_melee_weapons_only():
    """Onslaught [double]: for the rest of its activation, 1 more dice with each melee attack."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Onslaught", weapons=((0, 1, 3, 4, 1, 3), (2, 3, 2, 4, 1, 3)))
    b = fighter("b1", board.parse("3,2"), wounds=30)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 2, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    events = state.apply(("attack", "b1", 0), ScriptedDice(1, 1, 1, 1))
    assert len(events[0]["rolls"]) == 4 and events[0]["modifiers"] == {"attacks": 1}
    assert state.weapon_now(a, a.weapons[1])[0]["attacks"] == 2  # the Range 2-3 weapon is not melee


def test_respite_removes_the_value_in_damage_but_not_next_to_an_enemy():
    """Respite [triple]: not within 1" of an enemy; take damage points off equal to the value."""
    board = open_board()
    a = user("a1", board.parse("0,0"), "Respite", wounds=20)
    a.damage = 9
    b = fighter("b1", board.parse("6,5"))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 4, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    assert a.damage == 5
    b.pos = board.parse("1,0")  # now next to an enemy
    near = activate(combat_state(board, [user("a2", board.parse("0,0"), "Respite", wounds=20), b]), "a2")
    near.fighters["a2"].damage = 9
    near.groups["a"] = [Group("triple", 4, 3)]
    assert not any(x[0] == "ability" for x in near.legal_actions())


def test_inspiring_presence_lets_a_friend_activate_right_after_in_the_same_turn():
    """Inspiring Presence [triple, hero]: a visible friend within 6" that has not activated may
    activate as soon as this fighter's activation is over."""
    board = open_board()
    hero = user("a1", board.parse("1,2"), "Inspiring Presence")
    friend = fighter("a2", board.parse("2,3"))
    far = fighter("a3", board.parse("6,0"))
    b = fighter("b1", board.parse("6,5"))
    state = activate(combat_state(board, [hero, friend, far, b]), "a1")
    state.groups["a"] = [Group("triple", 6, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    assert {x[1] for x in state.legal_actions()} == {"a2"}  # within 3 hexes (6"); a3 is too far
    state.apply(("target", "a2"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    assert state.decider == "a" and state.legal_actions() == [("activate", "a2"), ("activate-none",)]
    state.apply(("activate", "a2"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    assert state.turns["a"] == 1 and state.decider == "b"  # the two activations were one turn


def test_rampage_moves_up_to_its_value_in_inches_then_attacks():
    """Rampage [quad]: a bonus move of up to the value in inches, then a bonus attack. A quad of
    5s: 5" is 3 hexes at 2" a hex."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Rampage", move=2)
    b = fighter("b1", board.parse("4,2"), wounds=30)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("quad", 5, 4)]
    state.apply(("ability", 0, 0), ScriptedDice())
    reach = max(board.walk(a.pos, x[1]) for x in state.legal_actions() if x[0] == "bonus-move")
    assert reach == 3
    state.apply(("bonus-move", board.parse("3,2")), ScriptedDice())
    assert ("bonus-attack", "b1", 0) in state.legal_actions()
    assert state.activation.actions_left == 2  # bonus actions are not actions


# ---- Khagra's Ravagers ---------------------------------------------------------------------------


def test_imbued_with_dark_power_adds_the_value_to_range_1_and_2_weapons():
    """Imbued with Dark Power [double]: until the end of its activation, add the value to the
    Strength of this fighter's Range 1 and Range 2 weapons (a Range 3 weapon is unchanged)."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Imbued with Dark Power",
             weapons=((0, 1, 3, 3, 1, 3), (0, 2, 3, 3, 1, 3), (0, 3, 3, 3, 1, 3)))
    b = fighter("b1", board.parse("3,2"), toughness=4, wounds=30)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 3, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    assert [state.weapon_now(a, w)[0]["strength"] for w in a.weapons] == [6, 6, 3]
    events = state.apply(("attack", "b1", 0), ScriptedDice(3, 3, 2))  # Strength 6 against Toughness 4: 3+
    assert events[0]["hits"] == 2


def test_whispers_of_chaos_deals_2_damage_or_pushes_a_visible_enemy_within_4():
    """Whispers of Chaos [double]: a visible enemy within 4 hexes: 2 damage, or a push of one hex."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Whispers of Chaos")
    near = fighter("b1", board.parse("4,2"), wounds=20)
    far = fighter("b2", board.parse("6,2"), wounds=20)
    state = activate(combat_state(board, [a, near, far]), "a1")
    state.groups["a"] = [Group("double", 2, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    choices = state.legal_actions()
    assert {x[1] for x in choices} == {"b1"}  # b2 is 6 hexes away
    assert {x[0] for x in choices} == {"target", "shove"}
    assert all(board.distance(near.pos, x[2]) == 1 for x in choices if x[0] == "shove")
    events = state.apply(("target", "b1"), ScriptedDice())
    assert near.damage == 2 and events[0]["why"] == "Whispers of Chaos"


def test_whispers_of_chaos_may_push_instead():
    """The other choice of Whispers of Chaos: push the enemy one hex, into an empty open hex."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Whispers of Chaos")
    b = fighter("b1", board.parse("3,2"), wounds=20)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 2, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    events = state.apply(("shove", "b1", board.parse("4,2")), ScriptedDice())
    assert b.pos == board.parse("4,2") and b.damage == 0 and events[0]["by"] == "a1"


def test_champion_of_darkness_only_after_a_takedown_then_a_bonus_attack():
    """Champion of Darkness [double]: only after an enemy is taken down by this fighter's attack
    action; it makes a bonus move action or a bonus attack action."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Champion of Darkness", weapons=((0, 1, 4, 5, 3, 5),))
    weak = fighter("b1", board.parse("3,2"), wounds=3)
    other = fighter("b2", board.parse("2,3"), wounds=30)
    state = activate(combat_state(board, [a, weak, other]), "a1")
    state.groups["a"] = [Group("double", 3, 2)]
    assert not any(x[0] == "ability" for x in state.legal_actions())
    state.apply(("attack", "b1", 0), ScriptedDice(6, 1, 1, 1))
    assert ("ability", 0, 0) in state.legal_actions()
    state.apply(("ability", 0, 0), ScriptedDice())
    assert ("bonus-attack", "b2", 0) in state.legal_actions()
    events = state.apply(("bonus-attack", "b2", 0), ScriptedDice(3, 3, 1, 1))
    assert events[0]["bonus"] is True and events[0]["ability"] == "Champion of Darkness"


def test_mask_of_darkness_places_a_visible_friend_within_3_on_the_edge():
    """Mask of Darkness [triple]: a visible friend within 3 hexes is placed in any empty hex
    among the outermost hexes of the battlefield."""
    board = open_board()
    a = user("a1", board.parse("3,2"), "Mask of Darkness")
    friend = fighter("a2", board.parse("3,3"))
    b = fighter("b1", board.parse("4,3"), wounds=30)
    state = activate(combat_state(board, [a, friend, b]), "a1")
    state.groups["a"] = [Group("triple", 2, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    spots = {x[2] for x in state.legal_actions() if x[1] == "a2"}
    assert spots and all(board.cell_of(p)[0] in (0, 6) or board.cell_of(p)[1] in (0, 5) for p in spots)
    events = state.apply(("place-at", "a2", board.parse("0,5")), ScriptedDice())
    assert friend.pos == board.parse("0,5") and events[0]["ability"] == "Mask of Darkness"


def test_desecration_counts_as_one_more_fighter_for_control_until_the_round_ends():
    """Desecration [double]: only after the last action, within 1 hex of an objective without one
    of your tokens: place a token; it counts as one more of your fighters there for control; it
    is removed at the end of the battle round."""
    board = open_board()
    objective = board.parse("3,2")
    a = user("a1", board.parse("2,2"), "Desecration")
    b = fighter("b1", board.parse("4,2"))
    state = activate(once_each(combat_state(board, [a, b], objectives=[objective], rounds=1)), "a1")
    state.groups["a"] = [Group("double", 5, 2)]
    assert not any(x[0] == "ability" for x in state.legal_actions())  # not before the last action
    state.activation.made = 2
    state.apply(("ability", 0, 0), ScriptedDice())
    events = state.apply(("objective", objective), ScriptedDice())
    assert {"round": 1, "action": "control", "cell": "3,2", "side": "a"} in events  # 1 + token against 1
    state.apply(("activate", "b1"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    assert state.tokens == [] and state.ended  # gone at the end of the round


def test_ravaging_advance_is_a_bonus_move():
    """Ravaging Advance [triple]: this fighter makes a bonus move action (not one of its actions)."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Ravaging Advance", move=3)
    b = fighter("b1", board.parse("8,5"))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 4, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("bonus-move", board.parse("3,2")), ScriptedDice())
    assert a.pos == board.parse("3,2") and state.activation.actions_left == 2


# ---- The Cinder Oath ----------------------------------------------------------------------------


def test_fan_the_embers_adds_one_damage_to_each_critical_of_range_1_weapons():
    """Fan the Embers [double]: until the end of its activation, its Range 1 weapons deal 1 more
    damage on each critical hit (the Range 3 weapon is unchanged)."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Fan the Embers", weapons=((0, 1, 2, 4, 2, 4), (0, 3, 2, 4, 1, 3)))
    b = fighter("b1", board.parse("3,2"), wounds=40)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 2, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    events = state.apply(("attack", "b1", 0), ScriptedDice(6, 6))
    assert events[0]["damage"] == 2 * (4 + 1) and events[0]["modifiers"] == {"dmg_crit": 1}
    assert state.weapon_now(a, a.weapons[1])[0]["dmg_crit"] == 3


def test_ash_veil_blocks_sight_through_a_hex_until_the_end_of_the_round():
    """Ash Veil [double, mystic]: pick a hex within 3 hexes: until the end of the round, no line
    of sight passes through it. The archer behind it can no longer see its target."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Ash Veil")
    archer = fighter("b1", board.parse("4,2"), weapons=((2, 6, 2, 4, 1, 3),))
    state = activate(once_each(combat_state(board, [a, archer], rounds=2)), "a1")
    state.groups["a"] = [Group("double", 1, 2)]
    assert state.can_see(archer.pos, a.pos)
    state.apply(("ability", 0, 0), ScriptedDice())
    veil = board.parse("2,2")
    assert ("hex", veil) in state.legal_actions() and ("hex", board.parse("5,2")) not in state.legal_actions()
    state.apply(("hex", veil), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    assert not state.can_see(archer.pos, a.pos) and state.can_see(archer.pos, veil)  # a line into it is not through it
    state.apply(("activate", "b1"), ScriptedDice())
    assert not any(x[0] == "attack" for x in state.legal_actions())
    state.apply(("wait",), ScriptedDice(*([1, 2, 3, 4, 5, 6] * 2)))  # the round ends; round 2's dice
    assert state.veils == [] and state.can_see(archer.pos, a.pos)


def test_keep_the_oath_counts_as_two_fighters_until_its_players_next_turn():
    """Keep the Oath [double]: after its last action, next to an objective: until your next turn
    this fighter counts as two fighters for controlling that objective. Against two enemies it
    keeps the objective through their turn, and loses it once its own next turn has passed."""
    board = open_board()
    objective = board.parse("3,2")
    a = user("a1", board.parse("2,2"), "Keep the Oath")
    friend = fighter("a2", board.parse("0,5"))
    b1, b2 = fighter("b1", board.parse("4,2")), fighter("b2", board.parse("3,3"))
    state = activate(once_each(combat_state(board, [a, friend, b1, b2], objectives=[objective])), "a1")
    state.control[objective] = "a"
    state.groups["a"] = [Group("double", 3, 2)]
    state.activation.made = 2
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("objective", objective), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    assert state.control[objective] == "a"  # 2 against 2: the holder keeps it
    state.apply(("activate", "a2"), ScriptedDice())  # a's next turn: the oath is over
    assert a.oath is None
    state.apply(("wait",), ScriptedDice())
    assert state.control[objective] == "b"  # 1 against 2


def test_pyre_leap_places_the_fighter_within_3_then_a_bonus_attack():
    """Pyre Leap [triple, hero]: place this fighter in an empty hex within 3 hexes, then it makes
    a bonus attack action (a placement, not a move: over fighters and blocked hexes alike)."""
    board = open_board(width=9, blocked=["1,2", "1,1", "1,3"])
    a = user("a1", board.parse("0,2"), "Pyre Leap", weapons=((0, 1, 3, 4, 1, 3),))
    b = fighter("b1", board.parse("4,2"), wounds=30)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 4, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    spots = {x[2] for x in state.legal_actions()}
    assert board.parse("3,2") in spots and all(board.distance(board.parse("0,2"), p) <= 3 for p in spots)
    assert not spots & {board.parse(c) for c in ("1,2", "1,1", "1,3")}
    state.apply(("place-at", "a1", board.parse("3,2")), ScriptedDice())
    events = state.apply(("bonus-attack", "b1", 0), ScriptedDice(4, 4, 4))
    assert events[0]["bonus"] is True and state.activation.actions_left == 2


# ---- Hollowmere Stalkers ---------------------------------------------------------------------------


def test_ensnare_stops_an_adjacent_enemy_disengaging_until_the_end_of_its_next_activation():
    """Ensnare [double]: an enemy next to this fighter cannot make a disengage action until the
    end of its next activation."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Ensnare")
    b = fighter("b1", board.parse("3,2"))
    state = activate(once_each(combat_state(board, [a, b], rounds=2)), "a1")
    state.groups["a"] = [Group("double", 6, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("target", "b1"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    assert not any(x[0] == "disengage" for x in state.legal_actions())
    state.apply(("wait",), ScriptedDice(*([1, 2, 3, 4, 5, 6] * 2)))
    assert not b.snared  # its next activation is over


def test_slip_through_the_reeds_is_a_bonus_disengage_that_may_end_next_to_an_enemy():
    """Slip Through the Reeds [double, scout]: a bonus disengage action, even if that leaves it
    next to an enemy fighter (here every hex around it is next to an enemy)."""
    board = open_board()
    a = user("a1", board.parse("3,2"), "Slip Through the Reeds")
    b1, b2 = fighter("b1", board.parse("3,1")), fighter("b2", board.parse("3,3"))
    state = activate(combat_state(board, [a, b1, b2]), "a1")
    state.groups["a"] = [Group("double", 1, 2)]
    assert not any(x[0] == "disengage" for x in state.legal_actions())  # no hex free of enemies
    state.apply(("ability", 0, 0), ScriptedDice())
    steps = [x for x in state.legal_actions() if x[0] == "bonus-disengage"]
    assert steps
    state.apply(steps[0], ScriptedDice())
    assert a.pos == steps[0][1] and state.activation.actions_left == 2


def test_reel_in_pushes_an_enemy_towards_this_fighter_until_adjacent():
    """Reel In [triple, hero]: a visible enemy within 3 hexes is pushed one hex towards this
    fighter as many times as the value allows, stopping when it is adjacent."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Reel In")
    b = fighter("b1", board.parse("3,2"))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 5, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("target", "b1"), ScriptedDice())
    while state.activation.steps:
        pushes = state.legal_actions()
        assert all(board.distance(a.pos, x[2]) < board.distance(a.pos, b.pos) for x in pushes)
        state.apply(pushes[0], ScriptedDice())
    assert board.distance(a.pos, b.pos) == 1  # two pushes of the five the value allows


def test_crushing_shell_makes_critical_hits_deal_hit_damage_until_the_round_ends():
    """Crushing Shell [triple, brute]: until the end of the battle round, critical hits against
    this fighter deal the hit damage instead."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Crushing Shell", wounds=30)
    b = fighter("b1", board.parse("3,2"), weapons=((0, 1, 4, 4, 2, 6),))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 3, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    events = state.apply(("attack", "a1", 0), ScriptedDice(6, 6, 4, 1))
    assert events[0]["damage"] == 3 * 2 and events[0]["crit_shield"] is True


# ---- The Gilded Ruin ----------------------------------------------------------------------------


def test_riposte_stance_deals_1_damage_to_each_attacker_until_its_next_activation():
    """Riposte Stance [double, elite]: until this fighter's next activation, each time an enemy
    fighter finishes an attack action against it, deal 1 damage to that enemy."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Riposte Stance", wounds=30)
    b = fighter("b1", board.parse("3,2"), wounds=10)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 2, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    events = state.apply(("attack", "a1", 0), ScriptedDice(1, 1, 1, 1))
    assert b.damage == 1 and events[-1] == {"round": 1, "action": "damage", "side": "b", "fighter": "b1",
                                             "damage": 1, "why": "Riposte Stance", "by": "a1"}
    state.apply(("attack", "a1", 0), ScriptedDice(1, 1, 1, 1))
    assert b.damage == 2  # each attack action


def test_bribe_the_fates_rerolls_up_to_two_dice_of_the_next_attack():
    """Bribe the Fates [double]: re-roll up to two of the dice in this fighter's next attack
    action this activation (the player picks which after seeing them)."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Bribe the Fates", weapons=((0, 1, 4, 4, 1, 3),))
    b = fighter("b1", board.parse("3,2"), wounds=30)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 4, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    assert state.apply(("attack", "b1", 0), ScriptedDice(1, 2, 6, 4)) == []  # waiting for the choice
    choices = state.legal_actions()
    assert ("reroll", ()) in choices and ("reroll", (0, 1)) in choices
    assert all(len(x[1]) <= 2 for x in choices)
    events = state.apply(("reroll", (0, 1)), ScriptedDice(5, 6))
    assert events[0]["rolls"] == [5, 6, 6, 4] and events[0]["first_rolls"] == [1, 2, 6, 4]
    assert (events[0]["hits"], events[0]["crits"]) == (2, 2)
    events = state.apply(("attack", "b1", 0), ScriptedDice(1, 1, 1, 1))  # only the next attack: no choice now
    assert events[0]["action"] == "attack" and "first_rolls" not in events[0]


def test_hold_the_vault_reduces_the_next_damage_by_the_value():
    """Hold the Vault [triple, bulwark]: until the end of the battle round, reduce the next damage
    this fighter suffers by the value (to no less than 0)."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Hold the Vault", wounds=30)
    b = fighter("b1", board.parse("3,2"), weapons=((0, 1, 4, 4, 2, 4),))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 4, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    events = state.apply(("attack", "a1", 0), ScriptedDice(4, 4, 4, 1))  # 6 damage, 4 warded
    assert a.damage == 2 and events[0]["warded"] == 4
    state.apply(("attack", "a1", 0), ScriptedDice(4, 4, 4, 1))
    assert a.damage == 8  # only the next damage


def test_golden_volley_adds_the_value_in_inches_to_the_ranged_weapons_range():
    """Golden Volley [triple, scout]: add the value to the maximum Range of this fighter's ranged
    weapon until the end of its activation. A triple of 6s: 6" is 3 hexes more."""
    board = open_board(width=13)
    a = user("a1", board.parse("0,2"), "Golden Volley", weapons=((2, 6, 2, 3, 1, 3), (0, 1, 2, 3, 1, 3)))
    b = fighter("b1", board.parse("8,2"))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 6, 3)]
    assert not any(x[0] == "attack" for x in state.legal_actions())  # 8 hexes, the sling reaches 6
    state.apply(("ability", 0, 0), ScriptedDice())
    assert ("attack", "b1", 0) in state.legal_actions()
    assert state.weapon_now(a, a.weapons[1])[0]["max_range"] == 1  # the knife is not ranged


def test_crown_of_avarice_adds_an_attack_to_friends_melee_weapons_within_6():
    """Crown of Avarice [quad, hero]: every friendly fighter within 6" adds 1 to the Attacks of its
    melee weapons until the end of the battle round."""
    board = open_board(width=9)
    hero = user("a1", board.parse("1,2"), "Crown of Avarice")
    near = fighter("a2", board.parse("3,2"))
    far = fighter("a3", board.parse("8,5"))
    b = fighter("b1", board.parse("6,0"))
    state = activate(once_each(combat_state(board, [hero, near, far, b], rounds=1)), "a1")
    state.groups["a"] = [Group("quad", 2, 4)]
    state.apply(("ability", 0, 0), ScriptedDice())
    attacks = {f.id: state.weapon_now(f, f.weapons[0])[0]["attacks"] for f in (hero, near, far)}
    assert attacks == {"a1": 5, "a2": 5, "a3": 4}


# ---- Marrowfen Raiders --------------------------------------------------------------------------


def test_sink_into_the_mire_takes_1_strength_off_ranged_attacks_until_its_next_activation():
    """Sink Into the Mire [double]: until this fighter's next activation, enemy ranged attack
    actions against it subtract 1 from their Strength (melee attacks are unchanged)."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Sink Into the Mire", toughness=4, wounds=30)
    b = fighter("b1", board.parse("3,2"), weapons=((2, 6, 3, 4, 1, 3),))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 2, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    events = state.apply(("attack", "a1", 0), ScriptedDice(4, 4, 5))  # Strength 3 against 4: 5+
    assert events[0]["hits"] == 1 and events[0]["modifiers"] == {"strength": -1}


def test_drag_under_halves_an_adjacent_enemys_move_until_the_end_of_its_next_activation():
    """Drag Under [double, warrior]: an enemy within 1" has its Move halved (rounding up) until the
    end of its next activation."""
    board = open_board()
    a = user("a1", board.parse("2,2"), "Drag Under")
    b = fighter("b1", board.parse("3,2"), move=5)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("double", 1, 2)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("target", "b1"), ScriptedDice())
    assert state.move_of(b) == 3
    state.apply(("wait",), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    assert not b.slowed and state.move_of(b) == 5


def test_swamp_hex_deals_the_value_to_a_visible_enemy_within_8():
    """Swamp Hex [triple, mystic]: a visible enemy within 8" (4 hexes) takes damage equal to the value."""
    board = open_board()
    a = user("a1", board.parse("0,2"), "Swamp Hex")
    b = fighter("b1", board.parse("4,2"), wounds=20)
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("triple", 5, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    assert state.legal_actions() == [("target", "b1")]
    events = state.apply(("target", "b1"), ScriptedDice())
    assert b.damage == 5 and events[0] == {"round": 1, "action": "damage", "side": "b", "fighter": "b1",
                                           "damage": 5, "why": "Swamp Hex", "by": "a1"}


def test_trampling_charge_moves_then_deals_2_damage_to_each_enemy_next_to_it():
    """Trampling Charge [triple, brute]: a bonus move, then 2 damage to each enemy within 1"."""
    board = open_board(width=9)
    a = user("a1", board.parse("0,2"), "Trampling Charge", move=4)
    b1, b2 = fighter("b1", board.parse("4,2")), fighter("b2", board.parse("4,3"))
    far = fighter("b3", board.parse("8,5"))
    state = activate(combat_state(board, [a, b1, b2, far]), "a1")
    state.groups["a"] = [Group("triple", 3, 3)]
    state.apply(("ability", 0, 0), ScriptedDice())
    state.apply(("bonus-move", board.parse("3,2")), ScriptedDice())
    assert (b1.damage, b2.damage, far.damage) == (2, 2, 0)


def test_rise_of_the_drowned_returns_a_fen_reaver_with_half_its_wounds():
    """Rise of the Drowned [quad, hero]: a friendly Fen Reaver taken down this battle returns within
    3" (2 hexes) of this fighter with damage equal to half its Wounds; it is a raised fighter, so it
    cannot activate in this battle round."""
    board = open_board()
    hero = user("a1", board.parse("2,2"), "Rise of the Drowned")
    reaver = fighter("a2", board.parse("0,0"), wounds=10)
    reaver.name = "Fen Reaver"
    reaver.where, reaver.pos, reaver.damage = "down", None, 12
    b = fighter("b1", board.parse("6,5"))
    state = activate(combat_state(board, [hero, reaver, b]), "a1")
    state.activations["a"].taken_down("a2")
    state.groups["a"] = [Group("quad", 3, 4)]
    state.apply(("ability", 0, 0), ScriptedDice())
    spots = {x[2] for x in state.legal_actions()}
    assert spots and all(board.distance(hero.pos, p) <= 2 for p in spots)
    events = state.apply(("place-at", "a2", board.parse("2,3")), ScriptedDice())
    assert reaver.on and reaver.damage == 5 and events[0]["raised"] is True
    assert not state.activations["a"].can_activate("a2")


# ---- whose abilities, and dice ------------------------------------------------------------------------


def test_bladeborn_fighters_use_their_cards_abilities_and_warcry_fighters_the_universal_ones_too():
    """Bladeborn: the abilities a fighter can use are listed on its warband's ability card. Warcry:
    there are also five universal abilities any warband may use."""
    system, cinder = load_roster(CARDS["bladeborn"][0])
    _, gilded = load_roster(CARDS["warcry"][0])
    bb = system.make_battle(cinder, cinder, {"twist": "none"}).rules["fighters"]
    names = {a.name for f in bb for a in f.abilities}
    assert names == {"Fan the Embers", "Ash Veil", "Keep the Oath", "Pyre Leap"}
    from generator.systems import get_system

    wc = get_system("warcry").make_battle(gilded, gilded, {"twist": "none"}).rules["fighters"]
    orsa = {a.name for a in wc[0].abilities}
    assert {"Rush", "Onslaught", "Respite", "Inspiring Presence", "Rampage", "Crown of Avarice"} <= orsa


def test_a_bladeborn_warband_without_its_own_card_plays_its_factions_shipped_card(tmp_path):
    """Khagra's Ravagers' ability card belongs to every Ravagers warband (faction ``ravagers``)."""
    _, cinder = load_roster(CARDS["bladeborn"][0])
    band = cinder.model_copy(update={"faction": "ravagers", "ability_card": None, "fighters": [
        f.model_copy(update={"faction": "ravagers"}) for f in cinder.fighters]})
    from generator.systems import get_system

    fighters = get_system("bladeborn").make_battle(band, cinder, {"twist": "none"}).rules["fighters"]
    assert {a.name for a in fighters[0].abilities} >= {"Imbued with Dark Power", "Desecration", "Mask of Darkness"}


def test_warcry_rolls_make_quads_where_bladeborn_splits_them():
    """Warcry: four or more dice of one score are a quad. Bladeborn: four of a kind are two doubles."""
    from generator.systems.bladeborn import mechanics
    from generator.systems.warcry.mechanics import group_ability_dice

    assert group_ability_dice([4, 4, 4, 4, 2, 3]).groups == (Group("quad", 4, 4),)
    assert mechanics.ability_dice_choices([4, 4, 4, 4, 2, 3])[0].groups == (Group("double", 4, 2), Group("double", 4, 2))


def test_a_quad_pays_for_a_triple_and_all_its_dice_are_spent():
    """A quad may pay for a triple or a double ability; if it does, all of its dice are discarded."""
    board = open_board()
    a = user("a1", board.parse("0,0"), "Respite", wounds=20)
    a.damage = 6
    b = fighter("b1", board.parse("6,5"))
    state = activate(combat_state(board, [a, b]), "a1")
    state.groups["a"] = [Group("quad", 3, 5)]
    events = state.apply(("ability", 0, 0), ScriptedDice())
    assert events[0]["dice"] == [3, 3, 3, 3, 3] and state.groups["a"] == [] and a.damage == 3


def test_six_of_a_kind_is_divided_by_its_player():
    """Four or more of a kind: six dice of one score may be three doubles or two triples, the
    player's choice (the book lets them)."""
    board = open_board()
    a, b = fighter("a1", board.parse("0,0")), fighter("b1", board.parse("6,5"))
    state = combat_state(board, [a, b])
    events = state._hero_phase(ScriptedDice(2, 2, 2, 2, 2, 2, 1, 2, 3, 4, 5, 6))
    assert state.phase == "split" and state.decider == "a" and events[0]["groups"] == "to be divided by its player"
    assert state.legal_actions() == [("split", 0), ("split", 1)]
    events = state.apply(("split", 1), ScriptedDice())
    assert state.groups["a"] == [Group("triple", 2, 3), Group("triple", 2, 3)]
    assert events[0]["action"] == "split" and state.phase == "first"


def test_a_flavour_ability_loads_is_never_played_and_is_counted_as_not_simulated(tmp_path):
    """An ability marked flavour (printed, never played) loads; any other ability needs an effect."""
    from generator.systems.bladeborn.battle import abilities_not_simulated
    from generator.systems.warcry.models import Ability

    _, cinder = load_roster(CARDS["bladeborn"][0])
    card = cinder.ability_card.model_copy(update={"abilities": list(cinder.ability_card.abilities) + [
        Ability.model_validate({"name": "Old Song", "cost": "double", "text": "They sing.", "flavour": True})]})
    band = cinder.model_copy(update={"ability_card": card})
    assert abilities_not_simulated(band, "bladeborn") == 1
    from generator.systems import get_system

    fighters = get_system("bladeborn").make_battle(band, cinder, {"twist": "none"}).rules["fighters"]
    assert "Old Song" not in {a.name for f in fighters for a in f.abilities}
    with pytest.raises(ValueError, match="effect"):
        Ability.model_validate({"name": "Old Song", "cost": "double", "text": "They sing."})


def test_the_balance_report_counts_the_abilities_it_does_not_simulate():
    """A flavour-only ability is never played, and the verdict says so: "1 ability not simulated"."""
    from generator.balance.matchup import play_verdict
    from generator.balance.sequential import Plan
    from generator.dice.rng import Rng
    from generator.systems.warcry.models import Ability

    system, cinder = load_roster(CARDS["bladeborn"][0])
    card = cinder.ability_card.model_copy(update={"abilities": list(cinder.ability_card.abilities) + [
        Ability.model_validate({"name": "Old Song", "cost": "double", "text": "They sing.", "flavour": True})]})
    band = cinder.model_copy(update={"ability_card": card})
    verdict = play_verdict(system, band, cinder, {"twist": "none"}, Rng(1), Plan(max_battles=2, look_every=2))
    assert any("1 ability not simulated" in line for line in verdict.lines())
    assert verdict.to_json()["abilities_not_simulated"] == [1, 0]
