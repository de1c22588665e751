"""`skirmish cards` end to end (roster loading swapped for a fixture), and its one-line errors."""

import subprocess
import sys

import pytest

from generator.cli.app import main


class FakeSystem:
    name = "bladestorm"

    @staticmethod
    def combatants(roster):
        return roster["combatants"]


ROSTER = {"name": "Ash Lairs", "combatants": [
    {"name": "Sea-Troll", "movement": 7, "melee_attack": "3D6+4", "melee_damage": "High+2", "defense": 10,
     "endurance": 51, "weapons": [{"name": "Large Claws", "attack": "3D6+4", "damage": "High+2"}], "tpc": 480},
    {"name": "Montu", "movement": 5, "melee_attack": "3D6-1", "melee_damage": "High+2", "defense": 7,
     "endurance": 10, "weapons": [], "tpc": 212},
]}


@pytest.fixture
def fake_loader(monkeypatch):
    import generator.content

    monkeypatch.setattr(generator.content, "load_roster", lambda path: (FakeSystem, ROSTER))


def run_main(args, capsys):
    with pytest.raises(SystemExit) as stop:
        main(args)
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err


def test_cards_writes_pdf_pngs_and_svgs(fake_loader, tmp_path, capsys):
    code, out, err = run_main(["cards", "ash.yaml", "--out", str(tmp_path), "-f", "pdf", "-f", "png", "-f", "svg",
                               "--backs", "--bleed", "2mm", "--crop-marks", "--odds", "7"], capsys)
    assert code == 0, err
    names = {p.name for p in tmp_path.iterdir()}
    assert {"ash.pdf", "ash-sheet1.png", "ash-sheet2.png", "sea-troll.svg", "montu-back.svg"} <= names
    assert "2 cards on 2 page(s)" in out
    assert "vs Def 7" in (tmp_path / "sea-troll.svg").read_text()


@pytest.mark.parametrize("extra,needle", [
    (["--card", "jumbo"], "unknown card size 'jumbo'"),
    (["--page", "a9"], "unknown page 'a9'"),
    (["--card", "195x280mm", "--bleed", "5mm"], "larger than the margin allows"),
    (["--bleed", "12mm"], "bleed 12mm is more than the 10mm"),
    (["--bleed", "lots"], "--bleed 'lots' is not a length"),
    (["--format", "pdf", "--format", "gif"], "--format 'gif': choose one of pdf, svg, png"),
])
def test_bad_print_options_are_one_line_exit_2_and_write_nothing(fake_loader, tmp_path, capsys, extra, needle):
    code, _, err = run_main(["cards", "ash.yaml", "--out", str(tmp_path / "out"), *extra], capsys)
    assert code == 2
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_missing_roster_file_is_one_line_exit_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "generator", "cards", str(tmp_path / "nope.yaml"),
                             "--out", str(tmp_path / "out")], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_sheet_command_writes_a_pdf(tmp_path, capsys):
    target = tmp_path / "ref.pdf"
    code, out, err = run_main(["sheet", "bladestorm", "--page", "letter", "--out", str(target)], capsys)
    assert code == 0, err
    assert target.read_bytes().startswith(b"%PDF") and "1 page(s)" in out


def test_sheet_for_an_unknown_system_is_one_line(tmp_path, capsys):
    code, _, err = run_main(["sheet", "chess", "--out", str(tmp_path / "x.pdf")], capsys)
    assert code == 2 and err.count("\n") == 1 and "chess" in err
    assert not (tmp_path / "x.pdf").exists()
