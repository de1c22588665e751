"""The scenario generator's knob on a SagaBorn squad: one HP more or less on one of its units.

A real opponent is evened by small steps of strength spread over its squads
(:mod:`generator.balance.opponent`). HP makes that step: it changes no roll of the battle dice,
only how many hits a unit takes before it falls. A step is one HP on one unit: the squad's
first units become *hardy* (``Squad.hardy_units``, one HP more than the card's HP) one at a time,
and once all but one are, the next step raises the card's HP and starts the hardy count again;
a step down walks the same ladder back. A whole HP on every unit of a five-unit squad of 2 HP
would move its durability by half at once; a unit's HP moves it by a tenth.

The printed card cost stays as printed: it is the book's number, and the team's points also buy
initiative, so a knob that moved them would change two things at once. The knob is a handicap,
and the booklet names it as one.
"""

from __future__ import annotations

from typing import Any, Optional

from pydantic import ValidationError

from generator.systems.sagaborn.models import Squad
from generator.words import knob_words, unit_numbers

def extra_hp(squad: Squad) -> int:
    """The squad's HP over all its units, in unit-HP: the ladder's rung as one number."""
    return squad.hp * squad.units + squad.hardy_units


def nudge(squad: Squad, direction: int) -> Optional[Squad]:
    """``squad`` one rung up (``direction`` 1: one unit gains 1 HP) or down (-1: one loses 1),
    its printed cost kept; None past the HP bounds."""
    rung = extra_hp(squad) + direction
    hp, hardy = divmod(rung, squad.units)
    data = squad.model_dump()
    data["hp"], data["hardy_units"] = hp, hardy
    try:
        return Squad.model_validate(data)
    except (ValidationError, ValueError):
        return None


def describe(system: Any, base: Any, force: Any) -> str:
    """The knob in players' words, squad by squad, against the card as built, naming the units
    whose HP changed: ``Aska the Grey: 8 HP (printed 9)`` (a hero), ``Vareth Halberdiers units
    1-2: 4 HP (printed 3)``, ``Frost Spears unit 3: 2 HP (printed 3)``, ``Boar each unit: 10 HP
    (printed 9)``; empty when no squad changed. Too long for the scenario file, it names the
    squads and points to their cards."""
    changes, names = [], []
    for before, after in zip(system.combatants(base), system.combatants(force)):
        was = [before.unit_hp(u) for u in range(before.units)]
        now = [after.unit_hp(u) for u in range(after.units)]
        if was == now:
            continue
        names.append(after.name)
        printed = f"printed {before.hp}" + (f", {before.hardy_words}" if before.hardy_units else "")
        if after.units == 1:
            changes.append(f"{after.name}: {now[0]} HP ({printed})")
            continue
        changed = [u for u in range(after.units) if now[u] != was[u]]
        if len(changed) == after.units and len(set(now)) == 1:
            changes.append(f"{after.name} each unit: {now[0]} HP ({printed})")
            continue
        groups: list[list[int]] = []  # runs of changed units that now have the same HP
        for u in changed:
            if groups and groups[-1][-1] == u - 1 and now[groups[-1][-1]] == now[u]:
                groups[-1].append(u)
            else:
                groups.append([u])
        parts = [f"{unit_numbers(g[0], g[-1])}: {now[g[0]]} HP" for g in groups]
        changes.append(f"{after.name} {', '.join(parts)} ({printed})")
    return knob_words(changes, names, "HP")
