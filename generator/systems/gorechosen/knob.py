"""The scenario generator's knob on a Gorechosen champion: the smallest step of durability there is.

A real opponent is evened by small steps of strength (:mod:`generator.balance.opponent`). In a
duel every stat is a big step, and so is a whole health space: a track of ``n`` spaces absorbs
``n`` wounds more than one of ``n - 1``. The finer step is where the Health marker starts: a
space lower and the champion begins the duel a wound down, and turns Wounded a wound sooner.

A space more with the marker started lower is longer in all but the Healthy phase, so wounds alone
do not order the settings; the champion's rating does (it weighs each phase's wounds by what the
champion deals in it). The knob's settings are every track of two to ten spaces that keeps the
printed Wounded spaces above the bottom, with every start above the bottom, ordered by rating; a
step is one place along that ladder, most often a single wound. The champion's rating prices the
changed card again. A champion changed this way is no longer the book's: its source says it was
built, and its card and the booklet show the track and where its marker starts.
"""

from __future__ import annotations

from typing import Any, Optional

from pydantic import ValidationError

from generator.systems.gorechosen.models import Champion, HealthTrack
from generator.words import knob_words

_LADDERS: dict[str, list[tuple[int, int]]] = {}


def _strength(champion: Champion) -> tuple[float, int]:
    """What orders the settings: the rating, unrounded, then wounds to slay."""
    from generator.systems.gorechosen.cost import rate
    from generator.systems.gorechosen.mechanics import track_wounds_to_slay

    return rate(champion).unrounded, track_wounds_to_slay(champion.health)


def ladder(champion: Champion) -> list[tuple[int, int]]:
    """Every (length, start) the champion's track can take, weakest first."""
    key = champion.model_dump_json(exclude={"name": True, "source": True, "health": {"length", "start"}})
    if key not in _LADDERS:
        boxes = champion.health.wounded_boxes
        rungs = []
        for length in range(max(boxes) + 1, 11):
            for start in range(1, length):
                track = HealthTrack(length=length, wounded_boxes=boxes, start=start)
                rungs.append((_strength(champion.model_copy(update={"health": track})), (length, start)))
        _LADDERS[key] = [setting for _, setting in sorted(rungs)]
    return _LADDERS[key]


def nudge(champion: Champion, direction: int) -> Optional[Champion]:
    """``champion`` a step stronger (``direction`` 1) or weaker (-1) along its :func:`ladder`;
    None at either end (ten spaces with the marker on the top; the shortest track the Wounded
    spaces allow, marker just above the bottom)."""
    rungs = ladder(champion)
    here = rungs.index((champion.health.length, champion.health.start))
    there = here + (1 if direction > 0 else -1)
    if not 0 <= there < len(rungs):
        return None
    length, start = rungs[there]
    data = champion.model_dump()
    data["health"].update(length=length, start=start)
    if data["source"] == "book":
        data["source"] = "built"
    try:
        return Champion.model_validate(data)
    except (ValidationError, ValueError):
        return None


def describe(system: Any, base: Any, force: Any) -> str:
    """The knob in players' words, champion by champion, against the card as built: ``Ushrak:
    Health marker starts on space 3 (built: the top)``, or ``Threx: 8-space health track, marker
    starting on space 6 (built: 7 spaces)``; empty when no track changed. Too long for the
    scenario file, it names the champions and points to their cards."""
    changes, names = [], []
    for before, after in zip(system.combatants(base), system.combatants(force)):
        b, a = before.health, after.health
        if (b.length, b.start) == (a.length, a.start):
            continue
        names.append(after.name)
        was = "the top" if b.start == 1 else f"space {b.start}"
        if a.length == b.length:
            changes.append(f"{after.name}: Health marker starts on space {a.start} (built: {was})")
        else:
            changes.append(f"{after.name}: {a.length}-space health track, marker starting on space {a.start} "
                           f"(built: {b.length} spaces)")
    return knob_words(changes, names, "health tracks")
