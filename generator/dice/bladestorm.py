"""Bladestorm dice: attack rolls such as ``2D6+D10+3`` and damage such as ``High+Low+2``.

Rules (Bladestorm rulebook 3.1 and 9.2-9.3):

- ``ND6``/``ND10`` dice are summed with any fixed additions; a D10 reads 1-10. A roll may also be
  multiplied (3.1: "after modification by additions and multipliers"): ``3D6x2``. Additions and
  multipliers apply in the order written, so ``3D6+1x2`` is (3D6+1) x 2 and ``3D6x2+1`` is
  (3D6 x 2) + 1; no dice may follow a multiplier.
- An attack hits when the roll *exceeds* the target's Defense.
- High damage is the highest die of the attack roll; if several dice tie for highest, it is
  their sum. Low is the same for the lowest dice.
- High+Low is the highest die plus the lowest die; if any dice tie for highest or lowest, every
  die that is highest or lowest counts once -- with three dice that is all three.
  (With every die equal, High+Low is the sum of all the dice.)
- Modifiers ``+N``, ``-N`` and ``xN`` apply in the order written, and damage is never negative.
- A percentile "Chance" roll is 2D10 read as tens and ones, 00 meaning 100.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

import icepool

from generator.dice.distribution import AttackOdds, Distribution
from generator.dice.rng import Rng
from generator.errors import DiceError

MAX_DICE = 100
MAX_SIDES = 1000
#: Largest fixed number a roll may add or subtract (the books use single digits).
MAX_MODIFIER = 1000
#: The dice Bladestorm rolls (the D% Chance roll is two D10s).
BLADESTORM_SIDES = (6, 10)
# Exact odds enumerate sorted dice outcomes; past this many the expression is refused.
MAX_EXACT_OUTCOMES = 2_000_000

_TERM = re.compile(r"([+-]?)\s*(\d*)\s*(?:([dD])\s*(\d+|%))?\s*")


@dataclass(frozen=True)
class RollExpr:
    """A dice roll: groups of (count, sides), a multiplier and a fixed modifier, e.g. 2D6+D10+3.

    The total is ``multiplier x (sum of the dice) + modifier``: any order of additions and
    multipliers after the dice reduces to that (``3D6+1x2`` is ``2 x 3D6 + 2``).
    """

    groups: tuple[tuple[int, int], ...]
    modifier: int = 0
    text: str = ""
    multiplier: int = 1

    @property
    def dice_count(self) -> int:
        return sum(count for count, _ in self.groups)

    def __str__(self) -> str:
        if self.text:
            return self.text
        parts = [f"{c}D{s}" for c, s in self.groups]
        out = "+".join(parts)
        if self.multiplier != 1:
            out += f"x{self.multiplier}"
        if self.modifier:
            out += f"{self.modifier:+d}"
        return out or str(self.modifier)

    def with_modifier(self, delta: int) -> "RollExpr":
        """The same dice with ``delta`` added (e.g. a race's attack bonus: 3D6-3 +1 = 3D6-2)."""
        return RollExpr(self.groups, self.modifier + delta, multiplier=self.multiplier)

    def plain(self) -> "RollExpr":
        """The same roll without its source text (so equal rolls share cache entries)."""
        return RollExpr(self.groups, self.modifier, multiplier=self.multiplier)

    def total_of(self, values: Sequence[int]) -> int:
        """The roll's total for dice showing ``values``."""
        return self.multiplier * sum(values) + self.modifier

    @property
    def minimum(self) -> int:
        return self.multiplier * self.dice_count + self.modifier

    @property
    def maximum(self) -> int:
        return self.multiplier * sum(c * s for c, s in self.groups) + self.modifier

    def distribution(self) -> Distribution:
        """Exact distribution of the roll's total."""
        return _total_distribution(self)

    def roll(self, rng: Rng) -> "Rolled":
        faces: list[tuple[int, int]] = []
        for count, sides in self.groups:
            faces.extend((sides, face) for face in rng.dice(count, sides))
        return Rolled(self, tuple(faces))


@dataclass(frozen=True)
class Rolled:
    """One roll of a :class:`RollExpr`: every die as (sides, face), and the total."""

    expr: RollExpr
    faces: tuple[tuple[int, int], ...]

    @property
    def values(self) -> list[int]:
        return [face for _, face in self.faces]

    @property
    def total(self) -> int:
        return self.expr.total_of(self.values)

    def describe(self) -> str:
        dice = ", ".join(f"{face} (D{sides})" for sides, face in self.faces)
        times = f" x {self.expr.multiplier}" if self.expr.multiplier != 1 else ""
        mod = f" {'+' if self.expr.modifier >= 0 else '-'} {abs(self.expr.modifier)}" if self.expr.modifier else ""
        return f"{self.expr}: [{dice}]{times}{mod} = {self.total}"


def parse_roll(text: str) -> RollExpr:
    """Parse ``3D6+4``, ``2D6+D10+3``, ``3D6-2``, ``1D10+4`` (case-insensitive, spaces allowed)."""
    return _parse_roll_cached(str(text).strip())


@lru_cache(maxsize=4096)
def _parse_roll_cached(source: str) -> RollExpr:
    if not source:
        raise DiceError("empty dice expression: write something like 3D6+4 or 2D6+D10+3")
    s = source.replace(" ", "").replace("×", "x").replace("X", "x").replace("*", "x")
    if not re.fullmatch(r"[0-9dD%+\-x]+", s):
        bad = next(ch for ch in s if not re.match(r"[0-9dD%+\-x]", ch))
        raise DiceError(f"dice expression {source!r}: unexpected {bad!r}; allowed: NdS terms, +/- whole numbers and xN multipliers, e.g. 2D6+D10+3 or 3D6x2")
    if s[0] == "x":
        raise DiceError(f"dice expression {source!r}: unexpected {source.strip()[0]!r} at the start; a multiplier follows dice, e.g. 3D6x2")
    if s[-1] in "+-x" or s[0] in "+" or re.search(r"[+\-x]{2}", s):
        raise DiceError(f"dice expression {source!r} is incomplete: every +, - or x needs a term after it, e.g. 3D6+4 or 3D6x2")
    tokens = re.findall(r"[+\-x]?[^+\-x]+", s)
    groups: dict[int, int] = {}
    modifier = 0
    multiplier = 1
    for token in tokens:
        if token.startswith("x"):
            body = token[1:]
            if not body.isdigit() or int(body) < 1:
                raise DiceError(f"dice expression {source!r}: a multiplier is a whole number of 1 or more, e.g. 3D6x2 (not x{body})")
            if not groups:
                raise DiceError(f"dice expression {source!r}: a multiplier multiplies dice; write the dice first, e.g. 3D6x2")
            multiplier *= int(body)
            modifier *= int(body)
            continue
        sign = -1 if token.startswith("-") else 1
        body = token.lstrip("+-")
        m = re.fullmatch(r"(\d*)[dD](\d+|%)", body)
        if m:
            if multiplier != 1:
                raise DiceError(f"dice expression {source!r}: dice cannot follow a multiplier; write the dice first, e.g. 3D6+D10x2")
            if sign < 0:
                raise DiceError(f"dice expression {source!r}: dice cannot be subtracted ({token})")
            if len(m.group(1)) > 9 or (m.group(2) != "%" and len(m.group(2)) > 9):
                raise DiceError(f"dice expression {source!r}: {body[:16]} is too large; use 1 to {MAX_DICE} dice "
                                f"of 2 to {MAX_SIDES} sides")
            count = int(m.group(1)) if m.group(1) else 1
            sides = 100 if m.group(2) == "%" else int(m.group(2))
            if count < 1:
                raise DiceError(f"dice expression {source!r}: {body} rolls no dice; use 1 to {MAX_DICE} dice")
            if sides < 2 or sides > MAX_SIDES:
                raise DiceError(f"dice expression {source!r}: D{sides} is not a die; sides must be 2 to {MAX_SIDES}")
            groups[sides] = groups.get(sides, 0) + count
        elif body.isdigit():
            if len(body) > 6 or int(body) > MAX_MODIFIER:
                raise DiceError(f"dice expression {source!r}: the number {body[:12]}{'...' if len(body) > 12 else ''} "
                                f"is too large; fixed numbers are at most {MAX_MODIFIER}")
            modifier += sign * int(body)
        else:
            raise DiceError(f"dice expression {source!r}: cannot read {body!r}; write terms like 3D6, D10 or 4")
    if abs(modifier) > MAX_MODIFIER:
        raise DiceError(f"dice expression {source!r} adds {modifier:+d}; fixed numbers add up to at most {MAX_MODIFIER}")
    total = sum(groups.values())
    if total > MAX_DICE:
        raise DiceError(f"dice expression {source!r} rolls {total} dice; at most {MAX_DICE} are allowed")
    # Keep the groups in the order a player reads them: D6s before D10s, as the book writes them.
    ordered = tuple(sorted(groups.items(), key=lambda kv: kv[0]))
    text = source.upper().replace(" ", "").replace("×", "X").replace("*", "X").replace("X", "x")
    return RollExpr(tuple((count, sides) for sides, count in ordered), modifier, text, multiplier)


@dataclass(frozen=True)
class DamageExpr:
    """A Melee Damage stat: ``High``, ``Low`` or ``High+Low`` (or a fixed number) and modifiers."""

    base: str  # "high" | "low" | "high+low" | "fixed"
    fixed: int = 0
    steps: tuple[tuple[str, int], ...] = ()  # ("+", 2), ("x", 3), applied in order
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.base

    def base_value(self, values: Sequence[int]) -> int:
        if self.base == "fixed":
            return self.fixed
        if not values:
            return 0
        high, low = max(values), min(values)
        if self.base == "high":
            return high * values.count(high)
        if self.base == "low":
            return low * values.count(low)
        # high+low: every die that is highest or lowest counts once.
        if high == low:
            return sum(values)
        if values.count(high) == 1 and values.count(low) == 1:
            return high + low
        return sum(v for v in values if v in (high, low))

    def apply(self, values: Sequence[int]) -> int:
        """Damage dealt by an attack roll whose dice showed ``values``."""
        amount = self.base_value(list(values))
        for op, n in self.steps:
            amount = amount * n if op == "x" else amount + (n if op == "+" else -n)
        return max(0, amount)


def parse_damage(text: str) -> DamageExpr:
    """Parse ``High``, ``Low``, ``High+Low``, with ``+N``, ``-N``, ``xN``: ``High+2``, ``Lowx3``."""
    return _parse_damage_cached(str(text).strip())


@lru_cache(maxsize=4096)
def _parse_damage_cached(source: str) -> DamageExpr:
    s = source.replace(" ", "").lower().replace("×", "x").replace("*", "x")
    m = re.match(r"(high\+low|low\+high|high|low|\d+)", s)
    if not m:
        raise DiceError(
            f"damage expression {source!r}: start with High, Low, High+Low or a number, e.g. High+2 or Lowx3"
        )
    head = m.group(1)
    rest = s[m.end():]
    steps = []
    for op, num in re.findall(r"([+\-x])(\d+)", rest):
        if len(num) > len(str(MAX_MODIFIER)):
            raise DiceError(f"damage expression {source[:40]!r}: the number {num[:12]}... is too large; "
                            f"fixed numbers are at most {MAX_MODIFIER}")
        steps.append((op, int(num)))
    if "".join(f"{op}{n}" for op, n in steps) != rest:
        raise DiceError(
            f"damage expression {source!r}: after {head!r} only +N, -N or xN may follow, e.g. High+Low+1 or Highx2"
        )
    if head.isdigit():
        return DamageExpr("fixed", int(head), tuple(steps), source)
    base = "high+low" if "+" in head else head
    return DamageExpr(base, 0, tuple(steps), source)


def _check_exact_size(expr: RollExpr) -> None:
    outcomes = 1
    for count, sides in expr.groups:
        outcomes *= math.comb(count + sides - 1, sides - 1)
    if outcomes > MAX_EXACT_OUTCOMES:
        raise DiceError(
            f"{expr} has too many dice for exact odds ({outcomes:,} sorted outcomes; the limit is "
            f"{MAX_EXACT_OUTCOMES:,}); use fewer or smaller dice"
        )


@lru_cache(maxsize=2048)
def _joint(expr: RollExpr, damage: DamageExpr | None) -> dict[tuple[int, int], int]:
    """(total, damage) -> number of ways, enumerating sorted dice outcomes with icepool.

    Cached: a cost model asks the same attack against many Defense values, and the
    enumeration, not the comparison with Defense, is the expensive part.
    """
    _check_exact_size(expr)
    if not expr.groups:
        dmg = damage.apply([]) if damage else 0
        return {(expr.modifier, dmg): 1}
    pool = icepool.Pool([icepool.Die(range(1, sides + 1)) for count, sides in expr.groups for _ in range(count)])
    out: dict[tuple[int, int], int] = {}
    for faces, ways in pool.expand().items():
        values = list(faces)
        key = (expr.total_of(values), damage.apply(values) if damage else 0)
        out[key] = out.get(key, 0) + ways
    return out


@lru_cache(maxsize=1024)
def _total_distribution(expr: RollExpr) -> Distribution:
    counts: dict[int, int] = {}
    for (total, _), ways in _joint(expr.plain(), None).items():
        counts[total] = counts.get(total, 0) + ways
    return Distribution.from_counts(counts)


@lru_cache(maxsize=8192)
def _attack_odds_cached(expr: RollExpr, defense: int, damage: DamageExpr) -> AttackOdds:
    joint = _joint(expr, damage)
    total_ways = sum(joint.values())
    hit_ways = 0
    damage_counts: dict[int, int] = {}
    for (total, dmg), ways in joint.items():
        dealt = dmg if total > defense else 0
        if total > defense:
            hit_ways += ways
        damage_counts[dealt] = damage_counts.get(dealt, 0) + ways
    return AttackOdds(Fraction(hit_ways, total_ways), Distribution.from_counts(damage_counts))


def check_bladestorm_dice(expr: RollExpr) -> RollExpr:
    """Bladestorm attacks roll D6s and D10s only; any other die is a DiceError naming it."""
    other = [sides for _, sides in expr.groups if sides not in BLADESTORM_SIDES]
    if other:
        raise DiceError(f"dice expression {expr}: Bladestorm rolls D6 and D10, not D{other[0]}")
    return expr


def attack_odds(attack: RollExpr | str, defense: int, damage: DamageExpr | str) -> AttackOdds:
    """Exact odds of one melee attack: hit when the roll exceeds ``defense``; miss deals 0."""
    expr = parse_roll(attack) if isinstance(attack, str) else attack
    check_bladestorm_dice(expr)
    dmg = parse_damage(damage) if isinstance(damage, str) else damage
    # Normalise away the source text so "3d6+4" and "3D6+4" share one cache entry.
    dmg = DamageExpr(dmg.base, dmg.fixed, dmg.steps)
    return _attack_odds_cached(expr.plain(), int(defense), dmg)


@dataclass(frozen=True)
class AttackResult:
    roll: Rolled
    defense: int
    hit: bool
    damage: int


def resolve_attack(rolled: Rolled, defense: int, damage: DamageExpr | str) -> AttackResult:
    """Resolve an attack from dice already rolled (or given, to replay a book example)."""
    dmg = parse_damage(damage) if isinstance(damage, str) else damage
    hit = rolled.total > defense
    return AttackResult(rolled, defense, hit, dmg.apply(rolled.values) if hit else 0)


def roll_attack(rng: Rng, attack: RollExpr | str, defense: int, damage: DamageExpr | str) -> AttackResult:
    expr = parse_roll(attack) if isinstance(attack, str) else attack
    return resolve_attack(expr.roll(rng), defense, damage)


# -- percentile "Chance" rolls --------------------------------------------------------------


def chance_value(tens: int, ones: int) -> int:
    """Read two D10s (faces 0-9) as a percentile: 00 is 100."""
    value = tens * 10 + ones
    return 100 if value == 0 else value


def roll_chance(rng: Rng) -> tuple[int, int, int]:
    """Roll 2D10 as (tens, ones, result 1-100)."""
    tens, ones = rng.integers(0, 9), rng.integers(0, 9)
    return tens, ones, chance_value(tens, ones)


def chance_probability(percent: int) -> Fraction:
    """Exact probability that a Chance roll succeeds (result <= percent)."""
    return Fraction(max(0, min(100, int(percent))), 100)
