"""Turn pydantic validation errors into lines a wargamer can act on.

``content/bladestorm/goblins.yaml:12: combatants[2].defense: 31 is above the maximum 13 for a medium combatant``
"""

from __future__ import annotations

from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from generator.content.source import Source


def field_path(loc: Iterable[Any]) -> str:
    """``("combatants", 2, "defense")`` -> ``combatants[2].defense``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _show(value: Any) -> str:
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else f"{value[:37]!r}... ({len(value):,} characters)"
    if isinstance(value, (dict, list)):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return str(value)


def _num(value: Any) -> str:
    """A bound as a person writes it: 2000 not 2000.0."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def _allowed_fields(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> list[str] | None:
    """The field names allowed at ``loc`` (best effort, walking the model's annotations)."""
    import typing

    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        info = current.model_fields.get(part)
        if info is None:
            return None
        ann = info.annotation
        # Unwrap list[X], Optional[X], dict[str, X] to find a nested model.
        for _ in range(4):
            args = [a for a in typing.get_args(ann) if a is not type(None)]
            if isinstance(ann, type) and issubclass(ann, BaseModel):
                break
            if not args:
                break
            ann = args[-1]
        current = ann
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [name for name, f in current.model_fields.items()]
    return None


def describe_error(err: dict[str, Any], model: type[BaseModel] | None = None) -> str:
    """One pydantic error as a phrase: the bad value and what is allowed."""
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    value = err.get("input")
    msg = err.get("msg", "")
    if kind == "missing":
        return "is required but missing"
    if kind == "extra_forbidden":
        loc = tuple(err.get("loc", ()))
        allowed = _allowed_fields(model, loc[:-1])
        hint = f"; allowed fields: {', '.join(allowed)}" if allowed else ""
        return f"unknown field{hint}"
    if kind == "less_than_equal":
        return f"{_show(value)} is above the maximum {_num(ctx.get('le'))}"
    if kind == "less_than":
        return f"{_show(value)} must be below {_num(ctx.get('lt'))}"
    if kind == "greater_than_equal":
        return f"{_show(value)} is below the minimum {_num(ctx.get('ge'))}"
    if kind == "greater_than":
        return f"{_show(value)} must be above {_num(ctx.get('gt'))}"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"{_show(value)} is not a whole number"
    if kind in ("float_parsing", "float_type"):
        return f"{_show(value)} is not a number"
    if kind in ("bool_parsing", "bool_type"):
        return f"{_show(value)} is not true or false"
    if kind in ("string_type",):
        return f"{_show(value)} is not text"
    if kind in ("literal_error", "enum"):
        expected = ctx.get("expected", "")
        return f"{_show(value)} is not allowed; choose one of {expected}"
    if kind in ("too_long",):
        return f"has {ctx.get('actual_length')} entries; at most {ctx.get('max_length')} are allowed"
    if kind in ("too_short",):
        return f"has {ctx.get('actual_length')} entries; at least {ctx.get('min_length')} are needed"
    if kind in ("string_too_short",):
        return f"{_show(value)} is too short; at least {ctx.get('min_length')} characters"
    if kind in ("string_too_long",):
        return f"{_show(value)} is too long; at most {ctx.get('max_length')} characters"
    if kind in ("list_type", "tuple_type"):
        return f"expected a list, got {_show(value)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping of fields, got {_show(value)}"
    if kind == "value_error":
        return msg.removeprefix("Value error, ")
    if kind == "assertion_error":
        return msg.removeprefix("Assertion failed, ")
    return msg


def _written(data: Any, loc: tuple[Any, ...]) -> Any:
    """The value at ``loc`` in the parsed file (None when the path is not there)."""
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def format_validation_error(
    error: ValidationError, source: Source, model: type[BaseModel] | None = None, prefix: tuple[Any, ...] = ()
) -> list[str]:
    """Every problem in ``error`` as ``file:line: field: message``, in file order."""
    problems = []
    for err in error.errors(include_url=False):
        loc = prefix + tuple(err.get("loc", ()))
        path = field_path(loc)
        text = describe_error(err, model)
        written = _written(source.data, loc)
        if isinstance(written, bool) and (isinstance(err.get("input"), bool) or text.startswith(f"{int(written)} ")):
            # pydantic read the yes/no as a number and a bound refused the number: say what was written
            text = f"{str(written).lower()} is a yes/no value, not a number; give a number"
        line = source.line_of(loc) or 0
        where = source.where(loc)
        problems.append((line, f"{where}: {path}: {text}" if path else f"{where}: {text}"))
    problems.sort(key=lambda item: item[0])
    return [text for _, text in problems]
