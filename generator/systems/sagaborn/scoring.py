"""How a SagaBorn battle ends and scores: a side with no units left loses; after the cut-off
(round 12, or a scenario's earlier one) surviving points plus 20 per relic held decide, with a
scenario's own points (chests opened, units taken down, rounds holding the shrine) added.

:class:`Scoring` is the part of :class:`~generator.systems.sagaborn.game.SagaState` that checks
for the end and counts the score; the counting rules are :func:`mechanics.cutoff_score` and
:func:`mechanics.cutoff_winner`.
"""

from __future__ import annotations

from fractions import Fraction

from generator.play.engine import Event, Outcome
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.pieces import SIDES

#: The scenario scorings added to the book's cut-off count (points per chest opened, per enemy
#: unit taken down, per round holding the shrine).
SCENARIO_SCORING = ("open_chest", "take_down", "hold_centre")


class Scoring:
    """The end of the battle and the score (mixed into the battle state)."""

    def _score(self, side: str, kind: str, why: str) -> Event:
        """The scenario's points for ``kind`` to ``side``, as an event."""
        self.bonus[side] += self.scoring[kind]
        return {"round": self.round, "side": side, "action": "points", "kind": kind, "why": why,
                "vp": self.scoring[kind], "total": {s: self.bonus[s] for s in SIDES}}

    def shrine_holder(self) -> str | None:
        """The side with more living units on or next to the shrine, if either has more."""
        if self.shrine is None:
            return None
        near = {s: sum(1 for f in self.living(s) if self.board.distance(f.pos, self.shrine) <= 1) for s in SIDES}
        return "a" if near["a"] > near["b"] else "b" if near["b"] > near["a"] else None

    def _check_end(self) -> bool:
        if self.ended is not None:
            return True
        if self.living("a") and self.living("b"):
            return False  # both sides stand: asked after every action, so answered first
        alive = {s: bool(self.living(s)) for s in SIDES}
        winner = "a" if alive["a"] else ("b" if alive["b"] else None)
        score = self.scores()
        self.ended = Outcome(winner, {s: int(score[s]) for s in SIDES}, self.round,
                             f"side {winner.upper()} took down every enemy" if winner else "both sides fell",
                             first=self.opening)
        self.strikes = []
        return True

    def _end_events(self) -> list[Event]:
        self.phase = "over"
        return [{"round": self.round, "action": "end", "why": self.ended.reason, "winner": self.ended.winner}]

    def scores(self) -> dict[str, Fraction]:
        """Each side's cut-off score: surviving points plus 20 per relic held, plus the
        scenario's own points (chests, take-downs, the shrine)."""
        out = {}
        for side in SIDES:
            survivors = [m.Survivors(sq.card, sum(1 for u in sq.units if self.fighters[u].alive))
                         for sq in self.squads[side]]
            held = sum(len(f.relics) for f in self.living(side))
            out[side] = m.cutoff_score(survivors, held) + self.bonus[side]
        return out

    def _cutoff(self) -> list[Event]:
        score = self.scores()
        winner = m.cutoff_winner(score)
        if winner is None and self.battle.rules.get("tie_to"):
            winner = self.battle.rules["tie_to"]  # the scenario hands a level count to one side
        held = {s: sum(len(f.relics) for f in self.living(s)) for s in SIDES}
        level = f" (the scenario gives a level count to side {winner.upper()})" if score["a"] == score["b"] and winner else ""
        self.ended = Outcome(winner, {s: int(score[s]) for s in SIDES}, self.round,
                             f"the {self.round}-round cut-off: points {float(score['a']):g} to "
                             f"{float(score['b']):g}{level}", first=self.opening)
        self.phase = "over"
        return [{"round": self.round, "action": "score", "vp": {s: float(score[s]) for s in SIDES},
                 "total": {s: float(score[s]) for s in SIDES}, "relics": held},
                {"round": self.round, "action": "end", "why": self.ended.reason, "winner": winner}]
