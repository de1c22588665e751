"""Structural checks of a map (what ``skirmish map validate`` lists before the fairness report).

Each check is ``(passed, message)``: the passable cells form one area, every player has
starting cells in it, every objective is in it, and on Bladestorm boards with walls how many
separate areas each base size can move in.
"""

from __future__ import annotations

from .mapfile import BoardMap, format_cell
from .paths import components


def board_checks(board: BoardMap) -> list[tuple[bool, str]]:
    """Structural checks of a loaded map: (passed, message) each."""
    out: list[tuple[bool, str]] = []
    groups = components(board)
    if not groups:
        out.append((False, "no passable cells"))
        return out
    if len(groups) == 1:
        out.append((True, f"connected: all {len(groups[0])} passable cells reach each other"))
    else:
        cut = [c for g in groups[1:] for c in g]
        shown = ", ".join(format_cell(c) for c in cut[:8]) + (" ..." if len(cut) > 8 else "")
        out.append((False, f"not connected: {len(groups)} separate areas; cut off: {shown}"))
    where = {c: k for k, g in enumerate(groups) for c in g}
    if not board.zones:
        out.append((True, "no deployment zones (none needed for this map)"))
    for player, zone in board.zones.items():
        if not zone.start:
            out.append((False, f"{player}: no starting cells"))
            continue
        areas = {where.get(c) for c in board.zone_cells(player, "start")}
        ok = len(areas) == 1 and None not in areas and areas == {0}
        out.append((ok, f"{player}: {len(zone.start)} starting, {len(zone.reserve)} reserve cells"
                        + ("" if ok else " (some are cut off from the main area)")))
    if board.walls:
        from generator.boards.clearance import BASE_SIZES_IN, Clearance

        for size in sorted(set(BASE_SIZES_IN.values())):
            free = Clearance(board, size).free_space()
            pieces = len(getattr(free, "geoms", [free]))
            out.append((True, f'walls: a {size:g}" base moves in {pieces} separate area(s)'))
    bad = [format_cell(c) for c in board.objective_cells() if where.get(c) != 0]
    if board.objectives:
        out.append((not bad, f"{len(board.objectives)} objectives" + (f"; cut off: {', '.join(bad)}" if bad else ", all reachable")))
    return out
