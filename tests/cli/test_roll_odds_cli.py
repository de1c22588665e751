"""``skirmish roll`` and ``skirmish odds`` as a user runs them."""

import json

import pytest


def test_odds_bladestorm_json_has_the_exact_reference_values(skirmish):
    result = skirmish("odds", "bladestorm", "--attack", "3D6+4", "--defense", "7", "--damage", "High+2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["hit_probability"] == pytest.approx(0.99537, abs=1e-5)
    assert data["hit_probability_exact"] == "215/216"
    assert data["expected_damage"] == pytest.approx(8.1018, abs=1e-4)
    assert data["expected_damage_exact"] == "875/108"
    assert data["damage_distribution"]["0"] == pytest.approx(0.00463, abs=1e-5)
    assert data["damage_distribution"]["4"] == pytest.approx(0.01389, abs=1e-5)
    assert data["damage_distribution_exact"]["0"] == "1/216"


@pytest.mark.parametrize("system", ["bladeborn", "warcry"])
def test_odds_bladeborn_and_warcry(skirmish, system):
    result = skirmish("odds", system, "--attacks", "4", "--strength", "4", "--damage", "2/4", "--toughness", "4", "--json")
    data = json.loads(result.stdout)
    # 4+ to hit: a miss is 1-3, so P(no hit) = (1/2)^4
    assert data["hit_probability_exact"] == "15/16"
    # each die: 2/6 hit for 2, 1/6 crit for 4 -> 4 * (4/6 + 4/6) = 16/3
    assert data["expected_damage_exact"] == "16/3"
    assert sum(data["damage_distribution"].values()) == pytest.approx(1)


def test_odds_sagaborn_hit_is_at_least_one_damage(skirmish):
    data = json.loads(skirmish("odds", "sagaborn", "--attack", "4", "--defense", "3", "--json").stdout)
    assert data["hit_probability"] == pytest.approx(1 - float(eval(data["damage_distribution_exact"]["0"])), abs=1e-5)


def test_odds_gorechosen(skirmish):
    data = json.loads(skirmish("odds", "gorechosen", "--dice", "3", "--to-hit", "4", "--wounds", "3", "--health", "6", "--json").stdout)
    assert data["hit_probability_exact"] == "7/8"
    assert data["expected_damage_exact"] == "9/2"
    assert data["damage_distribution_exact"] == {"0": "1/8", "3": "3/8", "6": "3/8", "9": "1/8"}
    assert data["kill_probability_exact"] == "1/2"


def test_odds_table_is_readable(skirmish):
    result = skirmish("odds", "bladestorm", "--attack", "2D6+D10+3", "--defense", "10", "--damage", "High+Low+2", "--endurance", "51")
    assert result.returncode == 0
    assert "hit chance" in result.stdout and "Damage distribution" in result.stdout


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("roll", "3D6+"), "incomplete"),
        (("roll", "3D0"), "D0 is not a die"),
        (("roll", "D1000000"), "sides must be 2 to 1000"),
        (("odds", "bladestorm", "--attack", "X", "--defense", "7"), "unexpected 'X'"),
        (("odds", "bladestorm", "--attack", "3D6", "--defense", "7", "--damage", "Medium"), "start with High"),
        (("odds", "gorechosen", "--dice", "3", "--to-hit", "9", "--wounds", "1"), "use 2 to 6"),
        (("odds", "warcry", "--attacks", "4", "--strength", "4", "--damage", "2-4", "--toughness", "4"), "hit/crit"),
    ],
)
def test_bad_input_is_one_line_exit_2(skirmish, args, fragment):
    result = skirmish(*args)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_roll_is_reproducible_from_the_seed(skirmish):
    first = skirmish("roll", "2D6+D10+3", "--seed", "11", "--times", "3")
    again = skirmish("roll", "2D6+D10+3", "--seed", "11", "--times", "3")
    assert first.stdout == again.stdout
    assert first.stdout.count("2D6+D10+3: [") == 3


def test_roll_json(skirmish):
    data = json.loads(skirmish("roll", "3D6+4", "--seed", "5", "--json").stdout)
    roll = data["rolls"][0]
    assert len(roll["dice"]) == 3 and roll["total"] == sum(roll["dice"]) + 4


def test_percentile_roll(skirmish):
    data = json.loads(skirmish("roll", "D%", "--seed", "2", "--times", "50", "--json").stdout)
    assert all(1 <= r["total"] <= 100 for r in data["rolls"])


def test_every_command_has_help_with_examples(skirmish):
    for args in (("roll",), ("odds",), ("odds", "bladestorm"), ("odds", "sagaborn"), ("validate",), ("demo",)):
        result = skirmish(*args, "--help")
        assert result.returncode == 0, args
        assert "Examples" in result.stdout and "skirmish" in result.stdout, args


def test_validate_exits_2_when_a_file_has_problems(skirmish, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: sagaborn\nkind: team\nname: X\nsquads: 3\n")
    result = skirmish("validate", bad)
    assert result.returncode == 2
    assert "bad.yaml" in result.stderr


def test_user_content_folder_overrides_and_extends(skirmish, tmp_path):
    import json
    from pathlib import Path

    builtin = Path(__file__).resolve().parents[2] / "content" / "sagaborn" / "house-vareth.yaml"
    mine = tmp_path / "sagaborn"
    mine.mkdir()
    text = builtin.read_text()
    original_name = next(line for line in text.splitlines() if line.startswith("name:"))
    (mine / "house-vareth.yaml").write_text(text.replace(original_name, "name: My Own Retinue"))
    (mine / "second.yaml").write_text(text.replace(original_name, "name: A Second Retinue"))
    result = skirmish("--content", tmp_path, "systems", "--json")
    assert result.returncode == 0, result.stderr
    sagaborn = next(row for row in json.loads(result.stdout) if row["system"] == "sagaborn")
    names = {r["name"] for r in sagaborn["rosters"]}
    assert {"My Own Retinue", "A Second Retinue"} <= names
    assert original_name.removeprefix("name: ").strip() not in names


@pytest.mark.parametrize("args, name", [
    (("bladestorm", "--attack", "3D6", "--defense", "7", "--endurance", "10"), "endurance"),
    (("sagaborn", "--attack", "4", "--defense", "3", "--hp", "2"), "hp"),
    (("gorechosen", "--dice", "3", "--to-hit", "4", "--wounds", "3", "--health", "6"), "health"),
    (("warcry", "--attacks", "4", "--strength", "4", "--damage", "2/4", "--toughness", "4", "--wounds", "8"), "wounds"),
])
def test_odds_json_names_what_is_left_to_kill_as_the_system_does(skirmish, args, name):
    data = json.loads(skirmish("odds", *args, "--json").stdout)
    assert name in data and "kill_probability_exact" in data
    assert name == "wounds" or "wounds" not in data  # Bladestorm has Endurance, not wounds


def test_a_hundred_die_fraction_is_whole_in_json_and_shortened_not_cut_in_the_table(skirmish):
    args = ("odds", "gorechosen", "--dice", "100", "--to-hit", "4", "--wounds", "1", "--health", "60")
    data = json.loads(skirmish(*args, "--json").stdout)
    assert data["hit_probability_exact"] == f"{2**100 - 1}/{2**100}"
    table = skirmish(*args).stdout
    assert "1267\u20265375/1267\u20265376" in table  # first and last digits of 2^100 - 1 and 2^100
    assert ">99.99%" in table and "100.00%" not in table.split("Damage distribution")[0]  # not a false certainty
    assert not any(cell.rstrip().endswith("\u2026") for line in table.splitlines() for cell in line.split("\u2502"))


def test_odds_table_title_is_one_line(skirmish):
    result = skirmish("odds", "bladestorm", "--attack", "2D6+D10+3", "--defense", "10", "--damage", "High+Low+2")
    assert result.stdout.splitlines()[0].strip() == "Bladestorm 2D6+D10+3 vs Defense 10, damage High+Low+2"
