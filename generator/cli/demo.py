"""``skirmish demo``: the main job on built-in defaults, written into ``output/demo``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.common import SEED_HELP, console, examples, note, seed_note


def demo(
    out: Path = typer.Option(Path("output/demo"), "--out", "-o", help="Folder to write into (it writes many files)."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
) -> None:
    from generator.demo import run_demo
    from generator.dice.rng import make_rng
    from generator.progress import spinner

    seed = make_rng(seed).seed
    with spinner("demo") as say:
        def log(message: str) -> None:
            say(message)
            note(message)

        written = run_demo(out, seed=seed, log=log)
    console.print(f"[bold]wrote {len(written)} files into {out}[/bold]")
    for path in written:
        console.print(f"  {path}")
    seed_note(seed, "make the same demo")


demo.__doc__ = (
    "Run the main job on built-in defaults: a balanced scenario per system (two different forces, map, "
    "booklet, cards) and a reference sheet per system, in output/demo."
    + examples("skirmish demo", "skirmish demo -o /tmp/demo --seed 7")
)


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
