"""Small helpers shared by command modules: the conventions every command follows.

One place for the options that recur (``--out/-o``, ``--force``, ``--json``, ``--format``,
``--page``, ``--dpi``, ``--seed``), for informational lines (stderr, muted, never "error:"),
and for JSON output. docs/cli.md writes the conventions down; tests/cli/test_conventions.py
walks the app and checks them.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Optional

import typer
from rich.console import Console

from generator.text import printable
from generator.progress import stderr_console

console = Console(highlight=False)
#: Informational lines: stderr, muted, so stdout stays the command's result (the console that
#: progress bars use too).
note_console = stderr_console()

#: The one PNG resolution default (cards, map render, sheets' previews).
DEFAULT_DPI = 150
#: Paper names every --page accepts (content/layout/pages.yaml; a --content copy may add more).
PAGE_HELP = "Paper: a4, a3, letter or poster (or any name in layout/pages.yaml)."
#: The help every --seed option shares.
SEED_HELP = "Seed for a repeatable run (default: a random one, printed so the run can be repeated)."


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def shown(text: Any) -> str:
    """Text from a file (a name, a path) made safe to print inside rich markup: control
    characters escaped (:func:`generator.text.printable`) and ``[`` escaped so a name such as
    ``[link=...]`` is printed, not obeyed."""
    from rich.markup import escape

    return escape(printable(str(text)))


def note(message: str) -> None:
    """An informational line: stderr, dim, no 'error:' or 'warning:' prefix."""
    note_console.print(f"[dim]{shown(message)}[/dim]", soft_wrap=True)


def warn(message: str) -> None:
    """A warning: stderr, one line starting with 'warning:'."""
    typer.echo(f"warning: {printable(message)}", err=True)


def seed_note(seed: int, what: str = "do the same again") -> None:
    note(f"seed {seed}: pass --seed {seed} to {what}")


def list_values(values: Optional[Iterable[str]], option: str, allowed: Iterable[str] | None = None) -> list[str]:
    """A repeatable option's values (``--format pdf --format png``); a comma list in one value is
    split too, for old scripts. Checked against ``allowed`` with a one-line error."""
    from generator.errors import SkirmishError

    out: list[str] = []
    for value in values or []:
        out.extend(part.strip() for part in str(value).split(",") if part.strip())
    if allowed is not None:
        allowed = list(allowed)
        for value in out:
            if value.lower() not in allowed:
                raise SkirmishError(f"{option} {value!r}: choose one of {', '.join(allowed)} (repeat {option} for several)")
        out = [v.lower() for v in out]
    return list(dict.fromkeys(out))


def examples(*lines: str) -> str:
    """The closing 'Examples' block of a command's help text."""
    return "\n\nExamples:\n\n" + "\n\n".join(f"  {line}" for line in lines)


def cli_jobs(jobs: int | None) -> int:
    """``--jobs`` as the battles will run: at most one process per core of this machine (more only
    queue for the same cores and cost memory), said on stderr when a larger number was asked for."""
    from generator.balance.runner import check_jobs, machine_cores

    if jobs is not None and jobs > machine_cores():
        check_jobs(jobs)  # the usual error for a number below 1
        note(f"--jobs {jobs}: this machine has {machine_cores()} core{'s' if machine_cores() != 1 else ''}; "
             f"using {machine_cores()}")
    return check_jobs(jobs)
