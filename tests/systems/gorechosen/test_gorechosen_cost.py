"""The rating: Lanchester's linear law (damage per action x actions survived), exact odds."""

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.systems.gorechosen import data
from generator.systems.gorechosen.cost import damage_per_action, price, rate
from generator.systems.gorechosen.models import Champion, Profile, Side

BAND = (0.90, 1.10)
"""The book's eight champions rate within 10% of their mean (docs/rating-gorechosen.md)."""


def champions():
    return list(data.book_champions().champions)


def test_the_reference_champion_rates_100():
    assert rate(next(c for c in champions() if c.name == data.rating_reference().reference)).rating == 100.0


def test_the_books_champions_rate_alike():
    ratings = [rate(c).rating for c in champions()]
    mean = sum(ratings) / len(ratings)
    assert all(BAND[0] * mean <= r <= BAND[1] * mean for r in ratings), ratings


def test_damage_per_action_by_brute_force():
    """Atorg Healthy: 3+ for 3 wounds on every adjacent hex. Enumerate every card's dice."""
    atorg = next(c for c in champions() if c.name == "Atorg Bloodbringer")
    deck = data.action_deck()
    per_card = Fraction(0)
    for card in deck.expanded():
        rolls = list(product(range(1, 7), repeat=card.attack.dice))
        wounds = sum(3 * sum(1 for f in roll if f >= 3) for roll in rolls)
        per_card += Fraction(wounds, len(rolls))
    per_card /= len(deck.expanded())
    adjacent = sum(Fraction(str(c["p"])) for c in data.rating_reference().engagement if abs(c["q"]) + abs(c["r"]) + abs(c["q"] + c["r"]) == 2)
    assert adjacent == Fraction(58, 100)
    assert damage_per_action(atorg.healthy) == adjacent * per_card


def _better(champion: Champion, band: str, to_hit: int = 0, wounds: int = 0) -> Champion:
    raw = champion.model_dump()
    for side in ("healthy", "wounded"):
        if band in raw[side]["profiles"]:
            p = raw[side]["profiles"][band]
            p["to_hit"] = max(2, p["to_hit"] - to_hit)
            p["wounds"] = p["wounds"] + wounds
    return Champion.model_validate(raw)


@given(st.integers(0, 7), st.sampled_from(["to_hit", "wounds", "health"]))
@settings(max_examples=30, deadline=None)
def test_a_strictly_better_champion_rates_higher(index, what):
    champion = champions()[index]
    band = next(iter(champion.healthy.profiles))
    if what == "to_hit" and champion.healthy.profiles[band].to_hit == 2:
        what = "wounds"
    if what == "to_hit":
        better = _better(champion, band, to_hit=1)
    elif what == "wounds":
        better = _better(champion, band, wounds=1)
    else:
        raw = champion.model_dump()
        raw["health"]["length"] += 1
        better = Champion.model_validate(raw)
    assert rate(better).rating > rate(champion).rating


def test_a_larger_kill_zone_rates_higher():
    vexnar = next(c for c in champions() if c.name == "Vexnar the Reaper")
    raw = vexnar.model_dump()
    for side in ("healthy", "wounded"):
        raw[side]["kill_zone"].append({"q": 1, "r": 0, "band": "near"})
    assert rate(Champion.model_validate(raw)).rating > rate(vexnar).rating


def test_breakdown_sums_to_the_rating():
    for p in price(champions()):
        assert p.unit == "rating"
        assert set(p.breakdown) == {"healthy phase", "wounded phase"}
        assert abs(sum(p.breakdown.values()) - p.cost) <= 0.1


def test_rating_is_proportional_to_health_and_damage():
    """Linear law: twice the damage per action in both phases doubles the rating."""
    side = Side(profiles={"near": Profile(to_hit=4, wounds=1)}, kill_zone=[{"q": 0, "r": -1, "band": "near"}])
    double = Side(profiles={"near": Profile(to_hit=4, wounds=2)}, kill_zone=[{"q": 0, "r": -1, "band": "near"}])
    base = champions()[0].model_dump()
    one = Champion.model_validate({**base, "healthy": side.model_dump(), "wounded": side.model_dump()})
    two = Champion.model_validate({**base, "healthy": double.model_dump(), "wounded": double.model_dump()})
    r1, r2 = rate(one), rate(two)
    assert damage_per_action(double) == 2 * damage_per_action(side)
    assert abs(r2.healthy_part + r2.wounded_part - 2 * (r1.healthy_part + r1.wounded_part)) < 0.2
