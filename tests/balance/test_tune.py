"""even_force: a force the simulator finds even against a given one, or an honest 'could not'."""

import pytest

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


class _SeatAFavoured(toy.ToyGame):
    """The toy game on a table that favours whoever sets up as player A: its units hit harder."""

    def new_state(self, battle, rng):
        state, events = super().new_state(battle, rng)
        state.units["a"] = [[attack + 2, health] for attack, health in state.units["a"]]
        return state, events


class _Counting(LocalRunner):
    def __init__(self):
        super().__init__(1)
        self.played = 0

    def run_chunks(self, tasks, progress=None):
        for task, part in super().run_chunks(tasks, progress):
            self.played += len(part)
            yield task, part


def test_a_table_that_hands_one_side_the_first_battles_is_judged_on_those_alone():
    import dataclasses

    from generator.balance.tune import EarlyLook, seat_lean

    lopsided = dataclasses.replace(toy.SYSTEM, game=_SeatAFavoured())
    runner = _Counting()
    lean, draws = seat_lean(lopsided, GIVEN, {}, Rng(4), 120, runner, EarlyLook(40, 0.25))
    assert runner.played == 40 and lean >= 0.25
    # ... and the whole screen would have said the same
    assert seat_lean(lopsided, GIVEN, {}, Rng(4), 120)[0] > 0.25


def test_a_fair_table_plays_its_whole_screen_and_reads_as_if_played_at_once():
    from generator.balance.tune import EarlyLook, seat_lean

    runner = _Counting()
    early = seat_lean(toy.SYSTEM, GIVEN, {}, Rng(4), 120, runner, EarlyLook(40, 0.25))
    assert runner.played == 120
    assert early == seat_lean(toy.SYSTEM, GIVEN, {}, Rng(4), 120)
    assert abs(early[0]) < 0.15


def test_a_swap_keeps_the_force_as_dear_as_the_one_it_came_from():
    """A fresh combatant that merely fits the budget tends to be cheaper than the one it
    replaces, and a cheaper force is a weaker one: the swap used is the one nearest in cost."""
    from generator.balance.tune import Candidate, _swapped

    base = Candidate(GIVEN, force_cost(toy.SYSTEM, GIVEN))  # 85 points
    costs = []
    for seed in range(20):
        swapped = _swapped(toy.SYSTEM, base, 90, 0.3, Rng(seed), "Swapped")  # anything from 63 to 90 fits
        costs.append(swapped.cost)
    assert costs == [85] * 20


@pytest.mark.parametrize("budget", [2, 3, 30, 250, 1200])
def test_a_battle_budget_bounds_the_whole_search(budget):
    """``--battles N`` with ``--against``: screens, swaps and verdicts together play at most N
    battles (two once ran five minutes: the screens alone played thousands)."""
    runner = _Counting()
    tuned = even_force(toy.SYSTEM, GIVEN, 90, {}, Rng(4), runner, plan=Plan(1000, look_every=200), budget=budget)
    assert runner.played <= budget and tuned.battles == runner.played
    assert tuned.verdict is not None and tuned.verdict.games >= 2
    assert runner.played >= min(budget, 2)


def test_a_large_budget_leaves_the_search_as_it_was():
    kwargs = dict(plan=Plan(400), candidates=4, rounds=2, screen_battles=50, confirm=1)
    free = even_force(toy.SYSTEM, GIVEN, 90, {}, Rng(5), **kwargs)
    bounded = even_force(toy.SYSTEM, GIVEN, 90, {}, Rng(5), budget=100_000, **kwargs)
    assert free.force == bounded.force and free.to_json() == bounded.to_json()
