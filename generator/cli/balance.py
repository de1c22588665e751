"""``skirmish balance``: do two rosters priced alike win alike?"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.common import console, examples, print_json


def balance(
    roster_a: Path = typer.Argument(..., help="Side A: a roster, warband or team file."),
    roster_b: Path = typer.Argument(..., help="Side B: a roster of the same system."),
    battles: int = typer.Option(1000, "--battles", min=1, max=100_000, help="How many battles to simulate."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed: the same seed plays the same battles."),
    confidence: float = typer.Option(0.95, "--confidence", min=0.5, max=0.999, help="Confidence of the intervals."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    from generator.balance.matchup import simulate_matchup
    from generator.dice.rng import make_rng

    matchup = simulate_matchup(roster_a, roster_b, make_rng(seed), battles, confidence)
    if json_out:
        print_json(matchup.to_json())
        return
    name_a, name_b = matchup.names
    console.print(f"[bold]{name_a}[/bold] ({matchup.cost_label(0)}) vs [bold]{name_b}[/bold] ({matchup.cost_label(1)})")
    for line in matchup.result.lines(name_a, name_b):
        console.print("  " + line)
    console.print(f"[dim]seed {matchup.seed}: pass --seed {matchup.seed} to play the same battles[/dim]")


balance.__doc__ = (
    "Simulate battles between two rosters and report win rates with confidence intervals next to their costs."
    + examples(
        "skirmish balance content/bladestorm/warriors-of-ash-goblins.yaml content/bladestorm/warriors-of-ash-sea-troll.yaml --seed 1",
        "skirmish balance content/sagaborn/house-vareth.yaml content/sagaborn/driftborn.yaml --battles 2000 --json",
    )
)


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
