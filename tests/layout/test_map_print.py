"""Printing maps: true scale, tiling, deterministic and atomic output."""

import io
import re
import xml.etree.ElementTree as ET

import pypdf
import pytest

from generator.boards.mapfile import board_from_dict
from generator.layout.map_print import render_map, render_pdf_bytes
from generator.layout.map_tiling import (
    OVERLAP_MM,
    PAGES,
    parse_length_mm,
    plan_pages,
    tiles_needed,
)
from generator.errors import RenderError

PT = 72 / 25.4


def hex_board(width=5, height=4, orientation="flat", **extra):
    return board_from_dict({"grid": "hex", "orientation": orientation, "width": width, "height": height,
                            "blocked": ["2,1"], "objectives": ["1,2"],
                            "zones": {"A": {"start": ["0,0"]}, "B": {"start": [f"{width - 1},{height - 1}"]}},
                            **extra})


def hexagons(page):
    """Every six-corner closed path on a PDF page, as lists of (x, y) points in pt."""
    data = page.get_contents().get_data().decode("latin-1")
    out = []
    for path in re.findall(r"n ((?:[-\d.]+ [-\d.]+ [ml] ){6})h", data):
        nums = [float(v) for v in re.findall(r"[-\d.]+", path)]
        out.append(list(zip(nums[0::2], nums[1::2])))
    return out


# -- tiling arithmetic --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "length, area, overlap, pieces",
    [(100, 190, 12, 1), (190, 190, 12, 1), (191, 190, 12, 2), (368, 190, 12, 2), (369, 190, 12, 3)],
)
def test_tiles_needed(length, area, overlap, pieces):
    # n pieces cover n * area - (n - 1) * overlap
    assert tiles_needed(length, area, overlap) == pieces


def test_tiles_cover_the_map_and_overlap_by_the_band():
    plan = plan_pages(400.0, 300.0, "a4")
    assert not plan.single and plan.page_count == 1 + len(plan.tiles)
    xs = sorted({(t.x0, t.x1) for t in plan.tiles})
    ys = sorted({(t.y0, t.y1) for t in plan.tiles})
    assert xs[0][0] == 0 and xs[-1][1] == 400.0 and ys[0][0] == 0 and ys[-1][1] == 300.0
    for (a0, a1), (b0, b1) in zip(xs, xs[1:]):
        assert a1 - b0 == pytest.approx(OVERLAP_MM)
    for (a0, a1), (b0, b1) in zip(ys, ys[1:]):
        assert a1 - b0 == pytest.approx(OVERLAP_MM)
    for t in plan.tiles:
        assert t.width <= plan.area_w + 1e-9 and t.height <= plan.area_h + 1e-9
    # equal pieces, not full pages and a thin last strip
    assert len({round(t.width, 6) for t in plan.tiles}) == 1
    assert len({round(t.height, 6) for t in plan.tiles}) == 1


def test_landscape_when_it_saves_pages():
    plan = plan_pages(250.0, 150.0, "a4")  # too wide for portrait, fits landscape whole
    assert plan.single and plan.landscape and (plan.page_w, plan.page_h) == (297.0, 210.0)


def test_poster_holds_what_a4_must_tile():
    assert not plan_pages(400.0, 300.0, "a4").single
    assert plan_pages(400.0, 300.0, "poster").single


@pytest.mark.parametrize("text, mm", [("25mm", 25.0), ("2.5cm", 25.0), ("1in", 25.4), ('1"', 25.4), ("30", 30.0)])
def test_parse_length(text, mm):
    assert parse_length_mm(text) == pytest.approx(mm)


@pytest.mark.parametrize("text", ["big", "25px", "", "1000mm", "-3mm"])
def test_parse_length_rejects(text):
    with pytest.raises(RenderError, match="--hex-size"):
        parse_length_mm(text)


# -- true scale ---------------------------------------------------------------------------------
@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("size", [25.0, 32.0])
def test_pdf_is_true_scale(orientation, size):
    pdf, plan = render_pdf_bytes(hex_board(orientation=orientation), size, "a4")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(210 * PT, abs=0.01)
    assert float(page.mediabox.height) == pytest.approx(297 * PT, abs=0.01)
    hexes = hexagons(page)
    assert len(hexes) >= 20
    for pts in hexes[:20]:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        across_flats = (max(ys) - min(ys)) if orientation == "flat" else (max(xs) - min(xs))
        assert across_flats / PT == pytest.approx(size, abs=0.01)


def test_square_tiles_are_one_inch_by_default():
    board = board_from_dict({"grid": "square", "width": 6, "height": 5, "blocked": ["2,2"]})
    pdf, _ = render_pdf_bytes(board, None, "a4")
    data = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    squares = re.findall(r"n ((?:[-\d.]+ [-\d.]+ [ml] ){4})h", data)
    nums = [float(v) for v in re.findall(r"[-\d.]+", squares[0])]
    assert (max(nums[0::2]) - min(nums[0::2])) / PT == pytest.approx(25.4, abs=0.01)


def test_large_map_is_tiled_with_an_assembly_page():
    board = hex_board(13, 10)
    pdf, plan = render_pdf_bytes(board, 25.0, "a4")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == plan.page_count == 1 + len(plan.tiles) >= 3
    first = reader.pages[0].extract_text()
    assert "Print at 100%" in first and "Assembly" in first
    for i, page in enumerate(reader.pages[1:], 1):
        assert f"Tile {i} of {len(plan.tiles)}" in page.extract_text()
        # a tile page draws only the cells that reach into its tile (fills + outlines of all 130
        # cells would be 260 hexagons)
        assert len(hexagons(page)) < 2 * 13 * 10
        # tiles are printed at full size too
        pts = hexagons(page)[0]
        ys = [p[1] for p in pts]
        assert (max(ys) - min(ys)) / PT == pytest.approx(25.0, abs=0.01)


def test_pdf_embeds_the_shipped_fonts_and_is_deterministic():
    board = hex_board()
    first, _ = render_pdf_bytes(board, 25.0, "letter")
    second, _ = render_pdf_bytes(board, 25.0, "letter")
    assert first == second
    reader = pypdf.PdfReader(io.BytesIO(first))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    names = {str(fonts[k].get_object()["/BaseFont"]) for k in fonts}
    assert names and all("DejaVu" in n for n in names)
    assert float(reader.pages[0].mediabox.width) == pytest.approx(215.9 * PT, abs=0.01)


# -- files --------------------------------------------------------------------------------------
def test_svg_is_in_millimetres_and_true_scale(tmp_path):
    (path,) = render_map(hex_board(), tmp_path / "m.svg", hex_size_mm=25.0)
    text = path.read_text()
    root = ET.fromstring(text)
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    assert [float(v) for v in root.get("viewBox").split()] == [0, 0, 210, 297]
    assert "Print at 100%" in text
    hexes = []
    for el in root.iter("{http://www.w3.org/2000/svg}path"):
        nums = [float(v) for v in re.findall(r"-?[\d.]+", el.get("d"))]
        if el.get("d").count("L") == 5 and el.get("d").endswith("Z"):
            hexes.append(list(zip(nums[0::2], nums[1::2])))
    assert len(hexes) >= 20
    for h in hexes[:20]:
        ys = [y for _, y in h]
        assert max(ys) - min(ys) == pytest.approx(25.0, abs=0.001)  # user unit = 1 mm


def test_png_pages_of_a_tiled_map(tmp_path):
    paths = render_map(hex_board(13, 10), tmp_path / "big.png", hex_size_mm=25.0, dpi=40)
    assert [p.name for p in paths] == [f"big-p{i}.png" for i in range(1, len(paths) + 1)]
    assert len(paths) >= 3
    from PIL import Image

    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with Image.open(p) as image:  # the resolution is recorded, so the PNG prints at true size
            assert image.info["dpi"] == pytest.approx((40, 40), abs=0.01)
            assert image.width == pytest.approx(297 / 25.4 * 40, abs=1) or image.width == pytest.approx(210 / 25.4 * 40, abs=1)


def test_failed_render_leaves_no_file(tmp_path, monkeypatch):
    import generator.layout.map_print as render

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(render.os, "replace", broken)
    with pytest.raises(RuntimeError):
        render_map(hex_board(), tmp_path / "m.pdf")
    assert list(tmp_path.iterdir()) == []


def test_unknown_format():
    with pytest.raises(RenderError, match="unknown format 'jpg'"):
        render_map(hex_board(), "x.jpg")


def test_pages_known():
    assert set(PAGES) >= {"a4", "letter", "poster"}


def test_svg_escapes_a_map_name_with_markup_characters(tmp_path):
    board = hex_board(name='Grot <"Big"> & Co')
    (path,) = render_map(board, tmp_path / "m.svg", hex_size_mm=25.0)
    root = ET.fromstring(path.read_text())  # would not parse if the name broke the markup
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any('Grot <"Big"> & Co' in t for t in texts)


@pytest.mark.parametrize("page", ["a4", "letter"])
@pytest.mark.parametrize("size", [(13, 10), (5, 4)])
def test_header_text_never_runs_into_the_50mm_ruler(page, size):
    from generator.layout.map_print import RULER_MM, compose
    from generator.layout.map_canvas import MapCanvas, text_width_mm
    from generator.layout.map_tiling import HEADER_MM, MARGIN_MM
    from generator.layout.draw import Text

    board = hex_board(*size, name="The Drawn and Quartered Crossing of the Long Red River")
    canvas = MapCanvas("t")
    compose(canvas, board, 25.0, page)
    for drawing in canvas.pages:
        ruler_left = drawing.width - MARGIN_MM - RULER_MM
        header = [op for op in drawing.ops if isinstance(op, Text) and op.y <= MARGIN_MM + HEADER_MM
                  and not op.text.startswith("50 mm")]
        assert header
        for op in header:
            assert op.x + text_width_mm(op.text, op.size_pt, op.role) <= ruler_left - 2.0, op.text


def test_a_dungeon_map_prints_its_relic_chest_and_door_numbered_after_the_objectives(tmp_path):
    """A SagaBorn relic vault's doors, chests and relics are part of the battle: the printed map
    numbers them after the objectives, each in its own shape, and the legend names them."""
    board = hex_board(relics=["3,0"], chests=["0,3"], doors=["4,1"])
    (path,) = render_map(board, tmp_path / "m.svg", hex_size_mm=25.0)
    root = ET.fromstring(path.read_text())
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    for label in ("Objective", "Relic", "Chest", "Door"):
        assert label in texts
    assert {"1", "2", "3", "4"} <= set(texts)
    plain = hex_board()
    (path,) = render_map(plain, tmp_path / "p.svg", hex_size_mm=25.0)
    texts = [el.text for el in ET.fromstring(path.read_text()).iter("{http://www.w3.org/2000/svg}text")]
    assert "Objective" in texts and "Relic" not in texts and "2" not in texts
