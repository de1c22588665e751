"""The duel simulator: reproducible, fair between equals, and it rewards a better card."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.balance.matchup import simulate_matchup
from generator.balance.winrate import run_battles
from generator.dice.rng import Rng, make_rng
from generator.errors import SkirmishError
from generator.resources import content_dir
from generator.systems import get_system
from generator.systems.gorechosen import SYSTEM, data
from generator.systems.gorechosen.models import Champion, Roster
from generator.systems.gorechosen.sim import MAX_ROUNDS, duel


def champion(name: str = "Tark Gruelgore") -> Champion:
    return next(c for c in data.book_champions().champions if c.name == name)


def improved(c: Champion, to_hit: int = 0, wounds: int = 0) -> Champion:
    """A copy that hits ``to_hit`` better and deals ``wounds`` more per hit in every band."""

    def better(side):
        profiles = {
            band: p.model_copy(update={"to_hit": max(2, p.to_hit - to_hit), "wounds": min(6, p.wounds + wounds)})
            for band, p in side.profiles.items()
        }
        return side.model_copy(update={"profiles": profiles})

    return c.model_copy(update={"healthy": better(c.healthy), "wounded": better(c.wounded), "name": c.name + "+"})


def test_a_duel_is_reproducible_from_its_seed():
    a, b = champion("Redarg Bloodfane"), champion("Kore Hammerskull")
    log1, log2 = [], []
    first = duel(a, b, Rng(11), log=log1)
    second = duel(a, b, Rng(11), log=log2)
    assert first == second and log1 == log2
    assert any("slain" in line for line in log1) or first is None
    outcomes = [duel(a, b, Rng(11).spawn(str(i))) for i in range(40)]
    assert outcomes == [duel(a, b, Rng(11).spawn(str(i))) for i in range(40)]


def test_a_champion_against_its_own_copy_is_even():
    tark = champion()
    result = run_battles(lambda stream: duel(tark, tark, stream), Rng(3), 300)
    assert result.even, result.lines()
    assert 0.4 <= result.score_a <= 0.6


@pytest.mark.parametrize("to_hit, wounds", [(1, 0), (0, 1)])
def test_a_strictly_better_copy_wins_significantly_more(to_hit, wounds):
    base = champion("Vexnar the Reaper")
    result = run_battles(lambda stream: duel(improved(base, to_hit, wounds), base, stream), Rng(4), 300)
    assert result.interval("a")[0] > 0.5, result.lines()
    assert not result.even


def test_the_better_copy_also_wins_from_the_other_starting_place():
    base = champion("Vexnar the Reaper")
    result = run_battles(lambda stream: duel(base, improved(base, 1, 1), stream), Rng(5), 200)
    assert result.interval("b")[0] > 0.5, result.lines()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), cap=st.integers(1, 4), patience=st.sampled_from([0.0, 0.6, 1.0]))
def test_every_duel_ends_in_a_win_or_a_draw_at_the_round_cap(seed, cap, patience):
    log = []
    outcome = duel(champion("Atorg Bloodbringer"), champion("Hagreth Doomhand"), Rng(seed), max_rounds=cap, log=log,
                   patience=patience)
    rounds = sum(1 for line in log if line.startswith("round "))
    assert outcome in ("a", "b", None)
    assert rounds <= cap
    if outcome is None:
        assert rounds == cap and not any("slain" in line for line in log)
    else:
        assert log[-1].startswith(("a is slain", "b is slain"))
        assert log[-1].startswith(f"{'b' if outcome == 'a' else 'a'} is slain")


def test_most_duels_end_before_the_cap():
    a, b = champion("Fexgor the Flayer"), champion("Heldrax Goretouched")
    result = run_battles(lambda stream: duel(a, b, stream), Rng(6), 100)
    assert result.draws < 10 and MAX_ROUNDS == 20


def test_the_initiative_deck_follows_wrath_and_injuries_draw_critical_cards():
    # Round 1: both start on Wrath 3, so the Initiative deck holds three cards of each.
    log = []
    duel(champion("Kore Hammerskull"), champion("Fexgor the Flayer"), Rng(21), log=log)
    first = log[0].split("initiative ")[1]
    assert sorted(first) == ["a", "a", "a", "b", "b", "b"]
    logs = []
    for i in range(30):
        lines = []
        duel(champion("Kore Hammerskull"), champion("Fexgor the Flayer"), Rng(21).spawn(str(i)), log=lines)
        logs.extend(lines)
    assert any("critical injury" in line for line in logs)


def test_fight_sends_each_rosters_first_champion():
    one = Roster(name="one", champions=[champion("Tark Gruelgore")])
    other = Roster(name="other", champions=[champion("Atorg Bloodbringer"), champion("Redarg Bloodfane")])
    assert get_system("gorechosen").fight is SYSTEM.fight
    for i in range(10):
        stream = Rng(8).spawn(str(i))
        assert SYSTEM.fight(one, other, stream) == duel(champion("Tark Gruelgore"), champion("Atorg Bloodbringer"),
                                                         Rng(8).spawn(str(i)))


def test_skirmish_balance_plays_gorechosen_rosters():
    folder = content_dir() / "gorechosen"
    matchup = simulate_matchup(folder / "example_brass_pit.yaml", folder / "champions.yaml", make_rng(2), battles=60)
    assert matchup.system == "gorechosen" and matchup.unit == "rating"
    assert matchup.result.battles == 60


def test_a_system_without_a_simulator_still_says_so(monkeypatch):
    champions = content_dir() / "gorechosen" / "champions.yaml"
    monkeypatch.setattr(SYSTEM, "fight", None)
    with pytest.raises(SkirmishError, match="no battle simulator yet"):
        simulate_matchup(champions, champions, make_rng(1), battles=10)
