"""Line/cell incidence tables: which cells every centre-to-centre sight line meets, per board size.

Line of sight depends on the layout only through *which* cells are blocked; the geometry (which
cells each sight line crosses, touches, or runs along the seam of) depends only on the grid shape.
So we compute that geometry once per grid shape, exactly, keep it on disk, and evaluate any new
layout with a few array look-ups -- tens of milliseconds for an all-pairs matrix on a 20x28 board,
which is what a map generator testing many candidate boards of one size needs.

Exactness: everything is computed in the grid's integer frame (see
:mod:`generator.boards.hexgrid`) with int64 arithmetic and a separating-axis test, so there is no
rounding at all. For a segment S and a convex cell H:

* S meets the *interior* of H  <=>  on every edge normal of H and on the normal of S, the two
  projection intervals overlap with positive length (strictly);
* S *touches* the closed cell  <=>  the same with non-strict overlap;
* S *runs along* an edge E (a seam when both cells beside E are blocked)  <=>  S and E are
  collinear and overlap with positive length.

For the three rules (see :mod:`generator.boards.los`), a sight line is blocked when:

* ``per-hex``: it meets the interior of a blocked cell;
* ``standard``: that, or it runs along the seam between two blocked cells (the interior of the
  union of blocked cells is exactly the cell interiors plus such seams plus vertices surrounded by
  blocked cells, and a line through such a vertex always enters one of those cells);
* ``strict``: it touches any blocked cell at all.

Tables are stored per cell ("the pairs whose line crosses this cell"), so evaluating a layout
only touches the lists of the blocked cells.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

FORMAT_VERSION = 1
#: Largest grid (in cells) we build a table for; bigger boards use the direct Shapely path.
MAX_CELLS = 1200


def cache_dir() -> Path:
    """Where tables are kept: ``$SKIRMISH_CACHE`` or ``~/.cache/skirmish``, subfolder incidence/."""
    base = os.environ.get("SKIRMISH_CACHE")
    root = Path(base) if base else Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "skirmish"
    return root / "incidence"


class Incidence:
    """The incidence table of one grid shape. Pair ``p`` is ``(i, j)``, ``i < j``, row-major.

    Arrays (cells indexed row-major as in ``grid.cells()``):

    * ``cross_ptr``/``cross_pairs``: for cell c, ``cross_pairs[cross_ptr[c]:cross_ptr[c+1]]`` are
      the pairs whose segment meets c's interior (endpoints' own cells excluded).
    * ``touch_ptr``/``touch_pairs``: pairs whose segment touches c's boundary but not its interior.
    * ``seam_a``, ``seam_b``, ``seam_ptr``/``seam_pairs``: interior edges between cells a and b
      and the pairs running along each.
    """

    def __init__(self, n: int, arrays: dict[str, np.ndarray]):
        self.n = n
        self.npairs = n * (n - 1) // 2
        for k, v in arrays.items():
            setattr(self, k, v)
        iu = np.triu_indices(n, 1)
        self.pair_i = iu[0].astype(np.int32)
        self.pair_j = iu[1].astype(np.int32)
        self._flat_upper = (iu[0] * n + iu[1]).astype(np.int64)

    @staticmethod
    def _mark(out: np.ndarray, ptr: np.ndarray, pairs: np.ndarray, which: np.ndarray) -> None:
        """Set ``out`` True for every pair listed under the keys ``which`` (one slice per key)."""
        for k in which.tolist():
            out[pairs[ptr[k] : ptr[k + 1]]] = True

    def blocked_pairs(self, blocked: np.ndarray, rule: str = "standard") -> np.ndarray:
        """Bool array over pairs: is the sight line blocked, for a bool mask of blocked cells."""
        blocked = np.asarray(blocked, dtype=bool)
        cells = np.flatnonzero(blocked)
        out = np.zeros(self.npairs, dtype=bool)
        self._mark(out, self.cross_ptr, self.cross_pairs, cells)
        if rule == "strict":
            self._mark(out, self.touch_ptr, self.touch_pairs, cells)
        elif rule == "standard" and self.seam_a.size:
            seams = np.flatnonzero(blocked[self.seam_a] & blocked[self.seam_b])
            self._mark(out, self.seam_ptr, self.seam_pairs, seams)
        elif rule not in ("standard", "per-hex", "strict"):
            raise ValueError(f"unknown LOS rule {rule!r}")
        return out

    def matrix(self, blocked: np.ndarray, rule: str = "standard") -> np.ndarray:
        """All-cells N x N visibility (True = visible); rows/cols of blocked cells are meaningless."""
        vis = ~self.blocked_pairs(blocked, rule)
        m = np.zeros((self.n, self.n), dtype=bool)
        m.ravel()[self._flat_upper] = vis
        m |= m.T
        np.fill_diagonal(m, True)
        return m


def _unique_edges(grid, centers: np.ndarray, offsets: np.ndarray):
    """Interior edges as (cell a, cell b, endpoint0, endpoint1), endpoints in the exact frame."""
    k = len(offsets)
    index: dict[tuple, list] = {}
    for c in range(len(centers)):
        cx, cy = centers[c]
        for e in range(k):
            p0 = (int(cx + offsets[e][0]), int(cy + offsets[e][1]))
            p1 = (int(cx + offsets[(e + 1) % k][0]), int(cy + offsets[(e + 1) % k][1]))
            key = (min(p0, p1), max(p0, p1))
            index.setdefault(key, []).append(c)
    a, b, e0, e1 = [], [], [], []
    for (p0, p1), owners in index.items():
        if len(owners) == 2:
            a.append(owners[0])
            b.append(owners[1])
            e0.append(p0)
            e1.append(p1)
    return (
        np.array(a, dtype=np.int32),
        np.array(b, dtype=np.int32),
        np.array(e0, dtype=np.int64).reshape(-1, 2),
        np.array(e1, dtype=np.int64).reshape(-1, 2),
    )


def _cell_normals(offsets):
    """The edge normals of a cell, one per direction (opposite edges share a normal up to sign):
    the separating axes of the touch and interior tests."""
    k = len(offsets)
    normals = []
    for e in range(k):
        dx, dy = offsets[(e + 1) % k] - offsets[e]
        nrm = (-int(dy), int(dx))
        if not any(nrm[0] * m[1] - nrm[1] * m[0] == 0 for m in normals):
            normals.append(nrm)
    return np.array(normals, dtype=np.int64)


def _edge_groups(edir) -> list:
    """Interior edges grouped by direction (a hex grid has three, a square grid two), as
    ``(dx, dy, edge indices)``: only a segment parallel to a group can run along its edges."""
    groups = []
    assigned = np.zeros(len(edir), dtype=bool)
    for k in range(len(edir)):
        if assigned[k]:
            continue
        dx, dy = int(edir[k, 0]), int(edir[k, 1])
        same = (edir[:, 0] * dy - edir[:, 1] * dx == 0) & ~assigned
        assigned |= same
        groups.append((dx, dy, np.flatnonzero(same)))
    return groups


def _seams(d, pi, edge_groups, e0, e1, base: int, seam_pair: list, seam_edge: list) -> None:
    """Add to ``seam_pair``/``seam_edge`` the segments from ``pi`` (along ``d``) that run along an
    interior edge with positive length. Only segments parallel to one of the few edge directions
    can; each is checked against the edges of that direction."""
    for dx, dy, edges in edge_groups:
        par = np.flatnonzero(d[:, 0] * dy - d[:, 1] * dx == 0)
        if par.size == 0:
            continue
        pt = np.repeat(par, edges.size)
        pe = np.tile(edges, par.size)
        dd = d[pt]
        q0 = e0[pe] - pi
        on_line = dd[:, 0] * q0[:, 1] - dd[:, 1] * q0[:, 0] == 0
        pt, pe, dd = pt[on_line], pe[on_line], dd[on_line]
        # positions along d (the segment spans 0 .. |d|^2)
        a0 = ((e0[pe] - pi) * dd).sum(axis=1)
        a1 = ((e1[pe] - pi) * dd).sum(axis=1)
        length = (dd * dd).sum(axis=1)
        lo = np.maximum(np.minimum(a0, a1), 0)
        hi = np.minimum(np.maximum(a0, a1), length)
        ok = lo < hi
        seam_pair.append(base + pt[ok])
        seam_edge.append(pe[ok])


def _by_key(pairs: list, keys: list, nkeys: int):
    """Pair indices grouped by key, CSR style: (pointer per key, pairs in key order)."""
    p = np.concatenate(pairs) if pairs else np.empty(0, np.int64)
    kk = np.concatenate(keys) if keys else np.empty(0, np.int64)
    order = np.argsort(kk, kind="stable")
    ptr = np.zeros(nkeys + 1, dtype=np.int64)
    np.cumsum(np.bincount(kk, minlength=nkeys), out=ptr[1:])
    return ptr, p[order].astype(np.int32)


def build(grid) -> Incidence:
    """Compute the table for ``grid`` exactly (integer arithmetic). A few seconds for 560 cells."""
    centers = grid.frame_centers().astype(np.int64)
    n = len(centers)
    offsets = np.array(grid.corner_offsets, dtype=np.int64)
    normals = _cell_normals(offsets)
    # Projection interval of every cell on every cell normal: centre projection + offset range.
    cproj = centers @ normals.T  # (n, M)
    oproj = offsets @ normals.T  # (k, M)
    hmin = cproj + oproj.min(axis=0)
    hmax = cproj + oproj.max(axis=0)
    ox, oy = offsets[:, 0], offsets[:, 1]

    seam_a, seam_b, e0, e1 = _unique_edges(grid, centers, offsets)
    edge_groups = _edge_groups(e1 - e0)

    cross_pair, cross_cell, touch_pair, touch_cell, seam_pair, seam_edge = [], [], [], [], [], []
    base = 0
    for i in range(n - 1):
        tj = np.arange(i + 1, n)
        t = tj.size
        pi, pj = centers[i], centers[tj]  # (2,), (t, 2)
        # 1) cell normals: cheap broadcast filter
        sp_i = cproj[i]  # (M,)
        sp_j = cproj[tj]  # (t, M)
        smin = np.minimum(sp_i, sp_j)
        smax = np.maximum(sp_i, sp_j)
        d = pj - pi  # (t, 2)
        nx, ny = -d[:, 1], d[:, 0]  # the segment's own normal
        s0 = nx * pi[0] + ny * pi[1]  # (t,) the segment's projection on it (a single value)
        # Offsets' projection range on each segment normal: the same for every cell.
        op = nx[:, None] * ox[None, :] + ny[:, None] * oy[None, :]  # (t, k)
        omin, omax = op.min(axis=1), op.max(axis=1)
        # Touch test on all axes at once, (t, n) broadcast: closed overlap everywhere.
        proj = nx[:, None] * centers[None, :, 0] + ny[:, None] * centers[None, :, 1]
        touch = proj <= (s0 - omin)[:, None]
        touch &= proj >= (s0 - omax)[:, None]
        for m in range(len(normals)):
            touch &= smax[:, m : m + 1] >= hmin[None, :, m]
            touch &= hmax[None, :, m] >= smin[:, m : m + 1]
        touch[np.arange(t), tj] = False
        touch[:, i] = False
        ti, cc = np.nonzero(touch)
        # Interior test (strict overlap on every axis), for the touching candidates only.
        cp = proj[ti, cc]
        s = s0[ti]
        interior = (cp + omin[ti] < s) & (s < cp + omax[ti])
        interior &= ((smax[ti] > hmin[cc]) & (hmax[cc] > smin[ti])).all(axis=1)
        pair = base + ti
        cross_pair.append(pair[interior])
        cross_cell.append(cc[interior])
        touch_pair.append(pair[~interior])
        touch_cell.append(cc[~interior])
        # 3) seams: segments collinear with an interior edge, overlapping it with positive length
        _seams(d, pi, edge_groups, e0, e1, base, seam_pair, seam_edge)
        base += t

    cross_ptr, cross_pairs = _by_key(cross_pair, cross_cell, n)
    touch_ptr, touch_pairs = _by_key(touch_pair, touch_cell, n)
    seam_ptr, seam_pairs = _by_key(seam_pair, seam_edge, len(seam_a))
    return Incidence(
        n,
        dict(
            cross_ptr=cross_ptr,
            cross_pairs=cross_pairs,
            touch_ptr=touch_ptr,
            touch_pairs=touch_pairs,
            seam_a=seam_a,
            seam_b=seam_b,
            seam_ptr=seam_ptr,
            seam_pairs=seam_pairs,
        ),
    )


_ARRAYS = ("cross_ptr", "cross_pairs", "touch_ptr", "touch_pairs", "seam_a", "seam_b", "seam_ptr", "seam_pairs")


def _file_for(grid) -> Path:
    name = "-".join(str(x) for x in grid.key) + f"-v{FORMAT_VERSION}.npz"
    return cache_dir() / name


_memory: dict[tuple, Incidence] = {}


def cached(grid) -> Incidence | None:
    """The table for ``grid`` if it is in memory or on disk (no computing)."""
    key = grid.key
    if key in _memory:
        return _memory[key]
    path = _file_for(grid)
    if path.is_file():
        try:
            with np.load(path) as data:
                arrays = {k: data[k] for k in _ARRAYS}
                n = int(data["n"])
        except Exception:  # a corrupt or partial cache file is simply rebuilt
            return None
        if n == len(grid.cells()):
            _memory[key] = Incidence(n, arrays)
            return _memory[key]
    return None


def get(grid, persist: bool = True) -> Incidence:
    """The table for ``grid``: from memory, else from disk, else built (and saved to disk)."""
    table = cached(grid)
    if table is not None:
        return table
    n = len(grid.cells())
    if n > MAX_CELLS:
        raise ValueError(f"incidence tables are built for boards up to {MAX_CELLS} cells, not {n}")
    table = build(grid)
    _memory[grid.key] = table
    if persist:
        _save(grid, table)
    return table


def _save(grid, table: Incidence) -> None:
    path = _file_for(grid)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, n=np.int64(table.n), **{k: getattr(table, k) for k in _ARRAYS})
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home just means no disk cache


def clear_memory() -> None:
    _memory.clear()
