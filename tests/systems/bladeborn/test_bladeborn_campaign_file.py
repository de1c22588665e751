"""The campaign file: what a hand edit can get wrong, said with file:line; writes that cannot half happen."""

import os
import re

import pytest

from generator.errors import ContentError
from generator.systems.bladeborn.campaign.file import dump_campaign, load_campaign, save_campaign


@pytest.fixture
def folder(tmp_path, campaign):
    save_campaign(campaign.campaign, tmp_path / "campaign.yaml")
    return tmp_path


def edit(folder, old, new):
    path = folder / "campaign.yaml"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if new.strip().splitlines()[0] in line)


def test_a_campaign_file_reads_back_as_it_was_written(folder, campaign):
    assert load_campaign(folder).campaign == campaign.campaign
    assert dump_campaign(load_campaign(folder / "campaign.yaml").campaign) == (folder / "campaign.yaml").read_text()


@pytest.mark.parametrize("old, new, message", [
    ("player: Ann\n    convergences: Convergences of the Cinder Oath\n    artefacts: []",
     "player: Ann\n    convergences: Convergences of the Cinder Oath\n    artefacts: [{name: The Ember Crown, bearer: Vashty}]",
     "'Vashty' is not a fighter of The Cinder Oath; choose one of Vashti Ember-Crowned"),
    ("player: Bo\n    convergences: Convergences of the Hollowmere Stalkers\n    artefacts: []",
     "player: Bo\n    convergences: Convergences of the Hollowmere Stalkers\n    artefacts: [{name: Lure of the Deep, bearer: Reed Stalker}]",
     "2 fighters are called 'Reed Stalker'; write one of Reed Stalker #1, Reed Stalker #2"),
    ("convergences: Convergences of the Cinder Oath", "convergences: Convergences of the Cinder Oat",
     "'Convergences of the Cinder Oat' is not a convergence deck"),
    ("    lesser: []\n    warband:\n      name: The Cinder Oath", "    lesser: [Lucky Rabbit]\n    warband:\n      name: The Cinder Oath",
     "'Lucky Rabbit' is not a lesser artefact"),
    ("        movement: 4\n        toughness: 5\n        wounds: 20", "        movement: 4\n        toughness: 5\n        wounds: 200",
     "200 is above the maximum 60 (Wounds)"),
    ("  kind: battle\n", "  kind: skirmish\n", "'skirmish' is not allowed"),
])
def test_a_hand_edited_mistake_is_named_with_its_file_and_line(folder, old, new, message):
    line = edit(folder, old, new)
    with pytest.raises(ContentError) as err:
        load_campaign(folder)
    text = str(err.value)
    assert message in text
    found = re.search(r"campaign\.yaml:(\d+): ", text)
    assert found, text
    assert abs(int(found.group(1)) - line) <= 3  # the line of the field at fault (or of its entry)


def test_the_next_battle_must_be_the_aspirants_convergence(folder):
    """A file that names an aspirant but has a random battle next contradicts step 3."""
    edit(folder, "seed: 5\n", "seed: 5\naspirant: a\n")
    with pytest.raises(ContentError, match=r"campaign\.yaml:\d+: next: side a is the aspirant, so the next battle is its convergence"):
        load_campaign(folder)


def test_skirmish_validate_checks_a_campaign_file_fully(folder, capsys):
    from tests.cli_run import run

    assert run(capsys, "validate", folder / "campaign.yaml")[0] == 0
    edit(folder, "convergences: Convergences of the Cinder Oath", "convergences: Nope")
    code, out, err = run(capsys, "validate", folder / "campaign.yaml")
    assert code != 0 and re.search(r"campaign\.yaml:\d+: sides\.a\.convergences: 'Nope' is not a convergence deck", out + err)


def test_an_interrupted_record_leaves_the_campaign_file_as_it_was(folder, monkeypatch):
    """Ctrl-C while the booklet is made, or while the file itself is replaced: the old file stays whole."""
    import generator.files
    import generator.layout.campaign
    from generator.layout.campaign_folder import record

    before = (folder / "campaign.yaml").read_bytes()

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(generator.layout.campaign, "campaign_booklet", stop)
        with pytest.raises(KeyboardInterrupt):
            record(folder, "a")
    assert (folder / "campaign.yaml").read_bytes() == before
    real = os.replace

    def replace(src, dst):
        if str(dst).endswith("campaign.yaml"):
            raise KeyboardInterrupt
        return real(src, dst)

    with monkeypatch.context() as m:
        m.setattr(generator.files.os, "replace", replace)
        with pytest.raises(KeyboardInterrupt):
            record(folder, "a")
    assert (folder / "campaign.yaml").read_bytes() == before
    assert not [p for p in folder.iterdir() if p.name.startswith(".campaign.yaml")]  # no temporary file left
    done = record(folder, "a")  # and the same record, run again, goes through
    assert done.loaded.campaign.aspirant == "a" and (folder / "battle-02.pdf").exists()
