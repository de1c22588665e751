"""The scenario booklet: its sections, the map at true scale, embedded fonts, the same bytes
twice, the printable margin on every page, the ink saver, and nothing written on bad input."""

import io
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.layout.booklet import booklet_bytes, build_booklet
from generator.layout.pdf import pdf_to_pngs
from generator.resources import content_dir

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {p.stem.split("-")[0]: p for p in sorted((content_dir() / "scenarios" / "examples").glob("*.yaml"))}
SECTIONS = ["Mission sheet", "Tokens and trackers", "Set-up", "Map at true scale", "The forces", "Combatant cards",
            "Balance report", "Quick reference"]


@lru_cache(maxsize=None)
def booklet(system: str, **options) -> bytes:
    return booklet_bytes(EXAMPLES[system], **options)


def texts(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def page_with(pages: list[str], heading: str) -> str:
    """The first text page (after the mission sheet) holding ``heading``."""
    return next(p for p in pages[1:] if heading in p)


@pytest.mark.parametrize("system", ["bladeborn", "warcry", "gorechosen", "bladestorm", "sagaborn"])
def test_every_section_is_there_and_the_mission_sheet_gives_its_page(system):
    reader = PdfReader(io.BytesIO(booklet(system)))
    pages = [page.extract_text() or "" for page in reader.pages]
    outline = {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}
    expected = [s for s in SECTIONS if not (system == "bladestorm" and s == "Tokens and trackers")]
    assert list(outline) == expected  # the PDF's bookmarks, in order (Bladestorm has nothing to cut out)
    assert outline["Mission sheet"] == 1 and "mission sheet" in pages[0]
    contents = " ".join(pages[0].split())
    listed = {title: int(n) for title, n in re.findall(r"([A-Z][a-z][\w -]*?) p\. (\d+)", contents)}
    assert listed == {k: v for k, v in outline.items() if k != "Mission sheet"}  # the sheet's contents line
    for section, number in outline.items():
        if section in ("Set-up", "The forces", "Balance report"):
            assert section in pages[number - 1]  # the heading is on the page the contents give
    assert f"page {outline['Set-up']}" in pages[outline["Set-up"] - 1]  # footers number the pages


def test_the_setup_speaks_the_games_own_words():
    setup = page_with(texts(booklet("bladeborn")), "Set-up\n")
    assert "Hero phase" in setup and "Reserve phase" in setup and "battle round" in setup
    assert "centre objective scores 2 victory points" in setup
    assert "Choking Fog" in setup and "6,4" in setup
    saga = " ".join(texts(booklet("sagaborn"))[:4])
    assert "relic" in saga and "12 rounds (the cut-off)" in saga and "battle dice" in saga
    storm = page_with(texts(booklet("bladestorm")), "Set-up\n")
    assert "Player #1" in storm and "combatants" in storm and "within 2 squares of the west edge" in storm


def test_the_balance_report_gives_rate_interval_battles_seed_and_verdict():
    pages = texts(booklet("sagaborn"))
    report = next(p for p in pages if "Balance report" in p and "Battles played" in p)
    assert "200" in report and "1205" in report and "79.5%" in report and "73.4%" in report
    assert report.index("In a word.") < report.index("Battles played")  # players' words first, statistics after
    assert "Not an even match" in report and "Player A" in report and "not measured" in report
    assert "Which kinds of force it favours" in report  # archetypes: not measured for this hand-written scenario
    assert "Score setting up as Player A" in report and "not recorded" in report  # no seat split in this file


def test_the_balance_report_says_which_set_up_is_the_stronger_start():
    from generator.scenarios.model import Balance, load_scenario

    loaded = load_scenario(EXAMPLES["sagaborn"])
    b = loaded.scenario.balance
    split = {"a_in_seat_a": {"wins_a": b.wins_a - 20, "wins_b": 20, "draws": b.draws},  # A nearly always won
             "a_in_seat_b": {"wins_a": 20, "wins_b": b.wins_b - 20, "draws": 0}}  # B nearly always won
    leaning = Balance.model_validate({**b.model_dump(), "by_seat": split})
    loaded.scenario.balance = leaning
    report = " ".join(next(p for p in texts(booklet_bytes(loaded)) if "Balance report" in p and "Battles played" in p).split())
    assert "The set-up matters: the force setting up as Player A scores" in report


def hexagons(page) -> list[list[tuple[float, float]]]:
    """Closed six-point paths drawn on a PDF page (hex cells of the map), in points."""
    data = page.get_contents().get_data().decode("latin-1")
    shapes, current = [], []
    tokens = data.split()
    for i, tok in enumerate(tokens):
        if tok in ("m", "l"):
            current.append((float(tokens[i - 2]), float(tokens[i - 1])))
            if tok == "m":
                current = [current[-1]]
        elif tok == "h":
            if len(current) == 6:
                shapes.append(current)
            current = []
    return shapes


def test_the_map_prints_its_hexes_at_the_requested_size():
    pdf = booklet_bytes(EXAMPLES["bladeborn"], hex_size_mm=30.0)
    reader = PdfReader(io.BytesIO(pdf))
    page_texts = [p.extract_text() or "" for p in reader.pages]
    tile = next(i for i, t in enumerate(page_texts) if "Tile 1 of" in t)
    cells = hexagons(reader.pages[tile])
    assert len(cells) > 10
    for cell in cells[:20]:
        ys = [y for _, y in cell]
        across_flats_mm = (max(ys) - min(ys)) / 72 * 25.4  # flat-top hexes: flats are top and bottom
        assert across_flats_mm == pytest.approx(30.0, abs=0.01)


def test_every_font_is_embedded():
    reader = PdfReader(io.BytesIO(booklet("gorechosen")))
    seen = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            if font.get("/Subtype") == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font.get("/BaseFont")
            seen.add(str(font.get("/BaseFont")))
    assert any("DejaVu" in name for name in seen)


def test_the_same_scenario_gives_the_same_bytes(tmp_path):
    written = build_booklet(EXAMPLES["gorechosen"], tmp_path / "one.pdf")
    assert written.read_bytes() == booklet("gorechosen")  # built twice: once here, once in memory


@pytest.mark.parametrize("system, page, margin_mm", [("bladeborn", "a4", 5.0), ("gorechosen", "letter", 4.0)])
def test_nothing_prints_in_the_printable_margin(system, page, margin_mm):
    from PIL import Image

    pdf = booklet(system, page=page)
    dpi = 40
    band = int(margin_mm / 25.4 * dpi) - 1
    for number, png in enumerate(pdf_to_pngs(pdf, dpi), 1):
        image = Image.open(io.BytesIO(png)).convert("L")
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            assert image.crop(box).getextrema()[0] >= 250, f"page {number} prints in the margin"


def test_the_ink_saver_leaves_the_cover_white():
    from PIL import Image

    def cover_corner(pdf):
        image = Image.open(io.BytesIO(pdf_to_pngs(pdf, 30)[0])).convert("RGB")
        return image.getpixel((image.width // 2, image.height - 40))

    assert cover_corner(booklet("gorechosen")) != (255, 255, 255)
    assert cover_corner(booklet("gorechosen", ink_saver=True)) == (255, 255, 255)


@pytest.mark.parametrize("old, new, says", [
    ("card: Choking Fog", "card: Choking Smog", "twist.card: 'Choking Smog' is not a bladeborn twist card"),
    ('- {cell: "6,4", name: The Altar}', '- {cell: "6,14", name: The Altar}', "objectives[0].cell: '6,14' is off the"),
    ("budgets: {a: 540, b: 540}", "budgets: {a: 300, b: 540}", "forces.a: costs 535 points, over its budget of 300"),
    ("effect: {kind: sight_limit, range: 3}", "effect: {kind: fog_of_war, range: 3}",
     "twist.effect.kind: 'fog_of_war' is not a twist effect the bladeborn engine can execute"),
], ids=["unknown card", "hex off the board", "over budget", "twist kind"])
def test_a_bad_scenario_exits_2_in_one_line_and_writes_nothing(tmp_path, old, new, says):
    bad = tmp_path / "scenario.yaml"
    bad.write_text(EXAMPLES["bladeborn"].read_text().replace(old, new))
    old_booklet = tmp_path / "booklet.pdf"
    old_booklet.write_bytes(b"the last good booklet")
    run = subprocess.run([sys.executable, "-m", "generator", "booklet", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "scenario.yaml:" in run.stderr and says in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["booklet.pdf", "scenario.yaml"]
    assert old_booklet.read_bytes() == b"the last good booklet"  # DIR/booklet.pdf is the default target


def test_a_scenario_not_yet_balanced_still_prints_and_says_so():
    import yaml

    from generator.scenarios.model import validate

    data = yaml.safe_load(EXAMPLES["gorechosen"].read_text())
    data.pop("balance")
    data.pop("twist")
    pages = texts(booklet_bytes(validate(data)))
    report = next(p for p in pages[1:] if "Balance report" in p and "simulator" in p)
    assert "has not been played by the simulator yet" in report
    assert "Not measured by the simulator" in pages[0]  # the mission sheet's balance line says so too
    assert not any("Twist:" in p for p in pages)


def test_a_users_booklet_template_replaces_the_built_in_one(tmp_path):
    from generator.errors import RenderError
    from generator.resources import templates_dir

    mine = tmp_path / "booklet"
    mine.mkdir()
    text = (templates_dir() / "booklet" / "booklet.yaml.j2").read_text()
    (mine / "booklet.yaml.j2").write_text(text.replace('- {h1: "Set-up"}', '- {h1: "Before you play"}\n- {p: "House rule: no take-backs."}'))
    pages = texts(booklet_bytes(EXAMPLES["gorechosen"], templates=tmp_path))
    assert any("House rule: no take-backs." in p for p in pages) and "Before you play" in pages[2]
    (mine / "booklet.yaml.j2").write_text("- {sidebar: oops}\n")
    with pytest.raises(RenderError, match="unknown block 'sidebar'"):
        booklet_bytes(EXAMPLES["gorechosen"], templates=tmp_path)


def test_the_balance_figures_from_the_generator_are_printed_in_players_words_when_present():
    """A block with the generator's newer figures (a mirror match, the set-up lean, the players,
    a second verdict with search players, a handicap) says each of them; a file without them
    (every shipped example) still loads and prints."""
    import yaml

    from generator.scenarios.model import validate

    data = yaml.safe_load(EXAMPLES["bladeborn"].read_text())
    data["balance"].update(mirror=True, setup_lean={"score": 0.496, "ci95": [0.47, 0.52], "games": 1600},
                           policies={"a": "greedy", "b": "greedy"}, knob="B starts with 1 victory point",
                           search={"win_rate_a": 0.521, "ci95": [0.48, 0.56], "games": 400, "balanced": True})
    pages = [" ".join(p.split()) for p in texts(booklet_bytes(validate(data)))]
    sheet = pages[0]
    assert "Mirror match" in sheet and "for search players (52.1% over 400)" in sheet
    assert "the side that sets up first scores 49.6%" in sheet
    assert "Evened by a handicap: B starts with 1 victory point" in sheet
    report = next(p for p in pages[1:] if "Balance report" in p and "Battles played" in p)
    assert "Both sides field the same force" in report and "With search players 52.1%" in report
    assert "Score of the side setting up first 49.6%" in report and "Handicap B starts with 1 victory point" in report
    plain = " ".join(texts(booklet("bladeborn"))[0].split())
    assert "Even: Player A scores 53.5% over 200 battles." in plain  # the example file, as it always was


def test_a_small_tiled_map_prints_without_an_assembly_page_and_a_15_square_board_takes_four_a4_tiles():
    from generator.boards.mapfile import BoardMap
    from generator.layout.map_print import page_plan

    board = BoardMap.model_validate({"grid": "square", "width": 15, "height": 15, "tile_in": 1.0})
    plan = page_plan(board, None, "a4")
    assert (plan.cols, plan.rows) == (2, 2)  # 381 mm a side: two tiles each way, printed 6 mm from the edge
    pages = texts(booklet("bladestorm"))
    assert not any("Assembly:" in p for p in pages)
    assert any("Tile 1 of" in p for p in pages)


def test_the_ink_saver_clears_the_reference_pages_tint_and_band():
    from PIL import Image

    pdf = booklet("bladeborn", ink_saver=True)
    last = Image.open(io.BytesIO(pdf_to_pngs(pdf, 30)[-1])).convert("L")
    w, h = last.size
    band = last.crop((int(w * 0.1), int(h * 0.03), int(w * 0.9), int(h * 0.06)))
    assert band.getextrema()[0] > 60  # no dark title band (the title is printed in ink on white)
    assert last.getpixel((w // 2, h - 40)) == 255  # no paper tint
