"""Bladestorm movement and base contact on flat numbers (rulebook 7.0, and 8.0's contact): where a
base may move within its Movement Rate without passing through another base, how far every
standing place is from contact with an enemy, and which bases touch edge to edge.

:class:`BladestormBoard` is the part of the battle core that answers these questions over the
footing tables (:mod:`core_data`); :class:`~generator.systems.bladestorm.core_rules.BladestormRules`
builds the turn on it. Like every core module it runs compiled or as plain Python
(:mod:`generator.compiled`), its C types in ``core_movement.pxd``.

Searches (where a base may go, how far every anchor is from a goal) are Dijkstra's over the
footing's steps with a binary heap keyed on (length, anchor): keys are unique, so the anchors
come off the heap in one order whatever the heap's layout, the order ``heapq`` gives.
"""

from __future__ import annotations

from generator.play.core import Core
from generator.systems.bladestorm.core_consts import FAR


class BladestormBoard(Core):
    """Where bases stand and may go (the battle core's movement; ``seat`` 0 is a, 1 is b)."""


    def mark_taken(self, skip):
        """``taken[t]`` = 1 for every tile another standing, placed base covers (not ``skip``'s)."""
        pieces = self.flat
        for t in range(len(self.work.taken)):
            self.work.taken[t] = 0
        for p in range(pieces.count):
            if p == skip or pieces.removed[p] or pieces.anchor[p] < 0:
                continue
            table = self.tables[pieces.table[p]]
            kk = table.k * table.k
            start = pieces.anchor[p] * kk
            for j in range(kk):
                self.work.taken[table.block[start + j]] = 1

    def find_reach(self, p):
        """Where piece ``p`` may move now (Dijkstra within its Movement Rate around other bases):
        fills its rows of ``reach_cost``/``reach_prev`` and lists the anchors in ``reach_order``
        in the order they were found (the start first); returns how many."""
        pieces = self.flat
        table = self.tables[pieces.table[p]]
        n = table.n
        base = p * n
        for i in range(n):
            self.work.reach_cost[base + i] = FAR
            self.work.reach_prev[base + i] = -1
        self.mark_taken(p)
        budget = pieces.budget[p]
        start = pieces.anchor[p]
        self.work.reach_cost[base + start] = 0
        self.work.reach_order[base] = start
        found = 1
        heap_size = heap_push(table, 0, 0, start)
        while heap_size > 0:
            cost = table.heap_cost[0]
            here = table.heap_at[0]
            heap_size = heap_pop(table, heap_size)
            if cost > self.work.reach_cost[base + here]:
                continue
            for s in range(table.step_start[here], table.step_start[here + 1]):
                total = cost + table.step_len[s]
                if total > budget:
                    continue
                to = table.step_to[s]
                old = self.work.reach_cost[base + to]
                if old <= total:
                    continue
                blocked = False
                for t in range(table.need_start[s], table.need_start[s + 1]):
                    if self.work.taken[table.needs[t]]:
                        blocked = True
                        break
                if blocked:
                    continue
                if old == FAR:
                    self.work.reach_order[base + found] = to
                    found += 1
                self.work.reach_cost[base + to] = total
                self.work.reach_prev[base + to] = here
                heap_size = heap_push(table, heap_size, total, to)
        self.work.reach_count[p] = found
        return found

    def field(self, table_index, goals, count):
        """Shortest route (milli-inches, bases ignored) from every anchor to the nearest of
        ``goals[:count]`` that a base of this table may stand on, into ``field_cost``."""
        table = self.tables[table_index]
        n = table.n
        for i in range(n):
            self.work.field_cost[i] = FAR
        heap_size = 0
        for g in range(count):
            goal = goals[g]
            if table.fits[goal] and self.work.field_cost[goal] != 0:
                self.work.field_cost[goal] = 0
                heap_size = heap_push(table, heap_size, 0, goal)
        while heap_size > 0:
            cost = table.heap_cost[0]
            here = table.heap_at[0]
            heap_size = heap_pop(table, heap_size)
            if cost > self.work.field_cost[here]:
                continue
            for s in range(table.step_start[here], table.step_start[here + 1]):
                total = cost + table.step_len[s]
                to = table.step_to[s]
                if total < self.work.field_cost[to]:
                    self.work.field_cost[to] = total
                    heap_size = heap_push(table, heap_size, total, to)

    def contact_field(self, p, q):
        """Where in ``fields.dist`` the route lengths from every anchor of ``p``'s base to contact
        with ``q`` as it stands begin (:meth:`field` of :meth:`contacts_into`, kept per seating)."""
        fields = self.fields
        slot = fields.slot(self.flat.table[p], self.flat.k[q], self.flat.anchor[q])
        start = slot * fields.n
        if not fields.ready[slot]:
            count = self.contacts_into(p, q, self.work.anchors)
            self.field(self.flat.table[p], self.work.anchors, count)
            for i in range(fields.n):
                fields.dist[start + i] = self.work.field_cost[i]
            fields.ready[slot] = 1
        return start

    def touches(self, p, anchor, q):
        """Would piece ``p`` with its anchor at ``anchor`` be in base contact with piece ``q``?"""
        pieces = self.flat
        table = self.tables[pieces.table[p]]
        width = self.width
        tq = pieces.anchor[q]
        dc = anchor % width - tq % width
        dr = anchor // width - tq // width
        other = pieces.k[q]
        for o in range(table.contact_start[other], table.contact_start[other + 1]):
            if table.contact_dc[o] == dc and table.contact_dr[o] == dr:
                return True
        return False

    def in_contact_now(self, p, q):
        pieces = self.flat
        return pieces.anchor[p] >= 0 and pieces.anchor[q] >= 0 and self.touches(p, pieces.anchor[p], q)

    def contacts_into(self, p, q, out):
        """Anchors where ``p``'s base would touch ``q``'s (standing room only, bases ignored),
        written to ``out``; how many."""
        pieces = self.flat
        table = self.tables[pieces.table[p]]
        width = self.width
        tq = pieces.anchor[q]
        tc, tr = tq % width, tq // width
        other = pieces.k[q]
        count = 0
        for o in range(table.contact_start[other], table.contact_start[other + 1]):
            c = tc + table.contact_dc[o]
            r = tr + table.contact_dr[o]
            if 0 <= c < table.width and 0 <= r < table.height and table.fits[r * width + c]:
                out[count] = r * width + c
                count += 1
        return count


def heap_push(table, size, cost, at):
    """Push (cost, at) on the table's heap of ``size`` entries; the new size."""
    i = size
    while i > 0:
        parent = (i - 1) >> 1
        pc = table.heap_cost[parent]
        if pc < cost or (pc == cost and table.heap_at[parent] < at):
            break
        table.heap_cost[i] = pc
        table.heap_at[i] = table.heap_at[parent]
        i = parent
    table.heap_cost[i] = cost
    table.heap_at[i] = at
    return size + 1

def heap_pop(table, size):
    """Drop the smallest (cost, at) from the heap; the new size."""
    size -= 1
    if size == 0:
        return 0
    cost = table.heap_cost[size]
    at = table.heap_at[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size:
            c1, c2 = table.heap_cost[child], table.heap_cost[child + 1]
            if c2 < c1 or (c2 == c1 and table.heap_at[child + 1] < table.heap_at[child]):
                child += 1
        cc = table.heap_cost[child]
        if cost < cc or (cost == cc and at < table.heap_at[child]):
            break
        table.heap_cost[i] = cc
        table.heap_at[i] = table.heap_at[child]
        i = child
    table.heap_cost[i] = cost
    table.heap_at[i] = at
    return size
