"""`map generate` and `map render` through the real error boundary (generator.cli.app.main)."""

import json

import pytest
import typer

import generator.cli.app as app_module
from generator.boards.mapfile import load_map
from generator.cli import maps_gen


@pytest.fixture
def cli(monkeypatch, capsys):
    """Run ``skirmish map ...`` with only this module's commands in the map group."""
    root = typer.Typer(pretty_exceptions_enable=False)
    map_app = typer.Typer(no_args_is_help=True)

    @root.callback()
    def _root():
        pass

    maps_gen.register(map_app)
    root.add_typer(map_app, name="map")
    monkeypatch.setattr(app_module, "app", root)

    def run(*args):
        with pytest.raises(SystemExit) as stop:
            app_module.main(["map", *map(str, args)])
        out = capsys.readouterr()
        return stop.value.code, out.out, out.err

    return run


def test_generate_writes_a_valid_map_and_reports(cli, tmp_path):
    out = tmp_path / "m.yaml"
    code, stdout, _ = cli("generate", "bladeborn", "--size", "13x10", "--seed", 4, "--out", out)
    assert code == 0
    board = load_map(out)
    assert (board.width, board.height) == (13, 10)
    assert "exposure" in stdout and "connected: yes" in stdout


def test_generate_json_is_reproducible(cli):
    args = ("generate", "gorechosen", "--seed", 11, "--json")
    code1, first, _ = cli(*args)
    code2, second, _ = cli(*args)
    assert code1 == code2 == 0
    assert first == second
    data = json.loads(first)
    assert data["connected"] is True and data["seed"] == 11


@pytest.mark.parametrize(
    "args, words",
    [
        (("generate", "chess"), "no map generator for system 'chess'"),
        (("generate", "bladeborn", "--size", "13x"), "--size '13x'"),
        (("generate", "bladeborn", "--symmetry", "spiral"), "--symmetry 'spiral'"),
        (("generate", "bladeborn", "--density", "0.9"), "--density 0.9"),
    ],
)
def test_bad_generate_input_is_one_line_exit_2(cli, args, words):
    code, _, err = cli(*args)
    assert code == 2
    assert err.strip().count("\n") == 0
    assert words in err and "Traceback" not in err


@pytest.fixture
def map_file(tmp_path):
    path = tmp_path / "small.yaml"
    path.write_text(
        "grid: hex\norientation: flat\noffset: odd\nwidth: 5\nheight: 4\nblocked: ['2,1']\n"
        "objectives: ['2,2']\nzones: {A: {start: ['0,0']}, B: {start: ['4,3']}}\n"
    )
    return path


@pytest.mark.parametrize(
    "extra, words",
    [
        (("--page", "a5"), "unknown page 'a5'"),
        (("--hex-size", "big"), "--hex-size 'big'"),
        (("--format", "jpg"), "--format 'jpg'"),
    ],
)
def test_bad_render_input_is_one_line_exit_2(cli, map_file, extra, words):
    code, _, err = cli("render", map_file, *extra)
    assert code == 2
    assert err.strip().count("\n") == 0
    assert words in err


def test_render_missing_map_names_the_file(cli, tmp_path):
    code, _, err = cli("render", tmp_path / "nope.yaml")
    assert code == 2 and "nope.yaml" in err


def test_render_writes_pdf_next_to_the_map(cli, map_file):
    code, stdout, _ = cli("render", map_file, "--hex-size", "25mm")
    assert code == 0
    pdf = map_file.with_suffix(".pdf")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert f"wrote {pdf}" in stdout


def test_generate_without_out_prints_only_the_map_on_stdout(cli, tmp_path):
    code, stdout, err = cli("generate", "bladestorm", "--seed", 2)
    assert code == 0
    path = tmp_path / "piped.yaml"
    path.write_text(stdout)
    board = load_map(path)
    assert board.grid == "square" and board.system == "bladestorm"
    assert "exposure" in err
