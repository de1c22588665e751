"""The text card ``skirmish show`` prints for a Gorechosen champion, kill zones drawn as hexes."""

from __future__ import annotations

from generator.systems.gorechosen.cost import rate
from generator.systems.gorechosen.models import Champion, Side


def zone_picture(side: Side) -> list[str]:
    """A text drawing of a kill zone facing up: '@' the fighter, band initials, '.' out of reach.

    Flat-topped hexes drawn as a honeycomb: column q, half-row 2r + q, so the hex straight ahead
    is directly above the '@'.
    """
    cells = {h.offset: h.band[0].upper() for h in side.kill_zone}
    cells[(0, 0)] = "@"
    reach = max(2, max(max(abs(q), abs(r), abs(q + r)) for q, r in cells))
    grid: dict[tuple[int, int], str] = {}
    for q in range(-reach, reach + 1):
        for r in range(-reach, reach + 1):
            if max(abs(q), abs(r), abs(q + r)) <= reach:
                grid[(2 * r + q, q)] = cells.get((q, r), ".")
    lines = []
    for y in range(-2 * reach, 2 * reach + 1):
        row = [grid.get((y, q), " ") for q in range(-reach, reach + 1)]
        lines.append(" ".join(row).rstrip())
    return lines


_PIC = 22
_SOURCE = {
    "book": "profiles printed in the rulebook",
    "ours": "our own numbers",
    "example": "example champion",
    "built": "made with the builder",
}


def health_line(champion: Champion) -> str:
    """``Health track: 5 spaces; Wounded once space 3 is covered`` (spaces counted from the top),
    and where the Health marker starts when a handicap starts it below the top."""
    h = champion.health
    boxes = [str(b) for b in sorted(h.wounded_boxes)]
    which = f"space {boxes[0]} is" if len(boxes) == 1 else f"any of spaces {', '.join(boxes)} is"
    line = f"Health track: {h.length} spaces; Wounded once {which} covered"
    if h.start > 1:
        line += f"; the Health marker starts on space {h.start} ({h.start - 1} wound{'' if h.start == 2 else 's'} down)"
    return line


def describe(champion: Champion) -> str:
    """A readable text card for ``skirmish show``."""
    out = [f"{champion.name} ({_SOURCE[champion.source]})"]
    for label, side in (("Healthy", champion.healthy), ("Wounded", champion.wounded)):
        profiles = "; ".join(f"{band}: {p.to_hit}+ to hit, {p.wounds} wound{'' if p.wounds == 1 else 's'}" for band, p in side.profiles.items())
        out.append(f"{label} - {profiles}; kill zone {len(side.kill_zone)} hexes")
    pictures = zip(zone_picture(champion.healthy), zone_picture(champion.wounded))
    out.append(f"  {'Healthy, facing up':<{_PIC}} | Wounded")
    out += [f"  {a:<{_PIC}} | {b}" for a, b in pictures]
    out.append(health_line(champion))
    ua = champion.unique_action
    out.append(f"Unique action - {ua.name} (discard two Action cards): {ua.text.strip()}")
    ur = champion.unique_rule
    rule = ur.text.strip()
    if ur.healthy or ur.wounded:
        rule += f" Healthy: {ur.healthy or '-'} Wounded: {ur.wounded or '-'}"
    out.append(f"Unique rule - {ur.name}: {rule}")
    out.append(f"Fate of the slain: {champion.fate_of_the_slain.strip()}")
    if champion.note:
        out.append(f"Note: {champion.note.strip()}")
    out += rate(champion).lines()
    return "\n".join(out)
