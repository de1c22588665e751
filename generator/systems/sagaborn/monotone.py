"""Is a stronger team stronger on the board? The monotonicity cases of a SagaBorn team.

A verdict of the balance tool is only as good as its player: if one more unit, or one stat a
step higher, does not win more battles, the player wastes it and every price fitted on its
battles is off. For a team this module makes the stronger variants the check plays against the
team as printed:

* ``unit``: one more unit on a squad of several (its points grow with it, the same per unit, and
  so does the team's point limit, so neither side gets initiative from unspent points);
* ``hp``, ``attack``, ``defense``, ``move``, ``range``: one squad's stat one step higher (+1),
  its points unchanged.

:func:`play_case` plays the variant against the printed team with the shared runner (seats
alternating, both sides greedy) and returns the tally; the case holds when the lower end of
its 95% interval is above 50%. ``python benchmarks/sagaborn_monotone.py`` prints the table of
docs/players.md; ``tests/systems/sagaborn/test_sagaborn_monotone.py`` checks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.systems.sagaborn.models import STAT_BOUNDS, Team


@dataclass(frozen=True)
class Case:
    """One stronger variant: ``kind`` (``unit`` or a stat) on the squad named ``squad``."""

    roster: str  # content file under content/sagaborn/
    kind: str
    squad: str

    @property
    def label(self) -> str:
        stat = {"hp": "HP"}.get(self.kind, self.kind.title())
        return f"+1 unit ({self.squad})" if self.kind == "unit" else f"{stat} +1 ({self.squad})"


#: The cases of docs/players.md: for each shipped team, one more unit on a squad whose points
#: divide over its units, HP and Defense one higher on its largest minion squad and Attack one
#: higher on its leading hero.
CASES: tuple[Case, ...] = (
    Case("house-vareth.yaml", "unit", "Kennel Hounds"),
    Case("house-vareth.yaml", "hp", "Vareth Halberdiers"),
    Case("house-vareth.yaml", "attack", "Lord-Captain Aldric Vane"),
    Case("house-vareth.yaml", "defense", "Vareth Halberdiers"),
    Case("driftborn.yaml", "unit", "Driftborn Scouts"),
    Case("driftborn.yaml", "hp", "Driftborn Scouts"),
    Case("driftborn.yaml", "attack", "Oddvar the Tall"),
    Case("driftborn.yaml", "defense", "Driftborn Scouts"),
)

#: A case measured and not shown: Defense +1 on Old Grumm, 51.1% [48.9%, 53.3%] of 2,000
#: (docs/players.md says why). The slow suite plays it as an expected failure, so that a player
#: that makes the die count shows up.
TOO_SMALL: tuple[Case, ...] = (Case("driftborn.yaml", "defense", "Old Grumm"),)


def stronger(team: Team, case: Case) -> Team:
    """``team`` with ``case`` applied (a new team; the given one is left as it is)."""
    data = team.model_dump(mode="python")
    squads = data["squads"]
    squad = next((s for s in squads if s["name"] == case.squad), None)
    if squad is None:
        raise ValueError(f"{team.name} has no squad {case.squad!r}")
    if case.kind == "unit":
        units = squad["units"]
        if squad["cost"] * (units + 1) % units:
            raise ValueError(f"{case.squad}: {squad['cost']} points do not divide over {units} units")
        extra = squad["cost"] // units
        squad["units"] = units + 1
        squad["cost"] += extra
        data["point_limit"] += extra
    else:
        lo, hi = STAT_BOUNDS[case.kind]
        if squad[case.kind] + 1 > hi:
            raise ValueError(f"{case.squad}: {case.kind} {squad[case.kind]} is already at its bound {hi}")
        squad[case.kind] += 1
    data["name"] = f"{team.name} ({case.label})"
    return Team.model_validate(data)


#: When the check looks at a case: every 400 battles, up to 2,000; each look's interval is at
#: 1 - 5%/5 confidence, so the five looks together keep the 95% guarantee.
LOOKS = (400, 800, 1200, 1600, 2000)


def settle(case: Case, seed: int = 11, jobs: int = 2, looks=LOOKS):
    """Play ``case`` look by look until the stronger side's corrected interval clears 50%:
    ``(tally, holds)``; the plain 95% interval of the tally is what docs/players.md prints."""
    from generator.balance.winrate import wilson_interval

    tally, done = None, 0
    for look in looks:
        tally = play_case(case, look, seed, jobs, tally=tally, first=done)
        done = look
        low, _ = wilson_interval(tally.score, tally.games, 1 - 0.05 / len(looks))
        if low > 0.5:
            return tally, True
    return tally, False


def play_case(case: Case, battles: int, seed: int = 1, jobs: int = 1, tally=None, first: int = 0):
    """The stronger variant against the printed team, battles ``first`` to ``battles - 1``
    (seats alternating: battle ``i`` is the same whatever the range it is played in), added to
    ``tally`` (a new :class:`generator.balance.sequential.Tally` by default), from the variant's
    side."""
    from generator.balance.runner import Job, make_runner, seat_of_a
    from generator.balance.sequential import Tally
    from generator.content import content_path, load_roster

    system, team = load_roster(content_path(f"sagaborn/{case.roster}"))
    strong = stronger(team, case)
    job = Job(system, strong, team, {"points": max(strong.point_limit, team.point_limit)}, seed)
    tally = Tally() if tally is None else tally
    runner = make_runner(jobs)
    try:
        records = sorted(runner.run([(job, first, battles)]), key=lambda record: record[0])
    finally:
        runner.close()
    for index, winner, rounds, _first in records:
        tally.add(winner, rounds, seat_of_a(index))
    return tally
