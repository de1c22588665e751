"""A campaign between the two example warbands, made in the test, no battle played."""

import pytest

from generator.content import load_roster


@pytest.fixture
def warbands():
    return {"a": load_roster("bladeborn/example-cinder-oath")[1],
            "b": load_roster("bladeborn/example-hollowmere-stalkers")[1]}


@pytest.fixture
def campaign(warbands):
    """A new campaign (seed 5): Ann with the Cinder Oath, Bo with the Hollowmere Stalkers."""
    from generator.systems.bladeborn.campaign.start import start_campaign

    return start_campaign(warbands, 5, {"a": "Ann", "b": "Bo"}).loaded
