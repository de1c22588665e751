"""Do a system's prices predict who wins? A round robin of random forces, read with Bradley-Terry.

``calibrate`` builds ``N`` random forces (half at the budget ``P``, half at budgets spread evenly
from ``P * (1 - spread)`` to ``P * (1 + spread)``), plays every pair the same number of battles
on the board (seats alternating, as ``skirmish balance`` does), and fits one strength per force
with the Bradley-Terry model (``choix.ilsr_pairwise_dense``: P(i beats j) = 1 / (1 + e^(s_j - s_i)),
draws counted half a win each way). It then asks of the prices:

- **Spearman**: does the order of costs match the order of strengths, over the forces of
  different budgets (the spread half)? 1.0 means a dearer force is always stronger. The forces at
  the budget tie on cost, so among them Spearman can only count noise; they are what the next
  measure reads. ``spearman_all`` is the same over every force.
- **Equal-cost pairs**: of the pairs whose costs differ by at most ``equal_within`` of ``P``,
  what share won 45-55% and 40-60% against each other? (Each pair's rate is a sample: with 200
  battles a truly even pair lands in 45-55% only about 85% of the time, so these shares are a
  floor on what the prices deserve; the report gives the battles per pair.)
- **Mispriced forces**: a straight line strength = a + b * cost fitted over all forces says what
  each force "should" cost; the forces furthest above the line are under-priced (stronger than
  their price), the ones below are over-priced. Where combatants recur across forces (by name),
  the residuals are shared out over them (a ridge regression on how many of each a force holds),
  which names the fighter a planted mispricing makes too cheap.
- **What any price could do**: a price is one number per force, so at best it is the force's
  Bradley-Terry strength. What that cannot say is how a pair's result strays from the strengths'
  prediction beyond the noise of its battles (``matchup_sd``: this rock beats that scissors).
  From it follows the share of truly equal-strength pairs that would land in 40-60%
  (``ceiling_40_60``, with endless battles per pair); and from how far the strengths of forces
  at one price stray (``price_sd``), the share the prices themselves lose. A low ceiling says
  no price list can reach the goal; a high one says the prices can still do better.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Callable

import numpy as np

from generator.balance.forces import force_cost, members, random_force
from generator.balance.runner import Job, Runner, check_playable, make_runner
from generator.dice.rng import Rng
from generator.errors import SkirmishError

MAX_ROSTERS = 64


@dataclass
class ForceRow:
    index: int
    name: str
    budget: float
    cost: float
    strength: float = 0.0
    residual: float = 0.0  # strength above the price line
    fair_cost: float = 0.0  # the cost the line gives this strength
    combatants: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"index": self.index, "name": self.name, "budget": round(self.budget, 2), "cost": round(self.cost, 2),
                "strength": round(self.strength, 4), "residual": round(self.residual, 4),
                "fair_cost": round(self.fair_cost, 1), "combatants": [_label(k) for k in self.combatants]}


@dataclass
class PairRow:
    i: int
    j: int
    games: int
    score_i: float  # i's wins + half the draws

    @property
    def rate_i(self) -> float:
        return self.score_i / self.games if self.games else 0.5


@dataclass
class Calibration:
    system: str
    unit: str
    points: float
    battles_per_pair: int
    equal_within: float
    forces: list[ForceRow]
    pairs: list[PairRow]
    spearman: float  # over the forces of different budgets
    slope: float  # strength per unit of cost
    intercept: float
    equal_pairs: int
    share_45_55: float
    share_40_60: float
    combatant_effects: list[dict]
    seed: int
    matchup_sd: float = 0.0  # win-rate spread of pairs that no strength per force explains
    price_sd: float = 0.0  # log-strength spread of forces priced alike
    spearman_all: float = float("nan")  # over every force, the ones at the budget included

    @property
    def ceiling_40_60(self) -> float:
        """The share of equal-strength pairs in 40-60% if prices were perfect (endless battles)."""
        return share_within(self.matchup_sd, 0.10)

    @property
    def price_40_60(self) -> float:
        """The share of equal-price pairs the prices' own spread leaves in 40-60% (endless
        battles, as if match-ups added nothing): two forces at one price differ in strength by
        about sqrt(2) x ``price_sd``."""
        return share_within(math.sqrt(2) * self.price_sd, math.log(0.6 / 0.4))

    def predicted(self, cost_difference: float) -> float:
        """The win rate the price line predicts for a force ``cost_difference`` dearer."""
        return 1 / (1 + math.exp(-self.slope * cost_difference))

    def ranked(self) -> list[ForceRow]:
        return sorted(self.forces, key=lambda f: -f.residual)

    def to_json(self) -> dict:
        ranked = self.ranked()
        return {
            "system": self.system,
            "unit": self.unit,
            "seed": self.seed,
            "points": self.points,
            "rosters": len(self.forces),
            "battles_per_pair": self.battles_per_pair,
            "games": sum(p.games for p in self.pairs),
            "spearman": _number(self.spearman),
            "spearman_all": _number(self.spearman_all),
            "equal_within": self.equal_within,
            "equal_cost_pairs": self.equal_pairs,
            "share_45_55": round(self.share_45_55, 4),
            "share_40_60": round(self.share_40_60, 4),
            "matchup_sd": round(self.matchup_sd, 4),
            "ceiling_40_60": round(self.ceiling_40_60, 4),
            "price_sd": round(self.price_sd, 4),
            "price_40_60": round(self.price_40_60, 4),
            "strength_per_unit": round(self.slope, 6),
            "under_priced": [f.to_json() for f in ranked[:3]],
            "over_priced": [f.to_json() for f in ranked[::-1][:3]],
            "combatants": self.combatant_effects,
            "forces": [f.to_json() for f in self.forces],
            "pairs": [{"a": p.i, "b": p.j, "games": p.games, "win_rate_a": round(p.rate_i, 4)} for p in self.pairs],
        }

    def lines(self) -> list[str]:
        unit = self.unit
        out = [
            f"{len(self.forces)} random {self.system} forces around {self.points:g} {unit}, "
            f"{self.battles_per_pair} battles per pair ({sum(p.games for p in self.pairs)} in all)",
            f"  Spearman (cost vs Bradley-Terry strength), forces of different budgets: {self.spearman:.3f}  "
            f"(goal >= 0.9; all forces {self.spearman_all:.3f})",
        ]
        if self.equal_pairs:
            out.append(f"  equal-cost pairs (within {self.equal_within:.0%} of {self.points:g}): {self.equal_pairs}; "
                       f"{self.share_45_55:.0%} won 45-55%, {self.share_40_60:.0%} won 40-60%  (goal: 80% in 40-60%)")
        else:
            out.append("  no equal-cost pairs: raise --rosters")
        out.append(f"  what match-ups add beyond one strength per force: +-{self.matchup_sd:.1%} of win rate, so even "
                   f"perfect prices would put {self.ceiling_40_60:.0%} of equal pairs in 40-60%")
        out.append(f"  strength of forces priced alike: +-{self.price_sd:.2f} (log-odds), which alone leaves "
                   f"{self.price_40_60:.0%} of equal-price pairs in 40-60%")
        ranked = self.ranked()
        for label, rows in (("most under-priced", ranked[:3]), ("most over-priced", ranked[::-1][:3])):
            out.append(f"  {label}:")
            for f in rows:
                out.append(f"    {f.name}: costs {f.cost:g}, plays like {f.fair_cost:.0f} {unit}")
        if self.combatant_effects:
            top = self.combatant_effects[0]
            bottom = self.combatant_effects[-1]
            out.append(f"  combatant most under-priced: {top['name']} (worth about {top['worth']:+.0f} {unit} more than it costs)")
            out.append(f"  combatant most over-priced: {bottom['name']} ({bottom['worth']:+.0f} {unit})")
        return out


def bradley_terry(n: int, pairs: list[PairRow], alpha: float = 0.1) -> np.ndarray:
    """One log-strength per force, mean zero (``choix``); draws count half a win each way."""
    import choix

    comp = np.zeros((n, n))
    for p in pairs:
        comp[p.i, p.j] += p.score_i
        comp[p.j, p.i] += p.games - p.score_i
    strengths = np.asarray(choix.ilsr_pairwise_dense(comp, alpha=alpha), dtype=float)
    return strengths - strengths.mean()


def _number(value: float) -> float | None:
    """``value`` rounded for JSON, or None where it is undefined (NaN is not JSON): Spearman over
    fewer than three forces of different budgets, or over forces of one cost."""
    return None if math.isnan(value) else round(value, 4)


def share_within(sd: float, half_width: float) -> float:
    """The chance that a normal deviate of spread ``sd`` lies within +-``half_width``."""
    if sd <= 0:
        return 1.0
    return math.erf(half_width / (sd * math.sqrt(2)))


def matchup_spread(strengths, pairs: list[PairRow]) -> float:
    """How far pair results stray from the Bradley-Terry prediction beyond their battles' noise
    (win-rate points, as a standard deviation): the part of who-beats-whom that no single number
    per force, hence no price list, can say. The squared misses are averaged over the degrees of
    freedom the strengths leave (pairs less forces less one), less each pair's binomial
    variance; a negative remainder is noise and counts as none."""
    if not pairs:
        return 0.0
    misses, noise = [], []
    for p in pairs:
        expected = 1 / (1 + math.exp(strengths[p.j] - strengths[p.i]))
        misses.append((p.rate_i - expected) ** 2)
        noise.append(expected * (1 - expected) / max(1, p.games))
    free = len(pairs) - (len(strengths) - 1)
    if free <= 0:
        return 0.0
    return math.sqrt(max(0.0, sum(misses) / free - sum(noise) / len(noise)))


def spearman(x, y) -> float:
    from scipy.stats import spearmanr

    if len(set(x)) < 2 or len(set(y)) < 2:
        return float("nan")
    return float(spearmanr(x, y).statistic)


def _kind(combatant: Any) -> str:
    """What makes two combatants "the same" across forces: the name without the number that
    tells repeats apart ("Warrior 2" -> "Warrior") plus every other stat, so two random fighters
    that merely share a rolled name are not pooled."""
    name = re.sub(r"\s*(\(\d+\)|#?\d+|II)$", "", str(getattr(combatant, "name", "?"))).strip()
    if hasattr(combatant, "model_dump"):
        stats = combatant.model_dump(mode="json", exclude={"name", "points"})
        return f"{name}|{json.dumps(stats, sort_keys=True)}"
    return name


def _label(kind: str) -> str:
    return kind.split("|", 1)[0]


def combatant_effects(forces: list[ForceRow], slope: float) -> list[dict]:
    """Share the residuals out over the combatants that recur across forces (ridge regression)."""
    kinds = sorted({k for f in forces for k in f.combatants})
    counts = {k: sum(1 for f in forces if k in f.combatants) for k in kinds}
    kinds = [k for k in kinds if 2 <= counts[k] < len(forces)]
    if not kinds or slope <= 0:
        return []
    x = np.array([[f.combatants.count(k) for k in kinds] for f in forces], dtype=float)
    x -= x.mean(axis=0)
    r = np.array([f.residual for f in forces])
    coef = np.linalg.solve(x.T @ x + 0.5 * np.eye(len(kinds)), x.T @ r)
    rows = [{"name": _label(k), "forces": counts[k], "effect": round(float(c), 4), "worth": round(float(c) / slope, 1)}
            for k, c in zip(kinds, coef)]
    return sorted(rows, key=lambda row: -row["effect"])


def play_pairs(system: Any, forces: list, pairs: list[tuple[int, int]], battles: int, rng: Rng,
               options: dict | None = None, runner: Runner | None = None, progress=None) -> list[PairRow]:
    """Each pair ``(i, j)`` of ``forces`` played ``battles`` times, seats alternating, pair (i, j)
    on its own stream ``rng.spawn("pair-i-j")``: what calibrate and the price-fitting tools share."""
    jobs = {(i, j): Job(system, forces[i], forces[j], dict(options or {}), rng.spawn(f"pair-{i}-{j}").seed)
            for i, j in pairs}
    own = runner is None
    runner = runner or make_runner(1)
    try:
        by_key = runner.run_tagged([(job, 0, battles) for job in jobs.values()], progress)
    finally:
        if own:
            runner.close()
    out = []
    for (i, j), job in jobs.items():
        winners = [record[1] for record in by_key[job.key]]
        out.append(PairRow(i, j, len(winners), winners.count("A") + 0.5 * winners.count(None)))
    return out


def at_budget(n: int) -> int:
    """How many of ``n`` forces are built at the budget itself (the first ones)."""
    return (n + 1) // 2


def budgets(n: int, points: float, spread: float) -> list[float]:
    equal = at_budget(n)
    others = n - equal
    if others == 1:
        spread_budgets = [points * (1 + spread)]
    else:
        spread_budgets = [points * (1 - spread + 2 * spread * k / (others - 1)) for k in range(others)]
    return [points] * equal + spread_budgets


def calibrate(
    system: Any,
    points: float,
    rng: Rng,
    rosters: int = 12,
    battles_per_pair: int = 200,
    options: dict | None = None,
    runner: Runner | None = None,
    progress: Callable[[int], None] | None = None,
    equal_within: float = 0.05,
    spread: float = 0.25,
    say: Callable[[str], None] | None = None,
) -> Calibration:
    """Round robin of ``rosters`` random forces; how well the system's prices predict the results
    (``say`` hears each stage in a few words)."""
    say = say or (lambda _stage: None)
    check_playable(system)
    if not 4 <= rosters <= MAX_ROSTERS:
        raise SkirmishError(f"--rosters: {rosters} is outside 4 to {MAX_ROSTERS}")
    if not 2 <= battles_per_pair <= 10_000:
        raise SkirmishError(f"--battles: {battles_per_pair} battles per pair is outside 2 to 10000")
    if system.price is None:
        raise SkirmishError(f"{system.title} has no prices to calibrate")
    forces, rows = [], []
    say(f"building {rosters} random forces around {points:g} {system.cost_unit}")
    same = at_budget(rosters)  # budgets() puts the forces at the budget first
    for index, budget in enumerate(budgets(rosters, points, spread)):
        force = random_force(system, budget, rng.spawn(f"force-{index}"), name=f"force {index + 1}")
        forces.append(force)
        rows.append(ForceRow(index, f"force {index + 1}", budget, force_cost(system, force),
                             combatants=[_kind(m) for m in members(system, force)]))
    options = dict(options or {})
    limit_key = (getattr(system, "extra", None) or {}).get("battle_points_option")
    if limit_key and not options.get(limit_key):
        # a system whose battle has a point limit (SagaBorn) plays every pair under the dearest
        # force's cost, so the forces above the budget are not refused
        options[limit_key] = int(math.ceil(max(max(r.cost for r in rows), points)))
    say(f"the round robin: {rosters * (rosters - 1) // 2} pairs, {battles_per_pair} battles each")
    pairs = play_pairs(system, forces, list(combinations(range(rosters), 2)), battles_per_pair, rng, options,
                       runner, progress)
    say("fitting a Bradley-Terry strength per force")
    strengths = bradley_terry(rosters, pairs)
    costs = np.array([r.cost for r in rows])
    slope, intercept = np.polyfit(costs, strengths, 1) if len(set(costs)) > 1 else (0.0, 0.0)
    for row, s in zip(rows, strengths):
        row.strength = float(s)
        row.residual = float(s - (intercept + slope * row.cost))
        row.fair_cost = float((s - intercept) / slope) if slope > 0 else row.cost
    tolerance = equal_within * points
    equal = [p for p in pairs if abs(rows[p.i].cost - rows[p.j].cost) <= tolerance]
    share = (lambda lo, hi: sum(1 for p in equal if lo <= p.rate_i <= hi) / len(equal)) if equal else (lambda lo, hi: 0.0)
    return Calibration(
        system=system.name, unit=system.cost_unit, points=points, battles_per_pair=battles_per_pair,
        equal_within=equal_within, forces=rows, pairs=pairs,
        spearman=spearman(costs[same:], strengths[same:]) if rosters - same >= 3 else float("nan"),
        spearman_all=spearman(costs, strengths),
        slope=float(slope), intercept=float(intercept), equal_pairs=len(equal), share_45_55=share(0.45, 0.55),
        share_40_60=share(0.40, 0.60), combatant_effects=combatant_effects(rows, float(slope)), seed=rng.seed,
        matchup_sd=matchup_spread(strengths, pairs),
        price_sd=_spread_at_one_price(rows[:same], rows),
    )


def _spread_at_one_price(alike: list[ForceRow], rows: list[ForceRow]) -> float:
    """How far the strengths of forces priced alike stray (log-odds, a standard deviation): of
    the forces built at the budget when there are three or more, else around the price line.
    Forces at one price are what an equal-price pair is made of; the line over all budgets is
    straight only roughly, and its bends would count as the price's error. (A builder that stops
    short of the budget, as Gorechosen's at 90%, leaves their costs a little apart.)"""
    if len(alike) >= 3:
        return float(np.std([r.strength for r in alike], ddof=1))
    return float(np.std([r.residual for r in rows], ddof=2)) if len(rows) > 2 else 0.0

