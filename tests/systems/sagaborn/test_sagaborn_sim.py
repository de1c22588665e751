"""The stand-up fight used to check the cost model: reproducible and sensible at the extremes."""

from generator.dice.rng import Rng
from generator.systems.sagaborn.models import Squad
from generator.systems.sagaborn.sim import stand_up_fight, win_rate


def squad(name, units=1, **stats):
    base = dict(move=5, range=1, height=2, hp=6, attack=3, defense=3)
    base.update(stats)
    return Squad(name=name, type="hero" if units == 1 else "minion", cost=0, units=units, **base)


def test_same_seed_same_fights():
    a, b = [squad("Halvar", attack=4)], [squad("Brym")]
    assert stand_up_fight(a, b, Rng(9)) == stand_up_fight(a, b, Rng(9))
    assert win_rate(a, b, Rng(4), 30) == win_rate(a, b, Rng(4), 30)


def test_a_force_four_times_the_value_almost_always_wins():
    big = [squad("Warband", units=4)]
    small = [squad("Lone hero")]
    assert win_rate(big, small, Rng(1), 60) > 0.9


def test_a_mirror_match_is_close_to_even():
    rate = win_rate([squad("A")], [squad("B")], Rng(2), 200)
    assert 0.35 < rate < 0.65
