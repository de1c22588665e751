"""The scenario file ``skirmish balance --scenario FILE`` reads (a small subset of the scenario format, docs/scenarios.md).

```yaml
system: warcry
map: ash-cavern            # a built-in map name, a map file, or the map inline (a mapping)
card: drawn-and-quartered  # or variant: for Gorechosen; twist: optional
forces:
  a: content/warcry/example-gilded-ruin.yaml   # a roster file, or the roster inline
  b: {name: Raiders, fighters: [...]}
```

Every problem is one line naming the file, the field and what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import SkirmishError

KEYS = {"system", "kind", "name", "map", "card", "variant", "twist", "forces", "seed", "notes", "description"}


def _full_scenario(path: str | Path) -> "Scenario":
    """A ``kind: scenario`` file (generator.scenarios.model), checked by its own loader and read
    by its system (``System.scenario_options``): map with deployment and objectives, victory,
    twist or variant, exactly as the scenario generator and the booklet read it."""
    from generator.scenarios.model import load_scenario as load_full

    loaded = load_full(path)
    names = {side: str(getattr(loaded.rosters[side], "name", None) or f"side {side}") for side in ("a", "b")}
    if getattr(loaded.system, "scenario_options", None) is None:
        raise SkirmishError(f"{Path(path)}: system: {loaded.system.title} cannot play scenario files yet")
    block = loaded.scenario.balance
    plan = (block.max_battles, block.look_every) if block is not None and block.max_battles and block.look_every else None
    return Scenario(loaded.system, dict(loaded.rosters), names, loaded.system.scenario_options(loaded), Path(path), [],
                    plan)


@dataclass
class Scenario:
    system: Any
    forces: dict  # "a"/"b" -> roster model
    names: dict
    options: dict
    path: Path
    notes: list = field(default_factory=list)  # what the battles leave out of the file, said once
    plan: tuple[int, int] | None = None  # the verdict's (max battles, looks every) the file was measured with


def load_scenario(path: str | Path) -> Scenario:
    from generator.balance.forces import force_name, resolve_map
    from generator.content.loader import ROSTER_KINDS, load_roster, validate_source
    from generator.content.source import read_source
    from generator.systems import get_system

    source = read_source(path)
    data = source.data
    if not isinstance(data, dict):
        raise SkirmishError(f"{source.where()}: a scenario is a mapping with system, map, card and forces")
    if data.get("kind") == "scenario":
        return _full_scenario(path)
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise SkirmishError(f"{source.where((unknown[0],))}: {unknown[0]}: is not a scenario field; "
                            f"allowed: {', '.join(sorted(KEYS))}")
    if "system" not in data:
        raise SkirmishError(f"{source.where()}: system: is required")
    system = get_system(str(data["system"]))
    forces_data = data.get("forces")
    if not isinstance(forces_data, dict) or set(forces_data) != {"a", "b"}:
        raise SkirmishError(f"{source.where(('forces',))}: forces: needs exactly 'a' and 'b', each a roster file or an inline roster")
    kinds = [k for k in ROSTER_KINDS if k in system.content_models]
    forces, names = {}, {}
    for side in ("a", "b"):
        value = forces_data[side]
        if isinstance(value, str):
            roster_path = Path(value)
            if not roster_path.is_absolute() and not roster_path.exists():
                roster_path = Path(source.path).parent / value
            if not roster_path.exists():
                raise SkirmishError(f"{source.where(('forces', side))}: forces.{side}: no roster file {value!r}")
            other, roster = load_roster(roster_path)
            if other.name != system.name:
                raise SkirmishError(f"{source.where(('forces', side))}: forces.{side}: {value} is a {other.title} roster, "
                                    f"but the scenario is {system.title}")
        elif isinstance(value, dict) and kinds:
            inline = {k: v for k, v in value.items() if k not in ("system", "kind")}
            roster = validate_source(source, system.content_models[kinds[0]], inline, ("forces", side))
        else:
            raise SkirmishError(f"{source.where(('forces', side))}: forces.{side}: give a roster file or an inline roster")
        forces[side], names[side] = roster, force_name(roster, f"side {side}")
    map_value = data.get("map")
    if isinstance(map_value, dict):
        from generator.boards.mapfile import board_from_dict

        map_value = board_from_dict(map_value, source.where(("map",)))
    elif map_value is not None and not Path(str(map_value)).is_absolute() and (Path(source.path).parent / str(map_value)).exists():
        map_value = Path(source.path).parent / str(map_value)
    options = {"map": resolve_map(map_value), "card": data.get("card"), "variant": data.get("variant"),
               "twist": data.get("twist")}
    return Scenario(system, forces, names, options, Path(source.path))
