"""The pieces of a SagaBorn battle's state: figures on the board, squad cards in play, and an
attack waiting for a talent decision.

Plain records the state's parts share (:mod:`game` and the rules modules it is made of), kept
apart so each rules module can name them without importing the state itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.systems.sagaborn import effects as fx
from generator.systems.sagaborn.models import Squad, UnitStats
from generator.systems.sagaborn.talents import TalentCards

SIDES = ("a", "b")
RELIC_HEAL = fx.RELIC_HEAL


def other(side: str) -> str:
    return "b" if side == "a" else "a"


@dataclass
class Fighter:
    """One figure on the board."""

    uid: str
    side: str
    squad: int
    name: str
    stats: UnitStats
    printed: UnitStats
    hp: int
    pos: tuple | None
    hero: bool
    relic_user: bool
    weapon: str | None = None
    relics: list = field(default_factory=list)
    kind: str = "hero"  # the squad type: hero, minion or creature
    stride: bool = False  # water costs it no extra (a water_stride special)
    pinned: int = 0  # 1 + the enemy squad whose pin holds it in its hex in its next activation, or 0


    @property
    def alive(self) -> bool:
        return self.hp > 0


@dataclass
class SquadState:
    side: str
    index: int
    card: Squad
    units: list[str]
    cards: TalentCards
    activated: bool = False
    ruthless: bool | None = None
    special_round: int = 0  # the round a once-per-round special was last used
    pack: object = None  # the card's pack_attack effect, if it has one (asked for every view)


@dataclass
class Strike:
    """An attack being resolved, waiting for a talent decision."""

    attacker: str
    target: str
    kind: str  # "attack" | "cleave" | "riposte"
    att: list
    dfn: list
    first: dict
    mods: dict
    levels: dict
    hidden: float
    stage: str = "attacker"
    att_rerolled: set = field(default_factory=set)
    def_rerolled: set = field(default_factory=set)
    talents: list = field(default_factory=list)
    damage: int = 0
    receiver: str | None = None
    killed: bool = False
    adjacent: bool = True
