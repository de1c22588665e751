"""The root Typer app, its global options, and the error boundary.

Every command group lives in its own module with a ``register(app)`` function; this module
lists them. ``main`` runs the app so that any :class:`SkirmishError` or usage error becomes one
line on stderr and exit code 2 -- never a traceback.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Optional

import typer

from generator import __version__
from generator.cli import _click as click
from generator.errors import SkirmishError
from generator.text import printable

app = typer.Typer(
    name="skirmish",
    help=(
        "Build fair fighters, print them on cards, and lay out balanced battles for Bladeborn, "
        "Warcry, Gorechosen, Bladestorm and SagaBorn Battles.\n\n"
        "Examples:\n\n"
        "  skirmish demo\n\n"
        "  skirmish odds bladestorm --attack 3D6+4 --defense 7 --damage High+2"
    ),
    rich_markup_mode="rich",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Modules that add commands; each has ``register(app: typer.Typer) -> None``.
COMMAND_MODULES: tuple[str, ...] = (
    "generator.cli.demo",
    "generator.cli.roll",
    "generator.cli.odds",
    "generator.cli.content_cmds",
    "generator.cli.create",
    "generator.cli.cost",
    "generator.cli.balance",
    "generator.cli.simulate",
    "generator.cli.scenario",
    "generator.cli.maps",
    "generator.cli.cards",
    "generator.cli.booklet",
    "generator.cli.campaign",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"skirmish {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Optional[bool] = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    content: Optional[Path] = typer.Option(
        None,
        "--content",
        help="Your own content folder; its files override or extend the built-in content/.",
        envvar="SKIRMISH_CONTENT",
    ),
) -> None:
    """Build fair fighters, print them, and lay out balanced battles."""
    if content is not None:
        from generator.content import set_user_content_dir

        if content.exists() and not content.is_dir():  # said once here, not by every read after
            raise SkirmishError(f"--content {content}: is a file, give a folder (your content folder, "
                                "laid out like the built-in content/)")
        if not content.exists():
            raise SkirmishError(f"--content {content}: no such folder")
        set_user_content_dir(content)


for _name in COMMAND_MODULES:
    importlib.import_module(_name).register(app)


def _prog_name(ctx) -> str:
    return ctx.command_path if ctx is not None else "skirmish"


def _short(message: str) -> str:
    """An error line a person can read: a run of more than 200 characters without a space (a
    pasted 5,000-digit number, a runaway expression) is shown by its start and its length."""
    import re

    return re.sub(r"(\S{200,}?)([\"':,;.)\]]*)(?=\s|$)",
                  lambda m: f"{m.group(1)[:40]}... ({len(m.group(1)):,} characters){m.group(2)}", message)


def _option_message(err) -> str:
    """Click's message, with the bad value echoed: Typer checks option values with pydantic,
    whose messages ("Input should be a valid integer") do not say what was typed."""
    cause = err.__cause__
    problems = cause.errors(include_url=False) if hasattr(cause, "errors") else []
    hint = getattr(err, "param_hint", None) or getattr(getattr(err, "param", None), "opts", [None])[0]
    if not problems or hint is None:
        return err.format_message()
    problem = problems[0]
    typed = str(problem.get("input"))
    shown = repr(typed) if len(typed) <= 40 else f"{typed[:20]!r}... ({len(typed):,} characters)"
    kind, ctx = problem.get("type", ""), problem.get("ctx") or {}
    name = hint if isinstance(hint, str) else "/".join(hint)
    if typed.strip().lower().lstrip("+-") in ("nan", "inf", "infinity"):
        what = "is not a finite number"
    elif kind.startswith("int_parsing"):
        what = "is not a whole number" if kind == "int_parsing" else "has too many digits to be a number"
    elif kind.startswith("float_parsing"):
        what = "is not a number"
    elif kind in ("less_than_equal", "less_than"):
        what = f"is above the maximum {ctx.get('le', ctx.get('lt'))}"
    elif kind in ("greater_than_equal", "greater_than"):
        what = f"is below the minimum {ctx.get('ge', ctx.get('gt'))}"
    else:
        what = f"is not allowed ({problem.get('msg', '')})"
    bounds = [f"{k} {ctx[k]}" for k in ("ge", "gt", "le", "lt") if k in ctx]
    allowed = "" if kind in ("less_than_equal", "less_than", "greater_than_equal", "greater_than") or not bounds else \
        f" (allowed: {', '.join(bounds)})"
    return f"Invalid value for {name!r}: {shown} {what}{allowed}"


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run the app, turn user errors into one line and exit 2."""
    command = typer.main.get_command(app)
    try:
        # Without standalone mode Click returns the code of a ``typer.Exit(code)`` instead of exiting.
        code = command.main(args=argv, prog_name="skirmish", standalone_mode=False)
        if code == 130:  # Typer turns Ctrl-C into exit code 130
            typer.echo("interrupted", err=True)
        if isinstance(code, int) and code:
            sys.exit(code)
    except click.Exit as stop:
        if stop.exit_code == 130:  # Typer's answer to Ctrl-C
            typer.echo("interrupted", err=True)
        sys.exit(stop.exit_code)
    except click.Abort:
        typer.echo("aborted", err=True)
        sys.exit(1)
    except click.UsageError as err:
        if type(err).__name__ == "NoArgsIsHelpError":  # help was already printed
            sys.exit(0)
        typer.echo(f"error: {printable(_prog_name(err.ctx))}: {_short(printable(_option_message(err)))}", err=True)
        sys.exit(2)
    except click.ClickException as err:
        typer.echo(f"error: {_short(printable(err.format_message()))}", err=True)
        sys.exit(2)
    except SkirmishError as err:
        typer.echo(f"error: {_short(printable(str(err)))}", err=True)
        sys.exit(2)
    except OSError as err:  # the file system said no (permission, full disk, name too long): the user's to fix
        where = f"{err.filename}: " if getattr(err, "filename", None) else ""
        typer.echo(f"error: {printable(f'{where}{err.strerror or err}')}", err=True)
        sys.exit(2)
    except RecursionError:
        typer.echo("error: the input is nested too deeply to be read", err=True)
        sys.exit(2)
    except ValueError as err:
        if "integer string conversion" not in str(err):  # Python's 4,300-digit limit: the input's fault
            _internal(err)
        typer.echo("error: a number in the input has more than 4,300 digits; give an ordinary number", err=True)
        sys.exit(2)
    except KeyboardInterrupt:  # Ctrl-C: one line, the conventional 130; atomic writes left nothing half done
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        os._exit(0)
    except Exception as err:  # a bug, not bad input: one line unless asked for the traceback
        _internal(err)
    sys.exit(0)


def _internal(err: Exception) -> None:
    if os.environ.get("SKIRMISH_DEBUG"):
        raise err
    typer.echo(f"error: internal error: {type(err).__name__}: {printable(str(err))[:300]} "
               "(set SKIRMISH_DEBUG=1 to see the traceback)", err=True)
    sys.exit(1)
