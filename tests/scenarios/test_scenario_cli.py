"""``skirmish scenario`` as a user meets it: files written, the same seed the same bytes, bad input."""

from __future__ import annotations

import json


def test_a_scenario_folder_is_written_and_the_same_seed_gives_the_same_bytes(skirmish_cli, tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    run = skirmish_cli("scenario", "bladestorm", "--seed", "3", "-o", first, "--battles", "200", "--jobs", "1", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert {"games", "wins_a", "wins_b", "draws", "win_rate_a", "ci95", "balanced", "stopped_early", "seed"} <= set(data["balance"])
    assert {p.split("/")[-1] for p in data["files"]} >= {"scenario.yaml", "booklet.pdf", "map.svg", "cards.pdf"}
    leans = {tuple(lean["pair"]): lean for lean in data["balance"]["favours"]}
    assert "n/a" in leans[("ranged", "melee")]["says"]  # every Bladestorm attack is made in base contact
    assert data["pick"] == {"mode": "random"}
    assert skirmish_cli("scenario", "bladestorm", "--seed", "3", "-o", second, "--battles", "200", "--jobs", "1").returncode == 0
    for name in ("scenario.yaml", "map.svg", "booklet.pdf"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    recheck = skirmish_cli("balance", "--scenario", first / "scenario.yaml", "--battles", "200", "--seed", "9", "--json")
    assert recheck.returncode == 0, recheck.stderr
    assert json.loads(recheck.stdout)["games"] >= 2


def test_keep_re_rolls_only_what_is_not_kept(skirmish_cli, tmp_path):
    out = tmp_path / "battle"  # a mirror match: what is kept matters here, not how side B was found
    assert skirmish_cli("scenario", "bladestorm", "--seed", "4", "-o", out, "--battles", "100", "--jobs", "1",
                        "--mirror").returncode == 0
    before = (out / "scenario.yaml").read_text()
    run = skirmish_cli("scenario", "bladestorm", "--seed", "5", "-o", out, "--battles", "100", "--jobs", "1",
                       "--keep", "map", "--keep", "forces")
    assert run.returncode == 0, run.stderr
    import yaml

    old, new = yaml.safe_load(before), yaml.safe_load((out / "scenario.yaml").read_text())
    assert old["map"] == new["map"] and old["forces"] == new["forces"] and new["seed"] == 5


def test_bad_input_is_one_line_and_a_users_file_is_kept(skirmish_cli, tmp_path):
    """A user's file in the folder is refused before the search starts, not after minutes of it."""
    out = tmp_path / "mine"
    out.mkdir()
    (out / "booklet.pdf").write_bytes(b"my own booklet")
    run = skirmish_cli("scenario", "gorechosen", "--seed", "3", "-o", out, "--battles", "100", "--jobs", "1")
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "already exists" in run.stderr
    assert (out / "booklet.pdf").read_bytes() == b"my own booklet" and not (out / "scenario.yaml").exists()
    bad = skirmish_cli("scenario", "gorechosen", "--keep", "weather", "-o", tmp_path / "x")
    assert bad.returncode == 2 and "'weather' is not a part of a scenario" in bad.stderr
    pick = skirmish_cli("scenario", "gorechosen", "--pick", "chaos", "-o", tmp_path / "y")
    assert pick.returncode == 2 and pick.stderr.count("\n") == 1 and "underdog" in pick.stderr
    assert not (tmp_path / "y" / "scenario.yaml").exists()
    nope = skirmish_cli("scenario", "chess")
    assert nope.returncode == 2 and nope.stderr.count("\n") == 1
