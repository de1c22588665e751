"""Making Bladestorm combatants: the book's random method (11.1) and the calculator (11.3).

Both read the tables in ``content/bladestorm/tables.yaml``; both return ordinary combatant
cards (priced by :mod:`cost`) that any other command accepts once written with
:func:`roster_document`.

Random creation, in our words: roll 2D6 for the race (which fixes the size and the modifiers),
D6+D10 for Movement, 2D6 for Defense (a Troll adds 4), D6+D10 for Endurance (Troll +12, Orc +1)
and 2D6 for the weapon, whose attack roll takes the race's attack modifier (Orc +1, Troll +5).
Every roll is written to the log so the result can be checked against the tables.

The Movement and Endurance tables stop at a roll of 10 while D6+D10 runs to 16. By default a
roll above the table is rolled again (the log says so); ``above_table="last-row"`` reads the
last row as "10 or more" instead, which gives about 41% of combatants the top Movement.

The calculator: choose size and race, then Movement, Defense and Endurance from the values the
size allows (before race modifiers), up to three weapons, a Melee Attack Bonus, extra attack dice
(large and huge combatants only) and a Melee Damage Bonus. The TPC follows every choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from generator.dice.bladestorm import parse_damage, parse_roll
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.base import Built, Priced
from generator.systems.bladestorm import cost
from generator.systems.bladestorm.models import ABOVE_TABLE_CHOICES, Combatant, Tables, Weapon, builtin_tables
from generator.systems.documents import yaml_text
from generator.systems.naming import number_repeated_names



# -- dice text ------------------------------------------------------------------------------


def format_roll(groups: Sequence[tuple[int, int]], modifier: int) -> str:
    """Write a roll the way the book does: ``2D6+D10+3`` (a single die has no 1 in front)."""
    parts = [f"{'' if count == 1 else count}D{sides}" for count, sides in groups if count > 0]
    text = "+".join(parts)
    if modifier:
        text += f"{modifier:+d}"
    return text or str(modifier)


def modify_attack(attack: str, bonus: int = 0, extra_d6: int = 0) -> str:
    """A weapon's attack roll with an addition and extra D6s: 3D6-3 +1 = 3D6-2."""
    expr = parse_roll(attack)
    groups = dict((sides, count) for count, sides in expr.groups)
    if extra_d6:
        groups[6] = groups.get(6, 0) + extra_d6
    ordered = sorted(((count, sides) for sides, count in groups.items()), key=lambda g: g[1])
    if expr.multiplier != 1:
        text = format_roll(ordered, 0) + f"x{expr.multiplier}"
        total = expr.modifier + bonus
        return text + (f"{total:+d}" if total else "")
    return format_roll(ordered, expr.modifier + bonus)


def modify_damage(damage: str, bonus: int) -> str:
    """A damage stat with the Melee Damage Bonus added: High+1 with +2 is High+3."""
    if not bonus:
        return damage
    expr = parse_damage(damage)
    head = {"high": "High", "low": "Low", "high+low": "High+Low"}.get(expr.base, str(expr.fixed))
    steps = list(expr.steps)
    if all(op in "+-" for op, _ in steps):
        total = sum(n if op == "+" else -n for op, n in steps) + bonus
        return head + (f"{total:+d}" if total else "")
    return damage + f"{bonus:+d}"


# -- random creation (11.1) -----------------------------------------------------------------


def _roll(rng: Rng, dice: str, log: list[str], what: str) -> int:
    rolled = parse_roll(dice).roll(rng)
    faces = "+".join(str(v) for v in rolled.values)
    log.append(f"{what}: {dice} = {faces} = {rolled.total}")
    return rolled.total


def _table_roll(rng: Rng, table, size: str, log: list[str], what: str, above: str) -> int:
    """Roll on a size table; a roll above the table is rolled again or reads the last row."""
    while True:
        roll = _roll(rng, table.dice, log, what)
        row = table.find(roll)
        if row is not None:
            return getattr(row, size)
        if above == "last-row":
            value = getattr(table.lookup(roll, "last-row"), size)
            log[-1] += f" (above the table's {table.top}: read as the last row)"
            return value
        log[-1] += f" -> above the table (it stops at {table.top}): rolled again"


def roll_combatant(
    rng: Rng, name: Optional[str] = None, tables: Optional[Tables] = None, above_table: str = "reroll"
) -> Built:
    """One combatant by the book's random method, with every roll in the log.

    ``above_table``: ``reroll`` (default) rolls Movement or Endurance again when D6+D10 comes
    out above the table's last row; ``last-row`` reads such a roll as the last row.
    """
    t = tables or builtin_tables()
    if above_table not in ABOVE_TABLE_CHOICES:
        raise SkirmishError(f"--above-table {above_table!r}: choose {' or '.join(ABOVE_TABLE_CHOICES)}")
    log: list[str] = []

    roll = _roll(rng, "2D6", log, "Race")
    race_key = next(k for k, r in t.races.items() if r.roll[0] <= roll <= r.roll[1])
    race = t.races[race_key]
    size = race.size
    log[-1] += f" -> {race_key.title()} ({size}, {t.bases[t.sizes[size].base].label()} base)"

    movement = _table_roll(rng, t.movement, size, log, "Movement", above_table)
    log[-1] += f' -> {movement}"'

    roll = _roll(rng, t.defense.dice, log, "Defense")
    table_defense = getattr(t.defense.lookup(roll), size)
    defense = table_defense + race.defense
    log[-1] += f" -> {table_defense}" + (f", {race_key.title()} {race.defense:+d} = {defense}" if race.defense else "")

    table_endurance = _table_roll(rng, t.endurance, size, log, "Endurance", above_table)
    endurance = table_endurance + race.endurance
    log[-1] += f" -> {table_endurance}" + (
        f", {race_key.title()} {race.endurance:+d} = {endurance}" if race.endurance else ""
    )

    roll = _roll(rng, t.weapons.dice, log, "Weapon")
    row = t.weapons.lookup(roll)
    attack = modify_attack(row.attack, race.attack)
    log[-1] += f" -> {row.name} ({row.attack}, {row.damage})"
    if race.attack:
        log.append(f"Attack: {row.attack} {race_key.title()} {race.attack:+d} = {attack}")

    card = Combatant(
        name=name or f"{race_key.title()} {row.name}",
        race=race_key.title(),
        size=size,
        movement=movement,
        melee_attack=attack,
        melee_damage=row.damage,
        defense=defense,
        endurance=endurance,
        weapons=[Weapon(name=row.name, attack=attack, damage=row.damage)],
    )
    priced = cost.price_one(card)
    card = card.model_copy(update={"tpc": int(priced.cost)})
    log.append(f"TPC: {int(priced.cost)}")
    return Built(combatant=card, log=log)


def nudge(card: Combatant, direction: int) -> Optional[Combatant]:
    """``card`` with one Endurance box more (``direction`` 1) or less (-1), its TPC priced again;
    None at the size's limit. The scenario generator's knob for evening a battle (a box is a
    small, sure step of strength)."""
    from pydantic import ValidationError

    data = card.model_dump()
    data.update(endurance=card.endurance + direction, tpc=None)
    try:
        changed = Combatant.model_validate(data)
    except ValidationError:
        return None
    return changed.model_copy(update={"tpc": int(cost.price_one(changed).cost)})


def cheapest_random(tables: Optional[Tables] = None) -> int:
    """The lowest TPC the random tables can produce (lowest rows, any race and weapon)."""
    t = tables or builtin_tables()
    best = None
    for key, race in t.races.items():
        size = race.size
        for row in t.weapons.rows:
            card = Combatant(
                name="cheapest", race=key, size=size,
                movement=getattr(t.movement.rows[0], size),
                defense=getattr(t.defense.rows[0], size) + race.defense,
                endurance=getattr(t.endurance.rows[0], size) + race.endurance,
                melee_attack=modify_attack(row.attack, race.attack), melee_damage=row.damage,
            )
            value = int(cost.price_one(card).cost)
            best = value if best is None else min(best, value)
    return int(best)


def build_random(rng: Rng, count: int = 1, points: Optional[float] = None, above_table: str = "reroll") -> list[Built]:
    """``count`` random combatants; with ``points``, one force whose TPC totals at most ``points``.

    ``points`` is the budget of the whole force: combatants rolled by the book's method are
    fitted to it as closely as their TPC allows (:func:`generator.systems.forces.fill_budget`,
    each from its own stream, so the seed reproduces the force); ``count`` is then ignored. A
    budget below the cheapest combatant the tables can make is refused up front.
    """
    if count < 1:
        raise SkirmishError(f"--count must be at least 1, not {count}")
    if points is not None:
        from generator.systems.forces import fill_budget

        def draw(stream: Rng) -> tuple[Built, float]:
            result = roll_combatant(stream, above_table=above_table)
            return result, float(result.combatant.tpc or 0)

        return number_repeated_names(fill_budget(draw, rng, float(points), cheapest_random(), "combatant", "TPC"))
    built = [roll_combatant(rng.spawn(f"bladestorm-random-{index}"), above_table=above_table) for index in range(count)]
    return number_repeated_names(built)  # names are race + weapon


# -- the calculator (11.3) ------------------------------------------------------------------


@dataclass
class Choices:
    """What the calculator asks for. Stats are the values picked for the size, before race."""

    race: str = "human"
    size: Optional[str] = None
    base: Optional[str] = None  # a base other than the size's own, e.g. cavalry
    movement: Optional[int] = None
    defense: Optional[int] = None
    endurance: Optional[int] = None
    weapons: list[str] = field(default_factory=list)  # table keys; "key:Label" names the slot
    attack_bonus: int = 0
    extra_dice: int = 0
    damage_bonus: int = 0
    name: Optional[str] = None
    special: str = ""


def _known(kind: str, value: str, known: Sequence[str]) -> str:
    key = value.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    for option in known:
        if option.replace(" ", "").replace("-", "").lower() == key:
            return option
    raise SkirmishError(f"unknown {kind} {value!r}: choose one of {', '.join(known)}")


def _in_range(option: str, value: int, low: int, high: int, why: str) -> int:
    if not low <= value <= high:
        raise SkirmishError(f"{option} {value} is not allowed {why}: choose {low} to {high}")
    return value


def calculate(choices: Choices, tables: Optional[Tables] = None) -> tuple[Combatant, Priced]:
    """Turn calculator choices into a priced combatant card, refusing anything out of range."""
    t = tables or builtin_tables()
    race_key = _known("race", choices.race, list(t.races))
    race = t.races[race_key]
    size = _known("size", choices.size, list(t.sizes)) if choices.size else race.size
    rule = t.sizes[size]
    base = _known("base", choices.base, list(t.bases)) if choices.base else None
    stats = {}
    for stat in ("movement", "defense", "endurance"):
        low, high = rule.stats[stat]
        value = getattr(choices, stat)
        stats[stat] = low if value is None else _in_range(f"--{'move' if stat == 'movement' else stat}", value, low, high, f"for a {size} combatant")
    calc = t.calculator
    if len(choices.weapons) > calc.weapon_slots:
        raise SkirmishError(f"{len(choices.weapons)} weapons given: a card has {calc.weapon_slots} weapon slots")
    _in_range("--attack-bonus", choices.attack_bonus, *calc.attack_bonus, "as a Melee Attack Bonus")
    _in_range("--damage-bonus", choices.damage_bonus, *calc.damage_bonus, "as a Melee Damage Bonus")
    if choices.extra_dice and rule.extra_attack_dice == 0:
        raise SkirmishError(f"--extra-dice {choices.extra_dice}: extra attack dice are for large and huge combatants, not {size}")
    _in_range("--extra-dice", choices.extra_dice, 0, rule.extra_attack_dice, f"for a {size} combatant")
    if not choices.weapons:
        for option, value in (("--attack-bonus", choices.attack_bonus), ("--extra-dice", choices.extra_dice), ("--damage-bonus", choices.damage_bonus)):
            if value:
                raise SkirmishError(f"{option} {value} does nothing without a weapon: add --weapon")

    table = t.weapons.by_key()
    weapons = []
    stages: list[tuple[str, Weapon]] = []
    seen: set[str] = set()
    for slot, wanted in enumerate(choices.weapons):
        key, _, label = wanted.partition(":")
        row = table[_known("weapon", key, list(table))]
        if row.key in seen:
            raise SkirmishError(f"--weapon {row.key} is given twice: a second {row.name} adds nothing in the Basic Game")
        seen.add(row.key)
        name = label.strip() or row.name

        def make(bonus: int, dice: int, damage: int) -> Weapon:
            return Weapon(
                name=name,
                attack=modify_attack(row.attack, race.attack + bonus, dice),
                damage=modify_damage(row.damage, damage),
            )

        weapons.append(make(choices.attack_bonus, choices.extra_dice, choices.damage_bonus))
        if slot == 0:
            stages = [("weapon", make(0, 0, 0))]
            for bonus in range(1, choices.attack_bonus + 1):
                stages.append(("attack bonus", make(bonus, 0, 0)))
            for dice in range(1, choices.extra_dice + 1):
                stages.append(("extra dice", make(choices.attack_bonus, dice, 0)))
            for damage in range(1, choices.damage_bonus + 1):
                stages.append(("damage bonus", make(choices.attack_bonus, choices.extra_dice, damage)))
    card = Combatant(
        name=choices.name or race_key.title(),
        race=race_key.title(),
        size=size,
        base=base if base != rule.base else None,
        movement=stats["movement"],
        defense=stats["defense"] + race.defense,
        endurance=stats["endurance"] + race.endurance,
        melee_attack=weapons[0].attack if weapons else None,
        melee_damage=weapons[0].damage if weapons else None,
        weapons=weapons,
        special=choices.special,
    )
    priced = cost.price_one(card, steps=stages or None)
    return card.model_copy(update={"tpc": int(priced.cost)}), priced


# -- output ---------------------------------------------------------------------------------


def card_data(card: Combatant) -> dict:
    """A card as plain YAML-ready data, dropping empty optional fields."""
    data = card.model_dump(mode="json", exclude_none=True)
    if not data.get("special"):
        data.pop("special", None)
    if not data.get("weapons"):
        data.pop("weapons", None)
    return data


def roster_document(cards: Sequence[Combatant], name: str, side: str = "", notes: str = "") -> dict:
    """A roster content document (``system: bladestorm``, ``kind: roster``, total TPC, cards)
    that other commands load; also ``System.extra["roster_document"]`` for ``create random``."""
    data: dict = {"system": "bladestorm", "kind": "roster", "name": name}
    if side:
        data["side"] = side
    if notes:
        data["notes"] = notes
    data["tpc"] = sum(int(c.tpc or 0) for c in cards)
    data["combatants"] = [card_data(c) for c in cards]
    return data


def roster_yaml(cards: Sequence[Combatant], name: str, side: str = "", notes: str = "") -> str:
    """:func:`roster_document` as YAML text."""
    return yaml_text(roster_document(cards, name, side, notes))
