"""``skirmish create calc bladestorm``: the Bladestorm Calculator (rulebook 11.3) in a terminal.

Only parses options or prompts, calls :func:`build.calculate`, and prints; every rule lives in
:mod:`build` and :mod:`cost`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, List, Optional

import typer

from generator.systems.base import Priced
from generator.systems.bladestorm.build import Choices, calculate, roster_document
from generator.systems.bladestorm.describe import describe
from generator.systems.bladestorm.models import Combatant, builtin_tables
from generator.systems.documents import write_document

EXAMPLES = (
    "\n\nExamples:\n\n"
    "  skirmish create calc bladestorm --race troll --move 9 --defense 9 --endurance 36 "
    "--weapon battleaxe --attack-bonus 1\n\n"
    "  skirmish create calc bladestorm --interactive -o my-orc.yaml"
)


def tpc_lines(priced: Priced) -> list[str]:
    """The itemised TPC, one item a line, then the total."""
    width = max(len(k) for k in priced.breakdown)
    lines = [f"  {k.ljust(width)}  {v:>6.0f}" for k, v in priced.breakdown.items()]
    lines.append(f"  {'TPC'.ljust(width)}  {priced.cost:>6.0f}")
    return lines


def show(card: Combatant, priced: Priced, echo: Callable[[str], None] = typer.echo) -> None:
    echo(describe(card))
    echo("")
    echo("TPC, itemised:")
    for line in tpc_lines(priced):
        echo(line)


def _ask(prompt: str, default: str, accept: Callable[[str], object]) -> object:
    """Prompt until ``accept`` takes the answer (it raises ValueError with the reason if not)."""
    while True:
        answer = str(typer.prompt(prompt, default=default)).strip()
        try:
            return accept(answer)
        except ValueError as err:
            typer.echo(f"  {err}")


def _choice(prompt: str, options: list[str], default: str) -> str:
    def accept(answer: str) -> str:
        for option in options:
            if option.lower() == answer.lower():
                return option
        raise ValueError(f"{answer!r} is not one of {', '.join(options)}")

    return str(_ask(f"{prompt} [{'/'.join(options)}]", default, accept))


def _number(prompt: str, low: int, high: int, default: int) -> int:
    def accept(answer: str) -> int:
        try:
            value = int(answer)
        except ValueError:
            raise ValueError(f"{answer!r} is not a whole number") from None
        if not low <= value <= high:
            raise ValueError(f"{value} is not allowed: choose {low} to {high}")
        return value

    return int(_ask(f"{prompt} ({low}-{high})", str(default), accept))  # type: ignore[arg-type]


def interactive(choices: Choices) -> Choices:
    """Walk through the calculator's steps, showing the running TPC after each one."""
    t = builtin_tables()

    def running(label: str) -> None:
        _, priced = calculate(choices)
        typer.echo(f"  running TPC after {label}: {priced.cost:.0f}")

    typer.echo("Step 1: size and race")
    choices.race = _choice("Race", list(t.races), choices.race)
    choices.size = _choice("Size", list(t.sizes), choices.size or t.races[choices.race].size)
    running("size and race")

    typer.echo("Step 2: stats (before race modifiers; each step adds to the TPC, and more once")
    typer.echo("        there is a weapon to fight with)")
    rule = t.sizes[choices.size]
    for stat in ("movement", "defense", "endurance"):
        low, high = rule.stats[stat]
        current = getattr(choices, stat)
        setattr(choices, stat, _number(stat.title(), low, high, current if current is not None else low))
        running(stat)

    typer.echo(f"Step 3: weapons (up to {t.calculator.weapon_slots}; 'none' ends)")
    weapons: list[str] = []
    keys = list(t.weapons.by_key())
    for slot in range(1, t.calculator.weapon_slots + 1):
        default = choices.weapons[slot - 1] if slot <= len(choices.weapons) else "none"
        left = [k for k in keys if k not in weapons]  # a second copy of a weapon adds nothing
        picked = _choice(f"Weapon slot {slot}", [*left, "none"], default if default in left else "none")
        if picked == "none":
            break
        weapons.append(picked)
        choices.weapons = list(weapons)
        running(f"weapon slot {slot}")
    choices.weapons = weapons

    if not weapons:
        typer.echo("Step 4: fighting skills need a weapon; none chosen, so none")
        choices.attack_bonus = choices.extra_dice = choices.damage_bonus = 0
        choices.name = typer.prompt("Name", default=choices.name or choices.race.title())
        return choices
    typer.echo("Step 4: fighting skills")
    choices.attack_bonus = _number("Melee Attack Bonus", *t.calculator.attack_bonus, choices.attack_bonus)
    running("Melee Attack Bonus")
    if rule.extra_attack_dice:
        choices.extra_dice = _number("Extra attack dice", 0, rule.extra_attack_dice, choices.extra_dice)
        running("extra attack dice")
    else:
        choices.extra_dice = 0
    choices.damage_bonus = _number("Melee Damage Bonus", *t.calculator.damage_bonus, choices.damage_bonus)
    running("Melee Damage Bonus")
    choices.name = typer.prompt("Name", default=choices.name or choices.race.title())
    return choices


def register_calc(calc_app: typer.Typer) -> None:
    """Add ``bladestorm`` to ``skirmish create calc``."""

    @calc_app.command("bladestorm", help=(
        "Build a Bladestorm combatant like the Bladestorm Calculator: size and race, stats "
        "(chosen before race modifiers, only values the size allows), up to three weapons, Melee "
        "Attack Bonus, extra attack dice (large and huge only) and Melee Damage Bonus. Prints the "
        "card and its TPC itemised; --out saves it as a roster file." + EXAMPLES
    ))
    def bladestorm(
        race: str = typer.Option("human", "--race", help="human, orc or troll (the race sets the size unless --size is given)."),
        size: Optional[str] = typer.Option(None, "--size", help="small, medium, large or huge."),
        base: Optional[str] = typer.Option(None, "--base", help="A base other than the size's own: small, medium, large, cavalry or huge."),
        move: Optional[int] = typer.Option(None, "--move", help="Movement Rate in inches (default: the size's lowest)."),
        defense: Optional[int] = typer.Option(None, "--defense", help="Defense before race modifiers."),
        endurance: Optional[int] = typer.Option(None, "--endurance", help="Endurance before race modifiers."),
        weapon: Optional[List[str]] = typer.Option(None, "--weapon", help="A weapon from the table; repeat for up to three slots. KEY:Name names the slot (broadsword:Large Claws)."),
        attack_bonus: int = typer.Option(0, "--attack-bonus", help="Melee Attack Bonus, added to every attack roll."),
        extra_dice: int = typer.Option(0, "--extra-dice", help="Extra D6 attack dice (large and huge only)."),
        damage_bonus: int = typer.Option(0, "--damage-bonus", help="Melee Damage Bonus, added to every weapon's damage."),
        name: Optional[str] = typer.Option(None, "--name", help="The combatant's name."),
        special: str = typer.Option("", "--special", help="Special powers text for the card."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the combatant as a roster file (YAML); an existing file is kept unless --force or --append."),
        force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
        append: bool = typer.Option(False, "--append", help="Add to an existing --out roster, keeping its comments."),
        ask: bool = typer.Option(False, "--interactive", "-i", help="Choose every step at prompts, with the running TPC."),
        json_out: bool = typer.Option(False, "--json", help="Print the combatant and its itemised TPC as JSON."),
    ) -> None:
        choices = Choices(
            race=race, size=size, base=base, movement=move, defense=defense, endurance=endurance,
            weapons=list(weapon or []), attack_bonus=attack_bonus, extra_dice=extra_dice,
            damage_bonus=damage_bonus, name=name, special=special,
        )
        card, priced = calculate(choices)  # refuse bad options before any prompt
        if ask:
            card, priced = calculate(interactive(choices))
            typer.echo("")
        if out is not None:
            write_document(out, roster_document([card], name=card.name), force=force, append=append)
        if json_out:
            import json

            from generator.systems.documents import built_json

            typer.echo(json.dumps(built_json("bladestorm", [card], out), indent=2, ensure_ascii=False))
            return
        show(card, priced)
        if out is not None:
            typer.echo(f"wrote {out}", err=True)
