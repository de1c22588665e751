"""One unit system for everything printed: millimetres inside, points only at the PDF/font edge.

Card, page and map geometry is in millimetres (what a printer and a ruler speak); font sizes
are in points (what type designers speak). Conversions and the parsing of lengths a user types
(``3mm``, ``2.5cm``, ``1in``, ``1"``, ``8pt``) live here and nowhere else, for cards, sheets and
map printing alike. A neutral module: layout and boards both import it.
"""

from __future__ import annotations

import re

from generator.errors import RenderError

MM_PER_INCH = 25.4
PT_PER_MM = 72.0 / MM_PER_INCH
MM_PER_PT = MM_PER_INCH / 72.0

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|inch|in|\"|pt)?\s*$", re.IGNORECASE)
_FACTOR = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "inch": MM_PER_INCH, '"': MM_PER_INCH, "pt": MM_PER_PT}


def pt_to_mm(pt: float) -> float:
    return pt * MM_PER_PT


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def parse_length(text: str | float | int, what: str = "length") -> float:
    """``"3mm"``, ``"2.5cm"``, ``"0.125in"``, ``'1"'``, ``"8pt"`` or a bare number (mm) -> millimetres.

    Signed: an offset may be negative; callers that need a size check its range themselves.
    """
    if isinstance(text, (int, float)):
        return float(text)
    match = _LENGTH.match(str(text))
    if not match:
        raise RenderError(f"{what} {text!r} is not a length: write e.g. 3mm, 0.125in or 8pt")
    return float(match.group(1)) * _FACTOR[(match.group(2) or "mm").lower()]


def parse_pair(text: str, what: str = "offset") -> tuple[float, float]:
    """``"0.5,-1mm"`` -> (0.5, -1.0) millimetres; the unit of the last number applies to both."""
    parts = [p for p in str(text).split(",")]
    if len(parts) != 2:
        raise RenderError(f"{what} {text!r} must be two lengths X,Y such as 0.5,-1mm")
    unit_match = re.search(r"(mm|cm|inch|in|\"|pt)\s*$", parts[1].strip(), re.IGNORECASE)
    unit = unit_match.group(1) if unit_match else "mm"
    first = parts[0].strip()
    if not re.search(r"([a-z]|\")\s*$", first, re.IGNORECASE):
        first += unit
    return parse_length(first, what), parse_length(parts[1], what)
