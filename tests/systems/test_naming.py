"""Random batches never hand out one name twice, so `show FILE NAME` finds each combatant."""

import pytest

from generator.dice.rng import Rng
from generator.systems import get_system
from generator.systems.base import Built
from generator.systems.naming import number_repeated_names
from generator.systems.warcry.models import Fighter

WEAPON = {"attacks": 2, "strength": 3, "dmg_hit": 1, "dmg_crit": 2, "max_range": 1}


def fighter(name):
    return Fighter(name=name, movement=4, toughness=3, wounds=8, weapons=[WEAPON])


def test_repeats_are_numbered_and_logged_the_first_keeps_its_name():
    built = [Built(fighter(n), []) for n in ("Ash", "Ash", "Bo", "Ash 2", "Ash")]
    names = [b.combatant.name for b in number_repeated_names(built)]
    assert names == ["Ash", "Ash 2", "Bo", "Ash 2 2", "Ash 3"]
    assert built[1].log == ["renamed Ash 2 (the name was already taken)"] and built[0].log == []


@pytest.mark.parametrize("system", ["bladeborn", "warcry", "gorechosen", "bladestorm"])
def test_twenty_random_combatants_have_twenty_names(system):
    names = [b.combatant.name for b in get_system(system).build_random(Rng(1), count=20)]
    assert len(set(names)) == 20
