"""What both content readers (YAML in :mod:`generator.content.source`, JSON in
:mod:`generator.content.jsonsource`) share: the :class:`Source` record of a parsed file with the
line of every field, the limits every file is read within, the checks of single values, and
reading a file's text. It sits below both readers so that each can use it without the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import ContentError
from generator.text import codes, control_characters

Path_ = tuple[Any, ...]


@dataclass
class Source:
    """A parsed file: its data, and the 1-based line where each field path starts."""

    path: Path
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, loc: Path_) -> int | None:
        """The line of ``loc`` or of its nearest ancestor that has one."""
        loc = tuple(loc)
        while True:
            if loc in self.lines:
                return self.lines[loc]
            if not loc:
                return None
            loc = loc[:-1]

    def where(self, loc: Path_ = ()) -> str:
        line = self.line_of(loc)
        return f"{display_path(self.path)}:{line}" if line else display_path(self.path)


def display_path(path: Path) -> str:
    """A path as the user would write it: relative to the current folder when it is below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


#: Largest content file read, checked before parsing: the biggest built-in file is a few kB and a
#: big warband a few tens; 20,000 fighters (4 MB) would take many seconds to parse and validate.
MAX_BYTES = 1_000_000
#: Deepest nesting of lists and mappings: rosters nest four or five levels.
MAX_DEPTH = 50

#: Most values one file may expand to. Real content files hold a few thousand; YAML aliases
#: nested ten deep (the "billion laughs" file) would otherwise expand until memory runs out.
MAX_VALUES = 200_000
#: Longest single text value: the longest built-in one (a table's notes) is under 2,000 characters.
MAX_TEXT = 10_000
#: Largest whole number (in size): 64-bit seeds fit; anything larger is a typo or an attack, and
#: would overflow the moment it meets a float.
MAX_INT = 2**63 - 1


class BadValue(Exception):
    """A value no content file may hold (a control character, a number too large to be one...),
    at ``line`` of the field ``loc``; both parsers raise it, the reader turns it into one line."""

    def __init__(self, line: int, loc: Path_, message: str):
        self.line, self.loc, self.message = line, loc, message


def field_name(loc: Path_) -> str:
    """``("combatants", 2, "name")`` -> ``combatants[2].name``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out


def check_value(value: Any, line: int, loc: Path_) -> Any:
    """Refuse a scalar no content file may hold; shared by the YAML and the JSON reader."""
    if isinstance(value, str):
        bad = control_characters(value)
        if bad:
            raise BadValue(line, loc, f"holds the character{'s' if len(bad) > 1 else ''} {codes(bad)}, which no name or "
                           "text may hold (a control character a terminal would act on, or not a character at all); "
                           "remove it")
        if len(value) > MAX_TEXT:
            raise BadValue(line, loc, f"is {len(value):,} characters long; a text in a content file is at most "
                           f"{MAX_TEXT:,}")
    elif isinstance(value, bool):
        pass
    elif isinstance(value, int):
        if abs(value) > MAX_INT:
            raise BadValue(line, loc, f"{str(value)[:12]}... ({len(str(abs(value)))} digits) is too large; "
                           "numbers in a content file have at most 18 digits")
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise BadValue(line, loc, f"{value} is not a number a content file may hold; give a finite number")
    return value


def check_key(key: Any, line: int, loc: Path_) -> Any:
    """A mapping key must be plain text or a number: a key that is a list or a mapping is refused."""
    if isinstance(key, (list, tuple, dict, set)):
        raise BadValue(line, loc, f"a key is a {'mapping' if isinstance(key, dict) else 'list'}; keys are names or numbers "
                       "(write the key as plain text)")
    return check_value(key, line, loc)



def file_line(path: Path, line: int | None) -> str:
    return f"{display_path(path)}:{line}" if line else display_path(path)


def bad_value_error(path: Path, err: BadValue) -> ContentError:
    field = field_name(err.loc)
    return ContentError(f"{file_line(path, err.line)}: {field + ': ' if field else ''}{err.message}")



def too_many_values(path: Path) -> ContentError:
    return ContentError(f"{display_path(path)}: holds more than {MAX_VALUES:,} values once YAML aliases are "
                        "expanded; content files are far smaller (split it, or write aliases out)")


#: What a command calls standard input when it reads ``-``.
STDIN = Path("<standard input>")


def read_text(path: str | Path, max_bytes: int = MAX_BYTES, stdin_ok: bool = False) -> str:
    """A content file's text. At most ``max_bytes`` plus one are read, whatever the file is (a
    device or a pipe has no size to check first); anything but a regular file (or standard
    input, ``-``, where the command takes it) is refused by name."""
    from generator.errors import SkirmishError
    from generator.files import TooLarge, read_capped

    p = Path(path)
    shown = "standard input" if stdin_ok and str(path) == "-" else display_path(p)
    try:
        data = read_capped(path, max_bytes, stdin_ok=stdin_ok)
    except TooLarge as err:
        size = f"more than {max_bytes / 1e6:g}" if str(path) == "-" else f"{err.size / 1e6:.1f}"
        raise ContentError(f"{shown}: is {size} MB; content files are at most {max_bytes / 1e6:g} MB "
                           "(split a very large roster into several files)") from None
    except SkirmishError as err:
        raise ContentError(str(err).replace(str(p), shown, 1)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ContentError(f"{shown}: not a UTF-8 text file") from None

