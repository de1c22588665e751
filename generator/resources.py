"""Where the built-in ``content/`` and ``templates/`` folders live.

In a wheel they are packaged as ``generator/_data/content`` and ``generator/_data/templates``
(hatchling force-include); in a source checkout or editable install they are the top-level
folders next to ``generator/``. Nothing here looks at the current directory, so the tool works
from anywhere once installed.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def _find(name: str) -> Path:
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"built-in {name}/ folder not found next to the generator package")


def content_dir() -> Path:
    """The built-in game data folder (``content/``)."""
    return _find("content")


def templates_dir() -> Path:
    """The built-in Jinja2 templates folder (``templates/``)."""
    return _find("templates")


def fonts_dir() -> Path:
    """Fonts shipped inside the package, used by both the SVG and the PDF writers."""
    return _PACKAGE / "layout" / "fonts"
