"""The book's campaign steps ("Playing a Campaign", "Spoils of Battle", "Tiebreakers"), one test a step."""

import pytest

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.bladeborn.campaign import BattleEnd, end_from_log, tiebreak
from generator.systems.bladeborn.campaign.file import Used
from generator.systems.bladeborn.campaign.play import advanced
from generator.systems.bladeborn.campaign.start import start_campaign
from generator.systems.bladeborn.campaign.steps import Result, convergence_level, lesser_pile, record
from generator.systems.warcry.mechanics import roll_off


def won(loaded, winner, **kw):
    """The campaign after ``winner`` wins its next battle at the table."""
    return advanced(loaded, record(loaded, Result(winner, **kw)))


def end(left, total=(4, 6), objectives=(0, 0)):
    return BattleEnd(dict(zip("ab", left)), dict(zip("ab", total)), dict(zip("ab", objectives)))


# ---- Tiebreakers -----------------------------------------------------------------------------


def test_tiebreaker_1_only_one_warband_left():
    """If there are fighters from only one warband on the battlefield, that warband's player wins."""
    assert tiebreak(end((0, 2))) == ("b", 1)


def test_tiebreaker_2_more_objectives():
    """Otherwise, the warband controlling more objectives wins."""
    assert tiebreak(end((1, 1), objectives=(2, 1))) == ("a", 2)


def test_tiebreaker_3_higher_proportion_of_fighters_left():
    """Otherwise, the higher proportion of its fighters on the battlefield: 2 of 4 Ravagers (1/2)
    against 3 of 6 Godsworn (1/2) is level; 3 of 6 beats 1 of 4."""
    assert tiebreak(end((1, 3))) == ("b", 3)
    assert tiebreak(end((2, 3)), Rng(1))[1] == 4


def test_tiebreaker_4_roll_off():
    """Otherwise, the players roll off, and the winner of the roll-off wins."""
    assert tiebreak(end((2, 3)), Rng(11)) == (roll_off(Rng(11))[0], 4)
    with pytest.raises(SkirmishError, match="roll-off"):
        tiebreak(end((2, 3)))


def test_a_drawn_battle_is_resolved_from_its_log():
    """A level battle read from the log alone: both warbands still there, A holds 2 objectives to
    B's 1, so tiebreaker 2 gives it to A; a fighter still in reserve is not on the battlefield."""
    header = {"sides": {"a": {"fighters": [{}, {}, {}]}, "b": {"fighters": [{}, {}]}}}
    events = [{"action": "place", "side": "a", "fighter": "a1"}, {"action": "place", "side": "a", "fighter": "a2"},
              {"action": "place", "side": "b", "fighter": "b1"}, {"action": "place", "side": "b", "fighter": "b2"},
              {"action": "control", "cell": "3,3", "side": "a"}, {"action": "control", "cell": "9,3", "side": "b"},
              {"action": "control", "cell": "9,3", "side": "a"}, {"action": "control", "cell": "3,5", "side": "b"},
              {"action": "taken_down", "side": "a", "fighter": "a2"}]
    found = end_from_log(header, events)
    assert found == BattleEnd({"a": 1, "b": 2}, {"a": 3, "b": 2}, {"a": 2, "b": 1})
    assert tiebreak(found) == ("a", 2)


def test_a_campaign_battle_must_have_a_winner(campaign):
    """Campaign battles must have a winner: a draw is not recorded, the tiebreakers decide first;
    and a battle card that calls a level result a draw plays the tiebreakers instead."""
    from generator.systems.bladeborn.campaign.effects import battle_inputs

    with pytest.raises(SkirmishError, match="tiebreakers"):
        record(campaign, Result(None))
    camp = campaign.campaign.model_copy(deep=True)
    camp.next.card = "Drawn and Quartered"  # the book's example card: a level result is a draw
    inputs = battle_inputs(advanced(campaign, camp))
    assert inputs.card.tie == "tiebreakers"


# ---- Playing a Campaign -----------------------------------------------------------------------


def test_the_campaign_starts_with_a_random_battle(campaign):
    """Step 2: start by playing a random battle, a card drawn from the shuffled battle cards."""
    from generator.systems.bladeborn.campaign.decks import battle_cards

    nxt = campaign.campaign.next
    assert (nxt.number, nxt.kind, nxt.aspirant, nxt.convergence) == (1, "battle", None, None)
    assert nxt.card in {c.name for c in battle_cards()}
    drawn = {start_campaign(campaign.warbands, seed).loaded.campaign.next.card for seed in range(12)}
    assert len(drawn) > 3  # shuffled, not always the same card


def test_the_winner_of_a_battle_becomes_the_aspirant(campaign):
    """Step 3: the winner of that battle, now called the aspirant, plays their convergence."""
    after = won(campaign, "b")
    nxt = after.campaign.next
    assert after.campaign.aspirant == "b"
    assert (nxt.kind, nxt.aspirant, nxt.level, nxt.convergence) == ("convergence", "b", "first", "Into the Shallows")


def test_which_convergence_by_artefacts_of_power():
    """No artefacts of power: the first convergence; one: the second; two: the final."""
    assert [convergence_level(n) for n in (0, 1, 2)] == ["first", "second", "final"]
    with pytest.raises(SkirmishError):
        convergence_level(3)


def test_a_won_convergence_turns_into_an_artefact_and_returns_to_a_random_battle(campaign):
    """Step 4: if the aspirant wins the convergence, return to step 2 (a random battle); the card
    is turned over and its artefact of power is theirs, on a fighter of their choice."""
    after = won(won(campaign, "a"), "a", bearer="Oathkeeper Drum")
    camp = after.campaign
    assert [(h.name, h.bearer) for h in camp.sides["a"].artefacts] == [("The Ember Crown", "Oathkeeper Drum")]
    assert camp.history[-1].won == "The Ember Crown"
    assert camp.aspirant is None and camp.next.kind == "battle"
    nxt = won(after, "a").campaign.next
    assert (nxt.level, nxt.convergence) == ("second", "The Ash Wind")


def test_a_lost_convergence_makes_the_adversary_the_aspirant(campaign):
    """Step 4: otherwise the adversary becomes the aspirant and plays their convergence, by the
    artefacts of power they hold (Bo holds one: their second convergence)."""
    camp = campaign.campaign.model_copy(deep=True)
    from generator.systems.bladeborn.campaign.file import Held

    camp.sides["b"].artefacts.append(Held(name="Lure of the Deep", bearer="Mere-Archer"))
    after = won(won(advanced(campaign, camp), "a"), "b")
    nxt = after.campaign.next
    assert after.campaign.aspirant == "b"
    assert (nxt.aspirant, nxt.level, nxt.convergence) == ("b", "second", "Night of Hooks")
    assert after.campaign.sides["a"].artefacts == []  # losing gave Ann nothing but a setback


def test_the_first_to_win_their_final_convergence_wins_the_campaign(campaign):
    """Step 5: once an aspirant wins their final convergence, they win the campaign; the final
    convergence turns over to a reward for its own fighter, won against the other player."""
    loaded = campaign
    for winner in ("a", "a", "a", "a", "a"):  # battle, first, battle, second, battle
        loaded = won(loaded, winner)
    assert loaded.campaign.next.level == "final"
    done = won(loaded, "a")
    camp = done.campaign
    assert camp.winner == "a" and camp.next is None
    reward = camp.sides["a"].rewards[0]
    assert (reward.name, reward.bearer, reward.against) == ("Brand of the Kept Oath", "Vashti Ember-Crowned", "Bo")
    with pytest.raises(SkirmishError, match="campaign is over"):
        record(done, Result("a"))


def test_losing_the_final_convergence_hands_the_adversary_their_convergence(campaign):
    """An aspirant who loses even their final convergence is not done: the adversary becomes the aspirant."""
    loaded = campaign
    for winner in ("a", "a", "a", "a", "a"):
        loaded = won(loaded, winner)
    after = won(loaded, "b")
    assert after.campaign.winner is None
    assert (after.campaign.aspirant, after.campaign.next.level) == ("b", "first")


# ---- Spoils of Battle ----------------------------------------------------------------------------


def test_every_battle_winner_draws_a_lesser_artefact_nobody_holds(campaign):
    """When a player wins a campaign battle they draw one lesser artefact from those the players
    do not already have."""
    loaded = campaign
    for winner in ("a", "b", "b", "a", "a", "b"):
        before = lesser_pile(loaded.campaign, loaded.lesser)
        loaded = won(loaded, winner)
        drew = loaded.campaign.history[-1].drew
        assert drew in before
        assert drew in loaded.campaign.sides[winner].lesser
    held = loaded.campaign.sides["a"].lesser + loaded.campaign.sides["b"].lesser
    assert len(held) == len(set(held)) == 6


def test_lesser_artefacts_used_return_to_the_pile_before_the_winner_draws(campaign):
    """At the end of each battle, before the winner draws, every lesser artefact used in it goes
    back to the pile: a used card is out of its player's hand and may be the very card drawn."""
    loaded = won(campaign, "a")
    charm = loaded.campaign.sides["a"].lesser[0]
    rest = [c.name for c in loaded.lesser.cards if c.name != charm]
    camp = loaded.campaign.model_copy(deep=True)
    camp.sides["b"].lesser = rest[:-1]  # Bo holds all but one other card: the pile will hold two
    loaded = advanced(loaded, camp)
    bearer = "Vashti Ember-Crowned"
    after = record(loaded, Result("b", used={"a": [Used(name=charm, bearer=bearer)]}))
    assert charm not in after.sides["a"].lesser
    assert after.history[-1].used == {"a": [Used(name=charm, bearer=bearer)]}
    assert after.history[-1].drew in (charm, rest[-1])
    drawn = {record(advanced(loaded, _reseeded(loaded.campaign, s)), Result("b", used={"a": [Used(name=charm, bearer=bearer)]}))
             .history[-1].drew for s in range(8)}
    assert charm in drawn  # the returned card is in the pile the winner shuffles


def _reseeded(camp, seed):
    copy = camp.model_copy(deep=True)
    copy.seed = seed
    return copy


def test_a_lesser_artefact_is_used_once_and_only_by_its_holder(campaign):
    loaded = won(campaign, "a")
    charm = loaded.campaign.sides["a"].lesser[0]
    with pytest.raises(SkirmishError, match="not in side b's hand"):
        record(loaded, Result("a", used={"b": [Used(name=charm, bearer="Mere-Archer")]}))
    with pytest.raises(SkirmishError, match="used twice"):
        record(loaded, Result("a", used={"a": [Used(name=charm, bearer="Soot-Runner")] * 2}))


def test_no_lesser_artefact_when_the_pile_is_empty(campaign):
    camp = campaign.campaign.model_copy(deep=True)
    names = [c.name for c in campaign.lesser.cards]
    camp.sides["a"].lesser, camp.sides["b"].lesser = names[:5], names[5:]
    after = record(advanced(campaign, camp), Result("a"))
    assert after.history[-1].drew is None


def test_rewards_carry_over_to_a_new_campaign_against_the_same_rival(campaign, warbands):
    """In future campaigns with that warband against the player defeated, you have the reward."""
    loaded = campaign
    for winner in ("a",) * 6:
        loaded = won(loaded, winner)
    finished = loaded.campaign
    again = start_campaign(warbands, 9, {"a": "Ann", "b": "Bo"}, finished).loaded
    assert [(r.name, r.against) for r in again.campaign.sides["a"].rewards] == [("Brand of the Kept Oath", "Bo")]
    from generator.systems.bladeborn.campaign.effects import battle_inputs

    vashti = battle_inputs(again).played["a"].fighters[0]
    assert (vashti.wounds, vashti.weapons[0].strength) == (20 + 3, 5 + 1)
    # another rival: the reward does not count; another warband: it does not come along at all
    other = start_campaign(warbands, 9, {"a": "Ann", "b": "Cy"}, finished).loaded
    assert battle_inputs(other).played["a"].fighters[0].wounds == 20
    swapped = start_campaign({"a": warbands["b"], "b": warbands["a"]}, 9, {"a": "Ann", "b": "Bo"}, finished).loaded
    assert swapped.campaign.sides["a"].rewards == []


def test_a_reward_is_discarded_before_the_next_final_convergence(campaign, warbands):
    """When you next fight that warband's final convergence, you must discard that reward before
    the start of the battle."""
    loaded = campaign
    for winner in ("a",) * 6:
        loaded = won(loaded, winner)
    again = start_campaign(warbands, 9, {"a": "Ann", "b": "Bo"}, loaded.campaign).loaded
    for winner in ("a",) * 4:  # battle, first convergence, battle, second convergence
        again = won(again, winner)
        assert again.campaign.sides["a"].rewards  # kept through the first and second convergences
    again = won(again, "a")  # the random battle: Ann's final convergence is next
    nxt = again.campaign.next
    assert nxt.level == "final" and nxt.discarded == ["Brand of the Kept Oath"]
    assert again.campaign.sides["a"].rewards == []
    won_again = won(again, "a").campaign
    assert [r.name for r in won_again.sides["a"].rewards] == ["Brand of the Kept Oath"]


def test_the_same_campaign_file_draws_the_same_cards(campaign):
    """Every draw comes from the campaign's seed: recording the same result twice gives the same campaign."""
    assert record(campaign, Result("a")) == record(campaign, Result("a"))
