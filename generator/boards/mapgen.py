"""Generate fair maps: symmetric by construction, then measured and rejected when unfair.

Pipeline for one map (each step reads its parameters from ``content/mapgen/<system>.yaml``):

1. Pick a layout where the chosen symmetry maps every cell onto a cell. Symmetry is computed in
   axial coordinates (hex) or column/row (square) as an integer linear map plus a translation,
   so nothing depends on floating point. A 13-wide flat-top board has no 180-degree rotation
   (odd columns would land half a hex off), so the generator tries the other offset, the other
   pair of edges for the players and the other orientation, and says what it chose.
2. Deployment zones on two opposite edges (player B's is the image of player A's), start and
   reserve cells, then objectives in the middle band, placed in symmetric orbits.
3. Terrain grown as clusters from seeds (a random frontier cell, preferring cells with more
   neighbours already in the cluster, so clusters are compact blobs, not confetti); each cell
   is added together with its symmetric image.
4. Pockets of open cells cut off from the deployment zones are filled in; a candidate whose
   zones or objectives are cut off is rejected.
5. :func:`generator.boards.fairness.fairness_report` measures distances, exposure, objective
   sight lines and blocked share per quarter; candidates outside the bounds are rejected and the
   next candidate (a fresh, named random stream) is tried.

Everything random comes from :class:`generator.dice.rng.Rng`, so one seed gives one map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.dice.rng import Rng, make_rng
from generator.errors import MapError
from generator.fields import Span
from generator.resources import content_dir

Cell = tuple[int, int]
Symmetry = Literal["rotational", "mirror", "none"]
SYMMETRIES: tuple[str, ...] = ("rotational", "mirror", "none")
PLAYERS: tuple[str, str] = ("A", "B")
#: The largest board the generator makes (cells per side); the map file has its own cap.
MAX_SIDE = 60
IMPASSABLE_KINDS = ("blocked", "pits", "obstructions")


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


# --------------------------------------------------------------------------------------------
# Grids and topology
# --------------------------------------------------------------------------------------------
def make_grid(kind: str, orientation: str, offset: str, width: int, height: int):
    """The boards-core grid object for a layout."""
    if kind == "square":
        from generator.boards.squaregrid import SquareGrid

        return SquareGrid(width, height)
    from generator.boards.hexgrid import HexGrid

    return HexGrid(orientation, offset, width, height)


def _coords(grid, kind: str, cell: Cell) -> tuple[int, int]:
    """Integer coordinates in which symmetries are linear: axial (q, r) for hexes, (col, row) for squares."""
    if kind == "square":
        return cell
    q, r = grid.to_axial(cell)
    return int(q), int(r)


#: Integer matrices acting on (q, r) (hex) or (col, row) (square). "flip_y" exchanges top and
#: bottom (mirror line horizontal), "flip_x" exchanges left and right. In cube terms: flat-top
#: flip_y is (q, r, s) -> (q, s, r), flat flip_x (-q, -s, -r), pointy flip_y (-s, -r, -q),
#: pointy flip_x (s, r, q); the 180-degree rotation is (-q, -r, -s).
_MATRICES: dict[tuple[str, str, str], tuple[tuple[int, int], tuple[int, int]]] = {
    ("hex", "flat", "rot"): ((-1, 0), (0, -1)),
    ("hex", "pointy", "rot"): ((-1, 0), (0, -1)),
    ("hex", "flat", "flip_y"): ((1, 0), (-1, -1)),
    ("hex", "flat", "flip_x"): ((-1, 0), (1, 1)),
    ("hex", "pointy", "flip_y"): ((1, 1), (0, -1)),
    ("hex", "pointy", "flip_x"): ((-1, -1), (0, 1)),
    ("square", "flat", "rot"): ((-1, 0), (0, -1)),
    ("square", "flat", "flip_y"): ((1, 0), (0, -1)),
    ("square", "flat", "flip_x"): ((-1, 0), (0, 1)),
}


def symmetry_map(grid, kind: str, orientation: str, transform: str, cells: list[Cell]) -> dict[Cell, Cell] | None:
    """Cell -> image cell under ``transform`` about the board's centre, or None if the board is not symmetric.

    The centre is the mean of the cells' integer coordinates; the translation that completes the
    map must be integral and every image must be a cell of the board.
    """
    if transform == "identity":
        return {c: c for c in cells}
    orient = "flat" if kind == "square" else orientation
    (a, b), (c_, d) = _MATRICES[(kind, orient, transform)]
    coords = {cell: _coords(grid, kind, cell) for cell in cells}
    by_coord = {v: k for k, v in coords.items()}
    n = len(cells)
    sq = sum(v[0] for v in coords.values())
    sr = sum(v[1] for v in coords.values())
    # translation t = mean - M mean, kept as integers: n * t = (S - M S)
    tq_n = sq - (a * sq + b * sr)
    tr_n = sr - (c_ * sq + d * sr)
    if tq_n % n or tr_n % n:
        return None
    tq, tr = tq_n // n, tr_n // n
    image: dict[Cell, Cell] = {}
    for cell, (q, r) in coords.items():
        target = by_coord.get((a * q + b * r + tq, c_ * q + d * r + tr))
        if target is None:
            return None
        image[cell] = target
    return image


@dataclass
class Layout:
    """A board shape on which the requested symmetry is exact, with the players' edges."""

    kind: str
    orientation: str
    offset: str
    width: int
    height: int
    axis: str  # "vertical": players at top and bottom; "horizontal": left and right
    symmetry: str
    grid: object
    cells: list[Cell]
    image: dict[Cell, Cell]  # symmetry map (identity for "none"); unpaired cells map to themselves
    neighbours: dict[Cell, list[Cell]]
    note: str = ""
    # Cells with no image under a near symmetry (see MapgenParams.long_edges): kept open, never a
    # zone, objective or terrain cell, never the odd objective's centre.
    unpaired: frozenset = frozenset()

    def self_images(self) -> list[Cell]:
        """Cells that are their own image (the centre hex, the mirror line), unpaired ones excluded."""
        return [c for c in self.cells if self.image[c] == c and c not in self.unpaired]


def _transform_for(symmetry: str, axis: str) -> str:
    if symmetry == "rotational":
        return "rot"
    if symmetry == "mirror":  # mirror across the line between the players
        return "flip_y" if axis == "vertical" else "flip_x"
    return "identity"


def _row_major(cells) -> list[Cell]:
    return sorted((tuple(c) for c in cells), key=lambda c: (c[1], c[0]))


#: A near symmetry may leave at most this share of the cells without an image.
NEAR_UNPAIRED_SHARE = 0.08


def near_symmetry_map(grid, kind: str, orientation: str, transform: str, cells: list[Cell],
                      want_centre: bool = False) -> tuple[dict[Cell, Cell], frozenset] | None:
    """The same map as :func:`symmetry_map` when no exact one exists: an involution on all cells
    but a few, whose images fall off the board (an odd-width flat-top board has no exact
    top-bottom mirror or half-turn). Translations near the centre are tried; with ``want_centre``
    one that keeps a cell that is its own image (for an odd objective) wins, then the fewest
    unpaired cells.
    Unpaired cells map to themselves in the returned image.
    """
    orient = "flat" if kind == "square" else orientation
    (a, b), (c_, d) = _MATRICES[(kind, orient, transform)]
    coords = {cell: _coords(grid, kind, cell) for cell in cells}
    by_coord = {v: k for k, v in coords.items()}
    n = len(cells)
    sq = sum(v[0] for v in coords.values())
    sr = sum(v[1] for v in coords.values())
    tq0, tr0 = (sq - (a * sq + b * sr)) / n, (sr - (c_ * sq + d * sr)) / n
    best = None
    for tq in range(math.floor(tq0) - 2, math.ceil(tq0) + 3):
        for tr in range(math.floor(tr0) - 2, math.ceil(tr0) + 3):
            image = {}
            for cell, (q, r) in coords.items():
                target = by_coord.get((a * q + b * r + tq, c_ * q + d * r + tr))
                if target is not None:
                    image[cell] = target
            if any(image.get(target) != cell for cell, target in image.items()):
                continue  # not an involution: a glide, not a symmetry
            unpaired = frozenset(c for c in cells if c not in image)
            if not unpaired or len(unpaired) > NEAR_UNPAIRED_SHARE * n:
                continue
            centre = any(image[c] == c for c in image)
            score = (0 if (centre or not want_centre) else 1, len(unpaired), abs(tq - tq0) + abs(tr - tr0))
            if best is None or score < best[0]:
                best = (score, image, unpaired)
    if best is None:
        return None
    _, image, unpaired = best
    return {**image, **{c: c for c in unpaired}}, unpaired


@lru_cache(maxsize=64)
def choose_layout(kind: str, orientation: str, offset: str, width: int, height: int, symmetry: str,
                  long_edges: bool = False, want_centre: bool = False) -> Layout:
    """The first layout, in order of preference, on which ``symmetry`` maps cells onto cells.

    Preference: the system's orientation and offset with the players on the long edges; then the
    other offset; then the players on the short edges; then the other hex orientation. With
    ``long_edges`` (the system's players face the long edges, in its own orientation) a near
    symmetry on the long edges comes before the short edges and the other orientation.
    """
    if symmetry not in SYMMETRIES:
        raise MapError(f"--symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}")
    long_axis = "vertical" if width >= height else "horizontal"
    short_axis = "horizontal" if long_axis == "vertical" else "vertical"
    orients = [orientation] if kind == "square" else [orientation, "pointy" if orientation == "flat" else "flat"]
    offsets = [offset] if kind == "square" else [offset, "even" if offset == "odd" else "odd"]
    tried = []
    if long_edges and symmetry != "none":
        for off in offsets:
            grid = make_grid(kind, orientation, off, width, height)
            cells = _row_major(grid.cells())
            if symmetry_map(grid, kind, orientation, _transform_for(symmetry, long_axis), cells) is not None:
                break  # an exact symmetry on the long edges exists: the search below finds it
        else:
            grid = make_grid(kind, orientation, offset, width, height)
            cells = _row_major(grid.cells())
            near = near_symmetry_map(grid, kind, orientation, _transform_for(symmetry, long_axis), cells, want_centre)
            if near is not None:
                image, unpaired = near
                nb = {c: [tuple(n) for n in grid.neighbours(c) if grid.in_bounds(tuple(n))] for c in cells}
                side = "top and bottom" if long_axis == "vertical" else "left and right"
                listed = ", ".join(f"{c[0]},{c[1]}" for c in _row_major(unpaired))
                note = (f"players on the long ({side}) edges of the {orientation}-top grid: no exact {symmetry} "
                        f"symmetry fits {width}x{height} there, so it is exact but for {len(unpaired)} edge "
                        f"hexes with no image ({listed}), kept open and out of zones and objectives")
                return Layout(kind, orientation, offset, width, height, long_axis, symmetry, grid, cells, image, nb,
                              note, unpaired)
    for orient in orients:
        for axis in (long_axis, short_axis):
            for off in offsets:
                grid = make_grid(kind, orient, off, width, height)
                cells = _row_major(grid.cells())
                image = symmetry_map(grid, kind, orient, _transform_for(symmetry, axis), cells)
                tried.append(f"{orient}/{off}/{axis}")
                if image is None:
                    continue
                nb = {c: [tuple(n) for n in grid.neighbours(c) if grid.in_bounds(tuple(n))] for c in cells}
                note = ""
                if (orient, off, axis) != (orientation, offset, long_axis):
                    side = "top and bottom" if axis == "vertical" else "left and right"
                    note = (f"{symmetry} symmetry on {width}x{height} needs a {orient}-top grid, "
                            f"{off} offset, players on the {side} edges")
                    if kind == "square":
                        note = f"players on the {side} edges"
                return Layout(kind, orient, off, width, height, axis, symmetry, grid, cells, image, nb, note)
            if symmetry == "none":
                break
    raise MapError(
        f"a {width}x{height} {kind} board has no exact {symmetry} symmetry in any orientation "
        f"(tried {', '.join(tried)}): {_NEEDS.get(symmetry, '')}or use --symmetry none"
    )


_NEEDS = {
    "mirror": "a hex mirror needs an odd width (flat-top) or an odd height (pointy-top); ",
    "rotational": "a hex half-turn needs an even width (flat-top) or an even height (pointy-top); ",
}


# --------------------------------------------------------------------------------------------
# Pure building blocks: distances, clusters, components
# --------------------------------------------------------------------------------------------
def bfs_distances(neighbours: dict[Cell, list[Cell]], sources, passable: set[Cell]) -> dict[Cell, int]:
    """Steps from the nearest source to every reachable passable cell (sources count as passable)."""
    frontier = [s for s in sources]
    dist = {s: 0 for s in frontier}
    while frontier:
        nxt = []
        for cell in frontier:
            d = dist[cell] + 1
            for n in neighbours[cell]:
                if n not in dist and n in passable:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def components(neighbours: dict[Cell, list[Cell]], cells: set[Cell]) -> list[set[Cell]]:
    """Connected groups of ``cells`` (largest first)."""
    seen: set[Cell] = set()
    groups = []
    for start in _row_major(cells):
        if start in seen:
            continue
        group = set(bfs_distances(neighbours, [start], cells))
        seen |= group
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


def grow_cluster(
    rng: Rng,
    neighbours: dict[Cell, list[Cell]],
    seed: Cell,
    size: int,
    free: set[Cell],
    image: dict[Cell, Cell] | None = None,
    shape: str = "blob",
    coords: dict[Cell, tuple[int, int]] | None = None,
) -> set[Cell]:
    """A cluster of about ``size`` cells grown from ``seed`` inside ``free``.

    ``shape="blob"``: each step adds a frontier cell chosen with weight (cluster neighbours)^2,
    so the cluster fills in around itself instead of snaking (rocks, pits, hills, ponds).
    ``shape="line"``: each step extends the tip, going straight on (weight 8) rather than turning
    (weight 1), which draws walls and ridges; ``coords`` (axial or col/row) tell what straight is.
    With a symmetry ``image`` every added cell brings its image too (the images form the
    mirrored/rotated twin cluster, or join this one when the cluster touches the symmetry line or
    centre). Cells are removed from ``free`` as they are taken.
    """
    image = image or {}
    taken: set[Cell] = set()

    def take(cell: Cell) -> None:
        for c in {cell, image.get(cell, cell)}:
            taken.add(c)
            free.discard(c)

    take(seed)
    own = {seed}  # the half we grow; images follow
    path = [seed]
    while len(own) < size:
        if shape == "line":
            tip = path[-1]
            frontier = sorted(n for n in neighbours[tip] if n in free)
            if not frontier:
                break
            if len(path) > 1 and coords is not None:
                (tq, tr), (pq, pr) = coords[tip], coords[path[-2]]
                ahead = (2 * tq - pq, 2 * tr - pr)
                weights = [8 if coords[f] == ahead else 1 for f in frontier]
            else:
                weights = [1] * len(frontier)
        else:
            frontier = sorted({n for c in own for n in neighbours[c] if n in free})
            if not frontier:
                break
            weights = [sum(1 for m in neighbours[f] if m in own) ** 2 for f in frontier]
        pick = rng.weighted_choice(frontier, weights)
        own.add(pick)
        path.append(pick)
        take(pick)
    return taken


# --------------------------------------------------------------------------------------------
# Zones and objectives
# --------------------------------------------------------------------------------------------
def _edge_index(layout: Layout, cell: Cell) -> int:
    """How far a cell is from player A's edge (row for players top/bottom, column otherwise)."""
    return cell[1] if layout.axis == "vertical" else cell[0]


def _along(layout: Layout, cell: Cell) -> int:
    return cell[0] if layout.axis == "vertical" else cell[1]


def _depth(layout: Layout) -> int:
    return layout.height if layout.axis == "vertical" else layout.width


#: How far along its edge a map's evenly spaced start or reserve cells may be shifted, in cells:
#: an even number, so that on offset hex grids the cells keep their column parity and the
#: mirror image of a player's cells stays on the other player's rows.
ZONE_SHIFTS = (-2, 0, 2)


def _spread(cells: list[Cell], count: int, layout: Layout, shift: int = 0) -> list[Cell]:
    """``count`` cells evenly spaced along an edge line, moved ``shift`` cells along it while
    they stay on the line (the map's seed draws the shift, so maps of one size differ)."""
    line = sorted(cells, key=lambda c: _along(layout, c))
    if count >= len(line):
        return line
    picks = [int((i + 0.5) * len(line) / count) for i in range(count)]
    if picks[0] + shift >= 0 and picks[-1] + shift < len(line):
        picks = [p + shift for p in picks]
    return [line[p] for p in picks]


def _zone_image(layout: Layout, cells: list[Cell]) -> list[Cell]:
    """Player B's cells: the symmetric image, or the plain edge-to-edge flip without symmetry."""
    if layout.symmetry != "none":
        return _row_major(layout.image[c] for c in cells)
    mirror = mirror_without_symmetry(layout)
    return _row_major(mirror[c] for c in cells)


@lru_cache(maxsize=64)
def _plain_flip(kind, orientation, offset, width, height, axis):
    lay = choose_layout(kind, orientation, offset, width, height, "none")
    for transform in ("flip_y" if axis == "vertical" else "flip_x", "rot"):
        image = symmetry_map(lay.grid, kind, orientation, transform, lay.cells)
        if image is not None:
            return image
    # no exact symmetry: flip the row (or column) index, which keeps zones on the far edge
    if axis == "vertical":
        return {c: (c[0], height - 1 - c[1]) for c in lay.cells}
    return {c: (width - 1 - c[0], c[1]) for c in lay.cells}


def mirror_without_symmetry(layout: Layout) -> dict[Cell, Cell]:
    return _plain_flip(layout.kind, layout.orientation, layout.offset, layout.width, layout.height, layout.axis)


def zone_depth(layout: Layout, params: MapgenParams) -> int:
    """Rows (or columns) of a deployment band: the system's depth, at most a quarter of the board."""
    return min(params.zone_depth, max(1, _depth(layout) // 4))


def make_zones(layout: Layout, params: MapgenParams, rng: Rng | None = None) -> dict[str, dict[str, list[Cell]]]:
    """Start and reserve cells per player: A near edge 0, B the image of A on the far edge.
    With ``rng`` the evenly spaced cells are shifted along the edge (:data:`ZONE_SHIFTS`)."""
    depth = zone_depth(layout, params)
    band = [c for c in layout.cells if _edge_index(layout, c) < depth and c not in layout.unpaired]
    start_shift, reserve_shift = (0, 0) if rng is None else (rng.choice(ZONE_SHIFTS), rng.choice(ZONE_SHIFTS))
    if params.start_cells:
        start = _spread([c for c in band if _edge_index(layout, c) == depth - 1], params.start_cells, layout,
                        start_shift)
    else:
        start = band
    reserve = []
    if params.reserve_cells:
        edge = [c for c in band if _edge_index(layout, c) == 0 and c not in start]
        reserve = _spread(edge, params.reserve_cells, layout, reserve_shift)
    a = {"start": _row_major(start), "reserve": _row_major(reserve)}
    b = {"start": _zone_image(layout, a["start"]), "reserve": _zone_image(layout, a["reserve"])}
    return {"A": a, "B": b}


def pick_objectives(
    rng: Rng, layout: Layout, count: int, spacing: int, forbidden: set[Cell], depth: int
) -> list[Cell]:
    """``count`` objectives in the middle band, at least ``spacing`` apart, in symmetric orbits.

    An odd count under symmetry needs one cell that is its own image (the centre hex, or a cell on
    the mirror line); MapError says so when the board has none.
    """
    if count == 0:
        return []
    total = _depth(layout)
    side = layout.width if layout.axis == "vertical" else layout.height
    sym = layout.symmetry != "none"
    # The middle band: within 20% of the board's depth of the centre line and one cell clear of
    # the zones; on small boards it widens step by step.
    for reach_share, clear in ((0.2, 1), (0.35, 1), (0.5, 0)):
        centre, reach = (total - 1) / 2, max(1.0, reach_share * total)
        lo = max(depth + clear, math.ceil(centre - reach))
        hi = min(total - depth - 1 - clear, math.floor(centre + reach))
        middle = [c for c in layout.cells
                  if lo <= _edge_index(layout, c) <= hi and c not in forbidden
                  and 0 < _along(layout, c) < side - 1 and c not in layout.unpaired]
        fixed = [c for c in middle if layout.image[c] == c] if sym else []
        if sym and count % 2 and not fixed:
            if any(c not in forbidden for c in layout.self_images()):
                continue
            raise MapError(
                f"{count} objectives cannot be placed with {layout.symmetry} symmetry on a "
                f"{layout.width}x{layout.height} board: it has no centre cell; use an even number of "
                "objectives or another symmetry"
            )
        for _ in range(30):
            chosen: list[Cell] = []
            if sym and count % 2:
                chosen.append(rng.choice(_centre_cells(layout, fixed)))
            pool = list(middle)
            rng.shuffle(pool)
            for cell in pool:
                if len(chosen) >= count:
                    break
                group = {cell, layout.image[cell]} if sym else {cell}
                if sym and len(group) == 1:
                    continue  # self-images are used only for the odd one
                if len(chosen) + len(group) > count:
                    continue
                if all(_dist(layout, g, c) >= spacing for g in group for c in chosen) and (
                    len(group) == 1 or _dist(layout, *group) >= spacing
                ):
                    chosen.extend(sorted(group))
            if len(chosen) == count:
                return _row_major(chosen)
    raise MapError(
        f"cannot place {count} objectives {spacing} cells apart on a {layout.width}x{layout.height} board: "
        "use fewer objectives or a larger board"
    )


def _centre_cells(layout: Layout, fixed: list[Cell]) -> list[Cell]:
    """Self-symmetric cells nearest the board's middle (a lone objective belongs in the middle)."""
    mid = (layout.width - 1) / 2, (layout.height - 1) / 2
    key = lambda c: (c[0] - mid[0]) ** 2 + (c[1] - mid[1]) ** 2  # noqa: E731
    best = min(key(c) for c in fixed)
    return [c for c in fixed if key(c) <= best + 1.0]


def _dist(layout: Layout, a: Cell, b: Cell) -> int:
    return int(layout.grid.distance(a, b))


# --------------------------------------------------------------------------------------------
# Terrain
# --------------------------------------------------------------------------------------------
@dataclass
class Terrain:
    layers: dict[str, set[Cell]] = field(default_factory=dict)
    elevation: dict[Cell, int] = field(default_factory=dict)

    def impassable(self) -> set[Cell]:
        out: set[Cell] = set()
        for kind in IMPASSABLE_KINDS:
            out |= self.layers.get(kind, set())
        return out


def _layer_target(layer: TerrainLayer, n_cells: int, density: float | None) -> int:
    d = layer.density if density is None else density
    return int(round(d * n_cells))


def grow_terrain(
    rng: Rng, layout: Layout, params: MapgenParams, protected: set[Cell], density: float | None = None
) -> Terrain:
    """Grow every terrain layer as clusters; ``density`` (if given) replaces the first layer's."""
    free = set(layout.cells) - protected - layout.unpaired
    terrain = Terrain()
    image = layout.image if layout.symmetry != "none" else None
    coords = {c: _coords(layout.grid, layout.kind, c) for c in layout.cells}
    n = len(layout.cells)
    for i, layer in enumerate(params.terrain):
        cells: set[Cell] = set()
        target = _layer_target(layer, n, density if i == 0 else None)
        clusters = layer.count if layer.count else None
        lo, hi = layer.cluster
        made = 0
        stalls = 0
        while (len(cells) < target if clusters is None else made < clusters) and free and stalls < 50:
            # seeds away from other terrain keep clusters distinct
            candidates = sorted(c for c in free if not any(m in cells for m in layout.neighbours[c]))
            if not candidates:
                candidates = sorted(free)
            seed = rng.choice(candidates)
            size = rng.integers(lo, hi)
            if clusters is None:
                size = min(size, max(1, math.ceil((target - len(cells)) / (2 if image else 1))))
            grown = grow_cluster(rng, layout.neighbours, seed, size, free, image, layer.shape, coords)
            if not grown:
                stalls += 1
                continue
            cells |= grown
            made += 1
        terrain.layers[layer.kind] = cells
        if layer.kind == "elevation":
            terrain.elevation.update(_levels(layout, cells, layer.levels))
    return terrain


def _levels(layout: Layout, hill: set[Cell], top: int) -> dict[Cell, int]:
    """Level 1 on a hill's rim, one more for each step inwards, at most ``top`` (symmetric by construction)."""
    outside = [c for c in hill if any(n not in hill for n in layout.neighbours[c])
               or len(layout.neighbours[c]) < max(len(v) for v in layout.neighbours.values())]
    depth = bfs_distances(layout.neighbours, outside, hill)
    return {c: min(top, 1 + depth.get(c, 0)) for c in hill}


# --------------------------------------------------------------------------------------------
# The generator
# --------------------------------------------------------------------------------------------
@dataclass
class Generated:
    """A generated map with its fairness report and how it was found."""

    board: object  # generator.boards.mapfile.BoardMap
    report: object  # generator.boards.fairness.FairnessReport
    seed: int
    attempts: int
    rejected: dict[str, int]
    layout_note: str = ""

    def summary(self) -> str:
        lines = [f"seed {self.seed}: accepted candidate {self.attempts} "
                 f"({sum(self.rejected.values())} rejected"
                 + (": " + ", ".join(f"{k} {v}" for k, v in sorted(self.rejected.items())) if self.rejected else "")
                 + ")"]
        if self.layout_note:
            lines.append(f"layout: {self.layout_note}")
        return "\n".join(lines)


def _key(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def board_dict(layout: Layout, zones, objectives: list[Cell], terrain: Terrain, system: str | None = None) -> dict:
    """The map-file form of a candidate (the same YAML that `skirmish map` commands read)."""
    data: dict = {
        "system": system,
        "grid": layout.kind,
        "orientation": layout.orientation,
        "offset": layout.offset,
        "width": layout.width,
        "height": layout.height,
        "blocked": [_key(c) for c in _row_major(terrain.layers.get("blocked", set()))],
        "objectives": [_key(c) for c in objectives],
        "zones": {p: {k: [_key(c) for c in v] for k, v in z.items()} for p, z in zones.items()},
    }
    if terrain.layers.get("pits"):
        data["pits"] = [_key(c) for c in _row_major(terrain.layers["pits"])]
    if terrain.layers.get("obstructions"):
        data["obstructions"] = [_key(c) for c in _row_major(terrain.layers["obstructions"])]
    if terrain.layers.get("water"):
        data["water"] = [_key(c) for c in _row_major(terrain.layers["water"])]
    if terrain.elevation:
        data["elevation"] = {_key(c): lvl for c, lvl in sorted(terrain.elevation.items(), key=lambda kv: (kv[0][1], kv[0][0]))}
    return data


def candidate(rng: Rng, layout: Layout, params: MapgenParams, objectives: int, density: float | None,
              system: str | None = None):
    """One candidate map as (board dict, reason) -- reason is None when it is legal."""
    zones = make_zones(layout, params, rng.spawn("zones"))
    zone_cells = {c for z in zones.values() for cells in z.values() for c in cells}
    depth = zone_depth(layout, params)
    objs = pick_objectives(rng.spawn("objectives"), layout, objectives, params.objective_spacing, zone_cells, depth)
    protected = zone_cells | set(objs)
    # keep the neighbours of objectives and of single start/reserve cells open too, so none is
    # walled in by one cluster (a whole deployment band needs no such ring)
    points = set(objs)
    for z in zones.values():
        points |= set(z["reserve"])
        if params.start_cells:
            points |= set(z["start"])
    halo = {n for c in points for n in layout.neighbours[c]}
    terrain = grow_terrain(rng.spawn("terrain"), layout, params, protected | halo, density)
    impassable = terrain.impassable()
    open_cells = set(layout.cells) - impassable
    groups = components(layout.neighbours, open_cells)
    main = groups[0] if groups else set()
    if not protected <= main:
        return None, "cut-off"
    pockets = open_cells - main
    if pockets & layout.unpaired:
        return None, "cut-off"  # a cell with no mirror image would be filled alone: the map would lose its symmetry
    if pockets:  # fill enclosed pockets with the first impassable layer
        kind = next((l.kind for l in params.terrain if l.kind in IMPASSABLE_KINDS), "blocked")
        terrain.layers.setdefault(kind, set()).update(pockets)
        for other in ("water", "elevation"):
            terrain.layers.get(other, set()).difference_update(pockets)
        for c in pockets:
            terrain.elevation.pop(c, None)
    return board_dict(layout, zones, objs, terrain, system), None


def generate_map(
    system: str,
    size: str | tuple[int, int] | None = None,
    seed: int = 1,
    symmetry: str | None = None,
    density: float | None = None,
    objectives: int | None = None,
    max_attempts: int | None = None,
) -> Generated:
    """A fair, legal map for ``system``, reproducible from ``seed``.

    Candidates are drawn from independent named streams (``seed`` -> "candidate-1", ...), so the
    accepted map depends only on the seed and the options. MapError when no candidate within
    ``max_attempts`` passes the fairness bounds.
    """
    from generator.boards.fairness import fairness_report
    from generator.boards.mapfile import BoardMap

    params = load_params(system)
    width, height = parse_size(size) if isinstance(size, str) else (size or params.size)
    sym = symmetry or params.symmetry
    if sym not in SYMMETRIES:
        raise MapError(f"--symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}")
    if density is not None and not 0.0 <= density <= 0.4:
        raise MapError(f"--density {density:g}: allowed is 0 to 0.4 (share of the board's cells)")
    n_obj = params.objectives if objectives is None else objectives
    if not 0 <= n_obj <= 12:
        raise MapError(f"--objectives {n_obj}: allowed is 0 to 12")
    try:
        layout = choose_layout(params.grid, params.orientation, params.offset, width, height, sym,
                               params.long_edges, bool(n_obj % 2))
        note = layout.note
    except MapError:
        if symmetry is not None or sym == "none":
            raise
        # the system's default symmetry does not fit this size; the other one always does for
        # hexes when the first fails (mirror needs an odd side, a half turn an even one)
        other = "rotational" if sym == "mirror" else "mirror"
        layout = choose_layout(params.grid, params.orientation, params.offset, width, height, other,
                               params.long_edges, bool(n_obj % 2))
        note = "; ".join(x for x in (f"{other} symmetry: {sym} does not fit {width}x{height}", layout.note) if x)
        sym = other
    if (objectives is None and n_obj % 2 and sym != "none" and not layout.self_images()):
        # the system's default count is odd but this board has no centre cell: one fewer
        n_obj -= 1
        note = "; ".join(x for x in (note, f"OBJECTIVES DROPPED: {n_obj + 1} -> {n_obj}, this board has no centre cell for the odd one") if x)
    root = make_rng(seed)
    # small boards: whole LOS matrices, soon served by the cached incidence table; large boards:
    # only the rows the report needs
    all_pairs = True if len(layout.cells) <= 600 else None
    target = params.terrain[0].density if (density is None and params.terrain) else (density or 0.0)
    rejected: dict[str, int] = {}
    attempts = max_attempts or params.max_attempts
    for attempt in range(1, attempts + 1):
        rng = root.spawn(f"candidate-{attempt}")
        data, reason = candidate(rng, layout, params, n_obj, density, system.strip().lower())
        if data is None:
            rejected[reason] = rejected.get(reason, 0) + 1
            continue
        board = BoardMap.model_validate(data)
        report = fairness_report(board, all_pairs=all_pairs)
        problems = report.check(params.bounds, target_density=target if params.terrain else None,
                                density_kind=params.terrain[0].kind if params.terrain else None)
        if problems:
            for p in problems:
                kind = p.split(":")[0]
                rejected[kind] = rejected.get(kind, 0) + 1
            continue
        return Generated(board, report, int(seed), attempt, rejected, note)
    worst = ", ".join(f"{k} ({v})" for k, v in sorted(rejected.items(), key=lambda kv: -kv[1])[:3])
    raise MapError(
        f"no fair {system} map in {attempts} candidates for seed {seed} (rejected for: {worst}): "
        "try another --seed, a lower --density or a larger --size"
    )
