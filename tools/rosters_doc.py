"""Write docs/rosters.md: every system's roster fields, generated from the models that validate them.

Run: python tools/rosters_doc.py > docs/rosters.md   (tests/content/test_rosters_doc.py checks it is current)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _type(prop: dict, defs: dict) -> str:
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in prop:
        return " or ".join(_type(p, defs) for p in prop["anyOf"] if p.get("type") != "null")
    if prop.get("type") == "array":
        return f"list of {_type(prop.get('items', {}), defs)}"
    if "enum" in prop:
        return " / ".join(map(str, prop["enum"]))
    if "const" in prop:
        return f"`{prop['const']}`"
    return prop.get("type", "any")


def _limits(prop: dict) -> str:
    parts = []
    for key, word in (("minimum", "min"), ("maximum", "max"), ("minLength", "min length"), ("maxLength", "max length"),
                      ("minItems", "min items"), ("maxItems", "max items")):
        if key in prop:
            parts.append(f"{word} {prop[key]}")
    if "default" in prop and prop["default"] not in (None, [], ""):
        parts.append(f"default {prop['default']}")
    return ", ".join(parts)


def _table(schema: dict, defs: dict) -> list[str]:
    required = set(schema.get("required", []))
    lines = ["| field | type | required | limits | what it is |", "|---|---|---|---|---|"]
    for name, prop in schema.get("properties", {}).items():
        text = (prop.get("description") or "").replace("\n", " ").replace("|", "/")
        lines.append(f"| `{name}` | {_type(prop, defs)} | {'yes' if name in required else ''} | {_limits(prop)} | {text} |")
    return lines


def render() -> str:
    from generator.content.schema import content_schema
    from generator.systems import SYSTEM_NAMES, get_system

    out = ["# Roster files", "",
           "Generated from the models by `python tools/rosters_doc.py > docs/rosters.md`; do not edit by hand.",
           "`skirmish schema SYSTEM` prints the same as JSON Schema for editors. Built-in examples:",
           "`skirmish systems` lists them by name, `skirmish show NAME` prints one.", "",
           "Stat ranges that depend on data (Toughness 1-10 in `warcry/limits.yaml`, a Bladestorm size's",
           "Defense in `bladestorm/tables.yaml`...) are not in the tables below: `skirmish validate` checks",
           "them against the content library, so a `--content` copy of those files changes them.", ""]
    for name in SYSTEM_NAMES:
        system = get_system(name)
        schema = content_schema(name)
        defs = schema.get("$defs", {})
        kind = schema["properties"]["kind"]["const"]
        out += [f"## {system.title} (`system: {name}`, `kind: {kind}`)", "", system.summary, ""]
        out += _table(schema, defs) + [""]
        for def_name, definition in defs.items():
            if definition.get("properties"):
                out += [f"### {def_name}", ""] + _table(definition, defs) + [""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
