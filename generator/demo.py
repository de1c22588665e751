"""The demo job: everything the tool makes, on built-in content, in one folder.

Each step is independent; a step whose part of the tool is missing is skipped with a note, so
the demo always produces what the installed tool can make.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from generator.dice import bladestorm


def _write(path: Path, text: str) -> Path:
    from generator.cli.common import write_atomic

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


def run_demo(out: Path, seed: int = 1, log: Callable[[str], None] = print) -> list[Path]:
    out = Path(out)
    written: list[Path] = []
    written += odds_tables(out)
    return written
