"""When a table gives no even battle, another is drawn, and the nearest even one is kept.

A table is drawn again while it leans towards the side that sets up first, and also while the
opponent search shows that no force is even on it (``Settings.redraw_uneven``): a scenario whose
knob could not even the battle on one map often evens on another. A verdict too short to tell
(its interval still holds 50%) is no such proof, and its table is kept. When no table is even, the scenario
keeps the one whose score came nearest 50% on a fair table. These tests stand in for the tables'
searches, so they say only which table ``_generate`` keeps and when it stops drawing.
"""

from __future__ import annotations

from types import SimpleNamespace

from generator.dice.rng import Rng
from generator.scenarios import generate as gen
from generator.scenarios.generate import Settings


def _table(score: float, balanced: bool, lean_ok: bool = True, half_width: float = 0.02, given_up: bool = False):
    """A table's outcome: its verdict's score, the interval it was read from, and its lean."""
    verdict = SimpleNamespace(balanced=balanced, tally=SimpleNamespace(win_rate_a=score), given_up=given_up,
                              interval=(score - half_width, score + half_width))
    return {"sides": SimpleNamespace(verdict=verdict), "lean_ok": lean_ok}


def _kept(monkeypatch, tables, **settings):
    drawn = []

    def on_table(work, mode, layout, *args, **kwargs):
        drawn.append(layout)
        return dict(tables[layout], layout=layout)

    monkeypatch.setattr(gen, "_on_table", on_table)
    monkeypatch.setattr(gen, "_finish", lambda work, chosen, *args: chosen)
    work = SimpleNamespace(system=SimpleNamespace(name="bladestorm", title="Bladestorm"), keep=(), rng=Rng(1),
                           settings=Settings(layout_tries=3, **settings), say=lambda text: None)
    return gen._generate(work, 400, {}, False, "random")["layout"], drawn


def test_a_table_without_an_even_opponent_is_drawn_again(monkeypatch):
    kept, drawn = _kept(monkeypatch, [_table(0.45, False), _table(0.49, True), _table(0.5, True)])
    assert (kept, drawn) == (1, [0, 1])


def test_the_demo_keeps_its_first_fair_table_and_draws_a_new_scenario_instead(monkeypatch):
    kept, drawn = _kept(monkeypatch, [_table(0.45, False), _table(0.49, True)], redraw_uneven=False)
    assert (kept, drawn) == (0, [0])


def test_with_no_even_table_the_fair_one_nearest_50_percent_is_kept(monkeypatch):
    tables = [_table(0.44, False), _table(0.51, True, lean_ok=False), _table(0.47, False)]
    kept, drawn = _kept(monkeypatch, tables)
    assert (kept, drawn) == (2, [0, 1, 2])


def test_a_table_that_leans_is_drawn_again_though_its_forces_are_even(monkeypatch):
    kept, drawn = _kept(monkeypatch, [_table(0.5, True, lean_ok=False), _table(0.48, True)])
    assert (kept, drawn) == (1, [0, 1])


def test_when_every_table_leans_the_score_nearest_50_percent_is_kept(monkeypatch):
    tables = [_table(0.53, True, lean_ok=False), _table(0.495, True, lean_ok=False), _table(0.48, True, lean_ok=False)]
    kept, drawn = _kept(monkeypatch, tables)
    assert (kept, drawn) == (1, [0, 1, 2])


def test_a_verdict_too_short_to_tell_keeps_its_table(monkeypatch):
    """``--battles 100``: the interval (about 10 points each way) still holds 50%, so another
    table would be judged just as vaguely; the first is kept."""
    kept, drawn = _kept(monkeypatch, [_table(0.46, False, half_width=0.1), _table(0.5, True)])
    assert (kept, drawn) == (0, [0])


def test_a_search_that_gave_up_draws_another_table(monkeypatch):
    tables = [_table(0.47, False, half_width=0.04, given_up=True), _table(0.5, True)]
    kept, drawn = _kept(monkeypatch, tables)
    assert (kept, drawn) == (1, [0, 1])
