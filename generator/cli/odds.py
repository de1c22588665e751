"""``skirmish odds SYSTEM``: exact odds of one attack, as a table or as JSON."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Optional

import typer
from rich.table import Table
from rich.text import Text

from generator.cli.common import console, examples, print_json
from generator.errors import DiceError
from generator.progress import spinner

if TYPE_CHECKING:
    from generator.dice import AttackOdds

odds_app = typer.Typer(
    help="Exact odds of one attack: hit chance, expected damage, damage distribution, kill chance."
    + examples(
        "skirmish odds bladestorm --attack 3D6+4 --defense 7 --damage High+2",
        "skirmish odds warcry --attacks 4 --strength 4 --damage 2/4 --toughness 4 --json",
    ),
    no_args_is_help=True,
)

JSON_OPT = typer.Option(False, "--json", help="Print one JSON object (floats and exact p/q strings).")


EXACT_CHARS = 21  # a longer exact fraction is shortened in the table (JSON prints it whole)


def short_fraction(value) -> str:
    """The exact fraction as printed in a table: whole when short, else each side cut to its first
    and last digits (``1267…5375/1267…5376``); the value column beside it has the float."""
    from generator.dice import fraction_text

    text = fraction_text(value)
    if len(text) <= EXACT_CHARS:
        return text

    def cut(digits: str) -> str:
        return digits if len(digits) <= 9 else f"{digits[:4]}\u2026{digits[-4:]}"

    num, _, den = text.partition("/")
    return f"{cut(num)}/{cut(den)}" if den else cut(num)


def percent2(p) -> str:
    """A chance to two decimals that never claims a certainty it does not have."""
    x = float(p)
    if 0 < p and x < 0.00005:
        return "<0.01%"
    if p < 1 and x >= 0.99995:
        return ">99.99%"
    return f"{x:.2%}"


def show(title: str, odds: AttackOdds, kill: int | None, json_out: bool, inputs: dict,
         kill_name: str = "wounds") -> None:
    """Print the odds; ``kill_name`` is what the system calls what is left to kill (endurance, hp...)."""
    from generator.dice import fraction_text

    if json_out:
        data = {"system": title.split()[0].lower(), "inputs": inputs}
        data.update({(kill_name if key == "wounds" else key): value for key, value in odds.to_json(kill).items()})
        print_json(data)
        return
    # the title is its own line: as a table title it wrapped to the narrow table, mid-phrase
    console.print(Text(title, style="bold"))
    summary = Table(show_header=False)
    # fold, never cut with an ellipsis: a number that is cut is a wrong number
    summary.add_column("what", overflow="fold")
    summary.add_column("value", justify="right", no_wrap=True, min_width=7)
    summary.add_column("exact", justify="right", style="dim", overflow="fold")
    summary.add_row("hit chance", percent2(odds.hit_probability), short_fraction(odds.hit_probability))
    summary.add_row("expected damage", f"{float(odds.expected_damage):.3f}", short_fraction(odds.expected_damage))
    if kill is not None:
        p = odds.kill_probability(kill)
        summary.add_row(f"kill chance ({kill} {kill_name} to kill)", percent2(p), short_fraction(p))
    console.print(summary)
    exact = [odds.hit_probability, odds.expected_damage] + ([odds.kill_probability(kill)] if kill is not None else [])
    if any(len(fraction_text(v)) > EXACT_CHARS for v in exact):
        console.print(Text("Long exact fractions are shortened here; --json prints them whole.", style="dim"))
    table = Table(title="Damage distribution", title_justify="left")
    table.add_column("damage", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("at least", justify="right")
    table.add_column("", no_wrap=True)
    remaining = Fraction(1)
    for value, p in odds.damage.items():
        table.add_row(str(value), percent2(p), percent2(remaining), "#" * round(float(p) * 40))
        remaining -= p
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
    from generator.dice import bladestorm

    roll = bladestorm.parse_roll(attack)
    dmg = bladestorm.parse_damage(damage)
    with spinner("working out the exact odds", quiet=json_out):
        odds = bladestorm.attack_odds(roll, defense, dmg)
    show(f"Bladestorm {roll} vs Defense {defense}, damage {dmg}", odds, endurance, json_out,
         {"attack": str(roll), "defense": defense, "damage": str(dmg)}, kill_name="endurance")


def _warband_odds(system: str, attacks: int, strength: int, damage: str, toughness: int, wounds: Optional[int], json_out: bool) -> None:
    from generator.dice import attacks as attack_dice

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
    from generator.dice import battle_dice

    with spinner("working out the exact odds", quiet=json_out):
        odds = battle_dice.attack_odds(attack, defense)
    show(f"SagaBorn {attack} attack dice vs {defense} defense dice", odds, hp, json_out, {"attack": attack, "defense": defense}, kill_name="hp")


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
    from generator.dice import gorechosen

    if not 2 <= to_hit <= 6:
        raise DiceError(f"--to-hit: {to_hit} is not a To Hit value; use 2 to 6")
    with spinner("working out the exact odds", quiet=json_out):
        odds = gorechosen.attack_odds(dice, to_hit, wounds)
    show(f"Gorechosen {dice} dice hitting on {to_hit}+ for {wounds} wounds", odds, health, json_out,
         {"dice": dice, "to_hit": to_hit, "wounds": wounds}, kill_name="health")


odds_bladestorm.__doc__ = (
    "Bladestorm: an attack roll against Defense, then High/Low damage from the same dice."
    + examples("skirmish odds bladestorm --attack 3D6+4 --defense 7 --damage High+2",
               "skirmish odds bladestorm --attack 2D6+D10+3 --defense 10 --damage High+Low+2 --endurance 51 --json")
)


def register(app: typer.Typer) -> None:
    app.add_typer(odds_app, name="odds")
