"""The scenario generator's knob on a Gorechosen champion: one space more or less on the health track.

A real opponent is evened by small steps of strength (:mod:`generator.balance.opponent`). In a
duel every stat is a big step; a health space is the one that changes no roll, only how many
blows the champion takes before it falls. The space is added or taken at the bottom of the
track (the Wounded spaces stay where they are printed), and the champion's rating prices the
changed card again. A champion changed this way is no longer the book's: its source says it was
built.
"""

from __future__ import annotations

from typing import Optional

from pydantic import ValidationError

from generator.systems.gorechosen.models import Champion


def nudge(champion: Champion, direction: int) -> Optional[Champion]:
    """``champion`` with a health space more (``direction`` 1) or less (-1); None where the
    track cannot grow or shrink (ten spaces at most; a Wounded space may not become the last)."""
    data = champion.model_dump()
    data["health"]["length"] = champion.health.length + direction
    if data["source"] == "book":
        data["source"] = "built"
    try:
        return Champion.model_validate(data)
    except (ValidationError, ValueError):
        return None
