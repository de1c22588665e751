"""Read YAML or JSON into plain Python data while remembering the line of every field.

Pydantic tells us *which* field is wrong (``combatants[2].defense``); this module tells us *where*
it is in the file, so every error can read ``file:line: field: problem``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import ContentError
from generator.names import codes, control_characters

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


class _TooBig(Exception):
    pass


class _TooDeep(Exception):
    def __init__(self, line: int):
        self.line = line


class _Duplicate(Exception):
    def __init__(self, key: Any, first: int, second: int):
        self.key, self.first, self.second = key, first, second


class _Recursive(Exception):
    def __init__(self, line: int):
        self.line = line


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


def _construct(loader: yaml.SafeLoader, node: yaml.Node, loc: Path_) -> Any:
    try:
        return loader.construct_object(node, deep=True)
    except ValueError as err:  # an integer over Python's 4,300-digit conversion limit, a bad date...
        text = str(getattr(node, "value", ""))
        what = f"{text[:12]}... ({len(text)} characters)" if len(text) > 20 else repr(text)
        raise BadValue(node.start_mark.line + 1, loc,
                       f"{what} cannot be read as a value ({str(err).split(':')[0].split(';')[0]})") from None
    except RecursionError:
        raise _TooDeep(node.start_mark.line + 1) from None


def _build(loader: yaml.SafeLoader, node: yaml.Node, loc: Path_, lines: dict[Path_, int],
           budget: list[int], open_nodes: set[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooBig()
    lines.setdefault(loc, node.start_mark.line + 1)
    if len(loc) > MAX_DEPTH:
        raise _TooDeep(node.start_mark.line + 1)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        if id(node) in open_nodes:  # an alias inside its own anchor: `a: &x [*x]`
            raise _Recursive(node.start_mark.line + 1)
        open_nodes.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                out: dict[Any, Any] = {}
                loader.flatten_mapping(node)
                for key_node, value_node in node.value:
                    if not isinstance(key_node, yaml.ScalarNode):
                        check_key([] if isinstance(key_node, yaml.SequenceNode) else {}, key_node.start_mark.line + 1, loc)
                    key = check_key(_construct(loader, key_node, loc), key_node.start_mark.line + 1, loc)
                    if key in out:
                        raise _Duplicate(key, lines[loc + (key,)], key_node.start_mark.line + 1)
                    lines[loc + (key,)] = key_node.start_mark.line + 1
                    out[key] = _build(loader, value_node, loc + (key,), lines, budget, open_nodes)
                return out
            items = []
            for index, item in enumerate(node.value):
                lines[loc + (index,)] = item.start_mark.line + 1
                items.append(_build(loader, item, loc + (index,), lines, budget, open_nodes))
            return items
        finally:
            open_nodes.discard(id(node))
    return check_value(_construct(loader, node, loc), node.start_mark.line + 1, loc)


def _where(path: Path, line: int | None) -> str:
    return f"{display_path(path)}:{line}" if line else display_path(path)


def bad_value_error(path: Path, err: BadValue) -> ContentError:
    field = field_name(err.loc)
    return ContentError(f"{_where(path, err.line)}: {field + ': ' if field else ''}{err.message}")


def _unreadable_character(path: Path, text: str, err: "yaml.reader.ReaderError") -> ContentError:
    line = text.count("\n", 0, err.position) + 1 if isinstance(err.position, int) else None
    char = err.character if isinstance(err.character, int) else ord(err.character or "?")
    return ContentError(f"{_where(path, line)}: not valid YAML: the character U+{char:04X} is not allowed in a "
                        "text file (a NUL or control byte: is it a binary file?)")


def parse_text(text: str, path: Path) -> Source:
    """Parse YAML (JSON files go to :func:`generator.content.jsonsource.parse_json`) and record
    the line of each field; every way a file can be wrong is a one-line ContentError."""
    lines: dict[Path_, int] = {}
    loader = None
    try:
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
        data = None if node is None else _build(loader, node, (), lines, [MAX_VALUES], set())
    except yaml.reader.ReaderError as err:
        raise _unreadable_character(path, text, err) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        problem = (err.problem or err.context or "cannot be read").strip()
        raise ContentError(f"{_where(path, line)}: not valid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise ContentError(f"{display_path(path)}: not valid YAML: {str(err).splitlines()[0]}") from None
    except BadValue as err:
        raise bad_value_error(path, err) from None
    except _Recursive as err:
        raise ContentError(f"{display_path(path)}:{err.line}: an alias refers to its own anchor, "
                           "so the value would never end; write the value out instead") from None
    except _Duplicate as err:
        raise ContentError(f"{display_path(path)}:{err.second}: {err.key!r} appears twice (lines {err.first} and "
                           f"{err.second}); keep one") from None
    except (_TooDeep, RecursionError) as err:
        line = f":{err.line}" if isinstance(err, _TooDeep) else ""
        raise ContentError(f"{display_path(path)}{line}: nested more than {MAX_DEPTH} levels deep; "
                           "content files nest a few levels") from None
    except _TooBig:
        raise too_many_values(path) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Source(Path(path), data, lines)


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


def read_source(path: str | Path, stdin_ok: bool = False) -> Source:
    """Read a YAML or JSON file (or standard input, ``-``, when ``stdin_ok``); a missing or
    unreadable file is a one-line ContentError."""
    if stdin_ok and str(path) == "-":
        text = read_text("-", stdin_ok=True)
        if text.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
            from generator.content.jsonsource import parse_json

            return parse_json(text, STDIN)
        return parse_text(text, STDIN)
    p = Path(path)
    if not os.path.lexists(p):
        raise ContentError(f"{display_path(p)}: no such file")
    if p.is_dir():
        raise ContentError(f"{display_path(p)}: is a folder, expected a .yaml, .yml or .json file")
    text = read_text(p)
    if p.suffix.lower() == ".json":
        from generator.content.jsonsource import parse_json

        return parse_json(text, p)
    return parse_text(text, p)
