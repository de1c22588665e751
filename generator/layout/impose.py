"""Imposition: where each card sits on a printed sheet, its crop marks, and its back.

Cards sit at their exact trimmed size in a centred grid. Along each axis the grid is laid out
one of two ways, whichever fits more cards (the first when both fit as many):

- *own bleed*: each card keeps its full bleed on every side (neighbours are
  ``2 x bleed + gutter`` apart), so every cut has colour on both sides;
- *shared cut lines*: cards touch, one cut separates two neighbours, and only the outside of
  the block carries bleed. This is how 9 poker cards with 3 mm bleed fit on A4 or Letter.

Crop marks are drawn only outside the card block, one pair per cut line. They sit on white
paper beyond the bleed when the printer's margin leaves room; when it does not, they are drawn
inside the outer bleed (which the cut removes), stopping short of the card. Backs for
long-edge duplex are the front grid mirrored left-right, plus a user-measured offset that
corrects the printer's drift.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.errors import RenderError
from generator.layout.sizes import CardSize, PageSize, sheet_settings

EPS = 1e-9


@dataclass(frozen=True)
class Mark:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class SheetPlan:
    page: PageSize
    card: CardSize
    bleed: float
    cols: int
    rows: int
    slots: list[tuple[float, float]]  # trimmed top-left of each card, mm from page top-left
    marks: list[Mark] = field(default_factory=list)
    mark_width: float = 0.15
    # per slot, the bleed actually printed on its (left, top, right, bottom) sides: 0 where a
    # card shares a cut line with its neighbour, so no card paints over another
    slot_bleeds: list[tuple[float, float, float, float]] = field(default_factory=list)
    shared_cuts: tuple[bool, bool] = (False, False)  # (columns, rows) share cut lines

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def back_slots(self, offset: tuple[float, float] = (0.0, 0.0)) -> list[tuple[float, float]]:
        """Where the back of each front slot prints on the reverse (long-edge flip mirrors x)."""
        dx, dy = offset
        return [(self.page.width - x - self.card.width + dx, y + dy) for x, y in self.slots]

    def back_bleeds(self) -> list[tuple[float, float, float, float]]:
        """The bleed of each back slot: the front's, left and right swapped by the mirror."""
        return [(r, t, l, b) for l, t, r, b in self.bleeds()]

    def bleeds(self) -> list[tuple[float, float, float, float]]:
        return self.slot_bleeds or [(self.bleed,) * 4] * len(self.slots)

    def back_marks(self, offset: tuple[float, float] = (0.0, 0.0)) -> list[Mark]:
        dx, dy = offset
        w = self.page.width
        return [Mark(w - m.x1 + dx, m.y1 + dy, w - m.x2 + dx, m.y2 + dy) for m in self.marks]


@dataclass(frozen=True)
class _Axis:
    """One axis of the grid: how many cards, their pitch, and where the crop marks go."""

    count: int
    shared: bool
    pitch: float
    block: float  # from the first card's outer bleed edge to the last one's
    mark_from: float = 0.0  # distance outward from the trim edge where a mark starts
    mark_to: float = 0.0  # ... and where it ends


def _axis_options(avail: float, size: float, bleed: float, gutter: float) -> list[tuple[int, bool]]:
    """(count, shared) candidates along one axis, best first."""
    own = int(math.floor((avail + gutter + EPS) / (size + 2 * bleed + gutter)))
    shared = int(math.floor((avail - 2 * bleed + EPS) / size)) if bleed > 0 else 0
    options = [(n, False) for n in range(own, 0, -1)]
    if shared > own:
        options = [(n, True) for n in range(shared, own, -1)] + options
    return options


def _mark_span(outside: float, bleed: float, s: dict[str, float]) -> tuple[float, float] | None:
    """Where a crop mark runs, as distances outward from the trim edge, or None if none fits.

    ``outside`` is the room from the trim edge to the printable margin on that side.
    """
    room = outside - bleed  # white paper between the bleed and the printable margin
    if room + EPS >= s["gap_min"] + s["mark_min"]:
        gap = max(s["gap_min"], min(s["gap"], room - s["mark_min"]))
        start = bleed + gap
        return start, start + min(s["mark_length"], room - gap)
    # too narrow: draw the mark inside the outer bleed (trimmed away), short of the card
    start = s["bleed_gap"]
    end = min(outside, start + s["mark_length"])
    if bleed > start and end - start + EPS >= s["mark_min"]:
        return start, end
    return None


def plan_sheet(page: PageSize, card: CardSize, bleed: float = 0.0, crop_marks: bool = False,
               gutter: float | None = None) -> SheetPlan:
    """Fit as many cards as the printable area allows (or the pinned grid from sheet.yaml)."""
    settings = sheet_settings()
    defaults = settings.get("defaults", {})
    if bleed < 0:
        raise RenderError(f"bleed {bleed:g}mm is negative: use 0 or more")
    max_bleed = float(defaults.get("max_bleed", 10.0))
    if bleed > max_bleed:
        raise RenderError(f"bleed {bleed:g}mm is more than the {max_bleed:g}mm a print needs: use 0-{max_bleed:g}mm (3mm is usual)")
    gutter = float(defaults.get("gutter", 0.0) if gutter is None else gutter)
    marks = {
        "gap": float(defaults.get("mark_gap", 1.5)),
        "gap_min": float(defaults.get("mark_gap_min", 0.5)),
        "mark_length": float(defaults.get("mark_length", 5.0)),
        "mark_min": float(defaults.get("mark_min", 2.0)),
        "bleed_gap": float(defaults.get("mark_bleed_gap", 1.0)),
    }
    pinned = (settings.get("layouts", {}) or {}).get(f"{page.name}/{card.name}")

    def axis(page_len: float, size: float, pin: int | None) -> _Axis | None:
        avail = page_len - 2 * page.margin
        for count, shared in _axis_options(avail, size, bleed, gutter):
            if pin is not None and count != pin:
                continue
            pitch = size if shared else size + 2 * bleed + gutter
            block = count * pitch + (2 * bleed if shared else -gutter)
            if not crop_marks:
                return _Axis(count, shared, pitch, block)
            outside = (page_len - block) / 2 + bleed - page.margin  # trim edge to printable edge
            span = _mark_span(outside, bleed, marks)
            if span is not None:
                return _Axis(count, shared, pitch, block, *span)
        return None

    # marks for vertical cut lines sit above and below the block, so they use the other axis's room
    ax = axis(page.width, card.width, pinned and int(pinned["cols"]))
    ay = axis(page.height, card.height, pinned and int(pinned["rows"]))
    if pinned and (ax is None or ay is None):
        best_x, best_y = axis(page.width, card.width, None), axis(page.height, card.height, None)
        raise RenderError(
            f"sheet layout {page.name}/{card.name} ({pinned['cols']}x{pinned['rows']}) does not fit with "
            f"{bleed:g}mm bleed{' and crop marks' if crop_marks else ''}: at most "
            f"{best_x.count if best_x else 0}x{best_y.count if best_y else 0} fit"
        )
    if ax is None or ay is None:
        extra = 2 * (marks["gap_min"] + marks["mark_min"]) if crop_marks else 0.0
        need_w = card.width + 2 * bleed + extra
        need_h = card.height + 2 * bleed + extra
        raise RenderError(
            f"bleed {bleed:g}mm is larger than the margin allows: a {card.width:g}x{card.height:g}mm card "
            f"with its bleed{' and crop marks' if crop_marks else ''} needs {need_w:g}x{need_h:g}mm, but "
            f"{page.name} has {page.width - 2 * page.margin:g}x{page.height - 2 * page.margin:g}mm inside "
            f"its {page.margin:g}mm margin"
        )
    left = (page.width - ax.block) / 2 + bleed  # first card's trimmed left edge
    top = (page.height - ay.block) / 2 + bleed
    slots, slot_bleeds = [], []
    for r in range(ay.count):
        for c in range(ax.count):
            slots.append((left + c * ax.pitch, top + r * ay.pitch))

            def side(shared: bool, first: bool) -> float:
                return bleed if (not shared or first) else 0.0

            slot_bleeds.append((side(ax.shared, c == 0), side(ay.shared, r == 0),
                                side(ax.shared, c == ax.count - 1), side(ay.shared, r == ay.count - 1)))
    plan = SheetPlan(page, card, bleed, ax.count, ay.count, slots,
                     mark_width=float(defaults.get("mark_width", 0.15)), slot_bleeds=slot_bleeds,
                     shared_cuts=(ax.shared, ay.shared))
    if crop_marks:
        plan.marks += _crop_marks(slots, card, left, top, ax, ay)
    return plan


def _crop_marks(slots, card: CardSize, left: float, top: float, ax: _Axis, ay: _Axis) -> list[Mark]:
    """A mark at both ends of every cut line, outside the card block (vertical cuts above and
    below it, horizontal cuts left and right), where :func:`_mark_span` found them room."""
    marks = []
    right = left + (ax.count - 1) * ax.pitch + card.width
    bottom = top + (ay.count - 1) * ay.pitch + card.height
    xs = sorted({round(x + e, 4) for x, _ in slots for e in (0.0, card.width)})
    ys = sorted({round(y + e, 4) for _, y in slots for e in (0.0, card.height)})
    for x in xs:  # vertical cuts: marks above and below the block
        marks.append(Mark(x, top - ay.mark_from, x, top - ay.mark_to))
        marks.append(Mark(x, bottom + ay.mark_from, x, bottom + ay.mark_to))
    for y in ys:  # horizontal cuts: marks left and right of the block
        marks.append(Mark(left - ax.mark_from, y, left - ax.mark_to, y))
        marks.append(Mark(right + ax.mark_from, y, right + ax.mark_to, y))
    return marks


def fewer_cards_warning(plan: SheetPlan, cards: int, bleed: float, crop_marks: bool) -> str | None:
    """A warning when bleed or crop marks cost cards per sheet, with the sheet count it costs."""
    plain = plan_sheet(plan.page, plan.card, 0.0, False)
    if plan.per_page >= plain.per_page:
        return None
    asked = " and ".join(([f"--bleed {bleed:g}mm"] if bleed else []) + (["--crop-marks"] if crop_marks else []))
    now, before = math.ceil(cards / plan.per_page), math.ceil(cards / plain.per_page)
    cost = f": {cards} cards take {now} sheets instead of {before}" if now != before else ""
    return f"{asked} fit {plan.per_page} {plan.card.name} cards per {plan.page.name} sheet instead of {plain.per_page}{cost}"
