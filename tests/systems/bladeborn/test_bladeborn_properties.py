"""Invariants of Bladeborn's ability dice and damage."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.systems.bladeborn.mechanics import ability_dice_choices, remove_damage_tokens, token_faces

rolls = st.lists(st.integers(1, 6), min_size=0, max_size=6)


@settings(max_examples=200)
@given(rolls)
def test_every_division_keeps_every_dice_and_leaves_no_single_from_a_group(faces):
    counts = Counter(faces)
    for division in ability_dice_choices(faces):
        assert division.faces() == sorted(faces)
        assert all(counts[s] == 1 for s in division.singles)
        assert all(g.dice in (2, 3) for g in division.groups)


@settings(max_examples=100)
@given(st.integers(0, 60), st.integers(0, 60))
def test_damage_tokens_never_negative_and_faces_add_up(tokens, removed):
    assert remove_damage_tokens(tokens, removed) >= 0
    assert sum(token_faces(tokens)) == tokens
