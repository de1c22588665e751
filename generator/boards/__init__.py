"""Boards: hex and square grids, the map file, line of sight, movement and base clearance.

Modules, one job each:

* :mod:`.hexgrid`, :mod:`.squaregrid` -- coordinates, distance, neighbours, geometry, mm.
* :mod:`.mapfile` -- the YAML map file (``BoardMap``, ``load_map``, ``save_map``).
* :mod:`.los` -- exact line of sight (Bladeborn rules), SagaBorn cover, Gorechosen arcs.
* :mod:`.incidence` -- per-board-size line/cell incidence tables (fast LOS for new layouts).
* :mod:`.paths` -- shortest paths and reachable sets with each system's movement costs.
* :mod:`.clearance` -- Bladestorm: can a base of a given size pass between walls?

Nothing here imports a rules system; systems call into boards.
"""

from .hexgrid import HexGrid
from .mapfile import BoardMap, load_map, save_map, parse_cell, format_cell
from .squaregrid import SquareGrid

__all__ = ["HexGrid", "SquareGrid", "BoardMap", "load_map", "save_map", "parse_cell", "format_cell"]
