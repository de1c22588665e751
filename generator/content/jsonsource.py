"""Read JSON with the same checks and the same ``file:line`` errors as YAML.

Python's ``json`` module keeps the last of two equal keys without a word, nests until the
interpreter's recursion limit, reads ``NaN`` and ``Infinity``, and says nothing of where a value
is. This small reader follows RFC 8259 exactly and, like :func:`generator.content.source.parse_text`,
records the line of every field, refuses a key given twice (naming both lines), nesting deeper
than ``MAX_DEPTH``, more than ``MAX_VALUES`` values and every value no content file may hold
(control characters, numbers that are not finite or too long). Strings are decoded by the
standard library's own scanner.
"""

from __future__ import annotations

import bisect
import json.decoder
import re
from pathlib import Path
from typing import Any

from generator.content.reading import (
    MAX_DEPTH,
    MAX_VALUES,
    BadValue,
    Path_,
    Source,
    bad_value_error,
    check_key,
    check_value,
    display_path,
    read_text,
    too_many_values,
)
from generator.errors import ContentError

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_SPACE = re.compile(r"[ \t\n\r]*")
_WORDS = {"true": True, "false": False, "null": None}


class _Syntax(Exception):
    def __init__(self, pos: int, message: str):
        self.pos, self.message = pos, message


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.newlines = [m.start() for m in re.finditer("\n", text)]
        self.lines: dict[Path_, int] = {}
        self.left = MAX_VALUES

    def line(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

    def space(self, pos: int) -> int:
        return _SPACE.match(self.text, pos).end()

    def value(self, pos: int, loc: Path_) -> tuple[Any, int]:
        self.left -= 1
        if self.left < 0:
            raise _TooMany()
        if len(loc) > MAX_DEPTH:
            raise _Deep(self.line(pos))
        self.lines.setdefault(loc, self.line(pos))
        char = self.text[pos:pos + 1]
        if char == "{":
            return self.mapping(pos + 1, loc)
        if char == "[":
            return self.sequence(pos + 1, loc)
        if char == '"':
            text, end = self.string(pos)
            return check_value(text, self.line(pos), loc), end
        for word, meaning in _WORDS.items():
            if self.text.startswith(word, pos):
                return meaning, pos + len(word)
        match = _NUMBER.match(self.text, pos)
        if match:
            return self.number(match, loc), match.end()
        if not char:
            raise _Syntax(pos, "the file ends where a value should be")
        found = re.match(r"[A-Za-z]+", self.text[pos:pos + 20])
        word = found.group(0) if found else char
        if word in ("NaN", "Infinity", "nan", "inf"):
            raise _Syntax(pos, f"{word} is not a JSON value; give a finite number")
        raise _Syntax(pos, f"expected a value, found {word!r}")

    def number(self, match: re.Match, loc: Path_) -> Any:
        text = match.group(0)
        line = self.line(match.start())
        try:
            value = float(text) if match.group(1) or match.group(2) else int(text)
        except ValueError:  # more digits than Python converts (4,300)
            raise BadValue(line, loc, f"{text[:12]}... ({len(text)} digits) is too large; numbers in a content file "
                           "have at most 18 digits") from None
        return check_value(value, line, loc)

    def string(self, pos: int) -> tuple[str, int]:
        try:
            return json.decoder.scanstring(self.text, pos + 1, True)
        except json.JSONDecodeError as err:
            raise _Syntax(err.pos, err.msg) from None

    def mapping(self, pos: int, loc: Path_) -> tuple[dict, int]:
        out: dict[str, Any] = {}
        pos = self.space(pos)
        if self.text.startswith("}", pos):
            return out, pos + 1
        while True:
            if not self.text.startswith('"', pos):
                raise _Syntax(pos, "expected a key in double quotes")
            key_line = self.line(pos)
            key, pos = self.string(pos)
            check_key(key, key_line, loc)
            if key in out:
                raise _Twice(key, self.lines[loc + (key,)], key_line)
            self.lines[loc + (key,)] = key_line
            pos = self.space(pos)
            if not self.text.startswith(":", pos):
                raise _Syntax(pos, "expected ':' after the key")
            out[key], pos = self.value(self.space(pos + 1), loc + (key,))
            pos = self.space(pos)
            if self.text.startswith("}", pos):
                return out, pos + 1
            if not self.text.startswith(",", pos):
                raise _Syntax(pos, "expected ',' or '}' after a value")
            pos = self.space(pos + 1)

    def sequence(self, pos: int, loc: Path_) -> tuple[list, int]:
        out: list[Any] = []
        pos = self.space(pos)
        if self.text.startswith("]", pos):
            return out, pos + 1
        while True:
            index = len(out)
            self.lines[loc + (index,)] = self.line(pos)
            item, pos = self.value(pos, loc + (index,))
            out.append(item)
            pos = self.space(pos)
            if self.text.startswith("]", pos):
                return out, pos + 1
            if not self.text.startswith(",", pos):
                raise _Syntax(pos, "expected ',' or ']' after a value")
            pos = self.space(pos + 1)


class _TooMany(Exception):
    pass


class _Deep(Exception):
    def __init__(self, line: int):
        self.line = line


class _Twice(Exception):
    def __init__(self, key: str, first: int, second: int):
        self.key, self.first, self.second = key, first, second


def parse_json(text: str, path: Path) -> Source:
    """Parse a JSON document into a :class:`Source` (data and the line of every field)."""
    reader = _Reader(text.removeprefix("\ufeff"))
    where = display_path(path)
    try:
        data, end = reader.value(reader.space(0), ())
        end = reader.space(end)
        if end < len(reader.text):
            raise _Syntax(end, "more data after the end of the document")
    except _Syntax as err:
        raise ContentError(f"{where}:{reader.line(err.pos)}: not valid JSON: {err.message}") from None
    except BadValue as err:
        raise bad_value_error(path, err) from None
    except _Twice as err:
        raise ContentError(f"{where}:{err.second}: {err.key!r} appears twice (lines {err.first} and {err.second}); "
                           "keep one") from None
    except _Deep as err:
        raise ContentError(f"{where}:{err.line}: nested more than {MAX_DEPTH} levels deep; "
                           "content files nest a few levels") from None
    except _TooMany:
        raise too_many_values(path) from None
    return Source(Path(path), data, reader.lines)


def read_json(path: str | Path) -> Any:
    """A JSON file's data, read with the content limits (size, nesting, duplicate keys, values)."""
    return parse_json(read_text(path), Path(path)).data
