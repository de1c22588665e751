"""The Gorechosen champion calculator: pick a kill-zone shape, profiles and a health track, and
see the rating and its breakdown; ``--out`` writes a roster file every command can load.

The library half (:func:`parse_profile`, :func:`make_champion`, :func:`roster_yaml`) does the
work and is tested directly; :func:`register_calc` only wires it to ``skirmish create calc``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import typer
from pydantic import ValidationError

from generator.errors import SkirmishError
from generator.systems.gorechosen import data
from generator.systems.gorechosen.build import side_from_shape
from generator.systems.documents import write_document, yaml_text
from generator.systems.gorechosen.cost import rate
from generator.systems.gorechosen.describe import describe
from generator.systems.gorechosen.models import Champion, HealthTrack, KillZoneShape, Limits, Profile

_PROFILE = re.compile(r"^\s*(?:([A-Za-z][\w-]*)\s*=\s*)?(\d+)\+?\s*/\s*(\d+)\s*$")


def _limits() -> Limits:
    return data.builder_tables().limits


def shape_named(name: str) -> KillZoneShape:
    library = data.shapes()
    try:
        return library.get(name)
    except KeyError:
        known = ", ".join(s.name for s in library.shapes)
        raise SkirmishError(f"unknown kill zone {name!r}: choose one of {known}") from None


def parse_profile(text: str, option: str = "--healthy") -> tuple[str | None, Profile]:
    """``near=3+/3`` (or ``3+/3`` for a one-band shape) -> ("near", Profile(3, 3)), within limits."""
    match = _PROFILE.match(text)
    if not match:
        raise SkirmishError(f"{option} {text!r}: write BAND=TOHIT+/WOUNDS, e.g. near=3+/3")
    band, to_hit, wounds = match.group(1), int(match.group(2)), int(match.group(3))
    lim = _limits()
    if not lim.to_hit[0] <= to_hit <= lim.to_hit[1]:
        raise SkirmishError(f"{option} {text}: To Hit {to_hit}+ is outside the allowed {lim.to_hit[0]}+ to {lim.to_hit[1]}+")
    if not lim.wounds[0] <= wounds <= lim.wounds[1]:
        raise SkirmishError(f"{option} {text}: {wounds} wounds a hit is outside the allowed {lim.wounds[0]} to {lim.wounds[1]}")
    return band, Profile(to_hit=to_hit, wounds=wounds)


def _profiles(shape: KillZoneShape, texts: list[str], option: str) -> dict[str, Profile]:
    out: dict[str, Profile] = {}
    for text in texts:
        band, profile = parse_profile(text, option)
        if band is None:
            if len(shape.bands) != 1:
                raise SkirmishError(f"{option} {text}: kill zone {shape.name} has bands {', '.join(shape.bands)}; name one, e.g. {shape.bands[0]}=3+/3")
            band = shape.bands[0]
        if band not in shape.bands:
            raise SkirmishError(f"{option} {text}: kill zone {shape.name} has no band {band!r}; choose one of {', '.join(shape.bands)}")
        out[band] = profile
    missing = [b for b in shape.bands if b not in out]
    if missing:
        raise SkirmishError(f"{option}: give a profile for band(s) {', '.join(missing)} of kill zone {shape.name}")
    return out


def make_champion(
    name: str,
    zone: str,
    healthy: list[str],
    wounded: list[str] | None = None,
    wounded_zone: str | None = None,
    health: int = 5,
    wounded_boxes: list[int] | None = None,
    unique_action: str | None = None,
    unique_rule: str | None = None,
) -> Champion:
    """A champion from calculator choices; a Wounded side left out copies the Healthy one."""
    lim = _limits()
    if not lim.health[0] <= health <= lim.health[1]:
        raise SkirmishError(f"--health {health}: a health track has {lim.health[0]} to {lim.health[1]} spaces")
    boxes = wounded_boxes or [(health + 1) // 2]
    for box in boxes:
        if not 1 <= box <= health - 1:
            raise SkirmishError(f"--wounded-box {box}: choose a space from 1 to {health - 1} on a track of {health}")
    shape = shape_named(zone)
    w_shape = shape_named(wounded_zone) if wounded_zone else shape
    healthy_p = _profiles(shape, healthy, "--healthy")
    wounded_p = _profiles(w_shape, wounded, "--wounded") if wounded else {
        b: healthy_p[b] for b in w_shape.bands if b in healthy_p
    }
    if set(wounded_p) != set(w_shape.bands):
        raise SkirmishError(f"--wounded: give profiles for band(s) {', '.join(w_shape.bands)} of kill zone {w_shape.name}")
    tables = data.builder_tables()
    action = next((a for a in tables.unique_actions if a.name == unique_action), None) if unique_action else tables.unique_actions[0]
    rule = next((r for r in tables.unique_rules if r.name == unique_rule), None) if unique_rule else tables.unique_rules[0]
    if action is None:
        raise SkirmishError(f"unknown unique action {unique_action!r}: choose one of {', '.join(a.name for a in tables.unique_actions)}")
    if rule is None:
        raise SkirmishError(f"unknown unique rule {unique_rule!r}: choose one of {', '.join(r.name for r in tables.unique_rules)}")
    try:
        return Champion(
            name=name,
            source="built",
            note=f"Made with the calculator (our own); kill zone {shape.name}"
            + (f", Wounded kill zone {w_shape.name}" if w_shape is not shape else "") + ".",
            healthy=side_from_shape(shape, healthy_p),
            wounded=side_from_shape(w_shape, wounded_p),
            health=HealthTrack(length=health, wounded_boxes=boxes),
            unique_action=action.model_copy(),
            unique_rule=rule.model_copy(),
            fate_of_the_slain=tables.fates[0].text,
            fate=tables.fates[0].fate.model_copy(),
        )
    except ValidationError as err:  # limits already checked; this is a last guard
        raise SkirmishError(f"champion {name!r}: {err.errors()[0]['msg']}") from None


def roster_document(champions: list[Champion], name: str = "Calculator champions") -> dict:
    """A ``kind: roster`` content document holding ``champions`` (``System.extra``'s writer)."""
    return {
        "system": "gorechosen",
        "kind": "roster",
        "name": name,
        "champions": [c.model_dump(mode="json", exclude_none=True) for c in champions],
    }


def roster_yaml(champions: list[Champion], name: str = "Calculator champions") -> str:
    """The roster document as YAML text."""
    return yaml_text(roster_document(champions, name))


def report(champion: Champion) -> str:
    return describe(champion)


def _ask(label: str, choices: list[str], default: str) -> str:
    """Prompt until the answer is one of ``choices`` (the allowed values are shown)."""
    while True:
        answer = str(typer.prompt(f"{label} ({'/'.join(choices)})", default=default)).strip()
        if answer in choices:
            return answer
        typer.echo(f"  {answer!r} is not allowed: choose one of {', '.join(choices)}")


def _interactive(name: str | None) -> Champion:
    """Walk through the calculator's steps as prompts, showing the running rating."""
    lim = _limits()
    library = data.shapes()
    name = name or typer.prompt("Name", default="Nameless Champion")
    for s in library.shapes:
        typer.echo(f"  {s.name}: {s.text}")
    zone = _ask("Kill zone", [s.name for s in library.shapes], default="front-arc")
    shape = shape_named(zone)
    choices = [str(v) for v in range(lim.to_hit[0], lim.to_hit[1] + 1)]
    wchoices = [str(v) for v in range(lim.wounds[0], lim.wounds[1] + 1)]
    healthy, wounded = [], []
    for label, store in (("Healthy", healthy), ("Wounded", wounded)):
        for band in shape.bands:
            t = _ask(f"{label} {band} To Hit", choices, default="4")
            w = _ask(f"{label} {band} wounds a hit", wchoices, default="2")
            store.append(f"{band}={t}+/{w}")
        if label == "Healthy":
            running = make_champion(name, zone, healthy)
            typer.echo(f"  running rating (Wounded = Healthy so far): {rate(running).rating:.1f}")
    length = int(_ask("Health track spaces", [str(v) for v in range(lim.health[0], lim.health[1] + 1)], default="5"))
    box = int(_ask("First Wounded box", [str(v) for v in range(1, length)], default=str((length + 1) // 2)))
    champion = make_champion(name, zone, healthy, wounded, health=length, wounded_boxes=[box])
    typer.echo(f"  rating: {rate(champion).rating:.1f}")
    return champion


def register_calc(calc_app: typer.Typer) -> None:
    """Add ``gorechosen`` to ``skirmish create calc``."""

    @calc_app.command(
        "gorechosen",
        help=(
            "Design a Gorechosen champion: kill-zone shape, To Hit and wounds per band (Healthy "
            "and Wounded), health track; prints the card and its itemised rating.\n\n"
            "Examples:\n\n"
            "  skirmish create calc gorechosen --name Ruhgar --zone surround-lash --healthy near=3+/3 "
            "--healthy far=4+/1 --wounded near=4+/3 --wounded far=5+/1 --health 5 --wounded-box 2\n\n"
            "  skirmish create calc gorechosen --interactive -o output/ruhgar.yaml"
        ),
    )
    def gorechosen_calc(
        name: Optional[str] = typer.Option(None, "--name", help="The champion's name."),
        zone: str = typer.Option("front-arc", "--zone", help="Kill-zone shape (see content/gorechosen/kill_zones.yaml)."),
        healthy: Optional[list[str]] = typer.Option(None, "--healthy", help="BAND=TOHIT+/WOUNDS while Healthy; repeat per band."),
        wounded: Optional[list[str]] = typer.Option(None, "--wounded", help="BAND=TOHIT+/WOUNDS while Wounded (default: as Healthy)."),
        wounded_zone: Optional[str] = typer.Option(None, "--wounded-zone", help="Kill-zone shape while Wounded (default: --zone)."),
        health: int = typer.Option(5, "--health", help="Health track spaces."),
        wounded_box: Optional[list[int]] = typer.Option(None, "--wounded-box", help="Track space that turns the fighter Wounded once covered."),
        unique_action: Optional[str] = typer.Option(None, "--unique-action", help="A unique action from content/gorechosen/builder.yaml."),
        unique_rule: Optional[str] = typer.Option(None, "--unique-rule", help="A unique rule from content/gorechosen/builder.yaml."),
        interactive: bool = typer.Option(False, "--interactive", "-i", help="Ask for each choice in turn."),
        json_out: bool = typer.Option(False, "--json", help="Print the champion and its itemised rating as JSON."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the champion as a roster file (YAML); an existing file is kept unless --force or --append."),
        force: bool = typer.Option(False, "--force", help="Replace an existing --out file."),
        append: bool = typer.Option(False, "--append", help="Add to an existing --out roster, keeping its comments."),
    ) -> None:
        if interactive:
            champion = _interactive(name)
        else:
            champion = make_champion(
                name or "Nameless Champion", zone, list(healthy or ["4+/2"]), list(wounded or []) or None,
                wounded_zone, health, list(wounded_box or []) or None, unique_action, unique_rule,
            )
        if out is not None:
            write_document(out, roster_document([champion], name=champion.name), force=force, append=append)
        if json_out:
            import json

            from generator.systems.documents import built_json

            typer.echo(json.dumps(built_json("gorechosen", [champion], out), indent=2, ensure_ascii=False))
            return
        typer.echo(report(champion))
        if out is not None:
            typer.echo(f"wrote {out}", err=True)
