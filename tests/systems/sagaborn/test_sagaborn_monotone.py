"""Monotone strength: a SagaBorn team one unit or one stat step stronger beats the team as printed.

The slow suite (``--runslow``) plays every case of ``monotone.CASES`` until the stronger
team's score is clear of 50% (looks every 400 battles, up to 2,000, each look's interval at
1 - 5%/5 confidence so that the five looks together keep a 95% guarantee); the default run
checks the variants are built as described and plays one case briefly. The table with the
counts is in docs/players.md (``python benchmarks/sagaborn_monotone.py``).
"""

import pytest

from generator.content import load_roster
from generator.resources import content_dir
from generator.systems.sagaborn.monotone import CASES, TOO_SMALL, Case, play_case, settle, stronger


def _team(roster):
    return load_roster(content_dir() / "sagaborn" / roster)[1]


def test_every_shipped_team_has_cases_and_each_variant_is_one_step_stronger():
    assert {c.roster for c in CASES} == {"house-vareth.yaml", "driftborn.yaml"}
    for case in CASES + TOO_SMALL:
        team = _team(case.roster)
        strong = stronger(team, case)
        before = next(s for s in team.squads if s.name == case.squad)
        after = next(s for s in strong.squads if s.name == case.squad)
        if case.kind == "unit":
            assert after.units == before.units + 1
            assert after.cost / after.units == before.cost / before.units  # the same points a unit
            assert strong.unspent == team.unspent  # no initiative from unspent points
        else:
            assert getattr(after, case.kind) == getattr(before, case.kind) + 1 and after.cost == before.cost
        others = [s for s in strong.squads if s.name != case.squad]
        assert others == [s for s in team.squads if s.name != case.squad]


def test_a_case_the_team_cannot_take_is_refused():
    team = _team("house-vareth.yaml")
    with pytest.raises(ValueError, match="do not divide"):
        stronger(team, Case("house-vareth.yaml", "unit", "Vareth Halberdiers"))  # 70 points over 4
    with pytest.raises(ValueError, match="no squad"):
        stronger(team, Case("house-vareth.yaml", "hp", "Nobody"))


def test_smoke_a_sharper_captain_wins_more():
    """A short run of one case: seats alternate and the stronger team scores above half."""
    tally = play_case(Case("house-vareth.yaml", "attack", "Lord-Captain Aldric Vane"), 40, seed=3)
    assert tally.games == 40 and sum(tally.by_seat["a"]) == sum(tally.by_seat["b"]) == 20
    assert tally.win_rate_a > 0.5


SMALL = pytest.mark.xfail(reason="one defence die on a relic carrier that keeps out of the fight: measured "
                                  "51.1% of 2,000 (docs/players.md)", strict=False)


@pytest.mark.slow
@pytest.mark.parametrize("case", [*CASES, *(pytest.param(c, marks=SMALL) for c in TOO_SMALL)],
                         ids=lambda c: f"{c.roster[:-5]}-{c.kind}-{c.squad}")
def test_stronger_team_beats_the_printed_one(case):
    tally, holds = settle(case, seed=11, jobs=2)
    assert holds, f"{case.label}: {tally.win_rate_a:.1%} after {tally.games} battles is not clear of 50%"
