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

    from generator.text import printable

    with stderr_console().status(f"[dim]{escape(printable(label))}[/dim]") as status:
        yield lambda message: status.update(f"[dim]{escape(printable(label))}: {escape(printable(message))}[/dim]")


#: Battles a second one core plays, greedy against greedy, for a first guess at how long a search
#: takes (``python benchmarks/bench_balance.py`` on the shared 2-core machine, other jobs
#: running; an idle machine is faster). The guess is printed at the start, then corrected from
#: the battles as they are played.
BATTLES_PER_SECOND = {"bladeborn": 45.0, "warcry": 45.0, "gorechosen": 400.0, "bladestorm": 190.0, "sagaborn": 10.0}


def expected_seconds(system: str, battles: int, workers: int) -> float:
    return battles / (BATTLES_PER_SECOND.get(system, 40.0) * max(1, workers))


def duration_words(seconds: float) -> str:
    """``about 40 seconds``, ``about 3 minutes``, ``about 1.5 hours``."""
    if seconds < 90:
        return f"about {max(5, 5 * round(seconds / 5)):.0f} seconds"
    if seconds < 5400:
        return f"about {round(seconds / 60):.0f} minutes"
    return f"about {seconds / 3600:.1f} hours"


def clock(seconds: float) -> str:
    """``12 s``, ``3 min 20 s``: time so far, as a log line gives it."""
    seconds = int(round(seconds))
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min {seconds % 60:02d} s"


class Stages:
    """Progress of a long search, one line per stage.

    On a terminal the stages go to a transient status line and the battles to a bar; anywhere
    else (a pipe, a log file, CI) each stage is one line on stderr with the time so far, and the
    battles a line at each quarter, so a run of minutes is never silent. ``quiet`` (``--json``,
    ``--quiet``) prints nothing."""

    def __init__(self, label: str, expected_battles: int, expected: float, quiet: bool = False):
        import time

        self.label, self.total, self.quiet = label, max(1, expected_battles), quiet
        self.done, self.next_quarter = 0, 1
        self.started = time.monotonic()
        self.terminal = sys.stderr.isatty()
        self._bar = self._task = self._status = None
        # held back until the first battle is played: bad input found while setting up stays a
        # one-line error, with nothing printed before it
        self._held: list[str] | None = []
        if not quiet:
            self._line(f"{label}: up to {expected_battles:,} battles, {duration_words(expected)} expected")

    def _line(self, text: str) -> None:
        if self._held is not None:
            self._held.append(text)
            return
        from rich.markup import escape

        from generator.text import printable

        stderr_console().print(f"[dim]{escape(printable(text))}[/dim]", soft_wrap=True, highlight=False)

    def _release(self) -> None:
        held, self._held = self._held, None
        for text in held or []:
            self._line(text)

    def elapsed(self) -> float:
        import time

        return time.monotonic() - self.started

    def say(self, stage: str) -> None:
        if self.quiet:
            return
        if self._bar is not None:
            from rich.markup import escape

            from generator.text import printable

            self._bar.update(self._task, description=escape(printable(f"{self.label}: {stage}")))
        else:
            self._line(f"{self.label}: {stage} ({clock(self.elapsed())} so far)")

    def advance(self, n: int) -> None:
        self.done += n
        if self.quiet:
            return
        if self._held is not None:
            self._release()
        if self._bar is not None:
            self._bar.update(self._task, completed=self.done, total=max(self.total, self.done))
            return
        while self.next_quarter < 4 and self.done >= self.total * self.next_quarter / 4:
            self._line(f"{self.label}: {self.done:,} battles played ({clock(self.elapsed())})")
            self.next_quarter += 1

    def __enter__(self) -> "Stages":
        if not self.quiet and self.terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._bar = Progress(TextColumn("[dim]{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=stderr_console(), transient=True)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=self.total)
        return self

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)
            self._bar = None
        if exc[0] is not None:
            return
        self._release()
        if not self.quiet:
            self._line(f"{self.label}: done, {self.done:,} battles in {clock(self.elapsed())}")
