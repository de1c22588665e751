"""A view of one Bladestorm combatant in a battle: its card, base and footing, where it stands,
its hits and what it has done this turn.

The battle's numbers (:class:`~generator.systems.bladestorm.core_data.Pieces`) are the truth;
a :class:`Piece` reads them for players, tests and logs by name (``piece.anchor``,
``piece.endurance_left``), and setting ``anchor``, ``hits`` or ``removed`` writes them back,
as a test arranging a position does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.systems.bladestorm.footing import MILLI, Footing
from generator.systems.bladestorm.models import Combatant

if TYPE_CHECKING:  # pragma: no cover
    from generator.systems.bladestorm.game import BladestormState


class Piece:
    """A view of one combatant of a state: its card, base, where it stands, what happened to it
    (for players, tests and logs; the state's numbers are the truth, and setting ``anchor``
    moves the base)."""

    __slots__ = ("state", "index")

    def __init__(self, state: "BladestormState", index: int):
        self.state, self.index = state, index

    @property
    def id(self) -> str:
        return self.state.prepared.ids[self.index]

    @property
    def side(self) -> str:
        return self.state.prepared.seats[self.index]

    @property
    def card(self) -> Combatant:
        return self.state.prepared.cards[self.index]

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def footing(self) -> Footing:
        prepared = self.state.prepared
        return prepared.footings[prepared.table_of[self.index]]

    @property
    def base_in(self) -> float:
        return self.state.prepared.base_in[self.index]

    @property
    def k(self) -> int:
        return self.footing.k

    @property
    def arms(self) -> tuple:
        return tuple(self.card.attacks()) if self.card.armed else ()

    @property
    def fighter(self) -> "Piece":
        """The combatant in play (its hits and Endurance): the piece itself answers for it."""
        return self

    @property
    def hits(self) -> int:
        return self.state.flat.hits[self.index]

    @hits.setter
    def hits(self, value: int) -> None:
        self.state.flat.hits[self.index] = value

    @property
    def removed(self) -> bool:
        return bool(self.state.flat.removed[self.index])

    @removed.setter
    def removed(self, value: bool) -> None:
        self.state.flat.removed[self.index] = int(bool(value))

    @property
    def defeated(self) -> bool:
        return self.endurance_left <= 0

    @property
    def anchor(self) -> int:
        return self.state.flat.anchor[self.index]

    @anchor.setter
    def anchor(self, value: int) -> None:
        self.state.flat.anchor[self.index] = value

    @property
    def moved(self) -> bool:
        return bool(self.state.flat.moved[self.index])

    @property
    def attacked(self) -> bool:
        return bool(self.state.flat.attacked[self.index])

    @property
    def standing(self) -> bool:
        return not self.state.flat.removed[self.index]

    @property
    def placed(self) -> bool:
        return self.anchor >= 0

    @property
    def budget(self) -> int:
        return self.card.movement * MILLI

    @property
    def endurance_left(self) -> int:
        flat = self.state.flat
        return flat.endurance[self.index] - flat.hits[self.index]

    def __eq__(self, other) -> bool:
        return isinstance(other, Piece) and other.state is self.state and other.index == self.index

    def __hash__(self) -> int:
        return hash((id(self.state), self.index))

    def __repr__(self) -> str:
        return f"Piece({self.id} {self.name})"
