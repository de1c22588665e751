"""`skirmish demo`: every part of the tool on built-in content, into one folder.

The parts are tested one by one here (quick); the whole run, cards and simulated balance
included, is marked slow (`pytest --runslow`).
"""

import json

import pytest

from generator import demo
from generator.boards.mapfile import dump_map, load_map
from generator.boards.mapgen import generate_map
from generator.demo import run_demo


def test_the_odds_tables_are_the_books_match_ups(tmp_path):
    written = demo.odds_tables(tmp_path)
    assert [p.name for p in written] == ["odds-warriors-of-ash.json", "odds-warriors-of-ash.txt"]
    rows = json.loads(written[0].read_text())
    assert [r["matchup"] for r in rows] == ["Sea-Troll vs Montu", "Montu vs Sea-Troll", "Argh vs Sea-Troll",
                                           "Cro vs Sea-Troll"]
    assert rows[0]["hit_probability_exact"] == "215/216"
    assert not [p for p in tmp_path.rglob(".*")], "temporary files left behind"


def test_the_maps_come_from_the_seed_with_a_fairness_report(tmp_path):
    log: list[str] = []
    written = demo.maps(tmp_path, seed=4, log=log.append)
    assert all(p.exists() and p.stat().st_size > 0 for p in written)
    for system in ("bladeborn", "sagaborn", "gorechosen"):
        board = load_map(tmp_path / "maps" / f"{system}-map.yaml")
        assert dump_map(board) == dump_map(generate_map(system, seed=4).board)
        report = (tmp_path / "maps" / f"{system}-fairness.txt").read_text()
        assert "exposure" in report and "connected: yes" in report
        assert ("nearest-first distances" in report) == bool(board.objectives)
    assert "move points" in (tmp_path / "maps" / "sagaborn-fairness.txt").read_text()
    assert any("sagaborn map" in line for line in log)
    for pdf in (p for p in written if p.suffix == ".pdf"):
        assert pdf.read_bytes().startswith(b"%PDF"), pdf


def test_every_system_has_built_in_rosters_for_the_decks():
    rosters = demo.builtin_rosters()
    assert all(rosters[system] for system in ("bladestorm", "sagaborn", "warcry", "bladeborn", "gorechosen"))


@pytest.mark.slow
def test_demo_writes_every_kind_of_output_and_the_maps_come_from_the_seed(tmp_path):
    log: list[str] = []
    written = run_demo(tmp_path, seed=4, log=log.append)
    assert all(p.exists() and p.stat().st_size > 0 for p in written)
    assert not [p for p in tmp_path.rglob(".*")], "temporary files left behind"
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    assert {"odds-warriors-of-ash.json", "maps/sagaborn-map.yaml", "maps/sagaborn-fairness.txt",
            "reference/bladestorm-reference.pdf", "balance.txt"} <= names
    for pdf in (p for p in written if p.suffix == ".pdf"):
        assert pdf.read_bytes().startswith(b"%PDF"), pdf
