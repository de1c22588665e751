"""Fairness figures of a map: the same report for generated maps and for `skirmish map validate`.

What is measured (and why):

- **Objective distance**: for each player, the cheapest move from any of their start cells to each
  objective, with the movement costs of the board's ``system`` (:mod:`generator.boards.paths`:
  SagaBorn pays for climbs and water, in move points) or in plain steps when the board names no
  system with its own costs. Under symmetry the two sides are equal by construction; without it,
  a gap of more than one step decides games.
- **Exposure**: how many open cells can see at least one of a player's start cells. A side that
  deploys in the open is shot at before it moves.
- **Objective sight**: from how many open cells each objective can be seen. An objective nobody
  can see is a hiding place, one everybody sees is a killing field; either way both sides should
  face the same.
- **Blocked share per quarter**: terrain should not pile up in one corner.
- **Legality**: every open cell reachable from every other, zones and objectives on open cells,
  no cell in two players' zones, no objective inside a zone.

Line of sight comes from :mod:`generator.boards.los` (the ``standard`` rule unless told otherwise).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from .paths import components, cost_unit, distances_from, mover_for

QUARTERS = ("NW", "NE", "SW", "SE")


def _key(cell) -> str:
    return f"{cell[0]},{cell[1]}"


@dataclass
class FairnessReport:
    """Fairness figures of one map. ``check(bounds)`` lists what is outside the bounds."""

    grid: str
    width: int
    height: int
    cells: int
    open_cells: int
    terrain_share: dict[str, float]
    connected: bool
    unreachable: list[str]
    problems: list[str]
    players: list[str]
    objectives: list[str]
    objective_distance: dict[str, dict[str, int | None]]  # player -> objective -> cost in distance_unit
    exposure: dict[str, int]  # player -> open cells that see a start cell
    objective_sight: dict[str, int]  # objective -> open cells that see it
    quarter_blocked: dict[str, float]  # quarter -> impassable share
    los_rule: str = "standard"
    movement: str = "plain"  # the paths.Mover system the distances were costed with
    distance_unit: str = "steps"  # "steps" or "move points"
    extra: dict[str, Any] = field(default_factory=dict)

    # -- judgement ------------------------------------------------------------------------
    @property
    def distance_gap(self) -> int:
        """Largest difference between the players' sorted objective distances.

        Each side's nearest objective is compared with the other side's nearest, second with
        second, and so on: under mirror or rotational symmetry objective X is as far from A as its
        image X' is from B, so the sorted lists are equal even where single objectives are not.
        """
        lists = []
        for p in self.players:
            ds = [self.objective_distance[p].get(o) for o in self.objectives]
            if any(d is None for d in ds):
                return 10**6
            lists.append(sorted(ds))
        if len(lists) < 2 or not self.objectives:
            return 0
        return max(max(col) - min(col) for col in zip(*lists))

    @property
    def exposure_ratio(self) -> float:
        values = [self.exposure[p] for p in self.players]
        if not values or min(values) == 0:
            return 1.0 if not values or max(values) == 0 else float("inf")
        return max(values) / min(values)

    @property
    def quarter_spread(self) -> float:
        v = list(self.quarter_blocked.values())
        return max(v) - min(v) if v else 0.0

    def check(self, bounds, target_density: float | None = None, density_kind: str | None = None) -> list[str]:
        """Reasons (``"name: detail"``) this map is outside ``bounds`` (a FairnessBounds); empty when fair."""
        out = []
        if self.problems:
            out.append("illegal: " + "; ".join(self.problems[:3]))
        if not self.connected:
            out.append(f"connectivity: {len(self.unreachable)} open cells cannot be reached")
        if self.distance_gap > bounds.max_distance_gap:
            out.append(f"distance gap: {self.distance_gap} {self.distance_unit} > {bounds.max_distance_gap}")
        if self.exposure_ratio > bounds.max_exposure_ratio:
            out.append(f"exposure: ratio {self.exposure_ratio:.2f} > {bounds.max_exposure_ratio:g}")
        low = [o for o, n in self.objective_sight.items()
               if n < bounds.min_objective_sight * self.open_cells]
        if low:
            out.append(f"objective sight: {', '.join(low)} seen from under "
                       f"{bounds.min_objective_sight:.0%} of open cells")
        if self.quarter_spread > bounds.max_quarter_spread:
            out.append(f"quarter spread: {self.quarter_spread:.2f} > {bounds.max_quarter_spread:g}")
        if target_density is not None and density_kind:
            share = self.terrain_share.get(density_kind, 0.0)
            if abs(share - target_density) > bounds.density_tolerance:
                out.append(f"density: {density_kind} {share:.2f}, target {target_density:.2f} "
                           f"+/- {bounds.density_tolerance:g}")
        return out

    # -- output ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        data = asdict(self)
        data["distance_gap"] = self.distance_gap
        data["exposure_ratio"] = round(self.exposure_ratio, 4) if self.exposure_ratio != float("inf") else None
        data["quarter_spread"] = round(self.quarter_spread, 4)
        return data

    def table(self) -> str:
        """A plain-text report for the terminal (fixed-width columns, no colour codes)."""
        lines = [f"{self.grid} board {self.width}x{self.height}: {self.open_cells} of {self.cells} cells open"]
        shares = ", ".join(f"{k} {v:.0%}" for k, v in self.terrain_share.items() if v)
        if shares:
            lines.append(f"terrain: {shares}")
        lines.append("connected: " + ("yes" if self.connected else f"NO ({len(self.unreachable)} cut off: "
                                                                   + " ".join(self.unreachable[:8]) + ")"))
        if self.objectives:
            head = "objective".ljust(10) + "".join(f"{'dist ' + p:>9}" for p in self.players) + f"{'seen from':>11}"
            lines += ["", head]
            for obj in self.objectives:
                ds = "".join(f"{'-' if self.objective_distance[p].get(obj) is None else self.objective_distance[p][obj]:>9}"
                             for p in self.players)
                lines.append(obj.ljust(10) + ds + f"{self.objective_sight.get(obj, 0):>11}")
            lines.append(f"nearest-first distances ({self.distance_unit}, {self.movement} movement): " + "; ".join(
                f"{p} " + " ".join(str(d) for d in sorted(v for v in self.objective_distance[p].values() if v is not None))
                for p in self.players) + f" (largest gap {self.distance_gap})")
        lines.append("")
        if self.players:
            lines.append("exposure (cells not blocked that see a start cell): "
                         + ", ".join(f"{p} {self.exposure[p]}" for p in self.players)
                         + f" (ratio {self.exposure_ratio:.2f})")
        else:
            lines.append("exposure: the map has no deployment zones")
        lines.append("impassable share per quarter: "
                     + ", ".join(f"{q} {self.quarter_blocked[q]:.0%}" for q in QUARTERS)
                     + f" (spread {self.quarter_spread:.2f})")
        if self.problems:
            lines.append("")
            lines += [f"problem: {p}" for p in self.problems]
        return "\n".join(lines)


def _quarters(grid, cells, impassable) -> dict[str, float]:
    """Impassable share per quarter; a cell on a middle line counts half to each side."""
    centres = {c: tuple(grid.center(c)) for c in cells}
    xs = [p[0] for p in centres.values()]
    ys = [p[1] for p in centres.values()]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    total = dict.fromkeys(QUARTERS, 0.0)
    blocked = dict.fromkeys(QUARTERS, 0.0)
    eps = 1e-6
    for c, (x, y) in centres.items():
        wx = {"W": 1.0} if x < mx - eps else {"E": 1.0} if x > mx + eps else {"W": 0.5, "E": 0.5}
        wy = {"N": 1.0} if y < my - eps else {"S": 1.0} if y > my + eps else {"N": 0.5, "S": 0.5}
        for ny, a in wy.items():
            for ex, b in wx.items():
                q = ny + ex
                total[q] += a * b
                if c in impassable:
                    blocked[q] += a * b
    return {q: round(blocked[q] / total[q], 4) if total[q] else 0.0 for q in QUARTERS}


#: Sight is computed only from the cells the report needs (start cells and objectives) when they
#: are few or the board is large; otherwise all pairs at once, which boards-core answers from its
#: cached incidence table when one board size is asked for repeatedly (the generator's case).
ALL_PAIRS_MAX = 1200


def _sight_rows(board, order, sources, rule: str, all_pairs: bool | None = None) -> dict:
    """For each source cell, a bool array over ``order`` (the open cells): what it can see.

    Lines of sight are symmetric, so the row of an objective is also the set of cells that see it.
    """
    from generator.boards import los

    if not sources:
        return {}
    from generator.boards import incidence

    index = {c: i for i, c in enumerate(order)}
    if all_pairs is None:
        all_pairs = 4 * len(sources) >= len(order) or incidence.cached(board.grid_obj()) is not None
    if all_pairs and len(order) <= ALL_PAIRS_MAX:
        matrix = los.visibility_matrix(board, rule)
        return {c: matrix[index[c]] for c in sources}
    import shapely

    grid = board.grid_obj()
    obs = los.obstacle(grid, board.blocked_cells(), rule)
    if obs is None:
        return {c: np.ones(len(order), dtype=bool) for c in sources}
    centres = np.array([grid.frame_center(c) for c in order], dtype=float)
    src = np.array([index[c] for c in sources])
    ii = np.repeat(src, len(order))
    jj = np.tile(np.arange(len(order)), len(src))
    hit = shapely.intersects(obs, shapely.linestrings(np.stack([centres[ii], centres[jj]], axis=1)))
    seen = ~hit.reshape(len(src), len(order))
    seen[np.arange(len(src)), src] = True
    return {c: seen[k] for k, c in enumerate(sources)}


def _placement_problems(zones: dict, objectives: list, cellset: set, impassable: set) -> list[str]:
    """What makes a map illegal before it is measured: a zone cell off the board, blocked or in
    both players' zones, an objective that is blocked or inside a zone."""
    problems: list[str] = []
    seen_in: dict[tuple[int, int], str] = {}
    for p in sorted(zones):
        for kind, zc in zones[p].items():
            for c in zc:
                if c not in cellset:
                    problems.append(f"{kind} cell {_key(c)} of player {p} is off the board")
                elif c in impassable:
                    problems.append(f"{kind} cell {_key(c)} of player {p} is not open")
                other = seen_in.get(c)
                if other and other != p:
                    problems.append(f"cell {_key(c)} is in the zones of players {other} and {p}")
                seen_in[c] = p
    for o in objectives:
        if o in impassable:
            problems.append(f"objective {_key(o)} is not open")
        if o in seen_in:
            problems.append(f"objective {_key(o)} is in player {seen_in[o]}'s zone")
    return problems


def fairness_report(board, rule: str = "standard", all_pairs: bool | None = None) -> FairnessReport:
    """Measure ``board`` (a BoardMap). Never raises for an unfair or illegal map: it reports it.

    ``all_pairs=True`` asks boards-core for the whole visibility matrix (what the generator wants:
    after a few candidates of one size it comes from the cached incidence table); None decides
    by cost.
    """
    grid = board.grid_obj()
    cells = grid.cells()  # row-major
    cellset = set(cells)
    impassable = board.impassable_cells()
    passable = cellset - impassable
    players = sorted(board.zones)
    zones = {p: {kind: board.zone_cells(p, kind) for kind in ("start", "reserve")} for p in players}
    objectives = board.objective_cells()
    problems = _placement_problems(zones, objectives, cellset, impassable)

    groups = components(board)
    unreachable = [c for g in groups[1:] for c in g]
    unreachable.sort(key=lambda c: (c[1], c[0]))

    mover = mover_for(board.system)
    distance: dict[str, dict[str, int | None]] = {}
    for p in players:
        starts = [c for c in zones[p]["start"] if c in passable]
        d = distances_from(board, starts, mover) if starts else {}
        distance[p] = {_key(o): d.get(o) for o in objectives}

    # line of sight over the board's open cells: only rows for start cells and objectives
    order = [tuple(c) for c in board.open_cells()]
    index = {c: i for i, c in enumerate(order)}
    sources = sorted({c for p in players for c in zones[p]["start"] if c in index}
                     | {o for o in objectives if o in index}, key=lambda c: (c[1], c[0]))
    rows = _sight_rows(board, order, sources, rule, all_pairs)
    exposure = {}
    for p in players:
        seen = [rows[c] for c in zones[p]["start"] if c in rows]
        exposure[p] = int(np.logical_or.reduce(seen).sum()) if seen else 0
    sight = {_key(o): int(rows[o].sum()) if o in rows else 0 for o in objectives}

    n = len(cells)
    terrain = {"blocked": board.blocked_cells(), "pits": board.pit_cells(), "obstructions": board.obstruction_cells(),
               "water": board.water_cells(), "elevation": set(board.levels())}
    share = {name: round(len(found & cellset) / n, 4) for name, found in terrain.items()}

    return FairnessReport(
        grid=board.grid,
        width=int(board.width),
        height=int(board.height),
        cells=n,
        open_cells=len(passable),
        terrain_share=share,
        connected=not unreachable,
        unreachable=[_key(c) for c in unreachable],
        problems=problems,
        players=players,
        objectives=[_key(o) for o in objectives],
        objective_distance=distance,
        exposure=exposure,
        objective_sight=sight,
        quarter_blocked=_quarters(grid, cells, impassable),
        los_rule=rule,
        movement=mover.system,
        distance_unit=cost_unit(mover.system),
    )
