"""Generated maps per second, per system and symmetry.

Each map is the full pipeline of `skirmish map generate`: layout, zones, objectives, clustered
terrain, connectivity repair and the fairness report (all-pairs line of sight over the board
through boards-core's cached line-cell incidence table), repeated for rejected candidates.
The first map of each board shape pays for the incidence table (or loads it from the disk
cache); it is timed separately as "first".

Run:  python benchmarks/bench_mapgen.py [--count 40] [--system bladeborn --system sagaborn] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.boards import fairness  # noqa: E402
from generator.boards.mapgen import generate_map, load_params  # noqa: E402

SIZES = {"gorechosen": {"rotational": "12x9"}}


def bench(system: str, symmetry: str, maps: int) -> dict:
    size = SIZES.get(system, {}).get(symmetry)
    t0 = time.perf_counter()
    generate_map(system, size=size, seed=10_000, symmetry=symmetry)
    first = time.perf_counter() - t0

    # time spent in the fairness report (LOS + distances) versus the rest
    report_time = 0.0
    real = fairness.fairness_report

    def timed(board, rule="standard", all_pairs=None):
        nonlocal report_time
        s = time.perf_counter()
        try:
            return real(board, rule, all_pairs)
        finally:
            report_time += time.perf_counter() - s

    fairness.fairness_report = timed
    try:
        times, candidates = [], 0
        for seed in range(maps):
            s = time.perf_counter()
            gen = generate_map(system, size=size, seed=seed, symmetry=symmetry)
            times.append(time.perf_counter() - s)
            candidates += gen.attempts
    finally:
        fairness.fairness_report = real
    total = sum(times)
    params = load_params(system)
    return {
        "system": system,
        "symmetry": symmetry,
        "size": size or "x".join(map(str, params.size)),
        "maps": maps,
        "maps_per_second": round(maps / total, 1),
        "ms_per_map_median": round(1000 * statistics.median(times), 2),
        "candidates_per_map": round(candidates / maps, 2),
        "fairness_share": round(report_time / total, 2),
        "first_map_ms": round(1000 * first, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40, help="maps per system and symmetry")
    ap.add_argument("--system", action="append", help="repeat for several (default: all four)")
    ap.add_argument("--symmetry", action="append", help="repeat for several (default: all three)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    systems = args.system or ["bladeborn", "gorechosen", "sagaborn", "bladestorm"]
    symmetries = args.symmetry or ["mirror", "rotational", "none"]
    rows = [bench(s, y, args.count) for s in systems for y in symmetries]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    head = f"{'system':<11}{'symmetry':<11}{'size':<7}{'maps/s':>8}{'ms/map':>8}{'cand/map':>9}{'fair%':>7}{'first ms':>10}"
    print(head)
    for r in rows:
        print(f"{r['system']:<11}{r['symmetry']:<11}{r['size']:<7}{r['maps_per_second']:>8}"
              f"{r['ms_per_map_median']:>8}{r['candidates_per_map']:>9}{100 * r['fairness_share']:>6.0f}%"
              f"{r['first_map_ms']:>10}")


if __name__ == "__main__":
    main()
