"""The demo job, the tool's main job on built-in defaults: a balanced scenario per system.

For each system with a scenario recipe: a fair map and rules drawn from the decks, two forces the
simulator finds even on that battle, the scenario file, its booklet (with PNG previews of the
first pages), the map and the cards, in ``output/demo/<system>/``; then the book's odds tables
and a reference sheet per system. The searches are lighter than ``skirmish scenario``'s (see
:func:`demo_settings`) so the whole demo takes a few minutes at most on two cores.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from generator.dice import bladestorm


def _write(path: Path, text: str) -> Path:
    from generator.files import write_atomic

    write_atomic(path, text)
    return path


def odds_tables(out: Path) -> list[Path]:
    """The book's Warriors of Ash match-ups as exact odds (JSON and a readable text table)."""
    matchups = [
        ("Sea-Troll vs Montu", "3D6+4", 7, "High+2", 10),
        ("Montu vs Sea-Troll", "3D6-1", 10, "High+2", 51),
        ("Argh vs Sea-Troll", "3D6-2", 10, "High+2", 51),
        ("Cro vs Sea-Troll", "2D6+D10+3", 10, "High+Low+2", 51),
    ]
    rows = []
    lines = [f"{'match-up':<22} {'attack':<11} {'def':>3} {'damage':<11} {'hit':>7} {'avg dmg':>8}"]
    for title, attack, defense, damage, endurance in matchups:
        odds = bladestorm.attack_odds(attack, defense, damage)
        rows.append({"matchup": title, "attack": attack, "defense": defense, "damage": damage} | odds.to_json(endurance))
        lines.append(f"{title:<22} {attack:<11} {defense:>3} {damage:<11} {float(odds.hit_probability):>7.1%} {float(odds.expected_damage):>8.2f}")
    return [
        _write(out / "odds-warriors-of-ash.json", json.dumps(rows, indent=2)),
        _write(out / "odds-warriors-of-ash.txt", "\n".join(lines) + "\n"),
    ]


def reference_sheets(out: Path) -> list[Path]:
    """A quick-reference sheet per system, charts drawn from the exact odds."""
    from generator.layout.reference import write_reference
    from generator.layout.sizes import page_size
    from generator.systems import SYSTEM_NAMES

    written = []
    for system in SYSTEM_NAMES:
        target = out / "reference" / f"{system}-reference.pdf"
        write_reference(system, page_size("a4"), target, None)
        written.append(target)
    return written


#: The demo's forces per side (smaller than a full game, so the demo stays near a minute or two).
DEMO_POINTS = {"warcry": 600, "bladeborn": 400, "sagaborn": 250}
#: Battles per archetype pair (which kinds of force a scenario favours) where they are cheap;
#: elsewhere the booklets say "not measured" (``skirmish scenario`` plays 200 a pair).
DEMO_ARCHETYPE_BATTLES = {"gorechosen": 40, "bladestorm": 40}
#: Scenarios drawn per system until one is balanced: a player handed a battle the search could
#: not even out would draw another, and so does the demo (once; the second is kept either way,
#: and its booklet says whether it is balanced).
DEMO_DRAWS = 2
#: The systems, longest demo first: the searches all start at once, and the longest one's
#: battles are queued first.
DEMO_ORDER = ("warcry", "sagaborn", "bladeborn", "bladestorm", "gorechosen")


def demo_settings(name: str, **changes):
    """The demo's search settings for one system (``changes`` override any of them): six fresh
    opponents screened in 200 battles each rather than eight in 240, and the scenario's own
    verdict plan (up to 4,000 battles, ten looks). A table without an even opponent is not
    drawn again inside the search: the demo draws a whole new scenario instead (``DEMO_DRAWS``)."""
    from generator.balance.opponent import Settings as OpponentSettings
    from generator.scenarios.generate import Settings

    opponent = OpponentSettings(candidates=6, screen_battles=200, knob_battles=400)
    return Settings(**{"opponent": opponent, "lively_tries": 3, "screen_battles": 120, "redraw_uneven": False,
                       "archetype_battles": DEMO_ARCHETYPE_BATTLES.get(name, 0), **changes})


def one_scenario(out: Path, seed: int, name: str, log: Callable[[str], None], jobs: int = 1,
                 runner=None, writing=None) -> tuple[list[Path], str]:
    """The demo's scenario for one system, its files and its booklet's PNG previews in
    ``out/<name>/``: returns the files written and the summary line. Its battles are played in
    ``jobs`` processes, or by ``runner`` when given (a pool shared with other systems); the
    scenario is the same either way. ``writing``, when given, is a lock held while the files are
    rendered (the PDF and PNG libraries are not safe to use from two threads at once)."""
    from contextlib import nullcontext

    from generator.dice.rng import Rng
    from generator.layout.pdf import pdf_to_pngs
    from generator.layout.scenario_folder import write_scenario
    from generator.scenarios.generate import generate

    log(f"{name}: building a balanced scenario")
    for draw in range(DEMO_DRAWS):
        stream = Rng(seed).spawn(name if draw == 0 else f"{name} draw {draw + 1}")
        made = generate(name, stream.integers(0, 2**31 - 1), points=DEMO_POINTS.get(name), settings=demo_settings(name),
                        jobs=jobs, runner=runner, progress=lambda text: log(f"{name}: {text}"))
        if made.balanced:
            break
        if draw + 1 < DEMO_DRAWS:
            log(f"{name}: no even forces found for {made.scenario.title} "
                f"(closest {made.verdict.to_json()['win_rate_a']:.1%}): drawing another scenario")
    with writing or nullcontext():
        if getattr(runner, "stopped", False):  # Ctrl-C while this search ran: write nothing more
            from generator.balance.runner import Interrupted

            raise Interrupted()
        files = write_scenario(made, out / name)
        booklet = out / name / "booklet.pdf"
        for i, png in enumerate(pdf_to_pngs(booklet.read_bytes(), 60)[:3], start=1):
            files.append(_write_bytes(out / name / f"booklet-p{i}.png", png))
    v = made.verdict.to_json()
    low, high = v["ci95"]
    line = (f"{name}: {made.scenario.title}: {'balanced' if made.balanced else 'NOT balanced'}, A scores "
            f"{v['win_rate_a']:.1%} (95% {low:.1%}-{high:.1%}) over {v['games']} battles, draws {v['draws']}")
    log(line)
    return files, line


def scenarios(out: Path, seed: int, log: Callable[[str], None], systems: list[str] | None = None,
              jobs: int | None = None) -> list[Path]:
    """The main job: one balanced scenario per system with its booklet (and PNG previews of the
    booklet's first pages), each in ``out/<system>/``, and a summary of their balance figures.

    With more than one job every system's search runs at once, each in a thread of this
    process, and all their battles go to one pool of ``jobs`` processes: one search alone leaves
    the cores idle between its short screens, and systems built one after another (or a few
    at a time) leave a core idle at the end. Each system's scenario depends on the seed alone,
    so the files are the same whatever ``jobs``."""
    from generator.balance.runner import check_jobs
    from generator.scenarios.generate import _systems_with_recipes

    names = systems or _systems_with_recipes()
    jobs = check_jobs(jobs)
    results: dict[str, tuple[list[Path], str]] = {}
    if jobs == 1 or len(names) == 1:
        for name in names:
            results[name] = one_scenario(out, seed, name, log, jobs)
    else:
        results = _side_by_side(out, seed, names, jobs, log)
    written: list[Path] = []
    for name in names:
        written += results[name][0]
    summary = [results[name][1] for name in names]
    written.append(_write(out / "scenarios.txt", "\n".join(summary) + "\n"))
    return written


def _side_by_side(out: Path, seed: int, names: list[str], jobs: int, log) -> dict:
    """:func:`one_scenario` for every system at once, in threads sharing one pool of ``jobs``
    processes (longest search first, so its battles are queued first), passing their progress
    lines on to ``log`` from this thread as they come."""
    import threading
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
    from queue import Empty, Queue

    from generator.balance.runner import LocalRunner

    order = sorted(names, key=lambda n: DEMO_ORDER.index(n) if n in DEMO_ORDER else len(DEMO_ORDER))
    lines: Queue = Queue()
    writing = threading.Lock()

    def drain() -> None:
        while True:
            try:
                log(lines.get_nowait())
            except Empty:
                return

    runner = LocalRunner(jobs)
    try:
        runner.start()  # the worker processes exist before any thread does
        with ThreadPoolExecutor(max_workers=len(order)) as threads:
            futures = {threads.submit(one_scenario, out, seed, name, lines.put, 1, runner, writing): name
                       for name in order}
            pending = set(futures)
            try:
                while pending:
                    done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                    drain()
                    for future in done:
                        future.result()  # a search's error is raised here
            except BaseException:
                # Ctrl-C (or one search's error): every other search stops at its next chunk of
                # battles and writes nothing, so leaving the `with` (which waits for the threads)
                # takes a moment, not the rest of the demo
                runner.stop()
                raise
            finally:
                for future in pending:
                    future.cancel()
            drain()
            return {futures[f]: f.result() for f in futures}
    finally:
        runner.close()


def _write_bytes(path: Path, data: bytes) -> Path:
    from generator.files import write_atomic

    write_atomic(path, data)
    return path


def run_demo(out: Path, seed: int = 1, log: Callable[[str], None] = print, jobs: int | None = None,
             systems: list[str] | None = None) -> list[Path]:
    """Write the demo into ``out``: a balanced scenario and booklet per system, the book's odds
    tables and a reference sheet per system."""
    from generator.files import ensure_folder

    out = ensure_folder(out, "--out")
    written: list[Path] = []
    written += scenarios(out, seed, log, systems, jobs)
    written += odds_tables(out)
    written += reference_sheets(out)
    return written
