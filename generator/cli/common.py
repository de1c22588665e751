"""Small helpers shared by command modules: JSON output, tables, atomic writes."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

console = Console(highlight=False)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write via a temporary file in the same folder, then rename: never a half-written file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def examples(*lines: str) -> str:
    """The closing 'Examples' block of a command's help text."""
    return "\n\nExamples:\n\n" + "\n\n".join(f"  {line}" for line in lines)
