"""The scenario generator's knob on a Warcry or Bladeborn fighter: a few Wounds more or less.

A real opponent is evened by small, sure steps of strength spread over its fighters
(:mod:`generator.balance.opponent`). Wounds make that step: a Wound changes no roll, only how long
the fighter stands, so strength rises steadily with the knob and never crosses a to-hit
threshold the way a point of Strength or Toughness does. One step is one Wound on a Bladeborn
fighter (a leader has about 20) and two on a Warcry one (damage comes in bigger numbers there);
the board points price the changed card again, so the force's price says what the step cost.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from pydantic import ValidationError

#: Wounds one step of the knob adds or takes away.
WOUNDS_STEP = {"bladeborn": 1, "warcry": 2}


def wounds_nudge(system: str) -> Callable[[Any, int], Optional[Any]]:
    """``System.extra["nudge"]`` of ``system``: the fighter with one step of Wounds more
    (``direction`` 1) or less (-1), None past the card's limits."""
    step = WOUNDS_STEP[system]

    def nudge(fighter: Any, direction: int) -> Optional[Any]:
        data = fighter.model_dump()
        data["wounds"] = fighter.wounds + direction * step
        try:
            return type(fighter).model_validate(data)
        except (ValidationError, ValueError):
            return None

    nudge.__name__ = f"nudge_{system}"
    return nudge
