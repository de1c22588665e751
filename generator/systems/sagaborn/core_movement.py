"""SagaBorn movement searches on flat numbers (the book's "Movement" and "Height"): where a unit's
move action can take it, and where an enemy could walk in one move.

Both read a board's :class:`~generator.systems.sagaborn.core_data.StepTable` and write into
arrays the caller gives; like every core module this runs compiled or as plain Python
(:mod:`generator.compiled`), its C types in ``core_movement.pxd``.

Move points are small whole numbers and every step costs at least one, so the search takes the
hexes one cost at a time, each cost's hexes in number (position) order: exactly the order of a
heap of ``(cost, position)``, hence the same paths and the same order of hexes found as
:meth:`generator.play.board.Board.reachable`.
"""

from __future__ import annotations


def reach(steps, plain, doubled, near, taken, count_taken, start, budget, costs, came, order):
    """Every hex a unit on hex ``start`` can end a move of ``budget`` points in.

    ``plain``/``doubled``: the unit's variants (:func:`core_data.variant`) for an ordinary step
    and for one leaving a hex next to an enemy; ``near[i]`` 1 where hex ``i`` is next to an
    enemy; ``taken[:count_taken]`` the hexes figures stand on (never entered). Fills ``costs``
    (a hex found: its cost; ``budget + 1`` for one not found; -1 for a taken hex), ``came`` (the
    number of the hex a found hex is entered from, -1 for the start and the others) and
    ``order`` (the hexes in the order found, the start first); returns how many were found."""
    size = steps.size
    unreached = budget + 1
    for i in range(size):
        costs[i] = unreached
        came[i] = -1
    for k in range(count_taken):
        costs[taken[k]] = -1
    costs[start] = 0
    order[0] = start
    found = 1
    # hexes reached with the whole budget spent lead nowhere (every step costs at least one),
    # so the search stops before the last cost
    for cost in range(budget):
        for here in range(size):
            if costs[here] != cost:
                continue
            base = (doubled if near[here] else plain) * (size + 1)
            for s in range(steps.start[base + here], steps.start[base + here + 1]):
                n = steps.to[s]
                total = cost + steps.cost[s]
                old = costs[n]
                if total < old:
                    if old == unreached:
                        order[found] = n
                        found += 1
                    costs[n] = total
                    came[n] = here
    return found
