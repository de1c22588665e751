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


def _check_target(path: Path) -> None:
    if path.is_dir():
        raise SkirmishError(f"{path}: is a folder; give a file name to write, e.g. {path / 'out'}")
    ensure_folder(path.parent, "folder")


@contextmanager
def atomic_path(path: str | os.PathLike, suffix: str = ".part") -> Iterator[Path]:
    """Yield a temporary path next to ``path``; move it into place only if the block succeeds.

    For writers that want a file name (reportlab, pypdfium2) rather than bytes.
    """
    path = Path(path)
    _check_target(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=suffix, dir=path.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_atomic(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically; return the path."""
    path = Path(path)
    with atomic_path(path) as tmp:
        tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path
