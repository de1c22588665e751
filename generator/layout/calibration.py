"""The duplex calibration page: targets on the front, rulers on the back at mirrored spots.

Print it double-sided (long-edge), push a pin through the centre of each front target, turn
the sheet over and read where the hole lands on the back's rulers. The reading is the
correction: add it to the ``--back-offset`` used for the calibration print.
"""

from __future__ import annotations

from generator.layout.draw import Drawing
from generator.layout.render import render_drawing
from generator.layout.sizes import PageSize


def targets(page: PageSize) -> list[tuple[float, float]]:
    w, h = page.width, page.height
    return [(w / 2, h / 2), (45, 60), (w - 45, 60), (45, h - 60), (w - 45, h - 60)]


def drawings(page: PageSize, offset: tuple[float, float] = (0.0, 0.0), user_dir=None) -> tuple[Drawing, Drawing]:
    front_pts = targets(page)
    back_pts = [(page.width - x + offset[0], y + offset[1]) for x, y in front_pts]
    ctx = {"page": {"w": page.width, "h": page.height, "name": page.name}, "offset": offset}
    front = render_drawing("sheets/calibration_front.svg.j2", {**ctx, "points": front_pts}, title="calibration front",
                           user_dir=user_dir)
    back = render_drawing("sheets/calibration_back.svg.j2", {**ctx, "points": back_pts}, title="calibration back",
                          user_dir=user_dir)
    return front, back
