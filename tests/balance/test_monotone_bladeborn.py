"""Monotone strength, Bladeborn and Warcry: a warband one step stronger beats the same warband.

For every shipped roster of both systems and every step of
``generator.systems.bladeborn.strength_steps`` (a copy of its cheapest fighter, more Wounds on
its dearest fighter, Strength +1 and Toughness +1 where they change a roll to hit), the stronger
warband plays the warband as it is on the system's default battle, seats alternating, until the
lower end of its interval is above 50% (looks every 1,500 battles, each interval widened for the
number of looks), within 6,000 battles. The whole table is slow (``--runslow``; the figures are in
docs/players.md, from ``benchmarks/monotone.py``); the smoke test plays one case in the default run.
"""

from __future__ import annotations

import pytest

from generator.balance.monotone import stronger_wins
from generator.content import load_roster
from generator.resources import content_dir
from generator.systems.bladeborn.strength_steps import STEPS, stronger

ROSTERS = [("bladeborn", "bladeborn/example-cinder-oath.yaml"), ("bladeborn", "bladeborn/example-hollowmere-stalkers.yaml"),
           ("warcry", "warcry/example-gilded-ruin.yaml"), ("warcry", "warcry/example-marrowfen-raiders.yaml")]


def test_one_more_fighter_beats_the_same_warband_smoke():
    """The Cinder Oath with a second Soot-Runner against the Cinder Oath: over 200 battles (seats
    alternating) the lower end of its interval is above 50%."""
    system, band = load_roster(content_dir() / "bladeborn" / "example-cinder-oath.yaml")
    strong, words = stronger(band, "fighter", "bladeborn")
    found = stronger_wins(system, strong, band, {}, seed=1, max_battles=200, look_every=200)
    assert found.holds, (words, found.games, found.score, found.ci95)


@pytest.mark.slow
@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize(("system_name", "path"), ROSTERS, ids=[p.split("/")[1].removesuffix(".yaml") for _, p in ROSTERS])
def test_a_warband_one_step_stronger_beats_the_same_warband(system_name, path, step):
    system, band = load_roster(content_dir() / path)
    strong, words = stronger(band, step, system_name)
    found = stronger_wins(system, strong, band, {}, seed=1, max_battles=6000, look_every=1500)
    assert found.holds, (words, found.games, found.score, found.ci95)
