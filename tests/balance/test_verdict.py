"""skirmish balance's verdict, on a toy dice game that implements the engine's State protocol."""

import pytest

from generator.balance.matchup import play_verdict
from generator.balance.runner import Job, LocalRunner, play_chunk
from generator.balance.sequential import Plan
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from tests.balance import toy

WARBAND = ("warrior", "warrior", "scout")


def test_a_mirror_match_is_balanced():
    verdict = play_verdict(toy.SYSTEM, toy.force(*WARBAND), toy.force(*WARBAND), {}, Rng(11))
    assert verdict.balanced and verdict.verdict == "balanced"
    low, high = verdict.interval
    assert 0.45 <= low and high <= 0.55


def test_the_same_warband_plus_one_fighter_is_not_balanced_after_the_first_look():
    verdict = play_verdict(toy.SYSTEM, toy.force(*WARBAND, "warrior"), toy.force(*WARBAND), {}, Rng(3))
    assert verdict.verdict == "not balanced" and verdict.games == 200 and verdict.stopped_early
    assert verdict.tally.win_rate_a > 0.55


def test_each_pairing_is_played_from_both_seats_in_equal_numbers():
    verdict = play_verdict(toy.SYSTEM, toy.force(*WARBAND, "warrior"), toy.force(*WARBAND), {}, Rng(3))
    seats = verdict.tally.by_seat
    assert sum(seats["a"]) == sum(seats["b"]) == verdict.games // 2


def test_the_first_player_is_the_games_roll_off_not_the_seat():
    job = Job(toy.SYSTEM, toy.force(*WARBAND), toy.force(*WARBAND), {}, seed=5)
    firsts = set()
    from generator.balance.runner import _Seatings

    seatings = _Seatings(job)
    for index in range(20):
        state, _ = toy.GAME.new_state(seatings.battles["a"], Rng(5).spawn(f"battle-{index}").spawn("dice"))
        firsts.add(state.first)
    assert firsts == {"a", "b"}


def test_same_seed_same_verdict_whatever_the_number_of_processes():
    a, b = toy.force(*WARBAND), toy.force("brute", "scout", "scout")
    one = play_verdict(toy.SYSTEM, a, b, {}, Rng(8), Plan(600))
    with LocalRunner(2) as runner:
        two = play_verdict(toy.SYSTEM, a, b, {}, Rng(8), Plan(600), runner)
    assert one.to_json() == two.to_json()


def test_battle_i_depends_only_on_the_seed_and_i():
    job = Job(toy.SYSTEM, toy.force(*WARBAND), toy.force("brute", "scout"), {}, seed=4)
    whole = play_chunk(job, 0, 40)
    assert whole[10:30] == play_chunk(job, 10, 30)


def test_a_system_with_only_the_old_fight_still_gets_a_verdict():
    verdict = play_verdict(toy.FIGHT_ONLY, toy.force(*WARBAND, "warrior"), toy.force(*WARBAND), {}, Rng(3))
    board = play_verdict(toy.SYSTEM, toy.force(*WARBAND, "warrior"), toy.force(*WARBAND), {}, Rng(3))
    assert verdict.verdict == "not balanced" and not verdict.on_board and board.on_board


def test_a_system_with_neither_game_nor_fight_says_so():
    bare = toy.System(name="bare", title="Bare", summary="", content_models={}, combatants=toy.units_of, describe=toy.describe)
    with pytest.raises(SkirmishError, match="no battle simulator"):
        play_verdict(bare, toy.force("scout"), toy.force("scout"), {}, Rng(1))


def test_the_json_answer_has_the_documented_keys():
    data = play_verdict(toy.SYSTEM, toy.force(*WARBAND), toy.force(*WARBAND), {}, Rng(2), Plan(400)).to_json()
    for key in ("games", "wins_a", "wins_b", "draws", "win_rate_a", "ci95", "balanced", "stopped_early", "sides",
                "mean_rounds", "seed", "verdict"):
        assert key in data
    assert data["wins_a"] + data["wins_b"] + data["draws"] == data["games"]
    assert data["sides"][0]["cost"] == 50 and data["seed"] == 2
    assert data["ci95"][0] <= data["win_rate_a"] <= data["ci95"][1]


def test_an_unfitting_option_is_the_systems_one_line_error():
    with pytest.raises(SkirmishError, match="card"):
        play_verdict(toy.SYSTEM, toy.force("scout"), toy.force("scout"), {"card": "nonsense"}, Rng(1))
