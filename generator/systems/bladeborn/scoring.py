"""How a Bladeborn battle is scored and won: objective control, victory points, ties, the end.

A mixin of :class:`generator.systems.bladeborn.game.BladebornState` (it reads and writes the
state's fighters, control and victory points). The rules, as the book and the battle card say:

* control: after every turn, a player gains an objective with more fighters within 1 hex of it
  than the other player (a Desecration token counts as one more fighter, a fighter keeping an
  oath counts twice); otherwise it stays with whoever held it;
* victory points: the card's scoring rules, at the end of each round, at the end of the battle,
  or at once (take-downs);
* the end: after the card's rounds; a warband with nobody left on the battlefield or in reserve
  has been eliminated, which ends the battle at once, and its enemy wins (the book: "you win each
  battle by eliminating your enemies or by gaining control over the battlefield");
* a level battle: the card's tie rule (a draw, more fighters left, the campaign tiebreakers, the
  attacker or defender, a roll-off, or more fighters left only when neither player scored).
"""

from __future__ import annotations

from generator.play.engine import Outcome
from generator.systems.bladeborn import mechanics as rules
from generator.systems.bladeborn.pieces import OTHER, SIDES, FighterInPlay
from generator.systems.warcry.mechanics import roll_off

#: Scoring rules counted at the end of a round or of the battle (the others score as they happen).
POSITIONAL_SCORING = ("per_objective", "hold_centre", "most_objectives", "enemy_territory")
#: How a level battle ends: the tie rules this engine carries out (descriptions for the printed
#: cards are ``generator.scenarios.rules.TIES``, one per kind).
TIE_KINDS = ("draw", "tiebreakers", "most_fighters", "most_fighters_then_tiebreakers",
             "most_fighters_if_no_points", "defender", "attacker", "roll_off")
#: The log's words for each reason a take-down scores.
TAKEDOWN_WORDS = {"take_down": "a take-down", "first_blood": "first blood", "slay_leader": "the enemy leader",
                  "take_down_bonus": "the twist's take-down bonus"}


class Scoring:
    """Objective control, victory points, ties and the end of the battle (see the module doc)."""

    # ---- what a take-down and an objective are worth ------------------------------------------------

    def takedown_points(self, target: FighterInPlay) -> int:
        """Victory points the enemy would score now for taking ``target`` down (players ask this
        of every enemy at every decision: kept by what it reads that changes during a battle,
        first blood, the take-downs this round and whether the target leads its warband)."""
        key = (self.first_blood, self.took_down_this_round, target.id[1:] == "1")
        found = self._takedown_points.get(key)
        if found is None:
            found = self._takedown_points[key] = sum(p for p, _ in self._takedown_reasons(target))
        return found

    def _takedown_reasons(self, target: FighterInPlay) -> list[tuple[int, str]]:
        r = self.rules
        out = []
        if r.points_for("take_down"):
            out.append((r.points_for("take_down"), "take_down"))
        if not self.first_blood and r.points_for("first_blood"):
            out.append((r.points_for("first_blood"), "first_blood"))
        if target.id[1:] == "1" and r.points_for("slay_leader"):
            out.append((r.points_for("slay_leader"), "slay_leader"))
        if r.takedown_bonus and (r.takedown_bonus_per_round is None or self.took_down_this_round < r.takedown_bonus_per_round):
            out.append((r.takedown_bonus, "take_down_bonus"))
        return out

    def _score_takedown(self, target: FighterInPlay, scorer: str) -> list[dict]:
        reasons = self._takedown_reasons(target)
        self.first_blood = True
        self.took_down_this_round += 1
        points = sum(p for p, _ in reasons)
        if not points:
            return []
        self.vp[scorer] += points
        return [self._event("score", side=scorer, vp={scorer: points, OTHER[scorer]: 0},
                            why="+".join(w for _, w in reasons), total=dict(self.vp))]

    def objective_stakes(self, side: str) -> dict:
        """What holding each objective is worth to ``side`` at the next scoring, in victory points."""
        r = self.rules
        stakes = {o: 0.0 for o in r.objectives}
        held = sum(1 for h in self.control.values() if h == side)
        for rule in r.scoring:
            if rule.kind == "per_objective":
                bonus = r.objective_bonus if self.round + 1 >= r.objective_bonus_from else 0
                for o in stakes:
                    stakes[o] += rule.points + bonus
            elif rule.kind == "hold_centre" and self.centre in stakes:
                stakes[self.centre] += rule.points
            elif rule.kind == "most_objectives":
                for o in stakes:
                    stakes[o] += rule.points / max(1, len(stakes) - held)
        return stakes

    def side_of_player(self, player: str) -> str | None:
        """The side (seat) whose territory is the card's player ``player``."""
        return next((s for s, p in self.territory.items() if p == player), None)

    def side_with_role(self, role: str) -> str | None:
        player = next((p for p, r in self.rules.roles.items() if r == role), None)
        return None if player is None else self.side_of_player(player)

    # ---- objective control ---------------------------------------------------------------------------

    def control_extra(self) -> dict:
        """What counts for control besides the fighters near an objective: each player's
        Desecration tokens (one more fighter each) and fighters keeping an oath there (their
        ``oath_extra`` more), as ``{objective: {side: count}}``."""
        extra: dict = {}
        for objective, side in self.tokens:
            extra.setdefault(objective, {}).setdefault(side, 0)
            extra[objective][side] += 1
        for f in self.fighters.values():
            if f.on and f.oath is not None and self.board.distance(f.pos, f.oath) <= rules.OBJECTIVE_RANGE:
                extra.setdefault(f.oath, {}).setdefault(f.side, 0)
                extra[f.oath][f.side] += f.oath_extra
        return extra

    def _update_control(self) -> list[dict]:
        """Objective control after a turn. Nothing changes while nobody has changed hex since the
        last update and no token or oath came or went, nor while the fighters near the
        objectives stand where they stood then (control follows the fighters around each
        objective, or stays put: counting the same fighters again gives the same control)."""
        marks = (tuple(self.tokens), tuple((f.id, f.oath) for f in self.fighters.values() if f.oath is not None))
        if not self.control or (self._control_layout == self.layout and self._control_marks == marks):
            return []
        self._control_layout, self._control_marks = self.layout, marks
        near = self._near_objectives
        if near is None:
            near = self._near_objectives = self._cells_near_objectives()
        # a fighter farther from every objective counts for none of them: leave it out of the count
        positions: dict[str, list] = {s: [] for s in SIDES}
        for f in self.fighters.values():
            if f.where == "on" and f.pos in near:
                positions[f.side].append(f.pos)
        counted = (positions["a"], positions["b"], marks)
        if counted == self._control_counted:
            return []
        self._control_counted = counted
        names = {o: o for o in self.control}
        rows = {o: self.board.distance_from(o) for o in self.control}
        new = rules.update_control(names, self.control, positions, distance=lambda h, o: rows[o][h],
                                   extra=self.control_extra() if marks != ((), ()) else None)
        events = []
        for o, holder in new.items():
            if holder != self.control[o]:
                events.append(self._event("control", cell=self.board.label(o), side=holder))
        self.control = new
        return events

    # ---- victory points --------------------------------------------------------------------------------

    def _score(self, moment: str) -> dict[str, int]:
        """Victory points of the positional scoring rules at the end of a round or of the battle."""
        gained = {"a": 0, "b": 0}
        for r in self.rules.scoring:
            if r.kind not in POSITIONAL_SCORING:
                continue
            if moment == "round" and not (r.when in ("end_of_round", "immediately") and self.round >= r.from_round):
                continue
            if moment == "battle" and r.when != "end_of_battle":
                continue
            if r.kind == "per_objective":
                per = r.points + (self.rules.objective_bonus if self.round >= self.rules.objective_bonus_from else 0)
                for holder in self.control.values():
                    if holder in gained:
                        gained[holder] += per
            elif r.kind == "hold_centre":
                holder = self.control.get(self.centre)
                if holder in gained:
                    gained[holder] += r.points
            elif r.kind == "most_objectives":
                held = {s: sum(1 for h in self.control.values() if h == s) for s in SIDES}
                if held["a"] != held["b"]:
                    gained["a" if held["a"] > held["b"] else "b"] += r.points
            elif r.kind == "enemy_territory":
                for f in self.fighters.values():
                    if f.on and self.territory_hexes and f.pos in self.territory_hexes[OTHER[f.side]]:
                        gained[f.side] += r.points
        return gained

    def _end_round(self, rng) -> list[dict]:
        gained = self._score("round")
        for s in SIDES:
            self.vp[s] += gained[s]
        self.rounds_played = self.round
        events = [self._event("score", vp=gained, total=dict(self.vp))]
        events += self._round_effects()
        self._end_phase()
        if self._wiped_out():
            return events + self._wiped_out_end(rng)
        if self.round >= self.rules.rounds:
            return events + self._finish(rng)
        events += self.start_round(rng)
        return events

    def _end_phase(self) -> None:
        """The end phase: activation tokens off, turn counters back; what lasts until the end of
        the round ends (Desecration tokens, veiled hexes, shields, wards, round-long bonuses)."""
        for acts in self.activations.values():
            acts.end_phase()
        self.tokens = []
        if self.veils:
            self.veils = []
            self.layout += 1  # sight changes: what was kept about targets no longer holds
        for f in self.fighters.values():
            f.crit_shield, f.ward, f.round_bonus = False, 0, ()

    def _round_effects(self) -> list[dict]:
        """A twist's damage or healing at the end of a battle round."""
        events = []
        r = self.rules
        if r.round_damage:
            for f in list(self.fighters.values()):
                if not f.on:
                    continue
                if r.round_damage_where == "objectives" and not any(
                        self.board.distance(f.pos, o) <= 1 for o in r.objectives):
                    continue
                events.append(self._event("damage", side=f.side, fighter=f.id, damage=r.round_damage, why=r.twist))
                events += self._deal(f, r.round_damage, by=None)
        if r.round_heal:
            for f in self.fighters.values():
                if f.on and f.damage:
                    healed = min(f.damage, r.round_heal)
                    f.damage -= healed
                    events.append(self._event("heal", side=f.side, fighter=f.id, amount=healed, ability=r.twist))
        return events

    # ---- the end -------------------------------------------------------------------------------------

    def _wiped_out(self) -> bool:
        """Whether a warband has nobody left on the battlefield or in reserve."""
        left = {f.side for f in self.fighters.values() if f.where == "on" or f.where == "reserve"}
        return len(left) < len(SIDES)

    def _wiped_out_end(self, rng) -> list[dict]:
        """A warband is eliminated: the battle ends at once and its enemy wins. If the last
        fighters of both went at once (a twist's damage), the points decide as at the end."""
        left = [s for s in SIDES if any(f.where in ("on", "reserve") for f in self.fighters.values() if f.side == s)]
        self.rounds_played = self.round
        if len(left) == 1:
            self.forced_winner = left[0]
            self.end_reason = f"{self.names.get(OTHER[left[0]], OTHER[left[0]])} was wiped out"
        else:
            self.end_reason = "both warbands were wiped out"
        return self._finish(rng)

    def _finish(self, rng) -> list[dict]:
        events = []
        if self.forced_winner is None:
            gained = self._score("battle")
            if any(gained.values()):
                for s in SIDES:
                    self.vp[s] += gained[s]
                events.append(self._event("score", vp=gained, why="end of the battle", total=dict(self.vp)))
            if self.vp["a"] == self.vp["b"]:
                self._settle_tie(rng)
        self.ended = True
        outcome = self.outcome()
        events.append(self._event("end", why=outcome.reason, winner=outcome.winner, vp=dict(self.vp)))
        return events

    def outcome(self) -> Outcome:
        a, b = self.vp["a"], self.vp["b"]
        first = self.setup_order[0] if self.setup_order else None  # the set-up roll-off's winner
        if self.forced_winner is not None:
            return Outcome(self.forced_winner, dict(self.vp), self.rounds_played,
                           f"{self.rules.name}: {self.end_reason}; the last warband standing wins", first=first)
        winner = "a" if a > b else "b" if b > a else None
        reason = f"{self.rules.name}: most victory points"
        if winner is None and self.tiebreak is not None:
            winner, why = self.tiebreak
            reason = f"{self.rules.name}: equal victory points, " + (why if winner else "a draw")
        elif winner is None:
            reason = f"{self.rules.name}: equal victory points, a draw"
        if self.end_reason:
            reason += f" ({self.end_reason})"
        return Outcome(winner, dict(self.vp), self.rounds_played, reason, first=first)

    def _settle_tie(self, rng) -> None:
        """Work out now (dice included) who wins if the victory points end level."""
        tie = self.rules.tie
        left = {s: len(self.side_fighters(s)) for s in SIDES}
        more = None if left["a"] == left["b"] else ("a" if left["a"] > left["b"] else "b")
        if tie == "draw":
            self.tiebreak = (None, "a draw")
        elif tie == "most_fighters":
            self.tiebreak = (more, "more fighters left")
        elif tie == "most_fighters_if_no_points":
            scored = self.vp["a"] > 0  # level points: both scored or neither did
            self.tiebreak = (None, "a draw (both scored)") if scored else (more, "neither scored: more fighters left")
        elif tie in ("defender", "attacker"):
            self.tiebreak = (self.side_with_role(tie), f"the {tie} wins ties")
        elif tie == "roll_off":
            w, history = roll_off(rng)
            self.tiebreak = (w, f"won the roll-off {_dice_dict(history)}")
        elif tie == "most_fighters_then_tiebreakers" and more is not None:
            self.tiebreak = (more, "more fighters left")
        elif tie in ("tiebreakers", "most_fighters_then_tiebreakers"):
            from generator.systems.bladeborn.campaign import BattleEnd, tiebreak

            held = {s: sum(1 for h in self.control.values() if h == s) for s in SIDES}
            total = {s: sum(1 for f in self.fighters.values() if f.side == s) for s in SIDES}
            w, step = tiebreak(BattleEnd(left, total, held), rng)
            words = {1: "the only warband left on the battlefield", 2: "more objectives controlled",
                     3: "a higher share of its fighters left", 4: "won the roll-off"}
            self.tiebreak = (w, f"campaign tiebreaker {step}: {words[step]}")


def _dice_dict(history: list[tuple[int, int]]) -> dict[str, list[int]]:
    """Every roll of a roll-off by player (ties were re-rolled), e.g. ``{"a": [3, 5], "b": [3, 2]}``."""
    return {"a": [pair[0] for pair in history], "b": [pair[1] for pair in history]}
