"""How long ``skirmish --help`` takes to start: the median of several runs, and what it imports.

Every command's ``--help`` (and a typo's error) waits for the start-up, so the commands import
the heavy libraries (numpy, shapely, reportlab, pydantic models, the rules cores) inside the
command functions, not when the command line is built. This script runs the help in fresh
processes, prints the median wall time and the median CPU time (user + system: on a busy
machine the wall time waits for a core, the CPU time is close to what an idle machine's wall time
would be), then the slowest imports by ``python -X importtime``.

Python runs as an installed tool runs: with its byte-code cached (kept in a temporary folder,
``PYTHONPYCACHEPREFIX``, so the checkout stays clean; the first, untimed run writes it).
``--no-bytecode`` times it with every module compiled from source on each start, as under
``PYTHONDONTWRITEBYTECODE=1``.

    python benchmarks/bench_startup.py                 # python -m generator --help, 7 runs (--count)
    python benchmarks/bench_startup.py --count 15 --top 25
    python benchmarks/bench_startup.py --root /path/to/other/checkout   # the same on other code
    python benchmarks/bench_startup.py -- scenario --help               # another command line
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def environment(bytecode: bool, cache: str) -> dict[str, str]:
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_once(root: Path, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one fresh ``python -m generator ARGS``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=root, capture_output=True, text=True,
                          env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"python -m generator {' '.join(args)} failed (exit {done.returncode}): {done.stderr[-500:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def top_imports(root: Path, args: list[str], top: int, env: dict[str, str]) -> list[tuple[int, int, str]]:
    """(cumulative us, self us, module) of the ``top`` slowest imports, by cumulative time."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "generator", *args], cwd=root,
                          capture_output=True, text=True, env=env)
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
    parser.add_argument("--no-bytecode", action="store_true", help="compile every module from source on each start")
    parser.add_argument("command", nargs="*", default=["--help"], help="the command line (default: --help)")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skirmish-pycache-") as cache:
        env = environment(not opts.no_bytecode, cache)
        run_once(opts.root, opts.command, env)  # warm the file cache and write the byte-code
        runs = [run_once(opts.root, opts.command, env) for _ in range(opts.count)]
        slowest = top_imports(opts.root, opts.command, opts.top, env)
    times, cpu = [w for w, _ in runs], [c for _, c in runs]
    print(f"python -m generator {' '.join(opts.command)}: median {statistics.median(times):.3f} s wall "
          f"(min {min(times):.3f}, max {max(times):.3f}), median {statistics.median(cpu):.3f} s CPU, "
          f"{opts.count} runs, {'no byte-code' if opts.no_bytecode else 'byte-code cached'}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print("slowest imports (cumulative, self; microseconds), python -X importtime:")
    for cumulative, own, name in slowest:
        print(f"  {cumulative:>9,} {own:>9,}  {name}")


if __name__ == "__main__":
    main()
