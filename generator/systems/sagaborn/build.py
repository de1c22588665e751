"""Making SagaBorn squads and teams: at random from a seed, or stat by stat in the calculator.

Both builders produce models that validate (the random tables stay inside the model's bounds;
the calculator refuses out-of-range values before building), price squads with
:mod:`generator.systems.sagaborn.cost`, and write content files every other command loads.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Optional

from pydantic import ValidationError

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.base import Built
from generator.systems.documents import write_document
from generator.systems.sagaborn.cost import price_squad, suggested_cost, unit_value
from generator.systems.sagaborn.models import (
    DEFAULT_POINT_LIMIT,
    STAT_BOUNDS,
    UNITS_BOUNDS,
    Squad,
    Team,
    UnitStats,
    find_talent,
    random_tables,
    talent_catalog,
    talent_names,
)

SQUAD_TYPES = ("hero", "minion", "creature")
STATS = ("hp", "move", "range", "attack", "defense", "height")
MAX_SQUAD_ATTEMPTS = 30  # re-rolls of a squad that does not fit the points left


# -- random -----------------------------------------------------------------------------------
def _roll_name(rng: Rng, squad_type: str, taken: set[str]) -> str:
    names = random_tables().names
    for _ in range(20):
        if squad_type == "hero":
            name = f"{rng.choice(names.hero_first)} {rng.choice(names.hero_epithet)}"
        elif squad_type == "minion":
            name = f"{rng.choice(names.minion_adjective)} {rng.choice(names.minion_noun)}"
        else:
            name = rng.choice(names.creature)
        if name not in taken:
            return name
    base, n = name, 2
    while f"{base} {n}" in taken:
        n += 1
    return f"{base} {n}"


def _useful_talents(stats: UnitStats) -> list[str]:
    """Talents that do something for this stat line (Extended Shot needs Range 2+)."""
    return [t.name for t in talent_catalog().values()
            if all(getattr(stats, stat) >= minimum for stat, minimum in t.requires.items())]


def _weights_text(values: list[int]) -> str:
    """``weighted 1:3, 2:1`` for a list that repeats values to weight them; ``fixed`` for one."""
    counts = Counter(values)
    if len(counts) == 1:
        return "fixed"
    return "weighted " + ", ".join(f"{v}:{n}" for v, n in sorted(counts.items()))


def random_squad(rng: Rng, log: list[str], max_cost: Optional[int] = None, taken: set[str] | None = None) -> Squad:
    """One squad rolled from content/sagaborn/random-tables.yaml, talents bought within ``max_cost``."""
    tables = random_tables()
    types = list(tables.type_weights)
    squad_type = rng.weighted_choice(types, [tables.type_weights[t] for t in types])
    weights = ", ".join(f"{t}:{w}" for t, w in tables.type_weights.items())
    log.append(f"type: {squad_type} (weighted {weights})")
    profile = tables.profiles[squad_type]
    rolled: dict[str, int] = {}
    lo, hi = profile.units
    rolled["units"] = rng.integers(lo, hi)
    log.append(f"units: {rolled['units']} ({'fixed' if lo == hi else f'{lo}-{hi}'})")
    for stat in STATS:
        if stat == "range":
            rolled[stat] = rng.choice(profile.range)
            log.append(f"range: {rolled[stat]} ({_weights_text(profile.range)})")
        else:
            lo, hi = getattr(profile, stat)
            rolled[stat] = rng.integers(lo, hi)
            log.append(f"{stat}: {rolled[stat]} ({lo}-{hi})")
    units = rolled.pop("units")
    stats = UnitStats(**rolled)
    card_cost = suggested_cost(stats, units)
    log.append(f"card cost: model value {unit_value(stats) * units:.1f} -> {card_cost}")
    talents: list[str] = []
    if "hand" in profile.icons:
        wanted = rng.integers(0, 3)
        candidates = rng.shuffle(_useful_talents(stats))
        log.append(f"talents wanted: {wanted} (0-3)")
        spent = card_cost
        for name in candidates:
            if len(talents) == wanted:
                break
            cost = find_talent(name).cost
            if max_cost is not None and spent + cost > max_cost:
                continue
            talents.append(name)
            spent += cost
        if talents:
            log.append(f"talents: drew {', '.join(talents)}")
    name = _roll_name(rng, squad_type, taken or set())
    log.append(f"name: {name}")
    return Squad(name=name, type=squad_type, cost=card_cost, units=units, icons=list(profile.icons),
                 talents=talents, **stats.model_dump())


def cheapest_random_squad() -> int:
    """The lowest card cost the random tables can produce (for a clear --points error)."""
    best = None
    for profile in random_tables().profiles.values():
        stats = UnitStats(hp=profile.hp[0], move=profile.move[0], range=min(profile.range),
                          attack=profile.attack[0], defense=profile.defense[0], height=profile.height[0])
        cost = suggested_cost(stats, profile.units[0])
        best = cost if best is None else min(best, cost)
    return int(best or 0)


def random_team(rng: Rng, points: int = DEFAULT_POINT_LIMIT, log: list[str] | None = None, name: str | None = None) -> Team:
    """Squads rolled one after another until the next one no longer fits the points left."""
    log = log if log is not None else []
    floor = cheapest_random_squad()
    if points < floor:
        raise SkirmishError(f"--points {points} is too small: the cheapest random SagaBorn squad costs {floor}")
    squads: list[Squad] = []
    left = points
    misses = 0
    from generator.systems.forces import MAX_MEMBERS

    while left >= floor and misses < MAX_SQUAD_ATTEMPTS:
        if len(squads) == MAX_MEMBERS:
            raise SkirmishError(f"--points {points} is above every limit: a random team holds at most {MAX_MEMBERS} "
                                f"squads, and {MAX_MEMBERS} squads came to {points - left} points")
        entry: list[str] = []
        squad = random_squad(rng, entry, max_cost=left, taken={s.name for s in squads})
        if squad.total_cost > left:
            misses += 1
            log.append(f"squad costs {squad.total_cost}, only {left} left: roll again")
            continue
        log.append(f"squad {len(squads) + 1}:")
        log += [f"  {line}" for line in entry]
        squads.append(squad)
        left -= squad.total_cost
    if not squads:
        raise SkirmishError(
            f"--points {points} is too tight: no random SagaBorn squad fitted in {MAX_SQUAD_ATTEMPTS} rolls "
            f"(the cheapest possible costs {floor}); try --points 100 or more"
        )
    log.append(f"team: {len(squads)} squads, {points - left} of {points} points, {left} unspent")
    team_name = name or f"Random team (seed {rng.seed})"
    return Team(name=team_name, point_limit=points, squads=squads,
                notes=f"Rolled by skirmish from seed {rng.seed}.")


def build_random(rng: Rng, count: int = 1, points: int | None = None) -> list[Built]:
    """``System.build_random``: ``count`` random teams, each within ``points`` (default 400)."""
    budget = DEFAULT_POINT_LIMIT if points is None else int(points)
    out: list[Built] = []
    for i in range(count):
        log: list[str] = []
        stream = rng.spawn(f"sagaborn-team-{i}")
        team = random_team(stream, budget, log, name=f"Random team {i + 1} (seed {rng.seed})")
        out.append(Built(team, log))
    return out


# -- content files ----------------------------------------------------------------------------
def to_document(model: Team | Squad) -> dict[str, Any]:
    """A content-file dict (``system``/``kind`` first); a lone squad becomes a one-squad team."""
    team = model if isinstance(model, Team) else Team(name=model.name, squads=[model],
                                                      point_limit=max(DEFAULT_POINT_LIMIT, model.total_cost))
    body = team.model_dump(mode="json", exclude_defaults=False)
    for squad in body["squads"]:
        for key in ("special", "faction"):
            if squad.get(key) is None:
                squad.pop(key, None)
        for key in ("talents", "weapons"):
            if not squad.get(key):
                squad.pop(key, None)
    if body.get("faction") is None:
        body.pop("faction")
    return {"system": "sagaborn", "kind": "team", **body}


def roster_document(members: list[Team | Squad], name: str | None = None) -> dict[str, Any]:
    """``System.extra["roster_document"]`` for ``create random --out``: one team per file.

    A team file holds one team, so several random teams cannot share one file; loose squads
    (from the calculator) are gathered into one team named ``name``.
    """
    teams = [m for m in members if isinstance(m, Team)]
    if len(teams) > 1:
        raise SkirmishError(f"a SagaBorn team file holds one team, not {len(teams)}: use --count 1 with --out")
    if teams and len(members) == 1:
        return to_document(teams[0])
    if teams:
        raise SkirmishError("a SagaBorn team file holds either one team or loose squads, not both")
    squads = list(members)
    total = sum(s.total_cost for s in squads)
    return to_document(Team(name=name or squads[0].name, squads=squads, point_limit=max(DEFAULT_POINT_LIMIT, total)))


def write_yaml(model: Team | Squad, path: Path, *, force: bool = False, append: bool = False) -> Path:
    """Save a team (or a lone squad as a one-squad team) as a content file (see ``write_document``)."""
    return write_document(path, to_document(model), force=force, append=append)


# -- calculator -------------------------------------------------------------------------------
CALC_DEFAULTS: dict[str, int] = {"hp": 6, "move": 5, "range": 1, "attack": 3, "defense": 3, "height": 2}
DEFAULT_ICONS = {"hero": ["hand", "goblet", "sword"], "minion": ["sword"], "creature": []}


def check_stat(name: str, value: int) -> int:
    """Refuse a value outside the allowed range, saying what the range is."""
    lo, hi = UNITS_BOUNDS if name == "units" else STAT_BOUNDS[name]
    if not lo <= value <= hi:
        raise SkirmishError(f"--{name} {value} is out of range: allowed {lo} to {hi}")
    return value


def check_type(value: str) -> str:
    key = value.strip().lower()
    if key not in SQUAD_TYPES:
        raise SkirmishError(f"--type {value!r} is unknown: choose one of {', '.join(SQUAD_TYPES)}")
    return key


def parse_talents(text: str | list[str] | None) -> list[str]:
    """``"Dodge, weapon-specialty"`` -> canonical names; an unknown name lists the known ones."""
    if not text:
        return []
    parts = text if isinstance(text, list) else text.split(",")
    out = []
    for part in (p.strip() for p in parts):
        if not part:
            continue
        try:
            out.append(find_talent(part).name)
        except ValueError:
            raise SkirmishError(f"--talent: unknown talent {part!r}: choose from {', '.join(talent_names())}") from None
    return out


def parse_icons(text: str | None, squad_type: str) -> list[str]:
    if text is None:
        return list(DEFAULT_ICONS[squad_type])
    icons = [p.strip().lower() for p in text.split(",") if p.strip() and p.strip().lower() != "none"]
    bad = [i for i in icons if i not in ("hand", "goblet", "sword")]
    if bad:
        raise SkirmishError(f"--icon: unknown icon {bad[0]!r}: choose from hand, goblet, sword (or none)")
    return icons


def _one_line(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def calc_squad(
    name: str = "Custom squad",
    type: str = "hero",
    units: int = 1,
    talents: list[str] | str | None = None,
    icons: list[str] | str | None = None,
    cost: int | None = None,
    **stats: int,
) -> Squad:
    """A squad from calculator choices, its card cost suggested by the cost model unless given."""
    squad_type = check_type(type)
    check_stat("units", units)
    values = {**CALC_DEFAULTS, **{k: v for k, v in stats.items() if v is not None}}
    unknown = sorted(set(values) - set(STATS))
    if unknown:
        raise SkirmishError(f"unknown stat {unknown[0]!r}: choose from {', '.join(STATS)}")
    for stat, value in values.items():
        check_stat(stat, value)
    icon_list = icons if isinstance(icons, list) else parse_icons(icons, squad_type)
    talent_list = parse_talents(talents)
    if talent_list and "hand" not in icon_list:
        shown = ",".join(icon_list) or "none"
        raise SkirmishError(f"--talent needs the hand icon; this {squad_type}'s icons are {shown}: "
                            f"add --icon hand" + "".join(f" --icon {i}" for i in icon_list))
    card = cost if cost is not None else suggested_cost(UnitStats(**values), units)
    try:
        return Squad(name=name, type=squad_type, cost=card, units=units, icons=icon_list,
                     talents=talent_list, **values)
    except ValidationError as err:
        raise SkirmishError(_one_line(err)) from None


def calc_report(squad: Squad) -> str:
    """The squad card and its itemised cost, as the calculator prints it."""
    from generator.systems.sagaborn.describe import describe_squad

    priced = price_squad(squad)
    lines = [describe_squad(squad), "", "Value, by the SagaBorn cost model:"]
    for key, value in priced.breakdown.items():
        if value and key != "printed card":
            lines.append(f"  {key:<10} {value:>7.1f}")
    lines.append(f"  {'model':<10} {priced.model:>7.1f}")
    lines.append(f"Points spent: card {squad.cost} + talents {squad.talent_cost} + weapons {squad.weapon_cost}"
                 f" = {squad.total_cost} of a {DEFAULT_POINT_LIMIT}-point team (the squad's cost in every command)")
    return "\n".join(lines)


def _prompt_int(typer_mod, label: str, name: str, default: int) -> int:
    while True:
        value = typer_mod.prompt(label, default=default, type=int)
        try:
            return check_stat(name, value)
        except SkirmishError as err:
            typer_mod.echo(f"  {err}")


def interactive_squad(typer_mod, start: dict[str, Any]) -> Squad:
    """Walk through the calculator's steps as prompts, showing the running cost."""
    name = typer_mod.prompt("Squad name", default=start.get("name") or "Custom squad")
    while True:
        try:
            squad_type = check_type(typer_mod.prompt("Type (hero/minion/creature)", default=start.get("type") or "hero"))
            break
        except SkirmishError as err:
            typer_mod.echo(f"  {err}")
    lo, hi = UNITS_BOUNDS
    units = _prompt_int(typer_mod, f"Units ({lo}-{hi})", "units", start.get("units") or 1)
    values: dict[str, int] = {}
    for stat in STATS:
        lo, hi = STAT_BOUNDS[stat]
        values[stat] = _prompt_int(typer_mod, f"{stat.upper()} ({lo}-{hi})", stat,
                                   start.get(stat) if start.get(stat) is not None else CALC_DEFAULTS[stat])
        partial = {**CALC_DEFAULTS, **values}
        typer_mod.echo(f"  running cost: {unit_value(UnitStats(**partial)) * units:.1f}")
    icons = parse_icons(start.get("icons"), squad_type)
    talents: list[str] = []
    if "hand" in icons:
        typer_mod.echo("Talents: " + ", ".join(f"{t.name} ({t.cost})" for t in talent_catalog().values()))
        while True:
            try:
                talents = parse_talents(typer_mod.prompt("Talents (comma separated, up to 3)",
                                                         default=start.get("talents") or "", show_default=False))
                squad = calc_squad(name, squad_type, units, talents, icons, **values)
                break
            except SkirmishError as err:
                typer_mod.echo(f"  {err}")
    else:
        squad = calc_squad(name, squad_type, units, [], icons, **values)
    return squad


def register_calc(calc_app) -> None:
    """Add ``skirmish create calc sagaborn`` to the calculator sub-app."""
    import typer

    @calc_app.command(
        "sagaborn",
        help=(
            "Build a SagaBorn Battles squad stat by stat and see its itemised cost on the "
            "400-point scale.\n\n"
            "Examples:\n\n"
            "  skirmish create calc sagaborn --hp 8 --attack 4 --defense 4 --talent Parry --talent Dodge\n\n"
            "  skirmish create calc sagaborn --type minion --units 3 --hp 3 --attack 2 -o spears.yaml --append"
        ),
    )
    def calc_sagaborn(
        name: str = typer.Option("Custom squad", "--name", help="The squad's name."),
        type: str = typer.Option("hero", "--type", help="hero, minion or creature."),
        units: int = typer.Option(1, "--units", help=f"Units in the squad ({UNITS_BOUNDS[0]}-{UNITS_BOUNDS[1]})."),
        hp: Optional[int] = typer.Option(None, "--hp", help="Health points (1-20; default 6)."),
        move: Optional[int] = typer.Option(None, "--move", help="Hexes per move (1-10; default 5)."),
        range: Optional[int] = typer.Option(None, "--range", help="Attack range in hexes (1-10; default 1)."),
        attack: Optional[int] = typer.Option(None, "--attack", help="Attack dice (1-8; default 3)."),
        defense: Optional[int] = typer.Option(None, "--defense", help="Defense dice (0-8; default 3)."),
        height: Optional[int] = typer.Option(None, "--height", help="Height rating (1-5; default 2)."),
        talent: Optional[list[str]] = typer.Option(None, "--talent", help="A talent, e.g. Dodge; repeat for more (up to 3)."),
        icon: Optional[list[str]] = typer.Option(None, "--icon", help="hand, goblet or sword; repeat for more, or none (default by type)."),
        interactive: bool = typer.Option(False, "--interactive", "-i", help="Answer prompts step by step."),
        json_out: bool = typer.Option(False, "--json", help="Print the squad and its itemised cost as JSON."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the squad as a team file (YAML); an existing file is kept unless --force or --append."),
        force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
        append: bool = typer.Option(False, "--append", help="Add the squad to an existing --out team, keeping its comments."),
    ) -> None:
        stats = {"hp": hp, "move": move, "range": range, "attack": attack, "defense": defense, "height": height}
        talents = [part for value in (talent or []) for part in value.split(",")]
        icons = ",".join(icon) if icon else None
        if interactive:
            squad = interactive_squad(typer, {"name": name, "type": type, "units": units, "talents": ",".join(talents),
                                              "icons": icons, **stats})
        else:
            squad = calc_squad(name, type, units, talents, icons, **stats)
        if out is not None:
            write_yaml(squad, out, force=force, append=append)
        if json_out:
            import json

            from generator.systems.documents import built_json

            typer.echo(json.dumps(built_json("sagaborn", [squad], out), indent=2, ensure_ascii=False))
            return
        typer.echo(calc_report(squad))
        if out is not None:
            typer.echo(f"wrote {out}", err=True)
