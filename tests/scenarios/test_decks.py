"""Scenario decks: each system's cards load through the content library with rules the engine
can execute, and the pick modes players know (random, veto, the underdog chooses) are seeded."""

import random

import pytest

from generator.content import set_user_content_dir
from generator.dice.rng import Rng
from generator.errors import ContentError, SkirmishError
from generator.scenarios import rules
from generator.scenarios.decks import decks, draw, underdog_of


def test_bladeborn_has_the_boxs_twelve_battle_cards_and_fourteen_twists():
    d = decks("bladeborn")
    battles = [c for c in d["scenario"] if not c.example]
    assert len(battles) >= 12 and "Drawn and Quartered" in [c.name for c in battles]
    assert len(d["twist"]) == 14
    assert all(c.scoring for c in d["scenario"]) and all(t.effect for t in d["twist"])


def test_every_system_has_its_decks():
    assert {k for k, v in decks("warcry").items() if v} == {"deployment", "victory", "twist"}
    assert [c.name for c in decks("gorechosen")["variant"]] == [
        "Kingslayer", "Stand Together or Die Alone", "Time Limits", "Drafting", "Single Combat"]
    assert {k for k, v in decks("bladestorm").items() if v} == {"tale", "terrain", "victory", "setup"}
    saga = decks("sagaborn")["scenario"]
    assert all(c.victory.rounds == 12 for c in saga)  # the book's cut-off
    kinds = {o.kind for c in saga for o in c.objectives}
    assert kinds == {"relic", "chest", "door", "objective"}
    assert all(o.points == 20 for c in saga for o in c.objectives if o.kind == "relic")


def test_the_book_numbers_on_the_gorechosen_variants():
    cards = {c.name: c.effect.model_extra for c in decks("gorechosen")["variant"]}
    assert cards["Time Limits"] == {"seconds": 15}
    assert cards["Drafting"] == {"deal": 6, "keep": 5}
    assert cards["Kingslayer"]["extra_cards"] == 2


def test_every_card_kind_has_words():
    for kind in rules.SCORING:
        assert rules.describe_scoring({"kind": kind, "points": 2})
    for name, kind in rules.EFFECTS.items():
        example = {"kind": name, **{p: (["1,1"] if t == "cells" else "a" if t == "side" else "melee" if t == "text" else 2)
                                     for p, t in {**kind.required, **kind.optional}.items()}}
        assert rules.describe_effect(example).endswith(".")


def test_a_users_deck_with_a_kind_no_engine_runs_is_refused(tmp_path):
    folder = tmp_path / "warcry"
    folder.mkdir()
    (folder / "mine.yaml").write_text(
        "system: warcry\nkind: deck\nname: Mine\ndeck: twist\ncards:\n"
        "  - {name: Dragon, text: A dragon lands., effect: {kind: summon_dragon}}\n")
    set_user_content_dir(tmp_path)
    try:
        with pytest.raises(ContentError, match="mine.yaml: Dragon: effect: 'summon_dragon' is not a twist effect"):
            decks("warcry")
    finally:
        set_user_content_dir(None)


CARDS = [f"card {i}" for i in range(10)]


def test_random_draw_is_the_same_for_the_same_seed():
    assert draw(CARDS, "random", Rng(7)) == draw(CARDS, "random", Rng(7))
    assert len({draw(CARDS, "random", Rng(s)) for s in range(40)}) > 5


def test_veto_each_player_strikes_one_and_the_last_card_stands():
    struck = []

    def strike(side, cards):
        struck.append((side, len(cards)))
        return cards[0]

    chosen = draw(CARDS, "veto", random.Random(3), strike=strike, hand=3)
    assert struck == [("a", 3), ("b", 2)]
    assert chosen in CARDS


def test_the_underdog_chooses_among_the_cards_dealt():
    seen = {}

    def choose(side, cards):
        seen["side"], seen["cards"] = side, list(cards)
        return cards[-1]

    chosen = draw(CARDS, "underdog", Rng(5), underdog="b", choose=choose)
    assert seen["side"] == "b" and len(seen["cards"]) == 3 and chosen == seen["cards"][-1]
    assert underdog_of(win_rate_a=0.62) == "b" and underdog_of(costs={"a": 480, "b": 500}) == "a"


def test_bad_pick_requests_are_one_line_errors():
    with pytest.raises(SkirmishError, match="unknown pick mode 'dice'"):
        draw(CARDS, "dice", Rng(1))
    with pytest.raises(SkirmishError, match="say which side is the underdog"):
        draw(CARDS, "underdog", Rng(1))
    with pytest.raises(SkirmishError, match="empty deck"):
        draw([], "random", Rng(1))


def test_a_tale_is_told_from_the_scenario_and_the_same_seed_tells_it_again():
    from generator.scenarios.tale import tell, title

    text = tell("sagaborn", "House Vareth", "the Driftborn", ["surviving_points", "hold_relic"], seed=5,
                twist="Mist on the Water", rounds=12)
    assert "House Vareth" in text and "relic" in text and "mist on the water" in text and "Twelve rounds" in text
    assert text == tell("sagaborn", "House Vareth", "the Driftborn", ["surviving_points", "hold_relic"], seed=5,
                        twist="Mist on the Water", rounds=12)
    assert title("bladeborn", "Blood on the Altar", "Dusk", 1) == "Blood on the Altar at Dusk"


def test_a_battle_card_becomes_the_scenario_it_sets_up():
    """The example scenario was written from the Blood on the Altar card: the card's axial hexes,
    turned into printed cells, give the same set-up and victory."""
    import yaml

    from generator.resources import content_dir
    from generator.scenarios.decks import battle_card_parts, deployment_parts, find_card

    parts = battle_card_parts(find_card("bladeborn", "scenario", "Blood on the Altar"))
    example = yaml.safe_load((content_dir() / "scenarios/examples/bladeborn-blood-on-the-altar.yaml").read_text())
    for side in ("a", "b"):
        assert parts["deployment"][side]["start"] == example["deployment"][side]["start"]
        assert parts["deployment"][side]["reserve"] == example["deployment"][side]["reserve"]
    assert [o["cell"] for o in parts["objectives"]] == [o["cell"] for o in example["objectives"]]
    assert parts["victory"]["scoring"] == example["victory"]["scoring"] == [{"kind": "hold_centre", "points": 2}]
    surrounded = deployment_parts(find_card("warcry", "deployment", "Surrounded"))
    assert surrounded["first"] == "a" and surrounded["b"] == {"edge": "south", "depth": 3, "role": "defender"}
