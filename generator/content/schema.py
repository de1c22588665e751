"""JSON Schema of a system's content files, generated from the models that validate them.

``skirmish schema bladestorm`` prints it; editors that read JSON Schema (VS Code's YAML
extension, for one) then complete and check a roster as it is typed. The models are the single
source: the schema can never disagree with ``skirmish validate``.
"""

from __future__ import annotations

from typing import Any

from generator.content.loader import ROSTER_KINDS, find_system
from generator.errors import ContentError


def content_schema(system_name: str, kind: str | None = None) -> dict[str, Any]:
    """The JSON Schema of ``kind`` files of ``system_name`` (default: its roster kind)."""
    system = find_system(system_name)
    if kind is None:
        kind = next((k for k in ROSTER_KINDS if k in system.content_models), None)
        if kind is None:
            raise ContentError(f"{system.title} has no roster kind")
    model = system.content_models.get(kind)
    if model is None:
        raise ContentError(f"kind {kind!r} is not a {system.title} content kind; choose one of "
                           f"{', '.join(sorted(system.content_models))}")
    schema = model.model_json_schema()
    properties = {"system": {"const": system.name, "description": "Which game the file is for."},
                  "kind": {"const": kind, "description": "What the file holds."}}
    properties.update(schema.get("properties", {}))
    schema["properties"] = properties
    schema["required"] = ["system", "kind", *schema.get("required", [])]
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"{system.title} {kind} (skirmish)"
    return schema
