"""Gorechosen's facing, arcs and kill zones, on the engine's one hex convention.

Positions are the engine's axial ``(q, r)`` (:mod:`generator.play.board`, Red Blob's axial
coordinates) and a facing is the index 0-5 of :data:`generator.boards.hexgrid.AXIAL_DIRECTIONS`:
a fighter facing ``f`` looks across the edge shared with ``pos + AXIAL_DIRECTIONS[f]``.

The arena (``content/maps/gorechosen-arena.yaml``) is printed with **flat-topped** hexes, so
every hex has an edge straight up the page, as the fighter reference cards draw their kill
zones (book Fig. 3, 5 and 6: the fighter in the white hex, the arrow pointing up). On a
flat-topped board the six axial directions are, on the page:

==========  =========  ==============================
facing      axial step  edge of the hex
==========  =========  ==============================
0           (1, 0)      lower right (SE)
1           (1, -1)     upper right (NE)
2           (0, -1)     top (N) -- the card's arrow
3           (-1, 0)     upper left (NW)
4           (-1, 1)     lower left (SW)
5           (0, 1)      bottom (S)
==========  =========  ==============================

Counting up turns a fighter anticlockwise on the page; ``f + 3`` is straight behind. A kill zone
in a content file is a list of axial offsets for a fighter at (0, 0) facing
:data:`CARD_FACING` (2, up the page, exactly as the card draws it); :func:`zone_offsets` turns it
to any facing. Only geometry that is Gorechosen's rules lives here; distance, neighbours and
the board's walls and pits come from :class:`generator.play.board.Board`.
"""

from __future__ import annotations

import math
from functools import lru_cache

from generator.boards.hexgrid import AXIAL_DIRECTIONS

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = AXIAL_DIRECTIONS
#: Where each facing points on the flat-topped arena, for logs and for users who type a compass.
FACING_NAMES: tuple[str, ...] = ("SE", "NE", "N", "NW", "SW", "S")
#: The facing a fighter reference card draws its kill zone in (the arrow points up the page).
CARD_FACING = 2


def facing_index(facing: int | str) -> int:
    """A facing given as 0-5 or as the compass point it looks at on the arena (``"NE"``)."""
    if isinstance(facing, str):
        name = facing.strip().upper()
        if name not in FACING_NAMES:
            raise ValueError(f"unknown facing {facing!r}: choose one of {', '.join(FACING_NAMES)}")
        return FACING_NAMES.index(name)
    return int(facing) % 6


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    return (a[0] - b[0], a[1] - b[1])


def neighbour(h: Hex, facing: int) -> Hex:
    """The hex across edge ``facing`` of ``h``."""
    dq, dr = DIRECTIONS[facing % 6]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in facing order 0-5."""
    return [neighbour(h, f) for f in range(6)]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(offset: Hex, steps: int) -> Hex:
    """Turn an offset about the origin by ``steps`` facings (direction ``i`` -> ``i + steps``)."""
    q, r = offset
    for _ in range(steps % 6):
        q, r = q + r, -q
    return (q, r)


def direction_between(a: Hex, b: Hex) -> int | None:
    """The facing that points from ``a`` to the adjacent hex ``b`` (None if not adjacent)."""
    step = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(step) if step in DIRECTIONS else None


def front_arc(position: Hex, facing: int) -> list[Hex]:
    """The three adjacent hexes in front: ahead-right, ahead, ahead-left (book Fig. 3).

    The hex straight ahead (across the faced edge) is the middle one.
    """
    return [neighbour(position, facing + d) for d in (-1, 0, 1)]


def rear_arc(position: Hex, facing: int) -> list[Hex]:
    """The three adjacent hexes behind the fighter (arcs hold only adjacent hexes)."""
    return [neighbour(position, facing + d) for d in (2, 3, 4)]


def in_front_arc(position: Hex, facing: int, other: Hex) -> bool:
    return other in front_arc(position, facing)


def in_rear_arc(position: Hex, facing: int, other: Hex) -> bool:
    return other in rear_arc(position, facing)


_ZONES: dict[tuple[int, int], tuple[object, dict[Hex, str]]] = {}


def zone_offsets(side, facing: int) -> dict[Hex, str]:
    """A card side's kill zone turned to ``facing``: ``{offset from the fighter: band}``.

    Cached per side object and facing (a battle asks it thousands of times).
    """
    key = (id(side), facing)
    hit = _ZONES.get(key)
    if hit is None or hit[0] is not side:
        turn = facing - CARD_FACING
        hit = (side, {rotate(h.offset, turn): h.band for h in side.kill_zone})
        if len(_ZONES) > 4096:
            _ZONES.clear()
        _ZONES[key] = hit
    return hit[1]


def kill_zone(side, position: Hex, facing: int) -> dict[Hex, str]:
    """The hexes a fighter standing on ``position`` and facing ``facing`` can attack, with bands.

    A zone that reaches past the front arc strikes past (or through) a closer fighter (book,
    Attacking Through Fighters), so other fighters never matter here.
    """
    q, r = position
    return {(q + dq, r + dr): band for (dq, dr), band in zone_offsets(side, facing).items()}


def band_at(side, position: Hex, facing: int, target: Hex) -> str | None:
    """The kill-zone band ``target`` is in, or None when it is out of reach."""
    return zone_offsets(side, facing).get((target[0] - position[0], target[1] - position[1]))


def _centre(h: Hex) -> tuple[float, float]:
    """Centre of a flat-topped hex on the page (size 1, y down)."""
    q, r = h
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


@lru_cache(maxsize=1 << 16)
def facing_towards(position: Hex, other: Hex) -> int:
    """The facing whose hex straight ahead points most nearly at ``other`` (ties: lower index).

    For an adjacent hex that is exactly the direction to it.
    """
    step = direction_between(position, other)
    if step is not None:
        return step
    x0, y0 = _centre(position)
    x1, y1 = _centre(other)
    best, best_dot = 0, -math.inf
    for f in range(6):
        nx, ny = _centre(neighbour(position, f))
        dot = (nx - x0) * (x1 - x0) + (ny - y0) * (y1 - y0)
        if dot > best_dot + 1e-9:
            best, best_dot = f, dot
    return best


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` passes (both ends included)."""
    from generator.boards.hexgrid import _axial_round

    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    ax, az = a[0] + eps, a[1] + 2 * eps
    bx, bz = b[0] + eps, b[1] + 2 * eps
    return [_axial_round(ax + (bx - ax) * i / n, az + (bz - az) * i / n) for i in range(n + 1)]


def intervening(position: Hex, target: Hex, fighters) -> list[Hex]:
    """Fighters on the line between attacker and target (for logs: "strikes past X").

    They never stop the attack: a kill zone is all that decides who can be attacked.
    """
    others = set(fighters) - {position, target}
    return [h for h in line(position, target)[1:-1] if h in others]
