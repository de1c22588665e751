"""Every example in the README and in every ``--help`` runs, as a user would type it.

Each example runs in a fresh folder that holds the files examples expect a user to have (their
own warband, map, scenario folder, a JSON list of fighters, a campaign begun) and the
repository's ``content/``. Left out, by name: placeholders (``--content DIR ...``), questions on
the terminal (``--interactive``) and a campaign step that needs artefacts in hand (``--used``).
The default run executes the quick examples and, for the ones that play thousands of battles
(scenario, balance, calibrate, campaign simulate, create random --against, demo), checks that every option parses
and every named file resolves; ``--runslow`` runs those too, exactly as written.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
import typer

from generator.cli.app import app, root_command
from tests.cli_run import run

ROOT = Path(__file__).resolve().parents[2]

#: Examples that stand for something to fill in, or that ask questions on the terminal.
PLACEHOLDERS = ("skirmish --content DIR ...",)
ASKS = "--interactive"
#: Examples that play many battles: parsed in the default run, played with --runslow.
SLOW = ("skirmish demo", "skirmish scenario", "skirmish balance", "skirmish calibrate", "skirmish campaign simulate",
        "--against")
#: Examples of a step that needs a campaign several battles on (a lesser artefact in hand).
LATER = ("--used",)


def _commands(command, path=()):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, path + (name,))


def help_examples() -> list[str]:
    root = root_command()
    out = []
    for _, command in _commands(root):
        for line in (command.help or "").splitlines():
            if line.strip().startswith("skirmish "):
                out.append(line.strip())
    return out


def readme_examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = re.findall(r"`(skirmish [^`]+)`", text)
    for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
        for part in block.replace("\n", " && ").split("&&"):
            if part.strip().startswith("skirmish "):
                out.append(part.strip())
    return out


def examples() -> list[str]:
    seen: dict[str, None] = {}
    for line in readme_examples() + help_examples():
        if line not in PLACEHOLDERS and ASKS not in line and not any(flag in line for flag in LATER):
            seen.setdefault(line, None)
    return list(seen)


EXAMPLES = examples()


def is_slow(line: str) -> bool:
    return any(line.startswith(s) or (s.startswith("--") and s in line) for s in SLOW)


@pytest.fixture
def users_folder(tmp_path, monkeypatch):
    """A folder with what the examples take a user to have, and the repository's content."""
    content = ROOT / "content"
    (tmp_path / "content").symlink_to(content, target_is_directory=True)
    fighters = ROOT / "tests" / "fixtures" / "warcry-fighters-sample.json"
    for name in ("warband.json", "fighters.json"):
        shutil.copy(fighters, tmp_path / name)
    for name in ("my-warband.yaml", "warband.yaml", "mine.yaml"):
        shutil.copy(content / "warcry" / "example-gilded-ruin.yaml", tmp_path / name)
    shutil.copy(content / "maps" / "drawn-and-quartered.yaml", tmp_path / "my-map.yaml")
    (tmp_path / "my-content").mkdir()
    for folder, example in (("my-battle", "warcry-seize-the-ground"), ("output/bladeborn", "bladeborn-blood-on-the-altar")):
        (tmp_path / folder).mkdir(parents=True)
        shutil.copy(content / "scenarios" / "examples" / f"{example}.yaml", tmp_path / folder / "scenario.yaml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def parses(args: list[str]) -> None:
    """The command line parses: every command found, every option known and of the right type."""
    command = typer.main.get_command(app)
    ctx = command.make_context("skirmish", list(args), resilient_parsing=False)
    while hasattr(command, "resolve_command"):
        protected = list(getattr(ctx, "_protected_args", None) or getattr(ctx, "protected_args", []))
        name, command, rest = command.resolve_command(ctx, protected + ctx.args)
        ctx = command.make_context(name, rest, parent=ctx)


def names_resolve(args: list[str]) -> None:
    from generator.content import find_named

    for arg in args:
        if re.fullmatch(r"(?:bladeborn|warcry|gorechosen|bladestorm|sagaborn|maps)/[\w-]+", arg):
            assert find_named(arg).exists(), arg


def test_the_examples_were_found():
    assert len(EXAMPLES) > 60
    assert any(e.startswith("skirmish scenario") for e in EXAMPLES) and "skirmish systems" in EXAMPLES


def fresh_target(args: list[str], folder: Path) -> None:
    """The file an example writes (``-o``) is new to it, unless it appends or forces."""
    if "--append" in args or "--force" in args:
        return
    for flag in ("-o", "--out"):
        if flag in args:
            target = folder / args[args.index(flag) + 1]
            if target.is_file():
                target.unlink()


def campaign_folder(args: list[str], capsys) -> None:
    """Examples that go on with ``my-campaign`` find it begun, as ``campaign new`` leaves it."""
    makes_it = args[:2] == ["campaign", "new"] and "-o" in args and args[args.index("-o") + 1] == "my-campaign"
    if "my-campaign" in args and not makes_it:
        code, _, err = run(capsys, "campaign", "new", "bladeborn", "--a", "bladeborn/example-cinder-oath",
                           "--b", "bladeborn/example-hollowmere-stalkers", "-o", "my-campaign", "--seed", "1")
        assert code == 0, err


@pytest.mark.parametrize("line", [e for e in EXAMPLES if not is_slow(e)])
def test_a_quick_example_runs(line, users_folder, capsys):
    args = shlex.split(line)[1:]
    fresh_target(args, users_folder)
    campaign_folder(args, capsys)
    code, out, err = run(capsys, *args)
    assert code == 0, f"{line}\n{err}"


@pytest.mark.parametrize("line", [e for e in EXAMPLES if is_slow(e)])
def test_a_long_example_parses_and_its_names_resolve(line, users_folder):
    args = shlex.split(line)[1:]
    parses(args)
    names_resolve(args)


@pytest.mark.slow
@pytest.mark.parametrize("line", [e for e in EXAMPLES if is_slow(e)])
def test_a_long_example_runs(line, users_folder, capsys):
    args = shlex.split(line)[1:]
    fresh_target(args, users_folder)
    campaign_folder(args, capsys)
    code, out, err = run(capsys, *args)
    assert code == 0, f"{line}\n{err}"
