"""Balance figures that stay true: a scenario edited after it was measured prints its figures as
out of date, and ``skirmish balance --scenario FILE --update`` measures it again, rewriting only
the balance block of the file (comments, names, order and everything else kept)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import yaml
from pypdf import PdfReader

from generator.layout.booklet import booklet_bytes
from generator.resources import content_dir
from generator.scenarios.fingerprint import measured, stale_parts
from generator.scenarios.model import load_scenario, validate

ROOT = Path(__file__).resolve().parents[2]
DUEL = content_dir() / "scenarios" / "examples" / "gorechosen-single-combat.yaml"


def measured_copy(tmp_path: Path) -> Path:
    """The Gorechosen example with a fingerprint of what it holds now (as the generator writes it)."""
    data = yaml.safe_load(DUEL.read_text())
    loaded = validate(data)
    data["balance"]["fingerprint"] = measured(loaded)
    path = tmp_path / "scenario.yaml"
    text = "# our Friday duel: keep this note\n" + yaml.safe_dump(data, sort_keys=False)
    path.write_text(text)
    return path


def first_page_text(pdf: bytes) -> str:
    return " ".join((PdfReader(io.BytesIO(pdf)).pages[0].extract_text() or "").split())


def test_a_measured_scenario_is_current_and_cosmetic_edits_keep_it_so(tmp_path):
    path = measured_copy(tmp_path)
    assert stale_parts(load_scenario(path)) == []
    text = path.read_text().replace("title: Single Combat in the Blood Pit", "title: Friday Night in the Pit")
    path.write_text(text)  # a new title changes no battle
    assert stale_parts(load_scenario(path)) == []
    assert "Not re-measured" not in first_page_text(booklet_bytes(path))


def test_an_edited_scenarios_booklet_says_its_figures_are_stale(tmp_path):
    """A champion changed after the battles were played: the mission sheet and the balance page
    say the figures were not re-measured and name the command that measures them again."""
    path = measured_copy(tmp_path)
    part = "forces"
    path.write_text(path.read_text().replace("to_hit: 3", "to_hit: 4", 1))
    loaded = load_scenario(path)
    assert stale_parts(loaded) == [part]
    pdf = booklet_bytes(loaded)
    sheet = first_page_text(pdf)
    assert "Not re-measured since the scenario was edited (the forces changed)" in sheet
    assert "skirmish balance --scenario scenario.yaml --update (in the scenario's folder)" in sheet  # a long path
    report = next(" ".join(p.split()) for p in (pg.extract_text() or "" for pg in PdfReader(io.BytesIO(pdf)).pages)
                  if "Balance report" in p and "Battles played" in p)
    assert "Not re-measured since the scenario was edited" in report
    assert f"skirmish balance --scenario {path} --update" in report


def test_an_old_file_without_a_fingerprint_says_its_figures_cannot_be_checked():
    pdf = booklet_bytes(DUEL)
    report = next(" ".join(p.split()) for p in (pg.extract_text() or "" for pg in PdfReader(io.BytesIO(pdf)).pages)
                  if "Balance report" in p and "Battles played" in p)
    assert "do not record what they measured" in report
    assert "Not re-measured" not in first_page_text(pdf)


def test_update_rewrites_only_the_balance_block(tmp_path):
    """``--update`` plays the edited scenario and writes fresh figures with a fresh fingerprint;
    every other line of the file, the comment included, is as the user left it."""
    path = measured_copy(tmp_path)
    path.write_text(path.read_text().replace("to_hit: 3", "to_hit: 4", 1))
    before = path.read_text()
    run = subprocess.run([sys.executable, "-m", "generator", "balance", "--scenario", str(path), "--update",
                          "--battles", "40", "--look-every", "20", "--jobs", "1", "--json"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    after = path.read_text()
    head = before[:before.index("\nbalance:")]
    assert after.startswith(head)  # everything above the balance block, comment and all, unchanged
    loaded = load_scenario(path)
    assert stale_parts(loaded) == []
    assert loaded.scenario.balance.games <= 40 and loaded.scenario.balance.fingerprint is not None
    assert "Not re-measured" not in first_page_text(booklet_bytes(loaded))


def test_update_refuses_a_file_that_is_not_a_scenario_and_leaves_it(tmp_path):
    roster = tmp_path / "roster.yaml"
    roster.write_text((content_dir() / "gorechosen" / "example_brass_pit.yaml").read_text())
    before = roster.read_text()
    run = subprocess.run([sys.executable, "-m", "generator", "balance", "--scenario", str(roster), "--update"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert roster.read_text() == before
