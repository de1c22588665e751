"""The rulebook's worked examples, played through the battle engine in the book's arena.

Each test sets the fighters where the book's picture puts them (:func:`game.scene`), scripts
the dice, and lets the state resolve a turn exactly as a battle would.
"""

from __future__ import annotations

import pytest

from generator.systems.gorechosen import arcs, data
from generator.systems.gorechosen.game import make_battle, scene

N, NE, SE, S, SW, NW = 2, 1, 0, 5, 4, 3


class Dice:
    """Scripted dice: each ``die``/``dice`` takes the next faces; shuffles keep the order."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def die(self, sides: int) -> int:
        return self.faces.pop(0)

    def dice(self, count: int, sides: int) -> list[int]:
        return [self.faces.pop(0) for _ in range(count)]

    def integers(self, low: int, high: int) -> int:
        return low

    def shuffle(self, items):
        return items


def champ(name: str):
    return next(c for c in data.book_champions().champions if c.name.startswith(name))


def duel(a: str, b: str, **options):
    return make_battle([champ(a)], [champ(b)], options)


def hex_from(state, cell: str, *facings: int) -> str:
    """The label of the hex reached from ``cell`` by stepping in each facing in turn."""
    pos = state.board.parse(cell)
    for f in facings:
        pos = arcs.neighbour(pos, f)
    return state.board.label(pos)


def act(state, action, dice=None):
    return state.apply(action, dice or Dice())


def kinds(events):
    return [e["action"] for e in events]


# -- facing and kill zones (Fig. 3, 5, 6) ---------------------------------------------------


def test_vexnar_targets_the_three_hexes_of_his_front_arc():
    """Fig. 5: Vexnar's kill zone is his front arc; an enemy beside or behind him is safe."""
    battle = duel("Vexnar", "Tark")
    for where, can in [((N,), True), ((NE,), True), ((NW,), True), ((SE,), False), ((S,), False), ((N, N), False)]:
        probe = scene(battle, Dice(), {"a1": ("6,6", N), "b1": ("6,6", N)})
        target = hex_from(probe, "6,6", *where)
        state = scene(battle, Dice(), {"a1": ("6,6", N), "b1": (target, S)}, hands={"a1": ["Bloody Advance"]})
        state.play_turn("a1")
        attacks = [a for a in state.legal_actions() if a[0] == "attack"]
        assert bool(attacks) is can, where


def test_kore_hits_more_easily_two_hexes_away():
    """Fig. 6: Kore's anvil is unwieldy; the hex two ahead is his better band."""
    battle = duel("Kore", "Tark")
    kore = scene(battle, Dice(), {"a1": ("6,6", N), "b1": ("6,2", S)})
    near, far = kore.by_id["a1"].profile_against(kore.board.parse("6,5")), kore.by_id["a1"].profile_against(kore.board.parse("6,2"))
    assert far is None  # three ahead: out of reach
    two = kore.by_id["a1"].profile_against(kore.board.parse(hex_from(kore, "6,6", N, N)))
    assert two.to_hit < near.to_hit


def test_attacking_through_a_fighter():
    """Heldrax's zone reaches past his front arc: he strikes the fighter behind the closer one."""
    battle = make_battle([champ("Heldrax"), champ("Tark")], [champ("Vexnar"), champ("Kore")], {"variant": "2v2"})
    behind = hex_from(scene(battle, Dice(), {}), "6,6", N, N)
    state = scene(battle, Dice(), {"a1": ("6,6", N), "b1": ("6,5", S), "b2": (behind, S)},
                  hands={"a1": ["Bloody Advance"], "b1": [], "b2": []})
    state.play_turn("a1")
    assert ("attack", "Bloody Advance", "b2") in state.legal_actions()
    events = act(state, ("attack", "Bloody Advance", "b2"), Dice(1, 1, 1))
    attack = next(e for e in events if e["action"] == "attack")
    assert attack["past"] == ["6,5"]


# -- moving (Fig. 7) -----------------------------------------------------------------------------


def test_no_move_into_a_fighter_a_pit_or_the_obstruction():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,5", N), "b1": ("3,5", S)}, hands={"a1": ["Stalk"]})
    state.play_turn("a1")
    ends = {a[2] for a in state.legal_actions() if a[0] == "move"}
    board = state.board
    assert board.parse("4,4") not in ends  # the obstruction
    assert board.parse("3,5") not in ends  # the other fighter
    assert board.parse("2,5") not in ends  # a pit, two hexes away
    assert all(not board.blocked(p) for p in ends)


def test_facing_icons_after_a_move():
    """Forward faces the way you went; backward faces the hex you left; choose is free."""
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,1", S)},
                  hands={"a1": ["Bloody Advance", "Fall Back", "Circle the Foe", "Skull Splitter"]})
    state.play_turn("a1")
    actions = set(state.legal_actions())
    one_up = state.board.parse("4,5")
    assert ("move", "Bloody Advance", one_up, N) in actions  # forward
    assert ("move", "Bloody Advance", one_up, S) not in actions
    assert ("move", "Fall Back", one_up, S) in actions  # backward: faces the hex left
    assert all(("move", "Circle the Foe", one_up, f) in actions for f in range(6))  # choose
    # forward and backward cannot turn a fighter who does not move (a one-hex move back to
    # the start is impossible, so staying put is the only way to end there)
    here = state.board.parse("4,6")
    assert {a[3] for a in actions if a[:3] == ("move", "Skull Splitter", here)} == {N}


def test_a_move_is_logged_with_its_path_and_facing():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,1", S)}, hands={"a1": ["Bloody Advance"]})
    state.play_turn("a1")
    events = act(state, ("move", "Bloody Advance", state.board.parse("4,5"), N))
    move = next(e for e in events if e["action"] == "move")
    assert move["path"] == ["4,6", "4,5"] and move["facing"] == "N"
    assert state.by_id["a1"].hand == []


# -- attacks ----------------------------------------------------------------------------------------


def test_an_attack_needs_an_enemy_in_the_kill_zone():
    battle = duel("Vexnar", "Tark")
    state = scene(battle, Dice(), {"a1": ("4,6", S), "b1": ("4,5", S)}, hands={"a1": ["Bloody Advance"]})
    state.play_turn("a1")
    assert not [a for a in state.legal_actions() if a[0] == "attack"]


def test_no_hits_and_the_attacker_seethes():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)}, hands={"a1": ["Bloody Advance"], "b1": ["Fall Back"]})
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(1, 2, 1))
    assert state.by_id["a1"].wrath == before + 1
    assert "defend" not in kinds(events)  # no hits: nothing to Block


def test_a_block_is_played_after_the_roll_and_before_the_wounds():
    """Tark (3+ for 3) rolls two hits on Vexnar, who Blocks one: 3 wounds, not 6."""
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},
                  hands={"a1": ["Bloody Advance"], "b1": ["Fall Back", "Bloody Advance"]})
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 3, 1))
    assert state.pending.kind == "defend" and state.current_player() == "b"
    assert set(state.legal_actions()) == {("defend", "Bloody Advance"), ("defend", "Fall Back"), ("take",)}
    events = act(state, ("defend", "Fall Back"))
    damage = next(e for e in events if e["action"] == "damage")
    assert damage["damage"] == 3
    assert state.is_terminal()  # only one defence card per attack: no second question


def test_a_parry_that_leaves_no_hits_drops_the_attackers_wrath():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},
                  hands={"a1": ["Bloody Advance"], "b1": ["Measured Step"]})
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    act(state, ("defend", "Measured Step"))
    assert state.by_id["a1"].wrath == before - 1
    assert state.by_id["b1"].health.position == 1


def test_wrath_modifier_comes_before_the_attack():
    """Frenzy (-2 Wrath) from the start space; the card's 5 dice are rolled after."""
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)}, hands={"a1": ["Frenzied Onslaught"]})
    start = state.by_id["a1"].wrath
    state.play_turn("a1")
    events = act(state, ("attack", "Frenzied Onslaught", "b1"), Dice(1, 1, 1, 1, 1))
    changes = [e["change"] for e in events if e["action"] == "wrath"]
    assert changes == [-2, 1]  # modifier first, then seething
    assert state.by_id["a1"].wrath == start - 1


def test_heldrax_suffers_six_wounds_and_draws_one_critical_injury():
    """Fig. 8 through the engine: six wounds on a fresh five-space track place one marker."""
    battle = duel("Tark", "Heldrax")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)}, hands={"a1": ["Bloody Advance"]})
    state.pile._pile = [c for c in data.critical_deck().cards if c.name == "Broken Spirit"]
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(6, 6, 1))
    assert [e["card"] for e in events if e["action"] == "critical"] == ["Broken Spirit"]
    health = state.by_id["b1"].health
    assert (health.covered, health.position) == (1, 3)


def test_crippling_blow_resolves_its_critical_injury_before_any_block():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},
                  hands={"a1": ["Skull Splitter"], "b1": ["Fall Back"]})
    state.pile._pile = [c for c in data.critical_deck().cards if c.name == "Reeling"]
    state.play_turn("a1")
    events = act(state, ("attack", "Skull Splitter", "b1"), Dice(6, 1, 1))
    assert kinds(events).index("critical") < len(events)
    # Reeling threw away Vexnar's only card, so there is no Block left to ask about
    assert state.is_terminal() and state.by_id["b1"].hand == []


def test_cleave_places_an_injury_marker_before_the_defence():
    """Heldrax rolls a 6: an Injury marker at once; a marker on the top space moves down one."""
    battle = duel("Heldrax", "Tark")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},
                  hands={"a1": ["Bloody Advance"], "b1": ["Fall Back"]})
    state.pile._pile = [c for c in data.critical_deck().cards if c.name == "Broken Spirit"]
    state.play_turn("a1")
    events = act(state, ("attack", "Bloody Advance", "b1"), Dice(6, 1, 1))
    assert "injury" in kinds(events) and state.pending.kind == "defend"
    tark = state.by_id["b1"].health
    assert (tark.covered, tark.position) == (1, 2)


# -- pushes ----------------------------------------------------------------------------------------


def test_a_shove_pushes_one_hex_straight_away_without_turning():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,7", N), "b1": ("4,6", SE)}, hands={"a1": ["Hurl Aside"]})
    state.play_turn("a1")
    act(state, ("special", "Hurl Aside", "b1"))
    assert state.board.label(state.by_id["b1"].pos) == "4,5" and state.by_id["b1"].facing == SE


def test_a_shove_into_the_obstruction_costs_d3_wounds():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)}, hands={"a1": ["Hurl Aside"]})
    state.play_turn("a1")
    events = act(state, ("special", "Hurl Aside", "b1"), Dice(5))  # D3 of a 5 is 3
    push = next(e for e in events if e["action"] == "push")
    assert push["blocked"] and push["damage"] == 3
    assert state.board.label(state.by_id["b1"].pos) == "4,5"
    assert state.by_id["b1"].health.position == 4


@pytest.mark.parametrize("roll, discards, falls", [(3, 0, True), (4, 0, False), (1, 2, True), (1, 3, False)])
def test_pushed_into_a_pit_roll_first_then_discard_four_or_more_to_stay(roll, discards, falls):
    """The book: a fighter about to be pushed into a pit rolls a dice, *then* discards any number
    of cards, adding 1 to the result for each; on 4 or more they stay, on 1-3 they are slain."""
    battle = duel("Tark", "Vexnar")
    probe = scene(battle, Dice(), {})
    pit = "6,3"
    edge = hex_from(probe, pit, NW)
    pusher = hex_from(probe, edge, NW)
    state = scene(battle, Dice(), {"a1": (pusher, SE), "b1": (edge, N)},
                  hands={"a1": ["Hurl Aside"], "b1": ["Stalk", "Fall Back", "Blood Rage"]})
    state.play_turn("a1")
    act(state, ("special", "Hurl Aside", "b1"), Dice(roll))  # the dice comes first
    assert state.pending.kind == "pit" and state.current_player() == "b"
    assert state.pending.info["roll"] == roll  # the victim sees it before choosing the cards
    choice = next(a for a in state.legal_actions() if len(a[1]) == discards)
    events = act(state, choice, Dice(3))  # the slayer's D3 Wrath, if they fall
    assert kinds(events)[:discards + 1] == ["discard"] * discards + ["pit"]  # the cards go after the dice
    pit = next(e for e in events if e["action"] == "pit")
    assert (pit["roll"], pit["discards"], pit["total"], pit["fell"]) == (roll, discards, roll + discards, falls)
    assert state.by_id["b1"].alive is not falls
    assert len(state.by_id["b1"].hand) == 3 - discards
    assert state.board.label(state.by_id["b1"].pos) == edge  # never moved into the pit
    if falls:
        assert state.outcome().winner == "a"


def test_the_slayer_gains_d3_wrath():
    battle = duel("Tark", "Vexnar")
    probe = scene(battle, Dice(), {})
    edge = hex_from(probe, "6,3", NW)
    state = scene(battle, Dice(), {"a1": (hex_from(probe, edge, NW), SE), "b1": (edge, N)},
                  hands={"a1": ["Hurl Aside"], "b1": []})
    before = state.by_id["a1"].wrath
    state.play_turn("a1")
    act(state, ("special", "Hurl Aside", "b1"), Dice(2))  # pit roll 2
    assert state.legal_actions() == [("pit", ())]  # no cards to throw away
    act(state, ("pit", ()), Dice(6))  # falls; the slayer's D3 from a 6 is 3
    assert state.by_id["a1"].wrath == before + 3 + 1  # +1: Vexnar's Fate, every fighter still standing


# -- turns and the deck -------------------------------------------------------------------------


def test_no_action_discards_a_card_and_no_cards_means_no_turn():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,1", S)}, hands={"a1": ["Stalk"]})
    state.play_turn("a1")
    events = act(state, ("pass", "Stalk"))
    assert state.by_id["a1"].hand == [] and kinds(events) == ["wait"]
    state.play_turn("a1")
    assert state.is_terminal()


def test_a_unique_action_costs_two_cards():
    battle = duel("Tark", "Vexnar")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},
                  hands={"a1": ["Stalk", "Fall Back", "Blood Rage"], "b1": ["Stalk", "Fall Back"]})
    state.play_turn("a1")
    assert ("unique", ("Fall Back", "Stalk"), "b1") in state.legal_actions()
    events = act(state, ("unique", ("Fall Back", "Stalk"), "b1"), Dice(4, 5, 6, 1))
    assert [c.name for c in state.by_id["a1"].hand] == ["Blood Rage"]
    scourge = [e for e in events if e.get("name") == "Scourge" and "rolls" in e]
    assert scourge and state.by_id["b1"].hand == []  # three 4+: two cards, then a wound
    assert state.by_id["b1"].health.position == 2


def test_initiative_deck_holds_each_fighters_wrath_in_cards():
    """Fig. 4: everyone starts on the same space and puts in three cards."""
    from generator.dice.rng import Rng
    from generator.play.engine import play
    from generator.play.policies import RandomPolicy
    from generator.systems.gorechosen.game import GAME

    battle = duel("Tark", "Vexnar")
    result = play(GAME, battle, {"a": RandomPolicy(), "b": RandomPolicy()}, Rng(4))
    first = next(e for e in result.events if e["action"] == "initiative_deck")
    assert sorted(first["order"]) == ["a1"] * 3 + ["b1"] * 3
    a, b = (battle.board.parse(e["cell"]) for e in result.events if e["action"] == "place")
    assert battle.board.distance(a, b) > 2  # set up more than 2 hexes apart
