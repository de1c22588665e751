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
* ``O * D`` is how many opponents it defeats over its life one on one (Lanchester's linear law);
  in team fights the square law makes a combatant's worth grow with ``sqrt(O * D)``.
* **Movement** scales that worth by ``1 + MOBILITY * (Movement - 5)``: a faster combatant picks
  its fights. The anchors cannot measure this (all four book combatants move 5" to 7"), so
  ``MOBILITY`` is a stated judgement, not a fit.
* **Base** ``BASE``: every card costs 50 TPC before it can fight: the calculator's default
  medium human with no weapon is the book's 50 TPC.

``TPC = BASE + SCALE * sqrt(O * D) * (1 + MOBILITY * (Movement - 5))``

``SCALE`` is fitted (least squares on relative error) to the Sea-Troll's 480 and the three
Goblins' 636; :func:`calibrate` recomputes it and a test keeps the constant in step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from generator.dice.bladestorm import attack_odds, parse_damage, parse_roll
from generator.systems.base import Priced
from generator.systems.bladestorm.models import Combatant, Tables, builtin_tables

BASE = 50.0
MOBILITY = 0.01  # per inch of Movement above 5"
SCALE = 150.33  # fitted by calibrate(); see the module docstring
REFERENCE_MOVE = 5
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


def _d6_d10() -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 11):
            out[a + b] = out.get(a + b, Fraction(0)) + Fraction(1, 60)
    return out


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
        for roll, p in _d6_d10().items():
            endurance += p_race * p * (getattr(tables.endurance.lookup(roll), race.size) + race.endurance)
    return Reference(
        tuple(sorted(defenses.items())),
        tuple((a, d, p) for (a, d), p in sorted(attacks.items())),
        endurance,
    )


# -- the two factors ------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _expected(attack: str, defense: int, damage: str) -> float:
    return float(attack_odds(parse_roll(attack), defense, parse_damage(damage)).expected_damage)


def offence(card: Combatant) -> float:
    """Opponents' worth of Endurance one attack removes, on average (0 when unarmed)."""
    options = [(w.attack, w.damage) for w in card.attacks()]
    if not options:
        return 0.0
    ref = reference()
    hits = sum(float(p) * max(_expected(a, d, dmg) for a, dmg in options) for d, p in ref.defenses)
    return hits / float(ref.endurance)


@lru_cache(maxsize=256)
def hits_taken_per_attack(defense: int) -> float:
    """Expected hits a random opponent's attack deals against ``defense``."""
    return sum(float(p) * _expected(a, defense, dmg) for a, dmg, p in reference().attacks)


def defence(card: Combatant) -> float:
    """How many attacks of a random opponent it takes, on average, to use up its Endurance."""
    return card.endurance / hits_taken_per_attack(card.defense)


def default_defence() -> float:
    """``D`` of the calculator's default: a medium human with the lowest stats."""
    low = builtin_tables().sizes["medium"].stats
    return low["endurance"][0] / hits_taken_per_attack(low["defense"][0])


def mobility(movement: int) -> float:
    return 1.0 + MOBILITY * (movement - REFERENCE_MOVE)


def worth(card: Combatant, scale: float = SCALE) -> float:
    """The unrounded TPC."""
    return BASE + scale * math.sqrt(offence(card) * defence(card)) * mobility(card.movement)


def breakdown(card: Combatant, scale: float = SCALE) -> dict[str, float]:
    """Itemised TPC: base, offence, defence and movement shares that add up to the total.

    The fighting worth ``f(O, D) = SCALE * sqrt(O * D)`` is split between offence and defence
    by their Shapley shares measured from the default card (no weapon, lowest Defense and
    Endurance), so each item answers "what did this part add".
    """
    o, d, d0 = offence(card), defence(card), default_defence()

    def f(o_: float, d_: float) -> float:
        return scale * math.sqrt(max(0.0, o_ * d_))

    fight = f(o, d)
    off_share = 0.5 * (f(o, d0) + fight)
    def_share = fight - off_share
    return {
        "base": BASE,
        "offence": off_share,
        "defence": def_share,
        "movement": fight * (mobility(card.movement) - 1.0),
    }


def _round_items(items: dict[str, float]) -> tuple[int, dict[str, float]]:
    """Whole TPC, with items rounded so they still add up (largest remainder)."""
    total = round(sum(items.values()))
    floors = {k: math.floor(v) for k, v in items.items()}
    short = total - sum(floors.values())
    order = sorted(items, key=lambda k: items[k] - floors[k], reverse=True)
    for key in order[: max(0, short)]:
        floors[key] += 1
    return total, {k: float(v) for k, v in floors.items()}


def price_one(card: Combatant) -> Priced:
    total, items = _round_items(breakdown(card))
    return Priced(name=card.name, cost=float(total), breakdown=items, unit="TPC")


def price(cards: Sequence[Combatant]) -> list[Priced]:
    """The ``System.price`` hook: one Priced per card, in order."""
    return [price_one(card) for card in cards]


# -- calibration ----------------------------------------------------------------------------


def anchor_cards() -> dict[str, list[Combatant]]:
    """The book's anchor combatants, from the built-in content."""
    from generator.content import load_content
    from generator.systems.bladestorm.models import Roster

    def load(name: str) -> list[Combatant]:
        return list(load_content(f"bladestorm/{name}", Roster).combatants)  # type: ignore[attr-defined]

    low = builtin_tables().sizes["medium"].stats
    default = Combatant(
        name="Default", race="Human", size="medium", movement=low["movement"][0],
        defense=low["defense"][0], endurance=low["endurance"][0],
    )
    return {
        "default medium human, no weapon": [default],
        "Sea-Troll": load("warriors-of-ash-sea-troll.yaml"),
        "Cro + Argh + Montu": load("warriors-of-ash-goblins.yaml"),
    }


def calibrate() -> float:
    """The SCALE that best fits the Troll and Goblin anchors (least squares, relative error).

    The default human pins BASE exactly (it cannot attack, so its fighting worth is 0).
    """
    groups = anchor_cards()
    num = den = 0.0
    for label in ("Sea-Troll", "Cro + Argh + Montu"):
        cards, target = groups[label], ANCHORS[label]
        bases = BASE * len(cards)
        unit = sum(math.sqrt(offence(c) * defence(c)) * mobility(c.movement) for c in cards)
        num += (unit / target) * (1 - bases / target)
        den += (unit / target) ** 2
    return num / den


def anchor_table(scale: float = SCALE) -> list[tuple[str, int, float, float]]:
    """(anchor, book TPC, model TPC, model / book) for the docs and the tests."""
    rows = []
    for label, cards in anchor_cards().items():
        model = sum(worth(c, scale) for c in cards)
        rows.append((label, ANCHORS[label], model, model / ANCHORS[label]))
    return rows
