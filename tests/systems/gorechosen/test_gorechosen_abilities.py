"""Every ability printed on the example champions and in the random builder's tables, and the
Action deck's Special actions, played through the engine: each does what its card says.

Each test reads like the card: the docstring gives the card's words, the test sets the
fighters where the card's situation puts them and scripts the dice.
"""

from __future__ import annotations

import pytest
from test_gorechosen_game import NE, NW, SE, Dice, N, S, act, hex_from, kinds

from generator.content import load_file
from generator.resources import content_dir
from generator.systems.gorechosen import arcs, data
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.game import make_battle, scene
from generator.systems.gorechosen.models import Champion

CARDS3 = ["Stalk", "Fall Back", "Blood Rage"]
UNIQUE = ("unique", ("Fall Back", "Stalk"))  # the first two of CARDS3, as the engine sorts them


def _roster(name: str):
    return load_file(content_dir() / "gorechosen" / name).model.champions


CHAMPIONS = {c.name.split()[0]: c for f in ("champions.yaml", "example_brass_pit.yaml", "example_cinder_arena.yaml")
             for c in _roster(f)}


def champ(name: str) -> Champion:
    return CHAMPIONS[name]


def built(action: str | None = None, rule: str | None = None, fate: int | None = None, base: str = "Tark") -> Champion:
    """``base`` with an ability of the random builder's tables in place of its own."""
    tables = data.builder_tables()
    update = {}
    if action:
        update["unique_action"] = next(a for a in tables.unique_actions if a.name == action)
    if rule:
        update["unique_rule"] = next(r for r in tables.unique_rules if r.name == rule)
    if fate is not None:
        update["fate_of_the_slain"], update["fate"] = tables.fates[fate].text, tables.fates[fate].fate
    return champ(base).model_copy(update=update)


def face_off(a, b, hands=None, a_at=("4,6", N), b_at=("4,5", S), **kw):
    """``a`` (A) and ``b`` (B) in a duel; by default ``b`` straight in front of ``a``, facing it."""
    battle = make_battle([a if isinstance(a, Champion) else champ(a)], [b if isinstance(b, Champion) else champ(b)], kw)
    return scene(battle, Dice(), {"a1": a_at, "b1": b_at}, hands=hands or {"a1": list(CARDS3), "b1": []})


def criticals(state, *names):
    state.pile._pile = [next(c for c in data.critical_deck().cards if c.name == n) for n in names]


def near_death(state, fid):
    """One wound from slain: every space but the bottom covered."""
    h = state.by_id[fid].health
    state.by_id[fid].health = m.Health(h.length, h.length, h.length - 1)


def give(state, fid, *names):
    cards = {c.name: c for c in state.deck.cards}
    state.by_id[fid].hand = [cards[n] for n in names]


def probe():
    return scene(make_battle([champ("Tark")], [champ("Tark")], {}), Dice(), {})


# -- Ushrak the Unbowed ---------------------------------------------------------------------------


def test_stand_firm_ignores_the_first_two_hits_of_every_attack_until_ushraks_next_turn():
    """Stand Firm: until your next turn, ignore the first two hits of every attack against you."""
    state = face_off("Ushrak", "Tark", hands={"a1": list(CARDS3), "b1": ["Bloody Advance", "Hurl Aside"]})
    state.play_turn("a1")
    act(state, UNIQUE + (None,))
    ushrak = state.by_id["a1"]
    assert ushrak.ward == 2
    state.play_turn("b1")
    act(state, ("attack", "Bloody Advance", "a1"), Dice(5, 5, 5))  # three hits, two ignored: 3 wounds
    assert ushrak.health.position == 4
    state.play_turn("b1")
    events = act(state, ("attack", "Hurl Aside", "a1"), Dice(5, 5, 1))  # two hits, both ignored
    assert ushrak.health.position == 4 and "damage" not in kinds(events)
    assert not any(e["action"] == "wrath" and "seethes" in e["why"] for e in events)  # they were hits
    state.play_turn("a1")  # his next turn: the stance ends
    assert ushrak.ward == 0


def test_unbowed_cannot_be_pushed_and_suffers_one_wound_instead():
    """Unbowed: a push that would move you, or tip you towards a pit, leaves you in place for one
    wound; against something solid the push does what it always does (D3)."""
    p = probe()
    cases = [((hex_from(p, "4,6", S), N), ("4,6", S), None, 1),
             ((hex_from(p, hex_from(p, "6,3", NW), NW), SE), (hex_from(p, "6,3", NW), N), None, 1),
             (("4,6", N), ("4,5", S), 5, 3)]  # into the obstruction: D3 of a 5
    for pusher, victim, roll, wounds in cases:
        state = face_off("Tark", "Ushrak", hands={"a1": ["Hurl Aside"], "b1": ["Stalk"]}, a_at=pusher, b_at=victim)
        state.play_turn("a1")
        events = act(state, ("special", "Hurl Aside", "b1"), Dice(*([roll] if roll else [])))
        assert state.is_terminal()  # no pit decision
        assert state.board.label(state.by_id["b1"].pos) == victim[0]
        assert state.by_id["b1"].health.position == 1 + wounds
        assert next(e for e in events if e["action"] == "push").get("held") is (None if roll else True)


# -- Vhorla Chainmaw ------------------------------------------------------------------------------


def test_drag_close_pulls_a_fighter_two_hexes_away_one_hex_closer():
    """Drag Close: a fighter two hexes away on a line through her front arc is pulled one hex
    towards her; one off those lines cannot be picked."""
    p = probe()
    for line in (N, NE, NW):
        far, near = hex_from(p, "6,6", line, line), hex_from(p, "6,6", line)
        state = face_off("Vhorla", "Tark", a_at=("6,6", N), b_at=(far, S))
        state.play_turn("a1")
        assert UNIQUE + ("b1",) in state.legal_actions()
        act(state, UNIQUE + ("b1",))
        assert state.board.label(state.by_id["b1"].pos) == near and state.by_id["b1"].facing == S
    state = face_off("Vhorla", "Tark", a_at=("6,6", N), b_at=(hex_from(p, "6,6", N, NE), S))
    state.play_turn("a1")
    assert not any(a[0] == "unique" for a in state.legal_actions())


def test_drag_close_across_a_pit_is_a_push_towards_the_pit():
    """A pull is a push towards Vhorla: with the pit between them the victim rolls and may fall."""
    p = probe()
    state = face_off("Vhorla", "Tark", a_at=(hex_from(p, "6,3", N), S), b_at=(hex_from(p, "6,3", S), N),
                     hands={"a1": list(CARDS3), "b1": ["Stalk"]})
    state.play_turn("a1")
    act(state, UNIQUE + ("b1",), Dice(1))
    assert state.pending.kind == "pit" and state.pending.info["roll"] == 1
    act(state, ("pit", ("Stalk",)), Dice(2))  # 1 + 1 card = 2: falls
    assert not state.by_id["b1"].alive


def test_hooked_chain_a_wounded_fighter_cannot_dodge_her_next_attack_this_round():
    """Hooked Chain: a fighter you wound cannot Dodge your next attack this round."""
    state = face_off("Vhorla", "Tark", hands={"a1": ["Bloody Advance", "Fall Back", "Measured Step"],
                                              "b1": ["Circle the Foe", "Measured Step", "Stalk"]})
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 5, 1))
    assert {a[1] for a in state.legal_actions() if a[0] == "defend"} == {"Circle the Foe", "Measured Step"}
    act(state, ("take",))  # wounded: hooked
    state.play_turn("a1")
    act(state, ("attack", "Fall Back", "b1"), Dice(5, 5, 1))
    assert {a[1] for a in state.legal_actions() if a[0] == "defend"} == {"Measured Step"}  # no Dodge
    act(state, ("take",))
    state._end_round()  # the hook lasts until the end of the round
    assert state.by_id["a1"].hooked is None


# -- Grosk Emberhide ------------------------------------------------------------------------------


def test_whirling_burn_attacks_every_fighter_in_his_kill_zone():
    """Whirling Burn: a two-dice attack against every fighter in your kill zone."""
    battle = make_battle([champ("Grosk"), champ("Tark")], [champ("Vexnar"), champ("Kore")], {"variant": "2v2"})
    p = probe()
    state = scene(battle, Dice(), {"a1": ("6,6", N), "a2": ("2,2", S), "b1": ("6,5", S), "b2": (hex_from(p, "6,6", SE), NW)},
                  hands={"a1": list(CARDS3), "a2": [], "b1": [], "b2": []})
    state.play_turn("a1")
    events = act(state, UNIQUE + (None,), Dice(1, 1, 1, 1))
    attacks = [e for e in events if e["action"] == "attack"]
    assert [e["target"] for e in attacks] == ["b1", "b2"] and all(e["dice"] == 2 for e in attacks)


def test_ember_hide_burns_an_adjacent_attacker_who_wounds_him():
    """Ember Hide: a fighter whose attack wounds you from an adjacent hex suffers one wound."""
    state = face_off("Tark", "Grosk", hands={"a1": ["Bloody Advance"], "b1": []})
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    assert state.by_id["a1"].health.position == 2 and any(e.get("name") == "Ember Hide" for e in events)
    # two hexes away (Fexgor's ball and chain): the hide does not reach
    state = face_off("Fexgor", "Grosk", hands={"a1": ["Bloody Advance"], "b1": []}, a_at=("6,6", N), b_at=("6,4", S))
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    assert state.by_id["a1"].health.position == 1 and state.by_id["b1"].health.position == 3


def test_grosks_fate_makes_the_hexes_around_him_obstructions_until_the_end_of_the_round():
    """His hide smoulders on: the hexes around him count as obstructions until the end of the round."""
    state = face_off("Tark", "Grosk", hands={"a1": ["Bloody Advance", "Stalk"], "b1": []}, a_at=("6,7", N), b_at=("6,6", S))
    near_death(state, "b1")
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 2))  # slain; the slayer's D3
    ring = {state.board.label(h) for h in arcs.neighbours(state.board.parse("6,6")) if not state.board.blocked(h)}
    assert set(next(e for e in events if e["action"] == "obstruct")["cells"]) == ring
    state.play_turn("a1")
    ends = {state.board.label(a[2]) for a in state.legal_actions() if a[0] == "move"}
    assert "6,6" in ends  # the hex he fell on is open; the ring around it is not
    assert not ends & (ring - {"6,7"})  # Tark stands on 6,7 (in the ring): he may stay, not come back
    state._end_round()
    assert state.round_obstructions == ()


# -- Sekra the Quick ------------------------------------------------------------------------------


def test_blur_of_blades_moves_two_hexes_then_attacks_with_five_dice():
    """Blur of Blades: move up to two hexes, choose your facing, then attack with five dice."""
    p = probe()
    target = hex_from(p, "6,7", N, N, N)
    state = face_off("Sekra", "Tark", a_at=("6,7", S), b_at=(target, S))
    state.play_turn("a1")
    assert not any(a[0] == "attack" for a in state.legal_actions())  # out of reach from where she stands
    dest = state.board.parse(hex_from(p, "6,7", N, N))
    action = UNIQUE + ((dest, N, "b1"),)
    assert action in state.legal_actions()
    criticals(state, "Broken Spirit")
    events = act(state, action, Dice(2, 2, 2, 1, 1))
    attack = next(e for e in events if e["action"] == "attack")
    assert kinds(events).index("move") < kinds(events).index("attack")
    assert attack["dice"] == 5 and attack["hits"] == 3  # 2+ for 2: six wounds
    assert state.by_id["b1"].health == m.take_wounds(m.Health(5), 6).health


def test_quick_her_dodge_ignores_one_more_hit():
    """Quick: your Dodge cards ignore one more hit than they say (three instead of two)."""
    state = face_off("Tark", "Sekra", hands={"a1": ["Bloody Advance"], "b1": ["Circle the Foe"]})
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 5, 5))
    events = act(state, ("defend", "Circle the Foe"))
    assert next(e for e in events if e["action"] == "defend")["cancelled"] == 3
    assert state.by_id["b1"].health.position == 1


def test_sekras_killer_discards_two_action_cards():
    """Her killer is left shaken and discards two Action cards at random."""
    state = face_off("Tark", "Sekra", hands={"a1": ["Bloody Advance", "Stalk", "Fall Back", "Blood Rage"], "b1": []})
    near_death(state, "b1")
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 2))
    assert len(state.by_id["a1"].hand) == 1


# -- Maug Longhaft --------------------------------------------------------------------------------


def test_brace_wounds_a_fighter_moving_into_his_front_arc_until_his_next_turn():
    """Brace: until your next turn, a fighter that moves into your front arc suffers D3 wounds."""
    state = face_off("Maug", "Tark", a_at=("6,7", N), b_at=("6,4", S), hands={"a1": list(CARDS3), "b1": ["Bloody Advance", "Stalk"]})
    state.play_turn("a1")
    act(state, UNIQUE + (None,))
    state.play_turn("b1")
    act(state, ("move", "Bloody Advance", state.board.parse("6,6"), S), Dice(5))  # into his front arc: D3 = 3
    assert state.by_id["b1"].health.position == 4
    state.play_turn("a1")  # Maug's next turn: no longer braced
    assert not state.by_id["a1"].brace
    # a move that never enters the front arc costs nothing
    state = face_off("Maug", "Tark", a_at=("6,7", N), b_at=("6,4", S), hands={"a1": list(CARDS3), "b1": ["Stalk"]})
    state.play_turn("a1")
    act(state, UNIQUE + (None,))
    state.play_turn("b1")
    act(state, ("move", "Stalk", state.board.parse("6,5"), S))  # forward, two hexes short of his arc
    assert state.by_id["b1"].health.position == 1


def test_long_haft_a_fighter_two_hexes_away_cannot_parry():
    """Long Haft: fighters two hexes away cannot Parry your attacks (adjacent ones can)."""
    for where, parry in (("6,4", False), ("6,5", True)):
        state = face_off("Maug", "Tark", a_at=("6,6", N), b_at=(where, S),
                         hands={"a1": ["Bloody Advance"], "b1": ["Measured Step", "Fall Back"]})
        state.play_turn("a1")
        act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 5, 5))
        offered = {a[1] for a in state.legal_actions() if a[0] == "defend"}
        assert ("Measured Step" in offered) is parry and "Fall Back" in offered


def test_maugs_haft_leaves_two_obstructions_straight_in_front_of_him_for_the_rest_of_the_fight():
    """The haft topples: the two hexes straight in front of him become obstructions."""
    state = face_off("Tark", "Maug", a_at=("6,7", N), b_at=("6,6", N), hands={"a1": ["Bloody Advance", "Stalk"], "b1": []})
    near_death(state, "b1")
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 2))
    assert [state.board.label(h) for h in state.obstructions] == ["6,5", "6,4"]
    state._end_round()
    assert state.obstructions  # for the rest of the fight
    give(state, "a1", "Stalk")
    state.play_turn("a1")
    ends = {state.board.label(a[2]) for a in state.legal_actions() if a[0] == "move"}
    assert "6,6" in ends and not {"6,5", "6,4"} & ends
    assert state.push_destination_kind(state.board.parse("6,5")) == "blocked"


# -- Irkhaz Twice-Scarred -------------------------------------------------------------------------


def test_scar_fury_raises_wrath_then_attacks_with_three_dice():
    """Scar-Fury: move your Wrath token up one space and make a three-dice attack."""
    state = face_off("Irkhaz", "Tark")
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    events = act(state, UNIQUE + ("b1",), Dice(4, 1, 1))
    assert kinds(events).index("wrath") < kinds(events).index("attack")
    attack = next(e for e in events if e["action"] == "attack")
    assert attack["dice"] == 3 and attack["to_hit"] == 4 and state.by_id["a1"].wrath == before + 1
    assert state.by_id["b1"].health.position == 3


def test_pain_feeds_him_his_wounded_side_is_the_stronger_one():
    """Pain Feeds Him: no rule beyond his numbers, and those hit on 3+ once he is Wounded."""
    irkhaz = champ("Irkhaz")
    assert irkhaz.unique_rule.kind == "none" and not irkhaz.not_simulated
    state = face_off("Irkhaz", "Tark")
    state.by_id["a1"].health = m.take_wounds(state.by_id["a1"].health, 5).health  # first marker: Wounded
    assert state.by_id["a1"].wounded and state.by_id["a1"].profile_against(state.by_id["b1"].pos).to_hit == 3


def test_irkhazs_killer_loses_two_wrath():
    """He laughs as he dies: the fighter who slew him moves their Wrath token down two spaces."""
    state = face_off("Tark", "Irkhaz", hands={"a1": ["Bloody Advance"], "b1": []})
    near_death(state, "b1")
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 1))  # slain; D3 of a 1 = 1
    assert state.by_id["a1"].wrath == before + 1 - 2


# -- Throm Cinderjaw ------------------------------------------------------------------------------


def test_cinder_breath_strikes_two_hexes_straight_ahead_at_four_up_for_two():
    """Cinder Breath: a fighter up to two hexes straight ahead, three dice at 4+ for 2 wounds a hit,
    whatever the kill zone says; a fighter off that line cannot be picked."""
    state = face_off("Throm", "Tark", a_at=("6,6", N), b_at=("6,4", S))
    state.play_turn("a1")
    events = act(state, UNIQUE + ("b1",), Dice(4, 1, 1))
    attack = next(e for e in events if e["action"] == "attack")
    assert (attack["dice"], attack["to_hit"], attack["wounds_per_hit"]) == (3, 4, 2)
    assert state.by_id["b1"].health.position == 3
    p = probe()
    state = face_off("Throm", "Tark", a_at=("6,6", N), b_at=(hex_from(p, "6,6", N, NE), S))
    state.play_turn("a1")
    assert any(a[0] == "attack" for a in state.legal_actions())  # his far band reaches it
    assert not any(a[0] == "unique" for a in state.legal_actions())  # his breath does not


def test_smoulder_an_attack_with_no_hits_raises_wrath_one_extra_space():
    """Smoulder: whenever an attack of yours scores no hits, move your Wrath up one extra space."""
    state = face_off("Throm", "Tark", hands={"a1": ["Bloody Advance"], "b1": []})
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(1, 1, 1))
    assert state.by_id["a1"].wrath == before + 2


def test_throms_ash_makes_every_fighter_discard_a_card():
    """Ash drifts over the pit: every fighter discards one Action card at random."""
    battle = make_battle([champ("Tark"), champ("Kore")], [champ("Throm"), champ("Vexnar")], {"variant": "2v2"})
    state = scene(battle, Dice(), {"a1": ("4,6", N), "a2": ("2,2", S), "b1": ("4,5", S), "b2": ("7,5", S)},
                  hands={"a1": ["Bloody Advance", "Stalk"], "a2": ["Stalk", "Stalk"], "b1": [], "b2": ["Stalk"]})
    near_death(state, "b1")
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 1))
    assert [len(state.by_id[f].hand) for f in ("a1", "a2", "b2")] == [0, 1, 0]


# -- Yelva Bloodwhisper ---------------------------------------------------------------------------


def test_whisper_of_blood_drops_a_fighter_within_three_hexes_two_wrath():
    """Whisper of Blood: a fighter within three hexes moves their Wrath token down two spaces."""
    state = face_off("Yelva", "Tark", a_at=("6,7", N), b_at=("6,4", S))
    before = state.by_id["b1"].wrath
    state.play_turn("a1")
    act(state, UNIQUE + ("b1",))
    assert state.by_id["b1"].wrath == before - 2
    state = face_off("Yelva", "Tark", a_at=("6,7", N), b_at=("2,1", S))  # far out of reach
    state.play_turn("a1")
    assert not any(a[0] == "unique" for a in state.legal_actions())


def test_bloodwhisper_a_fighter_in_her_kill_zone_has_no_unique_action():
    """Bloodwhisper: fighters in your kill zone cannot take their Unique action."""
    # Atorg's Portal of Skulls needs no target, so only Bloodwhisper can take it away
    state = face_off("Yelva", "Atorg", hands={"a1": [], "b1": list(CARDS3)})
    state.play_turn("b1")
    assert not any(a[0] == "unique" for a in state.legal_actions())
    state = face_off("Yelva", "Atorg", hands={"a1": [], "b1": list(CARDS3)}, a_at=("6,7", N), b_at=("2,1", S))
    state.play_turn("b1")
    assert any(a[0] == "unique" for a in state.legal_actions())


def test_yelvas_killer_cannot_gain_wrath_until_the_end_of_the_round():
    """Her last whisper: the fighter who slew her cannot gain Wrath until the end of the round."""
    state = face_off("Tark", "Yelva", hands={"a1": ["Bloody Advance", "Fall Back"], "b1": []})
    near_death(state, "b1")
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 1))  # the slayer's D3 comes before her Fate
    tark = state.by_id["a1"]
    after_kill = tark.wrath
    assert tark.wrath_lock
    state._wrath(tark, 1, "no hits: seethes")
    assert tark.wrath == after_kill
    state._end_round()
    state._wrath(tark, 1, "no hits: seethes")
    assert tark.wrath == after_kill + 1


# -- the random builder's unique actions ----------------------------------------------------------


def test_furious_lunge_steps_ahead_then_attacks_with_four_dice():
    """Furious Lunge: step one hex straight ahead (if it is open), then attack with four dice."""
    p = probe()
    state = face_off(built(action="Furious Lunge", base="Vexnar"), "Tark", a_at=("6,6", N), b_at=(hex_from(p, "6,6", N, N), S))
    state.play_turn("a1")
    assert not any(a[0] == "attack" for a in state.legal_actions())
    criticals(state, "Broken Spirit")
    events = act(state, UNIQUE + ("b1",), Dice(5, 1, 1, 1))
    assert state.board.label(state.by_id["a1"].pos) == hex_from(p, "6,6", N)
    attack = next(e for e in events if e["action"] == "attack")
    assert attack["dice"] == 4 and state.by_id["b1"].health.covered == 1  # Vexnar 3+ for 4: one hit, 4 wounds


def test_bellow_of_rage_raises_wrath_two_spaces():
    """Bellow of Rage: move your Wrath token up two spaces."""
    state = face_off(built(action="Bellow of Rage"), "Tark")
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, UNIQUE + (None,))
    assert state.by_id["a1"].wrath == before + 2


def test_hurled_blade_reaches_three_hexes_along_the_front_arcs_lines_at_four_up_for_two():
    """Hurled Blade: up to three hexes away on a line through your front arc, two dice at 4+ for 2."""
    p = probe()
    state = face_off(built(action="Hurled Blade"), "Vexnar", a_at=("6,7", N), b_at=(hex_from(p, "6,7", NW, NW, NW), S))
    state.play_turn("a1")
    events = act(state, UNIQUE + ("b1",), Dice(4, 1))
    attack = next(e for e in events if e["action"] == "attack")
    assert (attack["dice"], attack["to_hit"], attack["wounds_per_hit"]) == (2, 4, 2)
    assert state.by_id["b1"].health.position == 3


def test_savage_shove_pushes_two_hexes_one_at_a_time():
    """Savage Shove: an adjacent fighter is pushed two hexes straight away, one hex at a time; a
    solid hex on the way stops them there with D3 wounds."""
    state = face_off(built(action="Savage Shove"), "Vexnar", a_at=("6,7", N), b_at=("6,6", S))
    state.play_turn("a1")
    act(state, UNIQUE + ("b1",))
    assert state.board.label(state.by_id["b1"].pos) == "6,4"
    state = face_off(built(action="Savage Shove"), "Vexnar", a_at=("4,7", N), b_at=("4,6", S))
    state.play_turn("a1")
    act(state, UNIQUE + ("b1",), Dice(3))  # 4,6 -> 4,5, then the obstruction: D3 of a 3 = 2
    assert state.board.label(state.by_id["b1"].pos) == "4,5" and state.by_id["b1"].health.position == 3


# -- the random builder's unique rules ------------------------------------------------------------


def test_thick_hide_ignores_the_first_wound_of_every_attack():
    """Thick Hide: the first wound of every attack against you is ignored."""
    state = face_off("Tark", built(rule="Thick Hide", base="Vexnar"), hands={"a1": ["Bloody Advance"], "b1": []})
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    assert state.by_id["b1"].health.position == 1 + 2


def test_bloodscent_wrath_rises_when_a_fighter_within_two_hexes_places_an_injury_marker():
    """Bloodscent: whenever another fighter within two hexes places an Injury marker, Wrath +1."""
    state = face_off(built(rule="Bloodscent", base="Vexnar"), "Tark", hands={"a1": ["Bloody Advance"], "b1": []})
    criticals(state, "Broken Spirit")
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))  # 4 wounds: one Injury marker
    assert any(e["action"] == "wrath" and e["why"] == "Bloodscent" for e in events)
    assert state.by_id["a1"].wrath == before + 1


def test_relentless_move_actions_go_one_hex_further():
    """Relentless: your Move actions may move one extra hex (a Sidestep is not a Move action)."""
    state = face_off(built(rule="Relentless"), "Vexnar", a_at=("6,7", N), b_at=("2,1", S), hands={"a1": ["Measured Step"], "b1": []})
    state.play_turn("a1")
    far = max(state.board.distance(state.by_id["a1"].pos, a[2]) for a in state.legal_actions() if a[0] == "move")
    assert far == 2  # Measured Step moves one hex


def test_trophy_taker_each_injury_marker_costs_a_random_card():
    """Trophy Taker: whenever your attack makes a fighter place an Injury marker, they discard a card."""
    state = face_off(built(rule="Trophy Taker"), "Vexnar", hands={"a1": ["Bloody Advance"], "b1": ["Stalk", "Blood Rage"]})
    criticals(state, "Broken Spirit")
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 5, 1))  # 6 wounds on a 5-space track: one marker
    assert len(state.by_id["b1"].hand) == 1


# -- Fates of the Slain: the builder's and the book's ---------------------------------------------


@pytest.mark.parametrize("fate, check", [
    (0, lambda s, before: s.by_id["a1"].wrath == before["wrath"] + 1 - 1),     # the crowd roars: slayer -1 (after D3 = 1)
    (1, lambda s, before: len(s.by_id["a1"].hand) == before["hand"] - 1),      # a last curse: slayer discards one
    (2, lambda s, before: [s.board.label(h) for h in s.obstructions] == ["4,5"]),  # blood soaks the sand
    (3, lambda s, before: s.by_id["a1"].wrath == before["wrath"] + 1 + 1),     # the Blood God: everyone +1
])
def test_the_builders_fates(fate, check):
    state = face_off("Tark", built(fate=fate, base="Vexnar"), hands={"a1": ["Bloody Advance", "Stalk", "Fall Back"], "b1": []})
    near_death(state, "b1")
    state.play_turn("a1")
    before = {"wrath": state.by_id["a1"].wrath, "hand": 2}
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 1))
    assert not state.by_id["b1"].alive and check(state, before)


@pytest.mark.parametrize("dead, dice, check", [
    ("Redarg", (5, 6, 5, 5), lambda s: s.by_id["a1"].health.position == 4),  # 5+: the slayer suffers D3 (a 5: 3)
    ("Redarg", (5, 6, 4), lambda s: s.by_id["a1"].health.position == 1),   # a 4: nothing
    ("Heldrax", (5, 6), lambda s: s.by_id["a1"].wrath == 2 + 3 - 1),        # the most Wrath loses one
    ("Tark", (5, 1), lambda s: s.by_id["a1"].hand == []),                   # the slayer discards one
    ("Fexgor", (5, 1), lambda s: s.by_id["a1"].wrath == 2 + 1 + 1),         # the slayer gains one more
    ("Atorg", (5, 1, 4), lambda s: s.by_id["a1"].health.position == 2),     # within 2: a wound on 4+
    ("Atorg", (5, 1, 3), lambda s: s.by_id["a1"].health.position == 1),
])
def test_the_book_champions_fates(dead, dice, check):
    state = face_off("Tark", dead, hands={"a1": ["Bloody Advance", "Stalk"], "b1": []})
    near_death(state, "b1")
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(dice[0], 1, 1, *dice[1:]))
    assert not state.by_id["b1"].alive and check(state)


def test_hagreths_spear_wounds_the_first_fighter_to_end_a_move_next_to_it():
    """Hagreth's spear stays in the sand: the first fighter to end a move next to it suffers a wound."""
    battle = make_battle([champ("Tark"), champ("Kore")], [champ("Hagreth"), champ("Vexnar")], {"variant": "2v2"})
    state = scene(battle, Dice(), {"a1": ("4,6", N), "a2": ("2,2", S), "b1": ("4,5", S), "b2": ("7,5", S)},
                  hands={"a1": ["Bloody Advance", "Circle the Foe"], "a2": [], "b1": [], "b2": []})
    near_death(state, "b1")
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1, 1))
    state.play_turn("a1")
    act(state, ("move", "Circle the Foe", state.board.parse("5,5"), N))  # next to 4,5, where Hagreth fell
    assert state.by_id["a1"].health.position == 2 and state.spear is None


# -- the Action deck's Special actions --------------------------------------------------------------


def test_taunt_turns_a_fighter_within_two_hexes_to_face_you():
    """Taunt: pick a fighter within two hexes; they turn to face you."""
    state = face_off("Tark", "Vexnar", hands={"a1": ["Gore Fountain"], "b1": []}, a_at=("6,6", N), b_at=("6,4", N))
    state.play_turn("a1")
    act(state, ("special", "Gore Fountain", "b1"))
    assert state.by_id["b1"].facing == S


def test_sidestep_moves_one_hex_and_faces_any_way():
    """Sidestep: move one hex and face any way you like."""
    state = face_off("Tark", "Vexnar", hands={"a1": ["Stalk"], "b1": []}, a_at=("6,6", N), b_at=("2,1", S))
    state.play_turn("a1")
    steps = [a for a in state.legal_actions() if a[0] == "special"]
    assert {state.board.distance(state.by_id["a1"].pos, a[2][0]) for a in steps} == {0, 1}
    assert {a[2][1] for a in steps} == set(range(6))
    events = act(state, ("special", "Stalk", (state.board.parse("6,5"), SE)))
    assert state.board.label(state.by_id["a1"].pos) == "6,5" and state.by_id["a1"].facing == SE
    assert any(e.get("name") == "Sidestep" for e in events)


def test_roar_raises_wrath_one_space():
    """Roar: bellow your fury at the crowd (Wrath modifier +1); nothing else happens."""
    state = face_off("Tark", "Vexnar", hands={"a1": ["Blood Rage"], "b1": []})
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("special", "Blood Rage", None))
    assert state.by_id["a1"].wrath == before + 1


# -- one Impale card per attack ---------------------------------------------------------------------


def test_impale_adds_one_critical_injury_card_per_attack_not_per_batch():
    """Impale: if your attack causes an opponent to draw any Critical Injury cards, they draw one
    extra -- once for the attack, though a Crippling Blow's card and the wounds' markers are drawn
    at different moments."""
    state = face_off("Hagreth", "Tark", hands={"a1": ["Skull Splitter"], "b1": []})
    criticals(state, "Broken Spirit", "Reeling", "Broken Spirit", "Reeling", "Broken Spirit")
    state.by_id["b1"].health = m.Health(5, 3, 0)
    state.play_turn("a1")
    events = act(state, ("attack", "Skull Splitter", "b1"), Dice(6, 1, 1))  # a 6: Crippling Blow; 3 wounds: one marker
    assert len([e for e in events if e["action"] == "critical"]) == 1 + 1 + 1  # crippling, Impale's one, the marker
    assert len([e for e in events if e.get("name") == "Impale"]) == 1


def test_a_move_unique_action_moves_up_to_its_hexes_and_faces_any_way():
    """A Unique action of kind move (no shipped card prints one; a roster's own may): up to
    ``hexes`` hexes, any facing, through no fighter, pit or obstruction."""
    from generator.systems.gorechosen.models import UniqueAction

    dash = UniqueAction(name="Dash", kind="move", params={"hexes": 3}, text="Move up to three hexes; face any way.")
    state = face_off(champ("Tark").model_copy(update={"unique_action": dash}), "Vexnar", a_at=("6,7", N), b_at=("2,1", S))
    state.play_turn("a1")
    ends = {a[2] for a in state.legal_actions() if a[0] == "unique"}
    assert max(state.board.distance(state.by_id["a1"].pos, d) for d, _ in ends) == 3
    assert all(not state.board.blocked(d) for d, _ in ends)
    act(state, UNIQUE + ((state.board.parse("6,4"), SE),))
    assert state.board.label(state.by_id["a1"].pos) == "6,4" and state.by_id["a1"].facing == SE
