"""skirmish calibrate: do prices predict results? On the toy game, with a planted mispricing."""

import json

import pytest

import math

from generator.balance.calibrate import (PairRow, bradley_terry, budgets, calibrate, matchup_spread, share_within,
                                         spearman)
from generator.layout.calibration_figure import calibration_files, write_calibration
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from tests.balance import toy


def test_bradley_terry_orders_forces_by_their_results():
    pairs = [PairRow(0, 1, 100, 70), PairRow(1, 2, 100, 70), PairRow(0, 2, 100, 85)]
    s = bradley_terry(3, pairs)
    assert s[0] > s[1] > s[2]


def test_results_that_one_strength_per_force_explains_leave_no_match_up_spread():
    strengths = [0.8, 0.3, 0.0, -1.1]
    pairs = [PairRow(i, j, 10_000, 10_000 / (1 + math.exp(strengths[j] - strengths[i])))
             for i in range(4) for j in range(i + 1, 4)]
    assert matchup_spread(strengths, pairs) == 0.0


def test_rock_paper_scissors_is_a_match_up_no_price_can_even():
    # each force beats the next 80% of the time: equal strengths, and no price list can help
    pairs = [PairRow(0, 1, 1000, 800), PairRow(1, 2, 1000, 800), PairRow(2, 0, 1000, 800)]
    strengths = bradley_terry(3, pairs)
    assert max(abs(s) for s in strengths) < 1e-6
    spread = matchup_spread(strengths, pairs)
    assert 0.45 < spread < 0.55  # sqrt(3 x 0.3^2 / 1 free degree) less the battles' noise
    assert share_within(spread, 0.10) < 0.2


def test_half_the_forces_at_the_budget_and_half_spread_around_it():
    assert budgets(6, 100, 0.25) == [100, 100, 100, 75, 100, 125]


@pytest.fixture(scope="module")
def mispriced():
    return calibrate(toy.MISPRICED, 100, Rng(1), rosters=10, battles_per_pair=60)


def test_a_fighter_at_half_price_is_found_the_most_under_priced(mispriced):
    assert mispriced.combatant_effects[0]["name"] == "brute"
    assert mispriced.combatant_effects[0]["worth"] > 0


def test_the_report_has_spearman_equal_cost_shares_and_the_mispriced_forces(mispriced):
    data = mispriced.to_json()
    assert -1 <= data["spearman"] <= 1 and data["rosters"] == 10
    assert data["games"] == 45 * 60
    assert 0 <= data["share_45_55"] <= data["share_40_60"] <= 1
    assert len(data["under_priced"]) == 3 and len(data["over_priced"]) == 3
    under = data["under_priced"][0]
    assert under["fair_cost"] > under["cost"]


def test_spearman_reads_the_forces_of_different_budgets(mispriced):
    # the forces at the budget tie on cost: their order is the equal-cost pairs' business
    spread = mispriced.forces[5:]
    assert [f.budget for f in spread] == [75, 87.5, 100, 112.5, 125]
    assert mispriced.spearman == pytest.approx(spearman([f.cost for f in spread], [f.strength for f in spread]))
    assert mispriced.to_json()["spearman_all"] == pytest.approx(
        spearman([f.cost for f in mispriced.forces], [f.strength for f in mispriced.forces]), abs=1e-4)


def test_too_few_forces_of_different_budgets_leave_spearman_undefined_and_the_json_valid():
    # 4 forces: 2 at the budget, 2 spread, too few to rank; JSON has no NaN, so null
    small = calibrate(toy.SYSTEM, 100, Rng(2), rosters=4, battles_per_pair=4)
    data = small.to_json()
    assert data["spearman"] is None
    json.dumps(data, allow_nan=False)
    assert any("Spearman" in line for line in small.lines())


def test_the_toy_game_is_nearly_transitive_so_a_better_price_could_even_it(mispriced):
    # who wins the toy game is mostly who has more dice and health: little beyond one strength
    # per force, while the halved brute throws the price line off
    data = mispriced.to_json()
    assert data["matchup_sd"] < 0.05 and data["ceiling_40_60"] > 0.95
    assert data["price_sd"] > 0
    assert any("perfect prices" in line for line in mispriced.lines())


def test_the_figure_is_svg_and_png_and_written_whole(mispriced, tmp_path):
    files = calibration_files(mispriced)
    assert files["svg"].startswith(b"<?xml") and files["png"][:4] == b"\x89PNG"
    written = write_calibration(mispriced, tmp_path / "out")
    assert sorted(p.suffix for p in written) == [".json", ".png", ".svg"]
    assert json.loads(written[-1].read_text())["system"] == "toy"


def test_bad_calibration_requests_are_one_line():
    with pytest.raises(SkirmishError, match="--rosters"):
        calibrate(toy.SYSTEM, 100, Rng(1), rosters=2)
    with pytest.raises(SkirmishError, match="too small"):
        calibrate(toy.SYSTEM, 5, Rng(1), rosters=4, battles_per_pair=2)
