"""An honest early stop: is A's score inside 45-55% or outside it, decided at a few planned looks.

Looking at a 95% interval after every battle and stopping the first time it says something is
wrong more than 5% of the time: with hundreds of looks, noise alone crosses a line sooner or
later. So the data are examined only at planned *looks* (every ``look_every`` battles, 200 by
default, and at the last battle), and each look uses a wider interval: with ``K`` looks, each
is a Wilson interval at confidence ``1 - alpha / K`` (Bonferroni). The chance that any look
gives a wrong verdict is then at most ``alpha`` (5%), however the looks are correlated.

At each look:

- the whole interval inside the band (45% to 55%): **balanced**, stop;
- the whole interval outside the band (entirely below 45% or above 55%): **not balanced**, stop;
- otherwise play on to the next look. After the last look with neither: **undecided** (the
  match-up is close to a band edge, or the budget of battles was too small to tell).

A's score counts a draw as half a win. Looks fall on even battle counts so both seats have
played the same number of battles.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.balance.winrate import wilson_interval
from generator.errors import SkirmishError

BALANCED = "balanced"
NOT_BALANCED = "not balanced"
UNDECIDED = "undecided"

#: The most battles one verdict may play.
MAX_BATTLES = 100_000


@dataclass(frozen=True)
class Plan:
    """When to look and what counts as even."""

    max_battles: int = 2000
    look_every: int = 200
    band: tuple[float, float] = (0.45, 0.55)
    alpha: float = 0.05

    def __post_init__(self) -> None:
        if not 2 <= self.max_battles <= MAX_BATTLES:
            raise SkirmishError(f"--battles: {self.max_battles} is outside 2 to {MAX_BATTLES}")
        if self.look_every < 2:
            raise SkirmishError(f"--look-every: {self.look_every} is below 2")
        low, high = self.band
        if not 0 <= low < 0.5 < high <= 1:
            raise SkirmishError(f"band {self.band} must hold 50%")
        if not 0 < self.alpha < 0.5:
            raise SkirmishError(f"alpha {self.alpha} is outside 0 to 0.5")

    @property
    def looks(self) -> list[int]:
        """The battle counts at which the data are examined (even numbers, the last is the budget)."""
        step = max(2, self.look_every - self.look_every % 2)
        last = self.max_battles - self.max_battles % 2
        looks = list(range(step, last, step))
        return looks + [last]

    @property
    def look_confidence(self) -> float:
        """The confidence of the interval at each look: ``1 - alpha / number of looks``."""
        return 1 - self.alpha / len(self.looks)


def decide(score: float, games: int, plan: Plan) -> tuple[str, tuple[float, float]]:
    """The verdict at one look: ``score`` is A's wins plus half its draws over ``games`` battles."""
    low, high = wilson_interval(score, games, plan.look_confidence)
    band_low, band_high = plan.band
    if band_low <= low and high <= band_high:
        return BALANCED, (low, high)
    if high < band_low or low > band_high:
        return NOT_BALANCED, (low, high)
    return UNDECIDED, (low, high)


def beyond_margin(score: float, games: int, margin: float) -> bool:
    """True when the 95% interval of ``score`` wins in ``games`` battles holds no score within
    ``margin`` of 50%: a search that keeps only such settings can stop playing this one."""
    low, high = wilson_interval(score, games, 0.95)
    return high < 0.5 - margin or low > 0.5 + margin


@dataclass
class Tally:
    """Battles so far, from side A's point of view."""

    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    rounds: int = 0
    by_seat: dict = field(default_factory=lambda: {"a": [0, 0, 0], "b": [0, 0, 0]})
    #: (wins of A, wins of B, draws) by which force set up first, where the system reports it
    by_first: dict = field(default_factory=lambda: {"A": [0, 0, 0], "B": [0, 0, 0]})

    @property
    def games(self) -> int:
        return self.wins_a + self.wins_b + self.draws

    @property
    def score(self) -> float:
        return self.wins_a + 0.5 * self.draws

    @property
    def win_rate_a(self) -> float:
        return self.score / self.games if self.games else 0.5

    def add(self, winner: str | None, rounds: int, seat_of_a: str, first: str | None = None) -> None:
        """One battle: ``winner`` is "A", "B" or None; ``seat_of_a`` the seat A played from;
        ``first`` the force that set up first ("A", "B", or None when the system does not say)."""
        column = {"A": 0, "B": 1, None: 2}[winner]
        if first is not None:
            self.by_first[first][column] += 1
        if winner == "A":
            self.wins_a += 1
        elif winner == "B":
            self.wins_b += 1
        else:
            self.draws += 1
        self.rounds += rounds
        self.by_seat[seat_of_a][column] += 1

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        return wilson_interval(self.score, self.games, confidence)

    @property
    def setup_counted(self) -> int:
        """Battles in which the system said which side set up first."""
        return sum(sum(row) for row in self.by_first.values())

    def setup_lean(self, confidence: float = 0.95) -> tuple[float, tuple[float, float], int] | None:
        """How the table treats the side that sets up first, whichever force that is: its score
        (draws half), that score's interval and the battles counted; None when not reported."""
        games = self.setup_counted
        if not games:
            return None
        first_a, first_b = self.by_first["A"], self.by_first["B"]
        score = first_a[0] + first_b[1] + 0.5 * (first_a[2] + first_b[2])
        return score / games, wilson_interval(score, games, confidence), games


def z_for(confidence: float) -> float:
    """The two-sided normal quantile of a confidence (for the documentation and tests)."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + confidence / 2)


def battles_to_show_even(plan: Plan) -> int:
    """Roughly how many battles an exactly even match-up needs before its interval fits the band."""
    half = (plan.band[1] - plan.band[0]) / 2
    z = z_for(plan.look_confidence)
    return math.ceil((z * 0.5 / half) ** 2)
