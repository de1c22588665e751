"""Built-in rosters and maps by the names `skirmish systems` prints, from any folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def skirmish(*args, cwd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env)


def test_readme_examples_work_from_another_folder(tmp_path):
    shown = skirmish("show", "bladestorm/warriors-of-ash-goblins", "Cro", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Cro")
    old_style = skirmish("show", "content/bladestorm/warriors-of-ash-goblins.yaml", "Cro", cwd=tmp_path)
    assert old_style.returncode == 0, old_style.stderr
    priced = skirmish("cost", "warcry/example-gilded-ruin", "--json", cwd=tmp_path)
    assert priced.returncode == 0 and json.loads(priced.stdout)["system"] == "warcry"
    checked = skirmish("map", "validate", "maps/drawn-and-quartered", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr


def test_systems_prints_every_name_and_each_name_works(tmp_path):
    listed = skirmish("systems", "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)
    refs = [r["ref"] for row in rows for r in row["rosters"]]
    maps = [m for row in rows for m in row["maps"]]
    assert "bladestorm/warriors-of-ash-goblins" in refs and "maps/drawn-and-quartered" in maps
    assert len(refs) >= 10
    from generator.content import find_named

    assert all(find_named(name).is_file() for name in refs + maps)


def test_an_unknown_name_says_where_names_come_from(tmp_path):
    result = skirmish("show", "bladestorm/no-such-roster", cwd=tmp_path)
    assert result.returncode == 2 and "skirmish systems" in result.stderr


def test_schema_is_json_schema_an_editor_can_use(tmp_path):
    result = skirmish("schema", "warcry", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    assert schema["properties"]["system"]["const"] == "warcry"
    assert schema["properties"]["kind"]["const"] == "warband"
    assert "fighters" in schema["properties"] and "system" in schema["required"]
