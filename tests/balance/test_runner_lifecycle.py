"""The battle processes: at most one per core, quiet on Ctrl-C, gone when their parent is."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.balance.runner import Interrupted, Job, LocalRunner, machine_cores
from tests.balance import toy

ROOT = Path(__file__).resolve().parents[2]
needs_two = pytest.mark.skipif(machine_cores() < 2, reason="a pool needs two cores")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


@needs_two
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_battle_processes_end_when_their_parent_is_killed():
    """A parent killed with SIGKILL cannot stop its pool; a worker that only waited on the task
    queue would wait for ever. Each notices within a second and exits."""
    script = (
        "import os, sys, time\n"
        "from generator.balance.runner import LocalRunner\n"
        "runner = LocalRunner(2)\n"
        "runner.start()\n"
        "print(' '.join(str(p) for p in runner._pool._processes), flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    workers = [int(p) for p in done.stdout.split()]
    assert len(workers) == 2 and done.returncode == -9
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in workers)


@needs_two
def test_ctrl_c_is_the_parents_to_handle():
    """A worker ignores SIGINT (the whole process group gets it from the terminal): the parent
    stops the pool and says "interrupted" once, and no worker prints a traceback of its own."""
    with LocalRunner(2) as runner:
        runner.start()
        pids = list(runner._pool._processes)
        for pid in pids:
            os.kill(pid, signal.SIGINT)
        time.sleep(0.3)
        assert all(_alive(pid) for pid in pids)
        job = Job(toy.SYSTEM, toy.force("brute"), toy.force("scout"), {}, 1)
        assert len(runner.run([(job, 0, 20)])) == 20  # still playing


@needs_two
def test_a_stopped_runner_stops_every_search_that_shares_it():
    """The demo runs one search per system in threads over one pool: Ctrl-C in the main thread
    stops the others at their next chunk of battles instead of letting them play on."""
    job = Job(toy.SYSTEM, toy.force("brute", "warrior"), toy.force("scout", "warrior"), {}, 1)
    caught: list[BaseException] = []
    with LocalRunner(2) as runner:
        runner.start()

        def search():
            try:
                runner.run([(job, 0, 200_000)])
            except BaseException as err:  # noqa: BLE001 - what the thread ends with is the point
                caught.append(err)

        thread = threading.Thread(target=search)
        thread.start()
        time.sleep(0.5)
        started = time.monotonic()
        runner.stop()
        thread.join(timeout=30)
        assert not thread.is_alive() and time.monotonic() - started < 10
    assert len(caught) == 1 and isinstance(caught[0], Interrupted) and isinstance(caught[0], KeyboardInterrupt)
