"""The scenario generator's knob on a SagaBorn squad, one HP on one unit a step: hardy units on
the card, in the battle, in the booklet's words, and refused where the card cannot hold them."""

from __future__ import annotations

import subprocess
import sys

from generator.balance.opponent import Opponent, nudged
from generator.content import library, load_roster
from generator.dice.rng import Rng
from generator.systems.sagaborn.game import SagaGame
from generator.systems.sagaborn.knob import extra_hp, nudge

SYSTEM, VARETH = load_roster(library().path("sagaborn/house-vareth.yaml"))
HALBERDIERS = next(s for s in VARETH.squads if s.name == "Vareth Halberdiers")  # 4 units of 3 HP


def test_a_step_up_is_one_unit_one_hp_and_the_fourth_raises_the_card():
    one = nudge(HALBERDIERS, 1)
    assert (one.hp, one.hardy_units) == (3, 1) and one.cost == HALBERDIERS.cost
    three = nudge(nudge(one, 1), 1)
    assert (three.hp, three.hardy_units) == (3, 3)
    four = nudge(three, 1)
    assert (four.hp, four.hardy_units) == (4, 0)  # all four units one HP more: the card's HP


def test_a_step_down_takes_one_hp_from_the_last_unit():
    down = nudge(HALBERDIERS, -1)
    assert (down.hp, down.hardy_units) == (2, 3)  # units 1-3 keep 3 HP, unit 4 has 2
    assert extra_hp(down) == extra_hp(HALBERDIERS) - 1
    assert nudge(down, 1) == HALBERDIERS


def test_a_hero_steps_by_a_whole_hp():
    hero = VARETH.squads[0]
    assert hero.units == 1
    assert (nudge(hero, 1).hp, nudge(hero, 1).hardy_units) == (hero.hp + 1, 0)


def test_hardy_units_start_the_battle_with_one_hp_more():
    team = VARETH.model_copy(update={"squads": [s if s is not HALBERDIERS else nudge(nudge(s, 1), 1)
                                                for s in VARETH.squads]})
    battle = SYSTEM.make_battle(team, VARETH, {})
    state, _ = SagaGame().new_state(battle, Rng(3))
    halberdiers = [f for f in state.fighters.values() if f.side == "a" and f.name.startswith("Vareth Halberdiers")]
    assert [f.hp for f in halberdiers] == [4, 4, 3, 3]
    assert [f.stats.hp for f in halberdiers] == [4, 4, 3, 3]  # healing stops at a unit's own HP


def test_the_booklet_names_the_squads_and_their_units():
    force = nudged(SYSTEM, VARETH, 2, "Stronger", start=3)  # a step each on the 4th and 5th squads
    words = Opponent(VARETH, 2, force, start=3).describe_knob(SYSTEM)
    assert words == "Vareth Halberdiers unit 1: 4 HP (printed 3); Vareth Crossbows unit 1: 4 HP (printed 3)"
    down = nudged(SYSTEM, VARETH, -2, "Weaker", start=3)  # a step down each: the last unit loses 1 HP
    assert Opponent(VARETH, -2, down, start=3).describe_knob(SYSTEM) == (
        "Vareth Halberdiers unit 4: 2 HP (printed 3); Vareth Crossbows unit 2: 2 HP (printed 3)")
    halberdiers = VARETH.model_copy(update={"squads": [nudge(s, 1) if s is HALBERDIERS else s for s in VARETH.squads]})
    for _ in range(4):
        halberdiers = halberdiers.model_copy(update={"squads": [
            nudge(s, 1) if s.name == HALBERDIERS.name else s for s in halberdiers.squads]})
    assert Opponent(VARETH, 5, halberdiers).describe_knob(SYSTEM) == (
        "Vareth Halberdiers unit 1: 5 HP, units 2-4: 4 HP (printed 3)")
    weaker = Opponent(VARETH, -1, nudged(SYSTEM, VARETH, -1, "Weaker"))
    assert weaker.describe_knob(SYSTEM) == "Lord-Captain Aldric Vane: 7 HP (printed 8)"
    five = Opponent(VARETH, 5, nudged(SYSTEM, VARETH, 5, "Stronger")).describe_knob(SYSTEM)
    assert five.startswith("HP changed for Lord-Captain Aldric Vane and") and len(five) <= 200


def test_as_many_hardy_units_as_units_is_refused_with_the_line(tmp_path):
    text = (library().path("sagaborn/house-vareth.yaml")).read_text()
    marker = "    units: 4\n    hp: 3\n"
    assert marker in text
    bad = tmp_path / "vareth.yaml"
    bad.write_text(text.replace(marker, marker + "    hardy_units: 4\n"))
    line = text[: text.index(marker)].count("\n") + 3
    done = subprocess.run([sys.executable, "-m", "generator", "validate", str(bad)], capture_output=True, text=True)
    assert done.returncode == 2
    out = done.stdout + done.stderr
    assert f"vareth.yaml:{line}:" in out and "hardy_units" in out and "maximum 3 for a squad of 4 units" in out
    assert "Traceback" not in out
