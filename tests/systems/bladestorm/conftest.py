"""Shared fixtures: the book's four Warriors of Ash combatants, loaded from content/."""

import pytest

from generator.content import load_file
from generator.resources import content_dir
from generator.systems.bladestorm.models import Roster


def load_roster(filename: str) -> Roster:
    loaded = load_file(content_dir() / "bladestorm" / filename)
    assert (loaded.system, loaded.kind) == ("bladestorm", "roster")
    return loaded.model


@pytest.fixture
def goblins() -> Roster:
    return load_roster("warriors-of-ash-goblins.yaml")


@pytest.fixture
def troll() -> Roster:
    return load_roster("warriors-of-ash-sea-troll.yaml")


@pytest.fixture
def cards(goblins, troll):
    """name -> combatant card, for the four book combatants."""
    return {c.name: c for c in [*goblins.combatants, *troll.combatants]}
