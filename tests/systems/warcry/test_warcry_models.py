"""Warcry fighter cards: the public data set's records validate as they are; limits are enforced."""

import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from generator.systems.warcry.models import Ability, Fighter, Warband, describe, load_limits

# A handful of fighters copied from the public training file, shipped with the tests so the
# data-set checks always run. SKIRMISH_WARCRY_DATA may point at the full training file instead.
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "warcry-fighters-sample.json"


def dataset_path() -> Path:
    """The full training file when SKIRMISH_WARCRY_DATA names one, else the shipped sample."""
    wanted = os.environ.get("SKIRMISH_WARCRY_DATA")
    if wanted:
        path = Path(wanted)
        assert path.exists(), f"SKIRMISH_WARCRY_DATA={wanted} does not exist"
        return path
    return FIXTURE

ASKURGAN = {
    "grand_alliance": "death",
    "movement": 5,
    "name": "Askurgan Acolyte with Bonehilt Falchion",
    "points": 90,
    "runemarks": ["elite"],
    "toughness": 3,
    "warband": "Askurgan Trueblades",
    "weapons": [
        {"attacks": 2, "dmg_crit": 5, "dmg_hit": 2, "max_range": 1, "min_range": 0, "runemark": "sword", "strength": 5}
    ],
    "wounds": 12,
}


def test_a_dataset_record_validates_unchanged():
    fighter = Fighter.model_validate(ASKURGAN)
    assert fighter.weapons[0].damage_text == "2/5"
    assert fighter.points == 90


def test_every_published_profile_in_the_training_set_is_within_limits():
    records = json.loads(dataset_path().read_text())
    assert len(records) >= 10
    assert len([Fighter.model_validate(r) for r in records]) == len(records)


def errors(model, data):
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    return {".".join(map(str, e["loc"])): e["msg"] for e in info.value.errors()}


def test_out_of_range_values_are_reported_at_their_field_with_the_allowed_bound():
    bad = dict(ASKURGAN, toughness=11, weapons=[dict(ASKURGAN["weapons"][0], attacks=0)])
    found = errors(Fighter, bad)
    assert "11 is above the maximum 10" in found["toughness"]
    assert "0 is below the minimum 1" in found["weapons.0.attacks"]


def test_critical_damage_never_below_hit_damage_and_range_min_not_above_max():
    weapon = dict(ASKURGAN["weapons"][0], dmg_hit=4, dmg_crit=3, min_range=3, max_range=2)
    found = errors(Fighter, dict(ASKURGAN, weapons=[weapon]))
    assert "a critical hit never deals less" in found["weapons.0.dmg_crit"]
    assert "below the minimum Range 3" in found["weapons.0.max_range"]


def test_typos_are_refused():
    assert "movment" in errors(Fighter, dict(ASKURGAN, movment=4))


def test_quads_are_a_warcry_cost_and_runemarks_gate_abilities():
    presence = Ability(name="Inspiring Presence", cost="triple", runemarks=["hero"], text="go next",
                       effect="inspiring-presence")
    rampage = Ability(name="Rampage", cost="quad", text="bonus move then attack", effect="rampage")
    hero = Fighter.model_validate(dict(ASKURGAN, runemarks=["hero"]))
    grunt = Fighter.model_validate(ASKURGAN)
    assert presence.usable_by(hero) and not presence.usable_by(grunt)
    assert rampage.usable_by(grunt)
    assert load_limits("warcry").ability_costs == ["double", "triple", "quad"]


def test_describe_is_a_readable_card():
    text = describe(Fighter.model_validate(ASKURGAN))
    assert "Move 5 inches" in text and "Damage 2/5" in text and "[90 pts]" in text


def test_warband_totals_its_points():
    band = Warband(name="Test", faction="test", fighters=[ASKURGAN, ASKURGAN])
    assert band.total_points() == 180


def test_a_card_shows_range_1_1_as_1_and_leaves_out_a_missing_faction():
    melee = dict(ASKURGAN["weapons"][0], min_range=1, max_range=1)
    sling = dict(ASKURGAN["weapons"][0], min_range=3, max_range=12)
    text = describe(Fighter.model_validate(dict(ASKURGAN, weapons=[melee, sling])))
    assert "Range 1," in text and "Range 1-1" not in text and "Range 3-12," in text
    assert "Faction" not in text and "  Runemarks: elite" in text
    assert "Faction: askurgan   Runemarks" in describe(Fighter.model_validate(dict(ASKURGAN, faction="askurgan")))
