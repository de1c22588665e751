"""The Warcry points model: exact odds underneath, prices close to the published ones, an
itemised breakdown that adds up, and prices that move the right way when a stat improves."""

from __future__ import annotations

import copy
import itertools
import json
from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.dice.attacks import attack_odds
from generator.errors import ContentError
from generator.systems.warcry.cost import (
    default_model,
    load_warcry_json,
    price_fighter,
    price_fighters,
    read_cost_model,
)
from generator.systems.warcry.cost_odds import damage_distribution, expected_actions_to_take_down, expected_damage


def weapon(attacks, strength, hit, crit, max_range=1, min_range=0):
    return {"attacks": attacks, "strength": strength, "dmg_hit": hit, "dmg_crit": crit,
            "min_range": min_range, "max_range": max_range}


# Published profiles (numbers from the public Warcry data set) with their official points.
LIBERATOR = {  # Stormcast Eternals Warrior Chamber: a plain line fighter
    "name": "Liberator with Grandhammer", "movement": 4, "toughness": 5, "wounds": 20,
    "runemarks": ["warrior"], "weapons": [weapon(3, 5, 3, 5)], "points": 155,
}
ACOLYTE = {  # Askurgan Trueblades
    "name": "Askurgan Acolyte with Bonehilt Falchion", "movement": 5, "toughness": 3, "wounds": 12,
    "runemarks": ["elite"], "weapons": [weapon(2, 5, 2, 5)], "points": 90,
}
HORROR = {  # Disciples of Tzeentch: a hero with a ranged blast as well
    "name": "Iridescent Horror", "movement": 4, "toughness": 3, "wounds": 16, "runemarks": ["hero", "elite"],
    "weapons": [weapon(4, 3, 2, 4), weapon(2, 3, 1, 4, max_range=10, min_range=3)], "points": 170,
}


def brute_force_mean(attacks, strength, toughness, hit, crit):
    """Average damage over every way the action dice can land."""
    threshold = 3 if strength > toughness else 4 if strength == toughness else 5
    total = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=attacks):
        total += sum(crit if f == 6 else hit if f >= threshold else 0 for f in faces)
    return total / 6**attacks


@pytest.mark.parametrize("profile", [(3, 4, 4, 2, 5), (2, 5, 3, 2, 5), (4, 3, 5, 1, 4), (1, 1, 1, 1, 1)])
def test_expected_damage_matches_every_roll_of_the_dice(profile):
    assert expected_damage(*profile) == brute_force_mean(*profile)
    distribution = damage_distribution(*profile)
    assert dict(distribution) == dict(attack_odds(*profile).damage.items())  # same as the engine
    assert sum(p for _, p in distribution) == 1
    assert sum(k * p for k, p in distribution) == expected_damage(*profile)


def test_actions_to_take_down_by_hand():
    # Strength 5 against Toughness 4: 3+ hits, so each single-attack action deals 1 damage with
    # probability 4/6. One wound takes 6/4 = 1.5 actions on average, two wounds twice that.
    assert expected_actions_to_take_down(1, 4, 1, 5, 1, 1) == pytest.approx(1.5)
    assert expected_actions_to_take_down(2, 4, 1, 5, 1, 1) == pytest.approx(3.0)
    # 1 attack, 1 damage on a hit (3+: 3/6), 2 on a crit (1/6) against 2 wounds:
    # m1 = 1 / (4/6) = 1.5; m2 = (1 + 3/6 * m1) / (4/6) = 2.625.
    assert expected_actions_to_take_down(2, 4, 1, 5, 1, 2) == pytest.approx(2.625)


def test_the_built_in_model_loads_with_its_cross_validated_figures():
    model = default_model()
    assert model.unit == "points" and model.round_to == 5
    assert {"offence", "threat", "durability", "movement", "weapons"} <= set(model.coefficients)
    assert model.fit["cv"]["scheme"] == "leave-one-warband-out"
    assert model.coefficients["durability"] > 0 and model.coefficients["threat"] > 0


@pytest.mark.parametrize("fighter", [LIBERATOR, ACOLYTE], ids=lambda f: f["name"])
def test_published_fighters_are_priced_close_to_their_points(fighter):
    priced = price_fighter(fighter)
    assert priced.unit == "points"
    assert priced.cost % 5 == 0
    assert abs(priced.cost - fighter["points"]) <= 0.1 * fighter["points"]


@pytest.mark.parametrize("fighter", [LIBERATOR, ACOLYTE, HORROR], ids=lambda f: f["name"])
def test_breakdown_adds_up_to_the_cost(fighter):
    for rounded in (True, False):
        priced = price_fighter(fighter, rounded=rounded)
        assert sum(priced.breakdown.values()) == pytest.approx(priced.cost, abs=1e-6)
    assert price_fighter(fighter).cost % 5 == 0


def test_a_runemark_it_lacks_costs_nothing():
    priced = price_fighter(LIBERATOR)
    assert all(v == 0 for k, v in priced.breakdown.items() if k.startswith("runemark:"))
    assert price_fighter(HORROR).breakdown["runemark:hero"] > 0


def test_objects_and_dicts_price_the_same():
    as_object = SimpleNamespace(
        name=HORROR["name"], movement=4, toughness=3, wounds=16, runemarks=["hero", "elite"],
        weapons=[SimpleNamespace(**w) for w in HORROR["weapons"]],
    )
    assert price_fighter(as_object) == price_fighter(HORROR)


def test_price_fighters_keeps_order_and_names_unnamed_fighters():
    unnamed = {k: v for k, v in LIBERATOR.items() if k != "name"}
    priced = price_fighters([ACOLYTE, unnamed, LIBERATOR])
    assert [p.name for p in priced] == [ACOLYTE["name"], "fighter 2", LIBERATOR["name"]]


fighters = st.fixed_dictionaries({
    "movement": st.integers(3, 12),
    "toughness": st.integers(2, 7),
    "wounds": st.integers(4, 50),
    "runemarks": st.lists(st.sampled_from(["hero", "fly", "mount", "agile", "elite"]), max_size=3, unique=True),
    "weapons": st.lists(
        st.builds(weapon, st.integers(1, 6), st.integers(1, 7), st.integers(1, 4), st.integers(1, 8),
                  st.sampled_from([1, 2, 3, 8, 12])),
        min_size=1, max_size=2,
    ),
})


@settings(max_examples=40, deadline=None)
@given(fighters)
def test_any_breakdown_adds_up(fighter):
    priced = price_fighter(fighter)
    assert sum(priced.breakdown.values()) == pytest.approx(priced.cost, abs=1e-6)
    assert priced.cost >= 5


@settings(max_examples=40, deadline=None)
@given(fighters, st.integers(1, 10))
def test_more_wounds_never_cheaper(fighter, extra):
    tougher = copy.deepcopy(fighter)
    tougher["wounds"] += extra
    assert price_fighter(tougher, rounded=False).cost >= price_fighter(fighter, rounded=False).cost
    assert price_fighter(tougher).cost >= price_fighter(fighter).cost


@settings(max_examples=40, deadline=None)
@given(fighters, st.integers(1, 3), st.data())
def test_more_attacks_never_cheaper(fighter, extra, data):
    i = data.draw(st.integers(0, len(fighter["weapons"]) - 1))
    stronger = copy.deepcopy(fighter)
    stronger["weapons"][i]["attacks"] += extra
    assert price_fighter(stronger, rounded=False).cost >= price_fighter(fighter, rounded=False).cost
    assert price_fighter(stronger).cost >= price_fighter(fighter).cost


@settings(max_examples=30, deadline=None)
@given(fighters)
def test_more_toughness_never_cheaper(fighter):
    tougher = dict(fighter, toughness=fighter["toughness"] + 1)
    assert price_fighter(tougher, rounded=False).cost >= price_fighter(fighter, rounded=False).cost


def test_bad_fighters_name_the_field():
    broken = copy.deepcopy(LIBERATOR)
    broken["weapons"][0]["strength"] = "four"
    with pytest.raises(ContentError, match=r"fighter \[1\] \(Liberator with Grandhammer\): weapons\[0\]\.strength: 'four'"):
        price_fighters([ACOLYTE, broken])
    with pytest.raises(ContentError, match="wounds: missing"):
        price_fighter({k: v for k, v in ACOLYTE.items() if k != "wounds"})
    with pytest.raises(ContentError, match="weapons: empty"):
        price_fighter(dict(ACOLYTE, weapons=[]))
    with pytest.raises(ContentError, match="toughness: 0 is below the minimum 1"):
        price_fighter(dict(ACOLYTE, toughness=0))
    with pytest.raises(ContentError, match="wounds: 100000 is above the maximum 500"):
        price_fighter(dict(ACOLYTE, wounds=100000))


def test_load_warcry_json_reports_file_index_and_field(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps([ACOLYTE, LIBERATOR]))
    assert [f["name"] for f in load_warcry_json(good)] == [ACOLYTE["name"], LIBERATOR["name"]]

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([ACOLYTE, dict(LIBERATOR, movement=None)]))
    with pytest.raises(ContentError) as err:
        load_warcry_json(bad)
    assert str(err.value) == f"{bad}: fighter [1] (Liberator with Grandhammer): movement: None is not a whole number"

    not_list = tmp_path / "obj.json"
    not_list.write_text("{}")
    with pytest.raises(ContentError, match="expected a JSON list of fighters"):
        load_warcry_json(not_list)
    broken = tmp_path / "broken.json"
    broken.write_text("[\n{,")
    with pytest.raises(ContentError, match=r"broken.json:2: not valid JSON"):
        load_warcry_json(broken)
    with pytest.raises(ContentError, match="missing.json: no such file"):
        load_warcry_json(tmp_path / "missing.json")


def test_a_cost_model_with_an_unknown_feature_is_refused(tmp_path):
    path = tmp_path / "model.yaml"
    path.write_text(
        "system: warcry\nkind: cost-model\nname: x\nintercept: 1\ncoefficients: {charisma: 1}\n"
        "baseline: {charisma: 0}\nreference: {toughness_weights: {4: 1}, attackers: [[3, 4, 1, 3, 1]]}\n"
    )
    with pytest.raises(ContentError, match="charisma"):
        read_cost_model(path)


@settings(max_examples=30, deadline=None)
@given(fighters, st.integers(1, 4))
def test_more_move_never_cheaper(fighter, extra):
    faster = dict(fighter, movement=fighter["movement"] + extra)
    assert price_fighter(faster, rounded=False).cost >= price_fighter(fighter, rounded=False).cost


@settings(max_examples=30, deadline=None)
@given(fighters.filter(lambda f: len(f["weapons"]) == 1), st.integers(1, 4), st.integers(1, 4))
def test_an_extra_weapon_never_makes_a_fighter_cheaper(fighter, attacks, strength):
    armed = copy.deepcopy(fighter)
    armed["weapons"].append(weapon(attacks, strength, 1, 2, max_range=8, min_range=3))
    assert price_fighter(armed, rounded=False).cost >= price_fighter(fighter, rounded=False).cost


def test_move_past_the_cap_is_paid_for_through_threat_only():
    from generator.systems.warcry.cost_features import features, fighter_stats

    model = default_model()
    cap = model.movement_cap
    assert cap is not None and model.coefficients["movement"] > 0
    at_cap, beyond = (fighter_stats(dict(LIBERATOR, movement=m)) for m in (cap, cap + 4))
    x_cap = features(at_cap, model.reference_tuple, model.runemarks, cap)
    x_beyond = features(beyond, model.reference_tuple, model.runemarks, cap)
    assert x_cap["movement"] == x_beyond["movement"] == cap
    assert x_beyond["threat"] > x_cap["threat"]
    assert price_fighter(dict(LIBERATOR, movement=cap + 4), rounded=False).cost > \
        price_fighter(dict(LIBERATOR, movement=cap), rounded=False).cost
    # uncapped, the same call counts every inch
    assert features(beyond, model.reference_tuple)["movement"] == cap + 4


def test_the_price_is_the_nearest_multiple_of_5_to_the_models_figure():
    """Rounding to the nearest 5 (not down, not up, not to 10), on the shipped data-set sample."""
    import json
    from pathlib import Path

    from generator.systems.warcry.pricing import round_points

    sample = Path(__file__).resolve().parents[2] / "fixtures" / "warcry-fighters-sample.json"
    fighters = json.loads(sample.read_text())
    offsets = []
    for fighter in fighters:
        exact = price_fighter(fighter, rounded=False).cost
        shown = price_fighter(fighter).cost
        assert shown % 5 == 0
        assert abs(shown - exact) <= 2.5 + 1e-9, (fighter["name"], exact, shown)
        assert shown == max(5, 5 * round(exact / 5))
        offsets.append(shown - exact)
    # Both directions occur: a floor or a ceiling would make every offset one-signed.
    assert min(offsets) < 0 < max(offsets)
    assert [round_points(v) for v in (92.4, 92.6, 97.4, 97.6, 1.0, 2.6)] == [90, 95, 95, 100, 5, 5]
