"""Content files the builders write: one YAML style and one way to save them, for all systems.

Every calculator and random builder saves what it made as a content file (``system`` and
``kind`` first) that the loader reads back. Turning that document into text and writing it
happens here, so the five systems write alike and a path that cannot be written is a one-line
error naming it, not a traceback.

One rule protects the user's files: an existing file is never replaced unless ``force``;
adding to a roster is an explicit ``append``, which keeps the file's comments and formatting
(a ruamel.yaml round trip) and checks the result before writing it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import yaml

from generator.errors import SkirmishError
from generator.files import output_file, refuse_existing, write_atomic

#: The keys that hold a roster's members, by file kind and system.
MEMBER_KEYS = ("combatants", "fighters", "squads", "champions")
#: Top-level totals that are the sum of the members' values (kept right when appending).
SUMMED_KEYS = ("tpc",)


def yaml_text(document: dict[str, Any]) -> str:
    """The document as YAML, keys in the order given (so ``system`` and ``kind`` come first)."""
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


def _member_key(document: dict[str, Any]) -> str | None:
    return next((k for k in MEMBER_KEYS if isinstance(document.get(k), list)), None)


def appended_text(path: Path, document: dict[str, Any]) -> str:
    """The text of roster ``path`` with ``document``'s members added (a member of the same name
    is replaced), comments and formatting kept. Refuses a file of another system or kind."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    from generator.content import display_path

    rt = YAML()  # round trip: comments, order and quoting survive
    rt.preserve_quotes = True
    rt.width = 100
    from generator.content.source import parse_text, read_text

    text = read_text(path)  # capped, regular files only
    parse_text(text, path)  # the content checks (aliases, nesting, values) before ruamel reads it
    try:
        existing = rt.load(text)
    except (OSError, UnicodeDecodeError, YAMLError) as err:
        raise SkirmishError(f"--append {display_path(path)}: cannot be read as a roster ({str(err).splitlines()[0]})") from None
    if not isinstance(existing, dict):
        raise SkirmishError(f"--append {display_path(path)}: is not a roster file (no system/kind mapping)")
    for header in ("system", "kind"):
        if str(existing.get(header)) != str(document.get(header)):
            raise SkirmishError(
                f"--append {display_path(path)}: is a {existing.get('system')} {existing.get('kind')!r} file, "
                f"not a {document.get('system')} {document.get('kind')!r}; append to a file of the same system and kind"
            )
    key = _member_key(document)
    if key is None or not isinstance(existing.get(key), list):
        raise SkirmishError(f"--append {display_path(path)}: has no {key or 'members'} list to add to")
    members = existing[key]
    for member in document[key]:
        name = member.get("name") if isinstance(member, dict) else None
        same = [i for i, old in enumerate(members) if isinstance(old, dict) and name is not None and old.get("name") == name]
        if same:
            members[same[0]] = member
        else:
            members.append(member)
    for total in SUMMED_KEYS:
        if total in existing and total in document:
            existing[total] = sum(int(m.get(total) or 0) for m in members if isinstance(m, dict))
    buffer = io.StringIO()
    rt.dump(existing, buffer)
    return buffer.getvalue()


def write_document(path: Path | str, document: dict[str, Any], *, force: bool = False, append: bool = False) -> Path:
    """Write ``document`` to ``path`` (making its folder); refuse an unwritable path clearly.

    An existing file is kept unless ``force`` (replace it) or ``append`` (add the members to it);
    the appended roster is validated before it is written, so a bad result leaves the file as it was.
    """
    path = Path(path)
    output_file(path)  # a folder, a device or a FIFO is refused by name, whatever --force says
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise SkirmishError(f"--out {path}: a roster is written as YAML; give a .yaml or .yml file name")
    if force and append:
        raise SkirmishError("--force and --append: choose one (replace the file, or add to it)")
    if append and path.exists():
        text = appended_text(path, document)
        _check_text(text, path)
    else:
        if not force:
            refuse_existing(path, hint="--force to replace it, or --append to add to it")
        text = yaml_text(document)
    try:
        write_atomic(path, text)  # never a half-written roster
    except OSError as err:
        raise SkirmishError(f"cannot write {path}: {err.strerror or err}") from None
    return path


def _check_text(text: str, path: Path) -> None:
    """Validate the roster ``text`` would become before it replaces ``path``."""
    from generator.content.loader import load_source
    from generator.content.source import parse_text

    load_source(parse_text(text, path))


def built_json(system_name: str, members: list, out: Path | None = None, **extra: Any) -> dict[str, Any]:
    """What a builder made, as the ``--json`` of ``create random`` and ``create calc``: each
    combatant with its itemised cost (the system's own cost model), and the file written."""
    from generator.systems import get_system

    system = get_system(system_name)
    priced = system.price(list(members)) if system.price else []
    rows = []
    for i, member in enumerate(members):
        row = {"combatant": member.model_dump(mode="json", exclude_none=True)}
        if i < len(priced):
            row["cost"] = priced[i].to_json()
        rows.append(row)
    data: dict[str, Any] = {"system": system.name, **extra, "combatants": rows}
    data["file"] = str(out) if out is not None else None
    return data
