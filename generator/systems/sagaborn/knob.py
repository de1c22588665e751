"""The scenario generator's knob on a SagaBorn squad: one HP more or less on each of its units.

A real opponent is evened by small steps of strength spread over its squads
(:mod:`generator.balance.opponent`). HP makes that step: it changes no roll of the battle dice,
only how many hits a unit takes before it falls. The printed card cost stays as printed: it is
the book's number, and the team's points also buy initiative, so a knob that moved them would
change two things at once. The knob is a handicap, and the booklet names it as one.
"""

from __future__ import annotations

from typing import Optional

from pydantic import ValidationError

from generator.systems.sagaborn.models import Squad


def nudge(squad: Squad, direction: int) -> Optional[Squad]:
    """``squad`` with one HP more (``direction`` 1) or less (-1) a unit, its printed cost kept;
    None past the HP bounds."""
    data = squad.model_dump()
    data["hp"] = squad.hp + direction
    try:
        return Squad.model_validate(data)
    except (ValidationError, ValueError):
        return None
