"""A scenario's second side: a real opponent built for the battle, or the battle fitted to two forces.

:func:`side_b` picks the way the scenario asked for:

* **A real opponent** (the default): a force of its own, built to the budget on this very battle
  and evened by its knob (:mod:`generator.balance.opponent`), then judged by the verdict;
* **The mirror match**, only when asked (``--mirror``): side A's own list, even by construction
  with the seats alternating, and said to be a mirror wherever the scenario is printed;
* **Two given forces** (``--from A --from B``): the forces stay as they are and the *battle* is
  fitted to them: fresh tables (map, deployment, cards) are screened and the one nearest even is
  judged; the scenario says that the table was chosen for these forces.

Every way ends in the sequential verdict on the forces as seated (:func:`play_verdict`); what
it cost and what was tried goes into the scenario's notes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from generator.balance.matchup import Verdict, play_verdict
from generator.balance.opponent import even_opponent, identical_share, score_of
from generator.dice.rng import Rng


@dataclass
class Sides:
    """Side B as the scenario will seat it, its verdict, and the words that go with it."""

    force_b: Any
    verdict: Verdict
    mirror: bool = False
    knob: str = ""              # a handicap or tuning in players' words ("" when none)
    identical: float = 0.0      # share of B's points in cards identical to A's
    battles: int = 0            # battles the search for B played (the verdict's included)
    notes: list[str] = field(default_factory=list)


def real_opponent(system: Any, force_a: Any, budget: float, options: dict, rng: Rng, runner: Any, plan: Any,
                  settings: Any, name: str, count: int | None, say: Callable[[str], None],
                  players: tuple[str, str] = ("greedy", "greedy")) -> Sides:
    """A force of its own for side B, evened on this battle by its knob, and its verdict."""
    opponent, verdict = even_opponent(system, force_a, budget, options, rng.spawn("opponent"), runner, plan, settings,
                                      name=name, count=count, say=say, players=players)
    return Sides(opponent.force, verdict, knob=opponent.describe_knob(system),
                 identical=identical_share(system, force_a, opponent.force), battles=opponent.battles,
                 notes=list(opponent.log))


def mirror_match(system: Any, force_a: Any, options: dict, rng: Rng, runner: Any, plan: Any, name: str,
                 say: Callable[[str], None], players: tuple[str, str] = ("greedy", "greedy")) -> Sides:
    """Side A's own list under another name (asked for with ``--mirror``)."""
    force_b = force_a.model_copy(update={"name": name}) if hasattr(force_a, "model_copy") else force_a
    say("the verdict on the mirror match")
    verdict = play_verdict(system, force_a, force_b, options, rng.spawn("verdict"), plan, runner, players=players)
    return Sides(force_b, verdict, mirror=True, identical=1.0, battles=verdict.games,
                 notes=["a mirror match, as asked: side B is side A's own list"])


def given_pair(system: Any, force_a: Any, force_b: Any, tables: Callable[[int], dict | None], rng: Rng,
               runner: Any, plan: Any, screen_battles: int, tries: int, say: Callable[[str], None],
               players: tuple[str, str] = ("greedy", "greedy"), race_battles: int = 0, race_keep: int = 2):
    """Both forces given: the battle is fitted to them. ``tables(k)`` draws table ``k`` (the
    battle's options, or None when it cannot seat these forces); each is screened on shared dice
    and the nearest even is judged. With ``race_battles`` the screens are a race: every table
    plays that many battles and the ``race_keep`` nearest even play on to ``screen_battles``.
    Returns ``(Sides, the table index kept)``."""
    from generator.balance.tune import _battles

    seeds = rng.spawn("screens")
    drawn = [(k, options) for k, options in ((k, tables(k)) for k in range(max(1, tries))) if options is not None]
    if not drawn:
        return None, None
    first = race_battles if 0 < race_battles < screen_battles and race_keep < len(drawn) else screen_battles
    records = {}
    for k, options in drawn:
        say(f"screening table {k + 1} for the given forces")
        records[k] = _battles(system, force_a, force_b, options, seeds, first, runner)
    played = first * len(drawn)
    if first < screen_battles:
        near = sorted(records, key=lambda k: (abs(score_of(records[k]) - 0.5), k))[:race_keep]
        for k in near:
            records[k] += _battles(system, force_a, force_b, dict(drawn)[k], seeds, screen_battles, runner, first=first)
        played += (screen_battles - first) * len(near)
    screened = [(abs(score_of(records[k]) - 0.5), k, score_of(records[k]), options) for k, options in drawn
                if len(records[k]) == screen_battles]
    _, kept, score, options = min(screened)
    say("the verdict on the table kept")
    verdict = play_verdict(system, force_a, force_b, options, rng.spawn("verdict"), plan, runner, players=players)
    knob = "" if len(drawn) == 1 else (f"the table (map, deployment and cards) was chosen for these two forces: "
                                       f"the nearest even of {len(drawn)} drawn")
    how = (f"{first} battles each, the {len(screened)} nearest even {screen_battles}" if first < screen_battles
           else f"{screen_battles} battles each")
    notes = [f"both forces given: {len(drawn)} tables screened in {how}, kept the one at {score:.1%}"]
    return Sides(force_b, verdict, knob=knob, identical=identical_share(system, force_a, force_b),
                 battles=played + verdict.games, notes=notes), kept

