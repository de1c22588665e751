"""The built-in Gorechosen data files (action deck, critical injuries, wrath track, kill-zone
shapes, rating assumptions, champions), loaded once and validated with this package's models.

The rules functions need these tables even when no user file is involved (the rating reads the
action deck and the engagement chances; the builder reads the shape library), so this small
loader reads them straight from the built-in ``content/gorechosen/`` folder.
"""

from __future__ import annotations


from pydantic import BaseModel

from generator.errors import ContentError
from generator.systems.gorechosen.models import (
    ActionDeck,
    BuilderTables,
    CriticalDeck,
    RatingReference,
    Roster,
    ShapeLibrary,
    WrathTrack,
)

CONTENT_MODELS: dict[str, type[BaseModel]] = {
    "roster": Roster,
    "action_deck": ActionDeck,
    "critical_deck": CriticalDeck,
    "wrath_track": WrathTrack,
    "shapes": ShapeLibrary,
    "rating": RatingReference,
    "builder": BuilderTables,
}


def _load(filename: str, kind: str) -> BaseModel:
    """Load one built-in file with the shared loader (its errors carry file:line: field)."""
    from generator.content import load_model

    from generator.content import content_path, load_content, read_content

    path = content_path(f"gorechosen/{filename}")
    model = load_content(f"gorechosen/{filename}", CONTENT_MODELS[kind])
    found = read_content(f"gorechosen/{filename}").data.get("kind")
    if found != kind:
        raise ContentError(f"{path}: kind is {found!r}, expected {kind!r}")
    return model


def action_deck() -> ActionDeck:
    return _load("action_deck.yaml", "action_deck")


def critical_deck() -> CriticalDeck:
    return _load("critical_injuries.yaml", "critical_deck")


def wrath_track() -> WrathTrack:
    return _load("wrath_track.yaml", "wrath_track")


def shapes() -> ShapeLibrary:
    return _load("kill_zones.yaml", "shapes")


def rating_reference() -> RatingReference:
    return _load("rating.yaml", "rating")


def book_champions() -> Roster:
    return _load("champions.yaml", "roster")


def builder_tables() -> BuilderTables:
    return _load("builder.yaml", "builder")
