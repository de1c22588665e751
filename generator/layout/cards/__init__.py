"""From a loaded roster to the cards to print: one thin adapter per system.

Each adapter (``generator/layout/cards/<system>.py``) reads a combatant from its system's
model and returns a plain dict -- the *card view* -- that the Jinja2 template lays out. The
adapters read attributes defensively (:func:`field`) so a dict fixture or a pydantic model
both work; all layout lives in ``templates/cards/``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field as dc_field
from typing import Any, Callable, Sequence

from generator.errors import RenderError

ADAPTER_SYSTEMS = ("bladestorm", "bladeborn", "warcry", "sagaborn", "gorechosen")


def field(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` that ``obj`` has (attribute or dict key) and is not None."""
    for name in names:
        if isinstance(obj, dict):
            value = obj.get(name)
        else:
            value = getattr(obj, name, None)
        if value is not None:
            return value
    return default


def items(obj: Any, *names: str) -> list[Any]:
    value = field(obj, *names, default=None)
    if value is None:
        return []
    if isinstance(value, dict):
        return list(value.values())
    return list(value)


def text(value: Any) -> str:
    """Enum members and numbers as plain text."""
    if value is None:
        return ""
    inner = getattr(value, "value", value)
    return str(inner)


def label(value: Any) -> str:
    """A slug such as ``cinder-oath`` or ``marrowfen`` as a reader expects it (``Cinder Oath``,
    ``Marrowfen``); text that already has capitals or spaces stays as written."""
    s = text(value)
    if s and s == s.lower() and " " not in s:
        return s.replace("-", " ").replace("_", " ").title()
    return s


@dataclass
class Face:
    template: str  # e.g. "cards/bladestorm.svg.j2"
    view: dict[str, Any]


@dataclass
class Card:
    title: str
    front: Face
    back: Face
    system: str = ""
    extra: dict[str, Any] = dc_field(default_factory=dict)


def adapter(system: str):
    if system not in ADAPTER_SYSTEMS:
        raise RenderError(f"no card layout for system {system!r}: cards exist for {', '.join(ADAPTER_SYSTEMS)}")
    return importlib.import_module(f"generator.layout.cards.{system}")


def cards_for(system: str, roster: Any, combatants: Sequence[Any] | None = None,
              odds: Callable[[dict[str, Any]], list[str]] | None = None) -> list[Card]:
    """Every card a roster prints: one per combatant plus any roster-level cards (ability card)."""
    mod = adapter(system)
    if combatants is None:
        combatants = items(roster, "combatants", "fighters", "squads", "champions")
    back = Face(f"cards/{mod.BACK}", mod.back_view(roster))
    out: list[Card] = []
    for combatant in combatants:
        view = mod.card_view(combatant)
        if odds is not None:
            view["odds"] = odds(view)
        card_back = back
        if hasattr(mod, "back_for"):
            card_back = Face(f"cards/{mod.back_for(view)[0]}", mod.back_for(view)[1])
        out.append(Card(view["name"], Face(f"cards/{mod.FRONT}", view), card_back, system))
    for template, view in getattr(mod, "extra_cards", lambda r: [])(roster):
        out.append(Card(view["name"], Face(f"cards/{template}", view), back, system))
    return out


def priced_cost(combatant: Any, system: str, *names: str) -> str:
    """The cost a card shows: the printed one, else the rules core's own price for it.

    The book's Bladestorm goblins, for example, come with a side total but no TPC each; a card
    with an empty cost badge would look broken, so it shows what ``skirmish cost`` would say.
    Plain dict fixtures (no model) show only what they carry.
    """
    from pydantic import BaseModel

    value = field(combatant, *names, default=None)
    if value in (None, "") and isinstance(combatant, BaseModel):
        from generator.systems import get_system

        price = get_system(system).price
        if price is not None:
            value = round(price([combatant])[0].cost)
    return text(value) if value is not None else ""
