"""Content files by relative path: the user's ``--content`` copy first, else the built-in one.

Every part of the tool reads content/ through these functions (never by opening
``content/...`` itself), so a user's folder overrides any file everywhere. They only find and
parse files; validating them into models is the loader's job, one layer up in this package.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.content.source import read_source
from generator.content.where import user_content_dir
from generator.errors import ContentError
from generator.resources import content_dir

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")


def content_files(folder: Path) -> dict[str, Path]:
    """Relative path -> file for every content file below ``folder``."""
    if not folder.is_dir():
        return {}
    return {
        str(p.relative_to(folder)): p
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix.lower() in CONTENT_SUFFIXES and not p.name.startswith(".")
    }


_CACHE: dict[tuple, object] = {}
_PATHS: dict[tuple[str, str | None], Path] = {}


def content_path(relative: str | Path) -> Path:
    """The file at ``relative`` (``warcry/limits.yaml``): the user's ``--content`` copy when there
    is one, else the built-in file. A ContentError names both places when neither has it."""
    rel = relative if isinstance(relative, str) else Path(relative).as_posix()
    user = user_content_dir()
    key = (rel, None if user is None else str(user))
    found = _PATHS.get(key)
    if found is not None:
        return found
    _PATHS[key] = found = _content_path(rel, user)
    return found


def _content_path(rel: str, user) -> Path:
    if user is not None:
        if not Path(user).is_dir():
            raise ContentError(f"--content {user}: no such folder")
        candidate = Path(user) / rel
        if candidate.is_file():
            return candidate
    builtin = content_dir() / rel
    if builtin.is_file():
        return builtin
    where = f" or in --content {user}" if user is not None else ""
    raise ContentError(f"content file {rel!r} not found in the built-in content{where}")


def cached(kind: str, path: Path, make):
    """``make()``, kept while ``path`` is unchanged (same size and modification time), so a file
    read by many parts of one command is parsed once."""
    try:
        stat = os.stat(path)
    except OSError:
        _PATHS.clear()  # a file went away: look again next time
        return make()
    key = (kind, str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def read_content(relative: str | Path):
    """The parsed :class:`Source` of a content file (override-aware, cached, file:line errors)."""
    path = content_path(relative)
    return cached("source", path, lambda: read_source(path))


def content_data(relative: str | Path) -> dict:
    """A settings file as plain data, without its ``system``/``kind`` header (a fresh copy)."""
    import copy

    data = read_content(relative).data
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ContentError(f"{content_path(relative)}: expected a mapping of settings, got {type(data).__name__}")
    return {k: copy.deepcopy(v) for k, v in data.items() if k not in ("system", "kind")}


def find_named(ref: str | Path) -> Path:
    """A file the user named: the path itself when it exists, else built-in (or ``--content``)
    content by name, so ``bladestorm/warriors-of-ash-goblins`` or
    ``content/maps/drawn-and-quartered.yaml`` work from any folder. Unknown names come back as
    given, for the caller's "no such file" error."""
    path = Path(ref)
    if path.exists():
        return path
    rel = path.as_posix()
    rel = rel[len("content/"):] if rel.startswith("content/") else rel
    if rel.startswith(("/", "../")) or not rel:
        return path
    candidates = [rel] if path.suffix.lower() in CONTENT_SUFFIXES else [rel + s for s in CONTENT_SUFFIXES]
    for candidate in candidates:
        try:
            return content_path(candidate)
        except ContentError:
            continue
    return path


def content_name(path: Path) -> str | None:
    """The name a built-in (or ``--content``) file is known by: ``bladestorm/warriors-of-ash-goblins``."""
    for root in (user_content_dir(), content_dir()):
        if root is None:
            continue
        try:
            rel = Path(path).resolve().relative_to(Path(root).resolve())
        except ValueError:
            continue
        return rel.with_suffix("").as_posix()
    return None
