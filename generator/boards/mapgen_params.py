"""The map generator's parameters: ``content/mapgen/<system>.yaml``, validated, and the board size.

The user's ``--content`` folder may add a system's file or replace one; the generator reads the
two folders merged, by file name. Every number of the pipeline (zone depth, objectives, terrain
layers and their density, the fairness bounds) comes from here, so a new system's maps are a
data file, not code.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.errors import MapError
from generator.fields import Span
from generator.resources import content_dir

Symmetry = Literal["rotational", "mirror", "none"]
#: The largest board the generator makes (cells per side); the map file has its own cap.
MAX_SIDE = 60


# --------------------------------------------------------------------------------------------
# Parameters (content/mapgen/<system>.yaml)
# --------------------------------------------------------------------------------------------
class TerrainLayer(BaseModel):
    """One kind of terrain: how much of the board it covers and how big its clusters grow."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["blocked", "pits", "obstructions", "water", "elevation"]
    density: float = Field(0.0, ge=0.0, le=0.5)
    count: int = Field(0, ge=0, le=50)  # a fixed number of clusters instead of a density
    cluster: Span = (2, 5)
    shape: Literal["blob", "line"] = "blob"  # blob: rocks, pits, hills; line: walls and ridges
    levels: int = Field(1, ge=1, le=5)  # elevation only: highest level in the middle of a hill


class FairnessBounds(BaseModel):
    """Limits a candidate must meet; see docs/mapgen.md for what each figure means."""

    model_config = ConfigDict(extra="forbid")
    density_tolerance: float = Field(0.04, ge=0.0, le=0.5)
    max_distance_gap: int = Field(1, ge=0)
    max_exposure_ratio: float = Field(1.35, ge=1.0)
    min_objective_sight: float = Field(0.15, ge=0.0, le=1.0)
    max_quarter_spread: float = Field(0.22, ge=0.0, le=1.0)


class MapgenParams(BaseModel):
    """Generation parameters of one system."""

    model_config = ConfigDict(extra="forbid")
    grid: Literal["hex", "square"]
    orientation: Literal["flat", "pointy"] = "flat"
    offset: Literal["odd", "even"] = "odd"
    size: tuple[int, int] = (13, 10)
    symmetry: Symmetry = "mirror"
    objectives: int = Field(3, ge=0, le=12)
    objective_spacing: int = Field(3, ge=1)
    zone_depth: int = Field(2, ge=1, le=10)
    start_cells: int = Field(0, ge=0, le=40)
    reserve_cells: int = Field(0, ge=0, le=20)
    terrain: list[TerrainLayer] = Field(default_factory=list)
    bounds: FairnessBounds = Field(default_factory=FairnessBounds)
    max_attempts: int = Field(80, ge=1, le=10_000)
    # The players face the long edges and the grid keeps its orientation (Bladeborn: "the long
    # edges are facing the players"). When no exact symmetry fits, a near symmetry is used: every
    # cell has its image except a few on one edge, which stay open and out of play's special
    # cells; the layout note lists them.
    long_edges: bool = False


def _mapgen_files() -> dict[str, Path]:
    """Generation parameter files by system: built-in content/mapgen, overridden or extended by
    the same folder in the user's ``--content`` folder."""
    from generator.content import user_content_dir

    folders = [content_dir() / "mapgen"]
    if user_content_dir() is not None:
        folders.append(Path(user_content_dir()) / "mapgen")
    files: dict[str, Path] = {}
    for folder in folders:
        files.update({p.stem: p for p in sorted(folder.glob("*.yaml")) if p.stem != "styles"})
    return files


def mapgen_systems() -> list[str]:
    """Systems with a generation parameter file (the ones played on a grid)."""
    return sorted(_mapgen_files())


def load_params(system: str) -> MapgenParams:
    """Parameters of ``system`` (user's --content first); MapError lists the systems that have some."""
    key = str(system).strip().lower()
    path = _mapgen_files().get(key)
    if path is None:
        raise MapError(f"no map generator for system {system!r}: choose one of {', '.join(mapgen_systems())}")
    return _load_params_file(path)


@lru_cache(maxsize=None)
def _load_params_file(path: Path) -> MapgenParams:
    from generator.content import load_model

    return load_model(path, MapgenParams)  # file:line: field: problem, like every content file


def parse_size(text: str) -> tuple[int, int]:
    """``"13x10"`` -> (13, 10): width (columns) by height (rows)."""
    parts = str(text).lower().replace(" ", "").split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise MapError(f"--size {text!r} is not WIDTHxHEIGHT: write columns x rows, e.g. 13x10")
    w, h = int(parts[0]), int(parts[1])
    if not (4 <= w <= MAX_SIDE and 4 <= h <= MAX_SIDE):
        raise MapError(f"--size {text!r}: each side must be 4 to {MAX_SIDE} cells")
    return w, h


