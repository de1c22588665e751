"""All-pairs line of sight on a 20x28 hex board with 12% blocked: ours vs two plain baselines.

Measured in the same run, on the same layouts, standard rule (touching does not block, seams do):

* ``per-pair loop``: ordinary float coordinates (sqrt(3) centres, corners from cos/sin), union of
  the blocked hexes shrunk by epsilon, ``obstacle.intersects(LineString(...))`` pair by pair;
* ``vectorised baseline``: the same float obstacle, prepared, one vectorised ``intersects``;
* ``ours (shapely)``: :func:`generator.boards.los.visibility_matrix_for`, method "shapely"
  (integer frame, prepared shrunk union, one vectorised call) -- exact;
* ``ours (incidence)``: the per-size incidence table (built once, cached on disk), evaluated for a
  new layout -- what the map generator uses.

Also reports how many sight lines the float baselines get wrong compared with the exact answer,
and how long the incidence table takes to build and to load.

Run: ``python benchmarks/bench_los.py [--boards 5] [--seed 1] [--loop-pairs 20000]``
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.boards import incidence, los  # noqa: E402
from generator.boards.hexgrid import HexGrid  # noqa: E402
from generator.dice.rng import Rng  # noqa: E402

WIDTH, HEIGHT, DENSITY = 20, 28, 0.12


def layout(grid: HexGrid, rng: Rng) -> set:
    cells = grid.cells()
    k = round(DENSITY * len(cells))
    return set(rng.sample(cells, k))


def float_polygon(grid: HexGrid, cell) -> Polygon:
    """The textbook way: centre from the pixel formula, corners from cos/sin (size 1)."""
    q, r = grid.to_axial(cell)
    cx, cy = 1.5 * q, math.sqrt(3) * (r + q / 2)
    return Polygon([(cx + math.cos(math.radians(60 * i)), cy + math.sin(math.radians(60 * i))) for i in range(6)])


def float_centre(grid: HexGrid, cell):
    q, r = grid.to_axial(cell)
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


def float_obstacle(grid, blocked):
    return shapely.unary_union([float_polygon(grid, c) for c in blocked]).buffer(-los.EPS, join_style="mitre")


def baseline_vectorised(grid, blocked):
    cells = [c for c in grid.cells() if c not in blocked]
    n = len(cells)
    obs = float_obstacle(grid, blocked)
    shapely.prepare(obs)
    pts = np.array([float_centre(grid, c) for c in cells])
    iu, ju = np.triu_indices(n, 1)
    hit = shapely.intersects(obs, shapely.linestrings(np.stack([pts[iu], pts[ju]], axis=1)))
    m = np.ones((n, n), dtype=bool)
    m[iu, ju] = ~hit
    m[ju, iu] = ~hit
    return m


def baseline_loop(grid, blocked, limit: int | None):
    """Per-pair loop; with ``limit`` only the first ``limit`` pairs are timed (rate extrapolated)."""
    cells = [c for c in grid.cells() if c not in blocked]
    n = len(cells)
    obs = float_obstacle(grid, blocked)
    pts = [float_centre(grid, c) for c in cells]
    iu, ju = np.triu_indices(n, 1)
    count = len(iu) if limit is None else min(limit, len(iu))
    hits = np.zeros(count, dtype=bool)
    t0 = time.perf_counter()
    for k in range(count):
        hits[k] = obs.intersects(LineString([pts[iu[k]], pts[ju[k]]]))
    return time.perf_counter() - t0, count, len(iu), hits


def best_of(fn, repeat: int):
    best, out = math.inf, None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=5, help="random layouts to time (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--loop-pairs", type=int, default=0,
                    help="time the per-pair loop on this many pairs per board and extrapolate (0 = all pairs)")
    ap.add_argument("--layouts", type=int, default=200, help="new layouts for the incidence throughput test")
    args = ap.parse_args()

    os.environ.setdefault("SKIRMISH_CACHE", tempfile.mkdtemp(prefix="skirmish-bench-"))
    grid = HexGrid("flat", "odd", WIDTH, HEIGHT)
    rng = Rng(args.seed)
    boards = [layout(grid, rng) for _ in range(args.boards)]

    incidence.clear_memory()
    t0 = time.perf_counter()
    incidence.get(grid)  # builds and saves
    t_build = time.perf_counter() - t0
    incidence.clear_memory()
    t0 = time.perf_counter()
    incidence.get(grid)  # loads from disk
    t_load = time.perf_counter() - t0

    rows = {name: [] for name in ("per-pair loop", "vectorised baseline", "ours (shapely)", "ours (incidence)")}
    wrong = {"per-pair loop": 0, "vectorised baseline": 0}
    pairs_total = 0
    for blocked in boards:
        exact_t, exact = best_of(lambda: los.visibility_matrix_for(grid, blocked, "standard", "shapely"), 3)
        inc_t, fast = best_of(lambda: los.visibility_matrix_for(grid, blocked, "standard", "incidence"), 5)
        assert (fast == exact).all(), "incidence table disagrees with the exact Shapely path"
        vec_t, vec = best_of(lambda: baseline_vectorised(grid, blocked), 3)
        loop_t, timed, npairs, loop_hits = baseline_loop(grid, blocked, args.loop_pairs or None)
        loop_t *= npairs / timed
        pairs_total += npairs
        iu = np.triu_indices(len(exact), 1)
        wrong["vectorised baseline"] += int((vec[iu] != exact[iu]).sum())
        # the loop's answers, on the pairs it was timed on
        wrong["per-pair loop"] += int((~loop_hits != exact[iu][:timed]).sum())
        rows["per-pair loop"].append((loop_t, npairs))
        rows["vectorised baseline"].append((vec_t, npairs))
        rows["ours (shapely)"].append((exact_t, npairs))
        rows["ours (incidence)"].append((inc_t, npairs))

    loop_mean = np.mean([t for t, _ in rows["per-pair loop"]])
    vec_mean = np.mean([t for t, _ in rows["vectorised baseline"]])
    print(f"all-pairs LOS, {WIDTH}x{HEIGHT} flat-top hex board, {DENSITY:.0%} blocked, "
          f"{len(boards)} layouts, ~{pairs_total // len(boards)} pairs each, rule standard")
    if args.loop_pairs:
        print(f"(per-pair loop timed on {args.loop_pairs} pairs per board, extrapolated)")
    print(f"{'method':<22}{'ms/board':>10}{'pairs/s':>14}{'vs loop':>9}{'vs vec':>8}{'wrong lines':>13}")
    for name, data in rows.items():
        t = float(np.mean([x for x, _ in data]))
        p = float(np.mean([n for _, n in data]))
        w = wrong.get(name, 0)
        print(f"{name:<22}{t * 1000:>10.1f}{p / t:>14,.0f}{loop_mean / t:>8.1f}x{vec_mean / t:>7.2f}x"
              f"{(f'{w} ({100 * w / pairs_total:.2f}%)' if name in wrong else '0 (exact)'):>13}")
    print(f"incidence table: built in {t_build:.2f} s once per board size, loaded from disk in {t_load * 1000:.0f} ms")

    # Throughput for a map generator: new random layouts on the same size via the table.
    layouts = [layout(grid, rng) for _ in range(args.layouts)]
    t0 = time.perf_counter()
    for blocked in layouts:
        los.visibility_matrix_for(grid, blocked, "standard", "incidence")
    dt = time.perf_counter() - t0
    print(f"new layouts via incidence: {1000 * dt / len(layouts):.1f} ms each, "
          f"{len(layouts) / dt:.0f} all-pairs LOS matrices per second")


if __name__ == "__main__":
    main()
