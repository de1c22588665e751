"""How long ``skirmish --help`` takes to start: the median of several runs, and what it imports.

Every command's ``--help`` (and a typo's error) waits for the start-up, so the commands import
the heavy libraries (numpy, shapely, reportlab, pydantic models, the rules cores) inside the
command functions, not when the command line is built. This script runs the help in fresh
processes, prints the median wall time, then the slowest imports by ``python -X importtime``.

    python benchmarks/bench_startup.py                 # python -m generator --help, 7 runs (--count)
    python benchmarks/bench_startup.py --count 15 --top 25
    python benchmarks/bench_startup.py --root /path/to/other/checkout   # the same on other code
    python benchmarks/bench_startup.py -- scenario --help               # another command line
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_once(root: Path, args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=root, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"python -m generator {' '.join(args)} failed (exit {done.returncode}): {done.stderr[-500:]}")
    return elapsed


def top_imports(root: Path, args: list[str], top: int) -> list[tuple[int, int, str]]:
    """(cumulative us, self us, module) of the ``top`` slowest imports, by cumulative time."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "generator", *args], cwd=root,
                          capture_output=True, text=True)
    rows = []
    for line in done.stderr.splitlines():
        found = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if found:
            rows.append((int(found.group(2)), int(found.group(1)), found.group(3)[1:] + found.group(4)))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=7, help="fresh processes to time (the median is reported)")
    parser.add_argument("--top", type=int, default=15, help="how many of the slowest imports to list")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to run (default: this one)")
    parser.add_argument("command", nargs="*", default=["--help"], help="the command line (default: --help)")
    opts = parser.parse_args()
    run_once(opts.root, opts.command)  # warm the file cache and the byte-code
    times = [run_once(opts.root, opts.command) for _ in range(opts.count)]
    print(f"python -m generator {' '.join(opts.command)}: median {statistics.median(times):.3f} s "
          f"(min {min(times):.3f}, max {max(times):.3f}, {opts.count} runs)")
    print(f"slowest imports (cumulative, self; microseconds), python -X importtime:")
    for cumulative, own, name in top_imports(opts.root, opts.command, opts.top):
        print(f"  {cumulative:>9,} {own:>9,}  {name}")


if __name__ == "__main__":
    main()
