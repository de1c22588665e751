"""`skirmish create calc bladestorm` and `create random bladestorm` from the command line."""

import subprocess
import sys

from generator.content import load_file


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, input=stdin)


def test_calc_prints_the_card_and_an_itemised_tpc(tmp_path):
    out = tmp_path / "troll.yaml"
    result = run("create", "calc", "bladestorm", "--race", "troll", "--move", "9", "--defense", "9",
                 "--endurance", "36", "--weapon", "battleaxe", "--attack-bonus", "1", "--name", "Grimjaw",
                 "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "Grimjaw - Troll, large" in result.stdout
    assert "Melee Attack   2D6+D10+2" in result.stdout
    for item in ("base", "movement", "defense", "endurance", "weapon", "attack bonus", "TPC"):
        assert f"\n  {item}" in result.stdout
    card = load_file(out).model.combatants[0]
    assert (card.name, card.defense, card.endurance) == ("Grimjaw", 13, 48)


def test_calc_refuses_out_of_range_on_one_line():
    result = run("create", "calc", "bladestorm", "--defense", "31")
    assert result.returncode == 2
    assert result.stderr.strip() == "error: --defense 31 is not allowed for a medium combatant: choose 7 to 13"


def test_interactive_walks_the_steps_with_a_running_tpc():
    answers = "orc\n\n7\nx\n9\n99\n12\nwarhammer\nnone\n1\n0\nGrukk\n"
    result = run("create", "calc", "bladestorm", "--interactive", stdin=answers)
    assert result.returncode == 0, result.stderr
    assert "'x' is not a whole number" in result.stdout
    assert "99 is not allowed: choose 5 to 17" in result.stdout
    assert "running TPC after weapon slot 1:" in result.stdout
    assert "Grukk - Orc, medium" in result.stdout and "Melee Attack   3D6-1" in result.stdout


def test_random_with_a_seed_is_repeatable_and_saves_a_roster(tmp_path):
    out = tmp_path / "random.yaml"
    first = run("create", "random", "bladestorm", "--count", "2", "--seed", "11", "--out", str(out))
    second = run("create", "random", "bladestorm", "--count", "2", "--seed", "11")
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(second.stdout)  # the same cards and rolls, then "wrote ..."
    assert "Race: 2D6 =" in first.stdout
    loaded = load_file(out)
    assert len(loaded.model.combatants) == 2
    assert loaded.model.tpc == sum(c.tpc for c in loaded.model.combatants)


def test_interactive_without_a_weapon_skips_the_fighting_skills():
    answers = "human\n\n6\n8\n9\nnone\nPeasant\n"
    result = run("create", "calc", "bladestorm", "--interactive", stdin=answers)
    assert result.returncode == 0, result.stderr
    assert "fighting skills need a weapon" in result.stdout
    assert "Peasant - Human, medium" in result.stdout
