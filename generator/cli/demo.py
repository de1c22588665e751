"""``skirmish demo``: the main job on built-in defaults, written into ``output/demo``."""

from __future__ import annotations

from pathlib import Path

import typer

from generator.cli.common import console, examples


def demo(
    out: Path = typer.Option(Path("output/demo"), "--out", help="Folder to write into."),
    seed: int = typer.Option(1, "--seed", help="Seed for everything random in the demo."),
) -> None:
    from generator.demo import run_demo

    written = run_demo(out, seed=seed, log=lambda msg: console.print(msg))
    console.print(f"[bold]wrote {len(written)} files into {out}[/bold]")
    for path in written:
        console.print(f"  {path}")


demo.__doc__ = (
    "Run the main job on built-in defaults: odds tables, cards, a map and reference sheets in output/demo."
    + examples("skirmish demo", "skirmish demo --out /tmp/demo --seed 7")
)


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
