"""Whole campaigns played by the engine: every one ends, by the book's flow, and the report adds up."""

import pytest

from generator.systems.bladeborn.campaign.simulate import run_campaign, simulate


def check_flow(run):
    """A finished campaign read back battle by battle, by the book's steps."""
    aspirant, artefacts = None, {"a": 0, "b": 0}
    for row in run.rows:
        if aspirant is None:
            assert row.kind == "battle"
        else:
            assert (row.kind, row.aspirant, row.level) == ("convergence", aspirant, ("first", "second", "final")[artefacts[aspirant]])
        if row.kind == "battle":
            aspirant = row.winner
        elif row.winner == row.aspirant:
            if row.level == "final":
                assert row is run.rows[-1] and run.winner == row.winner
                return
            artefacts[row.winner] += 1
            aspirant = None
        else:
            aspirant = row.winner
    raise AssertionError("the campaign ended without a final convergence won")


def test_simulated_campaigns_end_by_the_books_flow(warbands):
    """Three campaigns with the engine: each ends with a final convergence won, after at least six
    battles (a random battle before each of the champion's three convergences)."""
    report = simulate(warbands, 3, seed=11, jobs=1)
    assert [r.winner is not None for r in report.runs] == [True] * 3
    for run in report.runs:
        assert run.battles >= 6
        check_flow(run)
    data = report.to_json()
    assert data["unfinished"] == 0 and sum(data["wins"].values()) == 3
    assert sum(data["length"]["histogram"].values()) == 3
    assert all(c["plays"] >= c["aspirant_wins"] for c in data["convergences"])


@pytest.mark.slow
def test_a_series_of_campaigns_has_no_campaign_without_an_end_and_the_same_answer_on_more_cores(warbands):
    """60 campaigns: none reaches the 200-battle guard; two processes give the same report as one."""
    one = simulate(warbands, 60, seed=2026, jobs=1)
    assert one.to_json()["unfinished"] == 0
    for run in one.runs:
        check_flow(run)
    lengths = one.lengths()
    assert min(lengths) >= 6 and max(lengths) < 200
    assert simulate(warbands, 60, seed=2026, jobs=2).to_json() == one.to_json()


def test_a_campaign_is_decided_by_its_seed_and_index(warbands):
    first = run_campaign(warbands, 4, seed=9, max_battles=8)
    again = run_campaign(warbands, 4, seed=9, max_battles=8)
    assert [(r.kind, r.winner) for r in first.rows] == [(r.kind, r.winner) for r in again.rows]
    assert first.battles <= 8
