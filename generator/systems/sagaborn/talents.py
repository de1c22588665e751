"""SagaBorn talents in play ("Talents" in the book): the stat line a squad fights with (its
permanent talents, a ``stats`` special and a weapon applied) and the talent cards a squad
exhausts once per round (Battlecall, Cleave, Feint, Parry, Lone Wolf, Protector, Riposte).

Plain functions over plain values, like :mod:`mechanics` (whose radii and limits they use): the
battle state asks them when a talent is played; what each talent does comes from
content/sagaborn/talents.yaml through :mod:`models`.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from generator.dice.battle_dice import SHIELD, roll_faces
from generator.dice.rng import Rng
from generator.systems.sagaborn.abilities import TALENT_RULES
from generator.systems.sagaborn.mechanics import (
    BATTLECALL_MOVE,
    BATTLECALL_RADIUS,
    LONE_WOLF_RADIUS,
    PARRY_DICE,
    PROTECTOR_RADIUS,
    RulesError,
)
from generator.systems.sagaborn.models import STAT_BOUNDS, Squad, UnitStats, Weapon, find_talent, talent_lookup


def apply_talents(stats: UnitStats | Squad, talents: Sequence[str], decline: Sequence[str] = ()) -> UnitStats:
    """The stat line with the permanent talents applied (Dodge, Run, Weapon Specialty,
    Extended Shot when the range is 2 or more, Ruthless unless declined).

    The changes come from each talent's ``stat_bonus`` in content/sagaborn/talents.yaml, applied
    only when the unit meets its ``requires`` (checked against the printed stats).
    """
    base = stats.stats if isinstance(stats, Squad) else stats
    values = base.model_dump()
    declined = {name if name in TALENT_RULES else find_talent(name).name for name in decline}
    for name in talents:
        talent = find_talent(name)
        if talent.name in declined or talent.rule in declined:
            continue
        if any(getattr(base, stat) < minimum for stat, minimum in talent.requires.items()):
            continue
        for stat, bonus in talent.stat_bonus.items():
            lo, hi = STAT_BOUNDS[stat]
            values[stat] = min(hi, max(lo, values[stat] + bonus))
    return UnitStats(**values)


def stat_line(squad: Squad, ruthless: bool = False) -> UnitStats:
    """A squad's stats in play before weapons: its talents (Ruthless only when taken) and a
    ``stats`` special ability applied, kept within the stat bounds."""
    base = apply_talents(squad, squad.talents, decline=() if ruthless else ("ruthless",))
    bonus = squad.special_stats
    if not bonus:
        return base
    values = base.model_dump()
    for stat, change in bonus.items():
        lo, hi = STAT_BOUNDS[stat]
        values[stat] = min(hi, max(lo, values[stat] + change))
    return UnitStats(**values)


def armed(stats: UnitStats | Squad, weapon: Weapon) -> UnitStats:
    """The stat line of the one unit carrying ``weapon`` (its bonuses added, kept in bounds)."""
    base = stats.stats if isinstance(stats, Squad) else stats
    values = base.model_dump()
    for stat in ("attack", "defense", "range"):
        lo, hi = STAT_BOUNDS[stat]
        values[stat] = min(hi, max(lo, values[stat] + getattr(weapon, stat)))
    return UnitStats(**values)


def unit_stats(squad: Squad, unit: int, base: UnitStats) -> UnitStats:
    """Unit ``unit``'s (0 first) stat line in play: the squad's ``base`` line with the weapon that
    unit carries, and one HP more for a hardy unit (``Squad.hardy_units``)."""
    weapon = squad.weapons[unit] if unit < len(squad.weapons) else None
    stats = armed(base, weapon) if weapon else base
    if unit < squad.hardy_units:
        stats = stats.model_copy(update={"hp": squad.unit_hp(unit, stats.hp)})
    return stats


class TalentCards:
    """A unit's talent cards and which are exhausted (turned sideways) this round.

    The engine asks for a talent by the rule it follows (``"feint"``, ``"parry"``..., see
    :data:`abilities.TALENT_RULES`) or by name; a card bought under another name that follows
    the same rule (a ``--content`` catalogue's) answers to the rule."""

    def __init__(self, talents: Sequence[str]):
        self._lookup = talent_lookup()  # name as asked -> the talent (asked often in play)
        self.talents = [self._name(name) for name in talents]
        self.by_rule = {}
        for name in self.talents:
            rule = self._lookup[name].rule
            if rule is not None and rule not in self.by_rule:
                self.by_rule[rule] = name
        self.exhausted: set[str] = set()

    def _name(self, name: str) -> str:
        hit = self._lookup[name]
        if hit is None:
            return find_talent(name).name  # unknown: the one-line error naming the known talents
        return hit.name

    def _canon(self, name: str) -> str:
        by_rule = self.by_rule.get(name)
        return by_rule if by_rule is not None else self._name(name) if name not in TALENT_RULES else name

    def name_of(self, rule: str) -> str:
        """The card's name for the talent following ``rule`` (the rule itself if it has none)."""
        return self.by_rule.get(rule, rule)

    def has(self, name: str) -> bool:
        return self._canon(name) in self.talents

    def ready(self, name: str) -> bool:
        name = self._canon(name)
        return name in self.talents and name not in self.exhausted

    def exhaust(self, name: str) -> None:
        """Use a once-per-round talent; refused if the unit lacks it or already used it."""
        canon = self._canon(name)
        if canon not in self.talents:
            raise RulesError(f"this unit has no {canon} talent (it has {', '.join(self.talents) or 'none'})")
        talent = self._lookup[canon]
        if not talent.exhaust:
            raise RulesError(f"{talent.name} is always on; it is never exhausted")
        if talent.name in self.exhausted:
            raise RulesError(f"{talent.name} is exhausted until the next round")
        self.exhausted.add(talent.name)

    def refresh(self) -> None:
        """Start of a new round: every exhausted card comes back."""
        self.exhausted.clear()


def battlecall_targets(distances: Mapping[str, int]) -> list[str]:
    """Friendly squads (name -> hexes from the caller) close enough to answer a Battlecall."""
    return [name for name, d in distances.items() if d <= BATTLECALL_RADIUS]


def battlecall(cards: TalentCards, squad: str, distances: Mapping[str, int]) -> int:
    """Start of round: call ``squad`` (within 2 hexes); returns the hexes it may move now (2)."""
    if squad not in battlecall_targets(distances):
        raise RulesError(f"{squad} is {distances.get(squad, 'not')} hexes away; Battlecall reaches {BATTLECALL_RADIUS}")
    cards.exhaust("battlecall")
    return BATTLECALL_MOVE


def cleave(cards: TalentCards, target_killed: bool, target_adjacent: bool) -> bool:
    """After killing an adjacent enemy, take one extra attack (once per round). True if taken."""
    if not (target_killed and target_adjacent and cards.ready("cleave")):
        return False
    cards.exhaust("cleave")
    return True


def _reroll(rng: Rng, faces: Sequence[str], indices: Iterable[int], log: list[str] | None, why: str) -> list[str]:
    out = list(faces)
    for i in indices:
        new = roll_faces(rng, 1)[0]
        if log is not None:
            log.append(f"{why}: die {i + 1} {out[i]} -> {new}")
        out[i] = new
    return out


def feint(rng: Rng, cards: TalentCards, defender_faces: Sequence[str], index: int | None = None,
          log: list[str] | None = None) -> list[str]:
    """Make the defender re-roll one die of the attacker's choice (by default a shield)."""
    faces = list(defender_faces)
    if index is None:
        index = next((i for i, f in enumerate(faces) if f == SHIELD), None)
        if index is None:
            return faces
    if not 0 <= index < len(faces):
        raise RulesError(f"die {index} is not one of the defender's {len(faces)} dice")
    cards.exhaust("feint")
    return _reroll(rng, faces, [index], log, "Feint")


def parry(rng: Rng, cards: TalentCards, defender_faces: Sequence[str], indices: Sequence[int] | None = None,
          log: list[str] | None = None) -> list[str]:
    """Re-roll up to two of one's own defence dice (by default two that are not shields)."""
    faces = list(defender_faces)
    if indices is None:
        indices = [i for i, f in enumerate(faces) if f != SHIELD][:PARRY_DICE]
    if len(indices) > PARRY_DICE or len(set(indices)) != len(indices):
        raise RulesError(f"Parry re-rolls up to {PARRY_DICE} different dice, not {list(indices)}")
    if not indices:
        return faces
    cards.exhaust("parry")
    return _reroll(rng, faces, indices, log, "Parry")


def lone_wolf(rng: Rng, cards: TalentCards, faces: Sequence[str], nearest_friend: int | None,
              already_rerolled: Iterable[int] = (), log: list[str] | None = None) -> list[str]:
    """With no friend within 6 hexes, re-roll every die of a roll not re-rolled before."""
    if nearest_friend is not None and nearest_friend <= LONE_WOLF_RADIUS:
        raise RulesError(f"Lone Wolf needs no friend within {LONE_WOLF_RADIUS} hexes; nearest is {nearest_friend}")
    cards.exhaust("lone_wolf")
    done = set(already_rerolled)
    return _reroll(rng, faces, [i for i in range(len(faces)) if i not in done], log, "Lone Wolf")


def protector(cards: TalentCards, distance_to_friend: int) -> bool:
    """Take a friend's damage instead of it (within 2 hexes, once per round). True if taken."""
    if distance_to_friend > PROTECTOR_RADIUS or not cards.ready("protector"):
        return False
    cards.exhaust("protector")
    return True


def riposte(cards: TalentCards, was_just_attacked: bool = True) -> bool:
    """Strike back at the enemy that has just attacked this unit. True if the strike is allowed."""
    if not was_just_attacked or not cards.ready("riposte"):
        return False
    cards.exhaust("riposte")
    return True
