"""The early stop is honest: planned looks, a Bonferroni-corrected interval at each, errors <= 5%."""

import numpy as np
import pytest

from generator.balance.sequential import (
    BALANCED,
    NOT_BALANCED,
    UNDECIDED,
    Plan,
    battles_to_show_even,
    beyond_margin,
    decide,
)
from generator.errors import SkirmishError


def test_looks_fall_every_200_battles_and_at_the_budget():
    assert Plan(2000).looks == [200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000]
    assert Plan(500).looks == [200, 400, 500]
    assert Plan(101).looks == [100]  # even counts: both seats played alike
    assert Plan(2000).look_confidence == pytest.approx(1 - 0.05 / 10)


def test_a_clear_verdict_either_way_and_undecided_in_between():
    plan = Plan(2000)
    assert decide(1000, 2000, plan)[0] == BALANCED
    assert decide(140, 200, plan)[0] == NOT_BALANCED
    assert decide(60, 200, plan)[0] == NOT_BALANCED
    assert decide(104, 200, plan)[0] == UNDECIDED  # 52% of 200: could still be 45% or 59%


def test_an_even_match_up_needs_about_800_battles_to_show_it_at_ten_looks():
    assert 700 < battles_to_show_even(Plan(2000)) < 900


def _simulate(p: float, plan: Plan, runs: int, seed: int) -> dict:
    """Run the plan on ``runs`` simulated series of battles A wins with probability ``p``."""
    gen = np.random.default_rng(seed)
    wins = gen.random((runs, plan.looks[-1])) < p
    counts = {BALANCED: 0, NOT_BALANCED: 0, UNDECIDED: 0}
    for row in np.cumsum(wins, axis=1):
        for look in plan.looks:
            verdict, _ = decide(float(row[look - 1]), look, plan)
            if verdict != UNDECIDED:
                break
        counts[verdict] += 1
    return counts


def test_a_truly_even_match_up_is_almost_never_called_unbalanced():
    counts = _simulate(0.5, Plan(2000), runs=400, seed=1)
    assert counts[NOT_BALANCED] / 400 <= 0.05
    assert counts[BALANCED] / 400 >= 0.9  # the rest are "undecided", never wrong


def test_a_match_up_just_outside_the_band_is_almost_never_called_balanced():
    counts = _simulate(0.57, Plan(2000), runs=400, seed=2)
    assert counts[BALANCED] / 400 <= 0.05


def test_bad_plans_are_refused_in_one_line():
    with pytest.raises(SkirmishError, match="--battles"):
        Plan(1)
    with pytest.raises(SkirmishError, match="--look-every"):
        Plan(2000, look_every=1)


def _given_up_share(p: float, margin: float, plan: Plan, runs: int, seed: int) -> tuple[float, float]:
    """How often a search's verdict gives ``p`` up (``beyond_margin`` at a look before the last,
    before the plan decides), and the battles it plays on average."""
    gen = np.random.default_rng(seed)
    wins = np.cumsum(gen.random((runs, plan.looks[-1])) < p, axis=1)
    given_up, played = 0, 0
    for row in wins:
        for look in plan.looks:
            if decide(float(row[look - 1]), look, plan)[0] != UNDECIDED:
                break
            if look < plan.looks[-1] and beyond_margin(float(row[look - 1]), look, margin):
                given_up += 1
                break
        played += look
    return given_up / runs, played / runs


def test_a_search_gives_up_a_setting_that_scores_46_percent_after_far_fewer_battles():
    """A scenario's verdict (looks every 400 of 4,000 battles) kept only within 1.5 points of 50%."""
    plan = Plan(4000, 400)
    share, played = _given_up_share(0.46, 0.015, plan, runs=300, seed=3)
    assert share > 0.8 and played < 2200  # played on, it would run to about 3,850 battles


def test_a_truly_even_setting_is_rarely_given_up():
    share, _ = _given_up_share(0.5, 0.015, Plan(4000, 400), runs=300, seed=4)
    assert share <= 0.05


def test_beyond_the_margin_means_the_whole_95_percent_interval_is():
    assert beyond_margin(170, 400, 0.015)       # 42.5% of 400: interval 37.8% to 47.4%, all below 48.5%
    assert not beyond_margin(180, 400, 0.015)   # 45% of 400: up to 49.9%, so it could still be 48.5%
    assert beyond_margin(220, 400, 0.0)         # 55%: all above 50%
