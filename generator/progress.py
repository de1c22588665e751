"""Progress reporting for long work: one callback type for library code, one bar for the CLI.

Library functions that take a while accept ``progress: ProgressFn | None`` and call
``progress(done, total)`` as they go; they never print. The CLI passes :func:`progress_bar`'s
callback, a rich bar on stderr that stays silent when stderr is not a terminal (pipes, CI, tests)
or when the command prints ``--json``.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

ProgressFn = Callable[[int, int], None]

_STDERR = None


def stderr_console():
    """The one rich console on stderr: notes, warnings, bars and spinners share it, so a note
    printed while a bar is drawn lands above the bar instead of through it."""
    global _STDERR
    if _STDERR is None:
        from rich.console import Console

        _STDERR = Console(stderr=True, highlight=False)
    return _STDERR


def wanted(quiet: bool = False) -> bool:
    """A bar is drawn only on an interactive stderr, and never with ``--json``."""
    return not quiet and sys.stderr.isatty()


@contextmanager
def progress_bar(label: str, quiet: bool = False) -> Iterator[Optional[ProgressFn]]:
    """``with progress_bar("cards") as report: work(progress=report)``; ``report`` is None when quiet."""
    if not wanted(quiet):
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("[dim]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=stderr_console(), transient=True)
    with bar:
        task = bar.add_task(label, total=None)

        def report(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield report


@contextmanager
def spinner(label: str, quiet: bool = False) -> Iterator[Callable[[str], None]]:
    """A transient status line on stderr for work with no known length; yields ``say(message)``
    that updates it (and does nothing when quiet or stderr is not a terminal)."""
    if not wanted(quiet):
        yield lambda message: None
        return
    from rich.markup import escape

    from generator.names import printable

    with stderr_console().status(f"[dim]{escape(printable(label))}[/dim]") as status:
        yield lambda message: status.update(f"[dim]{escape(printable(label))}: {escape(printable(message))}[/dim]")
