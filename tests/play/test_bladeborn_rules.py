"""Bladeborn's readings of the book where cards, engine and logs must say one thing: ties, reserves,
a warband wiped out, and the log's words for them."""

from __future__ import annotations

import json

import pytest

from generator.content import load_roster
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.log import battle_text, describe_event
from generator.resources import content_dir
from generator.systems.bladeborn.policy import BladebornGreedy
from tests.play.hex_audit import audit
from tests.play.helpers import ScriptedDice, activate, combat_state, fighter, open_board

CONTENT = content_dir()
CINDER = CONTENT / "bladeborn" / "example-cinder-oath.yaml"
HOLLOW = CONTENT / "bladeborn" / "example-hollowmere-stalkers.yaml"


def _level(tie: str, left_a: int, left_b: int, held_a: int, held_b: int, vp: int = 4):
    """A battle ended level on ``vp`` points each, with these fighters left and objectives held."""
    board = open_board(width=11)
    objectives = [board.parse(f"{c},0") for c in range(4)]
    fighters = [fighter(f"a{i + 1}", board.parse(f"{i},5")) for i in range(3)]
    fighters += [fighter(f"b{i + 1}", board.parse(f"{i + 5},5")) for i in range(3)]
    state = combat_state(board, fighters, objectives=objectives)
    for i in range(left_a, 3):
        state.fighters[f"a{i + 1}"].where = "down"
    for i in range(left_b, 3):
        state.fighters[f"b{i + 1}"].where = "down"
    holders = ["a"] * held_a + ["b"] * held_b + [None] * (4 - held_a - held_b)
    state.control = dict(zip(objectives, holders))
    state.rules.tie = tie
    state.vp = {"a": vp, "b": vp}
    state._finish(ScriptedDice(6, 1))
    return state.outcome()


def test_the_campaign_tiebreakers_go_by_objectives_before_the_share_of_fighters():
    """The book's tiebreakers: only one warband on the battlefield; else more objectives; else a
    higher share of fighters left; else a roll-off. A with 3 fighters left, B with 2 and more
    objectives: B wins."""
    outcome = _level("tiebreakers", left_a=3, left_b=2, held_a=1, held_b=2)
    assert outcome.winner == "b" and "tiebreaker 2" in outcome.reason


def test_more_fighters_first_then_the_tiebreakers_as_the_cards_print_it():
    """Blood on the Altar, Headhunters, Sundered Ground: on equal points the player with more
    fighters left wins; if that is level too, the campaign tiebreakers decide."""
    assert _level("most_fighters_then_tiebreakers", 3, 2, 1, 2).winner == "a"
    outcome = _level("most_fighters_then_tiebreakers", 2, 2, 1, 2)
    assert outcome.winner == "b" and "more objectives" in outcome.reason


def test_more_fighters_counts_only_when_neither_player_scored():
    """The Last Bridge: if neither player has any victory points, the player with more fighters
    left wins; otherwise equal points are a draw."""
    assert _level("most_fighters_if_no_points", 3, 2, 0, 0, vp=0).winner == "a"
    assert _level("most_fighters_if_no_points", 3, 2, 0, 0, vp=2).winner is None


def test_every_tie_rule_the_engine_plays_is_printed_from_one_description():
    """The cards' printed tie sentence comes from the rule the engine executes: the engine's tie
    kinds, the cards' and the scenarios' are one list, each with its words."""
    from typing import get_args

    from generator.scenarios.rules import TIES, TieKind
    from generator.systems.bladeborn.models import TieKind as CardTie
    from generator.systems.bladeborn.scoring import TIE_KINDS

    assert set(TIE_KINDS) == set(TIES) == set(get_args(TieKind)) == set(get_args(CardTie))


def test_every_shipped_card_prints_the_victory_and_reserves_the_engine_plays():
    """No shipped battle card carries its own prose for victory or reserves any more: the words
    are generated from its rounds and tie rule, and from the book's reserve rule."""
    from generator.content.library import library
    from generator.scenarios.rules import TIES

    for loaded in library().load("bladeborn", "battle-card"):
        card = loaded.model
        assert card.victory is None and card.reserves is None, loaded.path
        assert card.victory_text().endswith(TIES[card.tie] + ".")
        assert "places one" in card.reserves_text() and "may" not in card.reserves_text()


def test_a_reserve_fighter_is_placed_at_the_start_of_the_first_turn_from_round_2():
    """The book's Drawn and Quartered: at the start of a player's first turn in each battle round
    (not the first), a player with reserve fighters places one on or next to a reserve hex: it is
    not a choice to skip while a hex is free."""
    system, cinder = load_roster(CINDER)
    _, hollow = load_roster(HOLLOW)
    battle = system.make_battle(cinder, hollow, {"twist": "none"})
    state, _ = system.game.new_state(battle, Rng(4))
    greedy, rng = BladebornGreedy(), Rng(9)
    seen = 0
    while not state.is_terminal() and state.round <= 2:
        actions = state.legal_actions()
        if state.phase == "arrive":
            assert all(a[0] == "arrive" for a in actions)  # no way to decline
            seen += 1
        state.apply(actions[0] if len(actions) == 1 else greedy.choose(state, actions, rng), rng)
    assert seen == 2  # both players, in round 2


def test_a_wiped_out_warband_ends_the_battle_at_once_and_its_enemy_wins():
    """You win a battle by eliminating your enemies: B leads 3-0 when A takes down B's last
    fighter in round 1; the battle ends there, A wins, and no later round is scored."""
    board = open_board()
    a = fighter("a1", board.parse("2,2"), weapons=((0, 1, 4, 5, 3, 5),))
    b = fighter("b1", board.parse("3,2"), wounds=3)
    state = activate(combat_state(board, [a, b], objectives=[board.parse("3,2")]), "a1")
    state.vp = {"a": 0, "b": 3}
    events = state.apply(("attack", "b1", 0), ScriptedDice(6, 1, 1, 1))
    kinds = [e["action"] for e in events]
    assert state.is_terminal() and kinds[-1] == "end" and "score" not in kinds
    outcome = state.outcome()
    assert outcome.winner == "a" and "wiped out" in outcome.reason and outcome.rounds == 1


def test_the_log_says_who_pushed_why_points_were_scored_and_that_a_turn_passed():
    names = {"a1": "Vashti (A)", "b1": "Ilsk (B)"}
    score = {"round": 2, "action": "score", "side": "a", "vp": {"a": 3, "b": 0}, "why": "take_down+slay_leader",
             "total": {"a": 5, "b": 2}}
    assert describe_event(score, names) == "A scores 3 for a take-down and the enemy leader (total A 5, B 2)"
    push = {"round": 2, "action": "push", "side": "b", "fighter": "b1", "by": "a", "why": "Quaking Earth",
            "cell": "4,4", "path": ["4,3", "4,4"]}
    assert describe_event(push, names) == "Ilsk (B) is pushed to 4,4 by player A (Quaking Earth)"
    shove = dict(push, by="a1", ability="Whispers of Chaos")
    assert describe_event(shove, names) == "Ilsk (B) is pushed to 4,4 by Vashti (A) (Whispers of Chaos)"
    assert describe_event({"round": 3, "action": "pass", "side": "b"}, names) == \
        "B has no fighter that can activate: the turn passes"


def test_a_whole_log_reads_with_weapon_names():
    system, cinder = load_roster(CINDER)
    _, hollow = load_roster(HOLLOW)
    battle = system.make_battle(cinder, hollow, {"twist": "none"})
    text = battle_text(play(system.game, battle, {"a": BladebornGreedy(), "b": BladebornGreedy()}, Rng(3)))
    assert "with weapon 0" not in text and ("with Brand of Ashes" in text or "with Stone Club" in text)
    assert "End of round 1:" in text and " pass:" not in text


# ---- the auditor finds what breaks these readings ---------------------------------------------


def _log():
    system, cinder = load_roster(CINDER)
    _, hollow = load_roster(HOLLOW)
    battle = system.make_battle(cinder, hollow, {"twist": "none"})
    result = play(system.game, battle, {"a": BladebornGreedy(), "b": BladebornGreedy()}, Rng(6))
    return json.loads(json.dumps(result.to_json())), battle.board.map


def test_the_auditor_notices_a_skipped_reserve():
    log, board_map = _log()
    assert audit(log, board_map) == []
    log["events"] = [e for e in log["events"] if not e.get("from_reserve")]
    assert any("did not place one first" in p for p in audit(log, board_map))


def test_the_auditor_notices_control_given_without_a_majority():
    log, board_map = _log()
    flips = [i for i, e in enumerate(log["events"]) if e["action"] == "control"]
    event = log["events"][flips[0]]
    event["side"] = "b" if event["side"] == "a" else "a"
    assert any("went to" in p for p in audit(log, board_map))


def test_the_auditor_notices_a_battle_going_on_after_a_wipe_out():
    log, board_map = _log()
    events = log["events"]
    first_round_2 = next(i for i, e in enumerate(events) if e["action"] == "round" and e["round"] == 2)
    downs = [{"round": 1, "action": "taken_down", "side": "b", "fighter": f["id"]} for f in log["sides"]["b"]["fighters"]]
    log["events"] = events[:first_round_2] + downs + events[first_round_2:]
    problems = audit(log, board_map)
    assert any("taken down with" in p for p in problems) and any("went on after" in p or "wins, not" in p for p in problems)


def test_the_auditor_notices_dice_spent_that_the_roll_did_not_give():
    log, board_map = _log()
    uses = [e for e in log["events"] if e["action"] == "ability"]
    if not uses:
        pytest.skip("no ability used in this battle")
    uses[0]["dice"] = [7, 7]
    assert any("not an unspent group" in p for p in audit(log, board_map))
