"""Printed sheets read back with pypdf: exact page and card geometry, text, fonts, determinism."""

import hashlib
import math
import re

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.errors import RenderError
from generator.layout.cards import cards_for
from generator.layout.deck import PrintOptions, print_deck
from generator.layout.impose import plan_sheet
from generator.layout.sizes import card_size, page_size
from generator.units import PT_PER_MM

TOL_MM = 0.1


def deck(rosters, system="bladestorm"):
    return cards_for(system, rosters[system])


def options(**kw):
    base = dict(page=page_size("a4"), card=card_size("poker"), formats=("pdf",))
    base.update(kw)
    return PrintOptions(**base)


def rects_mm(page):
    """Every `re` rectangle drawn on a page, as (x, top_y, w, h) in mm from the top-left."""
    content = ContentStream(page.get_contents(), page.pdf)
    height = float(page.mediabox.height)
    out = []
    for operands, op in content.operations:
        if op == b"re":
            x, y, w, h = (float(v) for v in operands)
            out.append((x / PT_PER_MM, (height - y - h) / PT_PER_MM, w / PT_PER_MM, h / PT_PER_MM))
    return out


def has_rect(rects, x, y, w, h):
    return any(abs(a - x) < TOL_MM and abs(b - y) < TOL_MM and abs(c - w) < TOL_MM and abs(d - h) < TOL_MM
               for a, b, c, d in rects)


def test_a4_poker_is_nine_up_centred_at_exact_size(rosters, tmp_path):
    plan = plan_sheet(page_size("a4"), card_size("poker"))
    assert (plan.cols, plan.rows) == (3, 3)
    # 3 x 63 = 189 mm wide on 210 mm: 10.5 mm either side; 3 x 88 = 264 on 297: 16.5 mm
    assert plan.slots[0] == pytest.approx((10.5, 16.5))
    assert plan.slots[4] == pytest.approx((73.5, 104.5))
    result = print_deck(deck(rosters), tmp_path, options())
    reader = PdfReader(result.files[0])
    page = reader.pages[0]
    assert float(page.mediabox.width) / PT_PER_MM == pytest.approx(210, abs=TOL_MM)
    assert float(page.mediabox.height) / PT_PER_MM == pytest.approx(297, abs=TOL_MM)
    rects = rects_mm(page)
    for x, y in plan.slots[:4]:  # four cards, each clipped to its exact 63 x 88 mm box
        assert has_rect(rects, x, y, 63, 88)


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_the_readme_recipe_bleed_and_crop_marks_still_prints_nine_poker_cards(page):
    # 3 x (63 + 2 x 3) = 207 mm: on A4 (200 mm inside the margin) the columns must share cut
    # lines; on Letter (207.9 mm) they keep their own bleed but the rows (3 x 94 > 271.4) share
    plan = plan_sheet(page_size(page), card_size("poker"), bleed=3, crop_marks=True)
    assert (plan.cols, plan.rows) == (3, 3)
    assert plan.shared_cuts == {"a4": (True, False), "letter": (False, True)}[page]
    dx = plan.slots[1][0] - plan.slots[0][0]
    dy = plan.slots[3][1] - plan.slots[0][1]
    assert (dx, dy) == pytest.approx({"a4": (63, 94), "letter": (69, 88)}[page])


def test_cards_sharing_a_cut_line_are_clipped_at_it_and_keep_bleed_outside(rosters, tmp_path):
    plan = plan_sheet(page_size("letter"), card_size("poker"), bleed=3, crop_marks=True)
    cards = deck(rosters) * 3  # twelve: one full sheet
    result = print_deck(cards, tmp_path, options(page=page_size("letter"), bleed=3, crop_marks=True))
    rects = rects_mm(PdfReader(result.files[0]).pages[0])
    (x0, y0), (x3, y3), (x6, y6) = plan.slots[0], plan.slots[3], plan.slots[6]
    assert has_rect(rects, x0 - 3, y0 - 3, 69, 91)  # top row: bleed above, none below
    assert has_rect(rects, x3 - 3, y3, 69, 88)  # middle row: rows share both cuts
    assert has_rect(rects, x6 - 3, y6, 69, 91)  # bottom row: bleed below
    # the bleed never reaches into a neighbour's trimmed card
    for (x, y), (l, t, r, b) in zip(plan.slots, plan.bleeds()):
        for ox, oy in plan.slots:
            if (ox, oy) != (x, y):
                overlap_w = min(x + 63 + r, ox + 63) - max(x - l, ox)
                overlap_h = min(y + 88 + b, oy + 88) - max(y - t, oy)
                assert overlap_w <= 1e-6 or overlap_h <= 1e-6


@pytest.mark.parametrize("page,card,bleed", [("a4", "poker", 0), ("a4", "poker", 3), ("letter", "poker", 3),
                                             ("letter", "bridge", 3), ("a4", "mini", 3), ("a4", "tarot", 5)])
def test_crop_marks_sit_outside_the_card_block_on_every_cut_line(page, card, bleed):
    plan = plan_sheet(page_size(page), card_size(card), bleed=bleed, crop_marks=True)
    w, h = plan.card.width, plan.card.height
    xs = {round(x + e, 3) for x, _ in plan.slots for e in (0, w)}
    ys = {round(y + e, 3) for _, y in plan.slots for e in (0, h)}
    assert {round(m.x1, 3) for m in plan.marks if m.x1 == m.x2} == xs
    assert {round(m.y1, 3) for m in plan.marks if m.y1 == m.y2} == ys
    for m in plan.marks:
        for x, y in plan.slots:  # never over a card, nor within 1 mm of one
            apart_x = max(m.x1, m.x2) < x - 1 + 1e-6 or min(m.x1, m.x2) > x + w + 1 - 1e-6
            apart_y = max(m.y1, m.y2) < y - 1 + 1e-6 or min(m.y1, m.y2) > y + h + 1 - 1e-6
            assert apart_x or apart_y, m
        assert min(m.x1, m.x2, m.y1, m.y2) >= plan.page.margin - 1e-6  # printable
        assert max(m.x1, m.x2) <= plan.page.width - plan.page.margin + 1e-6
        assert max(m.y1, m.y2) <= plan.page.height - plan.page.margin + 1e-6
        assert math.hypot(m.x2 - m.x1, m.y2 - m.y1) >= 2 - 1e-6  # long enough to see


def test_options_that_cost_cards_per_sheet_warn_with_the_count(rosters, tmp_path):
    from generator.layout.impose import fewer_cards_warning

    plan = plan_sheet(page_size("letter"), card_size("bridge"), bleed=3, crop_marks=True)
    assert plan.per_page == 6
    assert fewer_cards_warning(plan, 90, 3, True) == (
        "--bleed 3mm and --crop-marks fit 6 bridge cards per letter sheet instead of 9: "
        "90 cards take 15 sheets instead of 10")
    nine = plan_sheet(page_size("a4"), card_size("poker"), bleed=3, crop_marks=True)
    assert fewer_cards_warning(nine, 90, 3, True) is None
    result = print_deck(deck(rosters), tmp_path, options(page=page_size("letter"), card=card_size("bridge"),
                                                         bleed=3, crop_marks=True))
    assert any("fit 6 bridge cards per letter sheet instead of 9" in w for w in result.warnings)


def test_backs_with_shared_cut_lines_mirror_their_bleed_too(rosters, tmp_path):
    plan = plan_sheet(page_size("a4"), card_size("poker"), bleed=3, crop_marks=True)
    assert plan.bleeds()[0] == (3, 3, 0, 3)  # top-left front: bleed left, shares its right cut
    assert plan.back_bleeds()[0] == (0, 3, 3, 3)  # its back prints top-right: bleed on the right
    (bx, by), (fx, fy) = plan.back_slots()[0], plan.slots[2]
    assert (bx, by) == pytest.approx((fx, fy))  # lands where the top-right front card is
    result = print_deck(deck(rosters), tmp_path, options(bleed=3, crop_marks=True, backs=True))
    rects = rects_mm(PdfReader(result.files[0]).pages[1])
    assert has_rect(rects, bx, by - 3, 66, 94)


def test_backs_are_mirrored_for_long_edge_duplex_with_offset(rosters, tmp_path):
    plan = plan_sheet(page_size("a4"), card_size("poker"))
    backs = plan.back_slots((0.5, -0.25))
    (fx, fy), (bx, by) = plan.slots[0], backs[0]
    assert bx == pytest.approx(210 - fx - 63 + 0.5)
    assert by == pytest.approx(fy - 0.25)
    result = print_deck(deck(rosters), tmp_path, options(backs=True, back_offset=(0.5, -0.25)))
    reader = PdfReader(result.files[0])
    assert len(reader.pages) == 2
    assert has_rect(rects_mm(reader.pages[1]), bx, by, 63, 88)


def test_every_name_is_text_and_fonts_are_embedded(rosters, tmp_path):
    cards = [c for system in ("bladestorm", "bladeborn", "sagaborn", "gorechosen") for c in deck(rosters, system)]
    result = print_deck(cards, tmp_path, options(backs=True))
    reader = PdfReader(result.files[0])
    text = " ".join(p.extract_text() for p in reader.pages)
    for name in ("Sea-Troll", "Cro", "Argh", "Montu", "Khagra the Usurper", "Halvar", "Tark Gruelgore", "Last"):
        assert name in text
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        f = ref.get_object()
        descendant = f["/DescendantFonts"][0].get_object() if "/DescendantFonts" in f else f
        assert "/FontFile2" in descendant["/FontDescriptor"].get_object()


def test_same_inputs_give_byte_identical_pdfs(rosters, tmp_path):
    a = print_deck(deck(rosters), tmp_path / "a", options(backs=True, crop_marks=True, calibration=True)).files[0]
    b = print_deck(deck(rosters), tmp_path / "b", options(backs=True, crop_marks=True, calibration=True)).files[0]
    assert hashlib.sha256(a.read_bytes()).hexdigest() == hashlib.sha256(b.read_bytes()).hexdigest()


def test_calibration_page_pair_comes_first(rosters, tmp_path):
    result = print_deck(deck(rosters), tmp_path, options(calibration=True, backs=True))
    reader = PdfReader(result.files[0])
    assert len(reader.pages) == 4
    assert "calibration" in reader.pages[0].extract_text().lower()


def test_png_preview_per_sheet_and_svg_per_card(rosters, tmp_path):
    result = print_deck(deck(rosters), tmp_path, options(formats=("pdf", "png", "svg"), backs=True))
    names = sorted(p.name for p in result.files)
    assert "goblins-of-the-ash-lairs.pdf" not in names  # the deck is named by the caller
    assert sum(n.endswith(".png") for n in names) == 2
    assert {"sea-troll.svg", "sea-troll-back.svg", "cro.svg", "montu.svg"} <= set(names)


@pytest.mark.parametrize("card,page,bleed,message", [
    ("huge", "a4", 0, "unknown card size"),
    ("poker", "a5x", 0, "unknown page"),
])
def test_unknown_sizes_are_one_line_errors(card, page, bleed, message):
    with pytest.raises(RenderError, match=message):
        card_size(card) if card == "huge" else page_size(page)


def test_bleed_larger_than_the_margin_allows(rosters, tmp_path):
    with pytest.raises(RenderError, match="larger than the margin allows"):
        print_deck(deck(rosters), tmp_path, options(card=card_size("195x280mm"), bleed=5))
    assert list(tmp_path.iterdir()) == []


def test_failed_render_leaves_no_partial_pdf(rosters, tmp_path):
    cards = deck(rosters)
    cards[2].front.template = "cards/missing.svg.j2"
    with pytest.raises(RenderError, match="not found"):
        print_deck(cards, tmp_path, options())
    assert not [p for p in tmp_path.rglob("*") if p.suffix in (".pdf", ".part")]


def test_custom_card_size(rosters, tmp_path):
    size = card_size("70x110mm")
    assert (size.width, size.height) == (70, 110)
    result = print_deck(deck(rosters), tmp_path, options(card=size))
    plan = plan_sheet(page_size("a4"), size)
    assert has_rect(rects_mm(PdfReader(result.files[0]).pages[0]), *plan.slots[0], 70, 110)


def test_every_colour_keeps_its_opacity_in_the_pdf():
    """reportlab resets the alpha when a colour is set; the second translucent colour must stay
    translucent (map zones of player B came out opaque when colour and alpha were cached apart)."""
    import io

    import pypdfium2 as pdfium

    from generator.layout.draw import Rect, Style
    from generator.layout.pdf import new_canvas
    from generator.layout.pdf_writer import draw_ops

    buffer = io.BytesIO()
    c = new_canvas(buffer, 40, 20, "alpha")
    draw_ops(c, [Rect(0, 0, 20, 20, Style(fill="#ff0000", opacity=0.5)),
                 Rect(20, 0, 20, 20, Style(fill="#0000ff", opacity=0.5))], 0, 0, 20)
    c.showPage()
    c.save()
    image = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("RGB")
    w, h = image.size
    left, right = image.getpixel((w // 4, h // 2)), image.getpixel((3 * w // 4, h // 2))
    assert left[0] > 240 and 120 <= left[1] <= 135  # half red over white
    assert right[2] > 240 and 120 <= right[0] <= 135  # half blue over white, not solid blue
