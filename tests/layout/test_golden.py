"""Golden drawings: every card template and every reference sheet, compared structurally.

Each golden is a compact SVG (open it in a browser to see the layout): one element per line,
text runs with their position and size, shapes with their geometry and colours, lengths in mm
rounded to 0.01. The test compares the sequence of elements (kind, text, colours) exactly and
every number within 0.05 mm, so a card that prints its Defense blank, reads a field under the
wrong name, or moves a label, fails here. When a change is meant, look at the new output and
re-bless: ``python -m pytest tests/layout/test_golden.py --bless``, then review the diff.
"""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.layout.cards import cards_for
from generator.layout.deck import render_card
from generator.layout.draw import Circle, Drawing, Path as PathOp, Rect, Text
from generator.layout.odds import odds_line
from generator.layout.sizes import card_size, page_size
from generator.units import pt_to_mm

GOLDEN = Path(__file__).parent / "golden"
TOL_MM = 0.05
_NUM = re.compile(r"-?\d+(?:\.\d+)?")

FIGHTER_ROSTER = {"name": "Ashen Band", "reserve": 1, "combatants": [
    {"name": "Vashti", "runemarks": ["hero", "mystic"], "faction_runemark": "Cinder Oath", "movement": 4,
     "toughness": 5, "wounds": 12, "points": 170, "rule": "Once per battle, re-roll one attack.",
     "weapons": [{"name": "Brand", "min_range": 0, "max_range": 1, "attacks": 4, "strength": 5, "dmg_hit": 2, "dmg_crit": 5},
                 {"runemark": "bow", "min_range": 3, "max_range": 8, "attacks": 2, "strength": 3,
                  "dmg_hit": 1, "dmg_crit": 3}]},
], "abilities": [
    {"cost": "double", "name": "Ember Step", "runemarks": [], "text": "Move two hexes."},
    {"cost": "quad", "name": "Pyre", "runemarks": ["hero"], "text": "Deal 3 damage to each adjacent enemy."},
]}

ROSTERS = {
    "bladestorm": {"name": "Goblins", "combatants": [
        {"name": "Cro", "race": "Greater Goblin", "size": "medium", "movement": 6, "melee_attack": "2D6+D10+3",
         "melee_damage": "High+Low+2", "defense": 9, "endurance": 12, "tpc": 212, "special": "Leads the goblins.",
         "weapons": [{"name": "Sword", "attack": "2D6+D10+3", "damage": "High+Low+2"}]}]},
    "bladeborn": FIGHTER_ROSTER,
    "warcry": FIGHTER_ROSTER,
    "sagaborn": {"name": "House Ka'Dal", "combatants": [
        {"name": "Halvar", "type": "hero", "cost": 60, "units": 1, "hp": 8, "move": 4, "range": 1, "attack": 4,
         "defense": 3, "height": 2, "special": {"name": "Shield Wall", "text": "Friends beside him defend better."},
         "icons": ["hand", "goblet"], "talents": ["Cleave"]}]},
    "gorechosen": {"name": "Pit", "champions": [
        {"name": "Tark", "healthy": {"profiles": {"near": {"to_hit": 3, "wounds": 3}},
                                     "kill_zone": [{"q": 0, "r": -1, "band": "near"}]},
         "wounded": {"profiles": {"near": {"to_hit": 4, "wounds": 2}}, "kill_zone": [{"q": 0, "r": -1, "band": "near"}]},
         "health": {"length": 5, "wounded_boxes": [3]},
         "unique_action": {"name": "Scourge", "text": "Roll four dice."},
         "unique_rule": {"name": "Blood Whip", "text": "Sixes make them discard.", "wounded": "Only if any 6s."},
         "fate_of_the_slain": "A final crack of the whip."}]},
}


def _r(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def compact_svg(drawing: Drawing, min_area: float = 0.0) -> str:
    """The drawing as a small SVG, one element per line (clips left out). ``min_area`` (mm²) leaves
    out smaller rectangles and circles, e.g. a chart's cells, whose numbers the text runs carry."""
    b = drawing.bleed
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_r(-b)} {_r(-b)} {_r(drawing.width + 2 * b)} '
             f'{_r(drawing.height + 2 * b)}" width="{_r(drawing.width + 2 * b)}mm" height="{_r(drawing.height + 2 * b)}mm">',
             '<style>text{font-family:"DejaVu Sans Condensed"}.bold,.title{font-weight:bold}.italic{font-style:italic}'
             '.title{font-family:"DejaVu Serif Condensed"}</style>']

    def paint(style) -> str:
        out = f' fill="{style.fill or "none"}"'
        if style.stroke:
            out += f' stroke="{style.stroke}" stroke-width="{_r(style.stroke_width)}"'
        return out

    for op in drawing.ops:
        if isinstance(op, Text):
            text = op.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            lines.append(f'<text x="{_r(op.x)}" y="{_r(op.y)}" font-size="{_r(pt_to_mm(op.size_pt))}" '
                         f'class="{op.role}" fill="{op.fill}">{text}</text>')
        elif isinstance(op, Rect) and op.w * op.h >= min_area:
            lines.append(f'<rect x="{_r(op.x)}" y="{_r(op.y)}" width="{_r(op.w)}" height="{_r(op.h)}"{paint(op.style)}/>')
        elif isinstance(op, Circle) and 3.2 * op.r * op.r >= min_area:
            lines.append(f'<circle cx="{_r(op.cx)}" cy="{_r(op.cy)}" r="{_r(op.r)}"{paint(op.style)}/>')
        elif isinstance(op, PathOp) and not min_area:
            d = " ".join(seg[0] + " ".join(_r(v) for v in seg[1:]) for seg in op.segments)
            lines.append(f'<path d="{d}"{paint(op.style)}/>')
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _elements(svg: str) -> list[tuple[str, str, list[float]]]:
    """(kind with its text and colours, numbers) per element, read back from a compact SVG."""
    root = ET.fromstring(svg)
    out = [("svg", "", [float(n) for n in _NUM.findall(root.get("viewBox", ""))])]
    for el in root:
        tag = el.tag.rsplit("}", 1)[-1]
        if tag == "style":
            continue
        numbers, words = [], []
        for key, value in sorted(el.attrib.items()):
            if key in ("fill", "stroke", "class"):
                words.append(f"{key}={value}")
            elif key == "d":
                words.append("d=" + "".join(re.findall(r"[A-Z]", value)))
                numbers += [float(n) for n in _NUM.findall(value)]
            else:
                numbers.append(float(value))
        out.append((f"{tag} {el.text or ''} {' '.join(words)}".strip(), "", numbers))
    return out


def assert_matches_golden(name: str, drawing: Drawing, bless: bool, min_area: float = 0.0) -> None:
    path = GOLDEN / f"{name}.svg"
    current = compact_svg(drawing, min_area)
    if bless or not path.exists():
        if not bless:
            pytest.fail(f"no golden {path.name}: look at the output, then run pytest --bless to create it")
        path.write_text(current, encoding="utf-8")
        return
    golden = path.read_text(encoding="utf-8")
    want, got = _elements(golden), _elements(current)
    kinds_want, kinds_got = [k for k, _, _ in want], [k for k, _, _ in got]
    if kinds_want != kinds_got:
        diff = "\n".join(list(difflib.unified_diff(kinds_want, kinds_got, "golden", "now", lineterm="", n=1))[:40])
        pytest.fail(f"{path.name}: elements differ (re-bless with pytest --bless if this is meant):\n{diff}")
    for (kind, _, a), (_, _, b) in zip(want, got):
        if len(a) != len(b) or any(abs(x - y) > TOL_MM + 1e-9 for x, y in zip(a, b)):
            pytest.fail(f"{path.name}: {kind!r} moved or resized: golden {a} now {b} "
                        "(re-bless with pytest --bless if this is meant)")


def _cards(system: str):
    return cards_for(system, ROSTERS[system], odds=lambda view: odds_line(system, view, 4))


CARD_CASES = [(system, i) for system in ROSTERS for i in range(len(_cards(system)))]


@pytest.mark.parametrize("system,index", CARD_CASES, ids=lambda v: str(v))
def test_card_front_matches_its_golden(system, index, bless):
    card = _cards(system)[index]
    front, _ = render_card(card, card_size("poker"), 0)
    template = Path(card.front.template).stem.replace(".svg", "")
    assert_matches_golden(f"card-{system}-{template}", front, bless)


@pytest.mark.parametrize("system", ["bladestorm", "gorechosen"])
def test_card_back_matches_its_golden(system, bless):
    _, back = render_card(_cards(system)[0], card_size("poker"), 0)
    template = Path(_cards(system)[0].back.template).stem.replace(".svg", "")
    assert_matches_golden(f"card-{system}-{template}", back, bless)


@pytest.mark.parametrize("system", ["bladestorm", "bladeborn", "warcry", "sagaborn", "gorechosen"])
def test_reference_sheet_matches_its_golden(system, bless):
    from generator.layout.reference import reference_drawings

    for number, drawing in enumerate(reference_drawings(system, page_size("a4")), start=1):
        assert_matches_golden(f"sheet-{system}-{number}", drawing, bless, min_area=400)


def test_a_card_that_prints_its_defense_blank_fails_its_golden(bless):
    if bless:
        pytest.skip("blessing")
    [card] = _cards("bladestorm")
    card.front.view["defense"] = ""
    front, _ = render_card(card, card_size("poker"), 0)
    with pytest.raises(pytest.fail.Exception, match="elements differ"):
        assert_matches_golden("card-bladestorm-bladestorm", front, False)
