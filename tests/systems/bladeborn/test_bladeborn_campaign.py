"""Campaign tiebreakers and the aspirant/convergence flow."""

import pytest

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.bladeborn.campaign import BattleEnd, Campaign, convergence_for, tiebreak
from generator.systems.warcry.mechanics import roll_off


def end(left, total=(4, 6), objectives=(0, 0)):
    return BattleEnd(dict(zip("ab", left)), dict(zip("ab", total)), dict(zip("ab", objectives)))


def test_tiebreaker_1_only_one_warband_left():
    assert tiebreak(end((0, 2))) == ("b", 1)


def test_tiebreaker_2_more_objectives():
    assert tiebreak(end((1, 1), objectives=(2, 1))) == ("a", 2)


def test_tiebreaker_3_higher_proportion_of_fighters_left():
    # 2 of 4 Ravagers (1/2) against 3 of 6 Godsworn (1/2) is level; 3 of 6 beats 1 of 4.
    assert tiebreak(end((1, 3))) == ("b", 3)


def test_tiebreaker_4_roll_off():
    assert tiebreak(end((2, 3)), Rng(11)) == (roll_off(Rng(11))[0], 4)
    with pytest.raises(SkirmishError, match="roll-off"):
        tiebreak(end((2, 3)))


def test_convergence_by_artefacts_of_power():
    assert [convergence_for(n) for n in (0, 1, 2)] == ["first", "second", "final"]
    with pytest.raises(SkirmishError):
        convergence_for(3)


def test_campaign_flow():
    campaign = Campaign()
    assert campaign.next_battle().kind == "battle"
    campaign.record("a")  # a wins the random battle: a is the aspirant
    nxt = campaign.next_battle()
    assert (nxt.kind, nxt.aspirant, nxt.convergence) == ("convergence", "a", "first")
    campaign.record("b")  # a loses: b becomes the aspirant and plays their first convergence
    assert campaign.next_battle().aspirant == "b" and campaign.next_battle().convergence == "first"
    campaign.record("b")  # b wins it: an artefact of power, back to a random battle
    assert campaign.artefacts == {"a": 0, "b": 1} and campaign.next_battle().kind == "battle"
    campaign.record("b")
    assert campaign.next_battle().convergence == "second"
    campaign.record("b")
    campaign.record("b")
    assert campaign.next_battle().convergence == "final"
    campaign.record("b")
    assert campaign.winner == "b"
    assert campaign.lesser_artefacts == {"a": 1, "b": 6}
    with pytest.raises(SkirmishError, match="campaign is over"):
        campaign.next_battle()


def test_losing_the_final_convergence_makes_the_adversary_the_aspirant():
    campaign = Campaign(artefacts={"a": 2, "b": 0}, aspirant="a")
    assert campaign.next_battle().convergence == "final"
    campaign.record("b")
    assert campaign.winner is None and campaign.aspirant == "b"
    assert campaign.next_battle().convergence == "first"
