"""The demo job, the tool's main job on built-in defaults: a balanced scenario per system.

For each system with a scenario recipe: a fair map and rules drawn from the decks, two forces the
simulator finds even on that battle, the scenario file, its booklet (with PNG previews of the
first pages), the map and the cards, in ``output/demo/<system>/``; then the book's odds tables
and a reference sheet per system. The searches are lighter than ``skirmish scenario``'s (see
``DEMO_SETTINGS``) so the whole demo takes about a minute on two cores.
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


#: How hard the demo looks for an even battle: one swap away from a mirror match, and a verdict
#: with one look at 1,200 battles (a 95% interval of +-2.8 points).
DEMO_SETTINGS = dict(battles=1200, look_every=1200, swaps=1, screen_battles=120, rounds=1, variants=3, candidates=4)
#: Systems whose battles are quick get 2,000 battles (+-2.2 points); SagaBorn's slow ones 1,000.
DEMO_BATTLES = {"gorechosen": 2000, "bladestorm": 2000, "sagaborn": 1000}
#: Battles per archetype pair (which kinds of force a scenario favours) where they are cheap: 40
#: a pair costs Gorechosen and Bladestorm about 0.2-0.3 s of CPU, but Bladeborn 1.7 s, Warcry
#: 2.4 s and SagaBorn 4.5 s, which the demo's minute has no room for (their booklets say "not
#: measured"; ``skirmish scenario`` plays 200 a pair).
DEMO_ARCHETYPE_BATTLES = {"gorechosen": 40, "bladestorm": 40}
#: The demo's forces per side (smaller than a full game, so the demo stays near a minute).
DEMO_POINTS = {"warcry": 600, "bladeborn": 400, "sagaborn": 250}


def scenarios(out: Path, seed: int, log: Callable[[str], None], systems: list[str] | None = None,
              jobs: int | None = None) -> list[Path]:
    """The main job: one balanced scenario per system with its booklet (and PNG previews of the
    booklet's first pages), each in ``out/<system>/``, and a summary of their balance figures."""
    from generator.dice.rng import Rng
    from generator.layout.pdf import pdf_to_pngs
    from generator.scenarios.generate import Settings, _systems_with_recipes, generate, write_scenario

    written: list[Path] = []
    summary = []
    names = systems or _systems_with_recipes()
    for name in names:
        log(f"{name}: building a balanced scenario")
        made = generate(name, Rng(seed).spawn(name).integers(0, 2**31 - 1), points=DEMO_POINTS.get(name),
                        settings=Settings(**{**DEMO_SETTINGS, "battles": DEMO_BATTLES.get(name, DEMO_SETTINGS["battles"]),
                                             "look_every": DEMO_BATTLES.get(name, DEMO_SETTINGS["look_every"]),
                                             "archetype_battles": DEMO_ARCHETYPE_BATTLES.get(name, 0)}),
                        jobs=jobs, progress=lambda text, _n=name: log(f"{_n}: {text}"))
        files = write_scenario(made, out / name)
        written += files
        booklet = out / name / "booklet.pdf"
        for i, png in enumerate(pdf_to_pngs(booklet.read_bytes(), 60)[:3], start=1):
            written.append(_write_bytes(out / name / f"booklet-p{i}.png", png))
        v = made.verdict.to_json()
        low, high = v["ci95"]
        line = (f"{name}: {made.scenario.title}: {'balanced' if made.balanced else 'NOT balanced'}, A scores "
                f"{v['win_rate_a']:.1%} (95% {low:.1%}-{high:.1%}) over {v['games']} battles, draws {v['draws']}")
        summary.append(line)
        log(line)
    written.append(_write(out / "scenarios.txt", "\n".join(summary) + "\n"))
    return written


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
