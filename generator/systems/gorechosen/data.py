"""The built-in Gorechosen data files (action deck, critical injuries, wrath track, kill-zone
shapes, rating assumptions, champions), loaded once and validated with this package's models.

The rules functions need these tables even when no user file is involved (the rating reads the
action deck and the engagement chances; the builder reads the shape library), so this small
loader reads them straight from the built-in ``content/gorechosen/`` folder.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ValidationError

from generator.errors import ContentError
from generator.resources import content_dir
from generator.systems.gorechosen.models import (
    ActionDeck,
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
}


def folder() -> Path:
    return content_dir() / "gorechosen"


def _load(filename: str, kind: str) -> BaseModel:
    path = folder() / filename
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as err:
        raise ContentError(f"{path}: cannot read: {err}") from None
    raw = dict(raw or {})
    raw.pop("system", None)
    found = raw.pop("kind", None)
    if found != kind:
        raise ContentError(f"{path}: kind is {found!r}, expected {kind!r}")
    try:
        return CONTENT_MODELS[kind].model_validate(raw)
    except ValidationError as err:
        problems = [f"{path}: {'.'.join(map(str, e['loc']))}: {e['msg']}" for e in err.errors()]
        raise ContentError(problems[0], problems) from None


@lru_cache(maxsize=None)
def action_deck() -> ActionDeck:
    return _load("action_deck.yaml", "action_deck")


@lru_cache(maxsize=None)
def critical_deck() -> CriticalDeck:
    return _load("critical_injuries.yaml", "critical_deck")


@lru_cache(maxsize=None)
def wrath_track() -> WrathTrack:
    return _load("wrath_track.yaml", "wrath_track")


@lru_cache(maxsize=None)
def shapes() -> ShapeLibrary:
    return _load("kill_zones.yaml", "shapes")


@lru_cache(maxsize=None)
def rating_reference() -> RatingReference:
    return _load("rating.yaml", "rating")


@lru_cache(maxsize=None)
def book_champions() -> Roster:
    return _load("champions.yaml", "roster")
