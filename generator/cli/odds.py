"""``skirmish odds SYSTEM``: exact odds of one attack, as a table or as JSON."""

from __future__ import annotations

from typing import Optional

import typer
from rich.table import Table

from generator.cli.common import console, examples, print_json
from generator.dice import AttackOdds, fraction_text
from generator.dice import attacks as attack_dice
from generator.dice import battle_dice, bladestorm, gorechosen
from generator.errors import DiceError
from generator.progress import spinner

odds_app = typer.Typer(
    help="Exact odds of one attack: hit chance, expected damage, damage distribution, kill chance."
    + examples(
        "skirmish odds bladestorm --attack 3D6+4 --defense 7 --damage High+2",
        "skirmish odds warcry --attacks 4 --strength 4 --damage 2/4 --toughness 4 --json",
    ),
    no_args_is_help=True,
)

JSON_OPT = typer.Option(False, "--json", help="Print one JSON object (floats and exact p/q strings).")


def show(title: str, odds: AttackOdds, kill: int | None, json_out: bool, inputs: dict) -> None:
    if json_out:
        data = {"system": title.split()[0].lower(), "inputs": inputs}
        data.update(odds.to_json(kill))
        print_json(data)
        return
    summary = Table(title=title, show_header=False, title_justify="left")
    summary.add_column("what")
    summary.add_column("value", justify="right")
    summary.add_column("exact", justify="right", style="dim")
    summary.add_row("hit chance", f"{float(odds.hit_probability):.2%}", fraction_text(odds.hit_probability))
    summary.add_row("expected damage", f"{float(odds.expected_damage):.3f}", fraction_text(odds.expected_damage))
    if kill is not None:
        p = odds.kill_probability(kill)
        summary.add_row(f"kill chance ({kill} to kill)", f"{float(p):.2%}", fraction_text(p))
    console.print(summary)
    table = Table(title="Damage distribution", title_justify="left")
    table.add_column("damage", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("at least", justify="right")
    table.add_column("", no_wrap=True)
    remaining = 1.0
    for value, p in odds.damage.items():
        table.add_row(str(value), f"{float(p):.2%}", f"{remaining:.2%}", "#" * round(float(p) * 40))
        remaining -= float(p)
    console.print(table)


@odds_app.command("bladestorm")
def odds_bladestorm(
    attack: str = typer.Option(..., "--attack", help="Melee Attack dice, e.g. 3D6+4 or 2D6+D10+3."),
    defense: int = typer.Option(..., "--defense", min=0, help="Target's Defense: the attack hits when the roll exceeds it."),
    damage: str = typer.Option("High", "--damage", help="Melee Damage: High, Low or High+Low with +N, -N, xN."),
    endurance: Optional[int] = typer.Option(None, "--endurance", "--kill", min=1, help="Target's Endurance left, for the kill chance."),
    json_out: bool = JSON_OPT,
) -> None:
    """Bladestorm: an attack roll against Defense, then High/Low damage from the same dice.""" + ""
    roll = bladestorm.parse_roll(attack)
    dmg = bladestorm.parse_damage(damage)
    with spinner("working out the exact odds", quiet=json_out):
        odds = bladestorm.attack_odds(roll, defense, dmg)
    show(f"Bladestorm {roll} vs Defense {defense}, damage {dmg}", odds, endurance, json_out,
         {"attack": str(roll), "defense": defense, "damage": str(dmg)})


def _warband_odds(system: str, attacks: int, strength: int, damage: str, toughness: int, wounds: Optional[int], json_out: bool) -> None:
    hit, crit = attack_dice.parse_damage_pair(damage)
    with spinner("working out the exact odds", quiet=json_out):
        odds = attack_dice.attack_odds(attacks, strength, toughness, hit, crit)
    need = attack_dice.hit_threshold(strength, toughness)
    show(f"{system.title()} {attacks} attacks S{strength} vs T{toughness} (hits on {need}+), damage {hit}/{crit}",
         odds, wounds, json_out,
         {"attacks": attacks, "strength": strength, "toughness": toughness, "damage": f"{hit}/{crit}"})


def _make_warband_command(system: str):
    def command(
        attacks: int = typer.Option(..., "--attacks", min=0, max=100, help="Attacks characteristic: dice rolled."),
        strength: int = typer.Option(..., "--strength", min=1, help="Weapon Strength."),
        damage: str = typer.Option(..., "--damage", help="Damage hit/crit, e.g. 2/4."),
        toughness: int = typer.Option(..., "--toughness", min=1, help="Target's Toughness."),
        wounds: Optional[int] = typer.Option(None, "--wounds", "--kill", min=1, help="Target's wounds left, for the kill chance."),
        json_out: bool = JSON_OPT,
    ) -> None:
        _warband_odds(system, attacks, strength, damage, toughness, wounds, json_out)

    command.__doc__ = (
        f"{system.title()}: one attack action; 3+/4+/5+ to hit by Strength against Toughness, 6s are critical."
        + examples(f"skirmish odds {system} --attacks 4 --strength 4 --damage 2/4 --toughness 4")
    )
    return command


odds_app.command("bladeborn")(_make_warband_command("bladeborn"))
odds_app.command("warcry")(_make_warband_command("warcry"))


@odds_app.command("sagaborn")
def odds_sagaborn(
    attack: int = typer.Option(..., "--attack", min=0, max=100, help="Attack dice (d8 battle dice)."),
    defense: int = typer.Option(..., "--defense", min=0, max=100, help="Defense dice."),
    hp: Optional[int] = typer.Option(None, "--hp", "--kill", min=1, help="Target's HP left, for the kill chance."),
    json_out: bool = JSON_OPT,
) -> None:
    """SagaBorn: battle dice; shields cancel hits before crits, crits deal 2.

    The hit chance is the chance of at least 1 damage.

    Examples:

      skirmish odds sagaborn --attack 4 --defense 3
    """
    with spinner("working out the exact odds", quiet=json_out):
        odds = battle_dice.attack_odds(attack, defense)
    show(f"SagaBorn {attack} attack dice vs {defense} defense dice", odds, hp, json_out, {"attack": attack, "defense": defense})


@odds_app.command("gorechosen")
def odds_gorechosen(
    dice: int = typer.Option(..., "--dice", min=0, max=100, help="Dice rolled by the attack action."),
    to_hit: int = typer.Option(..., "--to-hit", help="To Hit value (2-6): each dice scoring it or more hits."),
    wounds: int = typer.Option(..., "--wounds", min=0, help="Wounds inflicted per hit."),
    health: Optional[int] = typer.Option(None, "--health", "--kill", min=1, help="Target's health left, for the kill chance."),
    json_out: bool = JSON_OPT,
) -> None:
    """Gorechosen: N dice at a To Hit value, each hit inflicting the Wounds value.

    Examples:

      skirmish odds gorechosen --dice 3 --to-hit 4 --wounds 3
    """
    if not 2 <= to_hit <= 6:
        raise DiceError(f"--to-hit: {to_hit} is not a To Hit value; use 2 to 6")
    with spinner("working out the exact odds", quiet=json_out):
        odds = gorechosen.attack_odds(dice, to_hit, wounds)
    show(f"Gorechosen {dice} dice hitting on {to_hit}+ for {wounds} wounds", odds, health, json_out,
         {"dice": dice, "to_hit": to_hit, "wounds": wounds})


odds_bladestorm.__doc__ = (
    "Bladestorm: an attack roll against Defense, then High/Low damage from the same dice."
    + examples("skirmish odds bladestorm --attack 3D6+4 --defense 7 --damage High+2",
               "skirmish odds bladestorm --attack 2D6+D10+3 --defense 10 --damage High+Low+2 --endurance 51 --json")
)


def register(app: typer.Typer) -> None:
    app.add_typer(odds_app, name="odds")
