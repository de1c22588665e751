"""Random fighters and the calculator: within limits, reproducible, priced and loadable."""

import pytest
import typer
import yaml
from typer.testing import CliRunner

from generator.content import check_file, load_roster
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems import get_system
from generator.systems.warcry import pricing
from generator.systems.warcry.build import WARCRY_KIT, make_fighter, parse_weapon
from generator.systems.warcry.models import load_limits


@pytest.mark.parametrize("system", ["warcry", "bladeborn"])
def test_random_fighters_are_reproducible_from_the_seed_and_log_their_rolls(system):
    first = get_system(system).build_random(Rng(42), count=3)
    again = get_system(system).build_random(Rng(42), count=3)
    assert [b.combatant for b in first] == [b.combatant for b in again]
    assert [b.log for b in first] == [b.log for b in again]
    for built in first:
        assert any("archetype" in line for line in built.log)
        assert any("Toughness" in line for line in built.log)
        assert built.combatant.points is not None


@pytest.mark.parametrize("system", ["warcry", "bladeborn"])
def test_random_fighters_stay_within_the_limits(system):
    limits = load_limits(system)
    for built in get_system(system).build_random(Rng(7), count=25):
        f = built.combatant
        for stat in ("movement", "toughness", "wounds"):
            bound = getattr(limits, stat)
            assert bound.min <= getattr(f, stat) <= bound.max
        for w in f.weapons:
            assert w.min_range <= w.max_range <= limits.max_range.max and w.dmg_hit <= w.dmg_crit
            assert limits.attacks.min <= w.attacks <= limits.attacks.max


@pytest.mark.parametrize("system, budget", [("warcry", 1000), ("bladeborn", 500)])  # Bladeborn: 4-6 fighters
def test_a_points_budget_is_the_whole_warbands_and_nearly_spent(system, budget):
    built = get_system(system).build_random(Rng(3), points=budget)
    total = sum(b.combatant.points for b in built)
    assert 0.95 * budget <= total <= budget and len(built) > 1
    assert built[0].log[0].startswith(f"force: {len(built)} ")


def test_a_budget_below_any_legal_fighter_is_refused():
    with pytest.raises(SkirmishError, match="too small"):
        get_system("warcry").build_random(Rng(1), count=5, points=10)


def test_weapon_text():
    assert parse_weapon("Axe=1-1/3/4/1/4") == {
        "name": "Axe", "min_range": 1, "max_range": 1, "attacks": 3, "strength": 4, "dmg_hit": 1, "dmg_crit": 4,
    }
    assert parse_weapon("3-15/2/3/1/3")["min_range"] == 3
    with pytest.raises(SkirmishError, match="RANGE/ATTACKS"):
        parse_weapon("1/3/4")


def test_calculator_refuses_out_of_range_values_with_the_allowed_range():
    with pytest.raises(SkirmishError, match="11 is above the maximum 10") as info:
        make_fighter(WARCRY_KIT, "X", 5, 11, 15, ["1/3/4/1/4"])
    with pytest.raises(SkirmishError, match="above the maximum 8 \\(Move, hexes\\)"):
        make_fighter(build_kit("bladeborn"), "X", 9, 4, 15, ["1/3/4/1/4"])
    assert info.value.problems


def build_kit(system):
    from generator.systems.bladeborn.build import BLADEBORN_KIT

    return BLADEBORN_KIT if system == "bladeborn" else WARCRY_KIT


def test_price_is_itemised_and_sums_to_its_cost():
    fighter = make_fighter(WARCRY_KIT, "X", 5, 4, 15, ["1/3/4/1/4"])
    [priced] = pricing.price([fighter])
    assert abs(sum(priced.breakdown.values()) - priced.cost) < 0.5
    tougher = make_fighter(WARCRY_KIT, "X", 5, 5, 20, ["1/3/4/1/4"])
    assert pricing.price([tougher])[0].cost > priced.cost


def calc_app():
    app = typer.Typer()
    calc = typer.Typer()
    app.add_typer(calc, name="calc")
    get_system("warcry").register_calc(calc)
    get_system("bladeborn").register_calc(calc)
    return app


def test_calc_command_prints_the_card_and_cost_and_writes_a_loadable_file(tmp_path):
    out = tmp_path / "mine.yaml"
    args = ["calc", "warcry", "--name", "Khorvash", "--move", "5", "--toughness", "4", "--wounds", "15",
            "--weapon", "Axe=1-1/3/4/1/4", "--runemark", "hero", "--out", str(out)]
    result = CliRunner().invoke(calc_app(), args)
    assert result.exit_code == 0, result.output
    assert "Khorvash" in result.output and "Damage 1/4" in result.output and "total" in result.output
    assert check_file(out) == []
    system, band = load_roster(out)
    assert system.name == "warcry" and band.fighters[0].runemarks == ["hero"]
    # A second fighter joins the same file only when asked (--append), and its comments stay.
    out.write_text("# my warband, hand edited\n" + out.read_text())
    before = out.read_bytes()
    args2 = ["calc", "warcry", "--name", "Grub", "--move", "4", "--toughness", "3", "--wounds", "8",
             "--weapon", "1/2/3/1/3", "--out", str(out)]
    refused = CliRunner().invoke(calc_app(), args2)
    assert refused.exit_code != 0 and "--append" in str(refused.exception)
    assert out.read_bytes() == before
    assert CliRunner().invoke(calc_app(), args2 + ["--append"]).exit_code == 0
    assert [f["name"] for f in yaml.safe_load(out.read_text())["fighters"]] == ["Khorvash", "Grub"]
    assert out.read_text().startswith("# my warband, hand edited\n")


def test_calc_command_refuses_bad_values():
    result = CliRunner().invoke(calc_app(), ["calc", "bladeborn", "--move", "20", "--toughness", "4",
                                             "--wounds", "15", "--weapon", "1/3/4/1/4"])
    assert result.exit_code != 0
    assert "20 is above the maximum 8" in str(result.exception)


def test_calc_interactive_prompts_and_reprompts_out_of_range(tmp_path):
    answers = "\n".join(["Skarr", "30", "5", "4", "15", "hero", "1/3/4/1/4", ""]) + "\n"
    result = CliRunner().invoke(calc_app(), ["calc", "warcry", "--interactive"], input=answers)
    assert result.exit_code == 0, result.output
    assert "30 is above the maximum 16" in result.output
    assert "running cost" in result.output and "Move 5 inches" in result.output
