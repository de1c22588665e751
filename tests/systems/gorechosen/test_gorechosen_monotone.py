"""Monotone strength: a champion one step stronger in one number beats the champion it was raised
from -- the lower end of its 95% interval above 50%, seats alternating -- for every champion of
every shipped roster, duels and 2v2 (``benchmarks/bench_gorechosen_monotone.py`` plays the cases
and prints the table recorded in docs/players.md; the full suite runs with ``--runslow``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from generator.systems.gorechosen import data
from generator.systems.gorechosen.build import RAISES, can_raise, raised

_BENCH = Path(__file__).resolve().parents[3] / "benchmarks" / "bench_gorechosen_monotone.py"
_spec = importlib.util.spec_from_file_location("bench_gorechosen_monotone", _BENCH)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

CASES = bench.cases()


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[f"{c[0].removesuffix('.yaml')}-{c[1]}-{c[2]}" for c in CASES])
def test_one_step_stronger_beats_the_same_champion(case):
    _, _, label, stronger, force, options = case
    tally = bench.measure(stronger, force, options, seed=31)
    low, _ = tally.interval(0.95)
    assert low > 0.5, f"{label}: {tally.score / tally.games:.3f} over {tally.games} battles, interval from {low:.3f}"


@pytest.mark.parametrize("name, stat", [("Tark Gruelgore", "wounds"), ("Atorg Bloodbringer", "health")])
def test_smoke_a_stronger_champion_wins_in_a_few_hundred_duels(name, stat):
    """The fast check of the default run: two clear raises, 400 duels each."""
    champion = next(c for c in data.book_champions().champions if c.name == name)
    tally = bench.measure([raised(champion, stat)], [champion], {}, seed=31, max_battles=400, looks=(400,))
    assert tally.games == 400 and tally.interval(0.95)[0] > 0.5


def test_the_raises_are_one_step_of_one_number():
    tark = next(c for c in data.book_champions().champions if c.name == "Tark Gruelgore")
    hit, wounds, health = (raised(tark, s) for s in RAISES)
    assert [p.to_hit for p in hit.healthy.profiles.values()] == [2, 3]
    assert [p.to_hit for p in hit.wounded.profiles.values()] == [3, 4]
    assert [p.wounds for p in wounds.healthy.profiles.values()] == [4, 2] and wounds.health == tark.health
    assert health.health.length == tark.health.length + 1 and health.healthy == tark.healthy
    sekra = next(c for c in CASES if c[2].startswith("Sekra"))[4][0]  # her Healthy profile hits on 2+
    assert not can_raise(sekra, "to_hit")
    assert not any(c[2].startswith("Sekra") and "to_hit" in c[2] for c in CASES)
