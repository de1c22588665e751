"""The greedy Gorechosen player's most asked numbers, over flat arrays.

The first pieces of Gorechosen's battle core: :meth:`generator.systems.gorechosen.judge.Judge.place`
is the player's most asked question (every Move, Sidestep, Taunt and push is judged by the
places it leaves) and :meth:`~generator.systems.gorechosen.judge.Judge.future` the next (every
card spent is judged by what the hand is worth without it), so their tables are arrays a
compiled loop fills and reads:

* :class:`Arena`: one board's hexes as numbers (the axial box ``q0..q0+width``, ``r0..r0+height``,
  cell ``(q - q0) * height + (r - r0)``), the hexes beside a pit, and the facing from every hex
  towards every other (:func:`~generator.systems.gorechosen.arcs.facing_towards`), made once per
  board in Python;
* :class:`ZoneTable`: a card side's kill zone for each facing as offsets and band numbers (the
  zone's order, the side's profiles' order for the bands), made once per side;
* :class:`Places`: one judge's view: the best attack this fighter could make from each hex and
  facing (``mine``), what the enemies threaten on each hex (``theirs``), and the places judged so
  far. The attack values are the judge's (:meth:`Judge.strike`, exact odds in Python); here they
  are only spread over the hexes and read back, in the order the judge gives them, so the floats
  are the ones a dict-based judge makes;
* :class:`HandSplit`: the best split of a hand's cards into the fighter's turns left and the
  enemies' attacks to come (a table over turns and defences, filled card by card).

Nothing here is a rule: kill zones and odds come from the cards and the judge.
"""

from __future__ import annotations

from array import array

from generator.errors import SkirmishError


class Arena:
    """One board's hexes as numbers, with what :class:`Places` reads of them."""

    def __init__(self, q0, r0, width, height, towards, beside_pit, turned, step):
        self.q0, self.r0, self.width, self.height = q0, r0, width, height
        self.size = width * height
        self.towards = towards  # array("i"): towards[a * size + b], the facing from cell a to cell b
        self.beside_pit = beside_pit  # array("b"): 1 on a hex next to a pit
        self.turned = turned  # array("d"): what a place loses for a facing k steps round
        self.step = step

    def cell(self, q, r):
        """The number of hex ``(q, r)``, or -1 outside the board's box."""
        dq = q - self.q0
        dr = r - self.r0
        if dq < 0 or dq >= self.width or dr < 0 or dr >= self.height:
            return -1
        return dq * self.height + dr


class ZoneTable:
    """A card side's kill zone for each facing: entries ``start[f]`` up to ``start[f + 1]``, each an
    offset ``(dq, dr)`` and the number of its band among the side's profiles."""

    def __init__(self, start, dq, dr, band):
        self.start, self.dq, self.dr, self.band = start, dq, dr, band


class Places:
    """One judge's places: attack chances, threats and the places judged, by cell and facing."""

    def __init__(self, arena, pit_cost):
        n = arena.size
        self.arena = arena
        self.pit_cost = pit_cost
        self.mine = array("d", bytes(8 * 6 * n))
        self.theirs = array("d", bytes(8 * n))
        self.value = array("d", bytes(8 * 6 * n))
        self.known = array("b", bytes(6 * n))
        self.base = array("d", bytes(8 * n))
        self.toward = array("i", bytes(4 * n))
        self.based = array("b", bytes(n))
        self.enemy_q = array("i", bytes(4 * 8))
        self.enemy_r = array("i", bytes(4 * 8))
        self.enemies = 0

    def add_enemy(self, q, r):
        """An enemy standing on ``(q, r)`` (in the judge's order: the first nearest is the nearest)."""
        if self.enemies >= 8:
            raise SkirmishError("more than 8 enemies on the Gorechosen arena")
        self.enemy_q[self.enemies] = q
        self.enemy_r[self.enemies] = r
        self.enemies += 1

    def add_opportunities(self, zone, values, eq, er):
        """An enemy on ``(eq, er)``: every place from which its band ``b`` of ``zone`` reaches it is
        worth at least ``values[b]`` (the best over the enemies; nothing below 0)."""
        arena = self.arena
        for facing in range(6):
            for i in range(zone.start[facing], zone.start[facing + 1]):
                cell = arena.cell(eq - zone.dq[i], er - zone.dr[i])
                if cell < 0:
                    continue
                k = cell * 6 + facing
                v = values[zone.band[i]]
                if v > self.mine[k]:
                    self.mine[k] = v

    def add_threats(self, zone, facing, values, eq, er):
        """An enemy on ``(eq, er)`` facing ``facing``: each hex of its kill zone is threatened by
        ``values`` of the hex's band more (added in the judge's order of enemies)."""
        arena = self.arena
        for i in range(zone.start[facing], zone.start[facing + 1]):
            cell = arena.cell(eq + zone.dq[i], er + zone.dr[i])
            if cell >= 0:
                self.theirs[cell] = self.theirs[cell] + values[zone.band[i]]

    def place_at(self, pos, facing):
        """:meth:`place` of the hex ``pos`` (a ``(q, r)`` pair): one call for the judge's callers."""
        return self.place(pos[0], pos[1], facing)

    def place(self, q, r, facing):
        """What standing on ``(q, r)`` facing ``facing`` is worth (see ``Judge.place``)."""
        arena = self.arena
        cell = arena.cell(q, r)
        if cell < 0:
            raise SkirmishError(f"hex {(q, r)} is off the Gorechosen arena")
        k = cell * 6 + facing
        if self.known[k]:
            return self.value[k]
        if not self.based[cell]:
            self.find_base(cell, q, r)
        v = self.mine[k] + self.base[cell] - arena.turned[(facing - self.toward[cell]) % 6]
        self.value[k] = v
        self.known[k] = 1
        return v

    def find_base(self, cell, q, r):
        """The facing-free part of a place: threats, distance to the nearest enemy, a pit's edge;
        and the facing towards that enemy."""
        arena = self.arena
        best = 0
        dist = -1
        for i in range(self.enemies):
            dq = q - self.enemy_q[i]
            dr = r - self.enemy_r[i]
            d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            if dist < 0 or d < dist:
                best = i
                dist = d
        v = -self.theirs[cell] - arena.step * max(0, dist - 1)
        if dist <= 2 and arena.beside_pit[cell]:
            v -= self.pit_cost
        self.base[cell] = v
        self.toward[cell] = arena.towards[cell * arena.size + arena.cell(self.enemy_q[best], self.enemy_r[best])]
        self.based[cell] = 1


class HandSplit:
    """The most a hand makes of ``turns`` actions and ``attacks`` defences: ``best[t * width + e]``
    is the most ``t`` actions and ``e`` defences make of the cards added so far (``width`` is
    ``attacks + 1``; ``seen`` marks the splits some cards make)."""

    def __init__(self):
        self.size = 0
        self.width = 1
        self.turns = 0
        self.attacks = 0
        self.room = 64
        self.best = array("d", bytes(8 * 64))
        self.seen = array("b", bytes(64))
        self.before = array("d", bytes(8 * 64))
        self.was = array("b", bytes(64))

    def clear(self, turns, attacks):
        """Start a hand afresh: no cards, the empty split worth 0."""
        width = attacks + 1
        size = (turns + 1) * width
        if size > self.room:
            self.room = size
            self.best = array("d", bytes(8 * size))
            self.seen = array("b", bytes(size))
            self.before = array("d", bytes(8 * size))
            self.was = array("b", bytes(size))
        for k in range(size):
            self.seen[k] = 0
            self.best[k] = 0.0
        self.seen[0] = 1
        self.size, self.width, self.turns, self.attacks = size, width, turns, attacks

    def add(self, action, defence):
        """One more card: worth ``action`` on a turn, ``defence`` against an attack (when above 0)."""
        width = self.width
        for k in range(self.size):
            self.before[k] = self.best[k]
            self.was[k] = self.seen[k]
        defends = defence > 0
        for k in range(self.size):
            if not self.was[k]:
                continue
            v = self.before[k]
            if k // width < self.turns:
                s = v + action
                j = k + width
                if not self.seen[j] or s > self.best[j]:
                    self.best[j] = s
                    self.seen[j] = 1
            if defends and k % width < self.attacks:
                s = v + defence
                j = k + 1
                if not self.seen[j] or s > self.best[j]:
                    self.best[j] = s
                    self.seen[j] = 1

    def most(self):
        """The best split of the cards added."""
        value = self.best[0]
        for k in range(1, self.size):
            if self.seen[k] and self.best[k] > value:
                value = self.best[k]
        return value
