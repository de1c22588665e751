"""``skirmish simulate``: play one battle on the board and show it."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from generator.cli.common import console, examples


def simulate(
    roster_a: Path = typer.Argument(..., help="Side A (player A of the battle): a roster, warband or team file."),
    roster_b: Path = typer.Argument(..., help="Side B: a roster of the same system."),
    battle: Optional[str] = typer.Option(None, "--battle", help="Battle card or scenario: a name or a file (default: the system's own)."),
    map_file: Optional[Path] = typer.Option(None, "--map", help="A map file to play on instead of the card's."),
    twist: Optional[str] = typer.Option(None, "--twist", help="Bladeborn/Warcry twist card by name, or 'none' (default: one drawn at random)."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Gorechosen variant (kingslayer, 2v2, time-limits, drafting, single-combat)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed: the same seed plays the same battle, byte for byte."),
    policy_a: str = typer.Option("greedy", "--policy-a", help="Who plays side A: greedy or random."),
    policy_b: str = typer.Option("greedy", "--policy-b", help="Who plays side B: greedy or random."),
    log: bool = typer.Option(False, "--log", help="Print the battle turn by turn."),
    log_json: Optional[Path] = typer.Option(None, "--log-json", help="Write the battle as JSON to this file."),
    svg: Optional[Path] = typer.Option(None, "--svg", help="Draw the final position and the paths moved to this SVG file."),
    force: bool = typer.Option(False, "--force", help="Replace existing --log-json/--svg files."),
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON (winner, victory points, rounds, seed, files written)."),
) -> None:
    from generator.boards.mapfile import load_map
    from generator.dice.rng import make_rng
    from generator.errors import SkirmishError
    from generator.files import output_file, write_atomic
    from generator.play.log import battle_text, log_json_text
    from generator.play.simulate import simulate as play_one

    for target, suffix in ((log_json, ".json"), (svg, ".svg")):  # every target checked before the battle
        if target is not None:
            if target.suffix.lower() != suffix:
                raise SkirmishError(f"{target}: the file name must end in {suffix}")
            output_file(target)  # a folder, a device or a FIFO is refused even with --force
            if target.exists() and not force:
                raise SkirmishError(f"{target}: already exists; pass --force to replace it")
    options = {"card": battle, "map": load_map(map_file) if map_file else None, "twist": twist, "variant": variant}
    rng = make_rng(seed)
    done = play_one(roster_a, roster_b, rng, options, policy_a, policy_b)
    result = done.result
    if json_out:
        pass
    elif log:
        typer.echo(battle_text(result))
    else:
        winner = {"a": "A", "b": "B"}.get(result.winner or "", "nobody")
        names = result.header.get("sides", {})
        typer.echo(f"{names.get('a', {}).get('name', 'A')} (A) vs {names.get('b', {}).get('name', 'B')} (B): "
                   f"{'draw' if result.winner is None else winner + ' wins'} after {result.rounds} round(s), "
                   + ", ".join(f"{s.upper()} {v}" for s, v in result.score.items()))
        console.print(f"[dim]{result.reason}[/dim]")
    written = []
    if log_json is not None:
        write_atomic(log_json, log_json_text(result))
        written.append(str(log_json))
        if not json_out:
            console.print(f"[dim]battle log: {log_json}[/dim]")
    if svg is not None:
        from generator.layout.battle_map import battle_svg

        board = getattr(done.battle.board, "map", None)
        if board is None:
            raise SkirmishError(f"{done.system.title}: this battle has no map to draw")
        write_atomic(svg, battle_svg(result.to_json(), board))
        written.append(str(svg))
        if not json_out:
            console.print(f"[dim]final position: {svg}[/dim]")
    if json_out:
        from generator.cli.common import print_json

        sides = result.header.get("sides", {})
        print_json({"system": result.system, "seed": result.seed, "winner": result.winner, "vp": result.score,
                    "rounds": result.rounds, "reason": result.reason,
                    "sides": {s: sides.get(s, {}).get("name") for s in ("a", "b")}, "written": written})
        return
    console.print(f"[dim]seed {rng.seed}: pass --seed {rng.seed} to play the same battle[/dim]")


simulate.__doc__ = (
    "Play one battle on the board between two rosters, by the rules, and show how it went."
    + examples(
        "skirmish simulate content/bladeborn/example-cinder-oath.yaml content/bladeborn/example-hollowmere-stalkers.yaml --seed 7 --log",
        "skirmish simulate content/warcry/example-gilded-ruin.yaml content/warcry/example-marrowfen-raiders.yaml --battle 'The Last Bridge' --twist none --log-json battle.json",
        "skirmish simulate content/gorechosen/champions.yaml content/gorechosen/example_brass_pit.yaml --variant 2v2 --seed 4 --log",
    )
)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
