"""The user's own content folder (``skirmish --content DIR``), set once for every command.

Kept apart from the readers so that the readers and the library can all ask it without
importing each other.
"""

from __future__ import annotations

from pathlib import Path

_user_content_dir: Path | None = None


def set_user_content_dir(path: Path | None) -> None:
    """Point every command at a user content folder that overrides/extends the built-in one."""
    global _user_content_dir
    _user_content_dir = Path(path) if path is not None else None


def user_content_dir() -> Path | None:
    return _user_content_dir
