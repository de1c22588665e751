"""Win rates from simulated battles, with confidence intervals.

A simulated win rate is a sample: 530 wins in 1,000 battles does not mean side A is better, it
means its true rate is somewhere around 50-56%. Each outcome share is reported with a Wilson score
interval, which behaves well near 0% and 100% and for small samples (unlike the normal
approximation). Battles draw from independent child streams of one seed, so a run is
reproducible and adding battles does not change the earlier ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Callable, Literal, Optional

from generator.dice.rng import Rng
from generator.errors import SkirmishError

Outcome = Optional[Literal["a", "b"]]  # None is a draw
MAX_BATTLES = 100_000


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / trials``.

    ``successes`` may be fractional: a score that counts a draw as half a win is treated as that
    many successes (the usual approximation for a win/draw/loss score).
    """
    if trials <= 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, not 1e-17
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True)
class WinRate:
    """Counts of a series of battles between side A and side B."""

    wins_a: int
    wins_b: int
    draws: int
    confidence: float = 0.95

    @property
    def battles(self) -> int:
        return self.wins_a + self.wins_b + self.draws

    def share(self, outcome: str) -> float:
        count = {"a": self.wins_a, "b": self.wins_b, "draw": self.draws}[outcome]
        return count / self.battles if self.battles else 0.0

    def interval(self, outcome: str) -> tuple[float, float]:
        count = {"a": self.wins_a, "b": self.wins_b, "draw": self.draws}[outcome]
        return wilson_interval(count, self.battles, self.confidence)

    @property
    def score_a(self) -> float:
        """A's score with draws counted half: 0.5 is an even match."""
        return (self.wins_a + 0.5 * self.draws) / self.battles if self.battles else 0.5

    @property
    def even(self) -> bool:
        """Whether the data are consistent with an even match: A's and B's win intervals overlap."""
        lo_a, hi_a = self.interval("a")
        lo_b, hi_b = self.interval("b")
        return lo_a <= hi_b and lo_b <= hi_a

    def to_json(self) -> dict:
        out: dict = {"battles": self.battles, "confidence": self.confidence, "score_a": round(self.score_a, 4),
                     "even": self.even}
        for key, name in (("a", "a_wins"), ("b", "b_wins"), ("draw", "draws")):
            lo, hi = self.interval(key)
            out[name] = {"count": {"a": self.wins_a, "b": self.wins_b, "draw": self.draws}[key],
                         "share": round(self.share(key), 4), "interval": [round(lo, 4), round(hi, 4)]}
        return out

    def lines(self, name_a: str = "A", name_b: str = "B") -> list[str]:
        pct = int(round(self.confidence * 100))
        rows = []
        for key, label in (("a", f"{name_a} wins"), ("b", f"{name_b} wins"), ("draw", "draws")):
            lo, hi = self.interval(key)
            rows.append(f"{label:<32} {self.share(key):6.1%}   ({pct}% interval {lo:.1%} to {hi:.1%})")
        verdict = "even: the win intervals overlap" if self.even else (
            f"not even: {name_a if self.wins_a > self.wins_b else name_b} is ahead beyond the noise")
        return rows + [f"over {self.battles} battles; {verdict}"]


def run_battles(fight: Callable[[Rng], Outcome], rng: Rng, battles: int, confidence: float = 0.95,
                progress: Callable[[int, int], None] | None = None) -> WinRate:
    """Play ``battles`` fights, each with its own child stream of ``rng``, and count outcomes.
    ``progress(done, total)`` (see generator.progress) is called as they are played."""
    if not 1 <= battles <= MAX_BATTLES:
        raise SkirmishError(f"--battles: {battles} is outside 1 to {MAX_BATTLES}")
    if not 0.5 <= confidence < 1:
        raise SkirmishError(f"--confidence: {confidence} is outside 0.5 to 0.999")
    counts = {"a": 0, "b": 0, None: 0}
    for number in range(battles):
        outcome = fight(rng.spawn(f"battle-{number}"))
        if outcome not in counts:
            raise ValueError(f"a fight must end 'a', 'b' or None (draw), not {outcome!r}")
        counts[outcome] += 1
        if progress is not None and (number + 1) % 50 == 0:
            progress(number + 1, battles)
    return WinRate(counts["a"], counts["b"], counts[None], confidence)
