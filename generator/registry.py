"""What the parts of the tool plug in: the game systems, and the kinds of document each one reads.

The content loader reads a file, looks at its ``system`` and ``kind`` keys and validates the rest
with the model that kind declares. The loader sits at the bottom of the tool (see
CONTRIBUTING.md), so it must not import the systems, the scenarios or the boards that own those
models: each owner registers what it owns here instead, and the loader only asks.

- ``generator.systems`` registers the five System records by name (each made on first use);
- ``generator.scenarios.decks`` and ``generator.scenarios.model`` register the two kinds every
  system shares: ``deck`` (a model) and ``scenario`` (a validator that also checks the map, the
  decks and the forces);
- ``generator.boards.mapfile`` registers the map files, which have no ``system`` key.

The owners register when they are imported. So that a file can be read before any of them is,
the package root (``generator/__init__.py``) hands this module one function that imports them;
it runs once, on the first question asked here that the registered parts cannot answer yet.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

_SYSTEMS: dict[str, Callable[[], Any]] = {}
_MADE: dict[str, Any] = {}
_KINDS: dict[str, "SharedKind"] = {}
_HEADERLESS: list["HeaderlessKind"] = []
_PROVIDE: list[Callable[[], None]] = []


class SharedKind(NamedTuple):
    """A content kind every system has. ``model`` validates the file's fields; ``validate``,
    when given, replaces that step: ``validate(source) -> model instance`` (a scenario is checked
    against its map, decks and forces, which a model alone cannot do)."""

    kind: str
    model: Any = None
    validate: Callable[[Any], Any] | None = None


class HeaderlessKind(NamedTuple):
    """A file without ``system``/``kind`` keys that a part of the tool still owns (a map):
    ``recognise(data)`` says whether parsed data is one, ``problems(path)`` lists what is wrong."""

    name: str
    recognise: Callable[[Any], bool]
    problems: Callable[[Any], list[str]]


def provide_with(load: Callable[[], None]) -> None:
    """Set the function that imports the registering parts (the package root calls this)."""
    _PROVIDE[:] = [load]


def _ensure() -> None:
    while _PROVIDE:
        _PROVIDE.pop()()


# ---- systems ----------------------------------------------------------------------------------

def register_system(name: str, make: Callable[[], Any]) -> None:
    """Register the system ``name``; ``make()`` returns its System record (called on first use,
    so naming a system costs nothing until it is played)."""
    _SYSTEMS[name] = make


def system_names() -> tuple[str, ...]:
    """The registered systems, in the order they were registered."""
    if not _SYSTEMS:
        _ensure()
    return tuple(_SYSTEMS)


def system(name: str) -> Any:
    """The System record of ``name`` (exactly as registered; callers lower-case user input)."""
    if name not in _SYSTEMS:
        _ensure()
    if name not in _MADE:
        _MADE[name] = _SYSTEMS[name]()
    return _MADE[name]


# ---- document kinds ---------------------------------------------------------------------------

def register_kind(kind: str, model: Any = None, validate: Callable[[Any], Any] | None = None) -> None:
    """Register a content kind shared by every system (see :class:`SharedKind`)."""
    _KINDS[kind] = SharedKind(kind, model, validate)


def shared_kind(kind: str) -> SharedKind | None:
    if kind not in _KINDS:
        _ensure()
    return _KINDS.get(kind)


def shared_kinds() -> tuple[str, ...]:
    _ensure()
    return tuple(_KINDS)


def register_headerless(name: str, recognise: Callable[[Any], bool], problems: Callable[[Any], list[str]]) -> None:
    """Register a file type without ``system``/``kind`` keys (see :class:`HeaderlessKind`)."""
    _HEADERLESS[:] = [h for h in _HEADERLESS if h.name != name] + [HeaderlessKind(name, recognise, problems)]


def headerless(data: Any) -> HeaderlessKind | None:
    """The registered headerless file type ``data`` is, if any."""
    _ensure()
    return next((h for h in _HEADERLESS if h.recognise(data)), None)
