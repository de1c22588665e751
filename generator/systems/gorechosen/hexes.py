"""Just enough hex geometry for the Gorechosen arena: axial coordinates, six facings, arcs.

The arena uses flat-topped hexes and a fighter faces one of its hex's six edges. Inside this
package a hex is an axial pair ``(q, r)`` and a facing is an integer 0-5 counted clockwise from
the top edge (0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW). Kill zones are written in content
files as offsets for a fighter standing at (0, 0) and facing N; :func:`rotate` turns them to any
facing. The shared board package has its own grid; these helpers are deliberately separate so
the rules core does not depend on it.
"""

from __future__ import annotations

Hex = tuple[int, int]

#: Axial steps for facings 0..5 (clockwise from the top edge of a flat-topped hex).
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FACING_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")


def facing_index(facing: int | str) -> int:
    """A facing given as 0-5 or as a compass name (``"NE"``) as an index 0-5."""
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
    return add(h, DIRECTIONS[facing % 6])


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in facing order N, NE, SE, S, SW, NW."""
    return [neighbour(h, f) for f in range(6)]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(offset: Hex, steps: int) -> Hex:
    """Turn an offset about the origin by ``steps`` sixths of a turn clockwise."""
    q, r = offset
    x, z = q, r
    y = -x - z
    for _ in range(steps % 6):
        # cube (x, y, z) -> (-z, -x, -y) is one step clockwise with these DIRECTIONS
        x, y, z = -z, -x, -y
    return (x, z)


def direction_between(a: Hex, b: Hex) -> int | None:
    """The facing that points from ``a`` to the adjacent hex ``b`` (None if not adjacent)."""
    step = sub(b, a)
    return DIRECTIONS.index(step) if step in DIRECTIONS else None


def front_arc(position: Hex, facing: int) -> list[Hex]:
    """The three adjacent hexes in front: ahead, ahead-left and ahead-right (book Fig. 3)."""
    return [neighbour(position, facing + d) for d in (-1, 0, 1)]


def rear_arc(position: Hex, facing: int) -> list[Hex]:
    """The three adjacent hexes behind the fighter."""
    return [neighbour(position, facing + d) for d in (2, 3, 4)]


def ring(radius: int) -> list[Hex]:
    """Offsets at exactly ``radius`` from the origin (radius 0 is the origin itself)."""
    if radius == 0:
        return [(0, 0)]
    out: list[Hex] = []
    h = (DIRECTIONS[4][0] * radius, DIRECTIONS[4][1] * radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out
