"""Read YAML or JSON into plain Python data while remembering the line of every field.

Pydantic tells us *which* field is wrong (``combatants[2].defense``); this module tells us *where*
it is in the file, so every error can read ``file:line: field: problem``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import ContentError

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
                    key = loader.construct_object(key_node, deep=True)
                    if isinstance(key, list):
                        key = tuple(key)
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
    return loader.construct_object(node, deep=True)


def parse_text(text: str, path: Path) -> Source:
    """Parse YAML (or JSON, which YAML reads too) and record the line of each field."""
    lines: dict[Path_, int] = {}
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = None if node is None else _build(loader, node, (), lines, [MAX_VALUES], set())
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        where = f"{display_path(path)}:{line}" if line else display_path(path)
        problem = (err.problem or err.context or "cannot be read").strip()
        raise ContentError(f"{where}: not valid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise ContentError(f"{display_path(path)}: not valid YAML: {str(err).splitlines()[0]}") from None
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
        raise ContentError(f"{display_path(path)}: holds more than {MAX_VALUES:,} values once YAML aliases are "
                           "expanded; content files are far smaller (split it, or write aliases out)") from None
    finally:
        loader.dispose()
    return Source(Path(path), data, lines)


def read_text(path: str | Path, max_bytes: int = MAX_BYTES) -> str:
    """A content file's text; a file larger than ``max_bytes`` is refused before it is read."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as err:
        raise ContentError(f"{display_path(p)}: cannot be read ({err.strerror})") from None
    if size > max_bytes:
        raise ContentError(f"{display_path(p)}: is {size / 1e6:.1f} MB; content files are at most "
                           f"{max_bytes / 1e6:g} MB (split a very large roster into several files)")
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ContentError(f"{display_path(p)}: not a UTF-8 text file") from None
    except OSError as err:
        raise ContentError(f"{display_path(p)}: cannot be read ({err.strerror})") from None


def read_source(path: str | Path) -> Source:
    """Read a YAML or JSON file; a missing or unreadable file is a one-line ContentError."""
    p = Path(path)
    if not p.exists():
        raise ContentError(f"{display_path(p)}: no such file")
    if p.is_dir():
        raise ContentError(f"{display_path(p)}: is a folder, expected a .yaml, .yml or .json file")
    text = read_text(p)
    if p.suffix.lower() == ".json":
        try:
            json.loads(text)
        except json.JSONDecodeError as err:
            raise ContentError(f"{display_path(p)}:{err.lineno}: not valid JSON: {err.msg}") from None
        except RecursionError:
            raise ContentError(f"{display_path(p)}: nested more than {MAX_DEPTH} levels deep; "
                               "content files nest a few levels") from None
        try:
            return parse_text(text, p)
        except ContentError:  # JSON that YAML 1.1 cannot read: keep the data, lose the lines
            return Source(p, json.loads(text), {})
    return parse_text(text, p)
