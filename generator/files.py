"""Writing output files: atomically, with the user's permissions, and with one-line errors.

Every file the tool writes (maps, rosters, PDFs, SVGs, PNGs) goes through here, so that

* a failure half way never leaves a half-written file: data goes to a temporary name in the
  target folder and is renamed into place only when complete;
* the file gets the permissions of any other file the user creates (``tempfile.mkstemp`` makes
  them private, 0600, which would hide a printed deck from the rest of the household);
* an output path that is a folder, or a folder that is a file, is a :class:`SkirmishError`
  naming the path, not a traceback.

A neutral module: boards, layout, systems and the CLI may all import it; it imports none of them.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from generator.errors import SkirmishError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def ensure_folder(path: str | os.PathLike, what: str = "output folder") -> Path:
    """Create folder ``path`` (and its parents); a SkirmishError if a file is in the way."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise SkirmishError(f"{what} {path}: is a file, not a folder; give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise SkirmishError(f"{what} {path}: a file is in the way; give a path made of folders") from None
    except PermissionError:
        raise SkirmishError(f"{what} {path}: permission denied") from None
    return path


#: Longest file name (in bytes) that common file systems accept.
MAX_NAME_BYTES = 255


def check_name(path: str | os.PathLike) -> Path:
    """Refuse a file name too long for the file system before anything is written."""
    path = Path(path)
    # the temporary file adds a dot before and ".part" plus 8 random characters after the name
    if len(path.name.encode("utf-8")) + 16 > MAX_NAME_BYTES:
        raise SkirmishError(f"{path.name[:40]}...: file name is {len(path.name.encode('utf-8'))} bytes long; "
                            f"file systems allow about {MAX_NAME_BYTES - 16}: give a shorter name")
    return path


def _check_target(path: Path) -> None:
    if path.is_dir():
        raise SkirmishError(f"{path}: is a folder; give a file name to write, e.g. {path / 'out'}")
    check_name(path)
    ensure_folder(path.parent, "folder")


@contextmanager
def atomic_path(path: str | os.PathLike, suffix: str = ".part") -> Iterator[Path]:
    """Yield a temporary path next to ``path``; move it into place only if the block succeeds.

    For writers that want a file name (reportlab, pypdfium2) rather than bytes.
    """
    path = Path(path)
    _check_target(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=suffix, dir=path.parent)
    except OSError as err:
        raise SkirmishError(f"cannot write {path}: {err.strerror or err}") from None
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as err:
        raise SkirmishError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_atomic(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically; return the path."""
    path = Path(path)
    with atomic_path(path) as tmp:
        tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def refuse_existing(path: str | os.PathLike, hint: str = "--force to replace it") -> None:
    """A SkirmishError if ``path`` exists: a user's file is never replaced without being asked."""
    path = check_name(path)
    if path.exists() and not path.is_dir():
        raise SkirmishError(f"{path}: already exists and was left as it is; use {hint}")


# ---- what the tool wrote into a folder ---------------------------------------------------------

MANIFEST = ".skirmish-outputs.json"


def _digest(path: Path) -> str | None:
    import hashlib

    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class Manifest:
    """The files the tool itself wrote into ``folder``, with their SHA-256, in ``.skirmish-outputs.json``.

    A later run may replace or remove a file listed here only while it is unchanged (same digest),
    so stale outputs of an earlier, longer run go away and nothing else is ever touched: a file
    the user made, or edited since, is left alone.
    """

    def __init__(self, folder: str | os.PathLike):
        import json

        self.folder = Path(folder)
        self.path = self.folder / MANIFEST
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.entries: dict[str, str] = {str(k): str(v) for k, v in data.get("files", {}).items()}
        except (OSError, ValueError, AttributeError):
            self.entries = {}

    def owns(self, path: str | os.PathLike) -> bool:
        """True when ``path`` is in this folder, listed, and unchanged since the tool wrote it."""
        path = Path(path)
        if path.parent.resolve() != self.folder.resolve():
            return False
        digest = self.entries.get(path.name)
        return digest is not None and path.exists() and _digest(path) == digest

    def may_write(self, path: str | os.PathLike, force: bool = False) -> None:
        """Refuse to replace an existing file the tool did not write (unless ``force``)."""
        if not force and Path(path).exists() and not self.owns(path):
            refuse_existing(path)

    def remove_stale(self, keep: list[Path], stem: str | None = None) -> list[Path]:
        """Delete files of earlier runs that this run did not write again; returns them.

        ``stem`` limits this to the files of one output set (``cards`` -> ``cards.pdf``,
        ``cards-sheet3.png``), so several commands can share a folder without clearing each other."""
        keep_names = {Path(p).name for p in keep if Path(p).parent.resolve() == self.folder.resolve()}
        removed = []
        for name in list(self.entries):
            if stem is not None and not (name == stem or name.startswith(stem + ".") or name.startswith(stem + "-")):
                continue
            target = self.folder / name
            if name in keep_names:
                continue
            if self.owns(target):
                target.unlink()
                removed.append(target)
            self.entries.pop(name, None)
        return removed

    def record(self, paths: list[Path]) -> None:
        """List ``paths`` (those inside this folder) as written by the tool, and save the manifest."""
        import json

        for p in map(Path, paths):
            if p.parent.resolve() == self.folder.resolve() and p.exists():
                self.entries[p.name] = _digest(p) or ""
        write_atomic(self.path, json.dumps({"written_by": "skirmish", "files": dict(sorted(self.entries.items()))}, indent=1))
