"""A generated scenario pits two different forces against each other, and says so when it does not.

The checks of a scenario's sides: side B is a force of its own (at most a quarter of its points in
cards identical to side A's); ``--from`` gets a real opponent, not its own list back; two given
forces are kept and the table fitted to them; ``--mirror`` is the only way to a mirror match, and
then the scenario says so; a planted uneven pair is never called even as it stands; and the
side that sets up first is reported. Bladestorm's battles are quick, so the default run plays
them; ``--runslow`` plays every system.
"""

from __future__ import annotations

import pytest

from generator.balance.opponent import Settings as OpponentSettings
from generator.balance.opponent import identical_share
from generator.content import library, load_roster
from generator.errors import SkirmishError
from generator.scenarios.generate import Settings, generate
from generator.systems import get_system

#: Light settings: these tests check what the scenario is made of, the benchmark how even it is.
LIGHT = Settings(battles=800, look_every=400, screen_battles=40, lively_tries=1, layout_tries=1, archetype_battles=0,
                 opponent=OpponentSettings(candidates=3, screen_battles=60, knob_battles=120, knob_steps=2, verdicts=2,
                                           alternatives=0))


def roster(name: str):
    return load_roster(library().path(name + ".yaml"))[1]


def _differ(made, system_name: str) -> float:
    system = get_system(system_name)
    return identical_share(system, made.loaded.rosters["a"], made.loaded.rosters["b"])


@pytest.mark.parametrize("seed", [2, 3])
def test_side_b_is_a_force_of_its_own(seed):
    made = generate("bladestorm", seed, settings=LIGHT, jobs=1)
    assert _differ(made, "bladestorm") <= 0.25
    assert made.scenario.balance.mirror is None
    assert made.scenario.balance.max_battles == 800 and made.scenario.balance.look_every == 400


@pytest.mark.slow
@pytest.mark.parametrize("system", ["bladeborn", "warcry", "gorechosen", "sagaborn"])
def test_every_system_builds_an_opponent_of_its_own(system):
    made = generate(system, 3, settings=LIGHT, jobs=2)
    assert _differ(made, system) <= 0.25


def test_from_a_warband_gets_a_real_opponent_not_its_own_list():
    goblins = roster("bladestorm/warriors-of-ash-goblins")
    made = generate("bladestorm", 4, given={"a": goblins}, settings=LIGHT, jobs=1)
    assert made.loaded.rosters["a"].name == goblins.name
    assert _differ(made, "bladestorm") <= 0.25


def test_two_given_forces_are_kept_and_the_table_fitted_to_them():
    goblins, troll = roster("bladestorm/warriors-of-ash-goblins"), roster("bladestorm/warriors-of-ash-sea-troll")
    made = generate("bladestorm", 5, given={"a": goblins, "b": troll}, settings=LIGHT, jobs=1)
    assert [made.loaded.rosters[s].name for s in "ab"] == [goblins.name, troll.name]
    assert made.scenario.balance.games >= 1


def test_a_mirror_match_only_when_asked_and_then_said():
    made = generate("bladestorm", 6, mirror=True, settings=LIGHT, jobs=1)
    assert _differ(made, "bladestorm") == 1.0
    assert made.scenario.balance.mirror is True


def test_a_planted_uneven_pair_is_never_called_even_as_it_stands():
    """The Outriders against the same warband less its dearest combatant: the table may be
    chosen for them (then the scenario names it), else the verdict says not balanced."""
    strong = roster("bladestorm/example-test-of-arms-outriders")
    system = get_system("bladestorm")
    cards = sorted(system.combatants(strong), key=lambda c: -(c.tpc or 0))
    weak = strong.model_copy(update={"name": "Short-handed", "combatants": cards[1:]})
    made = generate("bladestorm", 7, given={"a": strong, "b": weak}, settings=LIGHT, jobs=1)
    block = made.scenario.balance
    assert not made.balanced or block.knob, (block.win_rate_a, made.notes)
    if not made.balanced:
        assert any("not balanced" in note for note in made.notes)


@pytest.mark.parametrize("system", ["bladestorm", "gorechosen"])
def test_the_side_that_sets_up_first_is_reported(system):
    made = generate(system, 8, settings=LIGHT, jobs=1)
    lean = made.scenario.balance.setup_lean
    assert lean is not None and lean.games == made.scenario.balance.games
    assert 0 <= lean.score <= 1


def test_a_given_force_over_the_budget_says_both_numbers():
    goblins = roster("bladestorm/warriors-of-ash-goblins")
    with pytest.raises(SkirmishError, match=r"costs 636 TPC, the budget is 400; raise --points or drop a fighter"):
        generate("bladestorm", 1, points=400, given={"a": goblins}, settings=LIGHT, jobs=1)


def test_a_mirror_of_two_given_forces_is_refused():
    goblins, troll = roster("bladestorm/warriors-of-ash-goblins"), roster("bladestorm/warriors-of-ash-sea-troll")
    with pytest.raises(SkirmishError, match="--mirror: side B is side A's own list"):
        generate("bladestorm", 1, mirror=True, given={"a": goblins, "b": troll}, settings=LIGHT, jobs=1)
