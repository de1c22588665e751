"""`skirmish demo`: every part of the tool on built-in content, into one folder.

The parts are tested one by one here (quick); the whole run, cards and simulated balance
included, is marked slow (`pytest --runslow`).
"""

import json

import pytest

from generator import demo
from generator.demo import run_demo


def test_the_odds_tables_are_the_books_match_ups(tmp_path):
    written = demo.odds_tables(tmp_path)
    assert [p.name for p in written] == ["odds-warriors-of-ash.json", "odds-warriors-of-ash.txt"]
    rows = json.loads(written[0].read_text())
    assert [r["matchup"] for r in rows] == ["Sea-Troll vs Montu", "Montu vs Sea-Troll", "Argh vs Sea-Troll",
                                           "Cro vs Sea-Troll"]
    assert rows[0]["hit_probability_exact"] == "215/216"
    assert not [p for p in tmp_path.rglob(".*")], "temporary files left behind"


def test_a_demo_scenario_is_written_whole_with_booklet_previews(tmp_path):
    """One system's part of the demo (Bladestorm: its battles run on the compiled core, so the
    whole search takes seconds): a balanced (or honestly reported) scenario and its files."""
    from generator.scenarios.model import load_scenario

    log: list[str] = []
    written = demo.scenarios(tmp_path, seed=4, log=log.append, systems=["bladestorm"], jobs=1)
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    assert {"bladestorm/scenario.yaml", "bladestorm/booklet.pdf", "bladestorm/map.svg", "bladestorm/cards.pdf",
            "bladestorm/booklet-p1.png", "scenarios.txt"} <= names
    loaded = load_scenario(tmp_path / "bladestorm" / "scenario.yaml")
    assert loaded.scenario.balance is not None and loaded.scenario.balance.games >= 2
    assert any("bladestorm:" in line and "battles" in line for line in log)
    assert (tmp_path / "scenarios.txt").read_text().startswith("bladestorm: ")


@pytest.mark.slow
def test_demo_writes_a_scenario_per_system_and_the_odds_and_sheets(tmp_path):
    log: list[str] = []
    written = run_demo(tmp_path, seed=4, log=log.append)
    assert all(p.exists() and p.stat().st_size > 0 for p in written)
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    assert {"odds-warriors-of-ash.json", "reference/bladestorm-reference.pdf", "scenarios.txt"} <= names
    for system in ("bladeborn", "warcry", "gorechosen", "bladestorm", "sagaborn"):
        assert f"{system}/booklet.pdf" in names and f"{system}/scenario.yaml" in names
    for pdf in (p for p in written if p.suffix == ".pdf"):
        assert pdf.read_bytes().startswith(b"%PDF"), pdf


def test_systems_built_side_by_side_write_the_same_files_as_one_after_another(tmp_path, monkeypatch):
    """The demo builds two systems at a time on two cores; each scenario depends on the seed
    alone, so the files match a one-process run byte for byte, and every progress line of the
    worker processes reaches the caller's log."""
    from generator.balance.opponent import Settings as OpponentSettings
    from generator.scenarios.generate import Settings

    light = Settings(battles=40, look_every=40, screen_battles=8, lively_tries=1, archetype_battles=0,
                     opponent=OpponentSettings(candidates=2, screen_battles=8, knob_battles=8, knob_steps=1, verdicts=1,
                                               alternatives=0))
    monkeypatch.setattr(demo, "demo_settings", lambda name, **changes: light)  # the workers are forked: they see it
    monkeypatch.setattr(demo, "DEMO_DRAWS", 1)  # one draw each: the files, not the second chance, are checked here
    systems = ["gorechosen", "bladestorm"]
    logs: dict[int, list[str]] = {1: [], 2: []}
    for jobs in (1, 2):
        demo.scenarios(tmp_path / str(jobs), seed=5, log=logs[jobs].append, systems=systems, jobs=jobs)
    for name in systems:
        for part in ("scenario.yaml", "booklet.pdf", "map.svg"):
            assert (tmp_path / "1" / name / part).read_bytes() == (tmp_path / "2" / name / part).read_bytes(), part
    assert (tmp_path / "1" / "scenarios.txt").read_text() == (tmp_path / "2" / "scenarios.txt").read_text()
    assert sorted(logs[1]) == sorted(logs[2]) and any(line.startswith("bladestorm: ") for line in logs[2])


@pytest.mark.parametrize("first_balanced, drawn", [(False, 2), (True, 1)])
def test_a_scenario_the_search_could_not_even_out_is_drawn_again_once(tmp_path, monkeypatch, first_balanced, drawn):
    """A player handed a battle the search could not even out would draw another; so does the demo."""
    from generator.scenarios import generate as gen
    from generator.balance.opponent import Settings as OpponentSettings
    from generator.scenarios.generate import Settings

    light = Settings(battles=40, look_every=40, screen_battles=8, lively_tries=1, archetype_battles=0,
                     opponent=OpponentSettings(candidates=2, screen_battles=8, knob_battles=8, knob_steps=1, verdicts=1,
                                               alternatives=0))
    monkeypatch.setattr(demo, "demo_settings", lambda name, **changes: light)
    real, seeds = gen.generate, []

    def scripted(name, seed, **kw):
        made = real(name, seed, **kw)
        seeds.append(seed)
        made.balanced = first_balanced if len(seeds) == 1 else False
        return made

    monkeypatch.setattr(gen, "generate", scripted)
    log: list[str] = []
    demo.scenarios(tmp_path, seed=5, log=log.append, systems=["bladestorm"], jobs=1)
    assert len(seeds) == drawn and len(set(seeds)) == drawn
    assert any("drawing another scenario" in line for line in log) == (drawn == 2)
    # the second is kept either way, and says whether it is balanced
    assert ("NOT balanced" in (tmp_path / "scenarios.txt").read_text()) == (drawn == 2)


@pytest.mark.skipif(not __import__("pathlib").Path("/proc").is_dir(), reason="reads /proc")
def test_ctrl_c_stops_the_demo_at_once_with_130_and_nothing_more_written(tmp_path):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while the systems are
    built side by side: exit 130 within seconds, one "interrupted" line, the battle processes
    gone, and no file written after it (the demo once wrote on 11 s later and ignored a second
    Ctrl-C)."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from generator.balance.runner import machine_cores

    if machine_cores() < 2:
        pytest.skip("the systems are built side by side only on two cores or more")
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "demo"
    child = subprocess.Popen([sys.executable, "-m", "generator", "demo", "-o", out, "--seed", "3"], cwd=root,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        workers: list[str] = []
        while len(workers) < 2 and time.monotonic() < deadline:  # the pool is up: the searches run
            time.sleep(0.2)
            workers = subprocess.run(["ps", "--ppid", str(child.pid), "-o", "pid="], capture_output=True,
                                     text=True).stdout.split()
        time.sleep(2)
        os.killpg(child.pid, signal.SIGINT)
        interrupted = time.monotonic()
        _, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:  # a demo that ignored Ctrl-C is not left running
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130 and time.monotonic() - interrupted < 20
    assert err.strip().splitlines()[-1] == "interrupted" and "Traceback" not in err
    time.sleep(1.5)
    assert not [w for w in workers if os.path.exists(f"/proc/{w}")]
    left = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    assert not [p for p in left if p.suffix == ".part"]  # every file whole, or not there
