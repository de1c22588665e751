"""A random force to a budget: ``skirmish create random SYSTEM --points P`` for every system.

``--points`` is the total of the whole force. A system hands :func:`fill_budget` a way to draw
one random combatant with its cost; the filler draws a pool of candidates (each from its own
named stream, so the seed reproduces the force), takes them in drawn order while they fit, then
swaps and adds unused candidates while that brings the total closer to ``P`` without passing it.
So the force ends within the budget and as close to it as the drawn prices allow; the log says
how close.
"""

from __future__ import annotations

from typing import Callable

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.base import Built

#: Candidates drawn for one force.
POOL = 48
#: The most combatants one random force holds (no book gives a larger warband or team).
MAX_MEMBERS = 20


def fill_budget(
    draw: Callable[[Rng], tuple[Built, float]],
    rng: Rng,
    points: float,
    cheapest: float,
    what: str,
    unit: str = "points",
    max_members: int = MAX_MEMBERS,
    pool: int = POOL,
    min_members: int = 1,
) -> list[Built]:
    """Combatants whose costs total at most ``points``, as close to it as the pool allows.

    ``min_members`` > 1 leaves out candidates dearer than ``points / min_members``, so no one
    combatant takes more than its share (a system whose prices are only valid for forces of a
    few combatants or more says so; see ``docs/costs-warcry.md``)."""
    if points < cheapest:
        raise SkirmishError(f"--points {points:g} is too small: the cheapest {what} the random tables can make "
                            f"costs {cheapest:g} {unit}")
    candidates = [draw(rng.spawn(f"candidate-{k}")) for k in range(pool)]
    if min_members > 1:
        fitting = [c for c in candidates if c[1] <= points / min_members]
        candidates = fitting or candidates
    chosen: list[int] = []
    total = 0.0
    for k, (_, cost) in enumerate(candidates):
        if len(chosen) < max_members and total + cost <= points:
            chosen.append(k)
            total += cost
    if not chosen:
        raise SkirmishError(f"--points {points:g}: none of {pool} random {what}s fitted (the cheapest possible "
                            f"costs {cheapest:g} {unit}); raise --points")
    while True:  # the best single swap or addition that brings the total closer to the budget
        gap = points - total
        unused = [k for k in range(len(candidates)) if k not in chosen]
        best: tuple[float, int | None, int] | None = None
        for new in unused:
            gain = candidates[new][1]
            if len(chosen) < max_members and 0 < gain <= gap and (best is None or gain > best[0]):
                best = (gain, None, new)
            for slot, old in enumerate(chosen):
                gain = candidates[new][1] - candidates[old][1]
                if 0 < gain <= gap and (best is None or gain > best[0]):
                    best = (gain, slot, new)
        if best is None:
            break
        gain, slot, new = best
        if slot is None:
            chosen.append(new)
        else:
            chosen[slot] = new
        total += gain
    dearest = max(cost for _, cost in candidates)
    if len(chosen) == max_members and points - total > dearest:
        raise SkirmishError(f"--points {points:g} is above every limit: a random force holds at most {max_members} "
                            f"{what}s, and the best of them came to {total:g} {unit}")
    out = [candidates[k][0] for k in chosen]
    out[0].log.insert(0, f"force: {len(out)} {what}s, {total:g} of {points:g} {unit} "
                         f"(best fit from {pool} random {what}s)")
    return out
