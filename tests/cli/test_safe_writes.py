"""Nothing the user made is lost: a refused write leaves the file byte for byte, ``--append`` keeps
comments, a run removes only what an earlier run of the tool wrote, and a command that fails part
way writes nothing at all."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.cli_run import run

ROOT = Path(__file__).resolve().parents[2]
SIX_SQUADS = ROOT / "content" / "sagaborn" / "house-vareth.yaml"




@pytest.mark.parametrize("args", [
    ["create", "random", "sagaborn", "--seed", "3"],
    ["create", "random", "warcry", "--seed", "3"],
    ["create", "calc", "sagaborn", "--hp", "8", "--attack", "4"],
    ["create", "calc", "warcry", "--move", "4", "--toughness", "4", "--wounds", "10", "--weapon", "1/3/4/1/4"],
    ["create", "calc", "bladestorm", "--race", "troll", "--move", "9", "--defense", "9", "--endurance", "36"],
    ["create", "calc", "gorechosen", "--healthy", "near=3+/3"],
])
def test_an_existing_roster_is_never_replaced_without_force(tmp_path, capsys, args):
    target = tmp_path / "team.yaml"
    target.write_bytes(SIX_SQUADS.read_bytes())
    code, _, err = run(capsys, *args, "--out", target)
    assert code == 2 and err.count("\n") == 1
    assert "already exists" in err and "--force" in err and "--append" in err
    assert target.read_bytes() == SIX_SQUADS.read_bytes()
    code, _, err = run(capsys, *args, "-o", target, "--force")
    assert code == 0, err
    assert target.read_bytes() != SIX_SQUADS.read_bytes()


def test_append_adds_a_squad_and_keeps_comments_and_formatting(tmp_path, capsys):
    target = tmp_path / "team.yaml"
    original = "# my own team: do not lose this comment\n" + SIX_SQUADS.read_text(encoding="utf-8").replace(
        "point_limit: 400", "point_limit: 2000")
    target.write_text(original, encoding="utf-8")
    code, _, err = run(capsys, "create", "calc", "sagaborn", "--name", "Extra Spears", "--type", "minion",
                       "--units", "2", "--hp", "3", "--attack", "2", "--out", target, "--append")
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# my own team: do not lose this comment\n")
    squads = yaml.safe_load(text)["squads"]
    assert len(squads) == 7 and squads[-1]["name"] == "Extra Spears"
    # everything before the new squad is as the user wrote it
    assert text.startswith(original.rstrip("\n").rsplit("\n", 1)[0].split("Extra Spears")[0][:200])


def test_append_refuses_a_file_of_another_system_and_leaves_it(tmp_path, capsys):
    target = tmp_path / "team.yaml"
    target.write_bytes(SIX_SQUADS.read_bytes())
    code, _, err = run(capsys, "create", "random", "warcry", "--seed", "1", "-o", target, "--append")
    assert code == 2 and "sagaborn" in err and "warcry" in err
    assert target.read_bytes() == SIX_SQUADS.read_bytes()


def test_append_that_breaks_the_roster_leaves_it_unchanged(tmp_path, capsys):
    target = tmp_path / "team.yaml"
    target.write_bytes(SIX_SQUADS.read_bytes())  # 400-point limit, nearly full
    code, _, err = run(capsys, "create", "calc", "sagaborn", "--hp", "20", "--attack", "8", "-o", target, "--append")
    assert code == 2 and "point limit" in err
    assert target.read_bytes() == SIX_SQUADS.read_bytes()


def test_sheet_refuses_an_out_that_is_not_a_pdf(tmp_path, capsys):
    roster = tmp_path / "roster.yaml"
    roster.write_bytes(SIX_SQUADS.read_bytes())
    code, _, err = run(capsys, "sheet", "bladestorm", "--out", roster)
    assert code == 2 and ".pdf" in err
    assert roster.read_bytes() == SIX_SQUADS.read_bytes()


def test_sheet_replaces_its_own_output_but_not_a_users_file(tmp_path, capsys):
    target = tmp_path / "ref.pdf"
    assert run(capsys, "sheet", "bladestorm", "-o", target)[0] == 0
    assert run(capsys, "sheet", "bladestorm", "-o", target)[0] == 0  # the tool's own file: replaced
    mine = tmp_path / "mine.pdf"
    mine.write_bytes(b"%PDF my own")
    code, _, err = run(capsys, "sheet", "bladestorm", "-o", mine)
    assert code == 2 and "already exists" in err and mine.read_bytes() == b"%PDF my own"


def test_cards_remove_stale_sheets_of_a_longer_run_and_nothing_else(tmp_path, capsys):
    out = tmp_path / "cards"
    code, _, err = run(capsys, "cards", "sagaborn/house-vareth", "sagaborn/driftborn", "-o", out, "-f", "png", "--dpi", "30")
    assert code == 0, err
    long_run = sorted(p.name for p in out.glob("*.png"))
    assert len(long_run) >= 2
    (out / "my-notes.png").write_bytes(b"mine")
    code, _, err = run(capsys, "cards", "sagaborn/driftborn", "-o", out, "-f", "png", "--dpi", "30", "--json")
    assert code == 0, err
    report = json.loads(_)
    left = sorted(p.name for p in out.glob("*.png"))
    assert "my-notes.png" in left and (out / "my-notes.png").read_bytes() == b"mine"
    assert [n for n in left if n != "my-notes.png"] == sorted(Path(f).name for f in report["files"])
    assert report["removed"]  # the first run's cards.png sheets are gone


def test_cards_refuse_to_replace_a_file_the_tool_did_not_write(tmp_path, capsys):
    out = tmp_path / "cards"
    out.mkdir()
    (out / "driftborn.pdf").write_bytes(b"my own pdf")
    code, _, err = run(capsys, "cards", "sagaborn/driftborn", "-o", out)
    assert code == 2 and "already exists" in err
    assert (out / "driftborn.pdf").read_bytes() == b"my own pdf"


def test_map_render_asks_before_printing_thousands_of_pages(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    big.write_text("grid: hex\nwidth: 60\nheight: 60\n")
    code, _, err = run(capsys, "map", "render", big, "--hex-size", "200mm")
    assert code == 2 and "--force" in err and "pages" in err
    assert list(tmp_path.iterdir()) == [big]


def test_a_name_too_long_for_a_file_is_one_line_and_writes_nothing(tmp_path, capsys):
    code, _, err = run(capsys, "create", "random", "bladestorm", "--seed", "1", "-o", tmp_path / ("x" * 300 + ".yaml"))
    assert code == 2 and err.count("\n") == 1 and "shorter name" in err
    assert list(tmp_path.iterdir()) == []


def test_cards_with_a_very_long_combatant_name_still_print(tmp_path, capsys):
    roster = tmp_path / "long.yaml"
    data = yaml.safe_load(SIX_SQUADS.read_text(encoding="utf-8"))
    data["squads"][0]["name"] = ("Hrothgar " * 12)[:100]  # the longest name allowed
    roster.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, _, err = run(capsys, "cards", roster, "-o", tmp_path / "out", "-f", "svg")
    assert code == 0, err
    assert all(len(p.name) < 120 for p in (tmp_path / "out").iterdir())


def test_an_unwritable_output_is_one_line(tmp_path, capsys):
    code, _, err = run(capsys, "sheet", "bladestorm", "--out", "/proc/skirmish-test/x.pdf")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
