"""Deterministic PDF files: fixed metadata and IDs, atomic writes.

reportlab's ``invariant`` mode fixes the creation date and document ID, so the same inputs
give byte-identical PDFs that can be versioned. Files are written to a temporary name in the
target folder and moved into place only when complete, so an error never leaves half a PDF.
"""

from __future__ import annotations

from pathlib import Path

from generator.files import atomic_path
from generator.layout.fonts import font, register_pdf_fonts
from generator.units import mm_to_pt


def new_canvas(path, width_mm: float, height_mm: float, title: str):
    """A deterministic reportlab canvas writing to ``path`` (a file name or a binary file object)."""
    from reportlab.pdfgen import canvas as rl_canvas

    register_pdf_fonts()
    c = rl_canvas.Canvas(path if hasattr(path, "write") else str(path), pagesize=(mm_to_pt(width_mm), mm_to_pt(height_mm)), invariant=1,
                         pageCompression=1, initialFontName=font("body").pdf_name, initialFontSize=8)
    c.setTitle(title)
    c.setAuthor("skirmish")
    c.setCreator("skirmish")
    c.setProducer("skirmish")
    c.setSubject("")
    return c


def render_png(pdf_path: Path, png_paths: list[Path], dpi: int = 100) -> None:
    """Render each page of ``pdf_path`` to the given PNG paths (pypdfium2)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        for index, png in enumerate(png_paths):
            if index >= len(doc):
                break
            image = doc[index].render(scale=dpi / 72).to_pil()
            with atomic_path(png) as tmp:
                image.save(tmp, format="PNG")
    finally:
        doc.close()
