"""skirmish balance / calibrate / create random --points|--against from the command line."""

import json

import pytest

from generator.resources import content_dir

GOBLINS = content_dir() / "bladestorm" / "warriors-of-ash-goblins.yaml"
TROLL = content_dir() / "bladestorm" / "warriors-of-ash-sea-troll.yaml"


def test_balance_json_has_the_verdict_keys_and_no_progress_bar(skirmish_cli):
    result = skirmish_cli("balance", GOBLINS, TROLL, "--battles", "400", "--seed", "2", "--json", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    for key in ("games", "wins_a", "wins_b", "draws", "win_rate_a", "ci95", "balanced", "stopped_early", "sides",
                "mean_rounds", "seed"):
        assert key in data
    assert data["seed"] == 2 and data["wins_a"] + data["wins_b"] + data["draws"] == data["games"]
    assert [s["unit"] for s in data["sides"]] == ["TPC", "TPC"] and result.stderr == ""


def test_balance_says_which_verdict_and_after_how_many_battles(skirmish_cli):
    result = skirmish_cli("balance", GOBLINS, TROLL, "--battles", "400", "--seed", "2", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert "not balanced" in result.stdout and "stopped early after 200 of 400 battles" in result.stdout


def test_a_scenario_file_names_the_system_and_both_forces(skirmish_cli, tmp_path):
    scenario = tmp_path / "duel.yaml"
    scenario.write_text(f"system: bladestorm\nforces:\n  a: {GOBLINS}\n  b: {TROLL}\n")
    result = skirmish_cli("balance", "--scenario", scenario, "--battles", "200", "--seed", "1", "--json", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["sides"][0]["name"].startswith("Goblins")


@pytest.mark.parametrize("args, message", [
    (["balance", GOBLINS, content_dir() / "sagaborn" / "house-vareth.yaml"], "a match-up needs two rosters of one system"),
    (["balance", GOBLINS, TROLL, "--jobs", "0"], "--jobs: 0 is below 1"),
    (["create", "random", "warcry", "--points", "5"], "too small"),
    (["create", "random", "warcry", "--points", "99999"], "above every limit"),
    (["create", "random", "gorechosen", "--points", "99999"], "above every limit"),
    (["create", "random", "warcry", "--points", "1000", "--against", GOBLINS], "is a Bladestorm roster, not Warcry"),
    (["calibrate", "bladestorm", "--points", "5", "--rosters", "4", "--battles", "2"], "too small"),
])
def test_bad_input_is_one_line_and_exit_2(skirmish_cli, args, message, tmp_path):
    result = skirmish_cli(*args, "--seed", "1") if args[0] != "balance" else skirmish_cli(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_scheduler_that_does_not_answer_is_one_line_exit_2(skirmish_cli):
    result = skirmish_cli("balance", GOBLINS, TROLL, "--scheduler", "127.0.0.1:9")
    # with the optional Dask extra: nobody answered; without it: install the extra
    assert result.returncode == 2 and ("no Dask scheduler answered" in result.stderr or "needs Dask distributed" in result.stderr)
    assert len(result.stderr.strip().splitlines()) == 1


def test_create_random_points_is_the_force_total(skirmish_cli, tmp_path):
    out = tmp_path / "force.yaml"
    result = skirmish_cli("create", "random", "bladestorm", "--points", "500", "--seed", "4", "--out", out)
    assert result.returncode == 0, result.stderr
    total = float(result.stdout.split("force total: ")[1].split(" ")[0])
    assert 300 <= total <= 500 and out.exists() and "force: " in result.stdout


def test_the_runners_count_feeds_the_shared_progress_bar():
    from generator.cli.balance import counting

    seen = []
    advance = counting(lambda done, total: seen.append((done, total)), 100)
    advance(30)
    advance(20)
    assert seen == [(30, 100), (50, 100)] and counting(None, 100) is None
