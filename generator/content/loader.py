"""Load content and user files into the models their system declares.

A content file names what it is with two keys, ``system`` and ``kind``; the system's
``content_models[kind]`` validates the rest. The systems, and the kinds every system shares
(decks, scenarios) or files without those keys (maps), are found in :mod:`generator.registry`,
where their owners register them: this layer imports nothing above it. Every problem is reported, each as
``file:line: field: message``; the exception's one-line message is the first of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from pydantic import BaseModel, ValidationError

from generator import registry
from generator.content.errors import format_validation_error
from generator.content.paths import find_named
from generator.content.source import Source, display_path, read_source
from generator.content.strict import boolean_problems
from generator.errors import ContentError, SkirmishError

ROSTER_KINDS = ("roster", "warband", "team")
# Folders of content/ that hold the tool's own settings (page sizes, generator parameters)
# rather than game content: their files need no system/kind header and are read by the part of
# the tool that owns them.
TOOL_AREAS = ("layout", "mapgen")


@dataclass
class Loaded:
    """A validated file: where it came from, what it is, and the model instance."""

    path: Path
    system: str
    kind: str
    model: BaseModel
    source: Source | None = None


def raise_problems(problems: Sequence[str]) -> None:
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''}; `skirmish validate` lists them all)" if len(problems) > 1 else ""
        raise ContentError(first + more, problems=list(problems))


def validate_source(source: Source, model: type[BaseModel], data: Any = None, prefix: tuple = ()) -> BaseModel:
    """Validate parsed data with ``model``; raises ContentError listing every problem."""
    payload = source.data if data is None else data
    try:
        made = model.model_validate(payload)
    except ValidationError as err:
        raise_problems(format_validation_error(err, source, model, prefix))
    raise_problems(boolean_problems(payload, made, source.where, prefix))  # `defense: true` is not 1
    return made


def load_model(path: str | Path, model: type[BaseModel]) -> BaseModel:
    """Load a file straight into ``model`` (no ``system``/``kind`` header needed)."""
    source = read_source(path)
    data = source.data
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if k not in ("system", "kind")}
    return validate_source(source, model, data)


def _header(source: Source) -> tuple[str, str]:
    SYSTEM_NAMES = registry.system_names()  # noqa: N806
    data = source.data
    if not isinstance(data, dict):
        raise ContentError(f"{source.where()}: expected a mapping with 'system' and 'kind' at the top, got {type(data).__name__}")
    system = data.get("system")
    if system is None:
        raise ContentError(f"{source.where()}: system: is required; choose one of {', '.join(SYSTEM_NAMES)}")
    if str(system).lower() not in SYSTEM_NAMES:
        raise ContentError(f"{source.where(('system',))}: system: {system!r} is not known; choose one of {', '.join(SYSTEM_NAMES)}")
    kind = data.get("kind")
    if kind is None:
        raise ContentError(f"{source.where()}: kind: is required (what the file holds, e.g. roster)")
    return str(system).lower(), str(kind)


def find_system(name: str):
    """The System record called ``name`` (case-insensitive); a clear error lists the known ones."""
    key = name.strip().lower()
    names = registry.system_names()
    if key not in names:
        raise SkirmishError(f"unknown system {name!r}: choose one of {', '.join(names)}")
    return registry.system(key)


def load_source(source: Source) -> Loaded:
    system_name, kind = _header(source)
    system = registry.system(system_name)
    shared = registry.shared_kind(kind) if kind not in system.content_models else None
    if shared is not None and shared.validate is not None:  # a scenario: checked against its map, decks and forces
        return Loaded(source.path, system_name, kind, shared.validate(source), source)
    model = system.content_models.get(kind) or (shared.model if shared is not None else None)
    if model is None:
        shared_names = registry.shared_kinds()
        known = ", ".join(sorted(system.content_models) + [k for k in shared_names if k not in system.content_models])
        raise ContentError(f"{source.where(('kind',))}: kind: {kind!r} is not a {system.title} content kind; choose one of {known}")
    data = {k: v for k, v in source.data.items() if k not in ("system", "kind")}
    instance = validate_source(source, model, data)
    # a kind whose fields refer to other content (a campaign names its decks and fighters) is
    # checked further by its system, with the same file:line errors
    deeper = (system.extra or {}).get("content_checks", {}).get(kind)
    if deeper is not None:
        deeper(source)
    return Loaded(source.path, system_name, kind, instance, source)


def load_file(path: str | Path) -> Loaded:
    """Load any content file; dispatches on its ``system`` and ``kind`` keys."""
    return load_source(read_source(path))


def load_roster(path: str | Path):
    """Load a roster/warband/team file, or a built-in one by name (``bladestorm/warriors-of-ash-goblins``):
    returns ``(System, roster_model)``."""
    found = find_named(path)
    if not found.exists():
        raise ContentError(f"{display_path(found)}: no such file (built-in rosters go by name, e.g. "
                           "bladestorm/warriors-of-ash-goblins; `skirmish systems` lists them)")
    loaded = load_file(found)
    if loaded.kind not in ROSTER_KINDS:
        raise ContentError(
            f"{display_path(loaded.path)}: is a {loaded.system} {loaded.kind!r} file, not a roster "
            f"(kind: {' / '.join(ROSTER_KINDS)})"
        )
    return registry.system(loaded.system), loaded.model


def check_file(path: str | Path) -> list[str]:
    """Every problem in one file (empty when clean); never raises for content problems."""
    try:
        source = read_source(path, stdin_ok=str(path) == "-")
        data = source.data
        if Path(path).parent.name in TOOL_AREAS and not (isinstance(data, dict) and "system" in data):
            return []  # parsed as YAML above; its owner checks the values
        owner = registry.headerless(data)
        if owner is not None:  # a file another part owns (a map: boards read and check it)
            return owner.problems(Path(path))
        load_source(source)
    except SkirmishError as err:
        return err.problems or [str(err)]
    return []
