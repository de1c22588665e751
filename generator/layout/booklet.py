"""The scenario booklet: one printable PDF with everything two players need for one battle.

Pipeline, as for cards and sheets: scenario -> *view* (a plain dict of words and numbers, built
by :mod:`generator.layout.booklet_view` from the scenario, its system and
``content/layout/booklet.yaml``) -> Jinja2 template
(``templates/booklet/booklet.yaml.j2``, which a user may override with ``--templates``) ->
*blocks* (YAML: headings, paragraphs, lists, tables, figures) -> reportlab platypus flowables
-> one deterministic PDF, written atomically.

The blocks are set by :mod:`generator.layout.booklet_compose`; what is drawn is drawn by the
existing pieces, gathered in :mod:`generator.layout.booklet_pages`: the mission sheet by
:mod:`generator.layout.mission`, the tokens page by :mod:`generator.layout.tokens`, the
true-scale map, its tiling and assembly diagram by :mod:`generator.layout.map_print`; combatant cards by the card templates and the sheet
imposition of :mod:`generator.layout.deck`; the system's reference sheet by
:mod:`generator.layout.reference`. Those arrive as :class:`~generator.layout.draw.Drawing`
pages and go into the booklet as full-page flowables, with the booklet's footer under them
wherever the page leaves room.

The printable margin of the paper (``content/layout/pages.yaml``) is respected on every page,
and ``ink_saver`` drops every full-page background.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from generator.errors import RenderError
from generator.files import write_atomic
from generator.layout.sizes import PageSize, page_size

TEMPLATE = "booklet/booklet.yaml.j2"
#: The sections of the built-in template, in order (a user's template may differ).
SECTIONS = ("Mission sheet", "Tokens and trackers", "Set-up", "Map at true scale", "The forces", "Combatant cards",
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


# ---- the view: the scenario in words and numbers (generator.layout.booklet_view) -------------

from generator.layout.booklet_view import _x, scenario_view  # noqa: E402,F401  (the booklet's one view)


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


# ---- the document -------------------------------------------------------------------------------


@dataclass
class BookletResult:
    path: Path
    pages: int
    sections: list[str]


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
    """The PDF; a template with a mission sheet is built twice, the second time with the first
    build's page numbers in the sheet's contents line (the sheet comes before the pages it names)."""
    from generator.layout.booklet_compose import Composer

    def once(contents: str):
        return Composer(loaded, view, cfg, paper, ink_saver, hex_mm, templates, contents, TEMPLATE).build(blocks)

    data, pages, sections, found = once("")
    if any(isinstance(b, dict) and b.get("figure") == "mission" for b in blocks):
        line = contents_line(found)
        if line:
            data, pages, sections, _ = once(line)
    return data, pages, sections


def contents_line(found: list[tuple[str, int]]) -> str:
    """``In this booklet: Tokens and trackers p. 2 - Set-up p. 3 - ...`` (the mission sheet left out)."""
    parts = [f"{title} p. {page}" for title, page in found if title != "Mission sheet"]
    return ("In this booklet: " + " \u00b7 ".join(parts) + ".") if parts else ""
