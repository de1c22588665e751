"""A force the simulator finds even against a given one: search over random forces and swaps.

No price list alone makes two forces even for a given battle (a 1.2% price gap can move a
Warcry score by 5 points), so :func:`even_force` tunes by simulation:

1. **Screen** ``candidates`` random forces at the budget, each in ``screen_battles`` battles
   against the given force (seats alternating), all in one parallel batch.
2. **Swap**: take the candidate whose score is nearest 50% and try ``variants`` copies of it with
   one combatant replaced by a fresh random one (the total staying within ``tolerance`` under
   the budget, as near the old total as the tries find); keep a copy when it screens nearer 50%. Repeat for ``rounds`` rounds or until
   a screen lands within 2 points of 50%.
3. **Confirm** the best few with the full sequential verdict of ``skirmish balance`` (the same
   plan, the same honesty); the first one judged *balanced* is the answer. If none is, the
   result says so and carries the closest force found, with its verdict.

Every step draws from its own named child stream of ``rng``, and battles are played by the
runner, so the same seed finds the same force with any ``--jobs`` or on a cluster.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from generator.balance.forces import force_cost, members, random_force, roster_from, with_members
from generator.balance.matchup import Verdict, play_verdict
from generator.balance.runner import Job, Runner, check_playable, make_runner, seat_of_a
from generator.balance.sequential import Plan
from generator.dice.rng import Rng
from generator.errors import SkirmishError


@dataclass
class Candidate:
    force: Any
    cost: float
    score: float = 0.5  # its screened score against the given force
    origin: str = ""

    @property
    def distance(self) -> float:
        return abs(self.score - 0.5)


@dataclass
class Tuned:
    """What the search found: the force, its verdict, and whether it is even."""

    force: Any
    verdict: Verdict
    found: bool
    screened: int
    log: list[str] = field(default_factory=list)
    battles: int = 0  # every battle the search played: screens, swaps and verdicts

    def to_json(self) -> dict:
        return {"found": self.found, "screened": self.screened, "battles": self.battles,
                "verdict": self.verdict.to_json(), "log": self.log}


@dataclass
class Budget:
    """The battles a whole search may play (``None``: no limit), and those it has played.

    Half goes to the verdicts (at most one plan's worth), the rest to screens and swaps; a
    screen gets fewer battles, fewer candidates or no round at all rather than go past it, so
    ``create random --against --battles 40`` plays at most 40 battles, not forty plus thousands
    of screening battles."""

    total: int | None
    played: int = 0

    @property
    def left(self) -> int | None:
        return None if self.total is None else max(self.total - self.played, 0)

    def verdict_share(self, plan: Plan) -> int:
        if self.total is None:
            return 0
        return max(2, min(self.total // 2, plan.max_battles))

    def screen_share(self, plan: Plan) -> int | None:
        """Battles screens may still play, keeping the verdicts' share."""
        if self.total is None:
            return None
        return max(self.total - self.verdict_share(plan) - self.played, 0)

    def screen(self, wanted: int, per: int, plan: Plan) -> tuple[int, int]:
        """``(how many forces, battles each)`` a screen of ``wanted`` forces of ``per`` battles may play
        (``(0, 0)``: none)."""
        share = self.screen_share(plan)
        if share is None:
            return wanted, per
        if share < 2:
            return 0, 0
        count = max(1, min(wanted, share // 2))
        return count, max(2, min(per, share // count))

    def plan_for(self, plan: Plan) -> Plan | None:
        """The verdict's plan within what is left (None: no battles left for a verdict)."""
        left = self.left
        if left is None:
            return plan
        if left < 2:
            return None
        if left >= plan.max_battles:
            return plan
        return Plan(max_battles=left, look_every=min(plan.look_every, left), band=plan.band, alpha=plan.alpha)


def _screen(system, against, candidates: list[Candidate], options, seeds: Rng, battles: int, runner: Runner, progress):
    jobs = [Job(system, c.force, against, dict(options), seeds.spawn(f"screen-{i}").seed) for i, c in enumerate(candidates)]
    results = runner.run_tagged([(job, 0, battles) for job in jobs], progress)
    for c, job in zip(candidates, jobs):
        winners = [record[1] for record in results[job.key]]
        c.score = (winners.count("A") + 0.5 * winners.count(None)) / len(winners)


NO_SWAPS = "no swaps for this system (its builder makes whole forces, not members)"


#: Fresh combatants tried for one swap; the one that keeps the force's cost nearest is used,
#: the first within ``SWAP_CLOSE`` of it at once.
SWAP_TRIES = 24
SWAP_CLOSE = 0.005


def _swapped(system, base: Candidate, points: float, tolerance: float, rng: Rng, name: str,
             options: dict | None = None) -> Candidate | str:
    """``base`` with one combatant replaced by a fresh random one, or why there is none.

    Of ``SWAP_TRIES`` random replacements that keep the total within the budget, the one whose
    force costs nearest ``base`` is used: taking the first that fits left swapped forces 3-4.5%
    cheaper than the force they came from on average (a fresh combatant must fit in what the
    old one leaves), and a cheaper force is a weaker one (a 1.2% price gap can move a Warcry
    score by 5 points), so most swaps screened at 39-46% and were dropped."""
    team = members(system, base.force)
    all_members = list(system.combatants(base.force))
    if not team or system.build_random is None:
        return NO_SWAPS
    best: Candidate | None = None
    for attempt in range(SWAP_TRIES):
        stream = rng.spawn(f"try-{attempt}")
        fresh = system.build_random(stream, count=1)[0].combatant
        slot = stream.integers(0, len(all_members) - 1)
        if type(fresh) is not type(all_members[slot]):
            return NO_SWAPS
        trial = list(all_members)
        trial[slot] = fresh
        try:
            force = with_members(system, base.force, trial, name)
        except (SkirmishError, ValueError):
            continue
        cost = force_cost(system, force, options)
        if points * (1 - tolerance) <= cost <= points and (best is None or abs(cost - base.cost) < abs(best.cost - base.cost)):
            best = Candidate(force, cost, origin=f"{base.origin}, swap {attempt}")
            if abs(cost - base.cost) <= SWAP_CLOSE * base.cost:
                break  # as near as prices tell apart
    return best if best is not None else "no swap kept the total within the budget"


def _swap_round(system, against, base: Candidate, points: float, tolerance: float, options: dict, rng: Rng,
                round_no: int, variants: int, screen_battles: int, runner: Runner, progress, name: str):
    """One round of swaps shared by both searches: ``variants`` copies of ``base`` with one
    combatant swapped, those that can be seated on this battle screened against ``against``.
    Returns the screened trials, and why there are none when the list is empty."""
    made = [_swapped(system, base, points, tolerance, rng.spawn(f"round-{round_no}-variant-{v}"), name, options)
            for v in range(variants)]
    reasons = sorted({t for t in made if isinstance(t, str)})
    trials = [t for t in made if not isinstance(t, str) and playable(system, t.force, against, options)]
    if trials:
        _screen(system, against, trials, options, rng.spawn(f"screen-round-{round_no}"), screen_battles, runner, progress)
    return trials, "; ".join(reasons) or "no swapped force could play this battle"


def even_force(
    system: Any,
    against: Any,
    points: float,
    options: dict | None,
    rng: Rng,
    runner: Runner | None = None,
    plan: Plan | None = None,
    candidates: int = 12,
    screen_battles: int = 200,
    rounds: int = 6,
    variants: int = 6,
    tolerance: float = 0.05,
    confirm: int = 3,
    progress: Callable[[int], None] | None = None,
    name: str = "Even force",
    count: int | None = None,
    budget: int | None = None,
    say: Callable[[str], None] | None = None,
) -> Tuned:
    """A force within ``points`` that the simulator finds even against ``against`` (see module doc);
    ``count`` asks the builder for that many combatants a force (a Gorechosen team). ``budget``
    caps every battle of the search, screens and verdicts together (see :class:`Budget`); ``say``
    hears each stage of the search in a few words."""
    say = say or (lambda _stage: None)
    check_playable(system)
    if candidates < 1 or screen_battles < 2:
        raise SkirmishError("even_force: needs at least one candidate and two screening battles")
    if budget is not None and budget < 2:
        raise SkirmishError(f"--battles: {budget} is below 2; a search needs at least two battles")
    options = dict(options or {})
    plan = plan or Plan()
    spent = Budget(budget)
    own = runner is None
    runner = runner or make_runner(1)
    log: list[str] = []
    try:
        pool = _candidates(system, against, points, options, rng, name, count, candidates)
        wanted, per = spent.screen(len(pool), screen_battles, plan)
        if wanted:
            pool = pool[:wanted]
            say(f"screening {len(pool)} random forces, {per} battles each")
            _screen(system, against, pool, options, rng.spawn("screen"), per, runner, progress)
            spent.played += len(pool) * per
            pool.sort(key=lambda c: c.distance)
            log.append(f"screened {len(pool)} random forces in {per} battles each; "
                       f"nearest 50%: {pool[0].origin} at {pool[0].score:.1%}")
        else:
            pool = pool[:1]
            log.append(f"no battles to spare for screening within --battles {budget}: one random force, unscreened")
        screened = len(pool) if wanted else 0
        best = pool[0]
        for r in range(rounds if wanted else 0):
            if best.distance <= 0.02:
                break
            tries, _ = spent.screen(variants, per, plan)
            if tries == 0 or (budget is not None and spent.screen_share(plan) < tries * per):
                log.append(f"round {r + 1}: the battle budget (--battles {budget}) is spent")
                break
            say(f"round {r + 1} of at most {rounds}: swapping combatants of the best force ({best.score:.1%})")
            trials, why = _swap_round(system, against, best, points, tolerance, options, rng, r, tries,
                                      per, runner, progress, name)
            spent.played += len(trials) * per
            if not trials:
                log.append(f"round {r + 1}: {why}")
                break
            screened += len(trials)
            pool += trials
            trial = min(trials, key=lambda c: c.distance)
            if trial.distance < best.distance:
                log.append(f"round {r + 1}: a swap moved the score from {best.score:.1%} to {trial.score:.1%}")
                best = trial
            else:
                log.append(f"round {r + 1}: no swap came nearer 50% than {best.score:.1%}")
        pool.sort(key=lambda c: c.distance)
        verdict, chosen = _confirm(system, against, pool[:confirm], options, rng, plan, spent, runner, progress, log, say)
    finally:
        if own:
            runner.close()
    return Tuned(chosen.force, verdict, verdict.balanced, screened, log, battles=spent.played)


def _confirm(system, against, best: list[Candidate], options, rng: Rng, plan: Plan, spent: Budget, runner,
             progress, log: list[str], say: Callable[[str], None]) -> tuple[Verdict, Candidate]:
    """The full verdict on the best candidates in turn, within what the budget leaves; the first
    balanced one is the answer, else the one whose score came nearest 50%."""
    verdict, chosen = None, best[0]
    for k, cand in enumerate(best):
        this_plan = spent.plan_for(plan)
        if this_plan is None:
            break
        say(f"the verdict on the nearest force {k + 1} (screened {cand.score:.1%})")
        verdict_k = play_verdict(system, cand.force, against, options, rng.spawn(f"confirm-{k}"), this_plan,
                                 runner, progress)
        spent.played += verdict_k.games
        log.append(f"confirm {cand.origin} (screened {cand.score:.1%}): {verdict_k.verdict} "
                   f"after {verdict_k.games} battles, score {verdict_k.tally.win_rate_a:.1%}")
        if verdict is None or abs(verdict_k.tally.win_rate_a - 0.5) < abs(verdict.tally.win_rate_a - 0.5):
            verdict, chosen = verdict_k, cand
        if verdict_k.balanced:
            verdict, chosen = verdict_k, cand
            break
    return verdict, chosen


def _candidates(system, against, points, options, rng, name, count, candidates) -> list[Candidate]:
    pool = []
    for k in range(candidates):
        force = random_force(system, points, rng.spawn(f"candidate-{k}"), name=name, count=count)
        if not playable(system, force, against, options):
            continue
        pool.append(Candidate(force, force_cost(system, force, options), origin=f"random force {k + 1}"))
    if not pool:
        raise SkirmishError(f"{system.title}: none of {candidates} random forces could be seated against the given one")
    return pool


def near_mirror(
    system: Any,
    against: Any,
    points: float,
    options: dict | None,
    rng: Rng,
    runner: Runner | None = None,
    swaps: int = 3,
    rounds: int = 6,
    variants: int = 4,
    screen_battles: int = 120,
    band: float = 0.03,
    tolerance: float = 0.1,
    name: str = "Even force",
) -> Tuned:
    """An opponent grown from an even start: a copy of ``against`` (a mirror match, which seats
    alternating make exactly even on any map), then one combatant at a time swapped for a fresh
    random one, a swap kept only when the screened score stays within ``band`` of 50%.

    Random forces at equal points are rarely even (a 1.2% price gap can move a score by 5
    points), and picking the best of many noisy screens mostly picks luck; starting from even and
    staying near it needs far fewer battles. The result carries no verdict yet (``verdict`` is
    None): the caller gives the final one, on the forces in the seats it wants.
    """
    check_playable(system)
    options = dict(options or {})
    own = runner is None
    runner = runner or make_runner(1)
    # the whole roster copied (a team's point limit, notes, everything), only the name changed
    start = against.model_copy(update={"name": name}) if hasattr(against, "model_copy") else \
        roster_from(system, list(system.combatants(against)), name)
    best = Candidate(start, force_cost(system, start, options), score=0.5, origin="a copy of the other force")
    log = ["started from a copy of the other force (a mirror match is even)"]
    steps = [best.force]
    kept = screened = 0
    try:
        for r in range(rounds):
            if kept >= swaps:
                break
            trials, why = _swap_round(system, against, best, max(points, best.cost), tolerance, options, rng, r,
                                      variants, screen_battles, runner, None, name)
            if not trials:
                log.append(f"round {r + 1}: {why}")
                break
            screened += len(trials)
            near = min(trials, key=lambda c: c.distance)
            if near.distance <= band:
                best, kept = near, kept + 1
                steps.append(best.force)
                log.append(f"round {r + 1}: kept a swap screened at {near.score:.1%}")
            else:
                log.append(f"round {r + 1}: no swap stayed within {band:.0%} of even (nearest {near.score:.1%})")
    finally:
        if own:
            runner.close()
    tuned = Tuned(best.force, None, False, screened, log)
    tuned.steps = steps  # every force kept on the way, the mirror first: a caller may step back
    return tuned


def _battles(system: Any, force_a: Any, force_b: Any, options: dict | None, rng: Rng, battles: int,
             runner: Runner | None, first: int = 0) -> list:
    """Battles ``first`` to ``battles - 1`` of A against B, seats alternating: ``(index, winner,
    rounds)`` records. Battle ``i`` depends only on ``rng`` and ``i``, so a screen played in two
    parts is the screen played at once."""
    own = runner is None
    runner = runner or make_runner(1)
    try:
        job = Job(system, force_a, force_b, dict(options or {}), rng.seed)
        return runner.run_tagged([(job, first, battles)], None)[job.key]
    finally:
        if own:
            runner.close()


def screen(system: Any, force_a: Any, force_b: Any, options: dict | None, rng: Rng, battles: int,
           runner: Runner | None = None) -> tuple[float, float]:
    """A quick look, seats alternating: ``(A's score, share of draws)`` over ``battles`` battles."""
    winners = [record[1] for record in _battles(system, force_a, force_b, options, rng, battles, runner)]
    return (winners.count("A") + 0.5 * winners.count(None)) / len(winners), winners.count(None) / len(winners)


@dataclass(frozen=True)
class EarlyLook:
    """Stop a table's screen after ``battles`` battles when one seat already scores ``lean`` or
    more above half: a table that hands one side 75% of the first 40 mirror battles is not a
    fair one (if its true lean were the 10 points allowed, 40 battles would show 25 about one
    time in forty; an even table, under one time in a thousand), and the rest of its screen
    would be spent confirming it."""

    battles: int = 40
    lean: float = 0.25


def _seat_a_score(tagged: list) -> float:
    seat_a = 0.0
    for index, w, *_ in tagged:
        if w is None:
            seat_a += 0.5
        elif (w == "A") == (seat_of_a(index) == "a"):  # A won from seat a, or B won from seat a
            seat_a += 1.0
    return seat_a / len(tagged) - 0.5


def seat_lean(system: Any, force: Any, options: dict | None, rng: Rng, battles: int,
              runner: Runner | None = None, early: EarlyLook | None = None) -> tuple[float, float]:
    """A mirror match's quick look at the *table*: ``(seat a's score - 1/2, share of draws)``.
    With one force on both sides only the seats differ, so a lean is the map, deployment and
    rules favouring one side (seats alternate: battle i puts A in seat a when i is even).
    With ``early``, a table that leans hard in the first battles is judged on those alone."""
    first = min(battles, early.battles) if early else battles
    tagged = _battles(system, force, force, options, rng, first, runner)
    if first < battles and abs(_seat_a_score(tagged)) < early.lean:
        tagged += _battles(system, force, force, options, rng, battles, runner, first=first)
    draws = sum(1 for record in tagged if record[1] is None)
    return _seat_a_score(tagged), draws / len(tagged)


def playable(system: Any, force_a: Any, force_b: Any, options: dict | None) -> bool:
    """Can these forces be seated on this battle at all? (A base too large for every gap, a team
    over the point limit... are refused by the system before any battle.)"""
    try:
        system.make_battle(force_a, force_b, dict(options or {}))
    except SkirmishError:
        return False
    return True
