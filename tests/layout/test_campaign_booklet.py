"""A campaign battle's booklet: the scenario booklet with the campaign's pages, read back as text."""

import io

import pytest
from pypdf import PdfReader

from generator.content import load_roster
from generator.layout.campaign import campaign_booklet
from generator.systems.bladeborn.campaign.file import Held
from generator.systems.bladeborn.campaign.play import advanced
from generator.systems.bladeborn.campaign.start import start_campaign
from generator.systems.bladeborn.campaign.steps import Result, record


@pytest.fixture(scope="module")
def rematch():
    """Ann beat Bo once (the reward Brand of the Kept Oath); in the rematch Ann holds both artefacts
    of power and has won the random battle: her final convergence is next, so the reward goes."""
    warbands = {"a": load_roster("bladeborn/example-cinder-oath")[1],
                "b": load_roster("bladeborn/example-hollowmere-stalkers")[1]}
    first = start_campaign(warbands, 5, {"a": "Ann", "b": "Bo"}).loaded
    for _ in range(6):
        first = advanced(first, record(first, Result("a")))
    again = start_campaign(warbands, 9, {"a": "Ann", "b": "Bo"}, first.campaign).loaded
    camp = again.campaign.model_copy(deep=True)
    camp.sides["a"].artefacts = [Held(name="The Ember Crown", bearer="Soot-Runner"),
                                 Held(name="Cinderglass Mail", bearer="Oathkeeper Drum")]
    camp.sides["b"].lesser = ["Flask of Mending Ash"]
    return advanced(again, record(advanced(again, camp), Result("a")))


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_the_booklet_shows_the_convergence_the_artefacts_and_the_lesser_artefacts(rematch):
    pdf, pages, sections = campaign_booklet(rematch, "rematch")
    assert sections[:3] == ["Mission sheet", "Tokens and trackers", "The campaign: battle 2"]  # after the sheet
    assert "Balance report" not in sections
    assert {"Set-up", "Combatant cards", "Quick reference"} <= set(sections)
    text = " ".join(text_of(pdf).split())
    assert "Convergence card: The Last Oath (Ann's final convergence)" in text
    assert "Before this battle Ann discards their reward Brand of the Kept Oath" in text
    assert "The Ember Crown (artefact of power): weapons: critical damage +1." in text  # on the Soot-Runner's card
    assert "Cinderglass Mail" in text and "Flask of Mending Ash" in text
    assert "The engine plays it as: the engine has no one-off heal" in text
    assert "if only one warband has fighters on the battlefield, its player wins" in text
    assert "skirmish campaign record rematch --winner a" in text
    assert pages >= 10
