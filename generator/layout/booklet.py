"""The scenario booklet: one printable PDF with everything two players need for one battle.

Pipeline, as for cards and sheets: scenario -> *view* (a plain dict of words and numbers, built
here from the scenario, its system and ``content/layout/booklet.yaml``) -> Jinja2 template
(``templates/booklet/booklet.yaml.j2``, which a user may override with ``--templates``) ->
*blocks* (YAML: headings, paragraphs, lists, tables, figures) -> reportlab platypus flowables
-> one deterministic PDF, written atomically.

What is drawn is drawn by the existing pieces: the true-scale map, its tiling and assembly
diagram by :mod:`generator.layout.map_print`; combatant cards by the card templates and the sheet
imposition of :mod:`generator.layout.deck`; the system's reference sheet by
:mod:`generator.layout.reference`. Those arrive as :class:`~generator.layout.draw.Drawing`
pages and go into the booklet as full-page flowables, with the booklet's footer under them
wherever the page leaves room.

The printable margin of the paper (``content/layout/pages.yaml``) is respected on every page,
and ``ink_saver`` drops every full-page background.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable
from xml.sax.saxutils import escape

import jinja2
import yaml

from generator.errors import RenderError
from generator.files import write_atomic
from generator.layout.fonts import font, register_pdf_fonts
from generator.layout.render import _fmt
from generator.layout.sizes import PageSize, page_size
from generator.resources import templates_dir
from generator.units import mm_to_pt

TEMPLATE = "booklet/booklet.yaml.j2"
#: The sections of the built-in template, in order (a user's template may differ).
SECTIONS = ("Contents", "Set-up", "Overview map", "Map at true scale", "The forces", "Combatant cards",
            "Balance report", "Quick reference")


# ---- settings -----------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _settings_from(path: str) -> dict[str, Any]:
    from generator.content.loader import validate_source
    from generator.content.source import read_source
    from generator.layout.settings import Booklet

    source = read_source(path)
    validate_source(source, Booklet)  # a zero or 1e300 size is one line naming the file, not a hang
    return source.data


def settings() -> dict[str, Any]:
    """``content/layout/booklet.yaml`` (the user's ``--content`` copy first)."""
    from generator.content import library

    return _settings_from(str(library().path("layout/booklet.yaml")))


# ---- the view: the scenario in words and numbers ------------------------------------------------


def _x(text: Any) -> str:
    """User text made safe for the page (names like ``Grot <&> Co`` stay text)."""
    return escape(str(text))


def _cells(cells: list[str], limit: int = 12) -> str:
    if len(cells) <= limit:
        return ", ".join(cells)
    return ", ".join(cells[:limit]) + f" and {len(cells) - limit} more"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def scenario_view(loaded, cfg: dict[str, Any], hex_mm: float | None = None) -> dict[str, Any]:
    """Everything the template prints, as escaped text and plain numbers."""
    from generator.scenarios import rules
    from generator.scenarios.model import side_label

    scn = loaded.scenario
    system = loaded.system
    scfg = cfg["systems"][scn.system]
    w = dict(scfg["words"])
    board = loaded.board
    sides = []
    members = system.fighters or system.combatants
    if (system.extra or {}).get("fighters_for"):  # who fights depends on the battle (a team battle seats two)
        battle = system.scenario_options(loaded)
        members = lambda roster: system.extra["fighters_for"](roster, battle)  # noqa: E731
    for key in ("a", "b"):
        setup = getattr(scn.deployment, key)
        roster = loaded.rosters[key]
        combatants = list(system.combatants(roster))
        priced = system.price(combatants) if system.price else []
        fighting = {id(c) for c in members(roster)}
        rows = []
        for c, p in zip(combatants, priced):
            name = _x(getattr(c, "name", p.name))
            if id(c) not in fighting:
                name += " <i>(stays out of the fight)</i>"
            rows.append({"name": name, "cost": _fmt(round(p.cost, 1))})
        label = w[f"side_{key}"]
        symbol = side_label(scn, key)
        parts = []
        if setup.start:
            parts.append(f"sets up in the starting {w['cells']} marked {_x(symbol)} on the map ({_cells(setup.start)})")
            if scn.system == "bladeborn":
                parts[-1] += f"; its territory is those {w['cells']} and every {w['cell']} next to them"
        if setup.edge:
            parts.append(f"sets up within {_plural(setup.depth, w['cell'], w['cells'])} of the {setup.edge} edge")
        if not parts and scn.deployment.min_gap:
            parts.append(f"sets up anywhere on the board more than {_plural(scn.deployment.min_gap, w['cell'], w['cells'])} "
                         f"from any other {w['fighter']}")
        text = "; ".join(parts)
        if setup.reserve:
            since = scn.deployment.reserves_from_round or 2
            text += (f". Reserves arrive on or next to the reserve {w['cells']} marked {_x(symbol)} R "
                     f"({_cells(setup.reserve)}), one a {w['round']} from the {_ordinal(since)} {w['round']} on")
        sides.append({
            "key": key, "label": label, "symbol": _x(symbol), "force_name": _x(getattr(roster, "name", label)),
            "role": setup.role, "setup": text + ".", "combatants": rows,
            "total": _fmt(loaded.costs[key]), "budget": _fmt(getattr(scn.budgets, key)),
        })
    # the balance verdict plays each force half its battles from either side of the table, so the
    # printed game must hand out the sides the same way: by a roll-off, not by the force list
    notes = [f"Before setting up, the players roll off: the winner chooses whether their force sets up as "
             f"{sides[0]['label']} or as {sides[1]['label']} above, and the other force takes the other set-up. "
             f"The balance figures were measured this way: each force played half its battles from each side."]
    if scn.deployment.min_gap and (scn.deployment.a.start or scn.deployment.b.start):
        notes.append(f"Every {w['fighter']} sets up more than {_plural(scn.deployment.min_gap, w['cell'], w['cells'])} "
                     f"from any other {w['fighter']}; the marked {w['cells']} are suggested places.")
    if scn.deployment.first:
        first = sides[0] if scn.deployment.first == "a" else sides[1]
        notes.append(f"{first['label']} sets up first and moves first.")
    if scn.deployment.card:
        notes.append(f"Set-up card: <b>{_x(scn.deployment.card)}</b>.")
    # objectives
    objectives = []
    for n, obj in enumerate(scn.objectives, 1):
        name = _x(obj.name) + f" ({obj.kind})" if obj.name else obj.kind.capitalize()
        worth = {"relic": f"{obj.points} points while held" if obj.points else "carried by a hero",
                 "chest": f"{obj.points} points to open" if obj.points else "open it: a standard action",
                 "door": "open it: a standard action",
                 "objective": f"{obj.points} points" if obj.points else "control it (see Victory)"}[obj.kind]
        objectives.append({"n": n, "label": name, "cell": obj.cell, "worth": worth})
    # victory
    vocab = {"fighter": w["fighter"], "round": w["round"], "take_down": w["take_down"], "hex": w["cell"],
             "point": w.get("point", "victory point"), **({"holds_centre": w["holds_centre"]} if "holds_centre" in w else {})}
    scoring = [_x(rules.describe_scoring(r.model_dump(), vocab)) for r in scn.victory.scoring]
    if scn.victory.rounds:
        rounds = f"The battle lasts {_plural(scn.victory.rounds, w['round'], w['rounds'])}"
        if scn.system == "sagaborn":
            rounds += f" (the cut-off), unless one {w['force']} is wiped out sooner"
        rounds += "."
    else:
        rounds = f"The battle goes on until one side has no {w['fighters']} left."
    tie = "If the result is level, " + rules.TIES[scn.victory.tie] + "."
    twist = None
    if scn.twist is not None:
        twist = {"name": _x(scn.twist.name), "text": _x(scn.twist.text) if scn.twist.text else "",
                 "effect": _x(rules.describe_effect(scn.twist.effect.model_dump(), vocab))}
    # the map
    from generator.layout.map_print import MapGeometry

    geo = MapGeometry.of(board, hex_mm if board.grid == "hex" else None)
    across = "across the flats" if board.grid == "hex" else "a side"
    summary = (f"{_x(board.name or 'The map')}: {board.width} x {board.height} {w['cells']}, printed at "
               f"{geo.size_mm:g} mm {across} ({geo.width / 10:.1f} x {geo.height / 10:.1f} cm in all).")
    terrain = []
    for one, many, cells in ((f"blocked {w['cell']}", f"blocked {w['cells']}", board.blocked), ("pit", "pits", board.pits),
                             ("obstruction", "obstructions", board.obstructions),
                             (f"water {w['cell']}", f"water {w['cells']}", board.water)):
        if cells:
            terrain.append(_plural(len(cells), one, many))
    if board.elevation:
        terrain.append(f"high ground on {len(board.elevation)} {w['cells']}, up to level {max(board.elevation.values())}")
    if board.walls:
        terrain.append(f"{len(board.walls)} walls (impassable)")
    # balance
    balance = None
    if scn.balance is not None:
        b = scn.balance
        lo, hi = b.ci95
        a, bb = sides
        score = f"{a['label']}'s score is {_pct(b.win_rate_a)} (a draw counts half)"
        if b.verdict == "undecided":
            favours = (f"Not yet clear: {score}, and the 95% interval ({_pct(lo)} to {_pct(hi)}) is too wide to "
                       "tell. More battles would decide it.")
        elif b.balanced:
            favours = (f"Neither side beyond the noise: {score}, and the 95% interval ({_pct(lo)} to {_pct(hi)}) "
                       "is consistent with an even match.")
        else:
            ahead = a if b.win_rate_a > 0.5 else bb
            favours = (f"{ahead['label']} ({ahead['force_name']}): {score}, and the 95% interval "
                       f"({_pct(lo)} to {_pct(hi)}) does not reach an even match. "
                       "Consider a smaller budget for the favoured side, or let the underdog choose the twist.")
        if b.band:
            favours += f" The balance test counts {_pct(b.band[0])} to {_pct(b.band[1])} as even."
        setups = b.setup_a_score()
        if setups is None:
            setup_text, setup_note = "not recorded", None
        else:
            rate, (slo, shi), _ = setups
            setup_text = f"{_pct(rate)} (95% interval {_pct(slo)} to {_pct(shi)})"
            first = f"the force that set up as {a['label']} scored {_pct(rate)} (95% interval {_pct(slo)} to {_pct(shi)})"
            if slo > 0.5 or shi < 0.5:
                better = a["label"] if rate > 0.5 else bb["label"]
                setup_note = (f"Setting up as {better} is the stronger start: over these battles {first}. "
                              "Each force took each set-up equally often, so this does not tilt the figures above; "
                              "roll off for set-ups as the set-up section says.")
            else:
                setup_note = f"Neither set-up beyond the noise: {first}."
        balance = {
            "setup_text": setup_text, "setup_note": setup_note,
            "games": b.games, "games_text": f"{b.games:,}" + (" (stopped early: the verdict was clear)" if b.stopped_early else ""),
            "a_text": f"{b.wins_a:,} ({_pct(b.wins_a / b.games)})",
            "score_text": f"{_pct(b.win_rate_a)} (95% interval {_pct(lo)} to {_pct(hi)})",
            "b_text": f"{b.wins_b:,} ({_pct(b.wins_b / b.games)})",
            "draws_text": f"{b.draws:,} ({_pct(b.draws / b.games)})",
            "length_text": (f"{b.mean_rounds:.1f} {w['rounds']}" if b.mean_rounds is not None else "not measured"),
            "seed": str(b.seed), "win_rate_a": b.win_rate_a, "ci": [lo, hi], "balanced": b.balanced,
            "wins_a": b.wins_a, "wins_b": b.wins_b, "draws": b.draws,
            "summary": (f"{b.games:,} simulated battles between these two forces, seed {b.seed}. The chart shows "
                        f"{a['label']}'s score (wins, with draws counted half) and its 95% interval; the dashed "
                        "line is an even match."),
            "favours": favours,
            "archetypes": _archetype_rows(b.favours, w),
            "method": ("The score counts each simulated win as one and each draw as a half; its interval is a Wilson "
                       "score interval, so a small run shows a wide bar. Rebuild the booklet after a new balance run "
                       "to refresh these figures."),
        }
    picked = None
    if scn.pick is not None and scn.pick.mode == "veto":
        picked = ("The cards were picked by veto: three were dealt face up and each player in turn struck one "
                  "until one was left.")
    elif scn.pick is not None:
        chooser = sides[0] if scn.pick.chooser == "a" else sides[1]
        def hand(h):
            if len(h.dealt) == 1:
                return f"<b>{_x(h.kept)}</b> (the only card that fits)"
            return f"<b>{_x(h.kept)}</b> of {', '.join(_x(c) for c in h.dealt)}"

        picked = (f"The underdog chose the cards: {chooser['label']} ({chooser['force_name']}), "
                  f"{_x(scn.pick.why or 'the weaker side')}, was dealt up to three cards from each deck and kept one: "
                  + "; ".join(hand(h) for h in scn.pick.hands) + ".")
    card_deck = {"bladeborn": "battle cards", "sagaborn": "scenario deck", "bladestorm": "victory conditions"}
    return {
        "title": _x(scn.title), "system_title": scfg["title"], "tale": _x(scn.tale), "seed": scn.seed,
        "headings": {**cfg.get("headings", {}), **scfg.get("headings", {})},
        "words": w, "sides": sides, "deployment_notes": notes, "objectives": objectives,
        "victory_card": _x(scn.victory.card) if scn.victory.card else None,
        "victory_card_deck": card_deck.get(scn.system, "victory cards"),
        "scoring": scoring, "rounds_sentence": rounds, "tie_sentence": tie, "twist": twist,
        "sequence": scfg["sequence"], "picked": picked,
        "map": {"summary": summary, "terrain": terrain,
                "legend_note": "the legend names every kind of ground, the objectives and each side's set-up."},
        "balance": balance,
        "cost_note": (f"Costs are the tool's price for each {w['fighter']} ({w['cost']}); the budgets are the "
                      "scenario's. The cards that follow are cut along their edges, nine to a page."),
    }


def _archetype_rows(leans, w: dict[str, str]) -> list[dict[str, str]]:
    """The balance page's "which kinds of force" table: one row per archetype pair."""
    rows = []
    for lean in leans:
        first, second = lean.pair
        row = {"pair": f"{first.capitalize()} vs {second}"}
        if lean.note is not None:
            row.update(result="n/a", figures=_x(lean.note[:1].upper() + lean.note[1:]) + ".")
        else:
            lo, hi = lean.ci95
            row["result"] = f"favours {lean.lean} by {lean.by:.0%}" if lean.lean else "no clear lean"
            figures = f"{first} scores {_pct(lean.score)} (95% interval {_pct(lo)} to {_pct(hi)}) in {lean.games:,} battles"
            if lean.sizes and lean.costs:
                figures += (f"; {lean.sizes[0]} against {lean.sizes[1]} {w['fighters']}, "
                            f"{_fmt(lean.costs[0])} against {_fmt(lean.costs[1])} {w['cost']}")
            row["figures"] = _x(figures) + "."
        rows.append(row)
    return rows


# ---- template -> blocks -------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _environment(user_dir: str | None) -> jinja2.Environment:
    """The booklet's template environment: the sandbox of :mod:`generator.layout.templating`."""
    from generator.layout.templating import template_environment

    return template_environment(user_dir, autoescape=False, keep_trailing_newline=True,
                                filters={"q": lambda value, markup=False: json.dumps(str(value), ensure_ascii=False)})


def render_blocks(view: dict[str, Any], templates: Path | None = None, template: str = TEMPLATE) -> list[dict[str, Any]]:
    """The booklet's blocks: the template rendered with ``view`` and read as YAML (with the
    content limits: a template's output is as untrusted as the template). ``template``: another
    booklet template of the same block language, e.g. a campaign's pages."""
    from generator.content.source import parse_text
    from generator.errors import ContentError
    from generator.layout.templating import check_folder, render_template

    check_folder(templates)
    text = render_template(_environment(str(templates) if templates else None), template, {"s": view}, templates)
    try:
        blocks = parse_text(text, Path(template)).data
    except ContentError as err:
        raise RenderError(f"template {template!r} made YAML that does not read: "
                          f"{str(err).removeprefix(template).lstrip(':')}") from None
    if not isinstance(blocks, list):
        raise RenderError(f"template {template!r} must make a YAML list of blocks")
    return blocks


# ---- flowables ----------------------------------------------------------------------------------


def _classes():
    """Flowable classes, made on first use so that importing this module does not load reportlab."""
    from reportlab.platypus import Flowable

    class FullPage(Flowable):
        """A whole page drawn by ``paint(canvas)`` in page coordinates (a map tile, a card sheet)."""

        def __init__(self, paint: Callable, width_mm: float, height_mm: float, toc: str | None = None,
                     free_bottom: float = 0.0, margin: float = 0.0):
            super().__init__()
            self.paint, self.page_w, self.page_h = paint, width_mm, height_mm
            self.toc, self.free_bottom, self.margin = toc, free_bottom, margin

        def wrap(self, avail_w, avail_h):
            return avail_w, avail_h

        def drawOn(self, canvas, x, y, _sW=0):
            canvas.saveState()
            if self.margin:  # nothing prints closer to the paper's edge than the printer can reach
                m, p = mm_to_pt(1), canvas.beginPath()
                p.rect(self.margin * m, self.margin * m, (self.page_w - 2 * self.margin) * m,
                       (self.page_h - 2 * self.margin) * m)
                canvas.clipPath(p, stroke=0, fill=0)
            self.paint(canvas)
            canvas.restoreState()
            canvas._sk_free_bottom = self.free_bottom

    class Figure(Flowable):
        """A drawing made by ``paint(canvas, w_mm, h_mm)`` in a box of the frame's width."""

        def __init__(self, paint: Callable, size: Callable[[float, float], tuple[float, float]]):
            super().__init__()
            self.paint_fn, self.size_fn = paint, size
            self.w_mm = self.h_mm = 0.0

        def wrap(self, avail_w, avail_h):
            self.w_mm, self.h_mm = self.size_fn(avail_w / mm_to_pt(1), avail_h / mm_to_pt(1))
            return mm_to_pt(self.w_mm), mm_to_pt(self.h_mm)

        def draw(self):
            self.paint_fn(self.canv, self.w_mm, self.h_mm)

    return FullPage, Figure


# ---- drawings -----------------------------------------------------------------------------------


def _ops_painter(ops, page_h: float, ox: float = 0.0, oy: float = 0.0):
    from generator.layout.pdf_writer import draw_ops

    return lambda canvas: draw_ops(canvas, ops, ox, oy, page_h)


def _inset_background(ops, w: float, h: float, margin: float, ink_saver: bool):
    """A reference sheet's full-page background: kept inside the printable margin, or dropped."""
    from generator.layout.draw import Rect

    out = []
    for op in ops:
        if isinstance(op, Rect) and op.x <= 0.01 and op.y <= 0.01 and op.w >= w - 0.01 and op.h >= h - 0.01:
            if ink_saver:
                continue
            op = Rect(margin, margin, w - 2 * margin, h - 2 * margin, op.style, op.rx)
        out.append(op)
    return out


def _is_background(op, drawing) -> bool:
    from generator.layout.draw import Rect

    return isinstance(op, Rect) and op.w >= drawing.width - 2 * 5.1 and op.h >= drawing.height - 2 * 5.1


def _map_canvas_page(board, scale: float, w_mm: float, h_mm: float, legend: bool, coordinates: bool):
    """A MapCanvas page with the whole map drawn at ``scale`` and, below it, its legend."""
    from generator.layout.map_print import MapGeometry, _legend, _legend_items, draw_map, load_styles
    from generator.layout.map_canvas import MapCanvas

    styles = load_styles()
    geo = MapGeometry.of(board, None)
    cv = MapCanvas(title="overview")
    cv.new_page(w_mm, h_mm)
    ox = (w_mm - geo.width * scale) / 2
    draw_map(cv, geo, ox, 0.0, styles, scale=scale, coordinates=coordinates)
    if legend:
        _legend(cv, _legend_items(board, styles), 0.0, geo.height * scale + 4.0, w_mm)
    return cv.pages[0]


def _legend_height(board, width_mm: float) -> float:
    from generator.layout.map_print import _legend, _legend_items, load_styles
    from generator.layout.map_canvas import MapCanvas

    cv = MapCanvas(title="legend")
    cv.new_page(width_mm, 100.0)
    return _legend(cv, _legend_items(board, load_styles()), 0.0, 0.0, width_mm) + 6.0


def map_figure(board, max_h_mm: float | None = None, legend: bool = True, coordinates: bool = False):
    """A flowable of the whole map scaled to the frame (the cover preview, the overview page)."""
    from generator.layout.map_print import MapGeometry
    from generator.layout.pdf_writer import draw_ops

    _, Figure = _classes()
    geo = MapGeometry.of(board, None)

    def size(avail_w, avail_h):
        legend_h = _legend_height(board, avail_w) if legend else 0.0
        room_h = min(avail_h, max_h_mm or avail_h) - legend_h - 1.0
        scale = max(min(avail_w / geo.width, room_h / geo.height), 0.05)
        return avail_w, geo.height * scale + legend_h

    def paint(canvas, w_mm, h_mm):
        legend_h = _legend_height(board, w_mm) if legend else 0.0
        scale = min(w_mm / geo.width, (h_mm - legend_h) / geo.height)
        page = _map_canvas_page(board, scale, w_mm, h_mm, legend, coordinates)
        draw_ops(canvas, page.ops, 0.0, 0.0, h_mm)

    return Figure(paint, size)


def balance_figure(view: dict[str, Any], palette: dict[str, str]):
    """A small chart: A's win rate with its 95% interval against the even line, and the split of
    results (A wins, draws, B wins) as one bar."""
    from reportlab.lib.colors import HexColor

    _, Figure = _classes()
    b = view["balance"]
    names = (view["sides"][0]["label"], view["sides"][1]["label"])

    def size(avail_w, avail_h):
        return avail_w, 34.0

    def paint(canvas, w_mm, h_mm):
        m = mm_to_pt(1)
        body, bold = font("body").pdf_name, font("bold").pdf_name
        left, right = 30.0, w_mm - 6.0
        span = right - left

        def X(p):
            return (left + p * span) * m

        def Y(y):  # y in mm from the top of the figure
            return (h_mm - y) * m

        ink, accent = HexColor(palette["ink"]), HexColor(palette["accent"])
        canvas.setFont(body, 7.5)
        canvas.setFillColor(ink)
        # axis
        canvas.setStrokeColor(HexColor(palette["muted"]))
        canvas.setLineWidth(0.5)
        canvas.line(X(0), Y(14), X(1), Y(14))
        for k in range(0, 11):
            canvas.line(X(k / 10), Y(14), X(k / 10), Y(15.2 if k % 5 else 16))
            if k % 2 == 0:
                canvas.drawCentredString(X(k / 10), Y(19), f"{k * 10}%")
        canvas.setFont(bold, 8)
        canvas.drawString(0, Y(9.3), f"{names[0]}'s score")
        # interval and point
        lo, hi = b["ci"]
        canvas.setFillColor(HexColor(palette["soft"]))
        canvas.setStrokeColor(accent)
        canvas.setLineWidth(1.0)
        canvas.rect(X(lo), Y(11.5), (hi - lo) * span * m, 5 * m, stroke=1, fill=1)
        canvas.setFillColor(accent)
        canvas.circle(X(b["win_rate_a"]), Y(9), 1.6 * m, stroke=0, fill=1)
        canvas.setDash(2, 2)
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(0.6)
        canvas.line(X(0.5), Y(3), X(0.5), Y(16))
        canvas.setDash()
        canvas.setFont(body, 7)
        canvas.setFillColor(ink)
        canvas.drawCentredString(X(0.5), Y(1.2), "even")
        # results bar
        total = max(b["wins_a"] + b["wins_b"] + b["draws"], 1)
        x = 0.0
        canvas.setFont(bold, 8)
        canvas.drawString(0, Y(27.3), "Results")
        for share, fill, label in ((b["wins_a"] / total, palette["band"], names[0]),
                                   (b["draws"] / total, palette["muted"], "draw"),
                                   (b["wins_b"] / total, palette["accent"], names[1])):
            if share <= 0:
                continue
            canvas.setFillColor(HexColor(fill))
            canvas.rect(X(x), Y(30), share * span * m, 5 * m, stroke=0, fill=1)
            if share * span > 22:
                canvas.setFillColor(HexColor("#ffffff"))
                canvas.setFont(body, 7)
                canvas.drawCentredString(X(x + share / 2), Y(28.3), f"{label} {share * 100:.0f}%")
            x += share

    return Figure(paint, size)


# ---- the document -------------------------------------------------------------------------------


@dataclass
class BookletResult:
    path: Path
    pages: int
    sections: list[str]


def _styles(cfg: dict[str, Any], palette: dict[str, str]):
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    register_pdf_fonts()
    body, bold, italic, title = (font(r).pdf_name for r in ("body", "bold", "italic", "title"))
    registerFontFamily(body, normal=body, bold=bold, italic=italic, boldItalic=bold)
    t = cfg["type"]
    ink = HexColor(palette["ink"])
    return {
        "body": ParagraphStyle("body", fontName=body, fontSize=t["body"], leading=t["body"] * 1.32, textColor=ink,
                               spaceAfter=4),
        "small": ParagraphStyle("small", fontName=body, fontSize=t["small"], leading=t["small"] * 1.3, textColor=ink),
        "cell": ParagraphStyle("cell", fontName=body, fontSize=t["body"] - 0.5, leading=(t["body"] - 0.5) * 1.25,
                               textColor=ink),
        "cellhead": ParagraphStyle("cellhead", fontName=bold, fontSize=t["body"] - 0.5,
                                   leading=(t["body"] - 0.5) * 1.25, textColor=HexColor("#ffffff")),
        "h1": ParagraphStyle("h1", fontName=title, fontSize=t["h1"], leading=t["h1"] * 1.2,
                             textColor=HexColor(palette["band"]), spaceBefore=2, spaceAfter=6, keepWithNext=1),
        "h2": ParagraphStyle("h2", fontName=bold, fontSize=t["h2"], leading=t["h2"] * 1.25,
                             textColor=HexColor(palette["band"]), spaceBefore=8, spaceAfter=3, keepWithNext=1),
        "tochead": ParagraphStyle("tochead", fontName=title, fontSize=t["h1"], leading=t["h1"] * 1.2,
                                  textColor=HexColor(palette["band"]), spaceAfter=10),
        "title": ParagraphStyle("title", fontName=title, fontSize=t["title"], leading=t["title"] * 1.15,
                                textColor=HexColor(palette["band"]), spaceAfter=8),
        "kicker": ParagraphStyle("kicker", fontName=bold, fontSize=11, leading=14,
                                 textColor=HexColor(palette["accent"]), spaceAfter=4),
        "tale": ParagraphStyle("tale", fontName=italic, fontSize=t["body"] + 1.5, leading=(t["body"] + 1.5) * 1.4,
                               textColor=ink, spaceAfter=10),
        "toc0": ParagraphStyle("toc0", fontName=body, fontSize=t["body"] + 1, leading=(t["body"] + 1) * 1.7,
                               textColor=ink),
    }


def booklet_path_for(scenario_path: str | os.PathLike) -> Path:
    """Where a scenario's booklet goes by default: ``DIR/booklet.pdf`` next to ``DIR/scenario.yaml``,
    else the scenario file's name with ``.pdf``."""
    path = Path(scenario_path)
    return path.with_name("booklet.pdf") if path.stem == "scenario" else path.with_suffix(".pdf")


def build_booklet(scenario, out_path: str | os.PathLike, page: str = "a4", ink_saver: bool = False,
                  hex_size_mm: float | None = None, templates: Path | None = None) -> Path:
    """Write the booklet of ``scenario`` (a scenario file, a Scenario or a LoadedScenario) to
    ``out_path`` as one PDF; returns the path. Everything is built in memory first: an error
    leaves no file, and an existing booklet is replaced only by a complete one."""
    return _build(scenario, out_path, page, ink_saver, hex_size_mm, templates).path


def _loaded(scenario):
    from generator.scenarios.model import LoadedScenario, Scenario, load_scenario, validate

    if isinstance(scenario, LoadedScenario):
        return scenario
    if isinstance(scenario, Scenario):
        return validate(scenario.model_dump(mode="json", exclude_none=True))
    return load_scenario(scenario)


def _build(scenario, out_path, page: str, ink_saver: bool, hex_size_mm: float | None,
           templates: Path | None) -> BookletResult:
    loaded = _loaded(scenario)
    paper = page_size(page)
    cfg = settings()
    if hex_size_mm is None:
        hex_size_mm = float(cfg["hex_mm"])
    if not 5.0 <= hex_size_mm <= 200.0:
        raise RenderError(f"--hex-size {hex_size_mm:g} mm: allowed is 5 mm to 200 mm")
    view = scenario_view(loaded, cfg, hex_size_mm)
    blocks = render_blocks(view, templates)
    pdf, pages, sections = _compose(loaded, view, blocks, cfg, paper, ink_saver, hex_size_mm, templates)
    path = write_atomic(Path(out_path), pdf)
    return BookletResult(path, pages, sections)


def booklet_bytes(scenario, page: str = "a4", ink_saver: bool = False, hex_size_mm: float | None = None,
                  templates: Path | None = None) -> bytes:
    """The booklet PDF in memory (for tests and previews)."""
    loaded = _loaded(scenario)
    paper = page_size(page)
    cfg = settings()
    hex_mm = float(cfg["hex_mm"]) if hex_size_mm is None else hex_size_mm
    view = scenario_view(loaded, cfg, hex_mm)
    blocks = render_blocks(view, templates)
    return _compose(loaded, view, blocks, cfg, paper, ink_saver, hex_mm, templates)[0]


def booklet_from_blocks(loaded, view: dict[str, Any], blocks: list[dict[str, Any]], page: str = "a4",
                        ink_saver: bool = False, hex_size_mm: float | None = None,
                        templates: Path | None = None) -> tuple[bytes, int, list[str]]:
    """A booklet PDF (bytes, pages, sections) from a scenario, its view and blocks a caller has
    put together (a campaign adds its own pages to the scenario's): the one way to print blocks."""
    cfg = settings()
    hex_mm = float(cfg["hex_mm"]) if hex_size_mm is None else hex_size_mm
    return _compose(loaded, view, blocks, cfg, page_size(page), ink_saver, hex_mm, templates)


def _compose(loaded, view, blocks, cfg, paper: PageSize, ink_saver: bool, hex_mm: float,
             templates: Path | None) -> tuple[bytes, int, list[str]]:
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import (BaseDocTemplate, Frame, KeepTogether, ListFlowable, ListItem,
                                    NextPageTemplate, PageBreakIfNotEmpty, PageTemplate, Paragraph, Spacer,
                                    Table, TableStyle)
    from reportlab.platypus.tableofcontents import TableOfContents

    FullPage, Figure = _classes()
    scn = loaded.scenario
    palette = cfg["systems"][scn.system]["palette"]
    styles = _styles(cfg, palette)
    pg = cfg["page"]
    m = mm_to_pt(1)
    W, H = paper.width, paper.height
    margin = max(float(pg["margin"]), paper.margin)
    footer_y = max(float(pg["footer_y"]), paper.margin + 3.0)
    header_y = max(float(pg["header_y"]), paper.margin + 4.0)
    title_text = f"{scn.title}"
    system_title = view["system_title"]
    sections: list[str] = []

    def footer(canvas, doc, page_w):
        canvas.saveState()
        canvas.setFont(font("body").pdf_name, 7.5)
        canvas.setFillColor(HexColor(palette["muted"]))
        canvas.drawString(margin * m, footer_y * m, f"{title_text}  \u00b7  {system_title}  \u00b7  seed {scn.seed}")
        canvas.drawRightString((page_w - margin) * m, footer_y * m, f"page {doc.page}")
        canvas.restoreState()

    def on_text_page(canvas, doc):
        canvas.saveState()
        canvas.setFont(font("bold").pdf_name, 8)
        canvas.setFillColor(HexColor(palette["band"]))
        canvas.drawString(margin * m, (H - header_y) * m, title_text)
        canvas.setFont(font("body").pdf_name, 8)
        canvas.drawRightString((W - margin) * m, (H - header_y) * m, system_title)
        canvas.setStrokeColor(HexColor(palette["accent"]))
        canvas.setLineWidth(0.8)
        canvas.line(margin * m, (H - header_y - 2.5) * m, (W - margin) * m, (H - header_y - 2.5) * m)
        canvas.restoreState()
        footer(canvas, doc, W)

    def on_cover(canvas, doc):
        canvas.saveState()
        if not ink_saver:  # the cover's paper tint, inside the printable margin
            canvas.setFillColor(HexColor(palette["paper"]))
            canvas.rect(paper.margin * m, paper.margin * m, (W - 2 * paper.margin) * m, (H - 2 * paper.margin) * m,
                        stroke=0, fill=1)
            canvas.setFillColor(HexColor(palette["band"]))
            canvas.rect(paper.margin * m, (H - paper.margin - 14) * m, (W - 2 * paper.margin) * m, 14 * m,
                        stroke=0, fill=1)
            ink = "#ffffff"
        else:
            canvas.setStrokeColor(HexColor(palette["band"]))
            canvas.setLineWidth(1.2)
            canvas.line(margin * m, (H - paper.margin - 14) * m, (W - margin) * m, (H - paper.margin - 14) * m)
            ink = palette["band"]
        canvas.setFillColor(HexColor(ink))
        canvas.setFont(font("title").pdf_name, 13)
        canvas.drawString(margin * m, (H - paper.margin - 9.3) * m, system_title)
        canvas.setFont(font("body").pdf_name, 8)
        canvas.drawRightString((W - margin) * m, (H - paper.margin - 9.3) * m, "A scenario booklet")
        canvas.restoreState()
        footer(canvas, doc, W)

    def on_full_end(page_w):
        def end(canvas, doc):  # the footer goes under a full page only where the page leaves room
            if getattr(canvas, "_sk_free_bottom", 0.0) >= footer_y + 3.0:
                footer(canvas, doc, page_w)
            canvas._sk_free_bottom = 0.0
        return end

    top, bottom = float(pg["top"]), float(pg["bottom"])
    text_frame = Frame(margin * m, bottom * m, (W - 2 * margin) * m, (H - top - bottom) * m, id="text",
                       leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    cover_frame = Frame(margin * m, bottom * m, (W - 2 * margin) * m, (H - paper.margin - 24 - bottom) * m,
                        id="cover", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def full_template(name, pw, ph):
        frame = Frame(0, 0, pw * m, ph * m, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=name)
        return PageTemplate(id=name, frames=[frame], pagesize=(pw * m, ph * m), onPageEnd=on_full_end(pw))

    page_templates = [
        PageTemplate(id="cover", frames=[cover_frame], onPage=on_cover, pagesize=(W * m, H * m)),
        PageTemplate(id="text", frames=[text_frame], onPage=on_text_page, pagesize=(W * m, H * m)),
        full_template("full-portrait", W, H),
        full_template("full-landscape", H, W),
    ]

    class Doc(BaseDocTemplate):
        def afterFlowable(self, flowable):
            text = None
            if isinstance(flowable, Paragraph) and flowable.style.name == "h1":
                text = flowable.getPlainText()
            elif getattr(flowable, "toc", None):
                text = flowable.toc
            if text:
                key = f"s{len(self._sk_keys)}"
                self._sk_keys.append(key)
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(text, key, level=0, closed=False)
                self.notify("TOCEntry", (0, text, self.page, key))

        def handle_documentBegin(self):
            self._sk_keys = []
            super().handle_documentBegin()

    buffer = io.BytesIO()
    doc = Doc(buffer, pagesize=(W * m, H * m), pageTemplates=page_templates, invariant=1,
              title=f"{scn.title} - {system_title} scenario booklet", author="skirmish", creator="skirmish booklet",
              subject=f"{system_title} scenario, seed {scn.seed}", initialFontName=font("body").pdf_name,
              initialFontSize=9, leftMargin=0, rightMargin=0, topMargin=0,
              bottomMargin=0)

    frame_w = W - 2 * margin
    story: list = []

    def para(text, style="body"):
        return Paragraph(str(text), styles[style])

    def full_pages(drawings_and_sizes, toc):
        """Each (paint, w, h, free_bottom) on a page of its own size, the first one in the contents."""
        out = []
        for i, (paint, pw, ph, free) in enumerate(drawings_and_sizes):
            name = "full-landscape" if pw > ph + 0.01 else "full-portrait"
            out += [NextPageTemplate(name), PageBreakIfNotEmpty(),
                    FullPage(paint, pw, ph, toc=toc if i == 0 else None, free_bottom=free, margin=paper.margin)]
        out.append(NextPageTemplate("text"))
        sections.append(toc)
        return out

    def figure(kind, block):
        if kind == "overview":
            return [map_figure(loaded.board, legend=True, coordinates=True)]
        if kind == "balance":
            return [balance_figure(view, palette)] if view["balance"] else []
        if kind == "map":
            return full_pages(_map_pages(loaded.board, hex_mm, paper, float(pg["map_footer"])),
                              block.get("title", "Map at true scale"))
        if kind == "cards":
            return full_pages(_card_pages(loaded, paper, cfg, templates), block.get("title", "Combatant cards"))
        if kind == "reference":
            return full_pages(_reference_pages(scn.system, paper, ink_saver, templates), block.get("title", "Quick reference"))
        raise RenderError(f"template {TEMPLATE!r}: unknown figure {kind!r}; choose overview, balance, map, cards or reference")

    def table(spec):
        header = [para(h, "cellhead") for h in spec.get("header", [])]
        rows = [[para(c, "cell") for c in row] for row in spec.get("rows", [])]
        widths = [f * frame_w * m for f in spec.get("widths", [])] or None
        data = ([header] if any(h.getPlainText() for h in header) else []) + rows
        t = Table(data, colWidths=widths, repeatRows=1 if header and data and data[0] is header else 0)
        style = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), font("body").pdf_name), ("LINEBELOW", (0, 0), (-1, -1), 0.4, HexColor(palette["soft"])),
                 ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
        if data and data[0] is header:
            style.append(("BACKGROUND", (0, 0), (-1, 0), HexColor(palette["band"])))
        t.setStyle(TableStyle(style))
        return t

    started = False
    for block in blocks:
        if not isinstance(block, dict) or len(block) < 1:
            raise RenderError(f"template {TEMPLATE!r}: each block must be a mapping such as {{p: text}}, got {block!r}")
        kind = next(iter(block))
        value = block[kind]
        if kind == "cover":
            story += [NextPageTemplate("cover")] if not started else [NextPageTemplate("cover"), PageBreakIfNotEmpty()]
            story += _cover(view, styles, loaded.board, para)
            story.append(NextPageTemplate("text"))
        elif kind == "toc":
            toc = TableOfContents(dotsMinLevel=0)
            toc.levelStyles = [styles["toc0"]]
            toc.tableStyle = TableStyle([("FONTNAME", (0, 0), (-1, -1), font("body").pdf_name),
                                         ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                         ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
            story += [PageBreakIfNotEmpty(), para(value, "tochead"), toc]
        elif kind == "pagebreak":
            story.append(PageBreakIfNotEmpty())
        elif kind == "h1":
            sections.append(str(value))
            story.append(para(value, "h1"))
        elif kind in ("h2", "p"):
            story.append(para(value, "h2" if kind == "h2" else "body"))
        elif kind in ("bullets", "numbered"):
            items = [ListItem(para(v), leftIndent=12) for v in value]
            story.append(ListFlowable(items, bulletType="1" if kind == "numbered" else "bullet", start="1" if kind == "numbered" else None,
                                      bulletFontName=font("bold").pdf_name, bulletFontSize=8, leftIndent=12,
                                      bulletColor=HexColor(palette["accent"])))
            story.append(Spacer(1, 3))
        elif kind == "table":
            story.append(KeepTogether([table(value)]) if len(value.get("rows", [])) <= 12 else table(value))
            story.append(Spacer(1, 4))
        elif kind == "figure":
            story += figure(value, block)
        else:
            raise RenderError(f"template {TEMPLATE!r}: unknown block {kind!r}; blocks are cover, toc, pagebreak, "
                              "h1, h2, p, bullets, numbered, table, figure")
        started = True
    doc.multiBuild(story, maxPasses=6)
    data = buffer.getvalue()
    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(data)).pages)
    return data, pages, sections


def _cover(view, styles, board, para):
    from reportlab.platypus import Spacer

    out = [Spacer(1, 6), para(f"{view['system_title']} scenario", "kicker"), para(view["title"], "title"),
           para(view["tale"], "tale")]
    a, b = view["sides"]
    out.append(para(f"<b>{a['label']}</b>: {a['force_name']} ({a['total']} {view['words']['cost']})"
                    f" &nbsp; against &nbsp; <b>{b['label']}</b>: {b['force_name']} ({b['total']} {view['words']['cost']})"))
    out.append(Spacer(1, 8))
    out.append(map_figure(board, max_h_mm=165.0, legend=True, coordinates=False))
    if view["balance"]:
        bal = view["balance"]
        out.append(Spacer(1, 6))
        out.append(para(f"Tested in {bal['games']:,} simulated battles: {a['label']} scores "
                        f"{bal['win_rate_a'] * 100:.1f}% (draws count half; 95% interval {bal['ci'][0] * 100:.1f}% to "
                        f"{bal['ci'][1] * 100:.1f}%).", "small"))
    return out


def _ops_bottom(ops) -> float:
    """The lowest point (mm from the top) that a page's drawing ops reach."""
    from generator.layout.draw import Circle, Path as DPath, Rect, Text

    low = 0.0
    for op in ops:
        if isinstance(op, Rect):
            low = max(low, op.y + op.h)
        elif isinstance(op, Circle):
            low = max(low, op.cy + op.r)
        elif isinstance(op, Text):
            low = max(low, op.y + op.size_pt * 0.3 / 2.8346)
        elif isinstance(op, DPath):
            for seg in op.segments:
                if len(seg) >= 3:
                    low = max(low, *seg[2::2])
    return low


def _map_pages(board, hex_mm: float, paper: PageSize, bottom: float = 0.0):
    """The existing map renderer's pages (assembly diagram + tiles, or one page), true scale,
    tiled exactly as ``skirmish map render`` tiles them (``bottom`` mm more kept free if asked).

    The pages are drawn when the booklet knows its page numbers, so the assembly diagram names
    the booklet's own pages."""
    from generator.layout.map_print import compose
    from generator.layout.map_canvas import MapCanvas
    from generator.layout.map_tiling import PAGES
    from generator.layout.pdf_writer import draw_ops

    if paper.name not in PAGES:
        raise RenderError(f"maps print on {', '.join(PAGES)}; --page {paper.name} has no map tiling")
    size = hex_mm if board.grid == "hex" else None

    @lru_cache(maxsize=4)
    def pages_from(first: int):
        cv = MapCanvas(title=board.name or "map")
        compose(cv, board, size, paper.name, bottom=bottom, first_page=first)
        return cv.pages

    layout = pages_from(1)

    def painter(index: int):
        def paint(canvas):
            page = pages_from(canvas.getPageNumber() - index)[index]
            draw_ops(canvas, page.ops, 0.0, 0.0, page.height)
        return paint

    return [(painter(i), p.width, p.height, p.height - _ops_bottom(p.ops)) for i, p in enumerate(layout)]


def _card_pages(loaded, paper: PageSize, cfg, templates: Path | None):
    """Both forces' cards, imposed by the card pipeline with crop marks, fronts only, ready to cut."""
    from generator.layout import deck, pdf_writer
    from generator.layout.cards import cards_for
    from generator.layout.impose import plan_sheet
    from generator.layout.sizes import card_size

    system = loaded.system
    size = card_size(cfg.get("card", "poker"))
    cards = []
    for key in ("a", "b"):
        roster = loaded.rosters[key]
        cards += cards_for(system.name, roster, list(system.combatants(roster)))
    fronts = [deck.render_card(card, size, 0.0, templates)[0] for card in cards]
    plan = plan_sheet(paper, size, 0.0, True)
    lowest = max([m.y1 for m in plan.marks] + [m.y2 for m in plan.marks] + [y + size.height for _, y in plan.slots])
    pages = []
    for start in range(0, len(fronts), plan.per_page):
        chunk = fronts[start:start + plan.per_page]

        def paint(canvas, chunk=chunk):
            for drawing, (x, y) in zip(chunk, plan.slots):
                pdf_writer.draw(canvas, drawing, x, y, paper.height)
            deck._draw_marks(canvas, plan, plan.marks, paper.height)

        pages.append((paint, paper.width, paper.height, paper.height - lowest))
    return pages


def _reference_pages(system: str, paper: PageSize, ink_saver: bool, templates: Path | None):
    from generator.layout.reference import reference_drawings

    pages = []
    for drawing in reference_drawings(system, paper, templates):
        ops = _inset_background(drawing.ops, drawing.width, drawing.height, paper.margin, ink_saver)
        pages.append((_ops_painter(ops, drawing.height), drawing.width, drawing.height,
                      drawing.height - _ops_bottom([op for op in ops if not _is_background(op, drawing)])))
    return pages
