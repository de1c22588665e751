"""``skirmish cost``: the Warcry data-set JSON priced directly, any roster through its system,
and bad input as one line with exit code 2."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from generator.cli.app import main
from generator.systems.base import Priced


def weapon(attacks, strength, hit, crit, max_range=1, min_range=0):
    return {"attacks": attacks, "strength": strength, "dmg_hit": hit, "dmg_crit": crit,
            "min_range": min_range, "max_range": max_range}


FIGHTERS = [
    {"name": "Liberator with Grandhammer", "warband": "Stormcast", "movement": 4, "toughness": 5,
     "wounds": 20, "runemarks": ["warrior"], "weapons": [weapon(3, 5, 3, 5)], "points": 155},
    {"name": "Iridescent Horror", "movement": 4, "toughness": 3, "wounds": 16, "runemarks": ["hero", "elite"],
     "weapons": [weapon(4, 3, 2, 4), weapon(2, 3, 1, 4, max_range=10, min_range=3)]},
    {"movement": 8, "toughness": 2, "wounds": 4, "runemarks": [], "weapons": [weapon(3, 2, 1, 3)]},
]


def run(capsys, *args):
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err


@pytest.fixture
def warband(tmp_path):
    path = tmp_path / "warband.json"
    path.write_text(json.dumps(FIGHTERS))
    return path


def test_json_is_one_object_per_fighter_in_input_order(capsys, warband):
    code, out, err = run(capsys, "cost", str(warband), "warcry", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert isinstance(rows, list) and len(rows) == 3
    assert [r["name"] for r in rows] == ["Liberator with Grandhammer", "Iridescent Horror", "fighter 3"]
    for r in rows:
        assert r["cost"] % 5 == 0
        assert sum(r["breakdown"].values()) == pytest.approx(r["cost"], abs=1e-6)
        assert r["unrounded"] == pytest.approx(r["cost"] - r["breakdown"]["rounding"])
    assert rows[0]["published"] == 155 and "published" not in rows[1]


def test_bladeborn_and_no_system_read_the_same_format(capsys, warband):
    _, warcry, _ = run(capsys, "cost", str(warband), "warcry", "--json")
    _, bladeborn, _ = run(capsys, "cost", str(warband), "Bladeborn", "--json")
    _, default, _ = run(capsys, "cost", str(warband), "--json")
    assert json.loads(warcry) == json.loads(bladeborn) == json.loads(default)


def test_table_lists_each_fighter_and_the_total(capsys, warband):
    code, out, _ = run(capsys, "cost", str(warband), "warcry")
    assert code == 0
    _, js, _ = run(capsys, "cost", str(warband), "--json")
    total = sum(r["cost"] for r in json.loads(js))
    assert "Iridescent Horror" in out and "fighter 3" in out
    assert "total" in out and f"{total:g}" in out


@pytest.mark.parametrize(
    "content, args, message",
    [
        ('[{"name": "x", "movement": 4}]', (), "fighter [0] (x): toughness: missing"),
        ("[1, 2]", (), "fighter [0]: expected an object"),
        (json.dumps(FIGHTERS), ("gorechosen",), "give the system warcry or bladeborn"),
        (json.dumps(FIGHTERS), ("chess",), "system 'chess' is not known"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, content, args, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(capsys, "cost", str(path), *args)
    assert code == 2
    assert err.startswith("error: ") and err.strip().count("\n") == 0
    assert message in err
    assert "Traceback" not in err


def test_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "cost", str(tmp_path / "none.yaml"))
    assert code == 2 and "no such file" in err


def fake_system(priced):
    return SimpleNamespace(
        name="bladestorm", title="Bladestorm", cost_unit="TPC",
        combatants=lambda roster: roster.combatants,
        price=lambda combatants: priced,
    )


def test_a_roster_is_priced_by_its_own_system(capsys, tmp_path, monkeypatch):
    priced = [Priced("Cro", 480, {"base": 400, "weapon": 80}, "TPC"), Priced("Gob", 212, {"base": 212}, "TPC")]
    roster = SimpleNamespace(combatants=["Cro", "Gob"])
    monkeypatch.setattr("generator.content.load_roster", lambda path: (fake_system(priced), roster))
    path = tmp_path / "goblins.yaml"
    path.write_text("system: bladestorm\nkind: roster\n")
    code, out, err = run(capsys, "cost", str(path), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["system"] == "bladestorm" and result["total"] == 692
    assert [c["name"] for c in result["combatants"]] == ["Cro", "Gob"]
    assert result["combatants"][0]["breakdown"] == {"base": 400, "weapon": 80}

    code, out, _ = run(capsys, "cost", str(path))
    assert code == 0 and "Cro" in out and "692" in out

    code, _, err = run(capsys, "cost", str(path), "warcry")
    assert code == 2 and "is a bladestorm roster, not warcry" in err


def test_a_system_without_a_cost_model_says_so(capsys, tmp_path, monkeypatch):
    system = SimpleNamespace(name="gorechosen", title="Gorechosen", cost_unit="rating", combatants=list, price=None)
    monkeypatch.setattr("generator.content.load_roster", lambda path: (system, []))
    path = tmp_path / "duel.yaml"
    path.write_text("system: gorechosen\nkind: roster\n")
    code, _, err = run(capsys, "cost", str(path))
    assert code == 2 and "Gorechosen has no cost model yet" in err
