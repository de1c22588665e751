"""A Bladestorm battle as flat numbers: the footing of each base size, the weapons, the pieces.

What :mod:`generator.systems.bladestorm.footing` and the combatant cards say, turned once per
seating into arrays the battle core reads (:mod:`core_rules`, :mod:`core_player`):

* :class:`FootingTable`: where a base of one size may stand and step on the map (anchors are
  ``row * width + col``, steps in the order :class:`Footing` lists them, milli-inches);
* :class:`Arms`: every piece's attacks, each a list of dice, a multiplier and modifier, and its
  Melee Damage as a base (High, Low, High+Low, fixed) with its steps;
* :class:`Pieces`: per piece its seat, base, card numbers and what happens to it in play.

Nothing here is a rule: the rules read these numbers.
"""

from __future__ import annotations

from array import array

from generator.play.core import copy_ints
from generator.systems.bladestorm.footing import contact_offsets

from generator.systems.bladestorm.core_consts import ADD, FIXED, HIGH, HIGH_LOW, LOW, TIMES

_BASES = {"high": HIGH, "low": LOW, "high+low": HIGH_LOW, "fixed": FIXED}


def _ints(values) -> array:
    return array("i", list(values))


class FootingTable:
    """One base size's :class:`Footing` on one map as arrays (``k`` tiles across)."""

    def __init__(self, footing, tile_in: float, contact_ks):
        self.width, self.height, self.k = footing.width, footing.height, footing.k
        n = footing.width * footing.height
        self.n = n
        self.fits = _ints(1 if f else 0 for f in footing.fits)
        k = footing.k
        self.block = _ints(t for i in range(n) for t in (footing.blocks[i] or (-1,) * (k * k)))
        starts, to, length, need_start, needs = [0], [], [], [0], []
        for i in range(n):
            for j, step, tiles in footing.steps[i]:
                to.append(j)
                length.append(step)
                needs.extend(tiles)
                need_start.append(len(needs))
            starts.append(len(to))
        self.step_start, self.step_to, self.step_len = _ints(starts), _ints(to), _ints(length)
        self.need_start, self.needs = _ints(need_start), _ints(needs)
        # base contact: anchor offsets (from the other base's anchor) at which this base touches
        # a base ``other`` tiles across, in contact_offsets' order: contact_start[other] up to
        # contact_start[other + 1]
        self.contact_start = _ints([0] * 18)
        dcs, drs = [], []
        for other in range(1, 17):
            self.contact_start[other] = len(dcs)
            if other in contact_ks:
                for dc, dr in contact_offsets(k, other, tile_in):
                    dcs.append(dc)
                    drs.append(dr)
        self.contact_start[17] = len(dcs)
        self.contact_dc, self.contact_dr = _ints(dcs), _ints(drs)
        # the searches' heap (a search runs to its end before the next starts)
        self.heap_cost = _ints([0] * (n + len(to) + 1))
        self.heap_at = _ints([0] * (n + len(to) + 1))


class Arms:
    """Every piece's attacks, in the order its card offers them (``Combatant.attacks``)."""

    def __init__(self, cards):
        from generator.dice.bladestorm import parse_damage, parse_roll

        first, dice_start, sides, mult, mod, same = [0], [0], [], [], [], []
        group_start, group_count, group_sides = [0], [], []
        base, fixed, step_start, step_op, step_n = [], [], [0], [], []
        self.names, self.texts = [], []
        for card in cards:
            names = []
            for w in (card.attacks() if card.armed else ()):
                same.append(names.index(w.name) if w.name in names else len(names))  # attacks go by name
                names.append(w.name)
                roll, damage = parse_roll(w.attack), parse_damage(w.damage)
                for count, s in roll.groups:
                    sides.extend([s] * count)
                    group_count.append(count)
                    group_sides.append(s)
                group_start.append(len(group_count))
                dice_start.append(len(sides))
                mult.append(roll.multiplier)
                mod.append(roll.modifier)
                base.append(_BASES[damage.base])
                fixed.append(damage.fixed)
                for op, n in damage.steps:
                    step_op.append(TIMES if op == "x" else ADD)
                    step_n.append(n if op in ("x", "+") else -n)
                step_start.append(len(step_op))
                self.names.append(w.name)
                self.texts.append(f"{w.attack}, {w.damage}")
            first.append(len(mult))
        self.first = _ints(first)  # piece p's attacks are first[p] .. first[p + 1] - 1
        self.same = _ints(same)  # an attack's position among its piece's attacks of the same name, the first
        self.dice_start, self.sides = _ints(dice_start), _ints(sides)
        # the attack roll's groups of dice (2D6+D10: two D6, then one D10), rolled group by group
        self.group_start, self.group_count, self.group_sides = _ints(group_start), _ints(group_count), _ints(group_sides)
        self.mult, self.mod = _ints(mult), _ints(mod)
        self.base, self.fixed = _ints(base), _ints(fixed)
        self.step_start, self.step_op, self.step_n = _ints(step_start), _ints(step_op), _ints(step_n)
        self.faces = _ints([0] * max(1, max((dice_start[i + 1] - dice_start[i] for i in range(len(mult))), default=1)))


class Pieces:
    """The pieces of one battle, seat a's first, in card order."""

    def __init__(self, seats, ks, tables, budgets, endurances, defenses):
        self.count = len(seats)
        self.seat = _ints(seats)
        self.k = _ints(ks)
        self.table = _ints(tables)
        self.budget = _ints(budgets)
        self.endurance = _ints(endurances)
        self.defense = _ints(defenses)
        self.anchor = _ints([-1] * self.count)
        self.moved = _ints([0] * self.count)
        self.attacked = _ints([0] * self.count)
        self.removed = _ints([0] * self.count)
        self.hits = _ints([0] * self.count)

    def copy(self):
        """A copy whose play can go another way (the cards' numbers are shared)."""
        other = Pieces.__new__(Pieces)
        other.count = self.count
        other.seat, other.k, other.table = self.seat, self.k, self.table
        other.budget, other.endurance, other.defense = self.budget, self.endurance, self.defense
        other.anchor = copy_ints(self.anchor)
        other.moved = copy_ints(self.moved)
        other.attacked = copy_ints(self.attacked)
        other.removed = copy_ints(self.removed)
        other.hits = copy_ints(self.hits)
        return other


class Scratch:
    """Working space of the rules and the player, shared by every state of one seating (a battle
    is played one call at a time, and no answer read from here outlives the call that made it):
    where each piece can move (cost, previous anchor, the anchors in the order found), the
    tiles other bases cover, one field of route lengths, and a list of anchors."""

    def __init__(self, count, n):
        self.reach_cost = _ints([0] * (n * count))
        self.reach_prev = _ints([-1] * (n * count))
        self.reach_order = _ints([0] * (n * count))
        self.reach_count = _ints([0] * count)
        self.field_cost = _ints([0] * n)
        self.taken = _ints([0] * n)
        self.anchors = _ints([0] * n)


class ContactFields:
    """Route lengths to contact, kept for a whole seating: for a base of table ``t`` and a target
    base ``k`` tiles across whose anchor is ``at``, the shortest route (milli-inches, bases
    ignored) from every anchor to a position touching it, filled the first time it is asked
    (slot :meth:`slot`; its route lengths are ``dist[slot * n : (slot + 1) * n]``)."""

    def __init__(self, tables, sizes, n):
        self.n = n
        self.sizes = len(sizes)
        self.size_index = _ints([0] * 17)
        for i, k in enumerate(sorted(sizes)):
            self.size_index[k] = i
        slots = tables * self.sizes * n
        self.ready = _ints([0] * slots)
        self.dist = array("i", bytes(4 * slots * n))

    def slot(self, table, k, at):
        return (table * self.sizes + self.size_index[k]) * self.n + at
