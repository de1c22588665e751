"""Forces as balance sees them: two rosters of one system, their costs, and random forces to a budget.

Balance never looks inside a roster beyond the System record: ``combatants`` (or ``fighters``,
who actually fights) and ``price`` give the cost of a side; ``build_random(rng, points=P)``
gives the combatants of one random force within ``P``; ``extra["roster_document"]`` turns
combatants back into a roster file, which the system's own content model validates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from generator.errors import SkirmishError


def members(system: Any, roster: Any, options: dict | None = None) -> list:
    """The combatants of a roster who take part in a battle (and so are paid for).

    With the battle's ``options``, a system whose battles seat a different number of combatants
    by variant (a Gorechosen team battle sends two champions, a duel one) says who fights
    through ``System.extra["fighters_for"](roster, options)``."""
    hook = (system.extra or {}).get("fighters_for")
    if hook is not None and options is not None:
        return list(hook(roster, options))
    pick = system.fighters or system.combatants
    return list(pick(roster))


def side_cost_of(system: Any, roster: Any, options: dict | None = None):
    """A side's price the one way every command shares (``generator.systems.base.side_cost``:
    a printed total such as a book's TPC first, the cost model's estimate beside it)."""
    from generator.systems.base import side_cost

    return side_cost(system, roster, members(system, roster, options))


def force_cost(system: Any, roster: Any, options: dict | None = None) -> float:
    """What a side costs in the system's unit (points, TPC, rating), for the battle of ``options``
    when given (who fights may depend on it)."""
    if system.price is None:
        return 0.0
    return float(side_cost_of(system, roster, options).total)


def force_name(roster: Any, fallback: str) -> str:
    return str(getattr(roster, "name", None) or fallback)


def load_pair(path_a: Path, path_b: Path):
    """Two roster files of one system: ``(system, roster_a, roster_b)``; one-line error otherwise."""
    from generator.play.simulate import load_two

    return load_two(path_a, path_b, "a match-up")


def roster_from(system: Any, combatants: Sequence[Any], name: str) -> Any:
    """Combatants (or built teams) as the roster model the system loads from a file."""
    writer = system.extra.get("roster_document")
    if writer is None:
        raise SkirmishError(f"{system.title} cannot write a roster of built combatants yet")
    document = writer(list(combatants), name)
    model = system.content_models[document["kind"]]
    return model.model_validate({k: v for k, v in document.items() if k not in ("system", "kind")})


def random_force(system: Any, points: float, rng: Any, name: str = "random force", count: int | None = None) -> Any:
    """One random force within ``points`` (the system's builder decides how close it gets);
    ``count`` asks for that many combatants sharing the budget (a Gorechosen team of two), where
    the system's builder takes a count with a budget."""
    if system.build_random is None:
        raise SkirmishError(f"{system.title} has no random builder yet")
    built = system.build_random(rng, points=points) if count is None else system.build_random(rng, count=count, points=points)
    return roster_from(system, [b.combatant for b in built], name)


def with_members(system: Any, roster: Any, combatants: Sequence[Any], name: str) -> Any:
    """``roster`` with its combatants replaced (everything else kept: ability card, point limit,
    notes), validated again; falls back to :func:`roster_from` when the list is not found."""
    printed = getattr(system, "printed_total", None)
    if printed is not None and printed(roster) is not None:
        # a printed total (a Bladestorm roster's TPC) would go stale: write the roster afresh
        return roster_from(system, combatants, name)
    listed = list(system.combatants(roster))
    for field_name, value in roster:
        if isinstance(value, list) and value and value == listed:
            data = roster.model_dump()
            data[field_name] = [c.model_dump() if hasattr(c, "model_dump") else c for c in combatants]
            data["name"] = name
            return type(roster).model_validate(data)
    return roster_from(system, combatants, name)


def plus_one(system: Any, roster: Any) -> Any:
    """The same roster with its first combatant twice: the "clearly stronger" side of the checks."""
    listed = list(system.combatants(roster))
    for field_name, value in roster:
        if isinstance(value, list) and value and value == listed:
            first = value[0]
            extra = first.model_copy(update={"name": f"{first.name} II"}) if hasattr(first, "name") else first
            return roster.model_copy(update={field_name: value + [extra]})
    raise SkirmishError(f"{system.title}: cannot find the combatant list of {force_name(roster, 'the roster')}")


def resolve_map(value: Any) -> Any:
    """``--map``: a BoardMap, a map file, or a built-in map by name (``drawn-and-quartered`` or
    ``maps/drawn-and-quartered``, through the content library so ``--content`` applies); None stays None."""
    if value is None or not isinstance(value, (str, Path)):
        return value
    from generator.boards.mapfile import load_map
    from generator.content.library import find_named

    for ref in (value, f"maps/{value}"):
        path = find_named(ref)
        if path.exists():
            return load_map(path)
    raise SkirmishError(f"--map: {value!r} is neither a map file nor a built-in map; `skirmish systems` lists the maps")


def battle_options(map_: Any = None, card: str | None = None, variant: str | None = None, twist: str | None = None) -> dict:
    """The ``options`` dict ``System.make_battle`` takes, from the command line's values."""
    return {"map": resolve_map(map_), "card": card, "variant": variant, "twist": twist}
