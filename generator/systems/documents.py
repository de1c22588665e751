"""Content files the builders write: one YAML style and one way to save them, for all systems.

Every calculator and random builder saves what it made as a content file (``system`` and
``kind`` first) that the loader reads back. Turning that document into text and writing it
happens here, so the five systems write alike and a path that cannot be written is a one-line
error naming it, not a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.errors import SkirmishError
from generator.files import write_atomic


def yaml_text(document: dict[str, Any]) -> str:
    """The document as YAML, keys in the order given (so ``system`` and ``kind`` come first)."""
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


def write_document(path: Path | str, document: dict[str, Any]) -> Path:
    """Write ``document`` to ``path`` (making its folder); refuse an unwritable path clearly."""
    path = Path(path)
    try:
        write_atomic(path, yaml_text(document))  # never a half-written roster
    except OSError as err:
        raise SkirmishError(f"cannot write {path}: {err.strerror or err}") from None
    return path
