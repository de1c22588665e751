"""Are these two forces even? A verdict from battles on the board, stopped as soon as it is clear.

The battles are the system's own game (``System.game`` / ``make_battle`` / ``policies``) played by
the engine with greedy players on both sides; a system without a board game is played through
its boardless ``System.fight``. Each pairing is played from both seats in turn, and the
sequential plan of :mod:`generator.balance.sequential` decides when the answer is clear.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from generator.balance.forces import force_name, load_pair, side_cost_of
from generator.balance.runner import Job, Runner, check_playable, make_runner, run_sorted, seat_of_a, uses_board
from generator.balance.sequential import BALANCED, UNDECIDED, Plan, Tally, beyond_margin, decide
from generator.balance.winrate import MAX_BATTLES, WinRate
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.words import possessive


@dataclass
class Verdict:
    """What a balance run found, from side A's point of view."""

    system: str
    unit: str
    names: tuple[str, str]
    costs: tuple[float, float]
    tally: Tally
    plan: Plan
    verdict: str
    interval: tuple[float, float]  # the corrected interval the verdict was read from
    seed: int
    on_board: bool
    models: tuple[float, float] | None = None  # the cost model's estimates, where a printed cost differs
    players: tuple[str, str] = ("greedy", "greedy")  # A's and B's players
    #: Abilities on each side's cards that the battles never play (marked flavour-only).
    not_simulated: tuple[int, int] = (0, 0)
    #: A search's verdict stopped because no score near enough even was left in its interval
    #: (see ``play_verdict``'s ``give_up``): undecided, with the battles played so far.
    given_up: bool = False

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def balanced(self) -> bool:
        return self.verdict == BALANCED

    @property
    def stopped_early(self) -> bool:
        return self.games < self.plan.looks[-1]

    @property
    def ci95(self) -> tuple[float, float]:
        return self.tally.interval(0.95)

    @property
    def mean_rounds(self) -> float:
        return self.tally.rounds / self.games if self.games else 0.0

    def to_json(self) -> dict:
        t = self.tally
        return {
            "system": self.system,
            "seed": self.seed,
            "sides": self._sides(),
            "games": t.games,
            "wins_a": t.wins_a,
            "wins_b": t.wins_b,
            "draws": t.draws,
            "win_rate_a": round(t.win_rate_a, 4),
            "ci95": [round(x, 4) for x in self.ci95],
            "verdict": self.verdict,
            "balanced": self.balanced,
            "stopped_early": self.stopped_early,
            "max_battles": self.plan.max_battles,
            "looks": [n for n in self.plan.looks if n <= t.games],
            "look_confidence": round(self.plan.look_confidence, 5),
            "interval_at_look": [round(x, 4) for x in self.interval],
            "band": list(self.plan.band),
            "by_seat": {f"a_in_seat_{s}": dict(zip(("wins_a", "wins_b", "draws"), v)) for s, v in t.by_seat.items()},
            "mean_rounds": round(self.mean_rounds, 3),
            "on_board": self.on_board,
            "policies": {"a": self.players[0], "b": self.players[1]},
            **self._setup_json(),
            "abilities_not_simulated": list(self.not_simulated),
            **({"given_up": True} if self.given_up else {}),
        }

    def _setup_json(self) -> dict:
        lean = self.tally.setup_lean()
        if lean is None:
            return {}
        score, (low, high), games = lean
        return {"setup_lean": {"score": round(score, 4), "ci95": [round(low, 4), round(high, 4)], "games": games}}

    def _sides(self) -> list[dict]:
        sides = []
        for i, (n, c) in enumerate(zip(self.names, self.costs)):
            side = {"name": n, "cost": round(c, 2), "unit": self.unit}
            if self.models is not None and round(self.models[i], 1) != round(c, 1):
                side["model"] = round(self.models[i], 1)
            sides.append(side)
        return sides

    def lines(self) -> list[str]:
        t = self.tally
        (name_a, name_b), (cost_a, cost_b) = self.names, self.costs
        low, high = self.ci95
        band = f"{self.plan.band[0]:.0%}-{self.plan.band[1]:.0%}"
        rows = [
            f"{name_a} ({cost_a:g} {self.unit}) vs {name_b} ({cost_b:g} {self.unit})",
            f"  {name_a} wins {t.wins_a}, {name_b} wins {t.wins_b}, draws {t.draws} in {t.games} battles"
            + (f" ({self.mean_rounds:.1f} rounds on average)" if self.mean_rounds else ""),
            f"  {possessive(name_a)} score {t.win_rate_a:.1%} (draws half), 95% interval {low:.1%} to {high:.1%}",
        ]
        look_low, look_high = self.interval
        where = (f"stopped early after {t.games} of {self.plan.max_battles} battles" if self.stopped_early
                 else f"after all {t.games} battles")
        if self.given_up:
            where += ", given up: its 95% interval held no score the search keeps"
        if self.verdict == UNDECIDED:
            says = f"undecided: the interval {look_low:.1%} to {look_high:.1%} straddles an edge of {band}"
        elif self.balanced:
            says = f"balanced: the interval {look_low:.1%} to {look_high:.1%} lies inside {band}"
        else:
            ahead = name_a if t.win_rate_a > 0.5 else name_b
            says = f"not balanced: {ahead} is ahead; the interval {look_low:.1%} to {look_high:.1%} lies outside {band}"
        rows.append(f"  {says} ({where}; {self.plan.look_confidence:.2%} interval at each look, see docs/balance.md)")
        for name, n in zip(self.names, self.not_simulated):
            if n:
                rows.append(f"  {name}: {n} abilit{'y' if n == 1 else 'ies'} not simulated (marked flavour on its card)")
        return rows


def play_verdict(
    system: Any,
    force_a: Any,
    force_b: Any,
    options: dict,
    rng: Rng,
    plan: Plan | None = None,
    runner: Runner | None = None,
    progress: Callable[[int], None] | None = None,
    names: tuple[str, str] | None = None,
    players: tuple[str, str] = ("greedy", "greedy"),
    give_up: float | None = None,
) -> Verdict:
    """Play A against B until the sequential plan gives a verdict (or the battles run out);
    ``players`` are A's and B's (each follows its force from seat to seat).

    ``give_up`` is for a search that keeps only forces within that much of 50%: the verdict
    stops, undecided, at the first look whose 95% interval holds no such score. A setting that
    scores 46% shows it after a few hundred battles, and playing it on to the plan's last look
    (where the sequential test would call it not balanced) tells the search nothing more: with
    a margin of 1.5 points and looks every 400 of 4,000 battles, a setting that truly scores 46%
    is given up after 1,600 battles on average instead of 3,850, and a truly even one is given
    up 1.5% of the time (its score must stray past the margin *and* the interval's half-width),
    which only costs the search a step (a simulation of the looks, tests/balance)."""
    check_playable(system)
    plan = plan or Plan()
    job = Job(system, force_a, force_b, dict(options), rng.seed, players[0], policy_b=players[1])
    own = runner is None
    runner = runner or make_runner(1)
    tally = Tally()
    done = 0
    decision, interval = UNDECIDED, (0.0, 1.0)
    given_up = False
    try:
        for look in plan.looks:
            for index, winner, rounds, first in run_sorted(runner, [(job, done, look)], progress):
                tally.add(winner, rounds, seat_of_a(index), first)
            done = look
            decision, interval = decide(tally.score, tally.games, plan)
            if decision != UNDECIDED:
                break
            if give_up is not None and look < plan.looks[-1] and beyond_margin(tally.score, tally.games, give_up):
                given_up = True
                break
    finally:
        if own:
            runner.close()
    names = names or (force_name(force_a, "A"), force_name(force_b, "B"))
    sides = (side_cost_of(system, force_a, options), side_cost_of(system, force_b, options))
    unplayed = (system.extra or {}).get("abilities_not_simulated")
    not_simulated = (unplayed(force_a), unplayed(force_b)) if unplayed else (0, 0)
    return Verdict(system.name, system.cost_unit, names, (sides[0].total, sides[1].total), tally, plan, decision,
                   interval, rng.seed, uses_board(system), (sides[0].model, sides[1].model),
                   tuple(players), not_simulated, given_up)


def balance_files(path_a: Path, path_b: Path, options: dict, rng: Rng, plan: Plan | None = None,
                  runner: Runner | None = None, progress=None, players: tuple[str, str] = ("greedy", "greedy")) -> Verdict:
    """``skirmish balance A B``: load two rosters of one system and give the verdict."""
    system, roster_a, roster_b = load_pair(path_a, path_b)
    names = (force_name(roster_a, Path(path_a).stem), force_name(roster_b, Path(path_b).stem))
    check_players(system, players)
    return play_verdict(system, roster_a, roster_b, options, rng, plan, runner, progress, names, players)


def check_players(system: Any, players: tuple[str, str]) -> None:
    """One line naming the option when a player does not exist for the system."""
    from generator.play.policies import policy_for

    for option, name in zip(("--policy-a", "--policy-b"), players):
        try:
            policy_for(system, name)
        except SkirmishError as err:
            raise SkirmishError(f"{option} {name}: {err}") from None


# -- the fixed-count match-up the demo and older callers use ----------------------------------


@dataclass
class Matchup:
    system: str
    unit: str
    names: tuple[str, str]
    costs: tuple[float, float]
    result: WinRate
    seed: int
    models: tuple[float, float] | None = None  # the cost model's estimates, when they differ

    def to_json(self) -> dict:
        sides = []
        for i, (n, c) in enumerate(zip(self.names, self.costs)):
            side = {"name": n, "cost": round(c, 1), "unit": self.unit}
            if self.models is not None and round(self.models[i], 1) != round(c, 1):
                side["model"] = round(self.models[i], 1)
            sides.append(side)
        return {"system": self.system, "seed": self.seed, "sides": sides, **self.result.to_json()}

    def cost_label(self, index: int) -> str:
        """``636 TPC`` or ``636 TPC (model 622)``."""
        text = f"{self.costs[index]:.0f} {self.unit}"
        if self.models is not None and round(self.models[index]) != round(self.costs[index]):
            text += f", model {self.models[index]:.0f}"
        return text


def simulate_matchup(path_a: Path, path_b: Path, rng: Rng, battles: int = 1000, confidence: float = 0.95,
                     progress=None, options: dict | None = None, runner: Runner | None = None) -> Matchup:
    """Exactly ``battles`` battles (seats alternating, no early stop), counted from A's side;
    ``progress(done, total)`` (generator.progress) is called as they are played."""
    if not 1 <= battles <= MAX_BATTLES:
        raise SkirmishError(f"--battles: {battles} is outside 1 to {MAX_BATTLES}")
    system, roster_a, roster_b = load_pair(path_a, path_b)
    check_playable(system)
    job = Job(system, roster_a, roster_b, dict(options or {}), rng.seed)
    own = runner is None
    runner = runner or make_runner(1)
    try:
        done = [0]

        def advance(n: int) -> None:
            done[0] += n
            progress(done[0], battles)

        records = run_sorted(runner, [(job, 0, battles)], advance if progress else None)
    finally:
        if own:
            runner.close()
    winners = [record[1] for record in records]
    result = WinRate(winners.count("A"), winners.count("B"), winners.count(None), confidence)
    names = (force_name(roster_a, Path(path_a).stem), force_name(roster_b, Path(path_b).stem))
    sides = (side_cost_of(system, roster_a), side_cost_of(system, roster_b))
    return Matchup(system.name, system.cost_unit, names, (sides[0].total, sides[1].total), result, rng.seed,
                   (sides[0].model, sides[1].model))
