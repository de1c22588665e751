"""Bridge to the boards package for map files found by ``skirmish validate``."""

from __future__ import annotations

from pathlib import Path

from generator.errors import SkirmishError


def check_map(path: Path) -> list[str]:
    """Problems in a map file, using the boards package's own loader."""
    try:
        from generator.boards.mapfile import load_map
    except ImportError:  # pragma: no cover - boards not installed
        return []
    try:
        load_map(path)
    except SkirmishError as err:
        return err.problems or [str(err)]
    return []
