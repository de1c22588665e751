"""The knob that evens a real opponent, in every system: small steps of strength that change no
roll, only how long a fighter stands, priced again where the price comes from the card."""

from __future__ import annotations

import pytest

from generator.balance.forces import force_cost
from generator.balance.opponent import Opponent, nudged
from generator.content import load_roster
from generator.systems import get_system
from generator.systems.gorechosen.knob import _strength, ladder, nudge
from generator.systems.gorechosen.mechanics import track_wounds_to_slay

ROSTERS = {
    "bladeborn": "bladeborn/example-cinder-oath",
    "warcry": "warcry/example-gilded-ruin",
    "gorechosen": "gorechosen/example_brass_pit",
    "bladestorm": "bladestorm/warriors-of-ash-goblins",
    "sagaborn": "sagaborn/house-vareth",
}


def _staying_power(system, card) -> float:
    """What a step changes: Wounds, Endurance boxes, HP, or (Gorechosen) the rating's lifetime
    damage, which orders the health tracks the knob steps along; SagaBorn's HP over all of a
    squad's units, its hardy ones (one HP more) counted."""
    if hasattr(card, "hardy_units"):
        return card.hp * card.units + card.hardy_units
    for name in ("wounds", "endurance", "hp"):
        if hasattr(card, name):
            return getattr(card, name)
    return _strength(card)[0]


def _steps(n: int, steps: int) -> list[int]:
    """The steps each of ``n`` fighters takes when ``steps`` go round the force."""
    return [steps // n + (i < steps % n) for i in range(n)]


@pytest.mark.parametrize("name", sorted(ROSTERS))
def test_every_system_has_a_knob_that_spreads_its_steps(name):
    """Five steps stronger: the steps go to the fighters in turn, round the force; two weaker
    take from the first two."""
    system, roster = load_roster(ROSTERS[name])
    cards = list(system.combatants(roster))
    n = len(cards)
    stronger = nudged(system, roster, 5, "Stronger")
    gained = [_staying_power(system, b) - _staying_power(system, a) for a, b in zip(cards, system.combatants(stronger))]
    weaker = nudged(system, roster, -2, "Weaker")
    lost = [_staying_power(system, a) - _staying_power(system, b) for a, b in zip(cards, system.combatants(weaker))]
    if name == "gorechosen":  # the steps along a ladder of tracks are not all the same size
        assert [g > 0 for g in gained] == [s > 0 for s in _steps(n, 5)]
        assert [x > 0 for x in lost] == [s > 0 for s in _steps(n, 2)]
        return
    unit = _staying_power(system, list(system.combatants(nudged(system, roster, 1, "One")))[0]) - \
        _staying_power(system, cards[0])
    assert unit > 0
    assert gained == [unit * s for s in _steps(n, 5)]
    assert lost == [unit * s for s in _steps(n, 2)]


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


def _room(champion) -> int:
    """Steps up before the champion's track is ten spaces with the marker on the top."""
    steps = 0
    while (champion := nudge(champion, 1)) is not None:
        steps += 1
    return steps


def test_a_fighter_at_its_limit_is_passed_over_and_a_knob_past_every_limit_is_none():
    """A Gorechosen track has ten spaces at most: the knob steps past a full track to the next
    champion, and when every track is full there is no step left."""
    system, roster = load_roster(ROSTERS["gorechosen"])
    room = sum(_room(c) for c in roster.champions)
    full = nudged(system, roster, room, "Full")
    assert [(c.health.length, c.health.start) for c in full.champions] == [(10, 1)] * len(roster.champions)
    assert nudged(system, roster, room + 1, "Past") is None


def test_a_gorechosen_step_weaker_starts_the_marker_a_space_lower():
    """Tark's five-space track (Wounded once space 2 is covered) takes 14 wounds to slay. A step
    weaker starts his Health marker on space 2: 13 wounds, and Wounded a wound sooner; the next
    starts it on space 3. Each step back up undoes one."""
    tark = next(c for c in load_roster("gorechosen/champions")[1].champions if c.name == "Tark Gruelgore")
    chain = [tark, nudge(tark, -1)]
    chain.append(nudge(chain[-1], -1))
    assert [(c.health.length, c.health.start) for c in chain] == [(5, 1), (5, 2), (5, 3)]
    assert [track_wounds_to_slay(c.health) for c in chain] == [14, 13, 12]
    for weaker, stronger in zip(chain[1:], chain):
        assert nudge(weaker, 1).health == stronger.health
    assert chain[1].source == "built" and chain[1].health.wounded_boxes == tark.health.wounded_boxes


@pytest.mark.parametrize("roster_name", ["gorechosen/champions", "gorechosen/example_brass_pit"])
def test_the_gorechosen_ladder_rises_in_rating_and_in_price(roster_name):
    """Every step up the ladder is a stronger champion by the rating that prices it, and the
    ladder holds every legal track: two to ten spaces, the marker on any space above the bottom."""
    system, roster = load_roster(roster_name)
    for champion in roster.champions:
        rungs = ladder(champion)
        lowest = max(champion.health.wounded_boxes) + 1
        assert len(rungs) == sum(n - 1 for n in range(lowest, 11))
        strengths = []
        for length, start in rungs:
            track = champion.health.model_copy(update={"length": length, "start": start})
            strengths.append(_strength(champion.model_copy(update={"health": track}))[0])
        assert strengths == sorted(strengths)
        up, down = nudge(champion, 1), nudge(champion, -1)
        cost = lambda c: system.price([c])[0].cost
        assert cost(down) <= cost(champion) <= cost(up)


def test_a_book_champion_changed_by_the_knob_is_no_longer_the_books():
    system, roster = load_roster("gorechosen/champions")
    first_from_book = [c.source for c in roster.champions].index("book")
    changed = nudged(system, roster, first_from_book + 1, "S").champions[first_from_book]
    assert changed.source == "built" and changed.health.length == roster.champions[first_from_book].health.length + 1
    assert changed.health.start == roster.champions[first_from_book].health.length


@pytest.mark.parametrize("knob,words", [
    (1, "1 Wound more than built"),
    (-3, "3 Wounds fewer than built"),
])
def test_the_knob_in_players_words(knob, words):
    system, roster = load_roster(ROSTERS["bladeborn"])
    assert Opponent(roster, knob, roster).describe_knob(system) == words


def test_the_gorechosen_knob_in_players_words_names_each_track():
    """The booklet says which tracks changed and where each marker starts, against the card as built."""
    system, roster = load_roster(ROSTERS["gorechosen"])
    weaker = nudged(system, roster, -1, "W")
    first = weaker.champions[0]
    if first.health.length == roster.champions[0].health.length:
        words = f"{first.name}: Health marker starts on space {first.health.start} (built: the top)"
    else:
        words = (f"{first.name}: {first.health.length}-space health track, marker starting on space "
                 f"{first.health.start} (built: 6 spaces)")
    assert roster.champions[0].health.length == 6
    assert Opponent(roster, -1, weaker).describe_knob(system) == words


def test_the_gorechosen_knob_words_fit_the_scenario_file_whatever_the_names():
    """Two champions with long names both changed: the words still fit ``balance.knob``."""
    system, roster = load_roster(ROSTERS["gorechosen"])
    long = [c.model_copy(update={"name": c.name + " the Red Tithe of the Long Night"}) for c in roster.champions]
    base = roster.model_copy(update={"champions": long})
    stronger = nudged(system, base, 2, "S")
    words = Opponent(base, 2, stronger).describe_knob(system)
    assert 0 < len(words) <= 200 and long[0].name in words and long[1].name in words
