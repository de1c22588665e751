"""How long the main job takes: ``skirmish demo`` timed, seed by seed.

    python benchmarks/bench_demo.py [--seeds 1,2,3] [--jobs J] [--out DIR]

Runs the demo (every system's balanced scenario with its booklet, the odds tables and the
reference sheets) once per seed into a fresh folder and prints the wall-clock and CPU time of
each run (CPU counts this process and its worker processes), when each system's scenario was
ready, and whether it came out balanced. The demo should take a few minutes at most on a 2-core
machine; measure with nothing else running.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.demo import run_demo  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the demo's worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2,3", help="comma-separated demo seeds")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--out", type=Path, default=None, help="keep the demos here (default: a temporary folder)")
    args = parser.parse_args()
    for seed in (int(s) for s in args.seeds.split(",")):
        with tempfile.TemporaryDirectory() as scratch:
            out = (args.out or Path(scratch)) / f"demo-{seed}"
            ready: list[str] = []
            started, cpu = time.perf_counter(), cpu_seconds()

            def log(line: str, _t0: float = started) -> None:
                if " A scores " in line:  # a system's summary line: its scenario is written
                    ready.append(f"{time.perf_counter() - _t0:5.1f} s  {line}")

            run_demo(out, seed=seed, log=log, jobs=args.jobs)
            wall, used = time.perf_counter() - started, cpu_seconds() - cpu
        print(f"seed {seed}: {wall:.1f} s wall clock, {used:.0f} s of CPU", flush=True)
        for line in ready:
            print(f"  {line}")


if __name__ == "__main__":
    main()
