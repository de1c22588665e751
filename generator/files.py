"""Writing output files: atomically, with the user's permissions, and with one-line errors.

Every file the tool writes (maps, rosters, PDFs, SVGs, PNGs) goes through here, so that

* a failure half way never leaves a half-written file: data goes to a temporary name in the
  target folder and is renamed into place only when complete;
* the file gets the permissions of any other file the user creates (``tempfile.mkstemp`` makes
  them private, 0600, which would hide a printed deck from the rest of the household);
* an output path that is a folder, or a folder that is a file, is a :class:`SkirmishError`
  naming the path, not a traceback;
* only a regular file is ever replaced: a device, a FIFO, a socket or a folder at the output path
  is refused whatever ``--force`` says (an atomic rename would swap a regular file in for
  ``/dev/null``). A symbolic link is followed: the file it points to is what is checked and
  replaced (atomically, in that file's own folder), and the link stays; a link that points
  nowhere, or at something that is not a regular file, is refused;
* reads of files the tool did not make (:func:`read_capped`) take at most a cap plus one byte
  and refuse what is not a regular file, so ``/dev/zero`` or a FIFO can neither fill memory nor
  hang a command.

A neutral module: boards, layout, systems and the CLI may all import it; it imports none of them.
"""

from __future__ import annotations

import os
import stat
import sys
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


def kind_of(mode: int) -> str:
    """What a file system entry is, in words: ``a folder``, ``a character device``..."""
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                        (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                        (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link"),
                        (stat.S_ISREG, "a regular file")):
        if test(mode):
            return words
    return "not a regular file"


def _not_a_file(path: Path, what: str, through: str = "") -> SkirmishError:
    if what == "a folder" and not through:
        return SkirmishError(f"{path}: is a folder; give a file name to write, e.g. {path / 'out'}")
    return SkirmishError(f"{path}: {through}is {what}, not a regular file; it was left alone "
                         "(--force replaces only regular files): give a file name to write")


def output_file(path: str | os.PathLike) -> Path:
    """The regular file a write to ``path`` creates or replaces, checked before anything is written.

    ``path`` itself when it does not exist yet or is a regular file; the file a symbolic link
    points to (so a link into another folder keeps working and the file behind it is updated).
    A SkirmishError, naming what is there, for a folder, a device, a FIFO, a socket, a link that
    points nowhere or at one of those, and for a name too long for the file system."""
    path = check_name(path)
    try:
        here = os.lstat(path)
    except FileNotFoundError:
        return path
    except NotADirectoryError:
        if path.parent.exists() and not path.parent.is_dir():
            raise SkirmishError(f"folder {path.parent}: is a file, not a folder; give a folder") from None
        raise SkirmishError(f"folder {path.parent}: a file is in the way; give a path made of folders") from None
    except OSError as err:
        raise SkirmishError(f"{path}: cannot be written ({err.strerror or err})") from None
    if stat.S_ISREG(here.st_mode):
        return path
    if not stat.S_ISLNK(here.st_mode):
        raise _not_a_file(path, kind_of(here.st_mode))
    link = os.readlink(path)
    try:
        there = os.stat(path)
    except FileNotFoundError:
        raise SkirmishError(f"{path}: is a symbolic link to {link}, which does not exist; it was left alone: "
                            "give another file name, or remove the link") from None
    except OSError as err:
        raise SkirmishError(f"{path}: is a symbolic link that cannot be followed ({err.strerror or err}); "
                            "give another file name") from None
    if not stat.S_ISREG(there.st_mode):
        raise _not_a_file(path, kind_of(there.st_mode), through=f"is a symbolic link to {link}, which ")
    return check_name(Path(os.path.realpath(path)))


def _check_target(path: Path) -> Path:
    real = output_file(path)
    ensure_folder(real.parent, "folder")
    return real


def check_targets(paths, force: bool = False) -> None:
    """Every output of a run checked before the first is written: each may be written at all
    (:func:`output_file`), and an existing file the tool did not write is refused unless
    ``force`` (the folder's manifest says which it wrote)."""
    manifests: dict[Path, Manifest] = {}
    for path in map(Path, paths):
        folder = path.parent
        if folder not in manifests:
            manifests[folder] = Manifest(folder)
        manifests[folder].may_write(path, force)


@contextmanager
def atomic_path(path: str | os.PathLike, suffix: str = ".part") -> Iterator[Path]:
    """Yield a temporary path next to ``path``; move it into place only if the block succeeds.

    For writers that want a file name (reportlab, pypdfium2) rather than bytes.
    """
    path = _check_target(Path(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=suffix, dir=path.parent)
    except OSError as err:
        raise SkirmishError(f"cannot write {path}: {err.strerror or err}") from None
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        output_file(path)  # checked again just before the rename: a FIFO made meanwhile is kept too
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
    """A SkirmishError if ``path`` exists: a user's file is never replaced without being asked
    (and what is not a regular file is never replaced at all, see :func:`output_file`)."""
    path = Path(path)
    output_file(path)
    if os.path.lexists(path):
        raise SkirmishError(f"{path}: already exists and was left as it is; use {hint}")


class TooLarge(SkirmishError):
    """A file longer than the reader's cap (``size`` bytes, or more than the cap when unknown)."""

    def __init__(self, path: Path, size: int):
        self.path, self.size = path, size
        super().__init__(f"{path}: is larger than the tool reads")


def read_capped(path: str | os.PathLike, max_bytes: int, *, stdin_ok: bool = False) -> bytes:
    """At most ``max_bytes`` of a file, whatever it is: a regular file, or standard input when
    ``path`` is ``-`` and ``stdin_ok``. Anything else (a device such as ``/dev/zero``, a FIFO that
    would wait for a writer for ever, a socket, a folder) is a SkirmishError naming what it is;
    a longer file is :class:`TooLarge`. Never reads more than the cap plus one byte."""
    if stdin_ok and str(path) == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise TooLarge(Path("-"), len(data))
        return data
    path = Path(path)
    hint = ", or - for standard input" if stdin_ok else ""
    try:
        found = os.stat(path)  # stat does not open: a FIFO cannot block here
        if not stat.S_ISREG(found.st_mode):
            raise SkirmishError(f"{path}: is {kind_of(found.st_mode)}, not a regular file; give a file{hint}")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SkirmishError(f"{path}: no such file") from None
    except OSError as err:
        raise SkirmishError(f"{path}: cannot be read ({err.strerror or err})") from None
    try:
        opened = os.fstat(fd)  # the file that was opened, in case the name changed meanwhile
        if not stat.S_ISREG(opened.st_mode):
            raise SkirmishError(f"{path}: is {kind_of(opened.st_mode)}, not a regular file; give a file{hint}")
        if opened.st_size > max_bytes:
            raise TooLarge(path, opened.st_size)
        parts, left = [], max_bytes + 1
        while left > 0:
            part = os.read(fd, min(left, 1 << 20))
            if not part:
                break
            parts.append(part)
            left -= len(part)
    except OSError as err:
        raise SkirmishError(f"{path}: cannot be read ({err.strerror or err})") from None
    finally:
        os.close(fd)
    data = b"".join(parts)
    if len(data) > max_bytes:
        raise TooLarge(path, len(data))
    return data


# ---- what the tool wrote into a folder ---------------------------------------------------------

MANIFEST = ".skirmish-outputs.json"
#: Largest manifest read: a folder of a few thousand outputs lists well under this.
MANIFEST_BYTES = 2_000_000
#: Largest file whose digest is taken to tell whether the tool wrote it (a poster-size PDF is
#: tens of megabytes): anything larger was not written by the tool.
DIGEST_BYTES = 1_000_000_000


def _digest(path: Path) -> str | None:
    import hashlib

    try:
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode) or found.st_size > DIGEST_BYTES:
            return None
        digest = hashlib.sha256()
        with open(path, "rb") as handle:  # a regular file: reading it ends
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()
    except OSError:
        return None


@contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """An exclusive ``flock`` on the folder itself while its manifest is read, merged and
    written, so two runs into one folder never lose each other's entries (no lock file is left
    behind). Where there is no ``flock`` the manifest is merged without one."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


class Manifest:
    """The files the tool itself wrote into ``folder``, with their SHA-256, in ``.skirmish-outputs.json``.

    A later run may replace or remove a file listed here only while it is unchanged (same digest),
    so stale outputs of an earlier, longer run go away and nothing else is ever touched: a file
    the user made, or edited since, is left alone.

    Runs into one folder at the same time merge their entries: :meth:`record` and
    :meth:`remove_stale` re-read the manifest under a lock on the folder and change only the
    entries this run wrote or removed, and a run removes as stale only files that were listed
    when it started (never those a run beside it has just written).
    """

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.path = self.folder / MANIFEST
        try:
            found = os.lstat(self.path)
        except OSError:
            found = None
        if found is not None and not stat.S_ISREG(found.st_mode):
            raise SkirmishError(f"{self.path}: is {kind_of(found.st_mode)}, not the tool's list of the files it wrote "
                                "into this folder; remove it or write into another folder")
        self.entries, self.groups = self._read()
        self._started = dict(self.entries)

    def _read(self) -> tuple[dict[str, str], dict[str, str]]:
        import json

        try:
            data = json.loads(read_capped(self.path, MANIFEST_BYTES).decode("utf-8"))
            entries = {str(k): str(v) for k, v in data.get("files", {}).items()}
            groups = {str(k): str(v) for k, v in data.get("groups", {}).items()}
            return entries, groups
        except (SkirmishError, ValueError, AttributeError, RecursionError):
            return {}, {}

    def owns(self, path: str | os.PathLike) -> bool:
        """True when ``path`` is in this folder, listed, and unchanged since the tool wrote it."""
        path = Path(path)
        if path.parent.resolve() != self.folder.resolve():
            return False
        digest = self.entries.get(path.name)
        return digest is not None and path.exists() and _digest(path) == digest

    def may_write(self, path: str | os.PathLike, force: bool = False) -> None:
        """Refuse to replace an existing file the tool did not write (unless ``force``), and
        anything that is not a regular file (always)."""
        output_file(path)
        if not force and os.path.lexists(path) and not self.owns(path):
            refuse_existing(path)

    def remove_stale(self, keep: list[Path], group: str | None = None) -> list[Path]:
        """Delete files of earlier runs that this run did not write again; returns them.

        ``group`` limits this to one kind of output (``cards``: the sheets of a deck), so a folder
        can hold a deck next to a scenario's other files without one run clearing the other's."""
        keep_names = {Path(p).name for p in keep if Path(p).parent.resolve() == self.folder.resolve()}
        removed, dropped = [], False
        with _folder_lock(self.folder):
            self.entries, self.groups = self._read()
            for name, digest in self._started.items():
                if group is not None and self.groups.get(name, group) != group:
                    continue
                if name in keep_names or self.entries.get(name) != digest:
                    continue  # written again by this run, or by another run since this one started
                target = self.folder / name
                if self.owns(target):
                    target.unlink()
                    removed.append(target)
                self.entries.pop(name, None)
                self.groups.pop(name, None)
                dropped = True
            if dropped:
                self._save()
        return removed

    def record(self, paths: list[Path], group: str | None = None) -> None:
        """List ``paths`` (those inside this folder) as written by the tool, and save the manifest
        (merged with what other runs recorded meanwhile)."""
        with _folder_lock(self.folder):
            self.entries, self.groups = self._read()
            for p in map(Path, paths):
                if p.parent.resolve() == self.folder.resolve() and p.exists():
                    self.entries[p.name] = _digest(p) or ""
                    if group is not None:
                        self.groups[p.name] = group
            self._save()

    def _save(self) -> None:
        import json

        data = {"written_by": "skirmish", "files": dict(sorted(self.entries.items()))}
        if self.groups:
            data["groups"] = dict(sorted(self.groups.items()))
        write_atomic(self.path, json.dumps(data, indent=1))
