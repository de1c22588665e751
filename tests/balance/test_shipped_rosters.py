"""Slow checks on the shipped rosters (run with ``pytest --runslow``): mirrors are balanced with a
fresh seed, and the same warband plus one fighter is not balanced after few battles."""

import pytest

from generator.balance.forces import plus_one
from generator.balance.matchup import play_verdict
from generator.balance.runner import LocalRunner
from generator.balance.sequential import Plan
from generator.content import load_roster
from generator.dice.rng import make_rng
from generator.resources import content_dir

pytestmark = pytest.mark.slow

ROSTERS = ["bladeborn/example-cinder-oath.yaml", "bladeborn/example-hollowmere-stalkers.yaml",
           "warcry/example-gilded-ruin.yaml", "warcry/example-marrowfen-raiders.yaml",
           "bladestorm/warriors-of-ash-goblins.yaml", "sagaborn/house-vareth.yaml", "gorechosen/example_brass_pit.yaml"]


@pytest.mark.parametrize("path", ROSTERS)
def test_a_shipped_roster_against_itself_is_balanced_with_a_fresh_seed(path):
    system, roster = load_roster(content_dir() / path)
    with LocalRunner() as runner:
        verdict = play_verdict(system, roster, roster, {}, make_rng(None), Plan(4000), runner)
    assert verdict.verdict != "not balanced", verdict.lines()
    assert verdict.balanced, verdict.lines()  # fails about 1 run in 20 at most when truly even


@pytest.mark.parametrize("path", [p for p in ROSTERS if not p.startswith("gorechosen")])
def test_the_same_warband_plus_one_fighter_is_not_balanced_within_400_battles(path):
    system, roster = load_roster(content_dir() / path)
    with LocalRunner() as runner:
        verdict = play_verdict(system, plus_one(system, roster), roster, {}, make_rng(None), Plan(2000), runner)
    assert verdict.verdict == "not balanced" and verdict.games <= 400, verdict.lines()
    assert verdict.tally.win_rate_a > 0.55, verdict.lines()  # and it is the stronger side that wins
