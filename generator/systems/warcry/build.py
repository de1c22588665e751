"""Random fighters and the calculator for Warcry, shared with Bladeborn through a :class:`Kit`.

- :func:`build_random` draws fighters from ``content/<system>/archetypes.yaml``, logging every
  choice, optionally within a points budget priced by the Warcry cost model.
- :func:`make_fighter` turns calculator options into a validated fighter, refusing values out
  of range with the allowed range; :func:`calc_report` prints it with its itemised cost;
  :func:`write_fighter` saves it as a warband content file (appending to an existing one).
- :func:`register_calc` adds the ``skirmish create calc <system>`` command.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

from pydantic import ValidationError

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.base import Built, Priced
from generator.systems.documents import write_document
from generator.systems.naming import number_repeated_names
from generator.systems.warcry import pricing
from generator.systems.warcry.models import Fighter, Warband, describe, load_limits
from generator.systems.warcry.tables import Archetype, Archetypes, WeaponTable, parse_damage, parse_range

@dataclass(frozen=True)
class Kit:
    """The models one system builds with."""

    system: str
    title: str
    fighter: type[Fighter]
    warband: type[Warband]
    archetypes: type[Archetypes]
    #: Random forces to a budget hold this many fighters (``None``: the filler's own limits).
    #: Board points are fitted on forces of a few fighters; far outside that range they mislead.
    force_size: tuple[int, int] | None = None

    @property
    def unit(self) -> str:
        return load_limits(self.system).unit


WARCRY_KIT = Kit("warcry", "Warcry", Fighter, Warband, Archetypes)


def load_archetypes(kit: Kit) -> Archetypes:
    from generator.content import load_content

    return load_content(f"{kit.system}/archetypes.yaml", kit.archetypes)


# -- random fighters ---------------------------------------------------------------------


def _pick(rng: Rng, options: dict, label: str, log: list[str]):
    keys = list(options)
    value = rng.weighted_choice(keys, [options[k] for k in keys])
    spread = ", ".join(f"{k}:{options[k]:g}" for k in keys)
    log.append(f"  {label}: {value} (weighted {spread})")
    return value


def _draw_weapon(rng: Rng, table: WeaponTable, log: list[str]) -> dict[str, Any]:
    name = rng.choice(table.names)
    log.append(f"  weapon name: {name} (one of {len(table.names)})")
    low, high = parse_range(_pick(rng, table.range, "Range", log))
    hit, crit = parse_damage(_pick(rng, table.damage, "Damage", log))
    weapon = {
        "name": name,
        "min_range": low,
        "max_range": high,
        "attacks": _pick(rng, table.attacks, "Attacks", log),
        "strength": _pick(rng, table.strength, "Strength", log),
        "dmg_hit": hit,
        "dmg_crit": crit,
    }
    if table.runemark:
        weapon["runemark"] = table.runemark
    return weapon


def draw_fighter(rng: Rng, tables: Archetypes, kit: Kit, log: list[str]) -> Fighter:
    """One random fighter, every roll appended to ``log``."""
    names = [a.name for a in tables.archetypes]
    arch: Archetype = _pick(rng, {a.name: a.weight for a in tables.archetypes}, "archetype", log)
    arch = tables.archetypes[names.index(arch)]
    name = f"{rng.choice(tables.first_names)} {rng.choice(tables.second_names)}"
    log.append(f"  name: {name}")
    weapons = []
    for i, table in enumerate(arch.weapons):
        if i == 0 or table.chance >= 1:
            carried = True
        else:
            draw = rng.random()
            carried = draw < table.chance
            log.append(f"  extra weapon: drew {draw:.3f} against {table.chance:g} -> {'yes' if carried else 'no'}")
        if carried:
            weapons.append(_draw_weapon(rng, table, log))
    data = {
        "name": name,
        "faction": tables.faction,
        "runemarks": list(arch.runemarks),
        "movement": _pick(rng, arch.movement, "Move", log),
        "toughness": _pick(rng, arch.toughness, "Toughness", log),
        "wounds": _pick(rng, arch.wounds, "Wounds", log),
        "weapons": weapons,
    }
    return kit.fighter.model_validate(data)


def _priced(fighter: Fighter, kit: Kit) -> tuple[Fighter, Priced]:
    """The fighter with its board points on the card (``pricing.board``: what it is worth in the
    battles the engine plays; see ``docs/costs-warcry.md``), and the itemised price."""
    [priced] = pricing.board(kit.system)([fighter])
    return fighter.model_copy(update={"points": pricing.round_points(priced.cost)}), priced


def build_random(rng: Rng, count: int = 1, points: Optional[float] = None, kit: Kit = WARCRY_KIT) -> list[Built]:
    """``count`` random fighters; with ``points``, one warband whose total is at most ``points``.

    ``points`` is the budget of the whole warband (as ``skirmish create random --points``
    documents it): fighters are drawn and fitted to it as closely as their prices allow
    (:func:`generator.systems.forces.fill_budget`); ``count`` is then ignored. A budget below
    the cheapest fighter the tables can make is refused.
    """
    if count < 1:
        raise SkirmishError(f"count must be at least 1, got {count}")
    tables = load_archetypes(kit)
    if points is not None:
        from generator.systems.forces import fill_budget

        def draw(stream: Rng) -> tuple[Built, float]:
            log: list[str] = []
            fighter, priced = _priced(draw_fighter(stream, tables, kit, log), kit)
            log.append(f"  cost: {fighter.points} points ({priced.cost:g} before rounding)")
            return Built(fighter, log), fighter.points

        low, high = kit.force_size or (1, None)
        sizes = {"min_members": low} | ({"max_members": high} if high else {})
        return number_repeated_names(fill_budget(draw, rng, float(points), cheapest_points(tables, kit),
                                                 f"{kit.title} fighter", **sizes))
    built: list[Built] = []
    for index in range(1, count + 1):
        log: list[str] = [f"fighter {index}:"]
        fighter, priced = _priced(draw_fighter(rng, tables, kit, log), kit)
        log.append(f"  cost: {fighter.points} points ({priced.cost:g} before rounding)")
        built.append(Built(fighter, log))
    return number_repeated_names(built)


def roster_document(kit: Kit, fighters: Sequence[Fighter], name: str) -> dict[str, Any]:
    """Built fighters as a ``kind: warband`` content file (``System.extra["roster_document"]``)."""
    data = {
        "name": name,
        "faction": fighters[0].faction if fighters and fighters[0].faction else "custom",
        "fighters": [f.model_dump(mode="json", exclude_none=True) for f in fighters],
    }
    kit.warband.model_validate(data)
    return {"system": kit.system, "kind": "warband", **data}


def cheapest_points(tables: Archetypes, kit: Kit) -> int:
    """The cost of the weakest fighter the tables can produce (smallest option everywhere)."""
    best = None
    for arch in tables.archetypes:
        w = arch.weapons[0]
        low, high = min(parse_range(r) for r in w.range)
        hit, crit = min(parse_damage(d) for d in w.damage)
        fighter = kit.fighter.model_validate(
            {
                "name": "cheapest",
                "movement": min(arch.movement),
                "toughness": min(arch.toughness),
                "wounds": min(arch.wounds),
                "weapons": [
                    {"min_range": low, "max_range": high, "attacks": min(w.attacks), "strength": min(w.strength),
                     "dmg_hit": hit, "dmg_crit": crit}
                ],
            }
        )
        points = _priced(fighter, kit)[0].points
        best = points if best is None else min(best, points)
    return best


# -- the calculator ----------------------------------------------------------------------


def parse_weapon(text: str) -> dict[str, Any]:
    """``"[NAME=]RANGE/ATTACKS/STRENGTH/HIT/CRIT"``, e.g. ``"Axe=1-1/3/4/1/4"`` or ``"2/3/4/1/4"``."""
    name = None
    body = text.strip()
    if "=" in body:
        name, body = (part.strip() for part in body.split("=", 1))
    parts = body.split("/")
    if len(parts) != 5:
        raise SkirmishError(
            f"weapon {text!r}: write RANGE/ATTACKS/STRENGTH/HIT/CRIT, e.g. 1-1/3/4/1/4 (optionally NAME= first)"
        )
    try:
        low, high = parse_range(parts[0])
    except ValueError as err:
        raise SkirmishError(f"weapon {text!r}: {err}") from None
    numbers = parts[1:]
    if not all(p.strip().isdigit() for p in numbers):
        raise SkirmishError(f"weapon {text!r}: attacks, strength and damage must be whole numbers")
    attacks, strength, hit, crit = (int(p) for p in numbers)
    weapon: dict[str, Any] = {"min_range": low, "max_range": high, "attacks": attacks, "strength": strength,
                              "dmg_hit": hit, "dmg_crit": crit}
    if name:
        weapon["name"] = name
    return weapon


def _friendly(err: ValidationError) -> list[str]:
    problems = []
    for e in err.errors():
        where = ".".join(str(p) for p in e["loc"])
        msg = e["msg"].removeprefix("Value error, ")
        problems.append(f"{where}: {msg}")
    return problems


def runemark_key(text: str, option: str) -> str:
    """A runemark as the files spell it from what a user types: "Blood Oath" is ``blood-oath``
    (lower case, spaces and underscores as hyphens, apostrophes dropped)."""
    import re

    key = re.sub(r"[\s_]+", "-", str(text).strip().lower().replace("'", "").replace("\u2019", ""))
    if not re.fullmatch(r"[a-z][a-z0-9-]*", key):
        raise SkirmishError(f"{option} {text!r}: a runemark is a name such as Blood Oath or blood-oath: letters, "
                            "digits, spaces or hyphens, starting with a letter")
    return key


def make_fighter(
    kit: Kit,
    name: str,
    movement: int,
    toughness: int,
    wounds: int,
    weapons: Sequence[str],
    runemarks: Sequence[str] = (),
    faction: str | None = None,
) -> Fighter:
    """A validated fighter from calculator options; anything out of range names the allowed range."""
    if not weapons:
        raise SkirmishError("give at least one --weapon RANGE/ATTACKS/STRENGTH/HIT/CRIT, e.g. 1/3/4/1/4")
    data = {
        "name": name,
        "faction": runemark_key(faction, "--faction") if faction is not None else None,
        "runemarks": [runemark_key(r, "--runemark") for r in runemarks],
        "movement": movement,
        "toughness": toughness,
        "wounds": wounds,
        "weapons": [parse_weapon(w) for w in weapons],
    }
    try:
        fighter = kit.fighter.model_validate(data)
    except ValidationError as err:
        problems = _friendly(err)
        raise SkirmishError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""),
                            problems) from None
    return _priced(fighter, kit)[0]


def calc_report(fighter: Fighter, kit: Kit = WARCRY_KIT) -> str:
    """The fighter's card and its itemised board points (with the published-style estimate)."""
    [priced] = pricing.board(kit.system)([fighter])
    [published] = pricing.published_style([fighter])
    lines = [describe(fighter), "", f"Board points (what it is worth in {kit.title} battles on the board), itemised:"]
    width = max(len(k) for k in priced.breakdown) if priced.breakdown else 0
    for item, value in priced.breakdown.items():
        if value == 0:  # e.g. the runemarks this fighter does not have
            continue
        lines.append(f"  {item:<{width}}  {value:8.1f}")
    lines.append(f"  {'total':<{width}}  {priced.cost:8.1f}  -> {pricing.round_points(priced.cost)} points")
    lines.append(f"Published-style points (what the book would charge, the Warcry cost model): {published.cost:g}")
    lines.append(f"Which to use: board points to build and balance forces for battles here (scenario, balance, create "
                 f"random); published-style points to compare with the book's own {kit.title} warbands.")
    return "\n".join(lines)


def write_fighter(path: Path, fighter: Fighter, kit: Kit, warband_name: str = "Custom fighters", *,
                  force: bool = False, append: bool = False) -> Path:
    """Save as a ``kind: warband`` file. An existing file is kept unless ``force`` (replace it) or
    ``append`` (the warband gains the fighter, replacing one of the same name, comments kept)."""
    fighter_data = fighter.model_dump(mode="json", exclude_none=True)
    data = {"name": warband_name, "faction": fighter.faction or "custom", "fighters": [fighter_data]}
    kit.warband.model_validate(data)
    return write_document(Path(path), {"system": kit.system, "kind": "warband", **data}, force=force, append=append)


def _prompt_int(label: str, field: str, kit: Kit, typer_mod) -> int:
    bound = getattr(load_limits(kit.system), field)
    while True:
        value = typer_mod.prompt(f"{label} ({bound})", type=int)
        try:
            bound.check(value)
            return value
        except ValueError as err:
            typer_mod.echo(f"  {err}; allowed {bound}")


def _interactive(kit: Kit, typer_mod) -> dict[str, Any]:
    unit = kit.unit
    answers: dict[str, Any] = {"name": typer_mod.prompt("Name")}
    answers["movement"] = _prompt_int(f"Move in {unit}", "movement", kit, typer_mod)
    answers["toughness"] = _prompt_int("Toughness", "toughness", kit, typer_mod)
    answers["wounds"] = _prompt_int("Wounds", "wounds", kit, typer_mod)
    marks = typer_mod.prompt("Runemarks (comma-separated, blank for none)", default="", show_default=False)
    answers["runemarks"] = [m.strip() for m in marks.split(",") if m.strip()]
    weapons: list[str] = []
    limits = load_limits(kit.system)
    while True:
        text = typer_mod.prompt(
            f"Weapon {len(weapons) + 1} as RANGE/ATTACKS/STRENGTH/HIT/CRIT"
            + (" (blank to finish)" if weapons else ""),
            default="" if weapons else None,
            show_default=False,
        )
        if not text:
            break
        try:
            trial = make_fighter(kit, answers["name"] or "fighter", answers["movement"], answers["toughness"],
                                 answers["wounds"], weapons + [text], answers["runemarks"])
        except SkirmishError as err:
            typer_mod.echo(f"  {err}")
            continue
        weapons.append(text)
        typer_mod.echo(f"  running cost: {trial.points} points")
        if len(weapons) >= limits.weapons.max:
            break
    answers["weapons"] = weapons
    return answers


def register_calc(calc_app, kit: Kit = WARCRY_KIT) -> None:
    """Add ``skirmish create calc <system>`` to the calculator sub-app."""
    import typer

    unit = kit.unit
    example = "1-1/3/4/1/4" if kit.system == "warcry" else "1/3/4/1/4"

    @calc_app.command(
        kit.system,
        help=(
            f"Make a {kit.title} fighter card from its stats and print its itemised points cost. "
            f"Weapons are RANGE/ATTACKS/STRENGTH/HIT/CRIT (range in {unit}, min-max or max).\n\n"
            "Examples:\n\n"
            f"  skirmish create calc {kit.system} --name Khorvash --move 4 --toughness 4 --wounds 15 "
            f"--weapon \"Axe={example}\" --runemark hero\n\n"
            f"  skirmish create calc {kit.system} --interactive -o my-{kit.system}.yaml"
        ),
    )
    def calc(
        name: str = typer.Option("Custom fighter", "--name", help="The fighter's name."),
        move: Optional[int] = typer.Option(None, "--move", help=f"Move in {unit}."),
        toughness: Optional[int] = typer.Option(None, "--toughness", help="Toughness."),
        wounds: Optional[int] = typer.Option(None, "--wounds", help="Wounds."),
        weapon: list[str] = typer.Option([], "--weapon", help=f"[NAME=]RANGE/ATTACKS/STRENGTH/HIT/CRIT, e.g. {example}; repeat for more."),
        runemark: list[str] = typer.Option([], "--runemark", help="A runemark (hero, fly, ...); repeat for more."),
        faction: Optional[str] = typer.Option(None, "--faction", help="The faction runemark, as its name (\"Blood Oath\") or its key (blood-oath)."),
        warband: str = typer.Option("Custom fighters", "--warband", help="Warband name when --out makes a new file."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the fighter as a warband file (YAML); an existing file is kept unless --force or --append."),
        force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
        append: bool = typer.Option(False, "--append", help="Add the fighter to an existing --out warband, keeping its comments."),
        interactive: bool = typer.Option(False, "--interactive", "-i", help="Ask for each value in turn."),
        json_out: bool = typer.Option(False, "--json", help="Print the fighter and its itemised points as JSON."),
    ) -> None:
        if interactive:
            answers = _interactive(kit, typer)
            fighter = make_fighter(kit, faction=faction, **answers)
        else:
            missing = [flag for flag, value in (("--move", move), ("--toughness", toughness), ("--wounds", wounds)) if value is None]
            if missing:
                raise SkirmishError(f"missing {', '.join(missing)} (or use --interactive)")
            fighter = make_fighter(kit, name, move, toughness, wounds, weapon, runemark, faction)
        if out is not None:
            write_fighter(out, fighter, kit, warband, force=force, append=append)
        if json_out:
            import json

            from generator.systems.documents import built_json

            typer.echo(json.dumps(built_json(kit.system, [fighter], out), indent=2, ensure_ascii=False))
            return
        typer.echo(calc_report(fighter, kit))
        if out is not None:
            typer.echo(f"wrote {out}", err=True)
