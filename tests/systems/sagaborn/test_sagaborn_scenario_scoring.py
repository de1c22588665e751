"""Our SagaBorn scenario cards score on top of the book's cut-off count: chests opened, units
taken down, rounds holding the shrine; and a card may give the attacker the first activation
and the defender a level count. Each rule is staged on a small board and played."""

from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.log import battle_text
from generator.systems import get_system
from generator.systems.sagaborn.game import SagaGame, make_battle
from generator.systems.sagaborn.policy import GreedyPolicy
from tests.systems.sagaborn.test_sagaborn_game import ScriptedRng, board, put, squad, start, team

SYSTEM = get_system("sagaborn")


def staged(side_a, side_b, places, map_kw=None, **options):
    return start(side_a, side_b, places, options=options, **(map_kw or {}))


def test_opening_a_chest_scores_ten_for_the_opener_at_once_and_holds_no_relic():
    state = staged(team("A", squad("Opener")), team("B", squad("Foe")), {"a1": "3,2", "b1": "8,4"},
                   map_kw={"chests": ["2,2"]}, scoring={"open_chest": 10})
    before = state.scores()["a"]
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    events = state.apply(("open", "a1", "2,2"), Rng(0))
    assert [e["vp"] for e in events if e["action"] == "points"] == [10]
    assert state.scores()["a"] == before + 10 and state.bonus == {"a": 10, "b": 0}
    assert state.relic_on(state.board.parse("2,2")) is None  # the treasure is the points


def test_without_chest_scoring_a_chest_still_reveals_a_relic_as_the_book_has_it():
    state = staged(team("A", squad("Opener")), team("B", squad("Foe")), {"a1": "3,2", "b1": "8,4"},
                   map_kw={"chests": ["2,2"]})
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    state.apply(("open", "a1", "2,2"), Rng(0))
    assert state.relic_on(state.board.parse("2,2")) is not None and state.bonus == {"a": 0, "b": 0}


def test_a_unit_taken_down_scores_five_for_the_enemy():
    a = team("A", squad("Striker", attack=4))
    b = team("B", squad("Wounded", hp=6), squad("Far", hp=6))
    state = staged(a, b, {"a1": "3,2", "b1": "4,2", "b2": "8,4"}, scoring={"take_down": 5})
    state.fighters["b1"].hp = 1
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    rng = ScriptedRng([8, 8, 8, 8, 4, 4, 4])  # four crits against three blanks: b1 falls
    events = state.apply(("attack", "a1", "b1"), rng)
    while state.fighters["b1"].alive and state.phase == "strike":
        events += state.apply(state.legal_actions()[-1], rng)
    assert not state.fighters["b1"].alive
    assert state.bonus == {"a": 5, "b": 0}


def test_the_side_with_more_units_by_the_shrine_scores_at_the_end_of_each_round():
    a = team("A", squad("Keeper", move=1), squad("Second", move=1))
    b = team("B", squad("Lone", move=1))
    battle = make_battle(a, b, {"map": board(), "scoring": {"hold_centre": 5}, "shrine": "4,2", "rounds": 1})
    state, _ = SagaGame().new_state(battle, ScriptedRng([8, 8, 8, 1, 1, 1]))
    for uid, label in {"a1": "4,2", "a2": "3,2", "b1": "5,2"}.items():
        put(state, uid, label)
    assert state.shrine_holder() == "a"
    put(state, "a2", "0,0")
    assert state.shrine_holder() is None  # one a side: nobody holds it


def test_holding_the_shrine_through_a_round_wins_a_level_battle():
    a, b = team("A", squad("Keeper", move=1)), team("B", squad("Far", move=1))
    # A sets up in column 0 and can step next to the shrine; B, on the far edge, cannot
    options = {"map": board(), "scoring": {"hold_centre": 5}, "shrine": "2,1", "rounds": 1}
    result = play(SYSTEM.game, make_battle(a, b, options), {s: GreedyPolicy() for s in "ab"}, Rng(2))
    scored = [e for e in result.events if e["action"] == "points" and e.get("kind") == "hold_centre"]
    assert result.rounds == 1 and [e["side"] for e in scored] == ["a"]
    assert result.winner == "a" and result.score["a"] == result.score["b"] + 5
    assert "A scores 5: holds the shrine at 2,1" in battle_text(result)


def test_a_level_count_goes_to_the_defender_when_the_card_says_so():
    a, b = team("A", squad("Guard", move=1)), team("B", squad("Guard", move=1))
    plain = play(SYSTEM.game, make_battle(a, b, {"map": board(), "rounds": 1}), {s: GreedyPolicy() for s in "ab"},
                 Rng(1))
    assert plain.winner is None  # far apart and level on points after one round
    given = play(SYSTEM.game, make_battle(a, b, {"map": board(), "rounds": 1, "tie_to": "b"}),
                 {s: GreedyPolicy() for s in "ab"}, Rng(1))
    assert given.winner == "b" and "level count to side B" in given.reason


def test_the_attacker_takes_the_first_activation_of_round_one_without_a_roll():
    a, b = team("A", squad("Raider")), team("B", squad("Warden"))
    for rng in (Rng(1), Rng(2), Rng(3)):
        state, events = SagaGame().new_state(make_battle(a, b, {"map": board(), "first": "b"}), rng)
        assert state.round == 1 and state.first == "b" and state.current_player() == "b"
        assert any(e["action"] == "initiative" and e["first"] == "b" for e in events)


def test_the_greedy_player_walks_to_a_shrine_the_card_scores_and_not_otherwise():
    def first_move(options):
        a, b = team("A", squad("Walker", move=2)), team("B", squad("Far", move=1))
        state = staged(a, b, {"a1": "2,0", "b1": "8,4"}, **options)
        state.apply(("activate", 0), Rng(0))
        action = GreedyPolicy().choose(state, state.legal_actions(), Rng(0))
        return state.board.distance(action[2], state.board.parse("2,4"))

    assert first_move({"scoring": {"hold_centre": 5}, "shrine": "2,4"}) < first_move({})


def test_a_scoring_the_engine_does_not_play_is_refused_in_one_line():
    import pytest

    from generator.errors import SkirmishError

    with pytest.raises(SkirmishError, match=r"victory.scoring: 'first_blood' is not a SagaBorn scoring"):
        make_battle(team("A", squad("X")), team("B", squad("Y")), {"map": board(), "scoring": {"first_blood": 5}})
