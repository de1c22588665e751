"""Hostile input: what someone else's file may make the tool do. Templates are data not code,
``--force`` replaces only regular files, every read is capped whatever the file is, work is
bounded, and nothing from a file reaches the terminal as an escape sequence.

Tests that would hang or eat memory on a tool without these guards run the command in a child
process with a time limit (and a memory limit), so a regression fails instead of stopping the
suite.
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.cli_run import run

ROOT = Path(__file__).resolve().parents[2]
GOBLINS = ROOT / "content" / "bladestorm" / "warriors-of-ash-goblins.yaml"
SCENARIO = ROOT / "content" / "scenarios" / "examples" / "bladestorm-the-salt-road.yaml"


def _child(args, timeout=60, stdin=None, memory_mb=1500):
    """``skirmish ARGS`` in a child process with a time and an address-space limit."""
    import resource

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))

    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, input=stdin, preexec_fn=limits)


# ---- templates are data, not code -----------------------------------------------------------

#: Ways a Jinja2 template reaches Python's internals when it is rendered without a sandbox.
ESCAPES = [
    "{% set _ = cycler.__init__.__globals__.os.system('touch MARKER') %}",
    "{{ joiner.__init__.__globals__.os.popen('touch MARKER').read() }}",
    "{{ namespace.__init__.__globals__['os'].system('touch MARKER') }}",
    "{{ lipsum.__globals__['os'].system('touch MARKER') }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ self.__init__.__globals__ }}",
    "{{ range.__self__ }}",
    "{{ ''.format.__self__ }}",
    "{{ (1).__class__.__base__.__subclasses__() }}",
]

#: The template each command renders first, and the command.
TEMPLATED = {
    "cards": ("cards/bladestorm.svg.j2", ["cards", GOBLINS, "-o", "OUT"]),
    "sheet": ("sheets/bladestorm.svg.j2", ["sheet", "bladestorm", "-o", "OUT/ref.pdf"]),
    "booklet": ("booklet/booklet.yaml.j2", ["booklet", SCENARIO, "-o", "OUT/b.pdf"]),
}


@pytest.mark.parametrize("command", sorted(TEMPLATED))
@pytest.mark.parametrize("payload", ESCAPES)
def test_a_template_that_reaches_for_python_is_refused_naming_its_file(tmp_path, capsys, monkeypatch, command,
                                                                        payload):
    """A shared template pack runs no code: every escape is refused with one line that names the
    template file, and nothing is written (the marker file the payload would make included)."""
    template, args = TEMPLATED[command]
    pack = tmp_path / "pack"
    (pack / template).parent.mkdir(parents=True)
    (pack / template).write_text("<svg>\n" + payload.replace("MARKER", str(tmp_path / "MARKER")) + "\n</svg>\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *args, "--templates", pack)
    assert code == 2, err
    assert err.startswith("error: template ") and err.count("\n") == 1, err
    assert f"template pack/{template}:2: " in err, err  # shown as the user would type it (relative)
    assert not (tmp_path / "MARKER").exists()
    assert not (tmp_path / "OUT").exists() or list((tmp_path / "OUT").iterdir()) == []


def test_a_template_included_from_another_is_named_itself(tmp_path, capsys):
    pack = tmp_path / "pack" / "sheets"
    pack.mkdir(parents=True)
    (pack / "bladestorm.svg.j2").write_text("<svg>{% include 'sheets/evil.j2' %}</svg>")
    (pack / "evil.j2").write_text("\n\n{{ ''.__class__ }}")
    code, _, err = run(capsys, "sheet", "bladestorm", "-o", tmp_path / "ref.pdf", "--templates", tmp_path / "pack")
    assert code == 2 and f"{pack / 'evil.j2'}:3: refused" in err, err


def test_a_template_pack_cannot_print_a_file_from_outside_it(tmp_path, capsys):
    """A link in a shared pack to a private file would print the file on a card: refused."""
    secret = tmp_path / "secret.txt"
    secret.write_text("password")
    pack = tmp_path / "pack" / "sheets"
    pack.mkdir(parents=True)
    (pack / "bladestorm.svg.j2").symlink_to(secret)
    code, _, err = run(capsys, "sheet", "bladestorm", "-o", tmp_path / "ref.pdf", "--templates", tmp_path / "pack")
    assert code == 2 and "symbolic link out of its template folder" in err and "password" not in err
    (pack / "bladestorm.svg.j2").unlink()
    (pack / "bladestorm.svg.j2").write_text("<svg>{% include '../secret.txt' %}</svg>")
    code, _, err = run(capsys, "sheet", "bladestorm", "-o", tmp_path / "ref.pdf", "--templates", tmp_path / "pack")
    assert code == 2 and "not found" in err


# ---- --force replaces only regular files ----------------------------------------------------


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _socket(path: Path) -> Path:
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    sock.close()
    return path


def _device_link(path: Path) -> Path:
    path.symlink_to("/dev/null")
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


TARGETS = {"FIFO": (_fifo, "is a FIFO (named pipe), not a regular file"),
           "socket": (_socket, "is a socket, not a regular file"),
           "link to /dev/null": (_device_link, "which is a character device, not a regular file"),
           "folder": (_folder, "is a folder")}

WRITERS = {
    "schema": (".json", ["schema", "warcry", "-o"]),
    "create random": (".yaml", ["create", "random", "bladestorm", "--seed", "1", "-o"]),
    "create calc": (".yaml", ["create", "calc", "sagaborn", "--hp", "8", "--attack", "4", "-o"]),
    "sheet": (".pdf", ["sheet", "bladestorm", "-o"]),
    "map generate": (".yaml", ["map", "generate", "bladeborn", "--seed", "1", "-o"]),
    "map render": (".pdf", ["map", "render", "maps/ash-cavern", "-o"]),
    "simulate --svg": (".svg", ["simulate", "bladestorm/warriors-of-ash-goblins", "bladestorm/warriors-of-ash-sea-troll",
                                "--seed", "1", "--svg"]),
    "simulate --log-json": (".json", ["simulate", "bladestorm/warriors-of-ash-goblins",
                                      "bladestorm/warriors-of-ash-sea-troll", "--seed", "1", "--log-json"]),
    "booklet": (".pdf", ["booklet", SCENARIO, "-o"]),
}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("kind", sorted(TARGETS))
def test_force_never_replaces_what_is_not_a_regular_file(tmp_path, capsys, writer, kind):
    """``-o X --force`` where X is a FIFO, a socket, a link to a device or a folder: refused by
    name, and X is left exactly as it was (an atomic rename would have swapped a file in)."""
    suffix, args = WRITERS[writer]
    make, words = TARGETS[kind]
    target = make(tmp_path / f"out{suffix}")
    before = os.lstat(target)
    code, _, err = run(capsys, *args, target, "--force")
    assert code == 2, err
    assert err.count("\n") == 1 and words in err and str(target) in err, err
    after = os.lstat(target)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode) and after.st_ino == before.st_ino
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]


def test_a_link_to_a_file_is_followed_and_kept(tmp_path, capsys):
    """Decided: a symbolic link names the file it points to. ``-o link`` refuses to replace that
    file without --force; with it, the file behind the link is replaced and the link stays."""
    real = tmp_path / "store" / "team.yaml"
    real.parent.mkdir()
    real.write_text("# mine\n")
    link = tmp_path / "team.yaml"
    link.symlink_to(real)
    code, _, err = run(capsys, "create", "random", "bladestorm", "--seed", "1", "-o", link)
    assert code == 2 and "already exists" in err and real.read_text() == "# mine\n"
    code, _, err = run(capsys, "create", "random", "bladestorm", "--seed", "1", "-o", link, "--force")
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert yaml.safe_load(real.read_text())["system"] == "bladestorm"
    assert sorted(p.name for p in real.parent.iterdir()) == ["team.yaml"]  # no temporary file left


def test_a_link_that_points_nowhere_is_refused_and_nothing_is_made_where_it_points(tmp_path, capsys):
    link = tmp_path / "team.yaml"
    link.symlink_to(tmp_path / "elsewhere" / "made.yaml")
    code, _, err = run(capsys, "create", "random", "bladestorm", "--seed", "1", "-o", link, "--force")
    assert code == 2 and "which does not exist" in err
    assert link.is_symlink() and not (tmp_path / "elsewhere").exists()


# ---- reads are capped whatever the file is --------------------------------------------------

DEVICE_READERS = [
    ["validate", "/dev/zero"],
    ["show", "/dev/urandom"],
    ["cost", "/dev/zero"],
    ["map", "render", "/dev/zero", "-o", "/tmp/never-written.pdf"],
    ["map", "los", "/dev/zero"],
    ["booklet", "/dev/zero", "-o", "/tmp/never-written.pdf"],
]


@pytest.mark.parametrize("args", DEVICE_READERS, ids=" ".join)
def test_a_device_is_refused_by_name_not_read_until_memory_runs_out(args):
    done = _child(args, timeout=60)
    assert done.returncode == 2, done.stderr[-300:]
    assert "is a character device, not a regular file" in done.stdout + done.stderr  # validate: its report
    assert done.stderr.count("\n") == 1
    assert not Path("/tmp/never-written.pdf").exists()


@pytest.mark.parametrize("args", [["validate", "F"], ["show", "F"], ["cost", "F"], ["map", "los", "F"],
                                  ["cards", GOBLINS, "-o", "OUT", "--templates", "PACK"]], ids=lambda a: a[0])
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path, args):
    fifo = _fifo(tmp_path / "roster.yaml")
    pack = tmp_path / "pack" / "cards"
    pack.mkdir(parents=True)
    _fifo(pack / "bladestorm.svg.j2")
    args = [str(a).replace("OUT", str(tmp_path / "out")).replace("PACK", str(tmp_path / "pack"))
            if a != "F" else fifo for a in args]
    done = _child(args, timeout=60)
    assert done.returncode == 2, done.stderr[-300:]
    assert "is a FIFO (named pipe), not a regular file" in done.stdout + done.stderr  # validate: its report
    assert done.stderr.count("\n") == 1


def test_standard_input_is_read_with_the_same_cap(tmp_path):
    done = _child(["validate", "-"], stdin=GOBLINS.read_text())
    assert done.returncode == 0 and "no problems" in done.stdout
    done = _child(["validate", "-"], stdin="x: " + "a" * 1_200_000)
    assert done.returncode == 2 and "standard input: is more than 1 MB" in done.stdout


def test_a_huge_sparse_file_is_refused_by_its_size_without_being_read(tmp_path, capsys):
    big = tmp_path / "huge.yaml"
    with open(big, "wb") as handle:
        handle.truncate(4 << 30)
    code, out, _ = run(capsys, "validate", big)
    assert code == 2 and "is 4295.0 MB; content files are at most 1 MB" in out


# ---- bounded work ---------------------------------------------------------------------------


def test_jobs_are_capped_at_the_machines_cores_and_the_tool_says_so(capsys):
    from generator.balance.runner import LocalRunner, check_jobs, machine_cores

    assert check_jobs(64) == machine_cores() and LocalRunner(64).workers == machine_cores()
    code, _, err = run(capsys, "balance", "bladestorm/warriors-of-ash-goblins", "bladestorm/warriors-of-ash-sea-troll",
                       "--battles", "4", "--jobs", "64", "--seed", "1")
    assert code == 0, err
    assert f"--jobs 64: this machine has {machine_cores()} core" in err and f"using {machine_cores()}" in err


@pytest.mark.parametrize("battles", [2, 40])
def test_create_against_plays_at_most_its_battles_in_all(capsys, battles):
    """``--battles 2`` once ran five minutes: the screens and swaps ignored it. Now it bounds the
    whole search, verdicts included (the JSON says how many were played)."""
    import json

    code, out, err = run(capsys, "create", "random", "bladestorm", "--against", "bladestorm/warriors-of-ash-goblins",
                         "--battles", battles, "--seed", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert 2 <= report["battles"] <= battles
    assert report["verdict"]["games"] <= battles


def test_a_200000_character_name_is_refused_before_any_card_is_drawn(tmp_path, capsys):
    data = yaml.safe_load(GOBLINS.read_text())
    data["combatants"][0]["name"] = "N" * 200_000
    roster = tmp_path / "long.yaml"
    roster.write_text(yaml.safe_dump(data, width=10**7))
    for args in (["validate", roster], ["cards", roster, "-o", tmp_path / "out"]):
        code, out, err = run(capsys, *args)
        assert code == 2
        assert "long.yaml:" in out + err and "combatants[0].name" in out + err
        assert "is 200,000 characters long" in out + err or "(200,000 characters) is too long" in out + err
    assert not (tmp_path / "out").exists()


def test_a_huge_page_in_a_content_folder_is_refused_naming_the_file(tmp_path):
    (tmp_path / "layout").mkdir()
    (tmp_path / "layout" / "pages.yaml").write_text("a4: {width: 1.0e+300, height: 297, margin: 5}\n")
    done = _child(["--content", tmp_path, "sheet", "bladestorm", "-o", tmp_path / "ref.pdf"], timeout=60)
    assert done.returncode == 2, done.stderr[-300:]
    assert "pages.yaml:1: a4.width:" in done.stderr and "above the maximum 2000" in done.stderr


# ---- nothing from a file reaches the terminal as an escape ----------------------------------

ESC_NAMES = ["Cro\x1b]0;owned\x07", "\x1b[2J\x1b[HCro", "Cro\x9b2J", "Cro\x00", "Cro\x7f"]


@pytest.mark.parametrize("name", ESC_NAMES, ids=repr)
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_a_control_character_in_a_name_is_a_validation_error_and_never_printed(tmp_path, capsys, name, fmt):
    import json

    data = yaml.safe_load(GOBLINS.read_text())
    data["combatants"][0]["name"] = name
    roster = tmp_path / f"evil.{fmt}"
    roster.write_text(json.dumps(data, indent=1) if fmt == "json" else yaml.safe_dump(data, allow_unicode=False))
    for args in (["show", roster], ["validate", roster], ["cards", roster, "-o", tmp_path / "out"]):
        code, out, err = run(capsys, *args)
        assert code == 2, err
        assert "evil." in out + err and "combatants[0].name" in out + err and "U+00" in out + err
        assert not any(c in out + err for c in "\x1b\x9b\x07\x00\x7f")


def test_a_name_made_on_the_command_line_is_checked_too(capsys):
    code, out, err = run(capsys, "create", "calc", "sagaborn", "--name", "\x1b[2JSpears", "--hp", "8", "--attack", "4")
    assert code == 2 and "U+001B" in err and "\x1b" not in out + err


def test_an_error_about_a_file_name_with_escapes_prints_them_escaped(tmp_path, capsys):
    code, out, err = run(capsys, "show", tmp_path / "\x1b]0;owned\x07.yaml")
    assert code == 2 and "\\x1b]0;owned\\x07.yaml" in err and "\x1b" not in err and "\x07" not in err


def test_a_name_that_looks_like_markup_is_printed_as_written(tmp_path, capsys):
    data = yaml.safe_load(GOBLINS.read_text())
    data["combatants"][0]["name"] = "[link=https://example.com]Cro[/link]"
    roster = tmp_path / "markup.yaml"
    roster.write_text(yaml.safe_dump(data))
    code, out, err = run(capsys, "show", roster)
    assert code == 0, err
    assert "[link=https://example.com]Cro[/link]" in out and "\x1b" not in out
