"""Quick-reference sheets: exact chart numbers, vector output, page sizes."""

import itertools
from fractions import Fraction

import pytest
from pypdf import PdfReader

from generator.errors import RenderError
from generator.layout import reference
from generator.layout.reference import write_reference
from generator.layout.sizes import page_size
from generator.units import PT_PER_MM


def test_bladestorm_chart_is_the_exact_chance_to_beat_defense():
    data = reference.bladestorm_data({"attacks": ["3D6"], "defense": [5, 13], "damage_attack": "3D6",
                                      "damages": ["High"]})
    rolls = [sum(r) for r in itertools.product(range(1, 7), repeat=3)]
    for defense, value in zip(data["defenses"], data["series"][0]["values"]):
        assert value == pytest.approx(sum(t > defense for t in rolls) / 216)
    assert data["series"][0]["values"][2] == pytest.approx(181 / 216)  # 3D6 beats Defense 7: 84%


def test_sagaborn_chart_matches_brute_force_over_d8_faces():
    data = reference.sagaborn_data({"attack_dice": [2, 2], "defense_dice": [1, 1]})

    def face(n):
        return "shield" if n <= 3 else "blank" if n <= 5 else "hit" if n <= 7 else "crit"

    total = Fraction(0)
    for att in itertools.product(range(1, 9), repeat=2):
        for dfn in itertools.product(range(1, 9), repeat=1):
            hits = sum(face(a) == "hit" for a in att)
            crits = sum(face(a) == "crit" for a in att)
            shields = sum(face(d) == "shield" for d in dfn)
            left = max(0, shields - hits)
            total += max(0, hits - shields) + 2 * max(0, crits - left)
    assert data["grid"][0][0] == pytest.approx(float(total / 8**3))


def test_strength_against_toughness_thresholds():
    data = reference.attacks_data({"attacks": 1, "damage": [1, 1], "strength": [3, 5], "toughness": [4, 4]})
    assert [row[0] for row in data["thresholds"]] == [5, 4, 3]
    assert [row[0] for row in data["grid"]] == pytest.approx([2 / 6, 3 / 6, 4 / 6])


@pytest.mark.parametrize("system", reference.SHEET_SYSTEMS)
@pytest.mark.parametrize("page", ["a4", "letter"])
def test_every_sheet_prints_vector_pages_of_the_right_size(system, page, tmp_path):
    target = tmp_path / f"{system}.pdf"
    pages = write_reference(system, page_size(page), target)
    reader = PdfReader(target)
    assert len(reader.pages) == pages >= 1
    first = reader.pages[0]
    size = page_size(page)
    assert float(first.mediabox.width) / PT_PER_MM == pytest.approx(size.width, abs=0.1)
    assert float(first.mediabox.height) / PT_PER_MM == pytest.approx(size.height, abs=0.1)
    assert "/XObject" not in first["/Resources"]  # charts are paths, not pictures
    text = first.extract_text()
    assert "own words" in text


def test_unknown_system_sheet():
    with pytest.raises(RenderError, match="no reference sheet"):
        write_reference("chess", page_size("a4"), "/tmp/never.pdf")


def _extent(op):
    from generator.layout.draw import Circle, Path, Rect

    if isinstance(op, Rect):
        return op.x, op.y, op.x + op.w, op.y + op.h
    if isinstance(op, Circle):
        return op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r
    if isinstance(op, Path):
        pts = [(seg[i], seg[i + 1]) for seg in op.segments for i in range(1, len(seg) - 1, 2)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)
    return None


@pytest.mark.parametrize("system", reference.SHEET_SYSTEMS)
@pytest.mark.parametrize("page", ["a4", "letter"])
def test_nothing_on_a_sheet_reaches_into_the_printers_margin(system, page):
    size = page_size(page)
    for drawing in reference.reference_drawings(system, size):
        for op in drawing.ops:
            box = _extent(op)
            if box:
                left, top, right, bottom = box
                assert left >= size.margin - 1e-6 and top >= size.margin - 1e-6, op
                assert right <= size.width - size.margin + 1e-6 and bottom <= size.height - size.margin + 1e-6, op


@pytest.mark.parametrize("system", reference.SHEET_SYSTEMS)
def test_ink_saver_leaves_out_the_page_background_and_title_band(system):
    from generator.layout.draw import Rect, Text

    size = page_size("a4")
    page_area = size.width * size.height
    normal = reference.reference_drawings(system, size)[0]
    saver = reference.reference_drawings(system, size, ink_saver=True)[0]

    def big(drawing, share):
        return [op for op in drawing.ops if isinstance(op, Rect) and op.style.fill not in (None, "#ffffff")
                and op.w * op.h > share * page_area]

    assert big(normal, 0.5) and big(normal, 0.05)  # the paper tint and the title band
    assert not big(saver, 0.05)
    title = next(op for op in saver.ops if isinstance(op, Text) and op.size_pt >= 20)
    assert title.fill.lower() not in ("#ffffff", "#f5f0e4", "#f4f0e2")  # dark ink on white, still readable


def test_sheet_command_offers_ink_saver(tmp_path):
    from typer.testing import CliRunner

    from generator.cli.app import app

    result = CliRunner().invoke(app, ["sheet", "warcry", "--ink-saver", "--out", str(tmp_path / "w.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "w.pdf").exists()

def _sheet_text(system):
    from generator.layout.render import render_markup
    from generator.layout.sizes import page_size

    page = page_size("a4")
    data = reference.DATA[system](reference._settings()[system])
    return render_markup(f"sheets/{system}.svg.j2", {"page": {"w": page.width, "h": page.height, "name": page.name,
                                                              "margin": page.margin, "ink_saver": False},
                                                     "data": data}, None)


def test_the_warcry_sheet_says_inspiring_presence_needs_a_hero():
    """The book: Inspiring Presence "can only be used by fighters with the Hero runemark"."""
    text = _sheet_text("warcry")
    entry = text[text.index("Inspiring Presence"):]
    assert "Hero runemark only" in entry[:200]


def test_the_bladeborn_sheet_has_the_first_round_roll_off():
    """The book: with equal singles "if this is the first battle round, the players roll-off"."""
    text = _sheet_text("bladeborn")
    hero_phase = text[text.index("Hero phase."):]
    assert "in round one, roll off" in hero_phase[:400]
