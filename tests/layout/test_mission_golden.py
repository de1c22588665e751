"""Golden drawings of the pages players run a battle from: the mission sheet on A4, on Letter and
with the ink saver, the tokens page, and a SagaBorn squad card that tracks HP unit by unit.

Compared structurally like the card goldens (tests/layout/test_golden.py): the sequence of
elements with their text and colours exactly, every length within 0.05 mm. Re-bless a meant
change with ``python -m pytest tests/layout/test_mission_golden.py --bless`` after looking at it.
"""

from __future__ import annotations

import pytest

from generator.layout.booklet import scenario_view, settings
from generator.layout.mission import mission_drawing
from generator.layout.tokens import tokens_drawing
from generator.resources import content_dir
from generator.scenarios.model import load_scenario
from tests.layout.test_golden import assert_matches_golden

ALTAR = content_dir() / "scenarios" / "examples" / "bladeborn-blood-on-the-altar.yaml"
PAGES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def altar():
    loaded = load_scenario(ALTAR)
    cfg = settings()
    return loaded, scenario_view(loaded, cfg, 25.0), cfg["systems"]["bladeborn"]["palette"]


@pytest.mark.parametrize("page, ink_saver", [("a4", False), ("letter", False), ("a4", True)],
                         ids=["a4", "letter", "a4-ink-saver"])
def test_the_mission_sheet_matches_its_golden(page, ink_saver, bless):
    loaded, view, palette = altar()
    w, h = PAGES[page]
    drawing = mission_drawing(view, loaded.board, w, h, palette, ink_saver, contents="In this booklet: Set-up p. 3.")
    assert drawing.warnings == []  # everything fits the one page
    name = f"mission-bladeborn-{page}" + ("-ink-saver" if ink_saver else "")
    assert_matches_golden(name, drawing, bless, min_area=0.5)


def test_the_mission_sheet_keeps_to_its_page_and_says_what_a_player_needs():
    loaded, view, palette = altar()
    for page, (w, h) in PAGES.items():
        drawing = mission_drawing(view, loaded.board, w, h, palette)
        texts = drawing.texts()
        joined = " ".join(texts)
        for words in ("NORTH EDGE", "SOUTH EDGE", "Set-up", "Objectives", "Victory", "Twist: Choking Fog", "Balance"):
            assert words in joined, (page, words)
        assert "W" in texts and "E" in texts  # the west and east edges, letter by letter
        for c in range(loaded.board.width):  # every column numbered above and below the map
            assert texts.count(str(c)) >= 2, (page, c)
        for op in drawing.ops:  # nothing in the printer's margin or off the page
            x, y = getattr(op, "x", getattr(op, "cx", 10.0)), getattr(op, "y", getattr(op, "cy", 10.0))
            assert 5.0 <= x <= w - 5.0 and 5.0 <= y <= h - 5.0, (page, op)


def test_the_ink_saver_mission_sheet_fills_no_page_background():
    from generator.layout.draw import Rect

    loaded, view, palette = altar()
    drawing = mission_drawing(view, loaded.board, 210.0, 297.0, palette, ink_saver=True)
    big = [op for op in drawing.ops if isinstance(op, Rect) and op.w * op.h > 2000 and op.style.fill]
    assert big == []


def test_the_tokens_page_matches_its_golden(bless):
    loaded, view, palette = altar()
    drawing = tokens_drawing(view, loaded.board, 25.0, 210.0, 297.0, palette)
    assert_matches_golden("tokens-bladeborn-a4", drawing, bless, min_area=0.5)


def test_objective_markers_are_the_size_of_a_printed_hex():
    """A 25 mm hex map gets 25 mm markers: each marker's cut line is a hexagon 25 mm across the flats."""
    from generator.layout.draw import Path

    loaded, view, palette = altar()
    drawing = tokens_drawing(view, loaded.board, 25.0, 210.0, 297.0, palette)
    hexes = [op for op in drawing.ops if isinstance(op, Path) and op.style.dash and len(op.segments) == 7]
    assert len(hexes) == len(loaded.scenario.objectives)
    for h in hexes:
        ys = [seg[2] for seg in h.segments[:6]]
        assert max(ys) - min(ys) == pytest.approx(25.0, abs=0.01)


def test_a_sagaborn_team_gets_a_turn_coin_per_squad():
    """A squad flips its turn coin when it has activated: one coin a squad, on each side, whatever
    the squad's size (the units' HP circles are on the cards)."""
    from generator.layout.draw import Text

    loaded = load_scenario(content_dir() / "scenarios" / "examples" / "sagaborn-the-lost-reliquary.yaml")
    cfg = settings()
    view = scenario_view(loaded, cfg, 25.0)
    squads = [len(list(loaded.system.combatants(loaded.rosters[k]))) for k in ("a", "b")]
    coins = [g for g in view["tokens"]["system_tokens"] if g["title"] == "Turn coins"]
    assert len(coins) == 1 and coins[0]["per_side"] == squads
    drawing = tokens_drawing(view, loaded.board, 25.0, 210.0, 297.0, cfg["systems"]["sagaborn"]["palette"])
    assert sum(isinstance(op, Text) and op.text == "\u2713" for op in drawing.ops) == sum(squads)


def test_a_sagaborn_squad_card_tracks_hp_unit_by_unit(bless):
    """"Minion, 3 units, HP 3": three rows of three circles, one row per unit, not one row of three."""
    from generator.layout.cards import cards_for
    from generator.layout.deck import render_card
    from generator.layout.draw import Circle
    from generator.layout.sizes import card_size

    squad = {"name": "House Ka'Dal", "combatants": [
        {"name": "Spearmen", "type": "minion", "cost": 30, "units": 3, "hp": 3, "move": 4, "range": 1, "attack": 3,
         "defense": 2, "height": 1, "icons": ["sword"]}]}
    [card] = cards_for("sagaborn", squad)
    front, _ = render_card(card, card_size("poker"), 0)
    rows: dict[float, int] = {}
    for op in front.ops:
        if isinstance(op, Circle) and op.style.fill == "#ffffff":
            rows[round(op.cy, 1)] = rows.get(round(op.cy, 1), 0) + 1
    assert sorted(rows.values()) == [3, 3, 3]
    assert "HP 3 EACH UNIT" in " ".join(front.texts()).replace("  ", " ")
    assert_matches_golden("card-sagaborn-squad", front, bless)
