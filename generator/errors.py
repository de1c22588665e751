"""The one exception type the CLI turns into a one-line message and exit code 2.

Everything a user can get wrong (a dice expression, a content file, a map, an option value)
raises :class:`SkirmishError` (or a subclass) with a message that already names the file,
the field, the bad value and what is allowed. The CLI prints ``error: <message>`` and exits 2;
library callers can catch it and read ``.problems`` for the full list.
"""

from __future__ import annotations


class SkirmishError(Exception):
    """A user-facing error: its message is one line that says what is wrong and what is allowed.

    ``problems`` holds every problem found (validation reports all of them, not just the first);
    ``str(error)`` is the first one, so a CLI that prints one line still says something useful.
    """

    def __init__(self, message: str | None = None, problems: list[str] | None = None):
        self.problems = list(problems or ([message] if message else []))
        super().__init__(message if message is not None else (self.problems[0] if self.problems else "error"))


class DiceError(SkirmishError):
    """A dice or damage expression that cannot be parsed, or a pool too large to be sensible."""


class ContentError(SkirmishError):
    """A content or user file that does not load or does not validate."""


class MapError(SkirmishError):
    """A map file or map option that is malformed or impossible."""


class RenderError(SkirmishError):
    """A printing option (page, card size, bleed...) that cannot be honoured."""
