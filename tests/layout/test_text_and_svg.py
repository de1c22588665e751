"""Text fitting and SVG output: measured wrapping, shrink to a floor, warnings, escaping."""

import xml.etree.ElementTree as ET

import pytest

from generator.layout.cards import cards_for
from generator.layout.deck import card_context, render_card
from generator.layout.draw import Text
from generator.layout.fonts import text_width
from generator.layout.scene import build
from generator.layout.sizes import card_size
from generator.layout.svg_writer import to_svg
from generator.layout.textfit import Word, fit
from generator.units import pt_to_mm


def test_wrapped_lines_never_exceed_the_box():
    words = [Word(w, "body") for w in ("Regenerates two Endurance at the start of each turn while in water " * 3).split()]
    fitted = fit(words, width=30, height=40, size_pt=8, min_size_pt=5)
    assert not fitted.overflow and fitted.size_pt == 8
    lines = {}
    for run in fitted.runs:
        lines.setdefault(run.baseline, []).append(run)
    assert len(lines) > 3
    for runs in lines.values():
        end = max(r.x + pt_to_mm(text_width(r.text, r.role, fitted.size_pt)) for r in runs)
        assert end <= 30 + 1e-6


def test_text_shrinks_before_it_overflows_then_warns():
    words = [Word(w, "body") for w in ("word " * 40).split()]
    shrunk = fit(words, width=30, height=12, size_pt=8, min_size_pt=4)
    assert 4 <= shrunk.size_pt < 8 and not shrunk.overflow
    cut = fit(words * 5, width=30, height=12, size_pt=8, min_size_pt=6)
    assert cut.overflow and cut.size_pt == 6
    assert cut.runs[-1].text.endswith("\u2026")


def test_overflow_warning_names_the_card_and_the_field(rosters):
    roster = dict(rosters["bladestorm"])
    roster["combatants"] = [dict(roster["combatants"][0], special="Far too much to say. " * 60)]
    card = cards_for("bladestorm", roster)[0]
    front, _ = render_card(card, card_size("poker"), 0)
    assert any("'Sea-Troll'" in w and "'special'" in w for w in front.warnings)


def test_names_with_markup_characters_are_escaped_in_svg(rosters):
    roster = {"name": "A & B", "combatants": [dict(rosters["bladestorm"]["combatants"][1], name='Grot <"Big"> & Co')]}
    card = cards_for("bladestorm", roster)[0]
    front, back = render_card(card, card_size("poker"), 3)
    svg = to_svg(front)
    root = ET.fromstring(svg.encode())  # parses: nothing leaked into the markup
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert 'Grot <"Big"> & Co' in texts
    assert root.get("width") == "69mm" and root.get("viewBox") == "-3 -3 69 94"
    assert "A & B" in back.texts()


def test_every_template_renders_for_every_system(rosters):
    for system, roster in rosters.items():
        for card in cards_for(system, roster):
            front, back = render_card(card, card_size("poker"), 2)
            assert card.title in front.texts() or any(card.title in t for t in front.texts())
            assert front.width == 63 and front.height == 88 and back.ops


def test_bladestorm_draws_one_circle_per_endurance_point(rosters):
    from generator.layout.draw import Circle

    card = cards_for("bladestorm", rosters["bladestorm"])[0]  # Sea-Troll, Endurance 51
    front, _ = render_card(card, card_size("poker"), 0)
    track = [op for op in front.ops if isinstance(op, Circle) and op.style.fill == "#ffffff"]
    assert len(track) == 51


def test_templates_can_be_overridden_from_a_user_folder(rosters, tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "bladestorm.svg.j2").write_text(
        '<svg width="{{ card.w }}" height="{{ card.h }}"><text x="1" y="5">Mine: {{ view.name }}</text></svg>')
    card = cards_for("bladestorm", rosters["bladestorm"])[0]
    front, _ = render_card(card, card_size("poker"), 0, templates=tmp_path)
    assert front.texts() == ["Mine: Sea-Troll"]


def test_scene_flattens_transforms_and_text_anchors():
    d = build('<svg width="10" height="10"><g transform="translate(2,3) scale(2)">'
              '<rect x="1" y="1" width="2" height="2" fill="#f00"/>'
              '<text x="0" y="0" size="5" anchor="middle">Ab</text></g></svg>')
    rect, text = d.ops
    assert (rect.x, rect.y, rect.w, rect.h) == (4, 5, 4, 4)
    assert isinstance(text, Text) and text.size_pt == 10
    assert abs(text.x - (2 - pt_to_mm(text_width("Ab", "body", 10)) / 2)) < 1e-9


def test_markup_characters_survive_into_the_pdf_text(rosters, tmp_path):
    from pypdf import PdfReader

    from generator.layout.deck import PrintOptions, print_deck
    from generator.layout.sizes import page_size

    roster = {"name": "A & B", "combatants": [dict(rosters["bladestorm"]["combatants"][1], name='Grot <"Big"> & Co')]}
    result = print_deck(cards_for("bladestorm", roster), tmp_path,
                        PrintOptions(page=page_size("a4"), card=card_size("poker")))
    assert 'Grot <"Big"> & Co' in PdfReader(result.files[0]).pages[0].extract_text()


def test_png_only_leaves_no_pdf(rosters, tmp_path):
    from generator.layout.deck import PrintOptions, print_deck
    from generator.layout.sizes import page_size

    result = print_deck(cards_for("bladestorm", rosters["bladestorm"]), tmp_path,
                        PrintOptions(page=page_size("a4"), card=card_size("poker"), formats=("png",)))
    assert sorted(p.name for p in tmp_path.iterdir()) == [".skirmish-outputs.json", "cards-sheet1.png"]
    assert result.files == [tmp_path / "cards-sheet1.png"]


@pytest.mark.parametrize("text, mm", [("3mm", 3.0), ("2.5cm", 25.0), ("1in", 25.4), ("1inch", 25.4), ('1"', 25.4),
                                      ("72pt", 25.4), ("-1.5mm", -1.5), ("30", 30.0), (7, 7.0)])
def test_one_length_parser_for_cards_and_maps(text, mm):
    from generator.units import parse_length

    assert parse_length(text) == pytest.approx(mm)


def test_offset_pairs_take_the_unit_of_the_second_number():
    from generator.units import parse_pair

    assert parse_pair("0.5,-1mm") == pytest.approx((0.5, -1.0))
    assert parse_pair('1,0.5"') == pytest.approx((25.4, 12.7))


def test_svg_shapes_keep_the_drawing_geometry(rosters):
    """Every rectangle and circle of the drawing appears in the SVG at its own place and size."""
    from generator.layout.draw import Circle, Rect

    card = cards_for("bladestorm", rosters["bladestorm"])[0]
    front, _ = render_card(card, card_size("poker"), 0)
    root = ET.fromstring(to_svg(front).encode())
    ns = "{http://www.w3.org/2000/svg}"
    for defs in root.findall(f"{ns}defs"):  # clip outlines are not drawn shapes
        root.remove(defs)
    rects = [float(r.get(k)) for r in root.iter(f"{ns}rect") for k in ("x", "y", "width", "height")]
    drawn = [v for op in front.ops if isinstance(op, Rect) for v in (op.x, op.y, op.w, op.h)]
    assert len(rects) > 12 and rects == pytest.approx(drawn, abs=1e-3)
    circles = [float(c.get(k)) for c in root.iter(f"{ns}circle") for k in ("cx", "cy", "r")]
    assert circles == pytest.approx([v for op in front.ops if isinstance(op, Circle) for v in (op.cx, op.cy, op.r)], abs=1e-3)
    assert len(circles) >= 3 * 51  # the Sea-Troll: Endurance 51, one circle per point (and a badge)


@pytest.mark.parametrize("raw, shown", [("cinder-oath", "Cinder Oath"), ("marrowfen", "Marrowfen"),
                                        ("Gilded Ruin", "Gilded Ruin"), ("Khagra's Ravagers", "Khagra's Ravagers")])
def test_faction_slugs_read_as_names(raw, shown):
    from generator.layout.cards import label

    assert label(raw) == shown


@pytest.mark.parametrize("p, shown", [(0, "0%"), (0.004, "<1%"), (0.5, "50%"), (0.995, ">99%"), (1, "100%")])
def test_percentages_never_round_to_a_false_certainty(p, shown):
    from generator.layout.render import percent

    assert percent(p) == shown
