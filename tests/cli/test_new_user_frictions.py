"""What a new user ran into, each fixed and kept fixed: names cut at 80 columns, a faction's
display name refused, a hero's price item on a fighter that is no hero, two prices and no word
on which to use, one icon for Hero and Champion, "Lairs's", the same names for one seed in every
system, identical Bladeborn deployments, and minutes of silence from a search in a pipe."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_run import run

ROOT = Path(__file__).resolve().parents[2]


def test_systems_at_80_columns_prints_every_name_in_full(capsys, monkeypatch):
    from generator.cli.common import console

    monkeypatch.setattr(console, "width", 80)
    code, out, _ = run(capsys, "systems")
    assert code == 0 and "\u2026" not in out and "\u2503" not in out  # no cut names, no table at 80 columns
    for name in ("bladeborn/example-cinder-oath", "bladeborn/example-hollowmere-stalkers", "warcry/example-gilded-ruin",
                 "bladestorm/warriors-of-ash-goblins", "sagaborn/house-vareth", "maps/drawn-and-quartered"):
        assert name in out
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("given, key", [("Blood Oath", "blood-oath"), ("blood-oath", "blood-oath"),
                                        ("Khagra's Ravagers", "khagras-ravagers")])
def test_a_faction_may_be_given_by_its_name(capsys, given, key):
    code, out, err = run(capsys, "create", "calc", "warcry", "--move", "4", "--toughness", "4", "--wounds", "15",
                         "--weapon", "Axe=1-1/3/4/1/4", "--faction", given, "--json")
    assert code == 0, err
    assert f'"faction": "{key}"' in out


def test_a_faction_that_cannot_be_a_runemark_is_refused_in_words(capsys):
    code, _, err = run(capsys, "create", "calc", "warcry", "--move", "4", "--toughness", "4", "--wounds", "15",
                       "--weapon", "Axe=1-1/3/4/1/4", "--faction", "9 Lives")
    assert code == 2 and err.count("\n") == 1
    assert "--faction '9 Lives'" in err and "letters, digits, spaces or hyphens" in err and "pattern" not in err


def test_a_fighter_without_a_runemark_has_no_item_for_it():
    """Board points are the same as before; only the itemising changed: the hero item belongs to heroes."""
    from generator.content import load_roster
    from generator.content.library import find_named
    from generator.systems import get_system

    system = get_system("warcry")
    _, roster = load_roster(find_named("warcry/example-gilded-ruin"))
    for fighter, priced in zip(system.combatants(roster), system.price(list(system.combatants(roster)))):
        for item, value in priced.breakdown.items():
            if item.startswith("runemark:"):
                has = item.split(":", 1)[1] in fighter.runemarks
                assert has or value == 0, (fighter.name, item, value)
        assert sum(priced.breakdown.values()) == pytest.approx(priced.cost, abs=0.05)


def test_the_calculator_says_which_price_to_use(capsys):
    code, out, _ = run(capsys, "create", "calc", "warcry", "--move", "4", "--toughness", "4", "--wounds", "15",
                       "--weapon", "Axe=1-1/3/4/1/4")
    assert code == 0
    line = next(l for l in out.splitlines() if l.startswith("Which to use"))
    assert "board points" in line and "published-style" in line


def test_hero_and_champion_have_different_icons():
    from generator.layout.cards import cards_for
    from generator.layout.deck import render_card
    from generator.layout.sizes import card_size

    def front(mark):
        roster = {"name": "Band", "fighters": [{"name": "Vashti", "runemarks": [mark], "movement": 4, "toughness": 4,
                                                "wounds": 12, "points": 100,
                                                "weapons": [{"min_range": 0, "max_range": 1, "attacks": 3, "strength": 4,
                                                             "dmg_hit": 1, "dmg_crit": 3}]}]}
        [card] = cards_for("warcry", roster)
        return render_card(card, card_size("poker"), 0)[0].ops

    hero, champion = front("hero"), front("champion")
    assert hero != champion


def test_a_name_ending_in_s_takes_an_apostrophe_alone():
    from generator.words import possessive

    assert possessive("Goblins of the Ash Lairs") == "Goblins of the Ash Lairs'"
    assert possessive("Player A") == "Player A's"


def test_one_seed_names_the_forces_differently_in_each_system():
    from generator.dice.rng import Rng
    from generator.scenarios.data import force_names
    from generator.scenarios.tale import title

    systems = ("bladeborn", "warcry", "gorechosen", "bladestorm", "sagaborn")
    names = {s: tuple(force_names(s, Rng(1))) for s in systems}
    assert len(set(names.values())) == len(systems)
    assert len({title(s, None, None, 1) for s in systems}) > 1


def test_generated_bladeborn_maps_do_not_all_share_their_deployment_hexes():
    from generator.boards.mapgen import generate_map

    zones = {tuple(generate_map("bladeborn", seed=seed).board.zones["A"].start) for seed in range(6)}
    assert len(zones) > 1


def test_a_search_in_a_pipe_says_what_it_expects_and_each_stage(tmp_path):
    """stderr is not a terminal here: calibrate prints the expected battles and time first, then a
    line per stage; --quiet and --json print none of it."""
    args = [sys.executable, "-m", "generator", "calibrate", "bladestorm", "--points", "500", "--rosters", "4",
            "--battles", "4", "--jobs", "1", "--seed", "1"]
    loud = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    assert loud.returncode == 0, loud.stderr
    lines = loud.stderr.splitlines()
    assert lines[0].startswith("calibrating: up to 24 battles") and "expected" in lines[0]
    assert any("the round robin: 6 pairs" in line for line in lines)
    assert any("done, 24 battles" in line for line in lines)
    for flag in ("--quiet", "--json"):
        quiet = subprocess.run(args + [flag], capture_output=True, text=True, cwd=ROOT)
        assert quiet.returncode == 0 and "calibrating" not in quiet.stderr
