"""Fit text to a box with widths measured from the font files.

Words are wrapped greedily at the requested size; when the lines do not fit the box the size
drops in small steps down to a floor, and past the floor the text is cut with an ellipsis and
a warning names the card and the field, so nothing silently overflows a printed card.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.fonts import descent_em, text_width
from generator.units import pt_to_mm

STEP_PT = 0.25
ELLIPSIS = "\u2026"
ASCENT_EM = 0.8  # the first baseline sits this far below the top of the box


def _block_mm(words: list[Word], lines: int, size: float, leading: float) -> float:
    """Height of ``lines`` lines from the top of the box to the lowest descender."""
    descent = max(descent_em(w.role) for w in words)
    return pt_to_mm(size) * (ASCENT_EM + descent) + pt_to_mm(size * leading) * (lines - 1)


@dataclass(frozen=True)
class Word:
    text: str
    role: str
    fill: str | None = None  # None: the box's colour
    breaks_before: bool = False  # a forced line break before this word


@dataclass(frozen=True)
class PlacedRun:
    x: float  # mm, relative to box left
    baseline: float  # mm, relative to box top
    text: str
    role: str
    fill: str | None


@dataclass
class Fitted:
    runs: list[PlacedRun]
    size_pt: float
    overflow: bool


def _width_mm(text: str, role: str, size_pt: float) -> float:
    return pt_to_mm(text_width(text, role, size_pt))


def _wrap(words: list[Word], width: float, size: float) -> list[list[Word]] | None:
    """Greedy wrap; None if a single word is wider than the box."""
    lines: list[list[Word]] = []
    line: list[Word] = []
    used = 0.0
    for word in words:
        w = _width_mm(word.text, word.role, size)
        if w > width + 1e-6:
            return None
        space = _width_mm(" ", word.role, size) if line else 0.0
        if line and (word.breaks_before or used + space + w > width + 1e-6):
            lines.append(line)
            line, used, space = [], 0.0, 0.0
        line.append(word)
        used += space + w
    if line:
        lines.append(line)
    return lines


def _line_runs(line: list[Word], size: float) -> list[tuple[str, str, str | None, float]]:
    """Merge neighbouring words of the same role and colour into runs: (text, role, fill, width)."""
    runs: list[list] = []
    for word in line:
        if runs and runs[-1][1] == word.role and runs[-1][2] == word.fill:
            runs[-1][0] += " " + word.text
        else:
            if runs:
                runs[-1][0] += " "
            runs.append([word.text, word.role, word.fill])
    return [(t, r, f, _width_mm(t, r, size)) for t, r, f in runs]


def fit(
    words: list[Word],
    width: float,
    height: float | None,
    size_pt: float,
    min_size_pt: float,
    leading: float = 1.2,
    align: str = "start",
    valign: str = "top",
    max_lines: int | None = None,
) -> Fitted:
    """Place ``words`` in a ``width`` x ``height`` mm box (height None: one line, fit the width)."""
    if not words:
        return Fitted([], size_pt, False)
    if height is None:
        max_lines = 1
    size = size_pt
    overflow = False
    while True:
        lines = _wrap(words, width, size)
        if lines is not None:
            total = _block_mm(words, len(lines), size, leading)
            fits_h = height is None or total <= height + 1e-6
            fits_n = max_lines is None or len(lines) <= max_lines
            if fits_h and fits_n:
                break
        if size - STEP_PT < min_size_pt - 1e-9:
            overflow = True
            size = min_size_pt
            lines = _wrap_forced(words, width, size)
            line_h = pt_to_mm(size * leading)
            limit = max_lines or 10**6
            if height is not None:
                usable = height - _block_mm(words, 1, size, leading)
                limit = min(limit, max(1, int(usable // line_h + 1e-9) + 1))
            if len(lines) > limit:
                lines = lines[:limit]
                _ellipsize(lines[-1], width, size)
            break
        size -= STEP_PT
    line_h = pt_to_mm(size * leading)
    block = _block_mm(words, len(lines), size, leading)
    top = 0.0
    if height is not None and valign == "middle":
        top = max(0.0, (height - block) / 2)
    elif height is not None and valign == "bottom":
        top = max(0.0, height - block)
    runs: list[PlacedRun] = []
    for index, line in enumerate(lines):
        parts = _line_runs(line, size)
        total_w = sum(p[3] for p in parts)
        x = {"middle": (width - total_w) / 2, "end": width - total_w}.get(align, 0.0)
        baseline = top + pt_to_mm(size) * ASCENT_EM + index * line_h
        for text, role, fill, w in parts:
            runs.append(PlacedRun(x, baseline, text, role, fill))
            x += w
    return Fitted(runs, size, overflow)


def _wrap_forced(words: list[Word], width: float, size: float) -> list[list[Word]]:
    """Wrap at the floor size, cutting words that are wider than the box."""
    cut: list[Word] = []
    for word in words:
        text = word.text
        while _width_mm(text, word.role, size) > width and len(text) > 1:
            text = text[:-1]
        cut.append(Word(text if text == word.text else text[:-1] + ELLIPSIS, word.role, word.fill, word.breaks_before))
    return _wrap(cut, width, size) or [[w] for w in cut]


def _ellipsize(line: list[Word], width: float, size: float) -> None:
    """End ``line`` with an ellipsis that fits: shorten the last word, and when even a bare
    ellipsis does not fit after the words before it, drop that word and try the one before."""

    def width_with(text: str, last: Word) -> float:
        return sum(p[3] for p in _line_runs(line[:-1] + [Word(text, last.role, last.fill)], size))

    while True:
        last = line[-1]
        text = last.text + ELLIPSIS
        while len(text) > 1 and width_with(text, last) > width:
            text = text[:-2] + ELLIPSIS
        if len(line) == 1 or width_with(text, last) <= width:
            line[-1] = Word(text, last.role, last.fill, last.breaks_before)
            return
        line.pop()
