"""The built-in content folder plus the user's own, merged by relative path.

A user file at ``<user>/bladestorm/goblins.yaml`` replaces the built-in
``content/bladestorm/goblins.yaml``; any other file of the user's is added.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.content.loader import Loaded, load_file
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


class ContentLibrary:
    """All content files the tool can see: built-in, overridden or extended by the user's."""

    def __init__(self, user_dir: Path | None = None, builtin_dir: Path | None = None):
        from generator.content import user_content_dir

        self.builtin_dir = builtin_dir or content_dir()
        self.user_dir = user_dir if user_dir is not None else user_content_dir()
        if self.user_dir is not None and not Path(self.user_dir).is_dir():
            raise ContentError(f"--content {self.user_dir}: no such folder")
        self._cache: dict[Path, Loaded] = {}

    def files(self) -> dict[str, Path]:
        merged = content_files(self.builtin_dir)
        if self.user_dir is not None:
            merged.update(content_files(Path(self.user_dir)))
        return dict(sorted(merged.items()))

    def path(self, relative: str) -> Path:
        """A content file by relative path (``bladestorm/tables.yaml``), user's first."""
        files = self.files()
        if relative not in files:
            raise ContentError(f"content file {relative!r} not found in the built-in or --content folders")
        return files[relative]

    def _load(self, path: Path) -> Loaded:
        if path not in self._cache:
            self._cache[path] = _load_kept(path)
        return self._cache[path]

    def load(self, system: str, kind: str | None = None) -> list[Loaded]:
        """Every file of ``system`` (optionally of one ``kind``), validated."""
        out = []
        prefix = f"{system}/"
        for rel, path in self.files().items():
            if not rel.startswith(prefix):
                continue
            loaded = self._load(path)
            if loaded.system == system and (kind is None or loaded.kind == kind):
                out.append(loaded)
        return out

    def load_one(self, system: str, kind: str):
        """The single file of ``kind`` for ``system`` (e.g. its random tables), as a model."""
        found = self.load(system, kind)
        if not found:
            raise ContentError(f"no {system} content of kind {kind!r} found")
        return found[-1].model


#: Files already loaded, by path and what the file system says of it (size, modification
#: time): a library is made afresh by every caller, and a battle seated many times (a campaign
#: seats a new one every battle) would otherwise parse the same files every time.
_LOADED: dict[tuple[str, int, int], Loaded] = {}


def _load_kept(path: Path) -> Loaded:
    try:
        stat = os.stat(path)
    except OSError:
        return load_file(path)  # let the loader say what is wrong with it
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    found = _LOADED.get(key)
    if found is None:
        if len(_LOADED) > 512:
            _LOADED.clear()
        found = _LOADED[key] = load_file(path)
    return found


def library() -> ContentLibrary:
    return ContentLibrary()


# ---- single files by relative path: the one way every part of the tool reads content/ ---------

_CACHE: dict[tuple, object] = {}
_PATHS: dict[tuple[str, str | None], Path] = {}


def content_path(relative: str | Path) -> Path:
    """The file at ``relative`` (``warcry/limits.yaml``): the user's ``--content`` copy when there
    is one, else the built-in file. A ContentError names both places when neither has it."""
    from generator.content import user_content_dir

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


def _cached(kind: str, path: Path, make):
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
    from generator.content.source import read_source

    path = content_path(relative)
    return _cached("source", path, lambda: read_source(path))


def content_data(relative: str | Path) -> dict:
    """A settings file as plain data, without its ``system``/``kind`` header (a fresh copy)."""
    import copy

    data = read_content(relative).data
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ContentError(f"{content_path(relative)}: expected a mapping of settings, got {type(data).__name__}")
    return {k: copy.deepcopy(v) for k, v in data.items() if k not in ("system", "kind")}


def load_content(relative: str | Path, model):
    """A content file validated by ``model`` (override-aware, cached, errors name file:line: field)."""
    from generator.content.loader import validate_source

    path = content_path(relative)

    def make():
        source = read_content(relative)
        data = source.data
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in ("system", "kind")}
        return validate_source(source, model, data)

    return _cached(f"model:{model.__module__}.{model.__qualname__}", path, make)


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
    from generator.content import user_content_dir

    for root in (user_content_dir(), content_dir()):
        if root is None:
            continue
        try:
            rel = Path(path).resolve().relative_to(Path(root).resolve())
        except ValueError:
            continue
        return rel.with_suffix("").as_posix()
    return None
