"""The loader: every problem named with file, line, field path, bad value and what is allowed."""

from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

import generator.systems as systems
from generator import registry
from generator.content import ContentLibrary, check_file, load_file, load_model, load_roster
from generator.errors import ContentError
from generator.systems.base import System

LIMITS = {"medium": 13, "large": 11}


class Combatant(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    size: Literal["medium", "large"] = "medium"
    defense: int = Field(ge=1)
    endurance: int = Field(ge=1, le=60)

    @field_validator("defense")
    @classmethod
    def defense_fits_size(cls, value: int, info: ValidationInfo) -> int:
        size = info.data.get("size", "medium")
        if value > LIMITS[size]:
            raise ValueError(f"{value} is above the maximum {LIMITS[size]} for a {size} combatant")
        return value


class Roster(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    combatants: list[Combatant]


TEST_SYSTEM = System(
    name="bladestorm",
    title="Bladestorm",
    summary="test double",
    content_models={"roster": Roster},
    combatants=lambda r: r.combatants,
    describe=lambda c: c.name,
)


@pytest.fixture(autouse=True)
def fake_system(monkeypatch):
    """The loader finds systems through the registry, where the systems package registers them."""
    monkeypatch.setattr(systems, "get_system", lambda name: TEST_SYSTEM)
    monkeypatch.setattr(registry, "system", lambda name: TEST_SYSTEM)


GOBLINS = """\
system: bladestorm
kind: roster
name: Goblins
combatants:
  - name: Cro
    defense: 9
    endurance: 18
  - name: Argh
    defense: 7
    endurance: 10
  - name: Montu
    size: medium
    defense: 31
    endurance: 10
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_error_names_file_line_field_value_and_limit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "goblins.yaml", GOBLINS)
    with pytest.raises(ContentError) as err:
        load_file("goblins.yaml")
    assert str(err.value) == "goblins.yaml:13: combatants[2].defense: 31 is above the maximum 13 for a medium combatant"


def test_every_problem_is_listed_in_file_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = GOBLINS.replace("endurance: 18", "endurance: lots").replace("    defense: 7\n", "    defence: 7\n")
    write(tmp_path, "goblins.yaml", bad)
    problems = check_file("goblins.yaml")
    assert problems == [
        "goblins.yaml:7: combatants[0].endurance: 'lots' is not a whole number",
        "goblins.yaml:8: combatants[1].defense: is required but missing",
        "goblins.yaml:9: combatants[1].defence: unknown field; allowed fields: name, size, defense, endurance",
        "goblins.yaml:13: combatants[2].defense: 31 is above the maximum 13 for a medium combatant",
    ]


def test_a_good_roster_loads(tmp_path):
    path = write(tmp_path, "g.yaml", GOBLINS.replace("defense: 31", "defense: 8"))
    system, roster = load_roster(path)
    assert system is TEST_SYSTEM
    assert [c.name for c in roster.combatants] == ["Cro", "Argh", "Montu"]


def test_wrong_choice_lists_what_is_allowed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "g.yaml", GOBLINS.replace("size: medium", "size: huge"))
    with pytest.raises(ContentError, match=r"g.yaml:12: combatants\[2\].size: 'huge' is not allowed; choose one of 'medium' or 'large'"):
        load_file("g.yaml")


def test_yaml_syntax_error_has_a_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "g.yaml", "system: bladestorm\nkind: roster\nname: [unclosed\n")
    with pytest.raises(ContentError, match=r"^g.yaml:\d+: not valid YAML"):
        load_file("g.yaml")


def test_unknown_kind_lists_known_kinds(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "g.yaml", "system: bladestorm\nkind: rooster\n")
    with pytest.raises(ContentError, match="g.yaml:2: kind: 'rooster' is not a Bladestorm content kind; choose one of roster"):
        load_file("g.yaml")


def test_json_files_load_with_lines(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "r.json", '{\n "name": "X",\n "combatants": [\n  {"name": "A", "defense": 40, "endurance": 5}\n ]\n}\n')
    with pytest.raises(ContentError, match=r"^r.json:4: combatants\[0\].defense: 40 is above the maximum 13"):
        load_model("r.json", Roster)


def test_missing_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ContentError, match="^nope.yaml: no such file$"):
        load_file("nope.yaml")


def test_user_content_overrides_and_extends(tmp_path):
    builtin = tmp_path / "builtin" / "bladestorm"
    user = tmp_path / "user" / "bladestorm"
    builtin.mkdir(parents=True)
    user.mkdir(parents=True)
    (builtin / "goblins.yaml").write_text(GOBLINS.replace("defense: 31", "defense: 8"))
    (user / "goblins.yaml").write_text(GOBLINS.replace("defense: 31", "defense: 8").replace("name: Goblins", "name: My Goblins"))
    (user / "extra.yaml").write_text("system: bladestorm\nkind: roster\nname: Extra\ncombatants: []\n")
    lib = ContentLibrary(user_dir=tmp_path / "user", builtin_dir=tmp_path / "builtin")
    names = sorted(loaded.model.name for loaded in lib.load("bladestorm", "roster"))
    assert names == ["Extra", "My Goblins"]


def test_anchors_and_aliases_still_share_values(tmp_path):
    from generator.content.source import read_source

    path = tmp_path / "a.yaml"
    path.write_text("zone: &z [1, 2]\nsame: *z\n")
    assert read_source(path).data == {"zone": [1, 2], "same": [1, 2]}


def test_an_alias_inside_its_own_anchor_is_a_one_line_error(tmp_path):
    from generator.content.source import read_source

    path = tmp_path / "rec.yaml"
    path.write_text("name: X\nloop: &a [1, *a]\n")
    with pytest.raises(ContentError, match=r"rec.yaml:2: an alias refers to its own anchor"):
        read_source(path)


def test_nested_aliases_cannot_expand_without_end(tmp_path):
    from generator.content.source import MAX_VALUES, read_source

    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")  # 10**9 values if expanded
    with pytest.raises(ContentError, match=f"holds more than {MAX_VALUES:,} values once YAML aliases are expanded"):
        read_source(path)
