"""The book's worked examples (sections 6.0-9.4), played move by move through the game's state.

Warriors of Ash on our map: the Goblins start on M (3,7), A (3,4), C (3,10), the Troll's 2x2
block on T (14,6). The dice of section 9.4 are fed to the attacks in the order the book rolls them.
"""

import math

import pytest

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems import get_system
from generator.systems.bladestorm.footing import MILLI

SYSTEM = get_system("bladestorm")


class BookDice(Rng):
    """Hands out the book's dice, checking each roll asks for the dice the card says."""

    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def dice(self, count, sides):
        want_sides, faces = self.rolls.pop(0)
        assert (len(faces), want_sides) == (count, sides)
        return list(faces)


@pytest.fixture
def battle(goblins, troll):
    return SYSTEM.make_battle(goblins, troll, {})


def ids(state):
    return {p.name: p for p in state.pieces}


def cell(text):
    c, r = text.split(",")
    return int(c), int(r)


def test_set_up_and_who_moves_first(battle):
    state, events = SYSTEM.game.new_state(battle, Rng(1))
    placed = {e["fighter"]: (e["cell"], e.get("mark")) for e in events if e["action"] == "place"}
    assert placed == {"a1": ("3,10", "C"), "a2": ("3,4", "A"), "a3": ("3,7", "M"), "b1": ("14,6", "T")}
    assert state.current_player() == "a" and state.phase == "move"  # the Goblins move first
    assert [e for e in events if e["action"] == "initiative"][0]["side"] == "a"
    assert battle.rules["scenario"].key == "warriors-of-ash"


def test_montus_allowable_positions_are_those_within_five_inches(battle):
    """Section 7.0: the shaded area around Montu -- every tile his base can get to within 5"."""
    state, _ = SYSTEM.game.new_state(battle, Rng(1))
    montu = ids(state)["Montu"]
    reach = state.reach(montu)
    cells = {montu.footing.cell(i): cost for i, cost in ((i, c) for i, (c, _) in reach.items())}
    assert cells[(8, 7)] == 5 * MILLI  # five tiles straight on
    assert (6, 10) in cells and cells[(6, 10)] == 3 * math.ceil(MILLI * math.sqrt(2))  # three diagonals, 4.24"
    assert (7, 10) not in cells  # 3 diagonals and a straight step: 5.24", too far
    assert (9, 7) not in cells  # six tiles
    for (c, r), cost in cells.items():
        straight = max(abs(c - 3), abs(r - 7)) - min(abs(c - 3), abs(r - 7))
        diagonal = min(abs(c - 3), abs(r - 7))
        assert cost >= straight * MILLI + diagonal * MILLI * math.sqrt(2) - 1e-6  # never shorter than the line
        assert cost <= 5 * MILLI


def test_the_book_example_turn_by_turn(battle):
    rng = BookDice([
        (6, [1, 5, 3]),          # the Troll on Montu: 13
        (6, [2, 3, 6]),          # Montu on the Troll: 10, a miss
        (6, [1, 5, 4]),          # Argh: 8, a miss
        (6, [6, 2]), (10, [4]),  # Cro: 2D6 then the D10: 15
        (6, [4, 2, 6]),          # Montu: 11
        (6, [2, 3, 3]),          # the Troll on Montu again: 12
    ])
    state, _ = SYSTEM.game.new_state(battle, rng)
    who = ids(state)
    troll, cro, argh, montu = who["Sea-Troll"], who["Cro"], who["Argh"], who["Montu"]

    # Turn 1. The Goblins cannot get all the way to the Troll...
    for goblin in (cro, argh, montu):
        assert not set(state.contact_anchors(goblin, troll)) & set(state.reach(goblin))
    # ...so they move about 3" towards him.
    for goblin, to in ((montu, (6, 7)), (argh, (6, 4)), (cro, (6, 10))):
        events = state.apply(("move", goblin.id, to), rng)
        assert events[0]["action"] == "move" and events[0]["inches"] == 3.0
    # No one is in contact, so there is no combat: the Troll moves next.
    assert state.current_player() == "b" and state.phase == "move"
    # The Troll moves up to Montu, the closest Goblin: 7" through the 2" gap between the pillars.
    events = state.apply(("move", troll.id, (7, 6)), rng)
    move, contact = events[0], events[1]
    assert move["inches"] == 7.0 and move["path"][-1] == "7,6" and all(p.endswith(",6") for p in move["path"])
    assert contact == {"round": 1, "side": "b", "fighter": "b1", "action": "contact", "target": montu.id, "cell": "7,6"}
    # Section 9.4: the Troll strikes first (he just moved), then Montu strikes back.
    assert state.phase == "attack" and state.current_player() == "b"
    assert state.legal_actions() == [("attack", "b1", montu.id, "Large Claws"), ("end",)]
    hit = state.apply(("attack", "b1", montu.id, "Large Claws"), rng)[0]
    assert (hit["rolls"], hit["total"], hit["defense"], hit["hit"], hit["damage"]) == ([1, 5, 3], 13, 7, True, 7)
    assert state.current_player() == "a"
    assert state.legal_actions() == [("attack", montu.id, "b1", "Scimitar"), ("end",)]
    events = state.apply(("attack", montu.id, "b1", "Scimitar"), rng)
    assert (events[0]["total"], events[0]["hit"], events[0]["strikes_back"]) == (10, False, True)
    assert [e["action"] for e in events[1:]] == ["round"]  # nobody falls; turn 2 begins

    # Turn 2. Montu stays in front of the Troll; Argh and Cro move into contact.
    assert state.round == 2 and state.current_player() == "a"
    assert state.apply(("move", montu.id, (6, 7)), rng)[0]["action"] == "wait"
    assert [e["action"] for e in state.apply(("move", argh.id, (7, 5)), rng)] == ["move", "contact"]
    assert [e["action"] for e in state.apply(("move", cro.id, (7, 8)), rng)] == ["move", "contact"]
    # Argh misses, Cro hits for 10, Montu for 8, and the Troll strikes Montu again for 8.
    results = []
    for action in (("attack", argh.id, "b1", "Scimitar"), ("attack", cro.id, "b1", "Two Handed Sword"),
                   ("attack", montu.id, "b1", "Scimitar"), ("attack", "b1", montu.id, "Large Claws")):
        events = state.apply(action, rng)
        results.append((events[0]["fighter"], events[0]["total"], events[0]["damage"]))
    assert results == [(argh.id, 8, 0), (cro.id, 15, 10), (montu.id, 11, 8), ("b1", 12, 8)]
    # All attacks are made before anyone is removed: then Montu, 15 hits on 10 boxes, goes.
    down = [e for e in events if e["action"] == "taken_down"]
    assert [e["fighter"] for e in down] == [montu.id]
    assert troll.fighter.hits == 18 and montu.fighter.hits == 15 and cro.fighter.hits == argh.fighter.hits == 0
    assert not montu.standing and state.current_player() == "b" and state.phase == "move"


def test_a_combatant_struck_down_still_strikes_back_in_the_same_step(battle):
    rng = BookDice([(6, [6, 6, 6]), (6, [4, 2, 6])])
    state, _ = SYSTEM.game.new_state(battle, rng)
    who = ids(state)
    for goblin, to in ((who["Montu"], (6, 7)), (who["Argh"], (6, 4)), (who["Cro"], (6, 10))):
        state.apply(("move", goblin.id, to), rng)
    state.apply(("move", "b1", (7, 6)), rng)
    assert state.apply(("attack", "b1", "a3", "Large Claws"), rng)[0]["endurance_left"] == -10
    assert ("attack", "a3", "b1", "Scimitar") in state.legal_actions()  # still on the table
    events = state.apply(("attack", "a3", "b1", "Scimitar"), rng)
    assert events[0]["damage"] == 8 and events[1]["action"] == "taken_down" and events[1]["fighter"] == "a3"


def test_bases_touching_only_at_a_corner_are_not_in_contact(battle):
    state, _ = SYSTEM.game.new_state(battle, Rng(1))
    troll, argh = ids(state)["Sea-Troll"], ids(state)["Argh"]
    troll.anchor = troll.footing.index((7, 6))  # the block covers 7-8, 6-7
    for spot, touching in (((6, 5), False), ((6, 6), True), ((7, 5), True), ((9, 8), False), ((9, 7), True), ((5, 6), False)):
        assert state.touching(argh, argh.footing.index(spot), troll) is touching, spot


def test_illegal_actions_are_refused(battle):
    state, _ = SYSTEM.game.new_state(battle, Rng(1))
    with pytest.raises(SkirmishError, match="cannot reach"):
        state.apply(("move", "a3", (12, 7)), Rng(1))  # 9" away
    with pytest.raises(SkirmishError, match="not an action"):
        state.apply(("attack", "a3", "b1", "Scimitar"), Rng(1))


def test_the_log_names_the_force_that_moves_first_wherever_it_is_seated(goblins, troll):
    """Warriors of Ash gives the first move to the Goblins' part of the map. Seat the Troll in
    that part and it moves first, and the log says so, naming the Troll, not the Goblins."""
    state, events = SYSTEM.game.new_state(SYSTEM.make_battle(troll, goblins, {}), Rng(1))
    why = next(e for e in events if e["action"] == "initiative")["why"]
    assert state.current_player() == "a" and "played here by The Sea-Troll" in why
    _, events = SYSTEM.game.new_state(SYSTEM.make_battle(goblins, troll, {}), Rng(1))
    assert next(e for e in events if e["action"] == "initiative")["why"] == (
        "the scenario gives the first move to Goblins of the Ash Lairs")
