"""SagaBorn sight and cover: eyes, bodies, terrain levels and enemy figures on the hex board.

The rulebook: a unit must see the foe it attacks; adjacent units always see each other. A wall
between the two hides the target; so does terrain at least as tall as the target; friendly
figures never block sight, enemy figures do. A target half or more hidden has *cover* (one more
defence die).

How we measure "part of the body" (the book is a tabletop rule; this is our exact reading):

* A wall (a blocked cell, a closed door) on the centre-to-centre line hides the target; that is
  the board's own exact line-of-sight table (:meth:`generator.play.board.Board.visible`).
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


OPEN = Sight(True, 0.0, False, 0)


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
        # ray geometry depends on the grid shape only, so boards of one shape share it
        self._geometry = _GEOMETRY.setdefault((board.grid.key, fan), {})
        self._terrain: dict[tuple, Sight] = {}
        self._pairs: dict[tuple, object] = {}
        self._plain: dict[tuple, tuple] = {}
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
        rays, crossed, highest = pair
        stand = self._stand
        eye = stand[a] + eye_height
        feet = stand[t]
        relevant = ()
        if enemies:
            relevant = tuple(sorted((p, h) for p, h in enemies.items() if p in crossed))
        # every ray stays above this height (eyes at one end, the body's lowest point at the other)
        low_bound = min(eye, feet + self._zs[0] * target_height)
        if not relevant and highest < low_bound:
            return OPEN
        key = (a, t, eye_height, target_height, relevant)
        hit = self._terrain.get(key)
        if hit is not None:
            return hit
        tall = dict(relevant)
        stopped = 0
        total = 0
        by: set[Pos] = set()
        for crossings in rays:
            tops = []
            for t0, t1, p in crossings:
                h = stand[p] + tall.get(p, 0)
                if h >= low_bound:
                    tops.append((t0, t1, h, p))
            for z in self._zs:
                total += 1
                zz = feet + z * target_height
                for t0, t1, h, p in tops:
                    low = min(eye + (zz - eye) * t0, eye + (zz - eye) * t1)
                    if h >= low:
                        stopped += 1
                        by.add(p)
                        break
        share = stopped / total if total else 0.0
        if stopped == total:
            result = Sight(False, 1.0, False, 0, sorted(by), "hidden behind terrain or enemies at least as tall")
        else:
            bonus = cover_dice(share)
            result = Sight(True, share, bool(bonus), bonus, sorted(by))
        if len(self._terrain) > 200_000:
            self._terrain.clear()
        self._terrain[key] = result
        return result

    def _pair(self, a: Pos, t: Pos):
        """What sight between two cells needs whatever stands around: OPEN when adjacent, a wall
        Sight when a wall is on the centre line, else (rays, the cells they cross, the highest
        standing level among those cells)."""
        board = self.board
        if board.distance(a, t) <= 1:
            out = OPEN
        elif not board.visible(a, t):
            out = Sight(False, 1.0, False, 0, [], "a wall (blocked hex) is in the way")
        else:
            rays = self._rays(a, t)
            cells = frozenset(p for crossings in rays for _, _, p in crossings)
            out = (rays, cells, max((self._stand[p] for p in cells), default=-99))
        self._pairs[(a, t)] = out
        return out


_GEOMETRY: dict[tuple, dict] = {}


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
    all_corners, all_normals, centres, index = _frame_hexes(board)
    pa, pt = centres[index[a]], centres[index[t]]
    d = pt - pa
    perp = np.array([-d[1], d[0]]) / math.hypot(*d)
    reach = float(np.max(np.abs((all_corners[index[t]] - pt) @ perp)))
    offsets = np.linspace(-reach, reach, fan + 2)[1:-1] * 0.999
    ends = pt[None, :] + offsets[:, None] * perp[None, :]  # (F, 2)
    dirs = ends - pa  # (F, 2)
    # only hexes near the segment can be crossed: clip those (a box around a and t's hex, widened
    # by a hex's reach), not the whole board; the arithmetic per hex is unchanged
    span = np.abs(all_corners[index[t]] - pt).max(axis=0) * 2
    low, high = np.minimum(pa, pt) - span, np.maximum(pa, pt) + span
    near = np.flatnonzero(((centres >= low) & (centres <= high)).all(axis=1))
    corners, normals = all_corners[near], all_normals[near]
    num = np.einsum("cek,cek->ce", normals, pa[None, None, :] - corners)  # (C, 6)
    den = np.einsum("cek,fk->fce", normals, dirs)  # (F, C, 6)
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = -num[None, :, :] / den
    enter = np.where(den > 0, bound, -np.inf).max(axis=2)
    leave = np.where(den < 0, bound, np.inf).min(axis=2)
    parallel_out = ((den == 0) & (num[None, :, :] < 0)).any(axis=2)
    t0 = np.maximum(enter, 0.0)
    t1 = np.minimum(leave, 1.0)
    crosses = (t1 - t0 > 1e-9) & ~parallel_out
    crosses &= (near != index[a]) & (near != index[t])
    cells = [board.cells[i] for i in near]
    rays = []
    for f in range(len(offsets)):
        idx = np.flatnonzero(crosses[f])
        rays.append(tuple(sorted((float(t0[f, i]), float(t1[f, i]), cells[i]) for i in idx)))
    return tuple(rays)


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
