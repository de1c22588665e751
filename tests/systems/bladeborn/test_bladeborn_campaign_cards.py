"""The campaign's cards as content: shipped decks, their checks, and --content overrides."""

import re
from pathlib import Path

import pytest

import generator.content
from generator.content import load_file, load_roster
from generator.errors import ContentError
from generator.systems.bladeborn.campaign.decks import convergence_decks, deck_for, lesser_deck

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _no_user_content():
    yield
    generator.content.set_user_content_dir(None)


def test_each_example_warband_has_its_own_three_convergences_and_any_other_the_default():
    """Each warband has three convergence cards, first, second and final, with its icon (faction)."""
    for name, deck_name in (("example-cinder-oath", "Convergences of the Cinder Oath"),
                            ("example-hollowmere-stalkers", "Convergences of the Hollowmere Stalkers")):
        warband = load_roster(f"bladeborn/{name}")[1]
        deck = deck_for(warband)
        assert deck.name == deck_name and deck.faction == warband.faction
        assert [c.level for c in deck.cards] == ["first", "second", "final"]
        assert [c.back.type for c in deck.cards] == ["artefact", "artefact", "reward"]
        reward = deck.card("final").back
        assert reward.fighter in {f.name for f in warband.fighters}  # a reward is for a specific fighter
    stranger = load_roster("bladeborn/example-cinder-oath")[1].model_copy(update={"faction": "nobody-else"})
    assert deck_for(stranger).default


def test_the_lesser_artefact_deck_holds_ten_cards():
    """The box holds 10 lesser artefact cards; ours are our own, ten of them, each named once."""
    deck = lesser_deck()
    assert len(deck.cards) == 10 == len({c.name for c in deck.cards})


def test_every_shipped_card_speaks_the_engine_vocabulary():
    from generator.systems.bladeborn.battle import EFFECT_KINDS
    from generator.systems.warcry.models import ABILITY_EFFECTS

    rules = [r for d, _ in convergence_decks() for c in d.cards for r in c.rules + c.back.rules]
    rules += [r for c in lesser_deck().cards for r in c.rules]
    for rule in rules:
        if rule.kind == "battle":
            assert rule.effect.kind in EFFECT_KINDS
        if rule.kind == "ability":
            assert rule.ability.effect in ABILITY_EFFECTS


def _deck_file(tmp_path, body: str) -> Path:
    path = tmp_path / "bladeborn" / "campaign" / "convergences-cinder-oath.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    return path


GOOD = (ROOT / "content/bladeborn/campaign/convergences-cinder-oath.yaml").read_text()


@pytest.mark.parametrize("change, message", [
    (("- {kind: stats, side: aspirant, wounds: -2}", "- {kind: stats, wounds: -2}"),
     "say whose fighters it touches"),
    (("- {kind: battle, effect: {kind: sight_limit, range: 3}}", "- {kind: battle, effect: {kind: fog, range: 3}}"),
     "'fog' is not a twist effect the Bladeborn engine carries out"),
    (("  - level: second", "  - level: first"), "one first, one second and one final convergence"),
    (("      type: artefact\n      name: The Ember Crown", "      type: reward\n      fighter: leader\n      name: The Ember Crown"),
     "the first convergence turns over to an artefact of power"),
    (("- {kind: weapons, dmg_crit: 1}", "- {kind: weapons, dmg_crit: 9}"), "above the maximum 5"),
    (("- {kind: stats, toughness: 1}", "- {kind: stats, side: aspirant, toughness: 1}"), "touch their bearer alone"),
])
def test_a_bad_deck_is_refused_with_file_line_and_field(tmp_path, change, message):
    old, new = change
    assert old in GOOD
    path = _deck_file(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        load_file(path)
    text = str(err.value)
    assert message in text
    assert re.search(r"convergences-cinder-oath\.yaml:\d+: cards(\[\d\]|:)", text), text


def test_a_deck_in_your_content_folder_replaces_the_built_in_one(tmp_path):
    """``--content DIR``: a file at the same path replaces the built-in deck everywhere."""
    _deck_file(tmp_path, GOOD.replace("name: The Ember Crown", "name: The Crown of Coals"))
    generator.content.set_user_content_dir(tmp_path)
    warband = load_roster("bladeborn/example-cinder-oath")[1]
    assert deck_for(warband).card("first").back.name == "The Crown of Coals"


def test_a_lesser_deck_in_your_content_folder_replaces_the_built_in_one(tmp_path):
    path = tmp_path / "bladeborn" / "campaign" / "lesser-artefacts.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("system: bladeborn\nkind: lesser-artefacts\nname: Mine\ncards:\n"
                    "  - name: Lucky Stone\n    text: One more Move.\n    rules: [{kind: stats, move: 1}]\n")
    generator.content.set_user_content_dir(tmp_path)
    assert [c.name for c in lesser_deck().cards] == ["Lucky Stone"]


def test_a_deck_edited_between_two_reads_is_read_again(tmp_path):
    """The content library keeps what it loaded only while the file is unchanged."""
    import os

    path = _deck_file(tmp_path, GOOD.replace("name: The Ember Crown", "name: The Crown of Coals"))
    generator.content.set_user_content_dir(tmp_path)
    warband = load_roster("bladeborn/example-cinder-oath")[1]
    assert deck_for(warband).card("first").back.name == "The Crown of Coals"
    path.write_text(GOOD.replace("name: The Ember Crown", "name: The Crown of Cinders"))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert deck_for(warband).card("first").back.name == "The Crown of Cinders"
