"""The Basic Game's turn on flat numbers: set-up, moves, the attack step, removal, the end.

This is the rules engine of a Bladestorm battle (rulebook 6.0-9.0; the turn sequence and the
attack rules are told in :mod:`generator.systems.bladestorm.mechanics` and the tile geometry in
:mod:`generator.systems.bladestorm.footing`). It runs compiled or as plain Python
(:mod:`generator.compiled`); :mod:`generator.systems.bladestorm.game` puts the engine's
protocol (actions as tuples, events as dicts) on top of it.

Action codes: ``kind << 40 | piece << 28 | a << 12 | b`` with ``kind`` one of :data:`PLACE`
(``a`` the anchor), :data:`MOVE` (``a`` the anchor), :data:`ATTACK` (``a`` the target piece,
``b`` the attack's index on the attacker's card) and :data:`END`.

Where a base may go and which bases touch (rulebook 7.0, and 8.0's contact) is
:mod:`generator.systems.bladestorm.core_movement`, whose :class:`BladestormBoard` this state
extends; here is the turn built on it, in the book's order.
"""

from __future__ import annotations

from array import array

from generator.errors import SkirmishError
from generator.play.core import Core
from generator.systems.bladestorm.core_consts import (
    ADD, ATTACK, ATTACKING, END, FAR, FIXED, HIGH, LOW, MOVE, MOVING, OVER, PLACE, SETUP,
)
from generator.systems.bladestorm.core_movement import BladestormBoard


def encode(kind, piece, a, b):
    return (kind << 40) | (piece << 28) | (a << 12) | b


class BladestormRules(BladestormBoard):
    """A Bladestorm battle as numbers; ``seat`` 0 is a, 1 is b."""

    def __init__(self, prepared, tables, arms, flat, width, first, setup_first, turn_limit, zones, fields, work):
        Core.__init__(self)
        self.prepared = prepared  # what the protocol layer needs (names, cards, the greedy player's odds)
        self.tables = tables
        self.arms = arms
        self.flat = flat
        self.width = width
        self.first = first
        self.setup_first = setup_first
        self.turn_limit = turn_limit
        self.zones = zones  # per seat: a flag per tile, 1 in its set-up zone (empty: marked set-up)
        self.fields = fields  # route lengths to contact, shared by every battle of the seating
        self.step = SETUP
        self.turn_side = first
        self.round = 0
        self.done_a = 0
        self.done_b = 0
        self.winner = -1
        self.why = ""
        self.work = work  # working space shared by the seating's states (core_data.Scratch)

    def winner_seat(self):
        return self.winner

    # ---- copies ----------------------------------------------------------------------------------

    def clone(self):
        other = type(self).__new__(type(self))
        self.copy_into(other)
        return other

    def copy_into(self, other):
        other.decider, other.finished, other.log = self.decider, self.finished, None
        other.prepared = self.prepared
        other.tables, other.arms, other.flat = self.tables, self.arms, self.flat.copy()
        other.width, other.first, other.setup_first = self.width, self.first, self.setup_first
        other.turn_limit, other.zones, other.fields = self.turn_limit, self.zones, self.fields
        other.step, other.turn_side, other.round = self.step, self.turn_side, self.round
        other.done_a, other.done_b, other.winner, other.why = self.done_a, self.done_b, self.winner, self.why
        other.work = self.work

    # ---- the legal actions ------------------------------------------------------------------------

    def action_codes(self, out):
        if self.finished:
            return 0
        pieces = self.flat
        count = 0
        if self.step == SETUP:
            p = self.next_to_place()
            table = self.tables[pieces.table[p]]
            self.mark_taken(p)
            zone = self.zones[pieces.seat[p]]
            kk = table.k * table.k
            for i in range(table.n):
                if not table.fits[i] or not self.covers_zone(table, i, zone) or self.overlaps_taken(table, i):
                    continue
                out[count] = encode(PLACE, p, i, 0)
                count += 1
            return count
        if self.step == MOVING:
            for p in range(pieces.count):
                if pieces.seat[p] != self.turn_side or pieces.removed[p] or pieces.moved[p]:
                    continue
                found = self.find_reach(p)
                base = p * self.tables[pieces.table[p]].n
                for j in range(found):
                    if count >= len(out) - 1:
                        raise SkirmishError("bladestorm: more legal moves than the core has room for")
                    out[count] = encode(MOVE, p, self.work.reach_order[base + j], 0)
                    count += 1
            out[count] = encode(END, 0, 0, 0)
            return count + 1
        count = self.attack_codes(self.decider, out)
        out[count] = encode(END, 0, 0, 0)
        return count + 1

    def covers_zone(self, table, anchor, zone):
        kk = table.k * table.k
        for j in range(kk):
            if zone[table.block[anchor * kk + j]]:
                return True
        return False

    def overlaps_taken(self, table, anchor):
        kk = table.k * table.k
        for j in range(kk):
            if self.work.taken[table.block[anchor * kk + j]]:
                return True
        return False

    def attack_codes(self, side, out):
        """Every attack ``side`` may still make in this attack step, in card order."""
        if (side == 0 and self.done_a) or (side == 1 and self.done_b):
            return 0
        pieces, arms = self.flat, self.arms
        count = 0
        for p in range(pieces.count):
            if pieces.seat[p] != side or pieces.removed[p] or pieces.attacked[p] or arms.first[p] == arms.first[p + 1]:
                continue
            for q in range(pieces.count):
                if pieces.seat[q] == side or pieces.removed[q]:
                    continue
                if self.in_contact_now(p, q):
                    for w in range(arms.first[p + 1] - arms.first[p]):
                        if count >= len(out) - 1:
                            raise SkirmishError("bladestorm: more attacks than the core has room for")
                        out[count] = encode(ATTACK, p, q, w)
                        count += 1
        return count

    def has_attack(self, side):
        """Whether ``side`` may still make an attack in this step (:meth:`attack_codes` is not empty)."""
        if (side == 0 and self.done_a) or (side == 1 and self.done_b):
            return False
        pieces, arms = self.flat, self.arms
        for p in range(pieces.count):
            if pieces.seat[p] != side or pieces.removed[p] or pieces.attacked[p] or arms.first[p] == arms.first[p + 1]:
                continue
            for q in range(pieces.count):
                if pieces.seat[q] != side and not pieces.removed[q] and self.in_contact_now(p, q):
                    return True
        return False

    def next_to_place(self):
        pieces = self.flat
        for p in range(pieces.count):
            if pieces.seat[p] == self.decider and pieces.anchor[p] < 0:
                return p
        raise SkirmishError("bladestorm: nobody left to set up")

    # ---- carrying out an action -------------------------------------------------------------------

    def apply_code(self, code, dice):
        if self.finished:
            raise SkirmishError("the battle is over")
        kind = code >> 40
        p = (code >> 28) & 0xFFF
        a = (code >> 12) & 0xFFFF
        b = code & 0xFFF
        if kind == PLACE and self.step == SETUP:
            self.place(p, a)
        elif kind == MOVE and self.step == MOVING:
            self.move(p, a)
        elif kind == ATTACK and self.step == ATTACKING:
            self.attack(p, a, b, dice)
        elif kind == END and self.step in (MOVING, ATTACKING):
            self.end_step()
        else:
            raise SkirmishError(f"bladestorm: action {code} is not an action of this step")
        return 0

    def place(self, p, anchor):
        self.flat.anchor[p] = anchor
        if self.log is not None:
            self.log.append(self.event_place(p))
        self.after_setup()

    def after_setup(self):
        """The next player to set up, or the first battle round once everyone stands."""
        pieces = self.flat
        for seat in (self.setup_first, 1 - self.setup_first):
            for p in range(pieces.count):
                if pieces.seat[p] == seat and pieces.anchor[p] < 0:
                    self.decider = seat
                    return
        self.round = 1
        if self.log is not None:
            self.log.append({"round": 1, "action": "round"})
        self.begin_moves(self.first)

    def begin_moves(self, side):
        self.step = MOVING
        self.turn_side = side
        self.decider = side
        for p in range(self.flat.count):
            self.flat.moved[p] = 0

    def move(self, p, goal):
        pieces = self.flat
        if pieces.seat[p] != self.turn_side or pieces.moved[p] or pieces.removed[p]:
            raise SkirmishError("bladestorm: that combatant cannot move now")
        self.find_reach(p)
        base = p * self.tables[pieces.table[p]].n
        if self.work.reach_cost[base + goal] == FAR:
            raise SkirmishError("bladestorm: that combatant cannot reach there")
        pieces.moved[p] = 1
        start = pieces.anchor[p]
        if goal == start:
            if self.log is not None:
                self.log.append(self.event_wait(p))
        else:
            touching_before = array("i", [0] * pieces.count)
            for q in range(pieces.count):
                if pieces.seat[q] != pieces.seat[p] and not pieces.removed[q] and self.in_contact_now(p, q):
                    touching_before[q] = 1
            route = []
            here = goal
            while self.work.reach_prev[base + here] != -1:
                route.append(here)
                here = self.work.reach_prev[base + here]
            route.reverse()
            pieces.anchor[p] = goal
            if self.log is not None:
                self.log.append(self.event_move(p, start, route))
            for q in range(pieces.count):
                if (pieces.seat[q] != pieces.seat[p] and not pieces.removed[q] and not touching_before[q]
                        and self.in_contact_now(p, q) and self.log is not None):
                    self.log.append(self.event_contact(p, q))
        for q in range(pieces.count):
            if pieces.seat[q] == self.turn_side and not pieces.moved[q] and not pieces.removed[q]:
                return
        self.begin_attacks()

    def end_step(self):
        pieces = self.flat
        if self.step == MOVING:
            for p in range(pieces.count):
                if pieces.seat[p] == self.turn_side and not pieces.removed[p] and not pieces.moved[p]:
                    if self.log is not None:
                        self.log.append(self.event_wait(p))
            for p in range(pieces.count):
                pieces.moved[p] = 1
            self.begin_attacks()
            return
        if self.decider == 0:
            self.done_a = 1
        else:
            self.done_b = 1
        self.advance_attacks()

    def begin_attacks(self):
        self.step = ATTACKING
        self.done_a = 0
        self.done_b = 0
        for p in range(self.flat.count):
            self.flat.attacked[p] = 0
        self.decider = self.turn_side
        self.advance_attacks()

    def advance_attacks(self):
        if self.has_attack(self.decider):
            return
        if self.decider == self.turn_side:
            self.decider = 1 - self.turn_side
            if self.has_attack(self.decider):
                return
        self.end_attack_step()

    def attack(self, p, q, w, dice):
        """One attack: roll the attack's dice, hit on more than Defense, check off the damage."""
        pieces, arms = self.flat, self.arms
        if (pieces.seat[p] != self.decider or pieces.removed[p] or pieces.attacked[p] or pieces.removed[q]
                or not self.in_contact_now(p, q) or w >= arms.first[p + 1] - arms.first[p]
                or (self.decider == 0 and self.done_a) or (self.decider == 1 and self.done_b)):
            raise SkirmishError("bladestorm: that attack cannot be made now")
        index = arms.first[p] + arms.same[arms.first[p] + w]  # attacks are named: the first of that name
        first, last = arms.dice_start[index], arms.dice_start[index + 1]
        rolled = 0
        for g in range(arms.group_start[index], arms.group_start[index + 1]):
            dice.roll_into(arms.group_count[g], arms.group_sides[g], arms.faces, rolled)
            rolled += arms.group_count[g]
        total = 0
        for d in range(last - first):
            total += arms.faces[d]
        total = arms.mult[index] * total + arms.mod[index]
        defense = pieces.defense[q]
        hit = total > defense
        damage = 0
        if hit:
            damage = self.damage_of(index, last - first)
            if damage < 0:
                damage = 0
        pieces.hits[q] += damage
        pieces.attacked[p] = 1
        if self.log is not None:
            self.log.append(self.event_attack(p, q, index, last - first, total, defense, hit, damage))
        self.advance_attacks()

    def damage_of(self, index, count):
        """The attack's Melee Damage for the faces in ``arms.faces[:count]``."""
        arms = self.arms
        base = arms.base[index]
        amount = 0
        if base == FIXED:
            amount = arms.fixed[index]
        elif count > 0:
            high = arms.faces[0]
            low = arms.faces[0]
            for d in range(1, count):
                if arms.faces[d] > high:
                    high = arms.faces[d]
                if arms.faces[d] < low:
                    low = arms.faces[d]
            highs = 0
            lows = 0
            total = 0
            both = 0
            for d in range(count):
                face = arms.faces[d]
                total += face
                if face == high:
                    highs += 1
                if face == low:
                    lows += 1
                if face == high or face == low:
                    both += face
            if base == HIGH:
                amount = high * highs
            elif base == LOW:
                amount = low * lows
            elif high == low:
                amount = total
            elif highs == 1 and lows == 1:
                amount = high + low
            else:
                amount = both
        for s in range(arms.step_start[index], arms.step_start[index + 1]):
            if arms.step_op[s] == ADD:
                amount = amount + arms.step_n[s]
            else:
                amount = amount * arms.step_n[s]
        return amount if amount > 0 else 0

    def end_attack_step(self):
        """Remove every combatant with no Endurance left; the battle ends, or the other player moves."""
        pieces = self.flat
        for p in range(pieces.count):
            if not pieces.removed[p] and pieces.endurance[p] - pieces.hits[p] <= 0:
                pieces.removed[p] = 1
                if self.log is not None:
                    self.log.append(self.event_taken_down(p))
        alive_a = False
        alive_b = False
        for p in range(pieces.count):
            if not pieces.removed[p]:
                if pieces.seat[p] == 0:
                    alive_a = True
                else:
                    alive_b = True
        if not (alive_a and alive_b):
            if alive_a or alive_b:
                self.finish(0 if alive_a else 1, "eliminated every enemy combatant")
            else:
                self.finish(-1, "both sides eliminated in the same attack step")
            return
        mover = 1 - self.turn_side
        if mover == self.first:
            if self.round >= self.turn_limit:
                self.finish(-1, f"turn limit ({self.turn_limit}) reached")
                return
            self.round += 1
            if self.log is not None:
                self.log.append({"round": self.round, "action": "round"})
        self.begin_moves(mover)

    def finish(self, winner, why):
        self.winner = winner
        self.why = why
        self.step = OVER
        self.finished = True
        if self.log is not None:
            self.log.append({"round": self.round, "action": "end", "winner": None if winner < 0 else "ab"[winner],
                             "why": why})

    # ---- events (only while a log is kept; game.BladestormState words them) -----------------------

    def event_place(self, p):
        raise NotImplementedError

    def event_wait(self, p):
        raise NotImplementedError

    def event_move(self, p, start, route):
        raise NotImplementedError

    def event_contact(self, p, q):
        raise NotImplementedError

    def event_attack(self, p, q, index, count, total, defense, hit, damage):
        raise NotImplementedError

    def event_taken_down(self, p):
        raise NotImplementedError
