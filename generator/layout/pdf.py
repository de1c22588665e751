"""Deterministic PDF files: fixed metadata and IDs, atomic writes.

reportlab's ``invariant`` mode fixes the creation date and document ID, so the same inputs
give byte-identical PDFs that can be versioned. Files are written to a temporary name in the
target folder and moved into place only when complete, so an error never leaves half a PDF.
"""

from __future__ import annotations

from pathlib import Path

from generator.files import write_atomic
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


def pdf_to_pngs(pdf: bytes | Path, dpi: int = 100) -> list[bytes]:
    """Every page of a PDF (bytes or a file) as PNG bytes, rasterised by pdfium: the PNG is
    exactly the PDF's picture. The PNG records its resolution, so it too prints at true size."""
    import io

    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    out = []
    try:
        for page in doc:
            buf = io.BytesIO()
            page.render(scale=dpi / 72.0).to_pil().save(buf, format="PNG", dpi=(dpi, dpi))
            out.append(buf.getvalue())
    finally:
        doc.close()
    return out


def render_png(pdf_path: Path, png_paths: list[Path], dpi: int = 100) -> None:
    """Write the first ``len(png_paths)`` pages of ``pdf_path`` to those PNG files, atomically."""
    for png, blob in zip(png_paths, pdf_to_pngs(pdf_path, dpi)):
        write_atomic(png, blob)
