"""A real opponent: a force of its own, built for one battle, that the simulator finds even there.

Random forces at equal points are rarely even (prices tell strength only so finely), and picking
the best of many noisy screens picks luck. So the opponent is found in two moves, each spending
battles only where they decide something:

1. **A force of its own.** ``candidates`` fresh forces are built to the budget (the system's
   random builder, and any warbands the system offers, e.g. Warcry's data-set factions), those
   too like the given force dropped (:func:`identical_share`: at most a quarter of the
   opponent's points may be fighters identical to the given ones, names aside). Each is screened
   against the given force on this battle, seats alternating, all on the same dice, as a race:
   every candidate plays a few dozen battles, and only the few nearest even play on to the full
   screen (a force far off after 80 battles is not the one kept). The one nearest 50% is kept.
   That lands within a few points of even.
2. **A knob to finish the job.** The kept force is made stronger or weaker one small step at a
   time (``System.extra["nudge"]``: a Wound more or less on one fighter, an Endurance box...),
   steps spread over its fighters in turn, so strength rises with the knob. Screens on shared
   dice at two settings give the knob's slope; the setting the line puts at 50% is screened,
   and so on (the secant method), until a screen lands within ``near`` of 50%.

The caller's verdict then judges the force found on fresh battles; :func:`step_after` turns a
verdict that missed into the next setting to try. Those verdicts give a setting up as soon as
their interval holds no score the search would keep (``give_up``), rather than playing it out.

Measured on Bladestorm's generator, seeds 1-20 (``benchmarks/bench_scenarios.py``, see
docs/scenarios.md): the race, a cap of 960 battles on a knob screen and the give-up rule together
play half the battles a scenario (11,314 against 21,704) of full screens, knob screens doubling
to 3,840 and verdicts played out, for as many scenarios balanced on a fresh re-check (18 of 20).

Every screen draws from its own named child stream, and the runner plays the battles, so the
same seed finds the same opponent with any ``--jobs`` or on a cluster.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from generator.balance.forces import force_cost, force_name, members, random_force, with_members
from generator.balance.runner import Job, Runner
from generator.dice.rng import Rng
from generator.errors import SkirmishError

#: At most this share of the opponent's points may be fighters identical to the given force's.
MAX_IDENTICAL = 0.25
#: Card fields that name or describe rather than play (left out when two fighters are compared).
_WORDING = {"name", "description", "flavour", "flavor", "notes", "special", "example", "source", "text"}


@dataclass
class Settings:
    candidates: int = 8        # fresh forces screened first
    screen_battles: int = 240  # battles a candidate's screen, for those still in the race
    race_battles: int = 80     # battles every candidate plays first; the far-off ones stop there (0: no race)
    race_keep: int = 3         # candidates nearest even that play on to ``screen_battles``
    knob_battles: int = 480    # battles of the first screen of a knob setting (doubling as it narrows)
    knob_cap: int = 960        # the most battles a knob setting's screen plays (0: no cap)
    knob_steps: int = 4        # knob settings screened at most
    near: float = 0.01         # the fitted line this close to 50% at a screened setting ends the search
    max_knob: int = 40         # the knob's reach: steps either way
    verdicts: int = 4          # verdicts tried, the knob stepped after each miss
    # A verdict is kept only when it is balanced *and* puts the given force within this of 50%:
    # the verdict calls a score up to 2.8 points off "balanced" at 4,000 battles, and a pair
    # that truly scores 47.5% then fails a fresh re-check one time in two.
    margin: float = 0.015
    # A setting's first balanced verdict is played once more on fresh battles, and the second is
    # the one kept: of settings that truly score 52.5%, 28% pass one verdict within the margin
    # and 8% pass two, against 86% and 75% of truly even ones (a simulation of the looks,
    # tests/balance/test_opponent.py), so a kept force fails a fresh re-check far less often.
    confirm: bool = True
    alternatives: int = 1      # other fresh forces tried when the first's knob cannot even the battle
    give_up: bool = True       # a verdict stops once its 95% interval holds no score within ``margin`` of 50%


@dataclass
class Opponent:
    """What the search found: the base force, the knob's setting, and the force at it."""

    base: Any                  # the fresh force kept (knob at 0)
    knob: int                  # steps stronger (+) or weaker (-) than ``base``
    force: Any                 # ``base`` at the knob's setting
    battles: int = 0           # battles the search played
    start: int = 0             # the fighter the knob's first step nudges (see :func:`nudged`)
    log: list[str] = field(default_factory=list)
    #: every screen of a knob setting: (setting, the given force's score, battles)
    points: list[tuple[int, float, int]] = field(default_factory=list)
    #: the other fresh forces screened, nearest even first, with their scores
    alternatives: list[tuple[Any, float]] = field(default_factory=list)

    @property
    def slope(self) -> float | None:
        return _fit(self.points)[1]

    def describe_knob(self, system: Any) -> str:
        """The knob in players' words (empty when it was not turned)."""
        if self.knob == 0:
            return ""
        exact = (system.extra or {}).get("describe_nudge")
        if exact is not None:
            return exact(system, self.base, self.force)
        words = (system.extra or {}).get("nudge_words", ("small stat step", "small stat steps"))
        one, many = (words, words) if isinstance(words, str) else words
        n = abs(self.knob)
        return f"{n} {one if n == 1 else many} {'more' if self.knob > 0 else 'fewer'} than built"


def identical_share(system: Any, force_a: Any, force_b: Any) -> float:
    """The share of ``force_b``'s points that are fighters identical to one of ``force_a``'s
    (every number on the card compared, names and wording left out)."""
    from generator.systems.base import side_cost

    prints_a = {_fingerprint(c) for c in system.combatants(force_a)}
    listed = list(system.combatants(force_b))
    priced = side_cost(system, force_b).priced if system.price else []
    costs = [p.cost for p in priced] if len(priced) == len(listed) else [1.0] * len(listed)
    total = sum(costs)
    if total <= 0:
        return 0.0
    return sum(cost for card, cost in zip(listed, costs) if _fingerprint(card) in prints_a) / total


def _fingerprint(card: Any) -> str:
    import json

    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in sorted(value.items()) if k not in _WORDING}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    data = card.model_dump(mode="json") if hasattr(card, "model_dump") else card
    return json.dumps(strip(data), sort_keys=True)


def nudged(system: Any, force: Any, knob: int, name: str, start: int = 0) -> Any | None:
    """``force`` made ``knob`` steps stronger (or weaker, below 0): step ``k`` nudges fighter
    ``start + k`` (in turn, round the warband); a fighter at a limit is passed over. None when
    the system has no knob or the steps cannot all be taken. ``start`` moves the first step to
    another fighter: a step that crosses a threshold (the box that lets a fighter survive one
    more hit) can move a score by many points, and on another fighter it does not."""
    nudge = (system.extra or {}).get("nudge")
    if knob == 0:
        return force
    if nudge is None:
        return None
    cards = list(system.combatants(force))
    direction = 1 if knob > 0 else -1
    done, stuck, k = 0, 0, start
    while done < abs(knob):
        i = k % len(cards)
        k += 1
        changed = nudge(cards[i], direction)
        if changed is None:
            stuck += 1
            if stuck >= len(cards):
                return None
            continue
        cards[i], done, stuck = changed, done + 1, 0
    try:
        return with_members(system, force, cards, name)
    except (SkirmishError, ValueError):
        return None


def score_of(records) -> float:
    """Side A's score (draws half) over battle records ``(index, winner, ...)``."""
    winners = [record[1] for record in records]
    return (winners.count("A") + 0.5 * winners.count(None)) / len(winners)


class _Screens:
    """Screens of the given force against opponents, all on the same dice (one seed)."""

    def __init__(self, system, force_a, options, runner: Runner, seed: int, battles: int, progress,
                 players: tuple[str, str] = ("greedy", "greedy")):
        self.system, self.force_a, self.options = system, force_a, dict(options)
        self.runner, self.seed, self.battles, self.progress = runner, seed, battles, progress
        self.players = players
        self.played = 0

    def scores(self, forces: list) -> list[float]:
        return self.race(forces, 0, 0)

    def race(self, forces: list, first: int, keep: int) -> list[float]:
        """Each force's score over ``self.battles`` battles; with ``first`` > 0 every force plays
        ``first`` battles and only the ``keep`` nearest even play on to ``self.battles`` (the
        others' scores are their first battles'). A force far off even after a few dozen battles
        is not the one kept, and the battles it would have played go to those that may be.
        Battle ``i`` of every force is played on the same dice, so the scores compare."""
        jobs = [Job(self.system, self.force_a, force, dict(self.options), self.seed, self.players[0],
                    policy_b=self.players[1]) for force in forces]
        first = self.battles if first <= 0 or first >= self.battles or keep >= len(jobs) else first
        results = self.runner.run_tagged([(job, 0, first) for job in jobs], self.progress)
        self.played += first * len(jobs)
        if first < self.battles:
            near = sorted(range(len(jobs)), key=lambda i: abs(score_of(results[jobs[i].key]) - 0.5))[:max(1, keep)]
            more = self.runner.run_tagged([(jobs[i], first, self.battles) for i in near], self.progress)
            self.played += (self.battles - first) * len(near)
            for i in near:
                results[jobs[i].key] = results[jobs[i].key] + more[jobs[i].key]
        return [score_of(results[job.key]) for job in jobs]


def find_opponent(system: Any, force_a: Any, budget: float, options: dict, rng: Rng, runner: Runner,
                  settings: Settings | None = None, name: str = "Opponent", count: int | None = None,
                  say: Callable[[str], None] | None = None, progress=None,
                  players: tuple[str, str] = ("greedy", "greedy")) -> Opponent:
    """An opponent for ``force_a`` on the battle of ``options`` (see the module docstring);
    ``players`` play the given force and the opponent in every battle."""
    from generator.balance.tune import playable

    settings = settings or Settings()
    say = say or (lambda _text: None)
    log: list[str] = []
    screens = _Screens(system, force_a, options, runner, rng.spawn("screens").seed, settings.screen_battles, progress,
                       players)
    say("building opponents of their own")
    best_score, best_scores = 0.0, []
    factors, direction = [1.0], 0
    candidates, best, round_no = [], 0, 0
    while factors:
        factor = factors.pop(0)
        spent = round(budget * factor, 1)
        found, dropped = _candidates(system, force_a, spent, options, rng.spawn(f"round {round_no}"), settings,
                                     count, name, playable)
        round_no += 1
        if not found:
            continue
        say(f"screening {len(found)} opponents")
        screens.battles = settings.screen_battles
        scores = screens.race(found, settings.race_battles, settings.race_keep)
        nearest = min(range(len(found)), key=lambda i: abs(scores[i] - 0.5))
        raced = 0 < settings.race_battles < settings.screen_battles and settings.race_keep < len(found)
        played = (f"{settings.race_battles} battles each, the {settings.race_keep} nearest even "
                  f"{settings.screen_battles}" if raced else f"{settings.screen_battles} battles each")
        log.append(f"screened {len(found)} opponents of their own built to {spent:g} {system.cost_unit} in "
                   f"{played} (scores {min(scores):.0%} to {max(scores):.0%}); the nearest even {scores[nearest]:.1%}"
                   + (f"; {dropped} too like the given force were left out" if dropped else ""))
        if not candidates or abs(scores[nearest] - 0.5) < abs(best_score - 0.5):
            candidates, best, best_score, best_scores = found, nearest, scores[nearest], scores
        # every opponent far weaker (or far stronger) than the given force: a bigger (smaller) budget
        if direction == 0:
            direction = 1 if min(scores) > 0.5 + OUT_OF_REACH else -1 if max(scores) < 0.5 - OUT_OF_REACH else 0
            factors = [f if direction > 0 else 1 / f for f in BUDGET_STEPS[1:]] if direction else []
        elif abs(best_score - 0.5) <= OUT_OF_REACH:
            break
    if not candidates:
        raise SkirmishError(f"{system.title}: no opponent built to {budget:g} {system.cost_unit} could be seated on "
                            f"this battle against {force_name(force_a, 'the given force')}")
    opponent = Opponent(candidates[best], 0, candidates[best], log=log)
    order = sorted(range(len(candidates)), key=lambda i: abs(best_scores[i] - 0.5))
    opponent.alternatives = [(candidates[i], best_scores[i]) for i in order if i != best]
    if (system.extra or {}).get("nudge") is not None:
        say("turning the knob")
        _turn_knob(system, opponent, screens, settings, name)
    opponent.battles = screens.played
    return opponent


#: Budgets the opponents are built to, as shares of the given one (or the given one over them),
#: tried while every opponent built is far weaker (stronger) than the given force: prices are
#: only a guide, and a book's costs can leave one kind of force far ahead of another.
BUDGET_STEPS = (1.0, 1.12, 1.25, 1.4, 1.6)
#: "Far": a screened score this far past 50% is beyond what the knob reaches.
OUT_OF_REACH = 0.15


def _candidates(system, force_a, budget, options, rng, settings, count, name, playable):
    """Fresh forces built to ``budget``, those too like the given force left out (and counted)."""
    candidates, dropped = [], 0
    for k in range(settings.candidates * 3):
        if len(candidates) >= settings.candidates:
            break
        try:
            force = random_force(system, budget, rng.spawn(f"candidate {k}"), name=name, count=count)
        except SkirmishError:
            continue
        if identical_share(system, force_a, force) > MAX_IDENTICAL:
            dropped += 1
            continue
        if playable(system, force_a, force, options):
            candidates.append(force)
    for extra in _offered(system, budget, rng.spawn("offered"), count, name):
        if identical_share(system, force_a, extra) <= MAX_IDENTICAL and playable(system, force_a, extra, options):
            candidates.append(extra)
    return candidates, dropped


def _offered(system, budget, rng, count, name) -> list:
    """Forces the system offers besides random ones (``System.extra["opponents"]``)."""
    offer = (system.extra or {}).get("opponents")
    return list(offer(budget, rng, count, name)) if offer is not None else []


def _turn_knob(system, opponent: Opponent, screens: _Screens, settings: Settings, name: str) -> None:
    """Screens of knob settings on shared dice, a line fitted through all of them (weighted by
    battles), the next setting where the line crosses 50%, each screen twice the last. The
    kept force's own screen is not used: it was kept *because* it looked near even, so it leans
    that way; the search starts with a fresh one."""
    battles = settings.knob_battles
    knob = 0
    for _ in range(settings.knob_steps):
        force = opponent.base if knob == 0 else nudged(system, opponent.base, knob, name)
        while force is None and abs(knob) > 1:
            opponent.log.append(f"the knob cannot go to {knob:+d} (a limit)")
            knob = int(knob / 2)
            force = nudged(system, opponent.base, knob, name)
        if force is None or any(p[0] == knob for p in opponent.points):
            break
        screens.battles = battles
        score = screens.scores([force])[0]
        opponent.points.append((knob, score, battles))
        opponent.log.append(f"knob {knob:+d}: {score:.1%} in {battles} battles")
        intercept, slope = _fit(opponent.points)
        target = _root(intercept, slope, opponent.points, settings.max_knob)
        at_knob = intercept + (slope or 0.0) * knob if slope is not None else score
        if target == knob or (slope is not None and abs(at_knob - 0.5) <= settings.near and len(opponent.points) > 1):
            break
        knob, battles = target, battles * 2 if not settings.knob_cap else min(settings.knob_cap, battles * 2)
    intercept, slope = _fit(opponent.points)
    opponent.knob = _root(intercept, slope, opponent.points, settings.max_knob)
    force = opponent.base if opponent.knob == 0 else nudged(system, opponent.base, opponent.knob, name)
    if force is None:  # the line points past a limit: the nearest screened setting
        opponent.knob = min(opponent.points, key=lambda p: abs(p[1] - 0.5))[0]
        force = nudged(system, opponent.base, opponent.knob, name) if opponent.knob else opponent.base
    opponent.force = force


def _fit(points) -> tuple[float, float | None]:
    """Weighted least squares of score on knob setting: (intercept, slope); the slope is None
    (and the intercept the mean) while fewer than two settings are screened or the screens do
    not fall with the knob."""
    total = sum(w for _, _, w in points)
    if not total:
        return 0.5, None
    mx = sum(k * w for k, _, w in points) / total
    my = sum(y * w for _, y, w in points) / total
    sxx = sum(w * (k - mx) ** 2 for k, _, w in points)
    if sxx == 0:
        return my, None
    slope = sum(w * (k - mx) * (y - my) for k, y, w in points) / sxx
    if slope >= 0:
        return my, None
    return my - slope * mx, slope


#: The knob's assumed effect before two settings are screened: a point of score a step.
GUESSED_SLOPE = -0.01


def _root(intercept: float, slope: float | None, points, reach: int) -> int:
    """The whole setting nearest where the fitted line crosses 50%."""
    if slope is None:
        knob, score = points[-1][0], points[-1][1]
        target = knob + (0.5 - score) / GUESSED_SLOPE
    else:
        target = (0.5 - intercept) / slope
    return max(-reach, min(reach, round(target)))


def step_after(opponent: Opponent, score: float, battles: int, reach: int = 40) -> int | None:
    """The knob's next setting after a verdict found ``score`` in ``battles`` at the current one:
    the verdict joins the screens in the line's fit. None when that points to the same setting."""
    opponent.points.append((opponent.knob, score, battles))
    intercept, slope = _fit(opponent.points)
    target = _root(intercept, slope, opponent.points, reach)
    if target == opponent.knob:
        target = opponent.knob + (1 if score > 0.5 else -1)
    target = max(-reach, min(reach, target))
    return None if target == opponent.knob else target


def settle(system: Any, force_a: Any, opponent: Opponent, options: dict, rng: Rng, runner: Runner, plan,
           settings: Settings | None = None, name: str = "Opponent", say: Callable[[str], None] | None = None,
           progress=None, players: tuple[str, str] = ("greedy", "greedy")):
    """The verdict on the opponent found, and when it misses, the knob stepped by what it found
    and the verdict played again (on fresh battles each time), up to ``settings.verdicts`` times.
    A setting found balanced is played once more on fresh battles (only after a miss when
    ``settings.confirm`` is off), and that verdict is the one that counts: one verdict within the
    margin passes many settings a little off even, and trying again until one passes would pass
    more. When the step would go back to a setting already judged (the score jumps
    across 50% between two settings), the knob's steps start on the next fighter instead. Returns
    the verdict of the force kept (balanced, else the one nearest even); the opponent is left at it."""
    from generator.balance.matchup import play_verdict

    settings = settings or Settings()
    say = say or (lambda _text: None)
    tried = []
    members = len(list(system.combatants(opponent.base)))
    played = 0
    while played < max(1, settings.verdicts):
        say("the verdict" if played == 0 else "the verdict again, the knob stepped")
        give_up = settings.margin if settings.give_up else None
        verdict = play_verdict(system, force_a, opponent.force, options, rng.spawn(f"verdict {played}"), plan, runner,
                               progress, players=players, give_up=give_up)
        played += 1
        opponent.battles += verdict.games
        opponent.log.append(f"verdict at knob {opponent.knob:+d}{_from(opponent.start)}: "
                            f"{verdict.tally.win_rate_a:.1%} in {verdict.games} battles, "
                            f"{'given up' if verdict.given_up else verdict.verdict}")
        within = verdict.balanced and abs(verdict.tally.win_rate_a - 0.5) <= settings.margin
        if within and (played > 1 or settings.confirm) and settings.verdicts > 1:
            say("the verdict once more, on fresh battles")
            verdict = play_verdict(system, force_a, opponent.force, options, rng.spawn(f"confirm {played}"), plan,
                                   runner, progress, players=players, give_up=give_up)
            opponent.battles += verdict.games
            opponent.log.append(f"confirmed on fresh battles: {verdict.tally.win_rate_a:.1%} in {verdict.games} "
                                f"battles, {verdict.verdict}")
        tried.append((opponent.knob, opponent.start, opponent.force, verdict))
        if (verdict.balanced and abs(verdict.tally.win_rate_a - 0.5) <= settings.margin) or \
                (system.extra or {}).get("nudge") is None:
            break
        if not _step(system, opponent, verdict, tried, members, settings, name):
            break
    knob, start, force, verdict = min(tried, key=lambda t: (not t[3].balanced, abs(t[3].tally.win_rate_a - 0.5)))
    opponent.knob, opponent.start, opponent.force = knob, start, force
    return verdict


def even_opponent(system: Any, force_a: Any, budget: float, options: dict, rng: Rng, runner: Runner, plan,
                  settings: Settings | None = None, name: str = "Opponent", count: int | None = None,
                  say: Callable[[str], None] | None = None, progress=None,
                  players: tuple[str, str] = ("greedy", "greedy")):
    """:func:`find_opponent` then :func:`settle`; when the verdicts cannot even the battle with
    the force kept, the next fresh force (nearest even of the rest) gets a knob of its own, up to
    ``settings.alternatives`` times. Returns ``(opponent, verdict)`` of the best tried."""
    settings = settings or Settings()
    say = say or (lambda _text: None)
    opponent = find_opponent(system, force_a, budget, options, rng.spawn("find"), runner, settings, name, count, say,
                             progress, players)
    verdict = settle(system, force_a, opponent, options, rng.spawn("settle"), runner, plan, settings, name, say,
                     progress, players)
    best = (opponent, verdict)
    for k, (alternative, score) in enumerate(opponent.alternatives[:settings.alternatives]):
        if best[1].balanced and abs(best[1].tally.win_rate_a - 0.5) <= settings.margin:
            break
        say("another fresh force: its own knob")
        other = Opponent(alternative, 0, alternative, log=[f"the next fresh force (screened {score:.1%})"])
        screens = _Screens(system, force_a, options, runner, rng.spawn(f"screens {k}").seed, settings.knob_battles,
                           progress, players)
        if (system.extra or {}).get("nudge") is not None:
            _turn_knob(system, other, screens, settings, name)
        other.battles = screens.played
        other_verdict = settle(system, force_a, other, options, rng.spawn(f"settle {k}"), runner, plan, settings, name,
                               say, progress, players)
        opponent.battles += other.battles
        opponent.log += other.log
        if (other_verdict.balanced, -abs(other_verdict.tally.win_rate_a - 0.5)) > \
                (best[1].balanced, -abs(best[1].tally.win_rate_a - 0.5)):
            other.battles, other.log = opponent.battles, opponent.log
            best = (other, other_verdict)
    return best


def _step(system, opponent: Opponent, verdict, tried, members: int, settings: Settings, name: str) -> bool:
    """Move the knob by what ``verdict`` found; False when there is nowhere left to go."""
    target = step_after(opponent, verdict.tally.win_rate_a, verdict.games, settings.max_knob)
    start = opponent.start
    if target is None or any(t[0] == target and t[1] == start for t in tried):
        # a jump across 50%: stay at the setting nearest even, its steps on the next fighter
        target = min(tried, key=lambda t: abs(t[3].tally.win_rate_a - 0.5))[0]
        start = (start + 1) % max(1, members)
        if any(t[0] == target and t[1] == start for t in tried) or target == 0:
            return False
    force = nudged(system, opponent.base, target, name, start)
    if force is None:
        return False
    opponent.knob, opponent.start, opponent.force = target, start, force
    return True


def _from(start: int) -> str:
    return f" (steps from fighter {start + 1})" if start else ""
