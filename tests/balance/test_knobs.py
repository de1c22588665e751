"""The knob that evens a real opponent, in every system: small steps of strength that change no
roll, only how long a fighter stands, priced again where the price comes from the card."""

from __future__ import annotations

import pytest

from generator.balance.forces import force_cost
from generator.balance.opponent import Opponent, nudged
from generator.content import load_roster
from generator.systems import get_system

ROSTERS = {
    "bladeborn": "bladeborn/example-cinder-oath",
    "warcry": "warcry/example-gilded-ruin",
    "gorechosen": "gorechosen/example_brass_pit",
    "bladestorm": "bladestorm/warriors-of-ash-goblins",
    "sagaborn": "sagaborn/house-vareth",
}


def _staying_power(system, card) -> int:
    """What a step changes: Wounds, health spaces, Endurance boxes or HP."""
    for name in ("wounds", "endurance", "hp"):
        if hasattr(card, name):
            return getattr(card, name)
    return card.health.length


@pytest.mark.parametrize("name", sorted(ROSTERS))
def test_every_system_has_a_knob_that_spreads_its_steps(name):
    """Five steps stronger: the steps go to the fighters in turn, round the force; two weaker
    take from the first two."""
    system, roster = load_roster(ROSTERS[name])
    cards = list(system.combatants(roster))
    n = len(cards)
    unit = _staying_power(system, list(system.combatants(nudged(system, roster, 1, "One")))[0]) - \
        _staying_power(system, cards[0])
    assert unit > 0
    stronger = nudged(system, roster, 5, "Stronger")
    gained = [_staying_power(system, b) - _staying_power(system, a) for a, b in zip(cards, system.combatants(stronger))]
    assert gained == [unit * (5 // n + (i < 5 % n)) for i in range(n)]
    weaker = nudged(system, roster, -2, "Weaker")
    lost = [_staying_power(system, a) - _staying_power(system, b) for a, b in zip(cards, system.combatants(weaker))]
    assert sum(lost) == 2 * unit and lost[0] >= unit


@pytest.mark.parametrize("name", ["bladeborn", "warcry", "gorechosen", "bladestorm"])
def test_a_step_stronger_costs_more_where_the_price_is_the_cards(name):
    system, roster = load_roster(ROSTERS[name])
    assert force_cost(system, nudged(system, roster, 3, "S")) > force_cost(system, roster)
    assert force_cost(system, nudged(system, roster, -3, "W")) < force_cost(system, roster)


def test_sagaborn_keeps_the_printed_costs_the_knob_is_a_handicap():
    """A SagaBorn squad's cost is the book's number (and unspent points buy initiative): the HP
    step leaves it as printed."""
    system, roster = load_roster(ROSTERS["sagaborn"])
    stronger = nudged(system, roster, 3, "S")
    assert force_cost(system, stronger) == force_cost(system, roster)
    assert [s.hp for s in stronger.squads][:3] == [s.hp + 1 for s in roster.squads][:3]


def test_a_fighter_at_its_limit_is_passed_over_and_a_knob_past_every_limit_is_none():
    """A Gorechosen track has ten spaces at most: the knob steps past a full track to the next
    champion, and when every track is full there is no step left."""
    system, roster = load_roster(ROSTERS["gorechosen"])
    lengths = [c.health.length for c in roster.champions]
    room = sum(10 - n for n in lengths)
    full = nudged(system, roster, room, "Full")
    assert [c.health.length for c in full.champions] == [10] * len(lengths)
    assert nudged(system, roster, room + 1, "Past") is None


def test_a_book_champion_changed_by_the_knob_is_no_longer_the_books():
    system, roster = load_roster("gorechosen/champions")
    first_from_book = [c.source for c in roster.champions].index("book")
    changed = nudged(system, roster, first_from_book + 1, "S").champions[first_from_book]
    assert changed.source == "built" and changed.health.length == roster.champions[first_from_book].health.length + 1


@pytest.mark.parametrize("knob,words", [
    (1, "1 Wound more than built, to even the battle"),
    (-3, "3 Wounds fewer than built, to even the battle"),
])
def test_the_knob_in_players_words(knob, words):
    system, roster = load_roster(ROSTERS["bladeborn"])
    assert Opponent(roster, knob, roster).describe_knob(system) == words
