"""A progress bar on stderr for long runs: shown only on a terminal, only after the first second.

Commands hand :func:`battle_progress` a total and get back a callback that counts finished
battles; ``--json`` or a pipe keeps stderr quiet, and a run shorter than a second never
flashes a bar.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator

from rich.console import Console

SHOW_AFTER_SECONDS = 1.0


@contextmanager
def battle_progress(total: int, label: str, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """Yield ``advance(n)``; draws a rich bar on stderr when stderr is a terminal and not ``quiet``."""
    console = Console(stderr=True)
    if quiet or not console.is_terminal or not sys.stderr.isatty():
        yield lambda n: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("battles"),
                   TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True)
    task = bar.add_task(label, total=total)
    started = time.monotonic()
    shown = False

    def advance(n: int) -> None:
        nonlocal shown
        bar.advance(task, n)
        if not shown and time.monotonic() - started > SHOW_AFTER_SECONDS:
            bar.start()
            shown = True

    try:
        yield advance
    finally:
        if shown:
            bar.stop()
