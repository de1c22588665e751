"""`skirmish demo`: every part of the tool on built-in content, into one folder."""

from generator.boards.mapfile import dump_map, load_map
from generator.boards.mapgen import generate_map
from generator.demo import run_demo


def test_demo_writes_every_kind_of_output_and_the_maps_come_from_the_seed(tmp_path):
    log: list[str] = []
    written = run_demo(tmp_path, seed=4, log=log.append)
    assert all(p.exists() and p.stat().st_size > 0 for p in written)
    assert not [p for p in tmp_path.rglob(".*") if p.name != ".skirmish-outputs.json"], "temporary files left behind"
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    assert {"odds-warriors-of-ash.json", "maps/sagaborn-map.yaml", "maps/sagaborn-fairness.txt",
            "reference/bladestorm-reference.pdf"} <= names
    for pdf in (p for p in written if p.suffix == ".pdf"):
        assert pdf.read_bytes().startswith(b"%PDF"), pdf
    for system in ("bladeborn", "sagaborn", "gorechosen"):
        board = load_map(tmp_path / "maps" / f"{system}-map.yaml")
        assert dump_map(board) == dump_map(generate_map(system, seed=4).board)
        report = (tmp_path / "maps" / f"{system}-fairness.txt").read_text()
        assert "exposure" in report and "connected: yes" in report
        assert ("nearest-first distances" in report) == bool(board.objectives)
    assert "move points" in (tmp_path / "maps" / "sagaborn-fairness.txt").read_text()
    assert any("sagaborn map" in line for line in log)
