"""Generate fair maps: symmetric by construction, then measured and rejected when unfair.

Pipeline for one map (each step reads its parameters from ``content/mapgen/<system>.yaml``,
read by :mod:`generator.boards.mapgen_params`):

1. Pick a layout where the chosen symmetry maps every cell onto a cell (:mod:`generator.boards.symmetry`). Symmetry is computed in
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

from generator.boards.mapgen_params import (  # noqa: F401  (re-exported: the generator's parameters)
    FairnessBounds,
    MapgenParams,
    TerrainLayer,
    load_params,
    parse_size,
)
from generator.boards.symmetry import (  # noqa: F401  (re-exported: layouts and their symmetries)
    SYMMETRIES,
    Layout,
    cell_coords,
    choose_layout,
    row_major,
    symmetry_map,
)
from generator.dice.rng import Rng, make_rng
from generator.errors import MapError

Cell = tuple[int, int]
IMPASSABLE_KINDS = ("blocked", "pits", "obstructions")


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
    for start in row_major(cells):
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
        return row_major(layout.image[c] for c in cells)
    mirror = mirror_without_symmetry(layout)
    return row_major(mirror[c] for c in cells)


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
    a = {"start": row_major(start), "reserve": row_major(reserve)}
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
                return row_major(chosen)
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
    coords = {c: cell_coords(layout.grid, layout.kind, c) for c in layout.cells}
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
        "blocked": [_key(c) for c in row_major(terrain.layers.get("blocked", set()))],
        "objectives": [_key(c) for c in objectives],
        "zones": {p: {k: [_key(c) for c in v] for k, v in z.items()} for p, z in zones.items()},
    }
    if terrain.layers.get("pits"):
        data["pits"] = [_key(c) for c in row_major(terrain.layers["pits"])]
    if terrain.layers.get("obstructions"):
        data["obstructions"] = [_key(c) for c in row_major(terrain.layers["obstructions"])]
    if terrain.layers.get("water"):
        data["water"] = [_key(c) for c in row_major(terrain.layers["water"])]
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
