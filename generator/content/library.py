"""The built-in content folder plus the user's own, merged by relative path.

A user file at ``<user>/bladestorm/goblins.yaml`` replaces the built-in
``content/bladestorm/goblins.yaml``; any other file of the user's is added.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.content.loader import Loaded, load_file, validate_source
from generator.content.paths import (  # noqa: F401  (content_name, find_named: re-exported for callers of the library)
    cached,
    content_data,
    content_files,
    content_name,
    content_path,
    find_named,
    read_content,
)
from generator.content.where import user_content_dir
from generator.errors import ContentError
from generator.resources import content_dir


class ContentLibrary:
    """All content files the tool can see: built-in, overridden or extended by the user's."""

    def __init__(self, user_dir: Path | None = None, builtin_dir: Path | None = None):
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
            self._cache[path] = load_kept(path)
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


def load_kept(path: Path) -> Loaded:
    """``load_file(path)``, parsed once while the file is unchanged (the loaded model is shared:
    read it, do not change it)."""
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



def load_content(relative: str | Path, model):
    """A content file validated by ``model`` (override-aware, cached, errors name file:line: field)."""
    path = content_path(relative)

    def make():
        source = read_content(relative)
        data = source.data
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in ("system", "kind")}
        return validate_source(source, model, data)

    return cached(f"model:{model.__module__}.{model.__qualname__}", path, make)
