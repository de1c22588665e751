"""A battle's final position drawn on its map: where everyone ended, the paths they moved.

Drawn from the battle log alone (cells as ``"col,row"``), over the map renderer's own drawing, so
the picture is what a player would check the log against.
"""

from __future__ import annotations

from generator.boards.mapfile import parse_cell
from generator.layout.map_print import MapGeometry, draw_map, load_styles
from generator.layout.map_canvas import MapCanvas

MARGIN = 8.0
HEADER = 12.0
LEGEND = 10.0


def final_positions(log: dict) -> dict[str, tuple[str, bool, list[list[str]]]]:
    """fighter id -> (last cell it stood in, taken down?, paths moved)."""
    where: dict[str, str] = {}
    down: set[str] = set()
    paths: dict[str, list[list[str]]] = {}
    for event in log["events"]:
        fid = event.get("fighter")
        action = event.get("action")
        if action == "place":
            where[fid] = event["cell"]
        elif action in ("move", "disengage"):
            where[fid] = event["path"][-1]
            paths.setdefault(fid, []).append(event["path"])
        elif action == "push":
            where[fid] = event["cell"]
        elif action == "taken_down":
            down.add(fid)
    return {fid: (cell, fid in down, paths.get(fid, [])) for fid, cell in where.items()}


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def battle_svg(log: dict, board_map, size_mm: float | None = None) -> str:
    """An SVG of the map with every fighter's paths and final position (taken down: a cross)."""
    styles = load_styles()
    players = styles.get("players", [])
    colours = {side: _darker(players[i]["fill"]) if i < len(players) else "#444444" for i, side in enumerate("ab")}
    names = {f["id"]: f.get("name", f["id"]) for side in log.get("sides", {}).values() for f in side.get("fighters", [])}
    key_lines = _wrap("; ".join(f"{fid.upper()} {names[fid]}" for fid in sorted(names)), 150)
    geo = MapGeometry.of(board_map, size_mm)
    result = log.get("result", {})
    title = f"{log.get('system', '').title()} battle, seed {log.get('seed')}"
    winner = result.get("winner")
    subtitle = (f"{'A' if winner == 'a' else 'B'} wins" if winner else "Draw") + \
        f" after {result.get('rounds')} round(s), VP " + ", ".join(f"{k.upper()} {v}" for k, v in result.get("vp", {}).items())
    cv = MapCanvas(title=title)
    width, height = geo.width + 2 * MARGIN, geo.height + 2 * MARGIN + HEADER + LEGEND + 3.0 * len(key_lines)
    cv.new_page(width, height)
    cv.text(MARGIN, MARGIN + 4.5, title, 11, role="bold")
    cv.text(MARGIN, MARGIN + 9.5, subtitle, 8)
    ox, oy = MARGIN, MARGIN + HEADER
    draw_map(cv, geo, ox, oy, styles, coordinates=False)
    size = geo.size_mm

    def centre(cell: str):
        x, y = geo.centres[parse_cell(cell)]
        return ox + x, oy + y

    for fid, (cell, down, paths) in sorted(final_positions(log).items()):
        colour = colours.get(fid[0], "#444444")
        for path in paths:
            cv.polyline([centre(c) for c in path], stroke=colour, width=0.5, dash=[1.2, 0.8])
        if down:
            x, y = centre(cell)
            r = size * 0.2
            cv.line(x - r, y - r, x + r, y + r, stroke=colour, width=0.9)
            cv.line(x - r, y + r, x + r, y - r, stroke=colour, width=0.9)
            cv.text(x + r, y - r, fid.upper(), max(5.0, size * 0.35), role="bold", fill=colour)
            continue
        x, y = centre(cell)
        cv.circle(x, y, size * 0.28, fill=colour, stroke="#ffffff", width=0.4)
        cv.text(x, y + size * 0.09, fid.upper(), max(5.0, size * 0.55), role="bold", fill="#ffffff", anchor="middle")
    ly = oy + geo.height + 6.0
    cv.text(MARGIN, ly, "Dashed: paths moved. Cross: taken down (where it last stood).", 6.5)
    for i, line in enumerate(key_lines):
        cv.text(MARGIN, ly + 3.5 + 3.0 * i, line, 5.5)
    return cv.svgs()[0]


def _darker(colour: str, factor: float = 0.75) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % (int(r * factor), int(g * factor), int(b * factor))


def map_svg(board_map, title: str = "") -> str:
    """One SVG of a whole map at true scale (the page is the map's own size), with its legend."""
    from generator.layout.map_print import _legend, _legend_items

    styles = load_styles()
    geo = MapGeometry.of(board_map, None)
    cv = MapCanvas(title=title or (board_map.name or "map"))
    cv.new_page(geo.width + 2 * MARGIN, geo.height + 2 * MARGIN + HEADER + 14.0)
    cv.text(MARGIN, MARGIN + 4.5, title or (board_map.name or "Map"), 11, role="bold")
    cv.text(MARGIN, MARGIN + 9.5, f"{board_map.width} x {board_map.height}, true scale: print at 100%", 7)
    draw_map(cv, geo, MARGIN, MARGIN + HEADER, styles)
    _legend(cv, _legend_items(board_map, styles), MARGIN, MARGIN + HEADER + geo.height + 5.0, geo.width)
    return cv.svgs()[0]
