"""Exact probability distributions over integers, and the odds of one attack.

Everything here is a :class:`fractions.Fraction`; floats only appear when a result is printed
or written as JSON (next to the exact ``"p/q"`` string).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import Callable, Iterable, Iterator, Mapping


def fraction_text(value: Fraction) -> str:
    """``"p/q"`` (or ``"p"`` for whole numbers) -- the exact form used in JSON output."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


class Distribution(Mapping[int, Fraction]):
    """An exact distribution: outcome -> probability, outcomes sorted, probabilities summing to 1."""

    __slots__ = ("_probs",)

    def __init__(self, probs: Mapping[int, Fraction | int]):
        total = sum(Fraction(p) for p in probs.values())
        if total == 0:
            raise ValueError("a distribution needs at least one outcome with weight")
        self._probs = {int(k): Fraction(v) / total for k, v in sorted(probs.items()) if v}

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> "Distribution":
        """From outcome -> number of equally likely ways (e.g. dice faces enumerated)."""
        return cls(counts)

    @classmethod
    def constant(cls, value: int) -> "Distribution":
        return cls({value: 1})

    # Mapping protocol
    def __getitem__(self, outcome: int) -> Fraction:
        return self._probs.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[int]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}: {fraction_text(v)}" for k, v in self._probs.items())
        return f"Distribution({{{inner}}})"

    # Statistics
    def mean(self) -> Fraction:
        return sum((k * p for k, p in self._probs.items()), Fraction(0))

    def prob(self, predicate: Callable[[int], bool]) -> Fraction:
        return sum((p for k, p in self._probs.items() if predicate(k)), Fraction(0))

    def prob_at_least(self, threshold: int) -> Fraction:
        return self.prob(lambda k: k >= threshold)

    def prob_above(self, threshold: int) -> Fraction:
        return self.prob(lambda k: k > threshold)

    def map(self, func: Callable[[int], int]) -> "Distribution":
        out: dict[int, Fraction] = {}
        for k, p in self._probs.items():
            key = func(k)
            out[key] = out.get(key, Fraction(0)) + p
        return Distribution(out)

    def __add__(self, other: "Distribution") -> "Distribution":
        """Distribution of the sum of two independent outcomes."""
        out: dict[int, Fraction] = {}
        for a, pa in self._probs.items():
            for b, pb in other._probs.items():
                out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
        return Distribution(out)

    @property
    def min(self) -> int:
        return next(iter(self._probs))

    @property
    def max(self) -> int:
        return next(reversed(self._probs))

    def to_json(self) -> tuple[dict[str, float], dict[str, str]]:
        """(float form, exact form), keyed by outcome as a string."""
        floats = {str(k): round(float(p), 5) for k, p in self._probs.items()}
        exact = {str(k): fraction_text(p) for k, p in self._probs.items()}
        return floats, exact


def sum_of(dists: Iterable[Distribution]) -> Distribution:
    total = Distribution.constant(0)
    for d in dists:
        total = total + d
    return total


@dataclass(frozen=True)
class AttackOdds:
    """The exact result of one attack: chance it does anything, and the damage it deals.

    ``damage`` includes the misses (as 0), so ``damage.mean()`` is the expected damage of an
    attack, not of a hit.
    """

    hit_probability: Fraction
    damage: Distribution

    @cached_property  # odds objects are cached and asked again and again by cost models and sims
    def expected_damage(self) -> Fraction:
        return self.damage.mean()

    def kill_probability(self, wounds: int) -> Fraction:
        """Chance that this one attack deals at least ``wounds`` damage."""
        return self.damage.prob_at_least(wounds)

    def to_json(self, wounds: int | None = None) -> dict:
        floats, exact = self.damage.to_json()
        out = {
            "hit_probability": round(float(self.hit_probability), 5),
            "hit_probability_exact": fraction_text(self.hit_probability),
            "expected_damage": round(float(self.expected_damage), 5),
            "expected_damage_exact": fraction_text(self.expected_damage),
            "damage_distribution": floats,
            "damage_distribution_exact": exact,
        }
        if wounds is not None:
            kill = self.kill_probability(wounds)
            out["wounds"] = wounds
            out["kill_probability"] = round(float(kill), 5)
            out["kill_probability_exact"] = fraction_text(kill)
        return out
