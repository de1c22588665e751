"""TPC (Total Point Cost) from first principles, calibrated to the book's few printed figures.

The model (derivation and the anchor table: ``docs/costs-bladestorm.md``):

* **Offence** ``O``: the exact expected hits one attack deals, averaged over the Defense values
  an opponent made by the book's random method has (race by 2D6, defense column by size, the
  Troll's +4), divided by that opponent's mean Endurance. So ``O`` is "opponents' worth of
  Endurance per attack". A combatant with several weapons picks the best one against each
  Defense.
* **Defence** ``D``: Endurance divided by the exact expected hits taken per attack from the same
  random opponents (their weapon by 2D6, with the race attack modifiers). So ``D`` is "attacks
  survived".
* **Fighting worth** ``SCALE * O**OFFENCE_WEIGHT * D**(1 - OFFENCE_WEIGHT)``: the square law's
  ``sqrt(O * D)`` with offence weighted a little above defence (0.55), which the book's pricing of
  three Goblins above one Troll asks for.
* **Stats** carry a flat price of their own, so "advancing the stats will inevitably increase the
  TPC" (11.3) even on a card with no weapon: ``PER_INCH`` per inch of Movement, ``PER_DEFENSE``
  per point of Defense and ``PER_ENDURANCE`` per point of Endurance, counted from the
  calculator's default card (Move 5", Defense 7, Endurance 5; negative below it).
* **Base** ``BASE``: the default card (no weapon) is the book's 50 TPC.

``TPC = BASE + stats + SCALE * O**0.55 * D**0.45``, plus 1 TPC for each weapon after the first
(the card diagram: "each additional weapon increases the combatant's TPC") and, in the
calculator, 1 TPC for each point of a fighting skill ("training is expensive").

The itemised breakdown follows the calculator's order (stats, then weapons, then fighting
skills) and each item is what that choice adds to everything before it, so the items add up to
the total and a later choice never moves an earlier item.

``SCALE`` is fitted (least squares on relative error) to the Sea-Troll's 480 and the three
Goblins' 636; :func:`calibrate` recomputes it and a test keeps the constant in step.

A card or roster that *prints* a TPC (the book's Sea-Troll: 480) costs that figure everywhere;
the model's estimate is kept beside it (:class:`~generator.systems.base.Priced`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Optional, Sequence

from generator.dice.bladestorm import attack_odds, parse_damage, parse_roll
from generator.systems.base import Priced
from generator.systems.bladestorm.models import Combatant, Tables, Weapon, builtin_tables

BASE = 50.0
OFFENCE_WEIGHT = 0.55
SCALE = 154.38  # fitted by calibrate(); see the module docstring
PER_INCH = 2.0  # TPC per inch of Movement above 5"
PER_DEFENSE = 1.0  # TPC per point of Defense above 7
PER_ENDURANCE = 1.0  # TPC per point of Endurance above 5
EXTRA_WEAPON_FLOOR = 1.0  # TPC every further weapon adds on top of its fighting worth
SKILL_POINT = 1.0  # TPC every point of a calculator fighting skill adds on top of its worth
DEFAULT_STATS = {"movement": 5, "defense": 7, "endurance": 5}  # the calculator's default card
ANCHOR_TOLERANCE = 0.05  # each book anchor within 5%

# The book's figures the model is calibrated to (rulebook 10.1 and 11.3).
ANCHORS = {
    "default medium human, no weapon": 50,
    "Sea-Troll": 480,
    "Cro + Argh + Montu": 636,
}


# -- the reference opponent: a combatant made by the book's random method -------------------


def _two_d6() -> dict[int, Fraction]:
    return {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def _races(tables: Tables) -> dict[str, Fraction]:
    return {
        key: sum((p for s, p in _two_d6().items() if race.roll[0] <= s <= race.roll[1]), Fraction(0))
        for key, race in tables.races.items()
    }


@dataclass(frozen=True)
class Reference:
    """The random opponent: its Defense spread, its attacks, its mean Endurance."""

    defenses: tuple[tuple[int, Fraction], ...]
    attacks: tuple[tuple[str, str, Fraction], ...]  # (attack roll, damage, probability)
    endurance: Fraction


@lru_cache(maxsize=1)
def reference() -> Reference:
    tables = builtin_tables()
    defenses: dict[int, Fraction] = {}
    attacks: dict[tuple[str, str], Fraction] = {}
    endurance = Fraction(0)
    for key, p_race in _races(tables).items():
        race = tables.races[key]
        for roll, p in _two_d6().items():
            value = getattr(tables.defense.lookup(roll), race.size) + race.defense
            defenses[value] = defenses.get(value, Fraction(0)) + p_race * p
            row = tables.weapons.lookup(roll)
            attack = str(parse_roll(row.attack).with_modifier(race.attack))
            attacks[(attack, row.damage)] = attacks.get((attack, row.damage), Fraction(0)) + p_race * p
        for value, p in tables.endurance.distribution(race.size, "reroll").items():
            endurance += p_race * p * (value + race.endurance)
    return Reference(
        tuple(sorted(defenses.items())),
        tuple((a, d, p) for (a, d), p in sorted(attacks.items())),
        endurance,
    )


# -- the two factors ------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _expected(attack: str, defense: int, damage: str) -> float:
    return float(attack_odds(parse_roll(attack), defense, parse_damage(damage)).expected_damage)


def offence_of(options: Sequence[tuple[str, str]]) -> float:
    """Opponents' worth of Endurance one attack removes, choosing the best option per Defense."""
    if not options:
        return 0.0
    ref = reference()
    hits = sum(float(p) * max(_expected(a, d, dmg) for a, dmg in options) for d, p in ref.defenses)
    return hits / float(ref.endurance)


def offence(card: Combatant) -> float:
    """Opponents' worth of Endurance one attack removes, on average (0 when unarmed)."""
    return offence_of([(w.attack, w.damage) for w in card.attacks()])


@lru_cache(maxsize=256)
def hits_taken_per_attack(defense: int) -> float:
    """Expected hits a random opponent's attack deals against ``defense``."""
    return sum(float(p) * _expected(a, defense, dmg) for a, dmg, p in reference().attacks)


def defence(card: Combatant) -> float:
    """How many attacks of a random opponent it takes, on average, to use up its Endurance."""
    return card.endurance / hits_taken_per_attack(card.defense)


def default_defence() -> float:
    """``D`` of the calculator's default: a medium human with the lowest stats."""
    return DEFAULT_STATS["endurance"] / hits_taken_per_attack(DEFAULT_STATS["defense"])


def fighting_worth(o: float, d: float, scale: float = SCALE) -> float:
    """``SCALE * O^0.55 * D^0.45``: zero for a combatant that cannot attack."""
    if o <= 0 or d <= 0:
        return 0.0
    return scale * o ** OFFENCE_WEIGHT * d ** (1 - OFFENCE_WEIGHT)


def stat_items(card: Combatant) -> dict[str, float]:
    """The flat price of each stat, counted from the default card (negative below it)."""
    return {
        "movement": PER_INCH * (card.movement - DEFAULT_STATS["movement"]),
        "defense": PER_DEFENSE * (card.defense - DEFAULT_STATS["defense"]),
        "endurance": PER_ENDURANCE * (card.endurance - DEFAULT_STATS["endurance"]),
    }


def weapon_items(card: Combatant, scale: float = SCALE, steps: Optional[Sequence[tuple[str, Weapon]]] = None) -> dict[str, float]:
    """What each weapon adds, in card order: the first its whole fighting worth, each further
    one what it adds to the ones before plus :data:`EXTRA_WEAPON_FLOOR` ("each additional
    weapon increases the combatant's TPC", the book's card diagram).

    ``steps`` (the calculator's) splits the first weapon into stages -- the weapon as the table
    gives it, then one stage per point of a fighting skill -- as ``(item name, the first weapon
    at that stage)``; the last stage must be the card's own first weapon. Each point of a skill
    adds what it adds to the fighting worth plus :data:`SKILL_POINT` ("training is expensive and
    will raise the TPC", 11.3), so a skill still costs something once the attack beats nearly
    every Defense. The card alone does not say which part of its attack roll is training, so a
    card priced without ``steps`` has no skill items (the calculator stores its own total on the
    card as its printed TPC).
    """
    d = defence(card)
    options = [(w.attack, w.damage) for w in card.attacks()]
    items: dict[str, float] = {}
    if not options:
        return items
    before = 0.0
    first_stages = list(steps) if steps else [("weapon", None)]
    for index, (label, stage) in enumerate(first_stages):
        attack = (stage.attack, stage.damage) if stage is not None else options[0]
        now = fighting_worth(offence_of([attack]), d, scale)
        added = now - before + (SKILL_POINT if index else 0.0)
        items[label] = items.get(label, 0.0) + added
        before = now
    for index in range(1, len(options)):
        now = fighting_worth(offence_of(options[: index + 1]), d, scale)
        items[f"weapon {index + 1}"] = now - before + EXTRA_WEAPON_FLOOR
        before = now
    return items


def breakdown(card: Combatant, scale: float = SCALE, steps: Optional[Sequence[tuple[str, Weapon]]] = None) -> dict[str, float]:  # noqa: E501
    """Itemised TPC in the calculator's order: base, movement, defense, endurance, weapons.

    Each item is what that choice adds to the card built so far, so the items add up to the
    model's total and raising a later choice (a Melee Attack Bonus) never moves an earlier item.
    """
    return {"base": BASE, **stat_items(card), **weapon_items(card, scale, steps)}


def worth(card: Combatant, scale: float = SCALE) -> float:
    """The model's unrounded TPC."""
    return sum(breakdown(card, scale).values())


def whole(value: float) -> int:
    """Round half up (Python's round() sends 10.5 and 11.5 the same way, which can make a
    price that rose by exactly 1 look unchanged)."""
    return math.floor(value + 0.5)


def _round_items(items: dict[str, float]) -> tuple[int, dict[str, float]]:
    """Whole TPC: each item is the rounded running total minus the one before, so the items
    always add up to the rounded total."""
    out: dict[str, float] = {}
    running = 0.0
    shown = 0
    for key, value in items.items():
        running += value
        out[key] = float(whole(running) - shown)
        shown = whole(running)
    return shown, out


def price_one(card: Combatant, steps: Optional[Sequence[tuple[str, Weapon]]] = None) -> Priced:
    """One card's price. A card that prints its TPC costs that; the model's estimate rides along
    and the breakdown gains a ``printed TPC`` item (printed minus model) so it still adds up to
    the cost. ``steps``: the calculator's stages of the first weapon (see :func:`weapon_items`)."""
    model, items = _round_items(breakdown(card, steps=steps))
    if card.tpc is None:
        return Priced(name=card.name, cost=float(model), breakdown=items, unit="TPC", model=float(model))
    items["printed TPC"] = float(card.tpc - model)
    return Priced(name=card.name, cost=float(card.tpc), breakdown=items, unit="TPC", model=float(model), book=float(card.tpc))


def price(cards: Sequence[Combatant]) -> list[Priced]:
    """The ``System.price`` hook: one Priced per card, in order."""
    return [price_one(card) for card in cards]


def printed_total(roster) -> Optional[float]:
    """The ``System.printed_total`` hook: a roster's printed TPC (the book's Goblins: 636)."""
    tpc = getattr(roster, "tpc", None)
    return None if tpc is None else float(tpc)


# -- calibration ----------------------------------------------------------------------------


def anchor_cards() -> dict[str, list[Combatant]]:
    """The book's anchor combatants, from the built-in content, without their printed TPC."""
    from generator.content import load_content
    from generator.systems.bladestorm.models import Roster

    def load(name: str) -> list[Combatant]:
        roster = load_content(f"bladestorm/{name}", Roster)
        return [c.model_copy(update={"tpc": None}) for c in roster.combatants]  # type: ignore[attr-defined]

    default = Combatant(name="Default", race="Human", size="medium", **DEFAULT_STATS)
    return {
        "default medium human, no weapon": [default],
        "Sea-Troll": load("warriors-of-ash-sea-troll.yaml"),
        "Cro + Argh + Montu": load("warriors-of-ash-goblins.yaml"),
    }


def calibrate() -> float:
    """The SCALE that best fits the Troll and Goblin anchors (least squares, relative error).

    The default human pins BASE exactly (no weapon, default stats: only the base is left).
    """
    groups = anchor_cards()
    num = den = 0.0
    for label in ("Sea-Troll", "Cro + Argh + Montu"):
        cards, target = groups[label], ANCHORS[label]
        fixed = sum(BASE + sum(stat_items(c).values()) for c in cards)
        unit = sum(sum(weapon_items(c, 1.0).values()) for c in cards)
        num += (unit / target) * (1 - fixed / target)
        den += (unit / target) ** 2
    return num / den


def anchor_table(scale: float = SCALE) -> list[tuple[str, int, float, float]]:
    """(anchor, book TPC, model TPC, model / book) for the docs and the tests."""
    rows = []
    for label, cards in anchor_cards().items():
        model = sum(worth(c, scale) for c in cards)
        rows.append((label, ANCHORS[label], model, model / ANCHORS[label]))
    return rows
