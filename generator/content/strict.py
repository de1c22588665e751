"""Strict types on top of pydantic: a yes/no is not a number.

Pydantic's lax mode reads ``defense: true`` as 1 and ``units: false`` as 0, so a slip of the pen
(``true`` for ``2``) passes validation and plays a battle with the wrong numbers. Rather than turn
on strict mode (which would refuse the text a YAML file gives for enums), a validated model is
compared with the data it came from: wherever the file says ``true`` or ``false`` and the model
holds a number, that field is an error. Pydantic decides what each field is (unions and nested
models included); this only looks at what it made of the booleans.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from pydantic import BaseModel, RootModel

from generator.content.errors import field_path

Loc = tuple[Any, ...]


def _pairs(data: Any, made: Any, loc: Loc) -> Iterator[tuple[Any, Any, Loc]]:
    if isinstance(made, RootModel):
        yield data, made.root, loc
    elif isinstance(made, BaseModel) and isinstance(data, dict):
        for name, info in type(made).model_fields.items():
            for key in (info.alias, name):
                if key is not None and key in data:
                    yield data[key], getattr(made, name, None), loc + (key,)
                    break
    elif isinstance(data, dict) and isinstance(made, dict):
        for key, value in data.items():
            if key in made:
                yield value, made[key], loc + (key,)
    elif isinstance(data, (list, tuple)) and isinstance(made, (list, tuple)) and len(data) == len(made):
        for index, (value, item) in enumerate(zip(data, made)):
            yield value, item, loc + (index,)


def booleans_read_as_numbers(data: Any, made: Any, loc: Loc = ()) -> list[Loc]:
    """Every field where ``data`` holds ``true``/``false`` and the validated ``made`` a number."""
    if isinstance(data, bool):
        return [loc] if type(made) in (int, float) else []
    found: list[Loc] = []
    for value, item, where in _pairs(data, made, loc):
        found += booleans_read_as_numbers(value, item, where)
    return found


def boolean_problems(data: Any, made: Any, where: Callable[[Loc], str], prefix: Loc = ()) -> list[str]:
    """``file:line: field: true is a yes/no value, not a number`` for each such field."""
    out = []
    for loc in booleans_read_as_numbers(data, made):
        full = prefix + loc
        value = "true" if _at(data, loc) else "false"
        out.append(f"{where(full)}: {field_path(full)}: {value} is a yes/no value, not a number; give a number")
    return out


def _at(data: Any, loc: Loc) -> Any:
    for part in loc:
        data = data[part]
    return data
