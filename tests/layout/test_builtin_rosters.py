"""Every built-in roster of every system on this branch prints, with every name on the sheet."""

from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.layout.deck import PrintOptions, load_cards, print_deck
from generator.layout.sizes import card_size, page_size
from generator.resources import content_dir

ROSTER_KINDS = {"roster", "warband", "team"}


def builtin_rosters() -> list[Path]:
    found = []
    for path in sorted(content_dir().glob("*/*.yaml")):
        with open(path, encoding="utf-8") as handle:
            head = yaml.safe_load(handle) or {}
        if isinstance(head, dict) and head.get("kind") in ROSTER_KINDS:
            found.append(path)
    return found


ROSTERS = builtin_rosters()


@pytest.mark.skipif(not ROSTERS, reason="no rules core with example rosters on this branch yet")
@pytest.mark.parametrize("path", ROSTERS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_builtin_roster_prints_every_combatant(path, tmp_path):
    from generator.content import load_roster

    system, roster = load_roster(path)
    names = [getattr(c, "name") for c in system.combatants(roster)]
    cards = load_cards([path], odds_vs=4)
    result = print_deck(cards, tmp_path, PrintOptions(page=page_size("a4"), card=card_size("poker"), backs=True))
    text = " ".join(page.extract_text() for page in PdfReader(result.files[0]).pages)
    for name in names:
        assert name in text
    assert not result.warnings, result.warnings


def test_a_card_without_a_printed_cost_shows_the_rules_core_price():
    # The book gives the goblins' side total (636 TPC) but no TPC each: the card prices them.
    from generator.content import load_roster
    from generator.layout.cards import cards_for
    from generator.resources import content_dir

    system, roster = load_roster(content_dir() / "bladestorm" / "warriors-of-ash-goblins.yaml")
    cro = next(c for c in system.combatants(roster) if c.name == "Cro")
    assert cro.tpc is None
    [card] = [c for c in cards_for("bladestorm", roster) if c.title == "Cro"]
    assert card.front.view["tpc"] == str(round(system.price([cro])[0].cost))


MIN_PRINT_PT = 5.0  # smaller than this is hard to read on a card at arm's length


@pytest.mark.skipif(not ROSTERS, reason="no rules core with example rosters on this branch yet")
@pytest.mark.parametrize("path", ROSTERS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_text_on_any_built_in_card_prints_under_5pt(path):
    from generator.layout.deck import render_card
    from generator.layout.draw import Text

    small = []
    for card in load_cards([path], odds_vs=4):
        for drawing in render_card(card, card_size("poker"), 3.0):
            small += [(card.title, op.text, round(op.size_pt, 2)) for op in drawing.ops
                      if isinstance(op, Text) and op.size_pt < MIN_PRINT_PT - 1e-9]
    assert not small, small[:10]


def test_a_long_special_rule_grows_its_box_into_free_space_before_it_shrinks():
    from generator.layout.cards import cards_for
    from generator.layout.deck import render_card
    from generator.layout.draw import Text

    rule = "Regenerates two Endurance at the start of each of its turns while standing in water. " * 3
    fighter = {"name": "Troll", "movement": 7, "melee_attack": "3D6", "melee_damage": "High", "defense": 9,
               "endurance": 10, "weapons": [], "special": rule, "tpc": 100}
    [card] = cards_for("bladestorm", {"name": "Host", "combatants": [fighter]})
    front, _ = render_card(card, card_size("poker"), 0)
    words = [op for op in front.ops if isinstance(op, Text) and op.text.split()[0] in ("Regenerates", "turns", "water.")]
    assert not front.warnings
    assert {op.size_pt for op in words} == {6.2}  # the template's size: nothing shrank or was cut
    assert min(op.y for op in words) < 72.2  # it starts above where a short rule sits


def test_a_long_ability_takes_room_the_short_ones_spare_before_it_shrinks():
    from generator.layout.cards import cards_for
    from generator.layout.deck import render_card
    from generator.layout.draw import Text

    veil = ("Pick one hex within 3 hexes of this fighter: until the end of the round, no line of sight passes "
            "through it, and fighters in it cannot be targeted by ranged attacks. ") * 2
    roster = {"name": "Band", "reserve": 1, "combatants": [], "abilities": [
        {"cost": "double", "name": "Step", "runemarks": [], "text": "Move two hexes."},
        {"cost": "triple", "name": "Veil", "runemarks": ["hero"], "text": veil},
        {"cost": "double", "name": "Oath", "runemarks": [], "text": "Counts as two fighters."},
        {"cost": "quad", "name": "Pyre", "runemarks": ["hero"], "text": "Deal 3 damage to each adjacent enemy."},
        {"cost": "double", "name": "Ember", "runemarks": [], "text": "Heal 2."},
    ]}
    [card] = cards_for("bladeborn", roster)
    front, _ = render_card(card, card_size("poker"), 0)
    assert not front.warnings
    runs = [op for op in front.ops if isinstance(op, Text) and op.x > 15 and op.y > 18]
    assert {op.size_pt for op in runs} == {6.2}  # every ability at the template's size
    assert any(op.text.startswith("Ember") for op in runs)


def test_a_gorechosen_card_marks_where_a_handicapped_health_marker_starts():
    """A champion the scenario evened by starting its Health marker on space 3 shows a pointer
    under that space and says so in the track's legend; the book's champions show neither."""
    from generator.content import load_roster
    from generator.layout.cards import cards_for
    from generator.layout.deck import render_card
    from generator.layout.draw import Path as Shape, Text

    _, roster = load_roster("gorechosen/example_brass_pit")
    lowered = roster.champions[0].model_copy(
        update={"health": roster.champions[0].health.model_copy(update={"start": 3})})
    triangles = []
    for champion, marked in ((roster.champions[0], False), (lowered, True)):
        [card] = cards_for("gorechosen", roster.model_copy(update={"champions": [champion]}))
        front, _ = render_card(card, card_size("poker"), 0)
        legend = " ".join(op.text for op in front.ops if isinstance(op, Text))
        assert ("start here" in legend) == marked
        assert not front.warnings
        triangles.append(sum(1 for op in front.ops if isinstance(op, Shape)
                             and [s[0] for s in op.segments] == ["M", "L", "L", "Z"]))
    assert triangles[1] == triangles[0] + 1
