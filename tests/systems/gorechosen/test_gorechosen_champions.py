"""Every champion's Unique action, unique rule and Fate of the Slain, played through the engine."""

from __future__ import annotations

from test_gorechosen_game import NW, SE, Dice, N, S, act, champ, hex_from, kinds

from generator.systems.gorechosen import data
from generator.systems.gorechosen.game import make_battle, scene

CARDS3 = ["Stalk", "Fall Back", "Blood Rage"]


def duel(a: str, b: str, **options):
    return make_battle([champ(a)], [champ(b)], options)


def facing_off(a: str, b: str, hands=None, **kw):
    """``a`` on 4,6 facing N; ``b`` straight in front on 4,5 facing S (towards the centre's obstruction)."""
    return scene(duel(a, b), Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)}, hands=hands or {"a1": list(CARDS3), "b1": []}, **kw)


def criticals(state, *names):
    state.pile._pile = [next(c for c in data.critical_deck().cards if c.name == n) for n in names]


# -- Redarg Bloodfane ----------------------------------------------------------------------------


def test_redarg_headsmans_stroke_is_four_dice_and_crippling():
    state = facing_off("Redarg", "Tark")
    criticals(state, "Broken Spirit")
    state.play_turn("a1")
    events = act(state, ("unique", ("Fall Back", "Stalk"), "b1"), Dice(6, 1, 1, 1))
    attack = next(e for e in events if e["action"] == "attack")
    assert attack["dice"] == 4 and attack["weapon"] == "Headsman's Stroke"
    assert any(e.get("name") == "Crippling Blow" for e in events) and "critical" in kinds(events)


def test_redarg_skullgouger_wounds_the_attacker_he_parries():
    state = facing_off("Tark", "Redarg", hands={"a1": ["Bloody Advance"], "b1": ["Measured Step"]})
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    act(state, ("defend", "Measured Step"))
    assert state.by_id["a1"].health.position == 2  # one wound for the hit he ignored


# -- Heldrax Goretouched -----------------------------------------------------------------------------


def test_heldrax_feast_of_hearts_heals_two_next_to_a_foe():
    state = facing_off("Heldrax", "Tark")
    heldrax = state.by_id["a1"]
    from generator.systems.gorechosen import mechanics as m

    heldrax.health = m.take_wounds(heldrax.health, 3).health  # marker on space 4
    state.play_turn("a1")
    act(state, ("unique", ("Fall Back", "Stalk"), None))
    assert heldrax.health.position == 2


# -- Vexnar the Reaper -----------------------------------------------------------------------------


def test_vexnar_reaping_sweep_attacks_every_enemy_in_his_zone():
    battle = make_battle([champ("Vexnar"), champ("Tark")], [champ("Kore"), champ("Atorg")], {"variant": "2v2"})
    probe = scene(battle, Dice(), {})
    state = scene(battle, Dice(), {"a1": ("6,6", N), "a2": ("2,2", S), "b1": ("6,5", S), "b2": (hex_from(probe, "6,6", NW), SE)},
                  hands={"a1": list(CARDS3), "a2": [], "b1": [], "b2": []})
    state.play_turn("a1")
    events = act(state, ("unique", ("Fall Back", "Stalk"), None), Dice(1, 1, 1, 1, 1, 1))
    assert [e["target"] for e in events if e["action"] == "attack"] == ["b1", "b2"]


def test_vexnar_killing_spree_raises_wrath_when_he_wounds():
    state = facing_off("Vexnar", "Atorg", hands={"a1": ["Bloody Advance"], "b1": []})
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    assert state.by_id["a1"].wrath == before + 1


# -- Kore Hammerskull ---------------------------------------------------------------------------------


def test_kore_anvil_blast_cannot_be_blocked():
    state = facing_off("Kore", "Tark", hands={"a1": list(CARDS3), "b1": ["Fall Back"]})
    state.play_turn("a1")
    act(state, ("unique", ("Fall Back", "Stalk"), "b1"), Dice(5, 5, 5))
    assert state.pending is None and state.by_id["b1"].hand  # no Block asked for


def test_kore_forge_of_war_and_the_slayers_d3():
    state = facing_off("Kore", "Vexnar", hands={"a1": ["Hurl Aside"], "b1": []})
    state.by_id["b1"].health = state.by_id["b1"].health.__class__(5, 5, 4)  # one wound from death
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("special", "Hurl Aside", "b1"), Dice(1, 1))  # into the obstruction: D3 = 1 wound; slayer's D3 = 1
    assert not state.by_id["b1"].alive
    assert state.by_id["a1"].wrath == min(6, before + 1 + 1 + 1)  # D3, Forge of War, Vexnar's Fate


# -- Tark Gruelgore -----------------------------------------------------------------------------------


def test_tark_blood_whip_discards_a_card_for_every_six():
    state = facing_off("Tark", "Vexnar", hands={"a1": ["Bloody Advance"], "b1": CARDS3})
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(6, 6, 1))
    act(state, ("take",))
    assert len(state.by_id["b1"].hand) == 1


# -- Fexgor the Flayer ----------------------------------------------------------------------------------


def test_fexgor_blood_bind_makes_the_enemy_act_as_he_chooses():
    state = facing_off("Fexgor", "Tark", hands={"a1": list(CARDS3), "b1": ["Hurl Aside"]})
    state.play_turn("a1")
    act(state, ("unique", ("Fall Back", "Stalk"), "b1"), Dice(2))  # 2 <= Tark's Wrath of 3
    assert state.pending.kind == "bind" and state.current_player() == "a"
    assert state.pending.fighter.id == "b1"
    act(state, ("move", "Hurl Aside", state.board.parse("4,5"), S))
    assert state.by_id["b1"].hand == []


def test_fexgor_prayers_of_wrath_after_five_wounds():
    state = facing_off("Fexgor", "Tark", hands={"a1": ["Bloody Advance"], "b1": []})
    criticals(state, "Broken Spirit")
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 5, 1))  # 2 hits at 3 wounds = 6
    assert state.by_id["a1"].wrath == before + 1


# -- Atorg Bloodbringer ----------------------------------------------------------------------------------


def test_atorg_portal_of_skulls():
    state = facing_off("Atorg", "Tark")
    before = state.by_id["b1"].wrath
    state.play_turn("a1")
    act(state, ("unique", ("Fall Back", "Stalk"), None), Dice(2, 3))
    assert state.by_id["a1"].wrath == 2 + 2 and state.by_id["b1"].wrath == before + 3
    state = facing_off("Atorg", "Tark")
    criticals(state, "Broken Spirit")
    state.play_turn("a1")
    act(state, ("unique", ("Fall Back", "Stalk"), None), Dice(1, 5))
    # five wounds on a fresh five-space track: four to the bottom, an Injury marker, one more
    assert (state.by_id["b1"].health.covered, state.by_id["b1"].health.position) == (1, 2)


def test_atorg_bloodwake_strikes_those_near_him_when_he_is_injured():
    state = facing_off("Tark", "Atorg", hands={"a1": ["Bloody Advance"], "b1": []})
    criticals(state, "Broken Spirit")
    state.by_id["b1"].health = state.by_id["b1"].health.__class__(6, 4, 0)
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 4, 6))
    assert any(e.get("name") == "Bloodwake" for e in events)
    # the Injury marker covered his Wounded box, so the Wounded Bloodwake: 4+, then D3 (a 6: 3)
    assert state.by_id["a1"].health.position == 4


# -- Hagreth Doomhand ---------------------------------------------------------------------------------


def test_hagreth_spear_rush_pushes_attacks_and_follows():
    state = facing_off("Hagreth", "Atorg", hands={"a1": CARDS3, "b1": []})
    state.by_id["b1"].pos = state.board.parse("6,5")
    state.by_id["a1"].pos = state.board.parse("6,6")
    state.play_turn("a1")
    act(state, ("unique", ("Fall Back", "Stalk"), "b1"), Dice(5, 1))
    assert state.board.label(state.by_id["b1"].pos) == "6,4"
    assert state.pending.kind == "follow"
    act(state, ("follow",))
    assert state.board.label(state.by_id["a1"].pos) == "6,5"


def test_hagreth_impale_draws_one_more_critical_injury():
    state = facing_off("Hagreth", "Tark", hands={"a1": ["Bloody Advance"], "b1": []})
    criticals(state, "Broken Spirit", "Reeling")
    state.by_id["b1"].health = state.by_id["b1"].health.__class__(5, 3, 0)
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    assert [e["card"] for e in events if e["action"] == "critical"] == ["Broken Spirit", "Reeling"]


# -- Fate of the Slain ------------------------------------------------------------------------------------


def test_hagreths_spear_wounds_the_first_to_end_a_move_beside_it():
    state = facing_off("Tark", "Hagreth", hands={"a1": ["Hurl Aside", "Stalk"], "b1": []})
    state.by_id["b1"].health = state.by_id["b1"].health.__class__(6, 6, 5)
    state.play_turn("a1")
    act(state, ("special", "Hurl Aside", "b1"), Dice(1, 1))  # into the obstruction: 1 wound slays
    assert state.spear == state.board.parse("4,5") and not state.by_id["b1"].alive


def test_kores_anvil_bursts_on_those_within_two_hexes():
    state = facing_off("Tark", "Kore", hands={"a1": ["Hurl Aside"], "b1": []})
    state.by_id["b1"].health = state.by_id["b1"].health.__class__(5, 5, 4)
    state.play_turn("a1")
    act(state, ("special", "Hurl Aside", "b1"), Dice(1, 1))
    assert state.by_id["a1"].health.position == 2
