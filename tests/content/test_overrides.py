"""``--content DIR``: a user's file at the same relative path replaces the built-in one, for every
read the tool makes (limits, tables, talents, rating assumptions), not only rosters. One test per
system, each written as a user meets it: the same command, a different outcome."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli_run import run

ROOT = Path(__file__).resolve().parents[2]




def override(tmp_path, relative, edit):
    """A --content folder holding the built-in ``relative`` file changed by ``edit``."""
    text = (ROOT / "content" / relative).read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text, "the edit must change the file"
    target = tmp_path / "mine" / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(changed, encoding="utf-8")
    return tmp_path / "mine"


@pytest.mark.parametrize("system, roster", [("warcry", "warcry/example-gilded-ruin"),
                                            ("bladeborn", "bladeborn/example-cinder-oath")])
def test_a_user_limits_file_capping_toughness_makes_a_tough_warband_fail(tmp_path, capsys, system, roster):
    mine = override(tmp_path, f"{system}/limits.yaml",
                    lambda t: re.sub(r"toughness: \{min: 1, max: \d+\}", "toughness: {min: 1, max: 2}", t))
    assert run(capsys, "validate", roster)[0] == 0
    code, out, err = run(capsys, "--content", mine, "validate", roster)
    assert code == 2
    assert "toughness" in out and "above the maximum 2" in out


def test_bladestorm_tables_override_limits_attack_dice(tmp_path, capsys):
    mine = override(tmp_path, "bladestorm/tables.yaml", lambda t: t.replace("max_attack_dice: 8", "max_attack_dice: 2"))
    roster = "bladestorm/warriors-of-ash-goblins"
    assert run(capsys, "validate", roster)[0] == 0
    code, out, _ = run(capsys, "--content", mine, "validate", roster)
    assert code == 2 and "at most 2" in out


def test_sagaborn_talent_costs_come_from_the_user_file(tmp_path, capsys):
    mine = override(tmp_path, "sagaborn/talents.yaml", lambda t: re.sub(r"\n    cost: \d+", "\n    cost: 100", t))
    roster = "sagaborn/house-vareth"
    code, _, err = run(capsys, "cost", roster, "--json")
    assert code == 0, err
    code, _, err = run(capsys, "--content", mine, "cost", roster, "--json")
    assert code == 2 and "talents 500" in err and "above the point limit" in err


def test_gorechosen_rating_reference_comes_from_the_user_file(tmp_path, capsys):
    mine = override(tmp_path, "gorechosen/rating.yaml",
                    lambda t: t.replace("reference: Tark Gruelgore", "reference: Redarg Bloodfane"))
    roster = "gorechosen/example_brass_pit"
    _, before, _ = run(capsys, "cost", roster, "--json")
    code, after, err = run(capsys, "--content", mine, "cost", roster, "--json")
    assert code == 0, err
    assert json.loads(after)["total"] != json.loads(before)["total"]


def test_a_broken_override_is_a_file_line_error_naming_the_users_file(tmp_path, capsys):
    mine = override(tmp_path, "warcry/limits.yaml", lambda t: t.replace("toughness: {min: 1, max: 10}", "toughness: {min: 1, max: lots}"))
    code, _, err = run(capsys, "--content", mine, "validate", "warcry/example-gilded-ruin")
    assert code == 2
    assert "mine/warcry/limits.yaml:" in err or "mine/warcry/limits.yaml:" in _


def test_no_content_reader_bypasses_the_library():
    """Every read of content/ goes through generator.content (the override-aware library)."""
    offenders = []
    for path in (ROOT / "generator").rglob("*.py"):
        # the library itself; validate and the demo walk whole folders; mapgen_params merges the user's
        # mapgen/ folder with the built-in one itself
        if path.parts[-2] == "content" or path.name in ("resources.py", "demo.py", "content_cmds.py", "mapgen_params.py"):
            continue
        text = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                          if not line.endswith("# the template's own output, not a content file"))
        if re.search(r"content_dir\(\)|yaml\.safe_load\(", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_a_user_page_size_works_in_every_command_that_takes_page(tmp_path, capsys):
    mine = override(tmp_path, "layout/pages.yaml", lambda t: t + "a5: {width: 148, height: 210, margin: 5}\n")
    code, _, err = run(capsys, "sheet", "bladestorm", "--page", "a5", "-o", tmp_path / "ref.pdf")
    assert code == 2 and "unknown page 'a5'" in err
    code, _, err = run(capsys, "--content", mine, "map", "render", "maps/drawn-and-quartered", "--page", "a5",
                       "-o", tmp_path / "map.pdf")
    assert code == 0, err
    code, _, err = run(capsys, "--content", mine, "cards", "sagaborn/driftborn", "--page", "a5", "-o", tmp_path / "cards")
    assert code == 0, err
