"""Where a Gorechosen fighter can move: every end hex and facing of a Move, cached per board.

A fighter may not move into (or through) a hex holding another model, a pit or an obstruction,
nor off the arena (the book's Move actions); the facing at the end follows the action's icon
(Fig. 7). The tables are shared by every battle on one board, keyed by the closed hexes, so a
thousand duels in the arena compute each fan of moves once.
"""

from __future__ import annotations

from generator.play.board import Board
from generator.systems.gorechosen import mechanics as m
from generator.systems.gorechosen.arcs import Hex

_WALKS: dict[int, tuple[Board, dict]] = {}


def walks(board: Board, start: Hex, steps: int, occupied: frozenset) -> dict[tuple[Hex, Hex | None], tuple[Hex, ...]]:
    """Every ``(end hex, hex last moved out of)`` a fighter reaches in up to ``steps`` hexes.

    A fighter may not move into (or through) a hex holding another model, a pit or an
    obstruction, nor off the arena. Each end comes with one shortest path (the hexes entered).
    """
    entry = _WALKS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, {})
        _WALKS[id(board)] = entry
    cache = entry[1]
    key = (start, steps, occupied)
    hit = cache.get(key)
    if hit is not None:
        return hit
    found: dict[tuple[Hex, Hex | None], tuple[Hex, ...]] = {(start, None): ()}
    frontier = [(start, ())]
    nbrs = board.open_neighbours
    for _ in range(steps):
        nxt = []
        for here, path in frontier:
            for n in nbrs(here):
                if n in occupied or (n, here) in found:
                    continue
                p = path + (n,)
                found[(n, here)] = p
                nxt.append((n, p))
        frontier = nxt
    if len(cache) > 200_000:
        cache.clear()
    cache[key] = found
    return found


_MOVES: dict[tuple, dict] = {}


def move_options(board: Board, start: Hex, facing: int, steps: int, icon: str, occupied: frozenset) -> dict[tuple[Hex, int], tuple[Hex, ...]]:
    """``{(end hex, facing after): path}`` for a Move of ``steps`` hexes with a facing icon (Fig. 7)."""
    key = (id(board), start, facing if icon != "choose" else None, steps, icon, occupied)
    hit = _MOVES.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    out: dict[tuple[Hex, int], tuple[Hex, ...]] = {}
    for (dest, prev), path in walks(board, start, steps, occupied).items():
        if icon == "choose":
            for f in range(6):
                out.setdefault((dest, f), path)
        else:
            last_two = [prev, dest] if prev is not None else [start]
            out.setdefault((dest, m.facing_after_move(last_two, facing, icon)), path)
    if len(_MOVES) > 100_000:
        _MOVES.clear()
    _MOVES[key] = (board, out)
    return out


_CENTRES: dict[int, tuple[Board, Hex]] = {}


def centre_of(board: Board) -> Hex:
    """The open hex with the least total distance to all others (the middle of the arena)."""
    hit = _CENTRES.get(id(board))
    if hit is None or hit[0] is not board:
        centre = min(board.open, key=lambda p: (sum(board.distance(p, q) for q in board.open), p))
        hit = _CENTRES[id(board)] = (board, centre)
    return hit[1]
