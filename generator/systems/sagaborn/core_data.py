"""A SagaBorn board's steps as flat numbers: what the battle core's searches read.

The open hexes of a board are numbered in position order (the order the rules list moves in);
every step between two open neighbours is listed once per *variant* of the stepping unit: its
Height (1-5), whether it strides through water (a water_stride special) and whether it is
leaving a hex next to an enemy (the step then costs double). :class:`StepTable` holds them as
one compressed row list per variant (``start``, ``to``, ``cost``), in the board's neighbour
order, made once per board in Python (:func:`generator.systems.sagaborn.movement._step_table`,
from :func:`mechanics.step_cost`) and only read in the core (:mod:`core_movement`).

Nothing here is a rule: the rules read these numbers.
"""

from __future__ import annotations

from array import array

#: Heights a stat line may have (models.STAT_BOUNDS), hence the variants a table holds.
HEIGHTS = 5


def variant(height, stride, leaving):
    """The number of a stepping unit's variant: Height 1-5, striding through water, leaving a hex
    next to an enemy."""
    return ((height - 1) * 2 + (1 if stride else 0)) * 2 + (1 if leaving else 0)


class StepTable:
    """Every step on one board, per variant (see :func:`variant`): the steps out of hex ``i``
    for variant ``v`` are ``to[s]``/``cost[s]`` for ``s`` from ``start[v * (size + 1) + i]`` up
    to ``start[v * (size + 1) + i + 1]``."""

    def __init__(self, size, rows):
        """``rows[v][i]``: the ``(next number, cost)`` steps out of hex ``i`` for variant ``v``."""
        self.size = size
        starts, to, cost = [], [], []
        for v in range(len(rows)):
            for i in range(size):
                starts.append(len(to))
                for n, c in rows[v][i]:
                    to.append(n)
                    cost.append(c)
            starts.append(len(to))
        self.start = array("i", starts)
        self.to = array("i", to)
        self.cost = array("i", cost)
