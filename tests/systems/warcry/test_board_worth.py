"""Board points: fitted on simulated battles, stored as data, and they move the right way.

The published-style model (``test_cost_model.py``) answers "what would the book charge"; board
points answer "what is this fighter worth in the battles the engine plays". Both must load, add
up, and never make a better fighter cheaper.
"""

from __future__ import annotations

import pytest

from generator.errors import ContentError
from generator.systems import get_system
from generator.systems.warcry.board_worth import (
    MONOTONE_FEATURES,
    board_features,
    board_price,
    default_board_worth,
    read_board_worth,
)
from generator.systems.warcry.cost import price_fighter


def weapon(attacks, strength, hit, crit, max_range=1, min_range=0):
    return {"attacks": attacks, "strength": strength, "dmg_hit": hit, "dmg_crit": crit,
            "min_range": min_range, "max_range": max_range}


def fighter(move=4, toughness=4, wounds=12, attacks=3, strength=4, hit=1, crit=4, max_range=1, runemarks=()):
    return {"name": "Test", "movement": move, "toughness": toughness, "wounds": wounds,
            "runemarks": list(runemarks), "weapons": [weapon(attacks, strength, hit, crit, max_range)]}


@pytest.mark.parametrize("system", ["warcry", "bladeborn"])
def test_the_shipped_coefficients_load_and_name_their_fit(system):
    model = default_board_worth(system)
    assert model.geometry == system and model.unit == "points"
    assert model.scale > 0 and model.exponent >= 0
    for key in MONOTONE_FEATURES:
        assert model.coefficients.get(key, 0.0) >= 0
    assert model.fit.get("generated_by") == "tools/fit_board_worth.py"


@pytest.mark.parametrize("system", ["warcry", "bladeborn"])
def test_a_fighter_better_in_every_stat_costs_more(system):
    model = default_board_worth(system)
    base = fighter(move=4, toughness=3, wounds=10, attacks=2, strength=3, hit=1, crit=3, max_range=1)
    better = fighter(move=6, toughness=4, wounds=15, attacks=3, strength=4, hit=2, crit=4, max_range=2)
    assert board_price(better, model).cost > board_price(base, model).cost
    for change in ({"move": 8}, {"wounds": 20}, {"toughness": 5}, {"attacks": 4}, {"max_range": 3}):
        assert board_price(fighter(**{**_defaults(), **change}), model, rounded=False).cost >= \
            board_price(fighter(**_defaults()), model, rounded=False).cost


def _defaults():
    return {"move": 4, "toughness": 4, "wounds": 12, "attacks": 3, "strength": 4, "hit": 1, "crit": 4, "max_range": 1}


@pytest.mark.parametrize("system", ["warcry", "bladeborn"])
def test_the_breakdown_adds_up_to_the_cost(system):
    model = default_board_worth(system)
    for f in (fighter(), fighter(move=8, wounds=25, runemarks=["hero"]), fighter(max_range=12)):
        priced = board_price(f, model)
        assert priced.cost % 5 == 0 and priced.cost >= 5
        assert sum(priced.breakdown.values()) == pytest.approx(priced.cost, abs=1e-6)


@pytest.mark.parametrize("system", ["warcry", "bladeborn"])
def test_system_price_is_board_points_and_random_cards_carry_them(system):
    from generator.dice.rng import Rng

    built = get_system(system).build_random(Rng(11), points=500)
    priced = get_system(system).price([b.combatant for b in built])
    assert [p.cost for p in priced] == [b.combatant.points for b in built]
    assert all(p.breakdown["published"] > 0 for p in priced)


def test_warcry_hexes_come_from_the_battle_conversion():
    # 4" is 2 hexes on the board; a 12" bow is 6 hexes (5 beyond melee), a 3" weapon is melee
    x = board_features(fighter(move=4, max_range=12), "warcry")
    assert x["move"] == 2 and x["reach"] == 5
    assert board_features(fighter(max_range=3), "warcry")["reach"] == 0
    hexes = board_features(fighter(move=4, max_range=3), "bladeborn")  # Bladeborn cards are in hexes
    assert hexes["move"] == 4 and hexes["reach"] == 2


def test_an_identity_file_gives_the_published_style_price(tmp_path):
    path = tmp_path / "board-worth.yaml"
    path.write_text("system: warcry\nkind: board-worth\nname: identity\ngeometry: warcry\nscale: 100\nexponent: 1\n")
    model = read_board_worth(path)
    card = fighter(move=5, wounds=18, attacks=4, strength=5, hit=2, crit=5, runemarks=["hero"])
    assert board_price(card, model).cost == price_fighter(card).cost


def test_a_negative_price_for_a_better_stat_is_refused_with_file_and_field(tmp_path):
    path = tmp_path / "board-worth.yaml"
    path.write_text("system: warcry\nkind: board-worth\nname: bad\ngeometry: warcry\n"
                    "coefficients:\n  move: -3\nbaseline:\n  move: 3\n")
    with pytest.raises(ContentError, match=r"board-worth.yaml:\d+: coefficients.*move.*negative"):
        read_board_worth(path)


def _fit_tool():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "tools" / "fit_board_worth.py"
    spec = importlib.util.spec_from_file_location("fit_board_worth", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_finds_a_planted_exponent():
    # Forces whose strength grows as the sum of (price / 100) squared: the fit must say "2".
    import numpy as np

    from generator.dice.rng import Rng

    tool = _fit_tool()
    builder = get_system("bladeborn")
    forces = []
    for i in range(30):
        built = builder.build_random(Rng(i), count=3 + i % 5)
        forces.append({"fighters": [b.combatant.model_dump(mode="json") for b in built]})
    data = tool.Data("bladeborn", forces, [])
    y = 0.4 * np.bincount(data.owner, weights=(data.q / 100.0) ** 2)
    theta = tool.fit_layer(data, y - y.mean(), np.arange(len(forces)), 0.001, True, [])
    assert theta[2] == pytest.approx(2.0, abs=0.05)


@pytest.mark.parametrize("points", [375, 500, 625])
def test_random_bladeborn_forces_hold_four_to_six_fighters(points):
    # board points are valid for forces of a few fighters: a budget is never one champion or a horde
    from generator.dice.rng import Rng

    for seed in range(4):
        built = get_system("bladeborn").build_random(Rng(seed), points=points)
        assert 4 <= len(built) <= 6
        assert max(b.combatant.points for b in built) <= points / 4


def test_fill_budget_min_members_leaves_out_candidates_dearer_than_their_share():
    from generator.dice.rng import Rng
    from generator.systems.base import Built
    from generator.systems.forces import fill_budget

    costs = iter([400, 90, 100, 110, 95, 105] * 10)

    def draw(stream):
        cost = next(costs)
        return Built(combatant=None, log=[f"cost {cost}"]), float(cost)

    force = fill_budget(draw, Rng(1), 500, 90, "fighter", min_members=4)
    assert len(force) >= 4 and not any("cost 400" in b.log for b in force)
