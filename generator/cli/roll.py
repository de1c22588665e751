"""``skirmish roll``: roll a dice expression and show every die."""

from __future__ import annotations

from typing import Optional

import typer

from generator.cli.common import SEED_HELP, examples, print_json, seed_note
from generator.errors import SkirmishError


def roll(
    expression: str = typer.Argument(..., help="Dice to roll, e.g. 3D6+4, 2D6+D10+3, or D% for a percentile Chance roll."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    times: int = typer.Option(1, "--times", min=1, max=10000, help="How many times to roll."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
) -> None:
    from generator.dice.bladestorm import parse_roll, roll_chance
    from generator.dice.rng import make_rng

    rng = make_rng(seed)
    expr = parse_roll(expression)
    results = []
    for _ in range(times):
        if expr.groups == ((1, 100),) and expr.modifier == 0:
            tens, ones, value = roll_chance(rng)
            results.append({"dice": [tens, ones], "total": value, "text": f"D%: tens {tens}, ones {ones} = {value}"})
        else:
            rolled = expr.roll(rng)
            results.append({"dice": rolled.values, "total": rolled.total, "text": rolled.describe()})
    if json_out:
        print_json({"expression": str(expr), "seed": rng.seed, "rolls": [{k: r[k] for k in ("dice", "total")} for r in results]})
        return
    for r in results:
        typer.echo(r["text"])
    seed_note(rng.seed, "roll the same again")


roll.__doc__ = "Roll dice and show each die and the total." + examples(
    "skirmish roll 2D6+D10+3 --seed 7", "skirmish roll 3D6-2 --times 5"
)


def register(app: typer.Typer) -> None:
    app.command("roll")(roll)


__all__ = ["register", "SkirmishError"]
