"""Small helpers shared by command modules: JSON output, console, help examples."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console

console = Console(highlight=False)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def examples(*lines: str) -> str:
    """The closing 'Examples' block of a command's help text."""
    return "\n\nExamples:\n\n" + "\n\n".join(f"  {line}" for line in lines)
