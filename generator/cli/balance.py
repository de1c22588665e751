"""``skirmish balance``: do two rosters priced alike win alike?"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.common import SEED_HELP, console, examples, print_json, seed_note


def balance(
    roster_a: Path = typer.Argument(..., help="Side A: a roster, warband or team file, or a built-in name."),
    roster_b: Path = typer.Argument(..., help="Side B: a roster of the same system."),
    battles: int = typer.Option(1000, "--battles", min=1, max=100_000, help="How many battles to simulate."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    confidence: float = typer.Option(0.95, "--confidence", min=0.5, max=0.999, help="Confidence of the intervals."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from generator.balance.matchup import simulate_matchup
    from generator.dice.rng import make_rng

    from generator.progress import progress_bar

    with progress_bar("battles", quiet=json_out) as report:
        matchup = simulate_matchup(roster_a, roster_b, make_rng(seed), battles, confidence, progress=report)
    if json_out:
        print_json(matchup.to_json())
        return
    name_a, name_b = matchup.names
    console.print(f"[bold]{name_a}[/bold] ({matchup.cost_label(0)}) vs [bold]{name_b}[/bold] ({matchup.cost_label(1)})")
    for line in matchup.result.lines(name_a, name_b):
        console.print("  " + line)
    seed_note(matchup.seed, "play the same battles")


balance.__doc__ = (
    "Simulate battles between two rosters and report win rates with confidence intervals next to their costs."
    + examples(
        "skirmish balance bladestorm/warriors-of-ash-goblins bladestorm/warriors-of-ash-sea-troll --seed 1",
        "skirmish balance sagaborn/house-vareth sagaborn/driftborn --battles 2000 --json",
    )
)


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
