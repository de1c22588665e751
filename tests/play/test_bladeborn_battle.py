"""Bladeborn battles through the engine, read like the rulebook: set-up, rounds, actions, victory."""

from __future__ import annotations

import json

import pytest

from generator.boards.mapfile import load_map
from generator.content import load_roster
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.log import log_json_text
from generator.play.policies import RandomPolicy
from generator.resources import content_dir
from generator.systems.bladeborn.policy import BladebornGreedy
from generator.systems.warcry.mechanics import Group
from tests.play.hex_audit import audit
from tests.play.helpers import ScriptedDice, activate, combat_state, fighter, open_board

CONTENT = content_dir()
CINDER = CONTENT / "bladeborn" / "example-cinder-oath.yaml"
HOLLOW = CONTENT / "bladeborn" / "example-hollowmere-stalkers.yaml"
GILDED = CONTENT / "warcry" / "example-gilded-ruin.yaml"
MARROW = CONTENT / "warcry" / "example-marrowfen-raiders.yaml"
DQ_MAP = load_map(CONTENT / "maps" / "drawn-and-quartered.yaml")


# ---- the rulebook's attack: hits by Strength against Toughness, damage by hits and criticals -----


def test_attack_hits_on_3_4_or_5_by_strength_and_sixes_are_criticals():
    board = open_board()
    a = fighter("a1", board.parse("2,2"), weapons=((0, 1, 4, 5, 2, 5),))  # Strength 5
    b = fighter("b1", board.parse("3,2"), toughness=4, wounds=30)         # Toughness 4: hits on 3+
    state = activate(combat_state(board, [a, b]), "a1")
    events = state.apply(("attack", "b1", 0), ScriptedDice(6, 3, 2, 5))
    attack = events[0]
    assert (attack["hits"], attack["crits"], attack["damage"]) == (2, 1, 2 * 2 + 5)
    assert b.damage == 9


def test_a_fighter_is_taken_down_when_its_damage_reaches_its_wounds():
    board = open_board()
    a = fighter("a1", board.parse("2,2"), weapons=((0, 1, 4, 4, 3, 5),))
    b = fighter("b1", board.parse("3,2"), toughness=4, wounds=8)
    state = activate(combat_state(board, [a, b]), "a1")
    events = state.apply(("attack", "b1", 0), ScriptedDice(6, 4, 1, 1))  # 5 + 3 = 8 damage
    assert [e["action"] for e in events][:2] == ["attack", "taken_down"]
    assert b.where == "down" and b.pos is None


def test_a_fighter_next_to_an_enemy_must_target_that_enemy_and_cannot_move():
    board = open_board()
    a = fighter("a1", board.parse("2,2"), weapons=((0, 3, 2, 4, 1, 2),))
    near = fighter("b1", board.parse("3,2"))
    far = fighter("b2", board.parse("4,2"))
    state = activate(combat_state(board, [a, near, far]), "a1")
    actions = state.legal_actions()
    assert {a[1] for a in actions if a[0] == "attack"} == {"b1"}
    assert not any(a[0] == "move" for a in actions)
    assert any(a[0] == "disengage" for a in actions)
    for action in actions:
        if action[0] == "disengage":
            assert all(board.distance(action[1], e.pos) > 1 for e in (near, far))


def test_a_blocked_hex_between_fighters_hides_them():
    board = open_board(blocked=["2,2", "2,3"])
    a = fighter("a1", board.parse("1,2"), weapons=((0, 4, 2, 4, 1, 2),))
    b = fighter("b1", board.parse("3,2"))
    state = activate(combat_state(board, [a, b]), "a1")
    assert not any(a[0] == "attack" for a in state.legal_actions())


def test_move_goes_round_fighters_and_blocked_hexes_within_move():
    board = open_board(blocked=["3,1", "3,2", "3,3"])
    a = fighter("a1", board.parse("2,2"), move=3)
    friend = fighter("a2", board.parse("2,1"))
    b = fighter("b1", board.parse("6,5"))
    state = activate(combat_state(board, [a, friend, b]), "a1")
    moves = {x[1] for x in state.legal_actions() if x[0] == "move"}
    assert friend.pos not in moves and board.parse("3,2") not in moves
    for dest in moves:
        assert board.walk(a.pos, dest) <= 3


def test_first_activation_makes_two_actions_a_later_one_makes_one():
    board = open_board()
    a1 = fighter("a1", board.parse("0,0"))
    a2 = fighter("a2", board.parse("0,5"))
    b1 = fighter("b1", board.parse("6,0"))
    state = combat_state(board, [a1, a2, b1])
    events = state.apply(("activate", "a1"), ScriptedDice())
    assert events[0]["actions"] == 2
    state.apply(("wait",), ScriptedDice())
    # b's turn; then a may not activate a1 again before a2
    assert state.decider == "b"
    state.apply(("activate", "b1"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    assert ("activate", "a1") not in state.legal_actions() and ("activate", "a2") in state.legal_actions()
    state.apply(("activate", "a2"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    state.apply(("activate", "b1"), ScriptedDice())
    state.apply(("wait",), ScriptedDice())
    events = state.apply(("activate", "a1"), ScriptedDice())
    assert events[0]["actions"] == 1


# ---- objectives and victory points ----------------------------------------------------------


def test_more_fighters_within_one_hex_take_an_objective_and_score_it_at_round_end():
    board = open_board()
    objective = board.parse("3,2")
    a = fighter("a1", board.parse("2,2"))
    b = fighter("b1", board.parse("6,5"))
    state = combat_state(board, [a, b], objectives=[objective], rounds=1)
    state.apply(("activate", "a1"), ScriptedDice())
    events = state.apply(("wait",), ScriptedDice())
    assert {"round": 1, "action": "control", "cell": "3,2", "side": "a"} in events
    assert state.control[objective] == "a"


# ---- whole battles --------------------------------------------------------------------------


def _battle(path_a, path_b, options=None):
    system, ra = load_roster(path_a)
    _, rb = load_roster(path_b)
    return system, system.make_battle(ra, rb, dict(options or {}))


def test_same_seed_same_battle_byte_for_byte():
    system, battle = _battle(CINDER, HOLLOW)
    policies = {"a": BladebornGreedy(), "b": BladebornGreedy()}
    first = log_json_text(play(system.game, battle, policies, Rng(11)))
    second = log_json_text(play(system.game, battle, policies, Rng(11)))
    assert first == second
    assert first != log_json_text(play(system.game, battle, policies, Rng(12)))


@pytest.mark.parametrize("paths", [(CINDER, HOLLOW), (GILDED, MARROW)], ids=["bladeborn", "warcry"])
def test_every_battle_passes_the_independent_audit(paths):
    system, battle = _battle(*paths)
    for seed in range(12):
        for policies in ({"a": BladebornGreedy(), "b": RandomPolicy()}, {"a": RandomPolicy(), "b": BladebornGreedy()},
                         {"a": BladebornGreedy(), "b": BladebornGreedy()}):
            result = play(system.game, battle, policies, Rng(seed))
            log = json.loads(log_json_text(result))
            assert audit(log, battle.board.map) == [], f"seed {seed}"
            assert log["result"]["rounds"] == log["battle"]["rounds"]


def test_the_log_has_the_documented_shape():
    system, battle = _battle(CINDER, HOLLOW, {"twist": "none"})
    log = play(system.game, battle, {"a": BladebornGreedy(), "b": BladebornGreedy()}, Rng(7)).to_json()
    assert log["system"] == "bladeborn" and log["seed"] == 7
    assert log["grid"]["width"] == 13 and log["grid"]["orientation"] == "flat"
    fighter_keys = set(log["sides"]["a"]["fighters"][0])
    assert {"id", "name", "move", "toughness", "wounds", "weapons"} <= fighter_keys
    assert {"range", "attacks", "strength", "hit", "crit"} <= set(log["sides"]["a"]["fighters"][0]["weapons"][0])
    kinds = {e["action"] for e in log["events"]}
    assert {"place", "move", "attack", "score"} <= kinds
    assert set(log["result"]) >= {"winner", "vp", "rounds"}


def test_warcry_fighters_play_at_two_inches_a_hex():
    system, battle = _battle(GILDED, MARROW, {"twist": "none"})
    log = play(system.game, battle, {"a": BladebornGreedy(), "b": BladebornGreedy()}, Rng(1)).to_json()
    orsa = log["sides"]["a"]["fighters"][0]
    assert orsa["name"] == "Saint-Captain Orsa Vell" and orsa["move"] == 3  # Move 5" -> 3 hexes
    assert orsa["weapons"][0]["range"] == 1  # a 1" weapon reaches the next hex


def test_a_twist_that_is_only_prose_is_refused(tmp_path):
    from generator.errors import SkirmishError

    deck = tmp_path / "bladeborn"
    deck.mkdir()
    (deck / "twists-mine.yaml").write_text(
        "system: bladeborn\nkind: twist\nname: Mine\ncards:\n  - name: Poetry\n    text: Something lovely happens.\n")
    from generator.content import set_user_content_dir

    set_user_content_dir(tmp_path)
    try:
        with pytest.raises(SkirmishError, match="Poetry.*effect"):
            _battle(CINDER, HOLLOW, {"twist": "Poetry"})
    finally:
        set_user_content_dir(None)


def test_a_battle_card_placing_hexes_off_the_board_is_refused(tmp_path):
    from generator.errors import SkirmishError

    card = (CONTENT / "bladeborn" / "battle-drawn-and-quartered.yaml").read_text()
    bad = tmp_path / "card.yaml"
    bad.write_text(card.replace("objectives: [[3, 2],", "objectives: [[30, 2],"))
    with pytest.raises(SkirmishError, match=r"card.yaml: objectives\[0\]: \[30, 2\] is off"):
        _battle(CINDER, HOLLOW, {"card": str(bad)})


def test_rosters_of_the_wrong_system_are_refused():
    from generator.errors import SkirmishError
    from generator.play.simulate import load_pair

    with pytest.raises(SkirmishError, match="two rosters of one system"):
        load_pair(CINDER, GILDED)


# ---- the greedy player, by behaviour ------------------------------------------------------------


def test_greedy_takes_the_likelier_kill():
    board = open_board()
    a = fighter("a1", board.parse("2,2"), weapons=((0, 1, 4, 4, 2, 4),))
    tough = fighter("b1", board.parse("3,2"), wounds=20)
    weak = fighter("b2", board.parse("2,3"), wounds=20)
    weak.damage = 17  # 3 wounds left: two hits take it down
    state = activate(combat_state(board, [a, tough, weak]), "a1")
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice == ("attack", "b2", 0)


def test_greedy_does_not_walk_past_an_uncontested_objective_it_could_hold():
    board = open_board(width=11, height=6)
    objective = board.parse("4,2")
    a = fighter("a1", board.parse("1,2"), move=4)
    far_enemy = fighter("b1", board.parse("10,5"))
    state = activate(combat_state(board, [a, far_enemy], objectives=[objective]), "a1")
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice[0] == "move" and board.distance(choice[1], objective) <= 1


def test_greedy_disengages_when_it_would_be_taken_down_for_nothing():
    board = open_board()
    a = fighter("a1", board.parse("2,2"), toughness=3, wounds=10, weapons=((0, 1, 1, 1, 1, 1),))
    a.damage = 8  # 2 wounds left
    brute = fighter("b1", board.parse("3,2"), move=1, toughness=8, wounds=30, weapons=((0, 1, 4, 6, 3, 6),))
    state = activate(combat_state(board, [a, brute]), "a1")
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice[0] == "disengage"


def test_greedy_sets_up_over_several_objectives_not_all_on_one_flank():
    """A side that sends everyone to one flank gives the other flank away: on Drawn and Quartered
    the greedy player covers at least two of the four objectives with its first fighters."""
    system, battle = _battle(CINDER, HOLLOW, {"twist": "none"})
    for seed in range(6):
        state, _ = system.game.new_state(battle, Rng(seed))
        policies = {"a": BladebornGreedy(), "b": BladebornGreedy()}
        rng = Rng(100 + seed)
        while state.phase in ("reserve", "place"):
            side = state.current_player()
            state.apply(policies[side].choose(state, state.legal_actions(), rng), rng)
        objectives = state.rules.objectives
        for side in "ab":
            nearest = {min(objectives, key=lambda o: state.board.walk(f.pos, o))
                       for f in state.fighters.values() if f.side == side and f.on}
            assert len(nearest) >= 2, (seed, side)


def _rusher(board, pos, objective, enemy_at):
    """a1 (Move 2, Rush affordable) with one action left, an objective and one far enemy."""
    from generator.systems.bladeborn.game import AbilitySpec

    a = fighter("a1", board.parse(pos), move=2)
    a.abilities = (AbilitySpec("Rush", "double", "rush"),)
    b = fighter("b1", board.parse(enemy_at))
    state = activate(combat_state(board, [a, b], objectives=[board.parse(objective)]), "a1")
    state.groups["a"] = [Group("double", 4, 2)]
    state.activation.made = 1  # its second action
    return state


def test_greedy_rushes_when_the_extra_hex_takes_an_objective():
    board = open_board(width=11, height=6)
    state = _rusher(board, "1,2", "5,2", "10,5")  # the objective is 4 hexes away: Move 2 + 1 reaches it
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice == ("ability", 0, 0)
    state.apply(choice, ScriptedDice())
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice[0] == "move" and board.distance(choice[1], board.parse("5,2")) <= 1


def test_greedy_does_not_spend_rush_when_the_extra_hex_buys_nothing():
    """Holding an uncontested objective with nobody near, one more hex of Move is worth nothing:
    the dice are kept (a Rush here would only be followed by waiting)."""
    board = open_board(width=11, height=6)
    state = _rusher(board, "5,2", "5,2", "10,5")
    choice = BladebornGreedy().choose(state, state.legal_actions(), Rng(0))
    assert choice[0] != "ability"


def test_a_warband_larger_than_its_territory_sets_up_in_the_next_ring_out():
    """Fifteen Warcry fighters do not fit the 13 open hexes of a Drawn and Quartered territory:
    the rest set up in the next ring out from the starting hexes, never in the enemy's territory
    (before, the battle stopped with no legal action)."""
    from generator.balance.forces import with_members

    system, gilded = load_roster(content_dir() / "warcry" / "example-gilded-ruin.yaml")
    fighters = [f.model_copy(update={"name": f"{f.name} {i}"}) for i in range(2) for f in gilded.fighters][:15]
    big = with_members(system, gilded, fighters, "Big Ruin")
    battle = system.make_battle(big, gilded, {"twist": "none", "fixed_territories": True})
    for seed in (2, 3, 7):
        log = play(system.game, battle, {"a": BladebornGreedy(), "b": BladebornGreedy()}, Rng(seed)).to_json()
        placed = [e for e in log["events"] if e["action"] == "place" and e["side"] == "a"]
        assert len(placed) == 15
        enemy_starts = {"10,9", "8,9", "4,9", "2,9"}
        assert not enemy_starts & {e["cell"] for e in placed}


def test_greedy_beats_random_from_either_seat():
    """Measured (benchmarks/bench_play_bladeborn.py): 100% over 400 battles each way. Here a
    smaller sample: the 95% Wilson interval of 60 battles at 57+ wins lies above 85%."""
    system, battle = _battle(CINDER, CINDER)
    wins = {"a": 0, "b": 0}
    for seed in range(30):
        for greedy_seat in "ab":
            policies = {greedy_seat: BladebornGreedy(), "ab".replace(greedy_seat, ""): RandomPolicy()}
            result = play(system.game, battle, policies, Rng(seed), keep_log=False)
            wins[greedy_seat] += result.winner == greedy_seat
    assert wins["a"] >= 27 and wins["b"] >= 27, wins


def test_a_generated_map_brings_its_own_deployment_and_objectives(tmp_path):
    from generator.systems.bladeborn.battle import card_from_map

    board_map = load_map(CONTENT / "maps" / "drawn-and-quartered.yaml")
    card = card_from_map(board_map)
    assert len(card.objectives) == 4 and card.scoring_rules()[0].kind == "per_objective"
    system, battle = _battle(CINDER, HOLLOW, {"map": board_map, "twist": "none"})
    result = play(system.game, battle, {"a": BladebornGreedy(), "b": BladebornGreedy()}, Rng(5))
    assert audit(result.to_json(), board_map) == [] and result.rounds == 3


def test_simulate_command_writes_log_and_picture_and_never_replaces_a_file(skirmish_cli, tmp_path):
    log, svg = tmp_path / "battle.json", tmp_path / "battle.svg"
    done = skirmish_cli("simulate", CINDER, HOLLOW, "--seed", "3", "--log-json", log, "--svg", svg)
    assert done.returncode == 0, done.stderr
    data = json.loads(log.read_text())
    assert data["seed"] == 3 and svg.read_text().startswith("<?xml")
    again = skirmish_cli("simulate", CINDER, HOLLOW, "--seed", "3", "--log-json", log)
    assert again.returncode == 2 and "already exists" in again.stderr
    text = skirmish_cli("simulate", CINDER, HOLLOW, "--seed", "3", "--log")
    assert "activates" in text.stdout and "Result after 3 round(s)" in text.stdout


# ---- every executable twist and scoring rule, played and audited --------------------------------

TWISTS = {
    "crit_damage_bonus": {"amount": 1}, "hit_damage_bonus": {"amount": 1, "range": "melee"},
    "attacks_modifier": {"amount": 1, "range": "melee"}, "move_modifier": {"amount": -1},
    "toughness_modifier": {"amount": 1}, "sight_limit": {"range": 3}, "range_limit": {"range": 2},
    "ability_dice": {"dice": 5}, "extra_blocked": {"cells": ["6,5", "6,4"]}, "push_each_round": {"count": 1},
    "damage_each_round": {"amount": 1, "where": "objectives"}, "heal_each_round": {"amount": 2},
    "reserves_from_round": {"round": 3}, "rounds_modifier": {"amount": 1},
    "objective_bonus": {"amount": 1, "round": 2}, "take_down_bonus": {"points": 1, "per_round": 1},
    "initiative_to": {"side": "b"}, "no_effect": {},
}


@pytest.mark.parametrize("kind", sorted(TWISTS))
def test_each_twist_effect_plays_by_the_rules(kind):
    from generator.systems.bladeborn.battle import EFFECT_KINDS
    from generator.systems.bladeborn.models import Twist

    assert set(TWISTS) == set(EFFECT_KINDS)
    twist = Twist(name=f"Test {kind}", text="test", effect={"kind": kind, **TWISTS[kind]})
    # seat b sets up as the card's player b, so "the twist gives the initiative to b" names seat b
    system, battle = _battle(CINDER, HOLLOW, {"twist": twist, "fixed_territories": kind == "initiative_to"})
    for seed in range(3):
        log = play(system.game, battle, {"a": BladebornGreedy(), "b": RandomPolicy()}, Rng(seed)).to_json()
        assert audit(log, battle.board.map) == []
        kinds = [e["action"] for e in log["events"]]
        if kind == "push_each_round":
            assert kinds.count("push") >= 2  # rounds 2 and 3, each player at least once
        if kind == "rounds_modifier":
            assert log["result"]["rounds"] == 4
        if kind == "initiative_to":
            assert all(e["side"] == "b" for e in log["events"] if e["action"] == "initiative")
        if kind == "extra_blocked":
            assert {"6,5", "6,4"} <= set(log["grid"]["blocked"])


def test_a_twist_the_engine_cannot_carry_out_is_refused_naming_the_field():
    from generator.errors import SkirmishError
    from generator.systems.bladeborn.models import Twist

    twist = Twist(name="Relic Hunt", text="t", effect={"kind": "hold_relic", "points": 2})
    with pytest.raises(SkirmishError, match=r"Relic Hunt.*effect: kind: 'hold_relic' is not a twist effect"):
        _battle(CINDER, HOLLOW, {"twist": twist})
    twist = Twist(name="Bad Numbers", text="t", effect={"kind": "sight_limit", "range": 3, "colour": 1})
    with pytest.raises(SkirmishError, match=r"effect.colour: is not a number kind 'sight_limit' takes"):
        _battle(CINDER, HOLLOW, {"twist": twist})


def _card(**changes):
    from generator.systems.bladeborn.battle import load_card

    card, _ = load_card(None)
    data = card.model_dump()
    data.update(changes)
    from generator.systems.bladeborn.models import BattleCard

    return BattleCard.model_validate(data)


def test_last_standing_ends_the_battle_when_a_warband_is_gone():
    card = _card(scoring=[{"kind": "last_standing"}], points_per_objective=0)
    system, cinder = load_roster(CINDER)
    _, hollow = load_roster(HOLLOW)
    lone = hollow.model_copy(update={"fighters": hollow.fighters[:1]})  # a warband that can be wiped out in time
    battle = system.make_battle(cinder, lone, {"card": card, "twist": "none"})
    ended_early = 0
    for seed in range(20):
        result = play(system.game, battle, {"a": BladebornGreedy(), "b": RandomPolicy()}, Rng(seed))
        if "last warband standing" in result.reason:
            ended_early += 1
            assert result.winner == "a"
    assert ended_early >= 1


def test_the_defender_wins_a_level_battle_when_the_card_says_so():
    card = _card(scoring=[{"kind": "take_down", "points": 1, "when": "immediately"}], points_per_objective=0,
                 tie="defender", roles={"a": "attacker", "b": "defender"})
    system, battle = _battle(CINDER, CINDER, {"card": card, "twist": "none"})
    for seed in range(30):
        result = play(system.game, battle, {"a": RandomPolicy(), "b": RandomPolicy()}, Rng(seed))
        if result.score["a"] == result.score["b"]:
            assert result.winner == "b" and "defender" in result.reason
            break
    else:
        pytest.fail("no level battle in 30 seeds")


def test_a_tie_rule_naming_a_role_needs_the_roles():
    from generator.errors import SkirmishError

    with pytest.raises(SkirmishError, match="tie: 'defender' needs roles"):
        _battle(CINDER, HOLLOW, {"card": _card(tie="defender"), "twist": "none"})


def test_a_warband_from_the_warcry_data_set_format_plays(tmp_path):
    from generator.errors import SkirmishError
    from generator.play.simulate import load_pair

    def record(name, warband, move=4):
        return {"name": name, "warband": warband, "grand_alliance": "order", "runemarks": ["warrior"],
                "movement": move, "toughness": 4, "wounds": 12, "points": 100,
                "weapons": [{"attacks": 3, "strength": 4, "dmg_hit": 1, "dmg_crit": 3, "min_range": 0,
                             "max_range": 1, "runemark": "sword"}]}

    one = tmp_path / "band.json"
    one.write_text(json.dumps([record(f"Guard {i}", "Test Guard") for i in range(4)]))
    system, a, b = load_pair(one, GILDED)
    assert system.name == "warcry" and a.name == "Test Guard" and len(a.fighters) == 4
    two = tmp_path / "many.json"
    two.write_text(json.dumps([record("X", "Alpha"), record("Y", "Beta")]))
    with pytest.raises(SkirmishError, match="holds 2 warbands"):
        load_pair(two, GILDED)
    system, a, _ = load_pair(f"{two}#Beta", GILDED)
    assert [f.name for f in a.fighters] == ["Y"]


def _deck_cards(box_only: bool = False):
    from generator.content.library import library

    return sorted(l.model.name for l in library().load("bladeborn", "battle-card") if not (box_only and l.model.example))


def _deck_twists():
    from generator.systems.bladeborn.battle import all_twists

    return sorted(t.name for t, _ in all_twists())


@pytest.mark.parametrize("card", _deck_cards())
def test_every_built_in_battle_card_plays_by_the_rules(card):
    system, battle = _battle(CINDER, HOLLOW, {"card": card, "twist": "none"})
    for seed in range(2):
        log = play(system.game, battle, {"a": BladebornGreedy(), "b": RandomPolicy()}, Rng(seed)).to_json()
        assert audit(log, battle.board.map) == []
        assert log["battle"]["card"] == card


@pytest.mark.parametrize("twist", _deck_twists())
def test_every_built_in_twist_plays_by_the_rules(twist):
    system, battle = _battle(GILDED, MARROW, {"twist": twist})
    log = play(system.game, battle, {"a": BladebornGreedy(), "b": BladebornGreedy()}, Rng(3)).to_json()
    assert audit(log, battle.board.map) == [] and log["battle"]["twist"] == twist


def test_the_box_counts_twelve_battle_cards_and_fourteen_twists():
    assert len(_deck_cards(box_only=True)) == 12 and len(_deck_twists()) == 14
