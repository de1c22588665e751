"""Random champions: inside the limits, reproducible from the seed, every roll logged."""

import pytest

from generator.content import load_file
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.gorechosen import data
from generator.systems.gorechosen.build import build_random, weakest_rating
from generator.systems.gorechosen.calc import roster_yaml
from generator.systems.gorechosen.cost import rate


def test_same_seed_same_champions_and_log():
    a = build_random(Rng(42), count=3)
    b = build_random(Rng(42), count=3)
    assert [x.combatant for x in a] == [x.combatant for x in b]
    assert [x.log for x in a] == [x.log for x in b]
    assert a[0].combatant != build_random(Rng(43))[0].combatant


def test_more_champions_do_not_change_the_first():
    assert build_random(Rng(7), count=1)[0].combatant == build_random(Rng(7), count=4)[0].combatant


@pytest.mark.parametrize("seed", range(8))
def test_champions_stay_inside_the_limits(seed):
    lim = data.builder_tables().limits
    shapes = {s.name: s for s in data.shapes().shapes}
    for built in build_random(Rng(seed), count=3):
        c = built.combatant
        for side in (c.healthy, c.wounded):
            for p in side.profiles.values():
                assert lim.to_hit[0] <= p.to_hit <= lim.to_hit[1]
                assert lim.wounds[0] <= p.wounds <= lim.wounds[1]
        for band, p in c.healthy.profiles.items():
            w = c.wounded.profiles[band]
            assert w.to_hit >= p.to_hit and w.wounds <= p.wounds
        assert lim.health[0] <= c.health.length <= lim.health[1]
        offsets = sorted(h.offset for h in c.healthy.kill_zone)
        assert any(sorted(h.offset for h in s.hexes) == offsets for s in shapes.values())
        assert any("To Hit" in line for line in built.log)
        assert any("health track length" in line for line in built.log)


def test_a_rating_budget_is_a_ceiling():
    for built in build_random(Rng(11), count=3, points=100):
        assert rate(built.combatant).rating <= 100
        assert any(line.startswith("kept:") for line in built.log)


def test_a_budget_below_the_weakest_champion_is_refused():
    with pytest.raises(SkirmishError, match="too small: the weakest legal Gorechosen champion rates"):
        build_random(Rng(1), points=weakest_rating() - 0.5)


def test_built_champions_load_as_a_roster(tmp_path):
    champions = [b.combatant for b in build_random(Rng(5), count=2)]
    path = tmp_path / "random.yaml"
    path.write_text(roster_yaml(champions, "Random"))
    assert load_file(path).model.champions == champions
