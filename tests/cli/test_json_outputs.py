"""--json on every command that reports something: one JSON document on stdout, non-ASCII kept,
and informational lines on stderr that never read like errors."""

from __future__ import annotations

import json

import pytest

from tests.cli_run import run




@pytest.mark.parametrize("args, key", [
    (["validate", "bladestorm/warriors-of-ash-goblins", "--json"], "checked"),
    (["show", "bladestorm/warriors-of-ash-goblins", "Cro", "--json"], "combatants"),
    (["create", "random", "warcry", "--seed", "5", "--json"], "seed"),
    (["create", "calc", "warcry", "--move", "4", "--toughness", "4", "--wounds", "10", "--weapon", "1/3/4/1/4", "--json"], "combatants"),
    (["create", "calc", "bladeborn", "--move", "4", "--toughness", "4", "--wounds", "10", "--weapon", "1/3/4/1/4", "--json"], "combatants"),
    (["create", "calc", "sagaborn", "--hp", "8", "--talent", "Parry", "--json"], "combatants"),
    (["create", "calc", "bladestorm", "--race", "troll", "--move", "9", "--defense", "9", "--endurance", "36", "--json"], "combatants"),
    (["create", "calc", "gorechosen", "--healthy", "near=3+/3", "--json"], "combatants"),
    (["systems", "--json"], None),
])
def test_json_reports_parse(capsys, args, key):
    code, out, err = run(capsys, *args)
    assert code == 0, err
    data = json.loads(out)
    assert key is None or key in data


def test_create_json_has_each_combatants_cost_and_rolls(capsys):
    code, out, _ = run(capsys, "create", "random", "bladestorm", "--seed", "7", "--count", "2", "--json")
    data = json.loads(out)
    assert data["seed"] == 7 and len(data["combatants"]) == 2
    assert all("cost" in row and row["rolls"] for row in data["combatants"])


def test_non_ascii_is_kept_as_is(tmp_path, capsys):
    roster = tmp_path / "ærin.yaml"
    roster.write_text("system: bladestorm\nkind: roster\nname: Ærin's band\ncombatants:\n"
                      "  - {name: Ærin, race: Human, size: medium, movement: 5, defense: 7, endurance: 10,"
                      " melee_attack: 3D6, melee_damage: High}\n", encoding="utf-8")
    code, out, _ = run(capsys, "show", roster, "--json")
    assert code == 0 and '"Ærin"' in out


def test_writers_report_what_they_wrote(tmp_path, capsys):
    code, out, err = run(capsys, "sheet", "warcry", "-o", tmp_path / "w.pdf", "--json")
    assert code == 0, err
    assert json.loads(out)["files"] == [str(tmp_path / "w.pdf")]
    code, out, err = run(capsys, "map", "render", "maps/drawn-and-quartered", "-o", tmp_path / "m.svg", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["pages"] >= 1 and all(f.endswith(".svg") for f in data["files"])


def test_map_generate_notes_go_to_stderr_muted_and_say_when_objectives_are_fewer(tmp_path, capsys):
    code, out, err = run(capsys, "map", "generate", "sagaborn", "--symmetry", "rotational", "--seed", "3")
    assert code == 0
    assert out.startswith("system: sagaborn\ngrid:") and "layout:" not in out  # stdout is the map alone
    assert "layout:" in err and "error" not in err.lower().replace("errors", "")
    assert "objective" in err and "placed, not" in err and "--objectives" in err
    assert "seed 3: pass --seed 3" in err
