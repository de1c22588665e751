"""Read YAML or JSON into plain Python data while remembering the line of every field.

Pydantic tells us *which* field is wrong (``combatants[2].defense``); this module tells us *where*
it is in the file, so every error can read ``file:line: field: problem``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from generator.content.jsonsource import parse_json
from generator.content.reading import (  # noqa: F401  (re-exported: the names readers of content import from here)
    MAX_BYTES,
    MAX_DEPTH,
    MAX_INT,
    MAX_TEXT,
    MAX_VALUES,
    STDIN,
    BadValue,
    Path_,
    Source,
    file_line,
    bad_value_error,
    check_key,
    check_value,
    display_path,
    field_name,
    read_text,
    too_many_values,
)
from generator.errors import ContentError


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



def _unreadable_character(path: Path, text: str, err: "yaml.reader.ReaderError") -> ContentError:
    line = text.count("\n", 0, err.position) + 1 if isinstance(err.position, int) else None
    char = err.character if isinstance(err.character, int) else ord(err.character or "?")
    return ContentError(f"{file_line(path, line)}: not valid YAML: the character U+{char:04X} is not allowed in a "
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
        raise ContentError(f"{file_line(path, line)}: not valid YAML: {problem}") from None
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



def read_source(path: str | Path, stdin_ok: bool = False) -> Source:
    """Read a YAML or JSON file (or standard input, ``-``, when ``stdin_ok``); a missing or
    unreadable file is a one-line ContentError."""
    if stdin_ok and str(path) == "-":
        text = read_text("-", stdin_ok=True)
        if text.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
            return parse_json(text, STDIN)
        return parse_text(text, STDIN)
    p = Path(path)
    if not os.path.lexists(p):
        raise ContentError(f"{display_path(p)}: no such file")
    if p.is_dir():
        raise ContentError(f"{display_path(p)}: is a folder, expected a .yaml, .yml or .json file")
    text = read_text(p)
    if p.suffix.lower() == ".json":
        return parse_json(text, p)
    return parse_text(text, p)
