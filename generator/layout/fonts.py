"""One font registry for every SVG and PDF the tool writes.

The fonts ship inside the package (DejaVu, free licence in ``fonts/LICENSE-DejaVu.txt``), are
embedded in every PDF, and SVGs name the same families, so output never depends on the fonts
of the machine that made it. Roles (``body``, ``bold``, ``italic``, ``title``) are what layout
code asks for; the file behind a role is decided here only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from generator.resources import fonts_dir


@dataclass(frozen=True)
class Font:
    role: str
    pdf_name: str  # name registered with reportlab
    family: str  # CSS font-family for SVG
    weight: str  # CSS font-weight
    style: str  # CSS font-style
    filename: str


FONTS: dict[str, Font] = {
    "body": Font("body", "SkBody", "DejaVu Sans Condensed", "normal", "normal", "DejaVuSansCondensed.ttf"),
    "bold": Font("bold", "SkBold", "DejaVu Sans Condensed", "bold", "normal", "DejaVuSansCondensed-Bold.ttf"),
    "italic": Font("italic", "SkItalic", "DejaVu Sans Condensed", "normal", "italic", "DejaVuSansCondensed-Oblique.ttf"),
    "title": Font("title", "SkTitle", "DejaVu Serif Condensed", "bold", "normal", "DejaVuSerifCondensed-Bold.ttf"),
}


SHIPPED: dict[str, Font] = dict(FONTS)


def use_shipped_fonts() -> None:
    """Back to the shipped fonts (after :func:`use_user_font`)."""
    FONTS.clear()
    FONTS.update(SHIPPED)
    register_pdf_fonts.cache_clear()


def font(role: str) -> Font:
    try:
        return FONTS[role]
    except KeyError:
        raise KeyError(f"unknown font role {role!r}: choose one of {', '.join(FONTS)}") from None


@lru_cache(maxsize=None)
def register_pdf_fonts() -> dict[str, str]:
    """Register every shipped font with reportlab (once); returns role -> reportlab font name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for f in FONTS.values():
        path = f.filename if "/" in f.filename else str(fonts_dir() / f.filename)
        pdfmetrics.registerFont(TTFont(f.pdf_name, path))
    return {role: f.pdf_name for role, f in FONTS.items()}


def text_width(text: str, role: str, size_pt: float) -> float:
    """Width of ``text`` in points, measured from the font file (same numbers for SVG and PDF)."""
    from reportlab.pdfbase import pdfmetrics

    register_pdf_fonts()
    return pdfmetrics.stringWidth(text, font(role).pdf_name, size_pt)


@lru_cache(maxsize=None)
def descent_em(role: str = "body") -> float:
    """How far the font's descenders (g, p, y) reach below the baseline, as a fraction of the size."""
    from reportlab.pdfbase import pdfmetrics

    register_pdf_fonts()
    return -pdfmetrics.getFont(font(role).pdf_name).face.descent / 1000.0


def svg_font_attrs(role: str) -> dict[str, str]:
    """Attributes for an SVG text element in this role (family, weight, style)."""
    f = font(role)
    return {
        "font-family": f"'{f.family}', 'DejaVu Sans', sans-serif",
        "font-weight": f.weight,
        "font-style": f.style,
    }


@lru_cache(maxsize=None)
def _charset(filename: str) -> frozenset[int]:
    from reportlab.pdfbase.ttfonts import TTFont

    path = filename if "/" in filename else str(fonts_dir() / filename)
    return frozenset(TTFont("_probe", path).face.charToGlyph)


def missing_glyphs(text: str, role: str = "body") -> str:
    """The characters of ``text`` the font of ``role`` cannot draw (each once, in order)."""
    chars = _charset(font(role).filename)
    out = [c for c in dict.fromkeys(text) if not c.isspace() and ord(c) >= 32 and ord(c) not in chars]
    return "".join(out)


def use_user_font(path) -> str:
    """Draw every role with the user's TrueType font (``--font FILE``); the PDF embeds it.

    For names in scripts the shipped DejaVu fonts do not cover (CJK, Arabic, Hebrew...). A file
    that is missing or not a TrueType font is a one-line RenderError."""
    from pathlib import Path

    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    from generator.errors import RenderError

    path = Path(path)
    if not path.is_file():
        raise RenderError(f"--font {path}: no such file")
    try:
        TTFont("_probe", str(path.resolve()))
    except (TTFError, OSError, ValueError, IndexError, KeyError) as err:
        raise RenderError(f"--font {path}: not a TrueType font reportlab can embed ({err})") from None
    family = path.stem
    for role, f in list(FONTS.items()):
        FONTS[role] = Font(role, f"SkUser{role.title()}", family, f.weight, f.style, str(path.resolve()))
    register_pdf_fonts.cache_clear()
    return family
