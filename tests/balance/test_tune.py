"""even_force: a force the simulator finds even against a given one, or an honest 'could not'."""

from generator.balance.forces import force_cost
from generator.balance.runner import LocalRunner
from generator.balance.sequential import Plan
from generator.balance.tune import even_force
from generator.dice.rng import Rng
from tests.balance import toy

GIVEN = toy.force("brute", "warrior", "warrior", "scout")


def test_a_force_even_against_the_given_one_is_found_within_the_budget():
    tuned = even_force(toy.SYSTEM, GIVEN, 90, {}, Rng(3), plan=Plan(1000, look_every=500), candidates=8,
                       screen_battles=100)
    assert tuned.found and tuned.verdict.balanced
    assert force_cost(toy.SYSTEM, tuned.force) <= 90
    assert tuned.log[0].startswith("screened 8 random forces")


def test_an_impossible_request_says_so_with_the_closest_force():
    heroes = toy.force("hero", "hero", "hero")
    tuned = even_force(toy.SYSTEM, heroes, 60, {}, Rng(2), plan=Plan(400), candidates=4, rounds=1, screen_battles=50)
    assert not tuned.found and tuned.verdict.verdict == "not balanced"
    assert force_cost(toy.SYSTEM, tuned.force) <= 60


def test_the_same_seed_finds_the_same_force_on_any_number_of_processes():
    kwargs = dict(plan=Plan(400), candidates=4, rounds=2, screen_battles=50, confirm=1)
    one = even_force(toy.SYSTEM, GIVEN, 90, {}, Rng(5), **kwargs)
    with LocalRunner(2) as runner:
        two = even_force(toy.SYSTEM, GIVEN, 90, {}, Rng(5), runner, **kwargs)
    assert one.force == two.force and one.to_json() == two.to_json()
