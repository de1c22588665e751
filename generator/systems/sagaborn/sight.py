"""SagaBorn sight and cover: eyes, bodies, terrain levels and enemy figures on the hex board.

The rulebook: a unit must see the foe it attacks; adjacent units always see each other. A wall
between the two hides the target; so does terrain at least as tall as the target; friendly
figures never block sight, enemy figures do. A target half or more hidden has *cover* (one more
defence die).

How we measure "part of the body" (the book is a tabletop rule; this is our exact reading):

* A wall (a blocked cell, a closed door) on the centre-to-centre line hides the target; that is
  the board's own exact line-of-sight table (:meth:`generator.play.board.Board.visible`).
* An enemy figure standing on the centre-to-centre line (on a hex it passes through or runs
  along the edge of, :func:`centre_line`) hides the target: "enemy units block line of sight".
* A raised hex (a hill) on that line right next to the target, at least the target's Height
  above the target's feet, hides it: "a unit behind terrain equal to or taller than the unit is
  out of line of sight", whoever looks.
* Every other cell between the two is an obstacle as tall as its standing level (terrain level,
  one lower in water) plus the Height of an *enemy* figure standing on it; friends count nothing.
* Sight rays run from the attacker's eyes (standing level + Height) to a grid of points over the
  target: ``fan`` points spread across its hex, perpendicular to the line of sight, times
  ``heights`` points from its feet to the top of its Height. A ray is stopped by an obstacle at
  least as high as the ray where it crosses that hex. The hidden share is the fraction of stopped
  rays: all stopped = out of sight; half or more = cover.

The plane geometry (which hexes each ray crosses and where) depends on the two cells only, so it
is computed once per pair (exact clipping in the grid's integer frame) and kept per grid shape;
the heights are then a few comparisons. :func:`sagaborn_sight` answers for a map file (``skirmish map
los``); :class:`SightTable` answers the game, in the board's axial positions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

import numpy as np

from generator.boards.mapfile import BoardMap
from generator.errors import MapError
from generator.play.board import Board, board_for
from generator.systems.sagaborn.mechanics import cover_dice, effective_level

Cell = tuple[int, int]
Pos = tuple[int, int]
FAN = 7
HEIGHTS = 4


@dataclass(frozen=True)
class Unit:
    """A figure on the board as sight sees it: its side and its Height (in levels)."""

    side: str
    height: int = 1


@dataclass
class Sight:
    """What an attacker sees of a target."""

    visible: bool
    hidden_share: float  # 0..1, the share of sight rays stopped before they reach the body
    cover: bool  # half or more hidden: +1 defence die
    defense_bonus: int
    blocked_by: list = field(default_factory=list)
    reason: str = ""


#: Why a target is out of sight, as the book gives the reasons.
BEHIND = "behind terrain at least as tall as it"
ENEMY_IN_WAY = "an enemy figure stands on the line of sight"

OPEN = Sight(True, 0.0, False, 0)
#: What every pair with a wall on its centre line sees (one shared answer, like OPEN: a board
#: has thousands of such pairs, and each kept answer is one more object to keep).
WALL = Sight(False, 1.0, False, 0, [], "a wall (blocked hex) is in the way")


def ground_level(board: BoardMap, cell: Cell) -> int:
    """Standing height of a map cell: its elevation, one level lower in water."""
    return effective_level(board.level(cell), cell in board.water_cells())


class SightTable:
    """SagaBorn sight on one play :class:`Board`, with each pair's ray geometry kept for reuse."""

    def __init__(self, board: Board, fan: int = FAN, heights: int = HEIGHTS):
        self.board = board
        self.fan = fan
        self.heights = heights
        self._stand = {p: effective_level(board.level(p), board.water(p)) for p in board.cells}
        self._raised = {p: board.level(p) > 0 for p in board.cells}
        # ray geometry depends on the grid shape only, so boards of one shape share it
        self._geometry = _GEOMETRY.setdefault((board.grid.key, fan), {})
        self._terrain: dict[tuple, Sight] = {}
        self._pairs: dict[tuple, object] = {}
        self._plain: dict[tuple, tuple] = {}
        self._profiles: dict[tuple, tuple] = {}  # (a, t, Heights) -> terrain's first stops, see _profile
        self._grid = board.grid
        self._zs = [(k + 0.5) / heights for k in range(heights)]

    def stand(self, pos: Pos) -> int:
        """A position's standing level (water one below its ground)."""
        return self._stand[pos]

    def _rays(self, a: Pos, t: Pos) -> tuple:
        """Per fan ray: ((t_enter, t_leave, pos), ...) for every hex it crosses between a and t."""
        key = (a, t)
        hit = self._geometry.get(key)
        if hit is None:
            hit = _ray_crossings(self.board, a, t, self.fan)
            self._geometry[key] = hit
        return hit

    def prepare(self, pairs) -> None:
        """Work out at once the ray geometry of the ``(a, t)`` pairs a caller is about to look
        along (see :func:`_ray_crossings_many`); the looks then find it kept. Pairs already
        known, adjacent or walled off need none and are skipped."""
        geometry, known, board = self._geometry, self._pairs, self.board
        todo = [pair for pair in pairs if pair not in known and pair not in geometry]
        if not todo:
            return  # most calls: every pair seen before
        todo = [pair for pair in dict.fromkeys(todo) if board.distance(*pair) > 1 and board.visible(*pair)]
        if todo:
            for pair, rays in zip(todo, _ray_crossings_many(board, todo, self.fan)):
                geometry[pair] = rays

    def look(
        self, a: Pos, t: Pos, eye_height: int, target_height: int, enemies: Mapping[Pos, int] | None = None,
    ) -> Sight:
        """Sight from a figure on ``a`` (Height ``eye_height``) to one on ``t`` (``target_height``).

        ``enemies`` maps the positions of the *attacker's enemies* to their Heights (the target
        may be among them: the rays never cross its own cell); friends are left out because they
        never block.
        """
        hit = self._plain.get((a, t, eye_height, target_height))
        if hit is None:
            hit = self._plain_look(a, t, eye_height, target_height)
        plain, crossed = hit
        if crossed is None or not enemies or crossed.isdisjoint(enemies):
            return plain  # no enemy figure stands on a cell the rays cross: terrain alone decides
        return self._look(a, t, eye_height, target_height, enemies)

    def plain(self, a: Pos, t: Pos, eye_height: int, target_height: int) -> tuple:
        """``(sight with no figure in the way, the cells whose enemy figures could change it or
        None when none could)``: what :meth:`look` answers before it looks at the figures."""
        hit = self._plain.get((a, t, eye_height, target_height))
        if hit is None:
            hit = self._plain_look(a, t, eye_height, target_height)
        return hit

    def _plain_look(self, a: Pos, t: Pos, eye_height: int, target_height: int) -> tuple:
        """``(sight with no enemy figure in the way, the cells the rays cross or None when figures
        cannot matter)``, kept per (cells, Heights): most looks in a battle see no figure in the
        way, and this answers them with one dictionary look-up and one set test."""
        pair = self._pairs.get((a, t))
        if pair is None:
            pair = self._pair(a, t)
        if pair.__class__ is Sight:
            out = (pair, None)
        else:
            out = (self._look(a, t, eye_height, target_height, None), pair[1])
        self._plain[(a, t, eye_height, target_height)] = out
        return out

    def _look(self, a: Pos, t: Pos, eye_height: int, target_height: int, enemies: Mapping[Pos, int] | None) -> Sight:
        pair = self._pairs.get((a, t))
        if pair is None:
            pair = self._pair(a, t)
        if pair.__class__ is Sight:  # adjacent, or a wall in the way
            return pair
        rays, crossed, highest, centre, front = pair
        stand = self._stand
        eye = stand[a] + eye_height
        feet = stand[t]
        # the book: a unit behind terrain as tall as itself is out of sight (terrain: a raised
        # hex, a hill; the plain ground beside a stream is not terrain a unit stands behind)
        behind = [p for p in front if self._raised[p] and stand[p] >= feet + target_height]
        if behind:
            return Sight(False, 1.0, False, 0, behind, BEHIND)
        relevant = ()
        if enemies:
            on_line = [p for p in centre if p in enemies]
            if on_line:  # the book: enemy units block line of sight
                return Sight(False, 1.0, False, 0, on_line, ENEMY_IN_WAY)
            relevant = tuple(sorted((p, h) for p, h in enemies.items() if p in crossed))
        # every ray stays above this height (eyes at one end, the body's lowest point at the other)
        low_bound = min(eye, feet + self._zs[0] * target_height)
        if not relevant and highest < low_bound:
            return OPEN
        # looks past figures are kept by the figures that matter (terrain-only looks are kept
        # by the caller, :meth:`_plain_look`)
        key = (a, t, eye_height, target_height, relevant)
        if relevant:
            hit = self._terrain.get(key)
            if hit is not None:
                return hit
        eye, rises, firsts = self._profile(a, t, eye_height, target_height, rays, highest < low_bound)
        if relevant:
            firsts = self._with_enemies(rays, eye, rises, firsts, relevant)
        stopped = 0
        total = len(rays) * len(rises)
        by: set[Pos] = set()
        for crossings, row in zip(rays, firsts):
            for first in row:
                if first is not None:
                    stopped += 1
                    by.add(crossings[first][2])
        share = stopped / total if total else 0.0
        if stopped == total:
            result = Sight(False, 1.0, False, 0, sorted(by), "hidden behind terrain or enemies at least as tall")
        else:
            bonus = cover_dice(share)
            result = Sight(True, share, bool(bonus), bonus, sorted(by))
        if relevant:
            if len(self._terrain) > 200_000:
                self._terrain.clear()
            self._terrain[key] = result
        return result

    def _profile(self, a: Pos, t: Pos, eye_height: int, target_height: int, rays: tuple, flat: bool) -> tuple:
        """``(eye level, rises, firsts)`` of sight between two cells with terrain alone: ``rises``
        the climb of the ray to each body point (eyes at t=0, the point at t=1), ``firsts[ray]
        [point]`` the index in that ray's crossings of the first hex whose standing level stops
        it, None when none does (all None when ``flat``: no hex between is as high as the rays
        come down). Kept per (cells, Heights): enemy figures only add obstacles, so a look past
        figures starts from this (see :meth:`_with_enemies`)."""
        key = (a, t, eye_height, target_height)
        hit = self._profiles.get(key)
        if hit is not None:
            return hit
        stand = self._stand
        eye = stand[a] + eye_height
        feet = stand[t]
        rises = tuple((feet + z * target_height) - eye for z in self._zs)
        # no ray dips below this (eyes at one end, the body's lowest point at the other): lower
        # hexes never stop one
        low_bound = min(eye, feet + self._zs[0] * target_height)
        none = (None,) * len(rises)
        firsts = []
        for crossings in () if flat else rays:
            tops = [(i, t0, t1, p) for i, (t0, t1, p) in enumerate(crossings) if stand[p] >= low_bound]
            if not tops:
                firsts.append(none)
                continue
            row = []
            for rise in rises:
                # the ray is lowest over a hex where it enters it when it climbs, where it leaves
                # it when it falls (t0 < t1: the same float as the smaller of the two ends)
                first = None
                if rise >= 0:
                    for i, t0, _, p in tops:
                        if stand[p] >= eye + rise * t0:
                            first = i
                            break
                else:
                    for i, _, t1, p in tops:
                        if stand[p] >= eye + rise * t1:
                            first = i
                            break
                row.append(first)
            firsts.append(tuple(row))
        if len(self._profiles) > 200_000:
            self._profiles.clear()
        hit = self._profiles[key] = (eye, rises, (none,) * len(rays) if flat else tuple(firsts))
        return hit

    def _with_enemies(self, rays: tuple, eye: int, rises: tuple, firsts: tuple, relevant: tuple) -> list:
        """``firsts`` (see :meth:`_profile`) with enemy figures standing on crossed hexes: an
        enemy's hex stops a ray if its standing level plus the figure's Height reaches the ray,
        and the first stopping hex along the ray is the nearer of the terrain's and the enemies'."""
        stand = self._stand
        out = [list(row) for row in firsts]
        for p, tall in relevant:
            h = stand[p] + tall
            for row, crossings in zip(out, rays):
                for j, (t0, t1, q) in enumerate(crossings):
                    if q != p:
                        continue
                    for k, rise in enumerate(rises):
                        now = row[k]
                        if now is not None and now < j:
                            continue
                        if h >= (eye + rise * t0 if rise >= 0 else eye + rise * t1):
                            row[k] = j
                    break  # a ray crosses a hex once
        return out

    def _pair(self, a: Pos, t: Pos):
        """What sight between two cells needs whatever stands around: OPEN when adjacent, a wall
        Sight when a wall is on the centre line, else (rays, the cells they cross, the highest
        standing level among those cells)."""
        board = self.board
        if board.distance(a, t) <= 1:
            out = OPEN
        elif not board.visible(a, t):
            out = WALL
        else:
            rays = self._rays(a, t)
            centre = tuple(sorted({p for _, _, p in rays[self.fan // 2]}))  # see centre_cells
            front = tuple(p for p in centre if board.distance(p, t) == 1)
            cells = frozenset(p for crossings in rays for _, _, p in crossings) | frozenset(centre)
            out = (rays, cells, max((self._stand[p] for p in cells), default=-99), centre, front)
        self._pairs[(a, t)] = out
        return out


_GEOMETRY: dict[tuple, dict] = {}


def centre_cells(table: "SightTable", a: Pos, t: Pos) -> tuple:
    """The hexes the centre-to-centre line passes through or along, as sight uses them: the
    crossings of the fan's middle ray, which runs from centre to centre (its offset across the
    target's hex is exactly zero). Its clipping numbers are whole numbers held exactly in
    floats, so a hex it crosses has a crossing of positive length and one it only touches at a
    corner has none: the same hexes as :func:`centre_line`'s integer test (checked on every
    pair of two boards in the tests)."""
    if table.board.distance(a, t) <= 1:
        return ()
    return tuple(sorted({p for _, _, p in table._rays(a, t)[table.fan // 2]}))


def centre_line(board: Board, a: Pos, t: Pos) -> tuple[tuple, tuple]:
    """The hexes the line from a's centre to t's centre passes: ``(through, along)``, those whose
    inside it crosses and those with an edge it runs along (a's and t's own hexes left out; a hex
    it only touches at a corner is in neither). Exact: integer arithmetic in the grid's frame
    (a separating-axis test per hex), kept per grid shape.

    These are the hexes a figure must stand on to be *on* the line of sight: the book's enemy
    figures block sight, and a target right behind terrain as tall as itself is hidden."""
    table = _GEOMETRY.setdefault(("centre", board.grid.key), {})
    hit = table.get((a, t))
    if hit is None:
        hit = table[(a, t)] = _centre_line(board, a, t)
    return hit


def _centre_line(board: Board, a: Pos, t: Pos) -> tuple[tuple, tuple]:
    centres, offsets, normals, cells = _frame_ints(board)
    grid = board.grid
    pa = np.array(grid.frame_center(board.cell_of(a)), dtype=np.int64)
    pt = np.array(grid.frame_center(board.cell_of(t)), dtype=np.int64)
    d = pt - pa
    nrm = np.array([-d[1], d[0]], dtype=np.int64)
    s0 = int(nrm @ pa)
    proj = centres @ nrm  # (C,)
    op = offsets @ nrm  # (6,)
    inside = (proj + op.min() < s0) & (s0 < proj + op.max())
    for axis in normals:  # the hex's own edge normals: the segment's interval against the hex's
        ends = (int(axis @ pa), int(axis @ pt))
        lo, hi = min(ends), max(ends)
        c = centres @ axis
        o = offsets @ axis
        inside &= (hi > c + o.min()) & (c + o.max() > lo)
    # edges the segment runs along: both corners on its line, overlapping it with positive length
    corners = centres[:, None, :] + offsets[None, :, :]  # (C, 6, 2)
    nxt = np.roll(corners, -1, axis=1)
    rel0, rel1 = corners - pa, nxt - pa
    on0 = d[0] * rel0[..., 1] - d[1] * rel0[..., 0] == 0
    on1 = d[0] * rel1[..., 1] - d[1] * rel1[..., 0] == 0
    a0 = rel0 @ d
    a1 = rel1 @ d
    length = int(d @ d)
    overlap = np.maximum(np.minimum(a0, a1), 0) < np.minimum(np.maximum(a0, a1), length)
    along = (on0 & on1 & overlap).any(axis=1)
    ends = {a, t}
    through = tuple(cells[i] for i in np.flatnonzero(inside).tolist() if cells[i] not in ends)
    beside = tuple(cells[i] for i in np.flatnonzero(along & ~inside).tolist() if cells[i] not in ends)
    return through, beside


def _frame_ints(board: Board):
    """Every cell's centre in the exact integer frame (``board.cells`` order), the corner
    offsets and the three edge normals, as int64 arrays (kept per grid shape)."""
    key = ("ints", board.grid.key)
    hit = _GEOMETRY.get(key)
    if hit is None:
        grid = board.grid
        centres = np.array([grid.frame_center(board.cell_of(p)) for p in board.cells], dtype=np.int64)
        offsets = np.array(grid.corner_offsets, dtype=np.int64)
        normals = []
        for e in range(len(offsets)):
            dx, dy = (offsets[(e + 1) % len(offsets)] - offsets[e]).tolist()
            if not any(-dy * m[1] - dx * m[0] == 0 for m in normals):
                normals.append((-dy, dx))
        hit = _GEOMETRY[key] = (centres, offsets, np.array(normals, dtype=np.int64), board.cells)
    return hit


def _frame_hexes(board: Board):
    """Every cell's centre and corners in the exact frame, in ``board.cells`` order, with inward
    edge normals (for clipping rays against the hexes)."""
    key = ("hexes", board.grid.key)
    hit = _GEOMETRY.get(key)
    if hit is not None:
        return hit
    grid = board.grid
    corners = np.array([grid.frame_corners(board.cell_of(p)) for p in board.cells], dtype=float)  # (C, 6, 2)
    edges = np.roll(corners, -1, axis=1) - corners
    normals = np.stack([-edges[..., 1], edges[..., 0]], axis=-1)  # left normals
    centres = np.array([grid.frame_center(board.cell_of(p)) for p in board.cells], dtype=float)
    # make the normals point inwards
    inward = np.einsum("cek,cek->ce", normals, centres[:, None, :] - corners)
    normals = normals * np.sign(inward)[..., None]
    hit = (corners, normals, centres, {p: i for i, p in enumerate(board.cells)})
    _GEOMETRY[key] = hit
    return hit


def _ray_crossings(board: Board, a: Pos, t: Pos, fan: int) -> tuple:
    """For each of ``fan`` rays from a's centre to points spread across t's hex (perpendicular to
    the line of sight, in the exact frame), the (t_enter, t_leave, pos) of every other hex it
    passes through, clipped exactly (Cyrus-Beck); a ray that only touches an edge or corner does
    not cross."""
    return _ray_crossings_many(board, [(a, t)], fan)[0]


#: Pairs clipped together in one batch of :func:`_ray_crossings_many` (bounds its arrays' size).
BATCH = 256
#: Slack on the test that picks the hexes a ray may cross (frame units, far above rounding).
NEAR_SLACK = 1e-6


def _ray_crossings_many(board: Board, pairs: list, fan: int) -> list[tuple]:
    """:func:`_ray_crossings` of many ``(a, t)`` pairs at once, in their order.

    A battle asks for the geometry of new pairs a few dozen at a time, and each ray crosses only
    a handful of the board's hexes; so the rays of all the pairs are made together, each ray
    is tested against every hex centre with a cheap bound (a hex lies within its radius,
    centre to farthest corner, of its centre: a ray whose line passes farther away, or that
    ends before it or starts after it, cannot cross it), and only the hexes left are clipped.
    Every number that reaches the result is made by the same elementwise operations on the same
    numbers as when one pair was clipped against the hexes around it, so the floats are the
    same to the last bit: the fan's half-width pair by pair with numpy's own product, the fan's
    offsets as ``np.linspace`` makes them, and each hex's clipping edge by edge.
    """
    out: list[tuple] = []
    for first in range(0, len(pairs), BATCH):
        out += _clip_batch(board, pairs[first:first + BATCH], fan)
    return out


def _clip_batch(board: Board, pairs: list, fan: int) -> list[tuple]:
    all_corners, all_normals, centres, index = _frame_hexes(board)
    ia = np.array([index[a] for a, _ in pairs])
    it = np.array([index[t] for _, t in pairs])
    pa, pt = centres[ia], centres[it]  # (P, 2)
    d = pt - pa
    perp = np.empty_like(d)
    reach = np.empty(len(pairs))
    for k in range(len(pairs)):
        dk = d[k]
        perp[k] = pk = np.array([-dk[1], dk[0]]) / math.hypot(*dk)
        reach[k] = max(abs(x) for x in ((all_corners[it[k]] - pt[k]) @ pk).tolist())
    # np.linspace(-reach, reach, fan + 2)[1:-1] * 0.999, written out row-wise (the same steps)
    step = (reach - (-reach)) / (fan + 1)
    offsets = (np.arange(fan + 2, dtype=float)[1:-1][None, :] * step[:, None] + (-reach)[:, None]) * 0.999  # (P, F)
    ends = pt[:, None, :] + offsets[:, :, None] * perp[:, None, :]  # (P, F, 2)
    dirs = ends - pa[:, None, :]  # (P, F, 2)
    # which (pair, ray, hex) may cross: the hex centre within the radius (plus slack) of the
    # ray's line, and between the ray's ends widened by the radius; never a's or t's own hex
    radius = _frame_radius(board) + NEAR_SLACK
    rel = centres[None, None, :, :] - pa[:, None, None, :]  # (P, 1, C, 2)
    dx, dy = dirs[..., 0][..., None], dirs[..., 1][..., None]  # (P, F, 1)
    length = np.sqrt(dx * dx + dy * dy)
    side = np.abs(rel[..., 0] * dy - rel[..., 1] * dx)  # distance to the line x length
    along = rel[..., 0] * dx + rel[..., 1] * dy  # position along the ray x length
    maybe = (side <= radius * length) & (along >= -radius * length) & (along <= length * length + radius * length)
    maybe[np.arange(len(pairs)), :, ia] = False
    maybe[np.arange(len(pairs)), :, it] = False
    p, f, c = np.nonzero(maybe)
    normals, corners = all_normals[c], all_corners[c]  # (K, 6, 2)
    # each edge's normal dotted with (a - corner) and with the ray: two products and a sum
    back, ray = pa[p][:, None, :] - corners, dirs[p, f][:, None, :]
    num = normals[..., 0] * back[..., 0] + normals[..., 1] * back[..., 1]  # (K, 6)
    den = normals[..., 0] * ray[..., 0] + normals[..., 1] * ray[..., 1]  # (K, 6)
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = -num / den
    enter = np.where(den > 0, bound, -np.inf).max(axis=1)
    leave = np.where(den < 0, bound, np.inf).min(axis=1)
    parallel_out = ((den == 0) & (num < 0)).any(axis=1)
    t0 = np.maximum(enter, 0.0)
    t1 = np.minimum(leave, 1.0)
    crosses = (t1 - t0 > 1e-9) & ~parallel_out
    cells = board.cells
    found: list[list[list]] = [[[] for _ in range(fan)] for _ in range(len(pairs))]
    for k, j, i, x0, x1 in zip(p[crosses].tolist(), f[crosses].tolist(), c[crosses].tolist(),
                               t0[crosses].tolist(), t1[crosses].tolist()):
        found[k][j].append((x0, x1, cells[i]))
    return [tuple(tuple(sorted(ray)) for ray in rays) for rays in found]


def _frame_radius(board: Board) -> float:
    """The largest distance from a hex's centre to one of its corners, in the exact frame (kept
    per grid shape, like the hexes themselves)."""
    key = ("radius", board.grid.key)
    hit = _GEOMETRY.get(key)
    if hit is None:
        corners, _, centres, _ = _frame_hexes(board)
        rel = corners - centres[:, None, :]
        hit = _GEOMETRY[key] = float(np.sqrt((rel * rel).sum(axis=2)).max())
    return hit


_tables: dict[int, tuple[Board, SightTable]] = {}


def sight_table(board: Board) -> SightTable:
    """The shared :class:`SightTable` of a board (one per board object, like its other tables)."""
    hit = _tables.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_tables) >= 64:
        _tables.clear()
    table = SightTable(board)
    _tables[id(board)] = (board, table)
    return table


def sagaborn_sight(
    board: BoardMap, attacker: Cell, target: Cell, units: dict[Cell, Unit], fan: int = FAN, heights: int = HEIGHTS,
) -> Sight:
    """SagaBorn sight and cover from ``attacker`` to ``target`` on a map file ("col,row" cells).

    ``units`` holds the figure on each occupied cell (both figures' cells must be there); the
    attacker's enemies block, its friends do not.
    """
    grid = board.grid_obj()
    for what, cell in (("attacker", attacker), ("target", target)):
        if not grid.in_bounds(cell):
            raise MapError(f"{what} cell {cell[0]},{cell[1]} is outside the {board.width}x{board.height} board")
        if cell in board.blocked_cells():
            raise MapError(f"{what} cell {cell[0]},{cell[1]} is blocked: no figure stands there")
    if attacker not in units or target not in units:
        raise MapError("both the attacker's and the target's cells must hold a unit")
    play = board_for(board)
    table = sight_table(play) if (fan, heights) == (FAN, HEIGHTS) else SightTable(play, fan, heights)
    me, foe = units[attacker], units[target]
    a, t = play.pos_of_cell(attacker), play.pos_of_cell(target)
    enemies = {play.pos_of_cell(c): u.height for c, u in units.items()
               if c not in (attacker, target) and u.side != me.side}
    seen = table.look(a, t, me.height, foe.height, enemies)
    if not seen.visible and seen.reason.startswith("a wall"):
        from generator.boards.los import blockers

        return Sight(False, 1.0, False, 0, blockers(board, attacker, target, "standard"), seen.reason)
    return Sight(seen.visible, seen.hidden_share, seen.cover, seen.defense_bonus,
                 sorted(play.cell_of(p) for p in seen.blocked_by), seen.reason)


def map_sight(board: BoardMap, a: Cell, b: Cell, height_from: int = 1, height_to: int = 1) -> dict:
    """``skirmish map los`` on a SagaBorn map: sight and cover between two cells, as plain data.

    Two lone figures of the given Heights (1 unless told) stand on the cells; elevation, water and
    walls decide. ``blockers`` are the cells that stop sight rays (walls or terrain).
    """
    units = {a: Unit("viewer", height_from), b: Unit("target", height_to)}
    seen = sagaborn_sight(board, a, b, units)
    return {
        "visible": seen.visible,
        "cover": seen.cover,
        "hidden_share": round(seen.hidden_share, 4),
        "defense_bonus": seen.defense_bonus,
        "blockers": [list(c) for c in seen.blocked_by],
        "levels": {"from": ground_level(board, a), "to": ground_level(board, b)},
        "reason": seen.reason,
    }


def map_sight_text(board: BoardMap, a: Cell, b: Cell, height_from: int = 1, height_to: int = 1) -> str:
    """One line for ``skirmish map los --from A --to B`` on a SagaBorn map."""
    info = map_sight(board, a, b, height_from, height_to)
    pair = f"{a[0]},{a[1]} (level {info['levels']['from']}) -> {b[0]},{b[1]} (level {info['levels']['to']})"
    heights = f"SagaBorn sight, Heights {height_from} and {height_to}"
    where = ", ".join(f"{c[0]},{c[1]}" for c in info["blockers"])
    if not info["visible"]:
        return f"{pair}: hidden by {where or 'terrain'} ({info['reason']}; {heights})"
    if info["cover"]:
        return (f"{pair}: visible, target in cover (+1 defence die): {info['hidden_share']:.0%} hidden by {where} "
                f"({heights})")
    extra = f", {info['hidden_share']:.0%} hidden by {where}" if info["hidden_share"] else ""
    return f"{pair}: visible, no cover{extra} ({heights})"
