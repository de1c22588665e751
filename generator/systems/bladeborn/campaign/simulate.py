"""Whole campaigns played by the engine: who wins how often, how long they last, what swings them.

Campaign ``i`` of a run is decided by ``(seed, i)`` alone: its cards are drawn from the seed
``Rng(seed).spawn(f"campaign-{i}")`` and its battles' dice from that stream's children, so
``--jobs 1`` and ``--jobs 4`` give the same report. A campaign still going after
:data:`MAX_BATTLES` battles is stopped and counted as unfinished (the report says how many; the
book's flow has no bound, so this is a guard, not a rule).

What swings a campaign, in battles: a convergence card's swing is how far the aspirant's win
rate when playing it lies from one half; an artefact, reward or lesser artefact's swing is the
holder's battle win rate with the card in play less that side's win rate in its battles without
it (a card held late in a campaign meets harder convergences, so read these as a guide).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable

from generator.dice.rng import Rng

MAX_BATTLES = 200


@dataclass
class Row:
    """One battle of a simulated campaign, as the statistics read it."""

    kind: str
    level: str | None
    aspirant: str | None
    convergence: str | None
    winner: str
    cards: dict[str, list[tuple[str, str]]]  # side -> (card name, source) in play for that side


@dataclass
class Run:
    index: int
    seed: int
    winner: str | None  # None: stopped at MAX_BATTLES
    rows: list[Row] = field(default_factory=list)

    @property
    def battles(self) -> int:
        return len(self.rows)


def run_campaign(warbands: dict, index: int, seed: int, policy: str = "greedy", lesser: str = "eager",
                 max_battles: int = MAX_BATTLES) -> Run:
    """Play campaign ``index`` of a run to its end with the engine."""
    from generator.systems.bladeborn.campaign.play import advanced, play_next
    from generator.systems.bladeborn.campaign.start import start_campaign

    stream = Rng(seed).spawn(f"campaign-{index}")
    loaded = start_campaign(warbands, stream.seed).loaded
    run = Run(index, stream.seed, None)
    while loaded.campaign.winner is None and run.battles < max_battles:
        battle = loaded.campaign.next
        played = play_next(loaded, stream.spawn(f"play-{battle.number}").seed, policy, lesser)
        cards: dict[str, list[tuple[str, str]]] = {"a": [], "b": []}
        for item in played.inputs.in_play:
            if item.side is not None:
                cards[item.side].append((item.name, item.source))
        run.rows.append(Row(battle.kind, battle.level, battle.aspirant, battle.convergence, played.winner, cards))
        loaded = advanced(loaded, played.campaign)
    run.winner = loaded.campaign.winner
    return run


def _chunk(warbands: dict, indices: list[int], seed: int, policy: str, lesser: str, max_battles: int) -> list[Run]:
    return [run_campaign(warbands, i, seed, policy, lesser, max_battles) for i in indices]


def simulate(warbands: dict, campaigns: int, seed: int, jobs: int | None = 1, policy: str = "greedy", lesser: str = "eager",
             max_battles: int = MAX_BATTLES, progress: Callable[[int, int], None] | None = None) -> "Report":
    """``campaigns`` whole campaigns between ``warbands["a"]`` and ``warbands["b"]``."""
    from generator.balance.runner import check_jobs

    workers = min(check_jobs(jobs), max(1, campaigns))
    runs: list[Run] = []
    if workers == 1:
        for i in range(campaigns):
            runs.append(run_campaign(warbands, i, seed, policy, lesser, max_battles))
            if progress:
                progress(len(runs), campaigns)
    else:
        size = max(1, math.ceil(campaigns / (workers * 4)))
        pieces = [list(range(i, min(i + size, campaigns))) for i in range(0, campaigns, size)]
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [pool.submit(_chunk, warbands, piece, seed, policy, lesser, max_battles) for piece in pieces]
            for future in as_completed(futures):
                runs += future.result()
                if progress:
                    progress(len(runs), campaigns)
    runs.sort(key=lambda r: r.index)
    names = {s: warbands[s].name for s in ("a", "b")}
    return Report(names, seed, policy, lesser, max_battles, runs)


# ---- the report ----------------------------------------------------------------------------------


def _wilson(wins: int, n: int) -> tuple[float, float]:
    from generator.balance.winrate import wilson_interval

    return wilson_interval(wins, n) if n else (0.0, 1.0)


def _percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


@dataclass
class Report:
    names: dict[str, str]
    seed: int
    policy: str
    lesser: str
    max_battles: int
    runs: list[Run]

    @property
    def finished(self) -> list[Run]:
        return [r for r in self.runs if r.winner is not None]

    def wins(self) -> dict[str, int]:
        return {s: sum(1 for r in self.runs if r.winner == s) for s in ("a", "b")}

    def lengths(self) -> list[int]:
        return [r.battles for r in self.finished]

    def length_summary(self) -> dict[str, Any]:
        lengths = self.lengths()
        if not lengths:
            return {}
        return {"mean": round(statistics.fmean(lengths), 2), "median": statistics.median(lengths),
                "p10": _percentile(lengths, 0.1), "p90": _percentile(lengths, 0.9), "min": min(lengths),
                "max": max(lengths), "histogram": dict(sorted(Counter(lengths).items())),
                "convergences_mean": round(statistics.fmean(
                    sum(1 for row in r.rows if row.kind == "convergence") for r in self.finished), 2)}

    def convergences(self) -> list[dict[str, Any]]:
        """Each convergence card: plays, the aspirant's wins, and its swing from an even battle."""
        tally: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
        for run in self.runs:
            for row in run.rows:
                if row.kind == "convergence":
                    t = tally[(row.aspirant, row.level, row.convergence)]
                    t[0] += 1
                    t[1] += row.winner == row.aspirant
        out = []
        for (side, level, name), (n, w) in tally.items():
            lo, hi = _wilson(w, n)
            out.append({"side": side, "warband": self.names[side], "level": level, "card": name, "plays": n,
                        "aspirant_wins": w, "rate": round(w / n, 3), "ci95": [round(lo, 3), round(hi, 3)],
                        "swing": round(w / n - 0.5, 3)})
        order = {"first": 0, "second": 1, "final": 2}
        return sorted(out, key=lambda x: (x["side"], order[x["level"]]))

    def cards(self, least: int = 20) -> list[dict[str, Any]]:
        """Artefacts, rewards and lesser artefacts: the holder's battle win rate with and without."""
        with_card: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
        battles = {s: [0, 0] for s in ("a", "b")}
        for run in self.runs:
            for row in run.rows:
                for side in ("a", "b"):
                    won = row.winner == side
                    battles[side][0] += 1
                    battles[side][1] += won
                    for name, source in set(row.cards[side]):
                        t = with_card[(side, name, source)]
                        t[0] += 1
                        t[1] += won
        out = []
        for (side, name, source), (n, w) in with_card.items():
            rest_n, rest_w = battles[side][0] - n, battles[side][1] - w
            if n < least or rest_n < least:
                continue
            p1, p0 = w / n, rest_w / rest_n
            half = 1.96 * math.sqrt(p1 * (1 - p1) / n + p0 * (1 - p0) / rest_n)  # normal approximation
            out.append({"side": side, "warband": self.names[side], "card": name, "kind": source, "battles": n,
                        "rate_with": round(p1, 3), "rate_without": round(p0, 3), "swing": round(p1 - p0, 3),
                        "swing_ci95": [round(p1 - p0 - half, 3), round(p1 - p0 + half, 3)]})
        return sorted(out, key=lambda x: -abs(x["swing"]))

    def first_battle_winner_wins(self) -> float | None:
        runs = [r for r in self.finished if r.rows]
        if not runs:
            return None
        return round(sum(1 for r in runs if r.rows[0].winner == r.winner) / len(runs), 3)

    def battle_share_a(self) -> float | None:
        rows = [row for run in self.runs for row in run.rows]
        return round(sum(1 for row in rows if row.winner == "a") / len(rows), 3) if rows else None

    def to_json(self) -> dict[str, Any]:
        wins = self.wins()
        done = len(self.finished)
        lo, hi = _wilson(wins["a"], done)
        return {"campaigns": len(self.runs), "seed": self.seed, "policy": self.policy, "lesser": self.lesser,
                "warbands": self.names, "wins": wins, "unfinished": len(self.runs) - done,
                "max_battles": self.max_battles,
                "a_share": round(wins["a"] / done, 3) if done else None, "a_ci95": [round(lo, 3), round(hi, 3)],
                "length": self.length_summary(), "battles": sum(r.battles for r in self.runs),
                "a_battle_share": self.battle_share_a(), "first_battle_winner_wins": self.first_battle_winner_wins(),
                "convergences": self.convergences(), "cards": self.cards()}

    def lines(self) -> list[str]:
        data = self.to_json()
        n, wins = data["campaigns"], data["wins"]
        out = [f"{n} campaigns, {self.names['a']} (A) against {self.names['b']} (B), seed {self.seed}"]
        if data["a_share"] is not None:
            out.append(f"  A wins {wins['a']} ({data['a_share']:.1%}, 95% interval {data['a_ci95'][0]:.1%} to "
                       f"{data['a_ci95'][1]:.1%}), B wins {wins['b']}; unfinished after {self.max_battles} battles: "
                       f"{data['unfinished']}")
        length = data["length"]
        if length:
            out.append(f"  length in battles: mean {length['mean']}, median {length['median']:g}, 10-90% "
                       f"{length['p10']:g}-{length['p90']:g}, shortest {length['min']}, longest {length['max']}; "
                       f"{length['convergences_mean']} convergences a campaign on average")
            out.append("  battles: " + ", ".join(f"{k}: {v}" for k, v in length["histogram"].items()))
        if data["a_battle_share"] is not None:
            out.append(f"  A wins {data['a_battle_share']:.1%} of the {data['battles']} battles played")
        if data["first_battle_winner_wins"] is not None:
            out.append(f"  the winner of the first battle wins the campaign {data['first_battle_winner_wins']:.1%} of the time")
        out.append("  convergences (the aspirant's wins):")
        for c in data["convergences"]:
            lo, hi = c["ci95"]
            beyond = "" if lo <= 0.5 <= hi else (", easier than an even battle" if lo > 0.5 else ", harder than an even battle")
            out.append(f"    {c['side'].upper()} {c['level']:<6} {c['card']}: {c['aspirant_wins']}/{c['plays']} "
                       f"({c['rate']:.1%}, 95% {lo:.0%}-{hi:.0%}{beyond})")
        if data["cards"]:
            out.append("  cards that swing battles most (holder's battle win rate with / without the card):")
            for c in data["cards"][:8]:
                lo, hi = c["swing_ci95"]
                beyond = "" if lo <= 0 <= hi else ", beyond the noise"
                out.append(f"    {c['side'].upper()} {c['card']} ({c['kind']}): {c['rate_with']:.1%} in {c['battles']} "
                           f"battles / {c['rate_without']:.1%} without ({c['swing']:+.1%}, 95% {lo:+.0%} to {hi:+.0%}{beyond})")
        return out
