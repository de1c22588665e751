"""Win rates with Wilson intervals, and simulated match-ups between rosters."""

import json

import pytest

from generator.balance import WinRate, run_battles, wilson_interval
from generator.balance.matchup import simulate_matchup
from generator.dice.rng import make_rng
from generator.errors import SkirmishError
from generator.resources import content_dir


def test_wilson_interval_matches_the_textbook_values():
    # 50 successes in 100 trials: 0.4038 to 0.5962 at 95% (Wilson 1927; Newcombe 1998)
    lo, hi = wilson_interval(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    # no successes still gives an interval above zero, unlike the normal approximation
    lo, hi = wilson_interval(0, 20)
    assert lo == 0.0 and 0.16 < hi < 0.17


def test_a_coin_flip_is_even_and_its_interval_holds_a_half():
    result = run_battles(lambda rng: "a" if rng.die(2) == 1 else "b", make_rng(3), 2000)
    lo, hi = result.interval("a")
    assert result.battles == 2000 and lo < 0.5 < hi and result.even


def test_a_loaded_coin_is_not_even():
    result = run_battles(lambda rng: "a" if rng.die(10) <= 7 else "b", make_rng(3), 2000)
    assert not result.even and result.interval("a")[0] > 0.65


def test_draws_count_half_in_the_score():
    assert WinRate(wins_a=30, wins_b=50, draws=20).score_a == pytest.approx(0.4)


def test_battles_are_reproducible_from_the_seed():
    fight = lambda rng: "a" if rng.die(6) > 3 else ("b" if rng.die(6) > 1 else None)  # noqa: E731
    assert run_battles(fight, make_rng(9), 300) == run_battles(fight, make_rng(9), 300)


def test_a_roster_against_itself_is_even():
    goblins = content_dir() / "bladestorm" / "warriors-of-ash-goblins.yaml"
    matchup = simulate_matchup(goblins, goblins, make_rng(4), battles=400)
    assert matchup.result.even
    assert matchup.costs[0] == matchup.costs[1]


def test_the_goblins_are_favoured_against_the_sea_troll_as_the_book_says():
    # "the Goblins' TPC outnumbers the TPC of the Troll (636 vs. 480) to offer an easy introduction"
    folder = content_dir() / "bladestorm"
    matchup = simulate_matchup(folder / "warriors-of-ash-goblins.yaml", folder / "warriors-of-ash-sea-troll.yaml",
                               make_rng(1), battles=400)
    assert matchup.result.interval("a")[0] > 0.5
    assert matchup.costs[0] > matchup.costs[1]


def test_rosters_of_two_systems_are_refused():
    with pytest.raises(SkirmishError, match="two rosters of one system"):
        simulate_matchup(content_dir() / "bladestorm" / "warriors-of-ash-goblins.yaml",
                         content_dir() / "sagaborn" / "house-vareth.yaml", make_rng(1), battles=10)


def test_bladeborn_warbands_can_be_matched_up():
    folder = content_dir() / "bladeborn"
    matchup = simulate_matchup(folder / "example-cinder-oath.yaml", folder / "example-hollowmere-stalkers.yaml",
                               make_rng(2), battles=20)
    assert matchup.result.battles == 20 and matchup.unit == "points"


def test_a_gorechosen_match_up_prices_only_the_champions_who_duel():
    from generator.content import load_roster

    folder = content_dir() / "gorechosen"
    matchup = simulate_matchup(folder / "example_brass_pit.yaml", folder / "example_cinder_arena.yaml",
                               make_rng(3), battles=20)
    for path, cost in zip(("example_brass_pit.yaml", "example_cinder_arena.yaml"), matchup.costs):
        system, roster = load_roster(folder / path)
        first = list(system.combatants(roster))[0]
        assert cost == system.price([first])[0].cost
