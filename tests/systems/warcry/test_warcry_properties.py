"""Invariants: grouping keeps every dice, modifier order does not matter, damage never negative."""

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.systems.warcry.abilities import FighterState
from generator.systems.warcry.mechanics import Modifier, apply_modifiers, group_ability_dice, pay
from generator.systems.warcry.models import Fighter

faces = st.lists(st.integers(1, 6), min_size=0, max_size=8)
modifiers = st.lists(
    st.builds(
        Modifier,
        operation=st.sampled_from(["divide", "multiply", "add", "subtract"]),
        amount=st.integers(1, 4),
    ),
    max_size=6,
)


@settings(max_examples=200)
@given(faces)
def test_grouping_never_loses_or_invents_dice(rolled):
    roll = group_ability_dice(rolled)
    assert roll.faces() == sorted(rolled)
    assert all(g.dice >= 2 for g in roll.groups) and len(set(roll.singles)) == len(roll.singles)


@settings(max_examples=100)
@given(faces, st.data())
def test_paying_removes_exactly_the_group_used(rolled, data):
    roll = group_ability_dice(rolled)
    if roll.groups:
        group = data.draw(st.sampled_from(roll.groups))
        left = pay(roll, "double", group)
        assert sorted(left.faces() + group.faces()) == sorted(rolled)


@settings(max_examples=200)
@given(st.integers(0, 20), modifiers, st.randoms(use_true_random=False))
def test_modifier_order_is_independent_of_the_order_abilities_were_used(base, mods, random):
    shuffled = list(mods)
    random.shuffle(shuffled)
    assert apply_modifiers(base, mods) == apply_modifiers(base, shuffled) >= 0


@settings(max_examples=100)
@given(st.lists(st.integers(0, 12), max_size=6), st.lists(st.integers(-3, 12), max_size=6))
def test_damage_never_negative(hits, heals):
    state = FighterState(
        Fighter(name="x", movement=4, toughness=4, wounds=20,
                weapons=[{"attacks": 2, "strength": 3, "dmg_hit": 1, "dmg_crit": 2, "max_range": 1}])
    )
    for hit, heal in zip(hits, heals):
        state.take_damage(hit)
        state.heal(heal)
        assert state.damage >= 0
