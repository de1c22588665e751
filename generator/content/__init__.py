"""Load and validate content/ and user files into pydantic models (errors name file:line:field)."""

from __future__ import annotations

from pathlib import Path

_user_content_dir: Path | None = None


def set_user_content_dir(path: Path | None) -> None:
    """Point every command at a user content folder that overrides/extends the built-in one."""
    global _user_content_dir
    _user_content_dir = Path(path) if path is not None else None


def user_content_dir() -> Path | None:
    return _user_content_dir
