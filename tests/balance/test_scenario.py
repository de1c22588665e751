"""The small scenario loader of balance --scenario: system, map, card and both forces."""

import pytest

from generator.balance.scenario import load_scenario
from generator.errors import SkirmishError
from generator.resources import content_dir

GOBLINS = content_dir() / "bladestorm" / "warriors-of-ash-goblins.yaml"


def test_forces_from_a_file_and_inline(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "system: bladestorm\ncard: null\nforces:\n"
        f"  a: {GOBLINS}\n"
        "  b:\n    name: Inline\n    combatants:\n"
        + "".join("      " + line + "\n" for line in _first_combatant_yaml().splitlines())
    )
    scenario = load_scenario(path)
    assert scenario.system.name == "bladestorm"
    assert scenario.names == {"a": "Goblins of the Ash Lairs", "b": "Inline"}
    assert scenario.options["map"] is None


def _first_combatant_yaml() -> str:
    import yaml

    data = yaml.safe_load(GOBLINS.read_text())
    return yaml.safe_dump([data["combatants"][0]], sort_keys=False)


@pytest.mark.parametrize("text, message", [
    ("system: bladestorm\nforces: {a: x.yaml}\n", "forces: needs exactly 'a' and 'b'"),
    ("system: bladestorm\nbogus: 1\nforces: {}\n", "bogus: is not a scenario field"),
    (f"system: warcry\nforces: {{a: {GOBLINS}, b: {GOBLINS}}}\n", "is a Bladestorm roster, but the scenario is Warcry"),
    ("system: bladestorm\nmap: no-such-map\nforces: {a: " + str(GOBLINS) + ", b: " + str(GOBLINS) + "}\n", "--map"),
])
def test_a_bad_scenario_is_one_line_naming_the_field(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SkirmishError, match=message):
        load_scenario(path)


def test_a_scenario_file_plays_its_map_and_forces_and_says_what_it_leaves_out():
    scenario = load_scenario(content_dir() / "scenarios" / "examples" / "warcry-seize-the-ground.yaml")
    assert scenario.system.name == "warcry" and set(scenario.forces) == {"a", "b"}
    assert scenario.options["map"] is not None
    twist = scenario.options["twist"]
    assert getattr(twist, "name", twist) == "Frenzy"  # the system's own reading of the scenario keeps its twist
    assert scenario.options["card"].name == "Seize the Ground" or scenario.options.get("fixed_territories")
