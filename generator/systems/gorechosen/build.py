"""Random Gorechosen champions inside the builder's limits, optionally to a rating budget.

Every number comes from an Rng roll that is written to the log, so the same seed gives the
same champion and the log shows how it was made. A budget is a ceiling on the rating: the
builder rolls whole champions until one fits, and keeps the best fit (the highest rating not
above the budget) among a fixed number of tries.
"""

from __future__ import annotations

import functools

from typing import Sequence

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.base import Built
from generator.systems.gorechosen import data
from generator.systems.gorechosen.cost import rate
from generator.systems.gorechosen.models import (
    BuilderTables,
    Champion,
    HealthTrack,
    KillZoneShape,
    Profile,
    Side,
)
from generator.systems.naming import number_repeated_names

TRIES = 60
"""Whole champions rolled per budgeted champion; the closest one under the budget is kept."""

GOOD_ENOUGH = 0.9
"""A budgeted roll at or above this share of the budget is kept without further tries."""


def side_from_shape(shape: KillZoneShape, profiles: dict[str, Profile]) -> Side:
    return Side(profiles=dict(profiles), kill_zone=[h.model_copy() for h in shape.hexes])


def _roll(rng: Rng, log: list[str], what: str, low: int, high: int) -> int:
    value = rng.integers(low, high)
    log.append(f"{what}: rolled {value} ({low}-{high})")
    return value


def _pick(rng: Rng, log: list[str], what: str, items: Sequence, label=lambda x: x):
    index = rng.integers(0, len(items) - 1)
    log.append(f"{what}: rolled {index + 1} of {len(items)} -> {label(items[index])}")
    return items[index]


def roll_champion(rng: Rng, tables: BuilderTables | None = None, shapes: Sequence[KillZoneShape] | None = None) -> Built:
    """One random champion within the limits, with the log of every roll."""
    tables = tables or data.builder_tables()
    shapes = list(shapes or data.shapes().shapes)
    lim = tables.limits
    log: list[str] = []
    name = f"{_pick(rng, log, 'name', tables.first_names)} {_pick(rng, log, 'epithet', tables.epithets)}"
    shape = _pick(rng, log, "kill zone", shapes, lambda s: s.name)
    healthy: dict[str, Profile] = {}
    wounded: dict[str, Profile] = {}
    for band in shape.bands:
        to_hit = _roll(rng, log, f"{band} To Hit", *lim.to_hit)
        wounds = _roll(rng, log, f"{band} wounds", *lim.wounds)
        worse = _roll(rng, log, f"{band} Wounded To Hit worse by", *lim.wounded_worse_to_hit)
        fewer = _roll(rng, log, f"{band} Wounded wounds fewer by", *lim.wounded_fewer_wounds)
        healthy[band] = Profile(to_hit=to_hit, wounds=wounds)
        wounded[band] = Profile(
            to_hit=min(lim.to_hit[1], to_hit + worse), wounds=max(lim.wounds[0], wounds - fewer)
        )
    length = _roll(rng, log, "health track length", *lim.health)
    box = _roll(rng, log, "first Wounded box", 1, length - 1)
    action = _pick(rng, log, "unique action", tables.unique_actions, lambda a: a.name)
    rule = _pick(rng, log, "unique rule", tables.unique_rules, lambda r: r.name)
    fate = _pick(rng, log, "fate of the slain", tables.fates, lambda f: f.text[:30] + "...")
    champion = Champion(
        name=name,
        source="built",
        note=f"Random champion (our own builder); kill zone shape {shape.name}.",
        healthy=side_from_shape(shape, healthy),
        wounded=side_from_shape(shape, wounded),
        health=HealthTrack(length=length, wounded_boxes=[box]),
        unique_action=action.model_copy(),
        unique_rule=rule.model_copy(),
        fate_of_the_slain=fate.text,
        fate=fate.fate.model_copy(),
    )
    return Built(champion, log)


def upgrade_legacy(raw: dict, tables: BuilderTables | None = None) -> dict:
    """A champion written before every ability had a kind (play files of earlier fits), as the
    models read it now: a builder ability or Fate is matched by its name or words to today's
    table; anything else is marked flavour-only. The numbers the rating reads are untouched."""
    tables = tables or data.builder_tables()
    out = dict(raw)
    for field, table in (("unique_action", tables.unique_actions), ("unique_rule", tables.unique_rules)):
        ability = dict(out[field])
        match = next((a for a in table if a.name == ability.get("name")), None)
        if match is not None:
            ability = match.model_dump(mode="json", exclude_none=True)
        elif ability.get("kind") in (None, "other", "text"):
            ability = {"name": ability["name"], "text": ability["text"], "flavour": True}
        out[field] = ability
    if out.get("fate") in (None, "text"):
        match = next((f for f in tables.fates if f.text == out.get("fate_of_the_slain")), None)
        out["fate"] = match.fate.model_dump(mode="json") if match else {"flavour": True}
    return out


def weakest_rating(tables: BuilderTables | None = None, shapes: Sequence[KillZoneShape] | None = None) -> float:
    """The lowest rating any legal random champion can have (worst profiles, shortest track)."""
    tables = tables or data.builder_tables()
    shapes = list(shapes or data.shapes().shapes)
    lim = tables.limits
    worst = Profile(to_hit=lim.to_hit[1], wounds=lim.wounds[0])
    first = tables.unique_actions[0], tables.unique_rules[0], tables.fates[0]
    ratings = []
    for shape in shapes:
        side = side_from_shape(shape, {b: worst for b in shape.bands})
        champion = Champion(
            name="weakest", source="built", healthy=side, wounded=side,
            health=HealthTrack(length=lim.health[0], wounded_boxes=[1]),
            unique_action=first[0], unique_rule=first[1], fate_of_the_slain=first[2].text, fate=first[2].fate,
        )
        ratings.append(rate(champion).rating)
    return min(ratings)


def strongest_rating(tables: BuilderTables | None = None, shapes: Sequence[KillZoneShape] | None = None) -> float:
    """A ceiling on the rating of a random champion (best profiles, longest track, best extras),
    so a budget no champion can approach is refused rather than silently under-spent."""
    tables = tables or data.builder_tables()
    shapes = list(shapes or data.shapes().shapes)
    lim = tables.limits
    best = Profile(to_hit=lim.to_hit[0], wounds=lim.wounds[1])
    ratings = []
    for shape in shapes:
        side = side_from_shape(shape, {b: best for b in shape.bands})
        for action in tables.unique_actions:
            for rule in tables.unique_rules:
                for fate in tables.fates:
                    champion = Champion(
                        name="strongest", source="built", healthy=side, wounded=side,
                        health=HealthTrack(length=lim.health[1], wounded_boxes=[lim.health[1] - 1]),
                        unique_action=action, unique_rule=rule, fate_of_the_slain=fate.text, fate=fate.fate,
                    )
                    ratings.append(rate(champion).rating)
    return max(ratings)


@functools.lru_cache(maxsize=1)
def _builtin_ceiling() -> float:
    return strongest_rating()


def build_random(rng: Rng, count: int = 1, points: float | None = None) -> list[Built]:
    """``count`` random champions; with ``points``, their ratings total at most ``points``.

    ``points`` is the budget of the whole force (as ``skirmish create random --points`` means it
    for every system): each of the ``count`` champions gets an equal share, and the best of
    :data:`TRIES` rolls within that share is kept. Each champion draws from its own named
    stream of ``rng``, so asking for more champions never changes the first ones.
    """
    if count < 1:
        raise SkirmishError(f"--count {count} is below the minimum 1")
    if points is not None:
        floor = weakest_rating()
        if points / count < floor:
            raise SkirmishError(
                f"--points {points:g} is too small: the weakest legal Gorechosen champion rates {floor:.1f}"
                + (f" and {count} champions share the budget" if count > 1 else "")
            )
        ceiling = _builtin_ceiling()
        if points / count > ceiling:
            raise SkirmishError(
                f"--points {points:g} is above every limit: no legal Gorechosen champion rates above {ceiling:.1f}"
                + (f" ({count} champions share the budget)" if count > 1 else "")
            )
    out: list[Built] = []
    share = None if points is None else points / count
    for i in range(count):
        stream = rng.spawn(f"gorechosen-champion-{i}")
        if points is None:
            out.append(roll_champion(stream))
            continue
        best: Built | None = None
        best_rating = -1.0
        tries_log: list[str] = []
        for attempt in range(1, TRIES + 1):
            built = roll_champion(stream)
            rating = rate(built.combatant).rating
            verdict = "over the budget" if rating > share else "fits"
            tries_log.append(f"try {attempt}: {built.combatant.name} rates {rating:.1f} ({verdict})")
            if rating <= share and rating > best_rating:
                best, best_rating = built, rating
                if rating >= GOOD_ENOUGH * share:
                    break
        if best is None:
            raise SkirmishError(
                f"--points {points:g}: no champion within {share:g} in {TRIES} tries; "
                f"the weakest legal champion rates {weakest_rating():.1f}, try a larger budget"
            )
        best.log[:0] = tries_log + [f"kept: {best.combatant.name} at {best_rating:.1f} of {share:g}"]
        out.append(best)
    return number_repeated_names(out)


#: The one-step raises of a champion's numbers the monotonicity checks use (``raised``).
RAISES = ("to_hit", "wounds", "health")


def can_raise(champion: Champion, stat: str) -> bool:
    """Whether ``raised`` makes the champion stronger while Healthy: To Hit cannot pass 2+, so a
    champion whose every Healthy profile hits on 2+ has no better attack to be given."""
    if stat == "to_hit":
        return any(p.to_hit > 2 for p in champion.healthy.profiles.values())
    if stat == "wounds":
        return any(p.wounds < 6 for p in champion.healthy.profiles.values())
    return champion.health.length < 10


def raised(champion: Champion, stat: str) -> Champion:
    """The same champion one step stronger in one number: ``to_hit`` one better on every
    profile that is not already 2+, ``wounds`` one more a hit on every profile (up to 6), or
    ``health`` one more space on the track (the Wounded boxes stay where they are).

    A stronger card must win more often than the card it was raised from; the monotonicity
    checks (``benchmarks/bench_gorechosen_monotone.py``) hold the engine and the player to it.
    """
    if stat not in RAISES:
        raise ValueError(f"{stat!r}: raise one of {', '.join(RAISES)}")

    def side(s: Side) -> Side:
        profiles = {}
        for band, p in s.profiles.items():
            if stat == "to_hit":
                p = Profile(to_hit=max(2, p.to_hit - 1), wounds=p.wounds)
            elif stat == "wounds":
                p = Profile(to_hit=p.to_hit, wounds=min(6, p.wounds + 1))
            profiles[band] = p
        return Side(profiles=profiles, kill_zone=[h.model_copy() for h in s.kill_zone])

    update = {"name": f"{champion.name} (+{stat.replace('_', ' ')})"}
    if stat == "health":
        update["health"] = HealthTrack(length=champion.health.length + 1, wounded_boxes=list(champion.health.wounded_boxes))
    else:
        update["healthy"], update["wounded"] = side(champion.healthy), side(champion.wounded)
    return champion.model_copy(update=update)
