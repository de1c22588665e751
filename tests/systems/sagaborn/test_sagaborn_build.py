"""Random SagaBorn teams and the squad calculator: reproducible, within limits, loadable."""

import pytest
import typer
import yaml
from typer.testing import CliRunner

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.sagaborn import SYSTEM
from generator.systems.sagaborn.build import calc_report, calc_squad, random_team, to_document, write_yaml
from generator.systems.sagaborn.models import Team


def reload(document):
    return Team.model_validate({k: v for k, v in document.items() if k not in ("system", "kind")})


def test_same_seed_same_team_and_same_log():
    a, b = SYSTEM.build_random(Rng(42), count=2), SYSTEM.build_random(Rng(42), count=2)
    assert [x.combatant for x in a] == [x.combatant for x in b]
    assert [x.log for x in a] == [x.log for x in b]
    assert a[0].combatant != a[1].combatant  # each team gets its own stream


@pytest.mark.parametrize("seed", range(8))
def test_random_teams_stay_within_the_rules(seed):
    built = SYSTEM.build_random(Rng(seed), count=1)[0]
    team = built.combatant
    assert team.total_cost <= 400 and team.point_limit == 400
    assert team.unspent < 25  # keeps buying until little is left
    for squad in team.squads:
        assert len(squad.talents) <= 3
        assert not squad.talents or "hand" in squad.icons
        assert f"name: {squad.name}" in "\n".join(built.log)
    assert reload(to_document(team)) == team


def test_every_roll_is_in_the_log():
    log = []
    random_team(Rng(3), 150, log)
    text = "\n".join(log)
    for what in ("type:", "units:", "hp:", "move:", "range:", "attack:", "defense:", "height:", "card cost:"):
        assert what in text
    assert log[-1].startswith("team: ")


def test_a_points_budget_is_respected_and_too_small_is_refused():
    team = SYSTEM.build_random(Rng(5), count=1, points=120)[0].combatant
    assert team.total_cost <= 120 == team.point_limit
    with pytest.raises(SkirmishError, match="too small: the cheapest random SagaBorn squad costs"):
        SYSTEM.build_random(Rng(5), points=3)


def test_calculator_prices_a_squad_item_by_item():
    from generator.systems.sagaborn.cost import suggested_cost
    from generator.systems.sagaborn.models import UnitStats

    squad = calc_squad("Halvar", "hero", 1, "Parry, weapon specialty", hp=8, attack=4, defense=4, move=4)
    card = suggested_cost(UnitStats(hp=8, move=4, range=1, attack=4, defense=4, height=2))
    assert squad.talents == ["Parry", "Weapon Specialty"] and squad.cost == card and card % 5 == 0
    report = calc_report(squad)
    assert "combat" in report and "movement" in report and f"= {card + 30} of a 400-point team" in report


def test_calculator_refuses_out_of_range_values_with_the_allowed_range():
    with pytest.raises(SkirmishError, match=r"--hp 31 is out of range: allowed 1 to 20"):
        calc_squad(hp=31)
    with pytest.raises(SkirmishError, match=r"--units 0 is out of range: allowed 1 to 10"):
        calc_squad(units=0)
    with pytest.raises(SkirmishError, match="choose one of hero, minion, creature"):
        calc_squad(type="dragon")


def test_calculator_lists_known_talents_and_refuses_talents_without_the_hand():
    with pytest.raises(SkirmishError, match="unknown talent 'Fireball': choose from Battlecall, Cleave"):
        calc_squad(talents="Fireball")
    with pytest.raises(SkirmishError, match="needs the hand icon; this minion's icons are sword: add --icon hand --icon sword"):
        calc_squad(type="minion", talents="Dodge")
    assert calc_squad(type="minion", talents="Dodge", icons="hand,sword").talents == ["Dodge"]


def make_app():
    app = typer.Typer()
    calc = typer.Typer()
    app.add_typer(calc, name="calc")
    SYSTEM.register_calc(calc)
    return app


def test_calc_command_prints_and_writes_a_team_file(tmp_path):
    out = tmp_path / "spears.yaml"
    result = CliRunner().invoke(make_app(), ["calc", "sagaborn", "--name", "Spears", "--type", "minion",
                                             "--units", "3", "--hp", "3", "--attack", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    from generator.systems.sagaborn.cost import suggested_cost
    from generator.systems.sagaborn.models import UnitStats

    card = suggested_cost(UnitStats(hp=3, move=5, range=1, attack=2, defense=3, height=1), 3)
    assert f"Spears  [{card} pts]\n  Minion squad of 3 units" in result.output
    doc = yaml.safe_load(out.read_text())
    assert (doc["system"], doc["kind"]) == ("sagaborn", "team")
    assert reload(doc).squads[0].units == 3


def test_calc_command_out_of_range_is_a_skirmish_error():
    result = CliRunner().invoke(make_app(), ["calc", "sagaborn", "--defense", "9"])
    assert isinstance(result.exception, SkirmishError)
    assert "--defense 9 is out of range: allowed 0 to 8" in str(result.exception)


def test_interactive_calc_reasks_bad_answers_and_shows_the_running_cost():
    answers = "\n".join(["Brym", "hero", "1", "30", "7", "5", "1", "3", "3", "2", "Dodge, Fireball", "Dodge", ""])
    result = CliRunner().invoke(make_app(), ["calc", "sagaborn", "--interactive"], input=answers)
    assert result.exit_code == 0, result.output
    assert "--hp 30 is out of range: allowed 1 to 20" in result.output
    assert "running cost" in result.output and "unknown talent 'Fireball'" in result.output
    assert "Talent - Dodge (10)" in result.output


def test_write_yaml_of_an_expensive_squad_raises_the_limit_to_fit(tmp_path):
    squad = calc_squad("Titan", "creature", 10, hp=20, attack=8, defense=8)
    path = write_yaml(squad, tmp_path / "titan.yaml")
    team = reload(yaml.safe_load(path.read_text()))
    assert team.point_limit == squad.total_cost > 400


def test_cli_random_team_file_validates_and_shows(tmp_path, capsys):
    from generator.cli.app import main

    def run(*args):
        with pytest.raises(SystemExit) as stop:
            main(list(args))
        captured = capsys.readouterr()
        return stop.value.code, captured.out, captured.err

    out, again = tmp_path / "team.yaml", tmp_path / "again.yaml"
    code, stdout, _ = run("create", "random", "sagaborn", "--seed", "11", "--out", str(out))
    assert code == 0 and "of 400 points" in stdout
    assert run("validate", str(out))[0] == 0
    run("create", "random", "sagaborn", "--seed", "11", "--out", str(again))
    assert again.read_text() == out.read_text()
    code, _, err = run("create", "random", "sagaborn", "--points", "5")
    assert code == 2 and "too small" in err and "Traceback" not in err


def test_a_budget_too_tight_for_any_rolled_squad_is_a_clear_error():
    import pytest

    from generator.dice.rng import make_rng
    from generator.errors import SkirmishError
    from generator.systems.sagaborn.build import build_random

    with pytest.raises(SkirmishError, match="--points 20"):
        build_random(make_rng(1), points=20)


def test_a_squad_card_leads_with_name_and_cost_like_the_other_systems():
    from generator.systems.sagaborn.describe import describe_squad

    squad = calc_squad("Halvar", "hero", 1, "Parry", hp=8, attack=4, defense=4, move=4)
    lines = describe_squad(squad).splitlines()
    assert lines[0] == f"Halvar  [{squad.cost} pts, {squad.total_cost} with upgrades]"
    assert lines[1] == "  Hero squad of 1 unit   Can use: talents, relics, weapons"
    assert lines[2] == "  HP 8   Move 4   Range 1   Attack 4   Defense 4   Height 2"
