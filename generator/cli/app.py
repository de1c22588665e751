"""The root Typer app, its global options, and the error boundary.

Every command group lives in its own module with a ``register(app)`` function; this module
lists them, and imports a module only when one of its commands runs. ``main`` runs the app so
that any :class:`SkirmishError` or usage error becomes one line on stderr and exit code 2 --
never a traceback.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperCommand, TyperGroup

from generator import __version__
from generator.cli import _click as click
from generator.errors import SkirmishError
from generator.text import printable

#: Every command, in the order the help lists them: its name, the module whose ``register(app)``
#: adds it, and the line the root help shows for it (the first paragraph of its own help; a test
#: checks that the two agree). A module is imported only when one of its commands is run, asked for
#: its help or completed, so ``skirmish --help`` and every command start without importing the
#: others (numpy, shapely, reportlab and the battle engines come with the commands that use them).
COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("generator.cli.demo",
             "Run the main job on built-in defaults: a balanced scenario per system (two different forces, "
             "map, booklet, cards) and a reference sheet per system, in output/demo."),
    "roll": ("generator.cli.roll", "Roll dice and show each die and the total."),
    "systems": ("generator.cli.content_cmds",
                "List the systems and the built-in rosters and maps, by the names you can type."),
    "validate": ("generator.cli.content_cmds",
                 "Check content or user files against each system's limits; lists every problem with file and line."),
    "show": ("generator.cli.content_cmds", "Show combatants as readable text cards in the terminal."),
    "schema": ("generator.cli.content_cmds",
               "Print the JSON Schema of SYSTEM's roster file, generated from the models that validate it, so an "
               "editor can complete and check rosters as you type (docs/rosters.md)."),
    "cost": ("generator.cli.cost",
             "Price every combatant with its system's cost model: itemised breakdown and total."),
    "balance": ("generator.cli.balance",
                "Play two forces against each other on the board, seats alternating, until a sequential test says "
                "whether A's score lies inside 45-55% (balanced) or outside it (not balanced)."),
    "calibrate": ("generator.cli.balance",
                  "Build random forces at one budget, play a round robin on the board, fit a Bradley-Terry strength "
                  "per force, and report how well the system's prices predict the results."),
    "simulate": ("generator.cli.simulate",
                 "Play one battle on the board between two rosters, by the rules, and show how it went."),
    "scenario": ("generator.cli.scenario",
                 "Generate a balanced random scenario (fair map, deployment, objectives, victory, twist, two even "
                 "forces) and write it with its printable booklet."),
    "cards": ("generator.cli.cards",
              "Print cards for ROSTER files: N-up sheets at exact size, with bleed, crop marks and duplex backs."),
    "sheet": ("generator.cli.cards",
              "A one- or two-page quick reference for SYSTEM, with charts drawn from the exact odds."),
    "booklet": ("generator.cli.booklet",
                "Print the booklet of SCENARIO: set-up, true-scale map, forces, cards, balance report, reference."),
    "odds": ("generator.cli.odds",
             "Exact odds of one attack: hit chance, expected damage, damage distribution, kill chance."),
    "create": ("generator.cli.create",
               "Build combatants at random or with a calculator; save them as content files."),
    "map": ("generator.cli.maps",
            "Check map files: line of sight between hexes, connectivity, zones and fairness."),
    "campaign": ("generator.cli.campaign",
                 "Bladeborn campaigns: connected battles between two rivals, with convergences, artefacts of power, "
                 "rewards and lesser artefacts, by the book's steps. A campaign lives in a folder: campaign.yaml (the "
                 "campaign itself, which you may edit) and a booklet for each battle."),
}


class LazyCommands(TyperGroup):
    """The root command group: lists every command of :data:`COMMANDS`, and builds a command (imports
    its module and lets Typer read its options) only when that command is resolved. The root help
    shows each command by its line in the table."""

    def list_commands(self, ctx) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx, name: str):
        if name in self.commands:
            return self.commands[name]
        if name in COMMANDS:  # listed in a help: a stand-in with the command's line
            return TyperCommand(name, help=COMMANDS[name][1])
        return None

    def resolve_command(self, ctx, args):
        if args and args[0] in COMMANDS:
            self.load(args[0])
        elif args and not args[0].startswith("-"):  # a typo: load all, so the error can suggest a name
            self.load_all()
        return super().resolve_command(ctx, args)

    def load(self, name: str) -> None:
        """Build the commands of ``name``'s module (a module may add several) into this group."""
        if name in self.commands:
            return
        module = typer.Typer(rich_markup_mode="rich")
        importlib.import_module(COMMANDS[name][0]).register(module)
        for added, command in typer.main.get_group(module).commands.items():
            self.commands.setdefault(added, command)

    def load_all(self) -> "LazyCommands":
        for name in COMMANDS:
            self.load(name)
        return self


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
    cls=LazyCommands,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

def root_command() -> LazyCommands:
    """The root group with every command built: for walking the whole command tree (tests, docs)."""
    return typer.main.get_command(app).load_all()


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
