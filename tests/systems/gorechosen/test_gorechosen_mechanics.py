"""The rulebook's examples and rules, one test each, with the book's numbers."""

from collections import Counter

import pytest

from generator.dice.rng import Rng
from generator.systems.gorechosen import data
from generator.systems.gorechosen import arcs
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.models import Profile


def champ(name):
    return next(c for c in data.book_champions().champions if c.name == name)


TRACK = data.wrath_track()
SE, N, NW = 0, 2, 3  # facings on the flat-topped arena (arcs.FACING_NAMES)


# -- D3 ------------------------------------------------------------------------------------

def test_d3_is_a_dice_halved_rounding_up():
    assert [m.d3_from_d6(f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    rng = Rng(5)
    assert Counter(m.roll_d3(rng) for _ in range(300)).keys() <= {1, 2, 3}


# -- wrath track and initiative ------------------------------------------------------------

def test_everyone_starts_on_the_same_space_and_puts_in_three_initiative_cards():
    """Fig. 4: everyone starts in the same place, so the first round takes 3 cards each."""
    assert m.initiative_count(TRACK, TRACK.start) == 3
    deck = m.build_initiative_deck(TRACK, {"Red": TRACK.start, "Blue": TRACK.start}, Rng(1))
    assert Counter(deck) == {"Red": 3, "Blue": 3}


def test_initiative_cards_never_exceed_the_four_a_player_owns():
    top = len(TRACK.spaces) - 1
    assert TRACK.spaces[top] > 4
    assert m.initiative_count(TRACK, top) == 4
    assert m.initiative_count(TRACK, 0) == TRACK.spaces[0]


def test_initiative_deck_is_shuffled_from_the_seed():
    spaces = {"Red": 3, "Blue": 1, "Green": 0}
    assert m.build_initiative_deck(TRACK, spaces, Rng(9)) == m.build_initiative_deck(TRACK, spaces, Rng(9))
    single = m.build_initiative_deck(TRACK, {"Red": 2, "Blue": 2}, Rng(9), neutral=1)
    assert single.count("neutral") == 1 and len(single) == 7


def test_wrath_cannot_move_off_either_end():
    """At the bottom, a -1 Wrath modifier leaves the token where it is; the action still happens."""
    assert m.apply_wrath_modifier(TRACK, 0, -1) == 0
    top = len(TRACK.spaces) - 1
    assert m.move_wrath(TRACK, top, 2) == top
    assert m.apply_wrath_modifier(TRACK, TRACK.start, -2) == TRACK.start - 2


def test_wrath_modifier_is_applied_before_the_action():
    """A -1 attack at the start space leaves 2 Wrath: two Initiative cards next round."""
    card = next(c for c in data.action_deck().cards if c.attack.wrath == -1)
    space = m.apply_wrath_modifier(TRACK, TRACK.start, card.attack.wrath)
    assert m.initiative_count(TRACK, space) == 2


# -- facing and kill zones ------------------------------------------------------------------

def test_vexnar_kill_zone_is_his_front_arc_whatever_his_facing():
    """Fig. 5: Vexnar can target the three hexes of his front arc."""
    vexnar = champ("Vexnar the Reaper")
    for facing in range(6):
        zone = m.kill_zone(vexnar.healthy, (2, 3), facing)
        assert set(zone) == set(arcs.front_arc((2, 3), facing))


def test_kore_hits_more_easily_further_away():
    """Fig. 6: Kore's anvil is unwieldy; a fighter two hexes ahead is easier to hit."""
    kore = champ("Kore Hammerskull")
    near = m.profile_against(kore, False, (0, 0), N, (0, -1))
    far = m.profile_against(kore, False, (0, 0), N, (0, -2))
    assert far.to_hit < near.to_hit


def test_kill_zone_turns_with_facing():
    kore = champ("Kore Hammerskull")
    # Facing SE (0, axial (1, 0)): straight ahead two hexes is (2, 0).
    assert m.profile_against(kore, False, (0, 0), SE, (2, 0)) is not None
    assert m.profile_against(kore, False, (0, 0), SE, (0, -2)) is None


def test_attacking_through_a_fighter():
    """A zone past the front arc reaches a fighter behind a closer one; nothing blocks it."""
    heldrax = champ("Heldrax Goretouched")
    assert m.profile_against(heldrax, False, (0, 0), N, (0, -2)) is not None


def test_hagreth_kill_zone_narrows_when_wounded():
    hagreth = champ("Hagreth Doomhand")
    side = (0, 0)
    assert m.profile_against(hagreth, False, side, N, (1, -1)) is not None
    assert m.profile_against(hagreth, True, side, N, (1, -1)) is None
    # the book: his attack profiles stay the same when Wounded; only the zone narrows
    assert m.profile_against(hagreth, True, side, N, (0, -2)) == m.profile_against(hagreth, False, side, N, (0, -2))
    assert m.profile_against(hagreth, True, side, N, (0, -1)) == Profile(to_hit=3, wounds=3)
    assert hagreth.healthy.profiles == hagreth.wounded.profiles


def test_arcs_only_count_adjacent_hexes():
    assert m.in_front_arc((0, 0), N, (0, -1))
    assert not m.in_front_arc((0, 0), N, (0, -2))
    assert m.in_rear_arc((0, 0), N, (0, 1))


@pytest.mark.parametrize(
    "icon, expected",
    [("forward", SE), ("backward", NW), ("choose", 4)],
)
def test_facing_icons_after_a_move(icon, expected):
    """Fig. 7: forward faces the way you went; backward faces the hex you left; choose is free."""
    path = [(0, 0), (1, -1), (2, -1)]  # last step was SE (facing 0, axial (1, 0))
    assert m.facing_after_move(path, 0, icon, chosen=4) == expected


def test_forward_and_backward_icons_cannot_turn_a_fighter_that_did_not_move():
    assert m.facing_after_move([(3, 3)], 1, "forward") == 1
    assert m.facing_after_move([(3, 3)], 1, "backward") == 1
    assert m.facing_after_move([(3, 3)], 1, "choose", chosen="S") == 5


# -- attacks ---------------------------------------------------------------------------------

def test_tark_attack_three_dice_hits_on_three_plus_for_three_wounds_each():
    tark = champ("Tark Gruelgore")
    profile = m.profile_against(tark, False, (0, 0), 0, (0, -1))
    result = m.resolve_attack(3, profile, faces=[6, 3, 2])
    assert (result.hits, result.wounds, result.sixes, result.seethes) == (2, 6, 1, False)


def test_no_hits_makes_the_attacker_seethe():
    result = m.resolve_attack(3, Profile(to_hit=4, wounds=3), faces=[1, 2, 3])
    assert result.seethes and result.wounds == 0


def test_a_hit_taken_away_by_a_block_is_still_a_hit_so_no_seething():
    """The book: seething comes from scoring no hits; a Block played afterwards removes the
    wounds, not the hit that was scored."""
    faces, profile = [5, 1, 2], Profile(to_hit=4, wounds=3)
    result = m.resolve_attack(3, profile, faces=faces, cancel_hits=1)
    assert (result.hits, result.cancelled, result.wounds, result.seethes) == (1, 1, 0, False)
    action = next(c.attack for c in data.action_deck().cards if c.attack.dice == 3 and c.attack.wrath == 0)
    space, _ = m.attack_action(TRACK, TRACK.start, action, profile, faces=faces, cancel_hits=1)
    assert space == TRACK.start
    space, _ = m.attack_action(TRACK, TRACK.start, action, profile, faces=[1, 2, 3])
    assert space == TRACK.start + 1


def test_a_block_takes_away_one_hit_before_the_wounds():
    result = m.resolve_attack(4, Profile(to_hit=3, wounds=2), faces=[5, 5, 1, 3], cancel_hits=1)
    assert (result.hits, result.cancelled, result.wounds, result.seethes) == (3, 1, 4, False)


def test_crippling_blow_with_a_six():
    assert m.resolve_attack(2, Profile(to_hit=4, wounds=1), faces=[6, 1], crippling=True).crippling
    assert not m.resolve_attack(2, Profile(to_hit=4, wounds=1), faces=[5, 1], crippling=True).crippling


def test_sampled_attack_is_reproducible():
    p = Profile(to_hit=3, wounds=3)
    assert m.resolve_attack(5, p, Rng(3)) == m.resolve_attack(5, p, Rng(3))


def test_exact_odds_match_brute_force():
    """Expected wounds of 3 dice at 4+ for 3 wounds, by enumerating all 216 rolls."""
    from fractions import Fraction
    from itertools import product

    p = Profile(to_hit=4, wounds=3)
    total = sum(m.resolve_attack(3, p, faces=f).wounds for f in product(range(1, 7), repeat=3))
    assert m.attack_odds(3, p).expected_damage == Fraction(total, 216) == Fraction(9, 2)


# -- health track -----------------------------------------------------------------------------

def test_heldrax_suffers_six_wounds():
    """Fig. 8: the marker reaches the bottom, the top space is covered, one wound moves it to the
    new top and the last moves it down one more; one Critical Injury card is drawn."""
    heldrax = champ("Heldrax Goretouched")
    health = m.new_health(heldrax.health)
    outcome = m.take_wounds(health, 6)
    assert outcome.injuries == 1
    assert outcome.health.covered == 1
    assert outcome.health.top == 2
    assert outcome.health.position == outcome.health.top + 1
    assert not outcome.slain
    pile = m.CriticalPile(data.critical_deck().expanded(), Rng(8))
    assert len(pile.draw(outcome.injuries)) == 1


def test_four_wounds_take_heldrax_to_the_bottom_and_place_the_injury():
    outcome = m.take_wounds(m.new_health(champ("Heldrax Goretouched").health), 4)
    assert outcome.health.position == 5 and outcome.injuries == 1


def test_covering_the_bottom_space_slays():
    # A 5-space track absorbs 4 + 4 + 3 + 2 + 1 wounds.
    assert m.wounds_to_slay(5) == 14
    outcome = m.take_wounds(m.Health(5), 14)
    assert outcome.slain and outcome.injuries == 5
    assert not m.take_wounds(m.Health(5), 13).slain


def test_a_fighter_turns_wounded_when_a_wounded_box_is_covered():
    tark = champ("Tark Gruelgore")  # Wounded box 2 on a 5-space track
    health = m.take_wounds(m.new_health(tark.health), 7).health
    assert health.covered == 1 and not m.is_wounded(tark.health, health)
    health = m.take_wounds(health, 1).health
    assert health.covered == 2 and m.is_wounded(tark.health, health)
    assert m.wounds_until_wounded(tark.health) == 8


def test_a_marker_started_lower_reaches_the_bottom_sooner():
    """A handicap starts Tark's marker on space 3 of 5: two wounds take it to the bottom (the
    first Injury marker), Wounded two wounds sooner than the book's Tark, slain at 12 not 14."""
    tark = champ("Tark Gruelgore")
    track = tark.health.model_copy(update={"start": 3})
    health = m.new_health(track)
    assert health.position == 3
    outcome = m.take_wounds(health, 2)
    assert outcome.health.position == 5 and outcome.injuries == 1
    assert m.wounds_until_wounded(track) == 6 and m.track_wounds_to_slay(track) == 12
    assert m.take_wounds(health, 12).slain and not m.take_wounds(health, 11).slain


def test_cleave_moves_a_marker_off_the_space_being_covered():
    """Heldrax's Cleave: a marker at the top when an Injury marker goes there moves down one."""
    health = m.place_injury(m.Health(5))
    assert (health.covered, health.position) == (1, 2)


def test_feast_of_hearts_moves_the_marker_up_but_never_onto_a_covered_space():
    assert m.heal(m.Health(5, 4, 0), 2) == m.Health(5, 2, 0)
    assert m.heal(m.Health(5, 3, 1), 2) == m.Health(5, 2, 1)


def test_critical_pile_reshuffles_when_empty():
    cards = data.critical_deck().expanded()
    pile = m.CriticalPile(cards, Rng(2))
    drawn = pile.draw(12)
    assert Counter(c.name for c in drawn) == Counter(c.name for c in cards)
    assert len(pile.draw(3)) == 3


# -- pushing and death ----------------------------------------------------------------------

def test_push_moves_one_hex_straight_away():
    assert m.push_destination((0, 0), (0, -1)) == (0, -2)
    assert m.push_destination((0, 0), (0, -2), pusher_facing=N) == (0, -3)


@pytest.mark.parametrize("roll, wounds", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_push_into_a_wall_costs_d3_wounds(roll, wounds):
    result = m.resolve_push("blocked", roll=roll)
    assert (result.moved, result.wounds, result.slain) == (False, wounds, False)


@pytest.mark.parametrize("roll, discards, slain", [(3, 0, True), (4, 0, False), (1, 2, True), (1, 3, False), (2, 2, False)])
def test_pit_roll_four_or_more_stays(roll, discards, slain):
    result = m.resolve_push("pit", roll=roll, discards=discards)
    assert result.slain is slain and not result.moved
    assert result.total == roll + discards


def test_free_push_moves():
    assert m.resolve_push("free").moved


def test_slayer_moves_wrath_up_d3():
    assert m.slayer_gains(TRACK, TRACK.start, roll=5) == (TRACK.start + 3, 3)
    top = len(TRACK.spaces) - 1
    assert m.slayer_gains(TRACK, top, roll=6) == (top, 3)


# -- unique actions the book prints -----------------------------------------------------------

def test_scourge_discards_then_wounds():
    result = m.scourge([4, 5, 6, 1], hand_size=2)
    assert (result.discards, result.wounds) == (2, 1)


def test_portal_of_skulls():
    result = m.portal_of_skulls(TRACK, 0, 2, {"Tark": (2, 3), "Kore": (2, 5)})
    assert result.own_space == 2
    assert result.others["Tark"] == (3, 5, 0)
    assert result.others["Kore"] == (5, 2, 5)


def test_blood_bind_needs_the_targets_wrath_or_lower():
    assert m.blood_bind_succeeds(3, 3) and not m.blood_bind_succeeds(4, 3)


def test_an_attack_card_spends_wrath_first_then_seethes_on_no_hits():
    """Frenzy (-2 Wrath, 5 dice) from the starting space, all misses: 3 -> 1, then up one."""
    frenzy = next(c.attack for c in data.action_deck().cards if c.attack.name == "Frenzy")
    space, result = m.attack_action(TRACK, TRACK.start, frenzy, Profile(to_hit=4, wounds=2), faces=[1, 2, 3, 1, 2])
    assert result.seethes
    assert m.wrath_value(TRACK, space) == 2
    space, result = m.attack_action(TRACK, 0, frenzy, Profile(to_hit=4, wounds=2), faces=[6, 6, 1, 1, 1])
    assert space == 0 and result.wounds == 4
