"""One step stronger: a warband with one fighter more, or one characteristic raised a step.

A balance verdict is only worth its salt if a side that is plainly stronger wins more often. These
are the plainly stronger variants the monotonicity checks play against the warband as it is
(``benchmarks/monotone.py`` and ``tests/balance/test_monotone_bladeborn.py``):

* ``fighter``: a copy of its cheapest fighter joins it;
* ``wounds``: its dearest fighter has more Wounds: 10 on a Warcry card, 5 on a Bladeborn one
  (damage tokens come in 1, 3, 5 and 10; 5 is a quarter of a Bladeborn leader's Wounds);
* ``strength``: one fighter's weapons have 1 more Strength;
* ``toughness``: one fighter has 1 more Toughness.

Strength and Toughness only count against each other (higher, equal or lower: 3+, 4+ or 5+ to
hit), so a step of either changes a roll only where the two are equal or one apart: Strength +1
on a fighter that already beats every Toughness it meets, or Toughness +1 on one no enemy weapon
is as strong as, changes nothing and is no step at all. So the step goes to the fighter for whom
it changes the most: the dice it changes (its attack dice against the enemies whose Toughness
it crosses, or the enemies' attack dice whose Strength it crosses) times the square of the
fighter's points.
"""

from __future__ import annotations

from typing import Any

from generator.errors import SkirmishError

STEPS = ("fighter", "wounds", "strength", "toughness")
WOUNDS_STEP = {"bladeborn": 5, "warcry": 10}


def _strength_gain(fighter, enemies) -> int:
    """Attack dice of ``fighter`` whose roll to hit one more Strength changes, summed over ``enemies``."""
    return sum(w.attacks for w in fighter.weapons for e in enemies if e.toughness in (w.strength, w.strength + 1))


def _toughness_gain(fighter, enemies) -> int:
    """Enemy attack dice whose roll to hit one more Toughness on ``fighter`` changes."""
    return sum(w.attacks for e in enemies for w in e.weapons if w.strength in (fighter.toughness, fighter.toughness + 1))


def _pick(fighters, gain) -> int:
    """The fighter the step changes most: the dice it changes times the square of what the
    fighter costs (a dear fighter is in more of the fighting, and what it does there decides more
    of a battle), the dearest first on a tie."""
    return max(range(len(fighters)), key=lambda i: (gain(fighters[i]) * (fighters[i].points or 1) ** 2,
                                                    fighters[i].points or 0, -i))


def stronger(warband: Any, step: str, system: str, against: Any | None = None) -> tuple[Any, str]:
    """``warband`` one step stronger (see the module doc), and the words for it. ``against`` is
    the warband it will meet (default: itself)."""
    fighters = list(warband.fighters)
    enemies = list((against or warband).fighters)
    if step == "fighter":
        cheapest = min(fighters, key=lambda f: (f.points or 0, fighters.index(f)))
        extra = cheapest.model_copy(update={"name": f"{cheapest.name} II"})
        return warband.model_copy(update={"fighters": fighters + [extra]}), f"+ {cheapest.name}"
    if step == "wounds":
        n = WOUNDS_STEP[system]
        i = _pick(fighters, lambda f: 0)
        fighters[i] = fighters[i].model_copy(update={"wounds": fighters[i].wounds + n})
        return warband.model_copy(update={"fighters": fighters}), f"{fighters[i].name}: Wounds +{n}"
    if step == "toughness":
        i = _pick(fighters, lambda f: _toughness_gain(f, enemies))
        if _toughness_gain(fighters[i], enemies) == 0:
            raise SkirmishError(f"{warband.name}: Toughness +1 changes no roll to hit of {(against or warband).name}")
        fighters[i] = fighters[i].model_copy(update={"toughness": fighters[i].toughness + 1})
        return warband.model_copy(update={"fighters": fighters}), f"{fighters[i].name}: Toughness +1"
    if step == "strength":
        i = _pick(fighters, lambda f: _strength_gain(f, enemies))
        chosen = fighters[i]
        if _strength_gain(chosen, enemies) == 0:
            raise SkirmishError(f"{warband.name}: Strength +1 changes no roll to hit against {(against or warband).name}")
        weapons = [w.model_copy(update={"strength": w.strength + 1}) for w in chosen.weapons]
        fighters[i] = chosen.model_copy(update={"weapons": weapons})
        return warband.model_copy(update={"fighters": fighters}), f"{chosen.name}: Strength +1"
    raise SkirmishError(f"unknown step {step!r}: choose one of {', '.join(STEPS)}")
