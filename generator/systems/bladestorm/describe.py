"""A combatant as a plain-text card for the terminal (``skirmish show``)."""

from __future__ import annotations

from generator.systems.bladestorm.models import Combatant, builtin_tables


def endurance_boxes(endurance: int, hits: int = 0) -> str:
    """One box per Endurance point, in groups of five; checked boxes are hits taken."""
    marks = ["x" if i < hits else "o" for i in range(endurance)]
    return " ".join("".join(marks[i:i + 5]) for i in range(0, endurance, 5))


def describe(card: Combatant) -> str:
    tables = builtin_tables()
    base = tables.bases[card.base_name]  # type: ignore[index]
    title = f"{card.name} - {card.race}, {card.size}, {base.label()} base"
    if card.tpc is not None:
        from generator.systems.bladestorm.cost import price_one

        priced = price_one(card)  # the printed TPC is the cost; the model's estimate beside it
        title += f"  [TPC {card.tpc}" + (f", model {priced.model:g}" if priced.model != card.tpc else "") + "]"
    lines = [
        title,
        f"  Movement Rate  {card.movement}\"",
        f"  Melee Attack   {card.melee_attack or '-'}",
        f"  Melee Damage   {card.melee_damage or '-'}",
        f"  Defense        {card.defense}",
        f"  Endurance      ({card.endurance})  {endurance_boxes(card.endurance)}",
    ]
    for slot, weapon in enumerate(card.weapons, start=1):
        lines.append(f"  Weapon {slot}       {weapon.name}: attack {weapon.attack}, damage {weapon.damage}")
    if card.special:
        lines.append(f"  Special        {card.special}")
    return "\n".join(lines)
