"""The real `skirmish` commands with Gorechosen: random and calculator files load everywhere."""

import subprocess
import sys

from generator.content import load_file


def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True)


def test_create_random_writes_a_roster_that_validates(tmp_path):
    out = tmp_path / "random.yaml"
    first = run("create", "random", "gorechosen", "--count", "2", "--seed", "4", "--points", "110", "--out", str(out))
    assert first.returncode == 0, first.stderr
    assert "kept:" in first.stdout and "health track length: rolled" in first.stdout
    assert len(load_file(out).model.champions) == 2
    assert run("validate", str(out)).returncode == 0
    again = run("create", "random", "gorechosen", "--count", "2", "--seed", "4", "--points", "110")
    assert again.stdout.split("wrote")[0].strip() == first.stdout.split("wrote")[0].strip()


def test_create_calc_and_show(tmp_path):
    out = tmp_path / "calc.yaml"
    made = run("create", "calc", "gorechosen", "--name", "Ruhgar", "--zone", "front-reach",
               "--healthy", "near=3+/3", "--healthy", "far=4+/2", "--health", "6", "--out", str(out))
    assert made.returncode == 0, made.stderr
    shown = run("show", str(out), "Ruhgar")
    assert shown.returncode == 0 and "Ruhgar (made with the builder)" in shown.stdout


def test_out_of_range_is_one_line_exit_2():
    bad = run("create", "calc", "gorechosen", "--healthy", "near=3+/9")
    assert bad.returncode == 2
    assert bad.stderr.strip() == "error: --healthy near=3+/9: 9 wounds a hit is outside the allowed 1 to 4"


def test_simulate_plays_a_variant_and_names_the_roster_file_when_it_does_not_fit(tmp_path):
    from generator.dice.rng import Rng
    from generator.play.log import log_json_text
    from generator.play.simulate import simulate
    from generator.resources import content_dir

    folder = content_dir() / "gorechosen"
    single = tmp_path / "lone.yaml"
    single.write_text((folder / "example_brass_pit.yaml").read_text().split("  - name: Vhorla Chainmaw")[0])
    done = simulate(single, folder / "champions.yaml", Rng(3), {"variant": "single-combat"})
    assert done.result.winner in ("a", "b", None) and "neutral" in log_json_text(done.result)
    bad = run("simulate", str(single), str(folder / "champions.yaml"), "--variant", "kingslayer", "--seed", "1")
    assert bad.returncode == 2
    assert bad.stderr.strip().startswith("error: ") and "champions.yaml: champions: Kingslayer needs 2 or 3 Challengers, got 8" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
