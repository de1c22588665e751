"""Many battles of one pairing, on one core, on all cores, or on a Dask cluster, with one answer.

A :class:`Job` is a pairing of two forces (A and B) with the scenario options and a seed. Battle
``i`` of a job is fully decided by ``(job, i)``: it draws from the child stream
``rng.spawn(f"battle-{i}")`` of the job's seed, and A plays from seat ``"a"`` in even battles
and from seat ``"b"`` in odd ones, so every pairing is played from both seats in equal numbers
(who moves first is the game's roll-off, never the seat). The runners only decide *where* a
battle is played, so ``--jobs 1``, ``--jobs 8`` and a cluster give the same tallies.

Battles are shipped in chunks (a range of indices of one job) so the cost of scheduling is paid
per chunk, not per battle; a worker builds the job's two seatings once and keeps them.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
import uuid
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from generator import registry
from generator.dice.rng import Rng
from generator.errors import SkirmishError

#: ``(battle index, winner "A"/"B"/None, battle rounds, the force that set up first "A"/"B"/None)``
Record = tuple[int, "str | None", int, "str | None"]
Progress = Callable[[int], None]  # called with how many battles just finished


@dataclass(frozen=True)
class Job:
    """One pairing of forces: what every battle of it is played with.

    ``system`` is the :class:`generator.systems.base.System` record (it pickles by reference);
    ``options`` are the scenario options ``make_battle`` takes (map, card, variant, twist).
    """

    system: Any
    force_a: Any
    force_b: Any
    options: dict = field(default_factory=dict)
    seed: int = 0
    policy: str = "greedy"       # side A's player
    key: str = field(default_factory=lambda: uuid.uuid4().hex)
    policy_b: str | None = None  # side B's player (None: the same as A's)

    @property
    def players(self) -> tuple[str, str]:
        """Side A's and side B's players (each follows its force when the seats alternate)."""
        return self.policy, self.policy_b or self.policy

    def __reduce__(self):
        # A registered system travels by name (its record may hold closures that do not pickle);
        # any other System record (a test's toy game) travels whole.
        return (_rebuild_job, (_system_token(self.system), self.force_a, self.force_b, self.options, self.seed,
                               self.policy, self.key, self.policy_b))


def _system_token(system: Any) -> Any:
    name = getattr(system, "name", None)
    if name in registry.system_names() and registry.system(name) is system:
        return system.name
    return system


def _rebuild_job(token: Any, force_a, force_b, options, seed, policy, key, policy_b=None) -> Job:
    if isinstance(token, str):
        token = registry.system(token)
    return Job(token, force_a, force_b, options, seed, policy, key, policy_b)


def seat_of_a(index: int) -> str:
    """The seat side A plays from in battle ``index``: alternating, "a" first."""
    return "a" if index % 2 == 0 else "b"


def uses_board(system: Any) -> bool:
    return getattr(system, "game", None) is not None and getattr(system, "make_battle", None) is not None


def check_playable(system: Any) -> None:
    if not uses_board(system) and getattr(system, "fight", None) is None:
        raise SkirmishError(f"{system.title} has no battle simulator yet: it has neither a board game nor a fight")


# -- one battle -----------------------------------------------------------------------------

_SEATINGS: dict[str, Any] = {}  # job key -> prepared seatings, per process


class _Seatings:
    """A job's two battles (A in seat a, A in seat b) and its players, built once per process."""

    def __init__(self, job: Job):
        from generator.play.policies import policy_for

        system = job.system
        self.job = job
        self.board = uses_board(system)
        if self.board:
            self.battles = {
                "a": system.make_battle(job.force_a, job.force_b, dict(job.options)),
                "b": system.make_battle(job.force_b, job.force_a, dict(job.options)),
            }
            known = set(system.policies or {}) | {"random", "search"}
            names = [name if name in known else "random" for name in job.players]
            forces = {force: policy_for(system, name) for force, name in zip("AB", names)}
            # a side's player follows its force: A plays from seat a in even battles, b in odd ones
            self.policies = {"a": {"a": forces["A"], "b": forces["B"]}, "b": {"a": forces["B"], "b": forces["A"]}}

    def play(self, index: int) -> Record:
        job = self.job
        seat = seat_of_a(index)
        rng = Rng(job.seed).spawn(f"battle-{index}")
        if self.board:
            from generator.play.engine import play

            result = play(job.system.game, self.battles[seat], self.policies[seat], rng, keep_log=False)
            winner, rounds = result.winner, result.rounds
            first = None if result.first is None else ("A" if result.first == seat else "B")
        else:
            one, two = (job.force_a, job.force_b) if seat == "a" else (job.force_b, job.force_a)
            winner, rounds = job.system.fight(one, two, rng), 0
            first = None
        if winner not in ("a", "b", None):
            raise SkirmishError(f"{job.system.title}: a battle ended with winner {winner!r}, not 'a', 'b' or none")
        if winner is None:
            return (index, None, rounds, first)
        return (index, "A" if winner == seat else "B", rounds, first)


def play_chunk(job: Job, start: int, stop: int) -> list[Record]:
    """Battles ``start`` to ``stop - 1`` of ``job`` (the unit of work shipped to a worker)."""
    seatings = _SEATINGS.get(job.key)
    if seatings is None:
        if len(_SEATINGS) > 64:
            _SEATINGS.clear()
        seatings = _SEATINGS[job.key] = _Seatings(job)
    return [seatings.play(i) for i in range(start, stop)]


Task = tuple[Job, int, int]


def chunks(tasks: Sequence[Task], size: int) -> list[Task]:
    out: list[Task] = []
    for job, start, stop in tasks:
        for low in range(start, stop, size):
            out.append((job, low, min(stop, low + size)))
    return out


# -- where battles are played ---------------------------------------------------------------


class Runner:
    """Plays battle ranges and returns their records (any order; callers sort by index)."""

    workers: int = 1

    def run_chunks(self, tasks: Sequence[Task], progress: Progress | None = None) -> Iterable[tuple[Task, list[Record]]]:
        """Each chunk of ``tasks`` with its records, as the chunks finish."""
        raise NotImplementedError

    def run(self, tasks: Sequence[Task], progress: Progress | None = None) -> list[Record]:
        return [record for _, part in self.run_chunks(tasks, progress) for record in part]

    def run_tagged(self, tasks: Sequence[Task], progress: Progress | None = None) -> dict[str, list[Record]]:
        """Records grouped by job key, each group sorted by battle index."""
        out: dict[str, list[Record]] = {job.key: [] for job, _, _ in tasks}
        for (job, _, _), part in self.run_chunks(tasks, progress):
            out[job.key] += part
        for records in out.values():
            records.sort(key=lambda record: record[0])
        return out

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says, else all)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def check_jobs(jobs: int | None) -> int:
    """Local processes to play on: all cores by default, never more than the cores (64
    processes for 10 battles on 2 cores only queue and cost memory; the tallies are the same
    with any number, so capping changes no result)."""
    if jobs is None:
        return machine_cores()
    if jobs < 1:
        raise SkirmishError(f"--jobs: {jobs} is below 1; give how many processes to use (1 or more)")
    return min(jobs, machine_cores())


class Interrupted(KeyboardInterrupt):
    """Raised in a search that shares a runner which was stopped (Ctrl-C in another thread)."""


#: How often a battle process looks whether its parent is still there (seconds).
PARENT_POLL = 0.5


def _worker_start(parent: int) -> None:
    """Every battle process, once: Ctrl-C is its parent's to handle (the parent stops the pool
    and exits 130; a worker with a traceback of its own would only clutter the terminal), and
    it ends when its parent does, however the parent ended (a kill -9 gives it no chance to
    stop the pool). A thread polling the parent's pid is used rather than Linux's
    PR_SET_PDEATHSIG, which fires when the *thread* that started the worker ends (the demo
    starts searches in threads), and which macOS has not."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class LocalRunner(Runner):
    """Battles in this process (``jobs=1``) or in a pool of ``jobs`` local processes.

    :meth:`stop` (from any thread) makes every search using the runner raise
    :class:`Interrupted` at its next chunk of battles, so Ctrl-C stops searches running in
    other threads within a fraction of a second."""

    def __init__(self, jobs: int | None = None):
        import threading

        self.workers = check_jobs(jobs)
        self._pool: ProcessPoolExecutor | None = None
        self._stopped = threading.Event()

    def stop(self) -> None:
        self._stopped.set()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def _check(self) -> None:
        if self._stopped.is_set():
            raise Interrupted()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("fork" if "fork" in methods else None)
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                             initializer=_worker_start, initargs=(os.getpid(),))
        return self._pool

    def start(self) -> None:
        """Start every worker process now. Forking a process whose other threads hold locks can
        leave the child stuck, so a caller that will share this runner between threads starts
        it before starting them."""
        if self.workers == 1:
            return
        pool = self._executor()
        for future in [pool.submit(time.sleep, 0.05) for _ in range(self.workers)]:
            future.result()

    def run_chunks(self, tasks: Sequence[Task], progress: Progress | None = None):
        total = sum(stop - start for _, start, stop in tasks)
        if self.workers == 1 or total <= 4:
            for task in chunks(tasks, 10):
                self._check()
                part = play_chunk(*task)
                if progress:
                    progress(len(part))
                yield task, part
            return
        self._check()
        size = max(2, min(50, math.ceil(total / (self.workers * 4))))
        pieces = chunks(tasks, size)
        futures = {self._executor().submit(play_chunk, *task): task for task in pieces}
        pending = set(futures)
        try:
            while pending:
                done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                self._check()
                for future in done:
                    part = future.result()
                    if progress:
                        progress(len(part))
                    yield futures[future], part
        finally:
            for future in futures:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class DaskRunner(Runner):
    """Battles on a Dask distributed cluster: ``address`` of a running scheduler, or a ``Client``.

    Chunks are large (a few per worker and task) so scheduling costs little next to the battles.
    """

    CONNECT_SECONDS = 3

    def __init__(self, address: Any):
        try:
            from distributed import Client
        except ImportError:
            raise SkirmishError("--scheduler needs Dask distributed: pip install 'skirmish[cluster]'") from None
        self._own = not isinstance(address, Client)
        if self._own:
            try:
                self.client = Client(str(address), timeout=f"{self.CONNECT_SECONDS}s", set_as_default=False)
            except (OSError, TimeoutError, ValueError) as err:
                reason = str(err).splitlines()[0] if str(err) else type(err).__name__
                raise SkirmishError(f"--scheduler {address}: no Dask scheduler answered within "
                                    f"{self.CONNECT_SECONDS} s ({reason[:120]})") from None
        else:
            self.client = address
        info = self.client.scheduler_info()
        self.workers = max(1, sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()))

    def run_chunks(self, tasks: Sequence[Task], progress: Progress | None = None):
        from distributed import as_completed as dask_completed

        total = sum(stop - start for _, start, stop in tasks)
        size = max(10, math.ceil(total / (self.workers * 2)))
        futures = {}
        for task in chunks(tasks, size):
            futures[self.client.submit(play_chunk, *task, pure=False)] = task
        for future in dask_completed(list(futures), loop=self.client.loop):
            try:
                part = future.result()
            except SkirmishError:
                raise
            except Exception as err:  # the cluster's environment, not the user's input
                first = str(err).splitlines()[0] if str(err) else type(err).__name__
                raise SkirmishError(f"--scheduler: the cluster could not play the battles ({first}); install the "
                                    "same skirmish on the scheduler and every worker (docs/balance.md)") from None
            if progress:
                progress(len(part))
            yield futures[future], part

    def close(self) -> None:
        if self._own:
            self.client.close()


def make_runner(jobs: int | None = None, scheduler: Any = None) -> Runner:
    """A Dask runner when a scheduler is given, local processes otherwise."""
    if scheduler is not None:
        return DaskRunner(scheduler)
    return LocalRunner(jobs)


def run_sorted(runner: Runner, tasks: Iterable[Task], progress: Progress | None = None) -> list[Record]:
    return sorted(runner.run(list(tasks), progress), key=lambda record: record[0])
