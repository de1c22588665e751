"""The printing settings files, validated: page and card sizes, imposition, charts, map styles.

``content/layout/*.yaml`` and ``content/mapgen/styles.yaml`` are content like any other, and a
``--content`` copy replaces them, so they are checked like any other: a wrong type, a missing
field, a zero or negative size or a 1e300 mm page is one line naming the file, the line and the
field, never a ZeroDivisionError or a sheet that takes for ever to lay out.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints, model_validator

from generator.fields import Span
from generator.names import Name

#: Largest paper side: A0 is 841 x 1189 mm; a plotter roll is about 1.5 m wide.
MAX_PAGE_MM = 2000.0
Colour = Annotated[str, StringConstraints(pattern=r"^(#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|none)$")]
Text = Annotated[str, StringConstraints(max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class PageEntry(_Strict):
    """A paper size: trimmed size and the border a home printer cannot print into (mm)."""

    width: float = Field(ge=50, le=MAX_PAGE_MM)
    height: float = Field(ge=50, le=MAX_PAGE_MM)
    margin: float = Field(5.0, ge=0, le=50)


class Pages(RootModel[dict[Annotated[str, StringConstraints(min_length=1, max_length=40)], PageEntry]]):
    """``layout/pages.yaml``: paper sizes by the name ``--page`` takes."""

    @model_validator(mode="after")
    def _some(self) -> "Pages":
        if not self.root:
            raise ValueError("lists no page sizes; keep at least a4")
        return self


class CardEntry(_Strict):
    """A card size: trimmed width and height and the corner radius (mm); the same bounds as ``--card WxHmm``."""

    width: float = Field(ge=20, le=300)
    height: float = Field(ge=20, le=400)
    corner: float = Field(3.0, ge=0, le=20)
    note: Text = ""


class Cards(RootModel[dict[Annotated[str, StringConstraints(min_length=1, max_length=40)], CardEntry]]):
    """``layout/cards.yaml``: card sizes by the name ``--card`` takes."""


class SheetDefaults(_Strict):
    gutter: float = Field(0.0, ge=0, le=20)
    mark_gap: float = Field(1.5, ge=0, le=20)
    mark_gap_min: float = Field(0.5, ge=0, le=20)
    mark_bleed_gap: float = Field(1.0, ge=0, le=20)
    mark_length: float = Field(5.0, ge=0, le=50)
    mark_min: float = Field(2.0, ge=0, le=50)
    mark_width: float = Field(0.15, gt=0, le=2)
    bleed: float = Field(0.0, ge=0, le=30)
    max_bleed: float = Field(10.0, ge=0, le=30)

    @model_validator(mode="after")
    def _ordered(self) -> "SheetDefaults":
        if self.mark_gap_min > self.mark_gap:
            raise ValueError(f"mark_gap_min {self.mark_gap_min:g} is above mark_gap {self.mark_gap:g}")
        if self.mark_min > self.mark_length:
            raise ValueError(f"mark_min {self.mark_min:g} is above mark_length {self.mark_length:g}")
        return self


class PinnedGrid(_Strict):
    cols: int = Field(ge=1, le=20)
    rows: int = Field(ge=1, le=20)


class Sheet(_Strict):
    """``layout/sheet.yaml``: how cards are imposed N-up."""

    defaults: SheetDefaults = Field(default_factory=SheetDefaults)
    layouts: Optional[dict[str, PinnedGrid]] = None


def _columns(span: tuple[int, int], most: int = 12) -> tuple[int, int]:
    if span[1] - span[0] + 1 > most:
        raise ValueError(f"{span[0]}-{span[1]} is {span[1] - span[0] + 1} columns; a chart shows at most {most}")
    return span


class _Chart(_Strict):
    @model_validator(mode="after")
    def _fits(self):
        for name, value in self:
            if isinstance(value, tuple):
                _columns(value)
        return self


class BladestormChart(_Chart):
    attacks: list[Annotated[str, StringConstraints(min_length=1, max_length=20)]] = Field(min_length=1, max_length=8)
    defense: Span
    damage_attack: Annotated[str, StringConstraints(min_length=1, max_length=20)]
    damages: list[Annotated[str, StringConstraints(min_length=1, max_length=20)]] = Field(min_length=1, max_length=8)


class AttacksChart(_Chart):
    attacks: int = Field(ge=1, le=20)
    damage: Span
    strength: Span
    toughness: Span


class SagabornChart(_Chart):
    attack_dice: Span
    defense_dice: Span


class GorechosenChart(_Chart):
    dice: Span
    to_hit: Span


class Reference(_Strict):
    """``layout/reference.yaml``: which rows and columns each reference sheet charts."""

    bladestorm: BladestormChart
    bladeborn: AttacksChart
    warcry: AttacksChart
    sagaborn: SagabornChart
    gorechosen: GorechosenChart


class TerrainStyle(_Strict):
    fill: Colour
    label: Name
    pattern: Optional[Name] = None
    shape: Optional[Name] = None


class PlayerStyle(_Strict):
    fill: Colour
    label: Name


class Styles(BaseModel):
    """``mapgen/styles.yaml``: how printed maps draw terrain and players (other keys are kept)."""

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)
    background: Colour
    grid_line: Colour
    grid_line_mm: float = Field(gt=0, le=5)
    coordinate_text: Colour
    terrain: dict[str, TerrainStyle]
    elevation: list[Colour] = Field(min_length=1, max_length=20)
    players: list[PlayerStyle] = Field(min_length=2, max_length=12)

    @model_validator(mode="after")
    def _drawn_kinds(self) -> "Styles":
        missing = [k for k in TERRAIN_DRAWN if k not in self.terrain]
        if missing:
            raise ValueError(f"terrain: {', '.join(missing)} missing; printed maps draw {', '.join(TERRAIN_DRAWN)}")
        return self


#: The terrain kinds every printed map may need a fill for.
TERRAIN_DRAWN = ("blocked", "pits", "obstructions", "water", "objective")


class _Open(BaseModel):
    """Checks the numbers it knows and keeps every other key (the booklet's settings grow)."""

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)


class BookletPage(_Open):
    margin: Optional[float] = Field(None, ge=0, le=100)
    top: Optional[float] = Field(None, ge=0, le=200)
    bottom: Optional[float] = Field(None, ge=0, le=200)
    header_y: Optional[float] = Field(None, ge=0, le=200)
    footer_y: Optional[float] = Field(None, ge=0, le=200)
    map_footer: Optional[float] = Field(None, ge=0, le=200)


class BookletType(_Open):
    title: Optional[float] = Field(None, ge=4, le=96)
    h1: Optional[float] = Field(None, ge=4, le=96)
    h2: Optional[float] = Field(None, ge=4, le=96)
    body: Optional[float] = Field(None, ge=4, le=96)
    small: Optional[float] = Field(None, ge=4, le=96)


class BookletSystem(_Open):
    palette: Optional[dict[str, Colour]] = None


class Booklet(_Open):
    """``layout/booklet.yaml``: the sizes it gives are checked (a zero or 1e300 size would stop the
    layout), the words are the booklet's own business."""

    page: Optional[BookletPage] = None
    hex_mm: Optional[float] = Field(None, ge=5, le=200)
    type: Optional[BookletType] = None
    systems: Optional[dict[str, BookletSystem]] = None


def settings_data(relative: str, model: type[BaseModel]) -> Any:
    """A settings file validated by ``model`` (file:line errors), as the plain data its readers use."""
    from generator.content import load_content

    made = load_content(relative, model)
    return made.model_dump(mode="python", exclude_none=True)


#: The settings files these models check, by their path below a content folder.
SETTINGS_FILES: dict[str, type[BaseModel]] = {
    "layout/pages.yaml": Pages, "layout/cards.yaml": Cards, "layout/sheet.yaml": Sheet,
    "layout/reference.yaml": Reference, "mapgen/styles.yaml": Styles, "layout/booklet.yaml": Booklet,
}


def settings_problems(path) -> list[str]:
    """Every problem in a settings file (for ``skirmish validate``); empty for other files."""
    from pathlib import Path

    from generator.content.loader import load_model
    from generator.errors import SkirmishError

    path = Path(path)
    model = SETTINGS_FILES.get(f"{path.parent.name}/{path.name}")
    if model is None:
        return []
    try:
        load_model(path, model)
    except SkirmishError as err:
        return err.problems or [str(err)]
    return []
