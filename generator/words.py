"""Small rules of English the printed words follow, in one place."""

from __future__ import annotations


def possessive(name: str) -> str:
    """``Player A's``, ``Goblins of the Ash Lairs'``: a name ending in s takes the apostrophe alone."""
    name = str(name)
    return name + ("'" if name.endswith(("s", "S")) else "'s")


#: The most a scenario file's ``balance.knob`` holds (``generator/scenarios/schema.py``).
KNOB_MOST = 200


def knob_words(changes: list[str], names: list[str], what: str) -> str:
    """A knob's changes, one per combatant, joined for the scenario file; too long for it, the
    combatants named and pointed to their cards ("``what`` changed for A and B (see their cards)")."""
    text = "; ".join(changes)
    if len(text) > KNOB_MOST:
        text = f"{what} changed for {' and '.join(names)} (see their cards)"
    return text[:KNOB_MOST]


def unit_numbers(first: int, last: int) -> str:
    """Units by their number on the card, 0 first: ``unit 3``, ``units 1-2``."""
    return f"unit {first + 1}" if first == last else f"units {first + 1}-{last + 1}"
