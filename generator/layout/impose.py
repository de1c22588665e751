"""Imposition: where each card sits on a printed sheet, its crop marks, and its back.

Cards sit at their exact trimmed size in a centred grid. Each card keeps its full bleed on
every side (neighbours are ``2 x bleed + gutter`` apart), so every cut has colour on both
sides. Crop marks are drawn only in the margin *outside* the whole card block, one per cut
line, so after the first guillotine cut the remaining pieces still carry the marks for the
other cuts. Backs for long-edge duplex are the front grid mirrored left-right, plus a
user-measured offset that corrects the printer's drift.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.errors import RenderError
from generator.layout.sizes import CardSize, PageSize, sheet_settings


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

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def back_slots(self, offset: tuple[float, float] = (0.0, 0.0)) -> list[tuple[float, float]]:
        """Where the back of each front slot prints on the reverse (long-edge flip mirrors x)."""
        dx, dy = offset
        return [(self.page.width - x - self.card.width + dx, y + dy) for x, y in self.slots]

    def back_marks(self, offset: tuple[float, float] = (0.0, 0.0)) -> list[Mark]:
        dx, dy = offset
        w = self.page.width
        return [Mark(w - m.x1 + dx, m.y1 + dy, w - m.x2 + dx, m.y2 + dy) for m in self.marks]


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
    gap = float(defaults.get("mark_gap", 1.5))
    mark_len = float(defaults.get("mark_length", 5.0))
    mark_min = float(defaults.get("mark_min", 2.0))
    mark_space = gap + mark_min if crop_marks else 0.0

    avail_w = page.width - 2 * page.margin - 2 * mark_space
    avail_h = page.height - 2 * page.margin - 2 * mark_space
    pitch_x = card.width + 2 * bleed + gutter
    pitch_y = card.height + 2 * bleed + gutter
    cols = int(math.floor((avail_w + gutter + 1e-9) / pitch_x))
    rows = int(math.floor((avail_h + gutter + 1e-9) / pitch_y))
    pinned = settings.get("layouts", {}) or {}
    pin = pinned.get(f"{page.name}/{card.name}")
    if pin:
        if pin["cols"] > cols or pin["rows"] > rows:
            raise RenderError(
                f"sheet layout {page.name}/{card.name} ({pin['cols']}x{pin['rows']}) does not fit with "
                f"{bleed:g}mm bleed{' and crop marks' if crop_marks else ''}: at most {cols}x{rows} fit"
            )
        cols, rows = int(pin["cols"]), int(pin["rows"])
    if cols < 1 or rows < 1:
        need_w = card.width + 2 * bleed + 2 * mark_space
        need_h = card.height + 2 * bleed + 2 * mark_space
        raise RenderError(
            f"bleed {bleed:g}mm is larger than the margin allows: a {card.width:g}x{card.height:g}mm card "
            f"with its bleed{' and crop marks' if crop_marks else ''} needs {need_w:g}x{need_h:g}mm, but "
            f"{page.name} has {page.width - 2 * page.margin:g}x{page.height - 2 * page.margin:g}mm inside "
            f"its {page.margin:g}mm margin"
        )
    block_w = cols * pitch_x - gutter
    block_h = rows * pitch_y - gutter
    left = (page.width - block_w) / 2
    top = (page.height - block_h) / 2
    slots = [(left + bleed + c * pitch_x, top + bleed + r * pitch_y) for r in range(rows) for c in range(cols)]
    plan = SheetPlan(page, card, bleed, cols, rows, slots, mark_width=float(defaults.get("mark_width", 0.15)))
    if crop_marks:
        # marks stop at the printer's margin; they shrink toward mark_min if the margin is tight
        out_x = min(mark_len, left - page.margin - gap)
        out_y = min(mark_len, top - page.margin - gap)
        xs = sorted({round(left + bleed + c * pitch_x + e, 4) for c in range(cols) for e in (0.0, card.width)})
        ys = sorted({round(top + bleed + r * pitch_y + e, 4) for r in range(rows) for e in (0.0, card.height)})
        for x in xs:
            plan.marks.append(Mark(x, top - gap, x, top - gap - out_y))
            plan.marks.append(Mark(x, top + block_h + gap, x, top + block_h + gap + out_y))
        for y in ys:
            plan.marks.append(Mark(left - gap, y, left - gap - out_x, y))
            plan.marks.append(Mark(left + block_w + gap, y, left + block_w + gap + out_x, y))
    return plan
