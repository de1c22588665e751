"""An auditor for Bladeborn/Warcry battle logs, written from the rulebook, not from the engine.

It re-checks a battle from its JSON log and the map alone: every path goes through open,
unoccupied, adjacent hexes within Move; no move starts next to an enemy; a disengage ends next to
no enemy; every attack is at a living, visible enemy in range (an adjacent one when any enemy is
adjacent); hits and criticals follow from the rolls by Strength against Toughness; damage follows
from hits and criticals; a fighter is taken down exactly when its damage reaches its Wounds; no
player takes more than four turns in a battle round.

Hex arithmetic here is its own (flat-top, odd-q offset to cube), so the engine's board code is
not checked against itself.
"""

from __future__ import annotations

from collections import Counter

from generator.boards import los


def _cube(cell: str) -> tuple[int, int, int]:
    col, row = (int(x) for x in cell.split(","))
    q = col
    r = row - (col - (col & 1)) // 2
    return q, r, -q - r


def hexes_apart(a: str, b: str) -> int:
    x1, y1, z1 = _cube(a)
    x2, y2, z2 = _cube(b)
    return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))


def audit(log: dict, board_map) -> list[str]:
    assert board_map.orientation == "flat" and board_map.offset == "odd", "the auditor reads flat-top odd-q maps"
    problems: list[str] = []
    blocked = set(log["grid"]["blocked"])
    fighters = {f["id"]: f for side in log["sides"].values() for f in side["fighters"]}
    where: dict[str, str] = {}
    damage: Counter = Counter()
    down: set[str] = set()
    turns: Counter = Counter()
    activated_this_round: set[str] = set()
    move_bonus: Counter = Counter()
    sight_rule = "standard"
    changes = log.get("battle", {}).get("stat_changes") or {}
    sight_range = log.get("battle", {}).get("sight_range")

    def enemies_of(fid):
        return {e: c for e, c in where.items() if e[0] != fid[0] and e not in down}

    for n, ev in enumerate(log["events"]):
        action = ev["action"]
        fid = ev.get("fighter")
        here = f"event {n} ({action} {fid or ''})"
        if action == "round":
            turns.clear()
            activated_this_round = set()
        elif action == "place":
            cell = ev["cell"]
            if cell in blocked or cell in {c for f, c in where.items() if f not in down}:
                problems.append(f"{here}: placed on a blocked or occupied hex {cell}")
            where[fid] = cell
        elif action == "activate":
            turns[ev["side"]] += 1
            move_bonus[fid] = 0
            if log.get("system") == "warcry":
                # Warcry's own rule: every fighter activates once a battle round, no turn limit
                if fid in activated_this_round:
                    problems.append(f"{here}: {fid} activated twice in one battle round")
                activated_this_round.add(fid)
            elif turns[ev["side"]] > 4 + 4:  # an Inspiring Presence activation shares its turn
                problems.append(f"{here}: side {ev['side']} activated more than its turns allow")
        elif action == "ability" and ev.get("name") == "Rush":
            move_bonus[fid] += 1
        elif action in ("move", "disengage"):
            path = ev["path"]
            if path[0] != where.get(fid):
                problems.append(f"{here}: path starts at {path[0]}, fighter was at {where.get(fid)}")
            occupied = {c for f, c in where.items() if f not in down and f != fid}
            for a, b in zip(path, path[1:]):
                if hexes_apart(a, b) != 1:
                    problems.append(f"{here}: {a} -> {b} is not one step")
                if b in blocked or b in occupied:
                    problems.append(f"{here}: enters blocked or occupied hex {b}")
            limit = 1 if action == "disengage" else max(1, fighters[fid]["move"] + changes.get("move", 0)) + move_bonus[fid]
            if len(path) - 1 > limit:
                problems.append(f"{here}: {len(path) - 1} steps, Move allows {limit}")
            enemy_cells = enemies_of(fid).values()
            if action == "move" and not ev.get("bonus") and any(hexes_apart(path[0], e) == 1 for e in enemy_cells):
                problems.append(f"{here}: a move action started next to an enemy")
            if action == "disengage" and any(hexes_apart(path[-1], e) == 1 for e in enemy_cells):
                problems.append(f"{here}: disengaged next to an enemy")
            where[fid] = path[-1]
        elif action == "push":
            path = ev["path"]
            occupied = {c for f, c in where.items() if f not in down and f != fid}
            if path[0] != where.get(fid) or hexes_apart(path[0], path[1]) != 1 or path[1] in blocked or path[1] in occupied:
                problems.append(f"{here}: a push must move a fighter one hex into an open, empty hex")
            where[fid] = path[1]
        elif action == "attack":
            target = ev["target"]
            if target in down or target not in where:
                problems.append(f"{here}: target {target} is not on the battlefield")
                continue
            weapon = dict(fighters[fid]["weapons"][ev["weapon"]])
            for stat, change in (ev.get("modifiers") or {}).items():
                key = {"dmg_hit": "hit", "dmg_crit": "crit", "max_range": "range"}.get(stat, stat)
                weapon[key] = weapon[key] + change
            d = hexes_apart(where[fid], where[target])
            limit = log.get("battle", {}).get("range_limit")
            if limit is not None and d > limit:
                problems.append(f"{here}: target {d} hexes away beyond the twist's range limit {limit}")
            if not weapon["min_range"] <= d <= weapon["range"]:
                problems.append(f"{here}: target {d} hexes away, weapon reaches {weapon['min_range']}-{weapon['range']}")
            if not los.visible(board_map, tuple(int(x) for x in where[fid].split(",")),
                               tuple(int(x) for x in where[target].split(",")), sight_rule):
                problems.append(f"{here}: target not visible")
            if sight_range is not None and d > sight_range:
                problems.append(f"{here}: target beyond the twist's sight range {sight_range}")
            adjacent = [e for e, c in enemies_of(fid).items() if hexes_apart(where[fid], c) == 1]
            if adjacent and target not in adjacent:
                problems.append(f"{here}: next to an enemy but attacked another")
            rolls = ev["rolls"]
            if len(rolls) != weapon["attacks"]:
                problems.append(f"{here}: rolled {len(rolls)} dice for {weapon['attacks']} Attacks")
            toughness = max(1, fighters[target]["toughness"] + changes.get("toughness", 0))
            need = 3 if weapon["strength"] > toughness else 4 if weapon["strength"] == toughness else 5
            crits = sum(1 for r in rolls if r == 6)
            hits = sum(1 for r in rolls if need <= r < 6)
            if (hits, crits) != (ev["hits"], ev["crits"]):
                problems.append(f"{here}: rolls {rolls} give {hits} hits {crits} crits, log says {ev['hits']}/{ev['crits']}")
            if ev["damage"] != hits * weapon["hit"] + crits * weapon["crit"]:
                problems.append(f"{here}: damage {ev['damage']} does not follow from the hits")
            damage[target] += ev["damage"]
        elif action == "damage":
            damage[fid] += ev["damage"]
        elif action == "heal":
            damage[fid] -= ev["amount"]
        elif action == "ability" and "damage removed" in ev.get("effect", ""):
            damage[fid] -= int(ev["effect"].split()[0])
        elif action == "taken_down":
            if damage[fid] < fighters[fid]["wounds"]:
                problems.append(f"{here}: taken down with {damage[fid]} damage of {fighters[fid]['wounds']} wounds")
            down.add(fid)
    for fid, f in fighters.items():
        if fid not in down and damage[fid] >= f["wounds"] and fid in where:
            problems.append(f"{fid} has {damage[fid]} damage of {f['wounds']} wounds but was never taken down")
    return problems
