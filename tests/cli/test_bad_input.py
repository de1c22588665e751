"""Bad input to every command: one line ``error: ...`` naming what is wrong and what is allowed,
exit code 2, no traceback, and nothing (not even a temporary file) left in the output folder.

Run in process (``main(argv)``) so the whole table stays fast; ``test_roll_odds_cli`` and
``test_installed_script`` cover the real subprocess.
"""

from __future__ import annotations

import pytest

import generator.content
from generator.cli.app import main

ROSTER = "content/bladestorm/warriors-of-ash-goblins.yaml"


@pytest.fixture
def files(tmp_path):
    """Bad (and good) input files; ``OUT`` is an empty output folder that must stay empty."""
    (tmp_path / "malformed.yaml").write_text("system: bladestorm\nkind: roster\nname: X\ncombatants: [\n")
    (tmp_path / "invalid.yaml").write_text(
        "system: bladestorm\nkind: roster\nname: X\ncombatants:\n  - name: Cro\n    defense: 99\n")
    (tmp_path / "binary.yaml").write_bytes(b"\x00\x01\xff\xfe")
    (tmp_path / "bad.json").write_text("[1,2\n")
    (tmp_path / "text.yaml").write_text("just text\n")
    (tmp_path / "offboard.yaml").write_text('grid: hex\nwidth: 5\nheight: 4\nblocked: ["9,9"]\n')
    (tmp_path / "map.yaml").write_text("grid: hex\nwidth: 5\nheight: 4\n")
    (tmp_path / "OUT").mkdir()
    return tmp_path


def run(args, files, capsys):
    argv = [f"{files}/{a[2:]}" if a.startswith("T/") else a for a in map(str, args)]
    try:
        with pytest.raises(SystemExit) as stop:
            main(argv)
    finally:
        generator.content.set_user_content_dir(None)
    captured = capsys.readouterr()
    return stop.value.code, captured.out, captured.err


CASES = [
    # roll and odds: malformed expressions, out-of-range counts
    (["roll", "3D6+"], "incomplete"),
    (["roll", "2D6", "--times", "0"], "'--times'"),
    (["roll", "999D6"], "at most 100"),
    (["roll", "2D6", "--seed", "-1"], "seed -1 is negative: use a whole number 0 or more"),
    (["create", "random", "bladestorm", "--seed", "-5"], "seed -5 is negative"),
    (["map", "generate", "bladeborn", "--seed", "-3", "--out", "T/OUT/m.yaml"], "seed -3 is negative"),
    (["odds", "bladestorm", "--attack", "3D6", "--defense", "-5"], "'--defense'"),
    (["odds", "bladestorm", "--attack", "200D6", "--defense", "7"], "at most 100"),
    (["odds", "bladeborn", "--attacks", "4", "--strength", "4", "--damage", "2/x", "--toughness", "4"], "hit/crit"),
    (["odds", "sagaborn", "--attack", "101", "--defense", "3"], "'101' is above the maximum 100"),
    (["odds", "gorechosen", "--dice", "3", "--to-hit", "1", "--wounds", "1"], "use 2 to 6"),
    (["odds", "nosuch"], "No such command 'nosuch'"),
    # content commands: missing, malformed, invalid files
    (["systems", "--bogus"], "No such option: --bogus"),
    (["validate", "T/missing.yaml"], "missing.yaml: no such file"),
    (["validate", "T/malformed.yaml"], "1 problem in 1 file of 1 checked: "),
    (["validate", "T/binary.yaml"], "binary.yaml"),
    (["validate", "T/invalid.yaml", "T/bad.json"], "problems in 2 files of 2 checked"),
    (["show", "T/missing.yaml"], "no such file"),
    (["show", "T/malformed.yaml"], "malformed.yaml:5: not valid YAML"),
    (["show", "T/OUT"], "is a folder"),
    (["show", ROSTER, "Nobody"], "no combatant named 'Nobody'; it has: Cro"),
    (["show", "T/invalid.yaml"], "invalid.yaml:5: combatants[0].race: is required"),
    (["--content", "T/missing", "systems"], "--content"),
    # create
    (["create", "random", "nosuch"], "choose one of bladeborn"),
    (["create", "random", "bladestorm", "--count", "1000"], "'--count'"),
    (["create", "random", "bladestorm", "--points", "1e9"], "'--points'"),
    (["create", "random", "sagaborn", "--points", "1"], "cheapest random SagaBorn squad"),
    (["create", "random", "bladestorm", "--out", "T/OUT"], "is a folder; give a file name"),
    (["create", "calc", "bladestorm", "--size", "gigantic"], "choose one of small, medium"),
    (["create", "calc", "sagaborn", "--move", "99"], "allowed 1 to 10"),
    # cost
    (["cost", "T/bad.json"], "bad.json:2: not valid JSON"),
    (["cost", ROSTER, "nosuch"], "system 'nosuch' is not known"),
    (["cost", ROSTER, "sagaborn"], "is a bladestorm roster, not sagaborn"),
    # cards and sheet
    (["cards", "T/invalid.yaml", "--out", "T/OUT"], "invalid.yaml:5"),
    (["cards", ROSTER, "--out", "T/OUT", "--page", "a9"], "unknown page 'a9'"),
    (["cards", ROSTER, "--out", "T/OUT", "--card", "0x0mm"], "each side must be 20-300 mm"),
    (["cards", ROSTER, "--out", "T/OUT", "--bleed", "-1mm"], "bleed -1mm is negative"),
    (["cards", ROSTER, "--out", "T/OUT", "--back-offset", "x"], "--back-offset 'x'"),
    (["cards", ROSTER, "--out", "T/OUT", "--dpi", "0"], "'--dpi'"),
    (["cards", ROSTER, "--out", "T/OUT", "--format", "png", "--dpi", "100000"], "'--dpi'"),
    (["cards", ROSTER, "--out", "T/OUT", "--odds", "-3"], "'--odds'"),
    (["cards", ROSTER, "--out", "T/OUT", "--templates", "T/missing"], "not a folder"),
    (["cards", ROSTER, "--out", "T/map.yaml"], "is a file, not a folder"),
    (["sheet", "nosuch"], "choose one of bladestorm"),
    (["sheet", "bladestorm", "--page", "a9", "--out", "T/OUT/ref.pdf"], "unknown page 'a9'"),
    (["sheet", "bladestorm", "--out", "T/OUT"], "is a folder; give a file name"),
    # maps
    (["map", "los", "T/missing.yaml"], "no such map file"),
    (["map", "los", "T/text.yaml"], "must be a YAML mapping"),
    (["map", "los", "T/offboard.yaml"], "offboard.yaml:4: blocked[0]: '9,9' is outside the 5x4 board"),
    (["map", "los", "T/map.yaml", "--from", "9,9"], "outside the 5x4 board"),
    (["map", "los", "T/map.yaml", "--from", "a"], "'a' is not a cell"),
    (["map", "los", "T/map.yaml", "--los-rule", "fuzzy"], "use one of: standard, strict, per-hex"),
    (["map", "validate", "T/malformed.yaml"], "not valid YAML"),
    (["map", "validate", "T/binary.yaml"], "not a UTF-8 text file"),
    (["map", "generate", "nosuch"], "choose one of bladeborn"),
    (["map", "generate", "bladeborn", "--size", "2x2"], "each side must be 4 to 60"),
    (["map", "generate", "bladeborn", "--density", "5"], "allowed is 0 to 0.4"),
    (["map", "generate", "bladeborn", "--objectives", "500"], "allowed is 0 to 12"),
    (["map", "generate", "bladeborn", "--symmetry", "spiral"], "rotational, mirror, none"),
    (["map", "render", "T/offboard.yaml", "--out", "T/OUT/m.pdf"], "outside the 5x4 board"),
    (["map", "render", "T/map.yaml", "--format", "gif", "--out", "T/OUT/m.gif"], "choose one of svg, pdf, png"),
    (["map", "render", "T/map.yaml", "--hex-size", "5000mm", "--out", "T/OUT/m.pdf"], "allowed is 5 mm to 200 mm"),
    (["map", "render", "T/map.yaml", "--page", "a9", "--out", "T/OUT/m.pdf"], "unknown page 'a9'"),
    (["map", "render", "T/map.yaml", "--out", "T/OUT"], "give a .pdf, .svg or .png name"),
    # players
    (["balance", "bladeborn/example-cinder-oath", "bladeborn/example-cinder-oath", "--policy-a", "clever"],
     "unknown policy 'clever' for Bladeborn; choose one of: greedy, random"),
    (["balance", "sagaborn/house-vareth", "sagaborn/house-vareth", "--policy-b", "search"],
     "SagaBorn Battles has no search player yet; choose one of: greedy, random"),
    # demo
    (["demo", "--out", "T/map.yaml"], "is a file, not a folder"),
    (["demo", "--seed", "x"], "'--seed'"),
]


@pytest.mark.parametrize("args, needle", CASES, ids=[" ".join(a) for a, _ in CASES])
def test_bad_input_is_one_error_line_exit_2_and_writes_nothing(files, capsys, args, needle):
    code, _, err = run(args, files, capsys)
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert needle in err
    assert "Traceback" not in err
    assert list((files / "OUT").iterdir()) == []


def test_validate_lists_every_problem_on_stdout(files, capsys):
    code, out, err = run(["validate", "T/invalid.yaml", "T/malformed.yaml"], files, capsys)
    assert code == 2
    lines = out.strip().splitlines()
    assert any("malformed.yaml:5: not valid YAML" in line for line in lines)
    assert sum("invalid.yaml:" in line for line in lines) == 4
    assert err == f"error: 5 problems in 2 files of 2 checked: {files}/invalid.yaml, {files}/malformed.yaml\n"


# ---- input that could escape as an internal error or be accepted silently -------------------


def _deep_yaml(path):
    path.write_text("a: " + "[" * 3000 + "]" * 3000 + "\n")
    return path


def _deep_json(path):
    path.write_text("[" * 100_000 + "]" * 100_000)
    return path


@pytest.mark.parametrize("args, make, needle", [
    (["validate", "T/deep.yaml"], _deep_yaml, "nested more than"),
    (["validate", "T/deep.json"], _deep_json, "nested more than"),
    (["cost", "T/deep.json"], _deep_json, "nested more than 50 levels"),
    (["show", "T/deep.yaml"], _deep_yaml, "nested more than"),
])
def test_deeply_nested_files_are_one_line(files, capsys, args, make, needle):
    make(files / args[1].removeprefix("T/"))
    code, out, err = run(args, files, capsys)
    assert code == 2 and err.count("\n") == 1 and "internal" not in err
    assert needle in out + err


def test_a_duplicate_key_is_refused_naming_both_lines(files, capsys):
    (files / "dup.yaml").write_text(
        "system: bladestorm\nkind: roster\nname: X\ncombatants:\n  - name: Cro\n    defense: 12\n    defense: 12\n")
    code, out, err = run(["validate", "T/dup.yaml"], files, capsys)
    assert code == 2
    assert "dup.yaml:7: 'defense' appears twice (lines 6 and 7)" in out


def test_a_huge_file_is_refused_for_its_size_before_parsing(files, capsys):
    big = files / "huge.yaml"
    big.write_text("system: warcry\nkind: warband\nname: x\nfighters:\n" + "  - {name: f, movement: 4}\n" * 60_000)
    code, out, err = run(["validate", "T/huge.yaml"], files, capsys)
    assert code == 2 and "MB; content files are at most" in out and "alias" not in out


@pytest.mark.parametrize("args, needle", [
    (["roll", "2D6+99999999999999999999999"], "too large; fixed numbers are at most 1000"),
    (["roll", "2D6+600+600"], "at most 1000"),
    (["odds", "bladestorm", "--attack", "D7", "--defense", "3"], "Bladestorm rolls D6 and D10, not D7"),
    (["odds", "bladestorm", "--attack", "2D6+D8", "--defense", "3"], "not D8"),
])
def test_dice_out_of_the_rules_are_refused(files, capsys, args, needle):
    code, _, err = run(args, files, capsys)
    assert code == 2 and needle in err


def test_ctrl_c_during_start_up_is_one_line_exit_130(monkeypatch, capsys):
    import sys

    import generator.cli

    class Interrupted:
        def __getattr__(self, name):
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "generator.cli.app", Interrupted())
    with pytest.raises(SystemExit) as stop:
        generator.cli.main(["systems"])
    assert stop.value.code == 130
    assert capsys.readouterr().err == "interrupted\n"


def test_ctrl_c_during_a_command_is_one_line_exit_130(monkeypatch, files, capsys):
    import generator.content as content

    def interrupt(*_):
        raise KeyboardInterrupt

    monkeypatch.setattr(content, "check_file", interrupt)  # validate's checker, imported when it runs
    code, _, err = run(["validate"], files, capsys)
    assert code == 130 and err == "interrupted\n"


def test_names_the_fonts_cannot_draw_are_named_and_a_user_font_is_embedded(files, capsys):
    from generator.layout.fonts import use_shipped_fonts
    from generator.resources import fonts_dir

    roster = files / "cjk.yaml"
    roster.write_text("system: bladestorm\nkind: roster\nname: X\ncombatants:\n"
                      "  - {name: 竜騎士, race: Human, size: medium, movement: 5, defense: 7, endurance: 10,"
                      " melee_attack: 3D6, melee_damage: High}\n", encoding="utf-8")
    try:
        code, _, err = run(["cards", "T/cjk.yaml", "-o", "T/OUT"], files, capsys)
        assert code == 0, err
        assert "warning: card '竜騎士'" in err and "'竜騎士'" in err and "--font" in err
        code, _, err = run(["cards", "T/cjk.yaml", "-o", "T/OUT2", "--font", str(fonts_dir() / "DejaVuSansCondensed.ttf")],
                           files, capsys)
        assert code == 0, err
        assert b"SkUser" in (files / "OUT2" / "cjk.pdf").read_bytes() or b"DejaVuSansCondensed" in (files / "OUT2" / "cjk.pdf").read_bytes()
        code, _, err = run(["cards", "T/cjk.yaml", "-o", "T/OUT3", "--font", "T/text.yaml"], files, capsys)
        assert code == 2 and "--font" in err and "TrueType" in err
    finally:
        use_shipped_fonts()


# ---- the robustness corpus: every kind of bad input is one line naming file, field and value ---

SCENARIO = "content/scenarios/examples/bladestorm-the-salt-road.yaml"
HOUSE = "content/sagaborn/house-vareth.yaml"
BIG = "9" * 5000


def _text(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _corpus(root):
    """Files that once ended as an internal error (exit 1) or were accepted silently."""
    from pathlib import Path

    goblins = Path(ROSTER).read_text(encoding="utf-8")
    _text(root / "nul.yaml", "system: bladestorm\nkind: roster\nname: X\x00\n")
    _text(root / "mapkey.yaml", "system: bladestorm\nkind: roster\n{a: 1}: 2\n")
    _text(root / "listkey.yaml", "system: bladestorm\nkind: roster\n? [a, b]\n: 2\n")
    _text(root / "bigint.yaml", goblins.replace("defense: 7", f"defense: {BIG}", 1))
    _text(root / "bigint.json", '{"system": "bladestorm", "kind": "roster", "name": "X", "combatants": [\n'
                                f'  {{"name": "Cro", "defense": {BIG}}}]}}\n')
    _text(root / "dup.json", '{\n "system": "bladestorm",\n "kind": "roster",\n "system": "warcry"\n}\n')
    _text(root / "nan.json", '{\n "system": "bladestorm",\n "kind": "roster",\n "name": NaN\n}\n')
    _text(root / "typed.json", '{\n "system": "bladestorm",\n "kind": "roster",\n "name": "X",\n "combatants": [\n'
                               '  {"name": "Cro", "race": "Human", "size": "medium", "movement": 5,\n'
                               '   "defense": 99, "endurance": 10, "melee_attack": "3D6", "melee_damage": "High"}]\n}\n')
    _text(root / "booldef.yaml", goblins.replace("defense: 7", "defense: true", 1))
    _text(root / "units.yaml", Path(HOUSE).read_text(encoding="utf-8").replace("units: 1", "units: true", 1))
    _text(root / "inf.yaml", Path(SCENARIO).read_text(encoding="utf-8").replace("budgets: {a: 480, b: 480}",
                                                                                 "budgets: {a: .inf, b: 480}"))
    _text(root / "maps/backwards.yaml", "grid: hex\nwidth: 5\nheight: 4\n")
    # --content folders whose settings are wrong
    _text(root / "zero/layout/pages.yaml", "a4: {width: 0, height: 297, margin: 5}\n")
    _text(root / "negative/layout/cards.yaml", "poker: {width: -63, height: 88}\n")
    _text(root / "wrongtype/layout/pages.yaml", "a4: {width: wide, height: 297}\n")
    _text(root / "missing/layout/cards.yaml", "poker: {width: 63, corner: 3}\n")
    _text(root / "limits/warcry/limits.yaml",
          Path("content/warcry/limits.yaml").read_text(encoding="utf-8").replace("toughness: {min: 1, max: 10}",
                                                                                 "toughness: {min: 10, max: 1}"))


CORPUS = [
    # internal errors that are now exit 2 with file:line
    (["validate", "T/nul.yaml"], "nul.yaml:3: not valid YAML: the character U+0000 is not allowed"),
    (["validate", "T/mapkey.yaml"], "mapkey.yaml:3: a key is a mapping; keys are names or numbers"),
    (["validate", "T/listkey.yaml"], "listkey.yaml:3: a key is a list"),
    (["validate", "T/bigint.yaml"], "bigint.yaml:29: combatants[1].defense: 999999999999... (5000 characters) cannot be read"),
    (["cost", "T/bigint.json"], "bigint.json:2: combatants[0].defense: 999999999999... (5000 digits) is too large"),
    (["roll", f"2D6+{BIG}"], "too large; fixed numbers are at most 1000"),
    (["odds", "bladestorm", "--attack", "3D6", "--defense", "7", "--damage", f"High+{BIG}"], "is too large"),
    (["odds", "bladeborn", "--attacks", "4", "--strength", "4", "--damage", f"2/{BIG}", "--toughness", "4"],
     "5,000 digits is too large"),
    (["--content", "T/zero", "sheet", "bladestorm", "-o", "T/OUT/r.pdf"], "pages.yaml:1: a4.width: 0 is below the minimum 50"),
    (["--content", "T/negative", "cards", ROSTER, "-o", "T/OUT"], "cards.yaml:1: poker.width: -63 is below the minimum 20"),
    (["--content", "T/wrongtype", "sheet", "bladestorm", "-o", "T/OUT/r.pdf"], "pages.yaml:1: a4.width: 'wide' is not a number"),
    (["--content", "T/missing", "cards", ROSTER, "-o", "T/OUT"], "cards.yaml:1: poker.height: is required but missing"),
    # JSON gets YAML's checks
    (["validate", "T/dup.json"], "dup.json:4: 'system' appears twice (lines 2 and 4); keep one"),
    (["validate", "T/nan.json"], "nan.json:4: not valid JSON: NaN is not a JSON value"),
    (["validate", "T/typed.json"], "typed.json:7: combatants[0].defense: 99 is above the maximum 40"),
    # accepted silently before
    (["validate", "T/booldef.yaml"], "booldef.yaml:29: combatants[1].defense: true is a yes/no value, not a number"),
    (["validate", "T/units.yaml"], "squads[0].units: true is a yes/no value, not a number"),
    (["validate", "T/inf.yaml"], "inf.yaml:31: budgets.a: inf is not a number a content file may hold"),
    (["--content", "T/limits", "validate", "T/limits"], "limits.yaml:12: toughness: min 10 is above max 1"),
    (["map", "generate", "bladeborn", "--seed", "1", "-o", "T/OUT/m.pdf"], "a map file is YAML; give a .yaml name"),
    (["create", "random", "bladestorm", "--seed", "1", "-o", "T/OUT/r.pdf"], "a roster is written as YAML"),
    # messages echo the bad value
    (["create", "random", "warcry", "--points", "nan"], "Invalid value for '--points': 'nan' is not a finite number"),
    (["create", "random", "warcry", "--points", "inf"], "'inf' is not a finite number"),
    (["roll", "2D6", "--seed", "abc"], "Invalid value for '--seed': 'abc' is not a whole number"),
    (["roll", "2D6", "--times", "0"], "'--times': '0' is below the minimum 1"),
    (["--content", "T/map.yaml", "systems"], "--content T/map.yaml: is a file, give a folder"),
]


@pytest.mark.parametrize("args, needle", CORPUS, ids=[" ".join(a)[:70] for a, _ in CORPUS])
def test_the_corpus_is_one_line_naming_file_field_and_value(files, capsys, args, needle):
    _corpus(files)
    code, out, err = run(args, files, capsys)
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1 and "internal error" not in err, err
    assert needle.replace("T/", f"{files}/") in out + err, out + err
    assert list((files / "OUT").iterdir()) == []


def test_content_given_as_a_file_is_said_once(files, capsys):
    code, out, err = run(["--content", "T/map.yaml", "validate"], files, capsys)
    assert code == 2 and out == "" and err.count("is a file, give a folder") == 1


def test_a_control_character_in_a_name_blames_the_name_not_the_template(files, capsys):
    from pathlib import Path

    _text(files / "esc.yaml", Path(ROSTER).read_text(encoding="utf-8").replace("name: Cro", 'name: "Cro\\e[2J"', 1))
    code, _, err = run(["cards", "T/esc.yaml", "-o", "T/OUT"], files, capsys)
    assert code == 2 and "esc.yaml:" in err and "combatants[0].name" in err and "U+001B" in err
    assert "template" not in err


def test_booklet_keeps_a_users_pdf_at_its_default_path(tmp_path, capsys):
    """``booklet DIR/scenario.yaml`` writes DIR/booklet.pdf: the one the tool wrote is replaced,
    one of the user's is kept unless --force, like every other output."""
    from pathlib import Path

    folder = tmp_path / "battle"
    _text(folder / "scenario.yaml", Path(SCENARIO).read_text(encoding="utf-8"))
    (folder / "booklet.pdf").write_bytes(b"%PDF my own notes")
    code, _, err = run(["booklet", folder / "scenario.yaml"], tmp_path, capsys)
    assert code == 2 and "booklet.pdf: already exists" in err and "--force" in err
    assert (folder / "booklet.pdf").read_bytes() == b"%PDF my own notes"
    code, _, err = run(["booklet", folder / "scenario.yaml", "--force"], tmp_path, capsys)
    assert code == 0, err
    code, _, err = run(["booklet", folder / "scenario.yaml"], tmp_path, capsys)  # now the tool's own
    assert code == 0, err


def test_cards_find_a_manifest_that_is_a_folder_before_writing_anything(files, capsys):
    (files / "OUT" / ".skirmish-outputs.json").mkdir()
    code, _, err = run(["cards", ROSTER, "-o", "T/OUT", "-f", "svg"], files, capsys)
    assert code == 2 and ".skirmish-outputs.json: is a folder" in err
    assert [p.name for p in (files / "OUT").iterdir()] == [".skirmish-outputs.json"]


def test_map_render_checks_every_format_before_writing_the_first(files, capsys):
    (files / "OUT" / "m.svg").mkdir()  # the second format's target is in the way
    code, _, err = run(["map", "render", "T/map.yaml", "-o", "T/OUT/m.pdf", "-f", "pdf", "-f", "svg"], files, capsys)
    assert code == 2 and "m.svg: is a folder" in err, (code, _, err)
    assert [p.name for p in (files / "OUT").iterdir()] == ["m.svg"]
