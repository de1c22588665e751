"""The five universal abilities and raised fighters, applied to fighters in play."""


import pytest
import yaml

from generator.errors import SkirmishError
from generator.resources import content_dir
from generator.systems.warcry.abilities import (
    EFFECTS,
    BonusAction,
    FighterState,
    inspiring_presence,
    onslaught,
    raise_fighter,
    rampage,
    respite,
    rush,
)
from generator.systems.warcry.mechanics import Modifier, group_ability_dice
from generator.systems.warcry.models import AbilityTable, Fighter

SWORD = {"attacks": 3, "strength": 4, "dmg_hit": 1, "dmg_crit": 4, "max_range": 1}
BOW = {"attacks": 2, "strength": 3, "dmg_hit": 1, "dmg_crit": 3, "min_range": 3, "max_range": 15}


def fighter(**over):
    data = dict(name="Test", runemarks=["hero"], movement=4, toughness=4, wounds=15, weapons=[SWORD, BOW])
    data.update(over)
    return Fighter.model_validate(data)


def test_content_names_an_effect_for_each_universal_ability():
    data = yaml.safe_load((content_dir() / "warcry" / "universal-abilities.yaml").read_text())
    table = AbilityTable.model_validate({k: v for k, v in data.items() if k not in ("system", "kind")})
    assert [(a.name, a.cost) for a in table.abilities] == [
        ("Rush", "double"), ("Onslaught", "double"), ("Respite", "triple"),
        ("Inspiring Presence", "triple"), ("Rampage", "quad"),
    ]
    assert {a.effect for a in table.abilities} == set(EFFECTS)
    assert table.abilities[3].runemarks == ["hero"]


def test_rush_adds_one_move_until_the_activation_ends():
    state = FighterState(fighter())
    rush(state, 3)
    assert state.movement == 5
    state.end_activation()
    assert state.movement == 4


def test_rush_respects_the_order_of_modifiers():
    # A halving from an enemy ability and Rush: halve 4 -> 2 first, then +1.
    state = FighterState(fighter())
    rush(state, 2)
    state.modifiers.add("movement", Modifier("divide", 2, "a slowing curse"))
    assert state.movement == 3


def test_onslaught_adds_one_attack_to_melee_weapons_only():
    state = FighterState(fighter())
    onslaught(state, 1)
    sword, bow = state.fighter.weapons
    assert state.attacks(sword) == 4
    assert state.attacks(bow) == 2


def test_respite_removes_damage_equal_to_its_value_but_not_near_enemies():
    state = FighterState(fighter(), damage=7)
    assert respite(state, 5, nearest_enemy=3.0) == 5
    assert state.damage == 2
    assert respite(state, 6) == 2 and state.damage == 0  # never below zero
    with pytest.raises(SkirmishError, match="within 1"):
        respite(state, 4, nearest_enemy=0.5)


def test_inspiring_presence_needs_a_visible_unactivated_friend_within_6():
    hero, friend = FighterState(fighter()), FighterState(fighter(name="Friend"))
    assert inspiring_presence(hero, 4, friend, distance=5.5) is friend
    with pytest.raises(SkirmishError, match="within 6"):
        inspiring_presence(hero, 4, friend, distance=6.5)
    friend.activated = True
    with pytest.raises(SkirmishError, match="already activated"):
        inspiring_presence(hero, 4, friend, distance=2)


def test_rampage_moves_up_to_its_value_then_attacks():
    roll = group_ability_dice([4, 4, 4, 4, 1, 2])
    value = roll.groups[0].value
    assert rampage(FighterState(fighter()), value) == [BonusAction("move", 4), BonusAction("attack")]


def test_damage_takes_a_fighter_down_at_its_wounds():
    state = FighterState(fighter())
    state.take_damage(14)
    assert not state.taken_down
    state.take_damage(1)
    assert state.taken_down
    with pytest.raises(SkirmishError):
        state.take_damage(-1)


def test_raised_fighters_sit_out_the_phase_and_count_as_taken_down_afterwards():
    state = FighterState(fighter(), damage=15, taken_down=True)
    rush(state, 1)
    raised = raise_fighter(state, damage=10)
    assert not raised.taken_down and raised.damage == 10
    assert not raised.can_activate and not raised.can_use_abilities and not raised.can_react
    assert raised.movement == 4  # effects from before it fell are gone
    assert not raised.can_use_traits_and_artefacts
    raised.set_up_this_phase = False  # a later combat phase
    assert raised.can_activate
    assert raised.counts_as_taken_down_after_battle
    with pytest.raises(SkirmishError, match="has not been taken down"):
        raise_fighter(raised)
