"""Random builders draw names from short tables, so one batch can repeat a name; number repeats.

``skirmish show FILE NAME`` picks a combatant by name, so every combatant in a built roster
needs its own. Renaming happens after all the rolls, so it never changes what a seed builds.
"""

from __future__ import annotations

from typing import Sequence

from generator.systems.base import Built


def number_repeated_names(built: Sequence[Built]) -> list[Built]:
    """The same builds, a repeated name getting " 2", " 3"... (the first keeps its name)."""
    taken: set[str] = set()
    for item in built:
        name = item.combatant.name
        if name in taken:
            number = 2
            while f"{name} {number}" in taken:
                number += 1
            name = f"{name} {number}"
            item.combatant = item.combatant.model_copy(update={"name": name})
            item.log.append(f"renamed {name} (the name was already taken)")
        taken.add(name)
    return list(built)
