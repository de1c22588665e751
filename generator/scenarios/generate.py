"""A balanced random scenario: a fair table, two forces of their own, and a verdict that they are even there.

``generate`` is what ``skirmish scenario`` and ``skirmish demo`` run:

1. **The table.** The system's recipe (``System.scenario_draft``) draws the map, deployment,
   objectives, victory and twist from its map generator and decks (``--keep`` puts parts of an
   earlier scenario back).
2. **Side A**: the force given with ``--from``, or one built to the budget whose mirror match on
   this table is lively (few draws) and fair to both sides (neither seat, nor the side that sets
   up first, scores far over half). A table that leans is drawn again, and so is one on which
   the search showed no opponent even (``Settings.redraw_uneven``); the nearest even is kept
   if none is.
3. **Side B** (:mod:`generator.scenarios.sides`): a real opponent built for this battle and
   evened by its knob; the mirror match only when asked (``--mirror``); with two given forces,
   the table is fitted to them instead.
4. **The verdict** on the forces as seated (seats alternating, the sequential interval against
   45-55%), and the set-up lean over its battles: a table that favours the side setting up first
   by more than five points is drawn again rather than left to a roll-off. With ``search_battles``
   the scenario is judged once more by search players on both sides; verdicts that disagree by
   more than five points are not called balanced.

Every step draws from its own named child stream of the seed, so the same seed gives the same
scenario byte for byte, and ``--keep`` re-rolls only the parts not kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from generator.balance.opponent import Settings as OpponentSettings
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.scenarios.data import force_names, scenario_data, validated

KEEPABLE = ("map", "rules", "forces")
#: How cards are drawn: shuffled (random); three dealt and the players strike in turn (veto;
#: the simulated players strike at random); or three dealt and the weaker side keeps one
#: (underdog: the forces are built first, on the first cards dealt; the side with the smaller
#: cost, or at equal cost the one a screen finds weaker, then keeps from each hand the card it
#: screens best on, and the verdict is played on the cards kept).
PICKS = ("random", "veto", "underdog")


@dataclass
class Settings:
    """How hard to look for an even battle (the demo looks less hard than ``skirmish scenario``)."""

    # The verdict: up to 4,000 battles, looked at every 400. With ten looks, as ``skirmish
    # balance`` makes by default, but each on twice the battles: a pair that is truly within a
    # point of even is called balanced 99 times in 100 (at most 2,000 battles, 82 times), so a
    # scenario's verdict and a fresh re-check agree (docs/scenarios.md).
    battles: int = 4000
    look_every: int = 400
    opponent: OpponentSettings = field(default_factory=OpponentSettings)
    screen_battles: int = 150    # battles of side A's mirror match that judge a table
    lively_tries: int = 4        # side A forces tried on a table until one's mirror match is lively
    max_draws: float = 0.10      # a lively battle has at most this share of draws
    # The screen's own bar for draws, below ``max_draws``: a screen of 150 battles of a force
    # that truly draws 12% sees under 10% a third of the time.
    screen_draws: float = 0.07
    max_side_lean: float = 0.10  # a table's screen: neither seat scoring more than 60%
    max_setup_lean: float = 0.05  # the verdict: the side that sets up first scores 45-55%
    layout_tries: int = 3        # map, deployment and cards drawn afresh while the table leans
    # ... or while the search shows no even opponent on it (the demo draws a new scenario instead)
    redraw_uneven: bool = True
    archetype_battles: int = 200  # battles per archetype pair (horde vs elite, ranged vs melee); 0: not measured
    search_battles: int = 0      # battles of the second verdict with search players (0: none)
    search_gap: float = 0.05     # the two verdicts may differ by at most this
    table_tries: int = 4         # tables screened when both forces are given


@dataclass
class Generated:
    scenario: Any                 # generator.scenarios.model.Scenario
    loaded: Any                   # its LoadedScenario
    balanced: bool
    notes: list[str] = field(default_factory=list)
    verdict: Any = None
    battles: int = 0              # battles played to make it (screens, searches and verdicts)


class _Counting:
    """A runner that counts the battles it plays for its caller (the pool stays the caller's)."""

    def __init__(self, runner):
        self.inner, self.played = runner, 0
        self.workers = getattr(runner, "workers", 1)

    def run_chunks(self, tasks, progress=None):
        for task, part in self.inner.run_chunks(tasks, progress):
            self.played += len(part)
            yield task, part

    def run(self, tasks, progress=None):
        return [record for _, part in self.run_chunks(tasks, progress) for record in part]

    def run_tagged(self, tasks, progress=None):
        out = {job.key: [] for job, _, _ in tasks}
        for (job, _, _), part in self.run_chunks(tasks, progress):
            out[job.key] += part
        for records in out.values():
            records.sort(key=lambda record: record[0])
        return out

    def close(self) -> None:
        self.inner.close()


def parse_keep(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    parts = tuple(p.strip() for p in text.split(",") if p.strip())
    for p in parts:
        if p not in KEEPABLE:
            raise SkirmishError(f"--keep {text!r}: {p!r} is not a part of a scenario; keep any of {', '.join(KEEPABLE)}")
    return parts


def _recipe(system):
    draft = getattr(system, "scenario_draft", None)
    options = getattr(system, "scenario_options", None)
    if draft is None or options is None:
        raise SkirmishError(f"{system.title} has no scenario recipe yet; scenarios exist for: "
                            f"{', '.join(_systems_with_recipes())}")
    return draft, options


def _systems_with_recipes() -> list[str]:
    from generator.systems import all_systems

    return [s.name for s in all_systems() if getattr(s, "scenario_draft", None) and getattr(s, "scenario_options", None)]


def _named(force, name: str):
    """``force`` with its name replaced (a generated force's builder names it after its seed)."""
    return force.model_copy(update={"name": name}) if hasattr(force, "model_copy") else force


@dataclass
class _Work:
    """One scenario's generation: its system, settings, streams, battles and what it will say."""

    system: Any
    seed: int
    settings: Settings
    rng: Rng
    runner: Any
    say: Callable[[str], None]
    keep: tuple[str, ...]
    base: Any
    size: Any
    players: tuple[str, str]
    notes: list[str] = field(default_factory=list)

    @property
    def plan(self):
        from generator.balance.sequential import Plan

        return Plan(max_battles=self.settings.battles, look_every=self.settings.look_every)

    def table(self, mode, layout: int) -> dict:
        """The recipe's parts for draw ``layout`` (0: the first), with the kept parts of ``base``."""
        draft, _ = _recipe(self.system)
        parts = draft(self.system.name, self.rng.spawn("draft" if layout == 0 else f"draft {layout}"), size=self.size,
                      mode=mode)
        if self.base is None:
            return parts
        old = self.base.scenario.model_dump(mode="json", exclude_none=True)
        if "map" in self.keep:
            parts["map"] = old["map"]
            parts["deployment"], parts["objectives"] = old["deployment"], old.get("objectives", [])
        if "rules" in self.keep:
            parts["victory"] = old["victory"]
            if "twist" in old:
                parts["twist"] = old["twist"]
            else:
                parts.pop("twist", None)
            parts["title_card"] = old["victory"].get("card")
        return parts

    def options(self, parts: dict, force_a, force_b, budgets: dict) -> dict:
        """The battle options of ``parts`` with these forces seated (one-line error if they cannot be)."""
        _, options_of = _recipe(self.system)
        return options_of(validated(scenario_data(self.system, self.seed, parts, {"a": force_a, "b": force_b},
                                                  budgets, None)))

    def shape(self, parts: dict) -> dict:
        """How many combatants each side fields on this table (None: the builder decides)."""
        hook = (self.system.extra or {}).get("scenario_shape")
        shape = hook(parts) if hook else None
        return {s: (shape or {}).get(s) for s in ("a", "b")}


def generate(
    system_name: str,
    seed: int,
    points: float | None = None,
    size: str | None = None,
    keep: Sequence[str] = (),
    base: Any = None,
    given: dict[str, Any] | None = None,
    settings: Settings | None = None,
    jobs: int | None = 1,
    scheduler: Any = None,
    progress: Callable[[str], None] | None = None,
    pick: str = "random",
    runner: Any = None,
    mirror: bool = False,
    players: tuple[str, str] = ("greedy", "greedy"),
) -> Generated:
    """One scenario for ``system_name`` (see the module docstring).

    ``base`` is a LoadedScenario whose ``keep`` parts are reused; ``given`` fixes forces by side
    (``{"a": roster}``, from ``--from``); ``mirror`` asks for side A's own list as side B;
    ``players`` are side A's and side B's players in every verdict. ``runner`` plays the
    battles on a pool the caller owns (and closes), shared with other searches; by default one
    is made from ``jobs`` and ``scheduler``. The scenario is the same whoever plays its battles.
    """
    from generator.balance.runner import make_runner
    from generator.systems import get_system

    system = get_system(system_name)
    _recipe(system)
    settings = settings or Settings()
    keep, given = tuple(keep), dict(given or {})
    _check_request(system, keep, base, given, mirror, pick)
    if base is not None and "forces" in keep:
        given.setdefault("a", base.rosters["a"])
        given.setdefault("b", base.rosters["b"])
    budget = _budget(system, points, base, keep, given)
    own_runner = runner is None
    counting = _Counting(runner or make_runner(jobs, scheduler))
    work = _Work(system, seed, settings, Rng(seed), counting, progress or (lambda _text: None), keep, base, size,
                 tuple(players))
    try:
        made = _generate(work, budget, given, mirror, pick)
        made.battles = counting.played
        return made
    finally:
        if own_runner:
            counting.close()


def _check_request(system, keep, base, given, mirror: bool, pick: str) -> None:
    if keep and base is None:
        raise SkirmishError("--keep needs a scenario to keep parts of: --from FILE or a scenario.yaml in --out DIR")
    if base is not None and base.scenario.system != system.name:
        raise SkirmishError(f"--keep: the scenario is a {base.scenario.system} one, not {system.name}")
    if pick not in PICKS:
        raise SkirmishError(f"--pick {pick!r}: choose one of {', '.join(PICKS)}")
    if mirror and "b" in given:
        raise SkirmishError("--mirror: side B is side A's own list, so it cannot be given too; "
                            "give one --from with --mirror, or two --from without it")


def _budget(system, points, base, keep, given) -> float:
    """Each side's budget: ``--points``, else a given force's own cost, else the system's default.
    A given force over an explicit budget is refused, naming both numbers."""
    from generator.balance.forces import force_cost

    if points is not None:
        for side, force in given.items():
            cost = force_cost(system, force)
            if cost > points + 1e-9:
                raise SkirmishError(f"--from: {getattr(force, 'name', 'the force')} costs {cost:g} {system.cost_unit}, "
                                    f"the budget is {points:g}; raise --points or drop a fighter")
        return float(points)
    if base is not None and "forces" in keep:
        return float(base.scenario.budgets.a)
    if "a" in given:
        return float(round(force_cost(system, given["a"]), 1))
    return float(system.extra.get("scenario_points", 500))


def _generate(work: _Work, budget: float, given: dict, mirror: bool, pick: str) -> Generated:
    from generator.scenarios.decks import Underdog

    system, settings = work.system, work.settings
    names = force_names(system.name, work.rng)
    first_mode = Underdog("a") if pick == "underdog" else pick
    redraw = not ({"map", "rules"} & set(work.keep))
    attempts = []
    layouts = settings.layout_tries if redraw else 1
    why = "no side A was fair on the table"
    for layout in range(layouts):
        if layout:
            work.say(f"{why}: drawing the map and the rules again")
        found = _on_table(work, first_mode, layout, budget, given, mirror, names, last=layout + 1 == layouts)
        if found is None:
            continue
        attempts.append(found)
        if found["lean_ok"] and not (settings.redraw_uneven and _shown_uneven(found["sides"].verdict)):
            break
        why = "the table favours one side" if not found["lean_ok"] else "no even opponent was found on this table"
    if not attempts:
        raise SkirmishError(f"{system.title}: no force could play on the tables drawn (try another --seed or --size)")
    chosen = min(attempts, key=_closeness)
    return _finish(work, chosen, budget, pick, first_mode)


def _shown_uneven(verdict) -> bool:
    """Did the opponent search show that this table has no even battle for side A? Its best
    verdict is not balanced *and* says more than "too few battles to tell": the interval it was
    read from leaves 50% out, or the search gave up because no score near enough even was left.
    A short verdict (``--battles 100``) that is merely undecided is no reason to draw another
    table: another table's verdict would be as short."""
    if verdict.balanced:
        return False
    low, high = verdict.interval
    return verdict.given_up or high < 0.5 or low > 0.5


def _closeness(attempt: dict) -> tuple:
    """How near even a table's attempt came, for keeping the best when none is balanced: a
    balanced verdict on a fair table first, then a fair table, then the score nearest 50%
    (ties: the earlier table)."""
    verdict = attempt["sides"].verdict
    return (not (attempt["lean_ok"] and verdict.balanced), not attempt["lean_ok"],
            abs(verdict.tally.win_rate_a - 0.5), attempt["layout"])


def _on_table(work: _Work, mode, layout: int, budget: float, given: dict, mirror: bool, names,
              last: bool = True) -> dict | None:
    """Side A and side B on table ``layout``, with their verdict; None when side A finds no fair
    table there and another may be drawn (``last``: this is the last table, take it anyway)."""
    from generator.scenarios import sides

    system, settings = work.system, work.settings
    parts = work.table(mode, layout)
    shape = work.shape(parts)
    asymmetric = shape["a"] != shape["b"]
    budgets = {s: budget for s in ("a", "b")}
    force_a, options, lean_note, fair = _side_a(work, parts, shape, budget, given, names[0],
                                               asymmetric or "b" in given)
    if force_a is None or (not fair and not last):
        return None
    stream = work.rng.spawn(f"side b {layout}")
    if "b" in given:
        found, kept = sides.given_pair(
            system, force_a, given["b"], lambda k: _given_table(work, mode, layout, k, given, budgets), stream,
            work.runner, work.plan, settings.opponent.screen_battles, settings.table_tries, work.say, work.players,
            race_battles=settings.opponent.race_battles)
        if found is None:
            raise SkirmishError(f"{system.title}: the given forces cannot be seated together on any table drawn")
        parts = work.table(mode, layout * 100 + kept) if kept else parts
        options = work.options(parts, force_a, given["b"], budgets)
    elif mirror:
        found = sides.mirror_match(system, force_a, options, stream, work.runner, work.plan, names[1], work.say,
                                   work.players)
    else:
        found = sides.real_opponent(system, force_a, budget, options, stream, work.runner, work.plan,
                                    settings.opponent, names[1], shape["b"], work.say, work.players)
    lean = found.verdict.tally.setup_lean()
    lean_ok = fair and (lean is None or abs(lean[0] - 0.5) <= settings.max_setup_lean)
    notes = ([lean_note] if lean_note else []) + found.notes
    if lean is not None and abs(lean[0] - 0.5) > settings.max_setup_lean:
        notes.append(f"the side that set up first scored {lean[0]:.1%} over the verdict's {lean[2]} battles: "
                     f"this table favours it")
    return {"parts": parts, "options": options, "force_a": force_a, "sides": found, "lean_ok": lean_ok,
            "notes": notes, "shape": shape, "asymmetric": asymmetric, "layout": layout}


def _given_table(work: _Work, mode, layout: int, k: int, given: dict, budgets: dict) -> dict | None:
    """The battle options of table ``k`` for two given forces (None: they cannot be seated there)."""
    from generator.balance.tune import playable

    parts = work.table(mode, layout * 100 + k) if k else work.table(mode, layout)
    try:
        options = work.options(parts, given["a"], given["b"], budgets)
    except SkirmishError:
        return None
    return options if playable(work.system, given["a"], given["b"], options) else None


def _side_a(work: _Work, parts: dict, shape: dict, budget: float, given: dict, name: str, no_mirror: bool):
    """Side A on this table: the given force, or a built one whose mirror match is lively and fair.
    Returns ``(force, options, note, fair)``: the force is None when none could be seated, and
    ``fair`` False when every try found the table favouring one side (the best try is returned)."""
    from generator.balance.forces import random_force
    from generator.balance.tune import playable, seat_lean

    system, settings = work.system, work.settings
    budgets = {s: budget for s in ("a", "b")}
    if "a" in given:
        return given["a"], work.options(parts, given["a"], given.get("b", given["a"]), budgets), "", True
    tried = []
    for attempt in range(settings.lively_tries):
        force = _named(random_force(system, budget, work.rng.spawn(f"force a {attempt}"), count=shape["a"]), name)
        try:
            options = work.options(parts, force, force, budgets)
        except SkirmishError:
            continue
        if no_mirror:
            return force, options, "", True
        if not playable(system, force, force, options):
            continue  # e.g. a base too large for every gap of this map
        work.say("looking for a lively force on a fair table")
        lean, draws = seat_lean(system, force, options, work.rng.spawn(f"lively {attempt}"), settings.screen_battles,
                                work.runner)
        miss = max(0.0, draws - settings.screen_draws) + max(0.0, abs(lean) - settings.max_side_lean)
        tried.append((miss, attempt, force, options, draws, lean))
        if miss == 0:
            return force, options, "", True
    if not tried:
        return None, None, "", False
    miss, _, force, options, draws, lean = min(tried, key=lambda t: (t[0], t[1]))
    fair = abs(lean) <= settings.max_side_lean
    notes = []
    if draws > settings.max_draws:
        notes.append(f"no force in {len(tried)} tries fought to a finish often enough: {draws:.0%} of its mirror "
                     "battles were draws")
    if not fair:
        notes.append(f"no table drawn was fair to both sides: in side A's mirror match the "
                     f"{'first' if lean > 0 else 'second'} seat scored {0.5 + abs(lean):.0%}")
    return force, options, "; ".join(notes), fair


def _finish(work: _Work, chosen: dict, budget: float, pick: str, first_mode) -> Generated:
    from generator.balance.forces import force_cost

    system, settings = work.system, work.settings
    parts, options, force_a = chosen["parts"], chosen["options"], chosen["force_a"]
    found = chosen["sides"]
    force_b, verdict = found.force_b, found.verdict
    notes = list(chosen["notes"])
    # a side built to more than the budget (a given force, an opponent built bigger or made
    # stronger by its knob) has its own cost as its budget
    budgets = {side: max(budget, math.ceil(force_cost(system, force, options) * 10) / 10)
               for side, force in (("a", force_a), ("b", force_b))}
    picked = None
    if pick == "underdog" and "rules" not in work.keep:
        from generator.balance.matchup import play_verdict
        from generator.scenarios.underdog import underdog_keeps

        parts, options, picked = underdog_keeps(system, lambda mode: work.table(mode, chosen["layout"]), _options_of(system),
                                                work.seed, budgets, force_a, force_b, options, work.rng.spawn("underdog"),
                                                settings, work.runner, work.say)
        work.say("the verdict on the cards kept")
        verdict = play_verdict(system, force_a, force_b, options, work.rng.spawn("verdict underdog"), work.plan,
                               work.runner, players=work.players)
    balance = _balance_block(verdict, found, work.players)
    balanced = bool(verdict.balanced) and chosen["lean_ok"]
    if settings.search_battles > 0:
        balanced = _search_check(work, force_a, force_b, options, verdict, balance, notes) and balanced
    if settings.archetype_battles > 0:
        from generator.scenarios.archetypes import favours

        work.say("playing archetype forces on it (horde, elite, ranged, melee)")
        balance["favours"] = favours(
            system, options, budget, work.rng.spawn("archetypes"), settings.archetype_battles, work.runner,
            members=chosen["shape"]["a"] if not chosen["asymmetric"] else None,
            shape_note="the sides differ in shape: one Champion against Challengers" if chosen["asymmetric"] else None)
    if picked is None and pick != "random":
        picked = {"mode": pick} if pick == "veto" or "rules" in work.keep else None
    scenario = validated(scenario_data(system, work.seed, parts, {"a": force_a, "b": force_b}, budgets, balance, picked))
    _fingerprinted(scenario)
    return Generated(scenario.scenario, scenario, balanced, notes + _verdict_notes(verdict, settings), verdict)


def _options_of(system):
    return _recipe(system)[1]


def _verdict_notes(verdict, settings: Settings) -> list[str]:
    notes = []
    drawn = verdict.tally.draws / verdict.games if verdict.games else 0.0
    if drawn > settings.max_draws:
        notes.append(f"dull: {drawn:.0%} of the verdict's battles were draws (a lively battle has under "
                     f"{settings.max_draws:.0%}); a bigger --points or another --seed gives fewer")
    if not verdict.balanced:
        notes.append(f"not balanced: the closest forces found score {verdict.to_json()['win_rate_a']:.1%} for A "
                     f"(95% interval {verdict.ci95[0]:.1%} to {verdict.ci95[1]:.1%})")
    return notes


def _search_check(work: _Work, force_a, force_b, options, verdict, balance: dict, notes: list[str]) -> bool:
    """The scenario judged again with search players on both sides (a short verdict); True when
    the two verdicts agree within ``search_gap``."""
    from generator.balance.matchup import play_verdict
    from generator.balance.sequential import Plan
    from generator.play.policies import policy_names

    settings = work.settings
    if "search" not in policy_names(work.system):
        notes.append(f"not checked with search players: {work.system.title} has none yet")
        return True
    work.say("the verdict again with search players on both sides")
    plan = Plan(max_battles=settings.search_battles, look_every=settings.search_battles)
    second = play_verdict(work.system, force_a, force_b, options, work.rng.spawn("search verdict"), plan, work.runner,
                          players=("search", "search"))
    gap = abs(second.tally.win_rate_a - verdict.tally.win_rate_a)
    low, high = second.ci95
    balance["search"] = {"win_rate_a": round(second.tally.win_rate_a, 4), "ci95": [round(low, 4), round(high, 4)],
                         "games": second.games, "balanced": gap <= settings.search_gap}
    if gap > settings.search_gap:
        notes.append(f"search players score A {second.tally.win_rate_a:.1%}, greedy players {verdict.tally.win_rate_a:.1%}: "
                     f"the verdicts differ by {gap:.1%}, more than {settings.search_gap:.0%}")
        return False
    return True


def _fingerprinted(loaded) -> None:
    """Record in the balance block what its figures measured, so an edit after this shows
    (:mod:`generator.scenarios.fingerprint`)."""
    from generator.scenarios.fingerprint import measured
    from generator.scenarios.model import Fingerprint

    block = loaded.scenario.balance
    if block is not None:
        loaded.scenario.balance = block.model_copy(update={"fingerprint": Fingerprint(**measured(loaded))})


def verdict_block(verdict) -> dict:
    """The figures of a verdict as a scenario's balance block keeps them, with the plan a
    re-check plays again."""
    data = verdict.to_json()
    keys = ("games", "wins_a", "wins_b", "draws", "win_rate_a", "ci95", "balanced", "stopped_early", "mean_rounds", "seed",
            "verdict", "band", "by_seat", "setup_lean")
    block = {k: data[k] for k in keys if k in data}
    block["max_battles"], block["look_every"] = verdict.plan.max_battles, verdict.plan.look_every
    return block


def _balance_block(verdict, found, players) -> dict:
    block = verdict_block(verdict)
    if found.mirror:
        block["mirror"] = True
    if found.knob:
        block["knob"] = found.knob
    if tuple(players) != ("greedy", "greedy"):
        block["policies"] = {"a": players[0], "b": players[1]}
    return block
