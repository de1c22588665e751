"""Random Bladeborn fighters and the Bladeborn calculator: the Warcry builders in hexes."""

from __future__ import annotations

from generator.systems.bladeborn.models import BladebornArchetypes, BladebornFighter, BladebornWarband
from generator.systems.warcry import build as warcry_build

#: Random Bladeborn forces hold 4 to 6 fighters, as the book's two warbands (4 and 6): the board
#: gives each side four turns a round and four objectives, the battles measured for the board
#: points (content/bladeborn/board-worth.yaml) were won most by forces of 5 and 6, and per-fighter
#: prices cannot say that a force of 1 or of 12 plays worse (docs/costs-warcry.md).
BLADEBORN_KIT = warcry_build.Kit("bladeborn", "Bladeborn", BladebornFighter, BladebornWarband, BladebornArchetypes,
                                 force_size=(4, 6))


def build_random(rng, count: int = 1, points=None):
    """Random Bladeborn fighters from ``content/bladeborn/archetypes.yaml``, each roll logged."""
    return warcry_build.build_random(rng, count=count, points=points, kit=BLADEBORN_KIT)


def register_calc(calc_app) -> None:
    """Add ``skirmish create calc bladeborn``."""
    warcry_build.register_calc(calc_app, BLADEBORN_KIT)


def roster_document(fighters, name: str) -> dict:
    """Built fighters as a ``kind: warband`` Bladeborn content file (``create random --out``)."""
    return warcry_build.roster_document(BLADEBORN_KIT, fighters, name)
