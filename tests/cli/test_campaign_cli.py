"""``skirmish campaign``: the examples of its help run as written; bad input is one line and exit 2."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from generator.cli.app import root_command
from tests.cli_run import run

COMMANDS = ("new", "record", "play", "show", "booklet", "simulate")


def _examples(command) -> list[list[str]]:
    text = command.help or ""
    lines = [line.strip() for line in text.split("Examples:", 1)[1].splitlines() if line.strip().startswith("skirmish")]
    return [shlex.split(line)[1:] for line in lines]


def _smaller(args: list[str]) -> list[str]:
    """The same command with fewer simulated campaigns, so the suite stays fast."""
    out = list(args)
    if "--campaigns" in out:
        out[out.index("--campaigns") + 1] = "1"
    return out


def test_every_example_in_the_campaign_help_runs_as_written(tmp_path, monkeypatch, capsys):
    """The commands' examples, in order, in an empty folder: a campaign started, two battles
    recorded (a lesser artefact used, an artefact of power given), two played by the engine,
    shown, reprinted, a rematch that brings its rewards, and campaigns simulated."""
    monkeypatch.chdir(tmp_path)
    group = root_command().commands["campaign"]
    for name in COMMANDS:
        for args in _examples(group.commands[name]):
            code, out, err = run(capsys, *_smaller(args))
            assert code == 0, (args, err)
            assert "error" not in err.lower(), (args, err)
    camp = json.loads(run(capsys, "campaign", "show", "my-campaign", "--json")[1])
    assert [h["played"] for h in camp["history"]] == ["table", "table", "engine", "engine"]
    assert camp["sides"]["a"]["artefacts"] == [{"name": "The Ember Crown", "bearer": "Oathkeeper Drum"}]
    assert camp["history"][1]["used"] == {"a": [{"name": "Splinter of the Void", "bearer": "Vashti Ember-Crowned"}]}
    assert (tmp_path / "next.pdf").exists() and (tmp_path / "my-campaign" / "battle-05.pdf").exists()
    assert (tmp_path / "rematch" / "campaign.yaml").exists()


def test_the_groups_own_examples_run_too(tmp_path, monkeypatch, capsys):
    """The group's help repeats its commands' examples; those already run, in order, above. Any
    other line runs here."""
    monkeypatch.chdir(tmp_path)
    group = root_command().commands["campaign"]
    run_above = [args for name in COMMANDS for args in _examples(group.commands[name])]
    examples = _examples(group)
    assert examples
    for args in examples:
        if args in run_above:
            continue
        code, out, err = run(capsys, *_smaller(args))
        assert code == 0, (args, err)


def test_play_and_show_say_what_happened(tmp_path, capsys):
    folder = tmp_path / "c"
    code, out, err = run(capsys, "campaign", "new", "bladeborn", "--a", "bladeborn/example-cinder-oath",
                         "--b", "bladeborn/example-hollowmere-stalkers", "-o", folder, "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["next"]["kind"] == "battle" and data["files"][0].endswith("battle-01.pdf")
    code, out, err = run(capsys, "campaign", "play", folder, "--seed", "4", "--json")
    played = json.loads(out)
    assert code == 0 and played["battle_seed"] == 4
    winner = played["history"][0]["winner"]
    assert played["aspirant"] == winner and played["next"]["kind"] == "convergence"
    code, out, err = run(capsys, "campaign", "show", folder)
    assert code == 0 and "aspirant:" in out and "1. random battle" in out


BAD = [
    (["campaign", "new", "warcry", "--a", "bladeborn/example-cinder-oath", "--b", "bladeborn/example-hollowmere-stalkers",
      "-o", "T/x"], "campaigns are Bladeborn's"),
    (["campaign", "new", "bladeborn", "--a", "T/missing.yaml", "--b", "bladeborn/example-hollowmere-stalkers", "-o", "T/x"],
     "missing.yaml: no such file"),
    (["campaign", "new", "bladeborn", "--a", "warcry/example-gilded-ruin", "--b", "bladeborn/example-hollowmere-stalkers",
      "-o", "T/x"], "is a Warcry roster"),
    (["campaign", "new", "bladeborn", "--a", "bladeborn/example-cinder-oath", "--b", "bladeborn/example-hollowmere-stalkers",
      "-o", "T/x", "--player-a", "Jo", "--player-b", "Jo"], "both 'Jo'"),
    (["campaign", "record", "T/nowhere", "--winner", "a"], "no such campaign file"),
    (["campaign", "record", "T/camp", "--winner", "c"], "--winner 'c'"),
    (["campaign", "record", "T/camp", "--winner", "a", "--used", "Nope=Soot-Runner"], "no player holds that lesser artefact"),
    (["campaign", "record", "T/camp", "--winner", "a", "--used", "Nope"], "write the lesser artefact and the fighter who used it"),
    (["campaign", "record", "T/camp", "--winner", "b", "--bearer", "Ilsk the Netmaster"], "--bearer"),
    (["campaign", "record", "T/broken", "--winner", "a"], "campaign.yaml:"),
    (["campaign", "new", "bladeborn", "--a", "bladeborn/example-cinder-oath", "--b", "bladeborn/example-hollowmere-stalkers",
      "-o", "T/camp"], "a campaign is already there"),
    (["campaign", "simulate", "bladeborn", "--a", "bladeborn/example-cinder-oath", "--b",
      "bladeborn/example-hollowmere-stalkers", "--lesser", "hoard"], "--lesser 'hoard'"),
    (["campaign", "play", "T/camp", "--policy", "clever"], "unknown policy 'clever'"),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("campaigns")
    from generator.content import load_roster
    from generator.systems.bladeborn.campaign.file import save_campaign
    from generator.systems.bladeborn.campaign.start import start_campaign

    warbands = {"a": load_roster("bladeborn/example-cinder-oath")[1],
                "b": load_roster("bladeborn/example-hollowmere-stalkers")[1]}
    camp = start_campaign(warbands, 5).loaded.campaign
    for name in ("camp", "broken"):
        (root / name).mkdir()
        save_campaign(camp, root / name / "campaign.yaml")
    broken = root / "broken" / "campaign.yaml"
    broken.write_text(broken.read_text().replace("wounds: 20", "wounds: many", 1))
    return root


@pytest.mark.parametrize("args, message", BAD)
def test_bad_input_is_one_line_and_exit_2(files, capsys, args, message):
    before = (files / "camp" / "campaign.yaml").read_bytes()
    code, out, err = run(capsys, *[a.replace("T/", f"{files}/") for a in args])
    assert code == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert message in lines[0]
    assert "Traceback" not in err
    assert (files / "camp" / "campaign.yaml").read_bytes() == before
    assert not (files / "x").exists()


def test_a_broken_file_names_its_line(files, capsys):
    code, out, err = run(capsys, "campaign", "show", files / "broken")
    assert code == 2
    assert re.search(r"campaign\.yaml:\d+: sides\.a\.warband\.fighters\[0\]\.wounds: 'many' is not a whole number", err)
