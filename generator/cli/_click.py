"""Click's exception classes, wherever this Typer keeps them.

Typer 0.29 vendors Click as ``typer._click`` (with ``Exit``/``Abort`` in ``typer.exceptions``);
older releases depend on ``click`` itself. The error boundary in :mod:`generator.cli.app` needs
the classes either way.
"""

try:  # Typer >= 0.29 ships its own copy of Click.
    from typer._click.exceptions import ClickException, UsageError  # type: ignore
    from typer.exceptions import Abort, Exit  # type: ignore
except ImportError:  # pragma: no cover - older Typer
    from click.exceptions import Abort, ClickException, Exit, UsageError  # type: ignore

__all__ = ["Abort", "ClickException", "Exit", "UsageError"]
