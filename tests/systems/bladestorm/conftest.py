"""Shared fixtures: the book's four Warriors of Ash combatants, loaded from content/."""

import pytest
import yaml

from generator.resources import content_dir
from generator.systems.bladestorm.models import Roster


def load_roster(filename: str) -> Roster:
    data = yaml.safe_load((content_dir() / "bladestorm" / filename).read_text(encoding="utf-8"))
    assert data.pop("system") == "bladestorm"
    assert data.pop("kind") == "roster"
    return Roster.model_validate(data)


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
