"""An auditor for Gorechosen battle logs, written from the rulebook: it re-checks a battle from its
JSON log, the champions' cards and the arena alone, and returns what it found wrong.

What it holds the log to (the book's words in brackets):

* set-up more than 2 hexes from every fighter already placed;
* a move steps hex by hex into no wall, pit, obstruction (a Fate's too) or other fighter, no
  further than the action's hexes ("you can't move into a hex that's occupied ... or into a pit
  or obstruction");
* a push moves a fighter one hex along the line from the pusher (a pull towards them), into a
  free hex; "cannot be moved" (wall, obstruction, fighter) is D3 wounds from the dice logged;
* towards a pit, **the dice comes first, then the cards** ("roll a dice, then discard any number
  of cards ..., adding 1 to the result for each"): the push event carries the roll, only that
  fighter's discards follow, then the result, whose total is the roll plus those discards and
  which falls exactly on 1-3; a fighter never enters a pit;
* an attack is at an enemy in the kill zone with that band's To Hit and Wounds (or a Unique
  attack's own profile along its lines), its hits are the dice at or above To Hit, at most one
  Block, Parry or Dodge answers it and cancels no more than its hits;
* the Health track replays the wounds (Fig. 8): every damage and Injury marker moves the marker
  as the log says, and a fighter is taken down only when the track, a Critical Injury or a pit
  says so; no two fighters ever share a hex; Wrath stays on the track.
"""

from __future__ import annotations

from generator.systems.gorechosen import arcs
from generator.systems.gorechosen import mechanics as m


def _on_line(by, start, dest) -> str | None:
    """"push" when ``dest`` is one hex further from ``by`` on the line through ``start``, "pull"
    when one hex nearer, None otherwise."""
    d = arcs.direction_between(start, dest)
    if d is None:
        return None
    for sign, name in ((1, "push"), (-1, "pull")):
        step = arcs.DIRECTIONS[d] if sign == 1 else arcs.DIRECTIONS[(d + 3) % 6]
        # by, start lie on the line through start along d: start - by is a whole number of steps
        q, r = start[0] - by[0], start[1] - by[1]
        n = arcs.distance(by, start)
        if n and (q, r) == (step[0] * n, step[1] * n):
            return name
    return None


def audit(log: dict, champions: dict, board) -> list[str]:
    """Problems found in one battle log; ``champions`` maps fighter ids to their cards."""
    problems: list[str] = []
    pits = {board.parse(c) for c in log["grid"].get("pits", [])}
    where: dict[str, tuple] = {}
    health = {fid: m.new_health(c.health) for fid, c in champions.items()}
    obstructions: set = set()
    round_obstructions: set = set()
    pending_pit: dict | None = None
    defences = 0
    last_attack: dict | None = None
    events = log["events"]

    def bad(n, e, what):
        problems.append(f"event {n} ({e['action']} {e.get('fighter', '')}): {what}")

    def closed(pos, me):
        return (board.blocked(pos) or pos in obstructions or pos in round_obstructions
                or pos in [w for f, w in where.items() if f != me])

    for n, e in enumerate(events):
        kind, fid = e["action"], e.get("fighter")
        if pending_pit is not None and not (kind == "discard" and fid == pending_pit["fighter"]) and kind != "pit":
            bad(n, e, "between a pit's dice and its result only the victim's discards may come")
            pending_pit = None
        if kind == "round":
            round_obstructions = set()
        elif kind == "place":
            cell = board.parse(e["cell"])
            if any(board.distance(cell, o) <= 2 for o in where.values()):
                bad(n, e, "set up within 2 hexes of another fighter")
            where[fid] = cell
        elif kind == "move":
            path = [board.parse(c) for c in e["path"]]
            if path[0] != where[fid]:
                bad(n, e, f"the path starts at {e['path'][0]}, the fighter stands elsewhere")
            if len(path) - 1 > e["hexes"]:
                bad(n, e, f"{len(path) - 1} hexes for a move of {e['hexes']}")
            for a, b in zip(path, path[1:]):
                if board.distance(a, b) != 1:
                    bad(n, e, f"{board.label(a)} -> {board.label(b)} is not one step")
                if closed(b, fid):
                    bad(n, e, f"moved into {board.label(b)}: a wall, pit, obstruction or fighter")
            where[fid] = path[-1]
        elif kind == "push":
            start = board.parse(e["cell"]) if "path" not in e else board.parse(e["path"][0])
            if start != where[fid]:
                bad(n, e, "pushed from a hex the fighter is not on")
            by = where.get(e.get("by")) if e.get("by") else None
            if "path" in e:
                dest = board.parse(e["path"][1])
                if closed(dest, fid) or dest in pits:
                    bad(n, e, "pushed into a closed hex or a pit")
                if by is not None and _on_line(by, start, dest) is None:
                    bad(n, e, "a push moves a fighter straight away from (or towards) the one pushing")
                where[fid] = dest
            elif e.get("blocked"):
                towards = board.parse(e["towards"]) if e.get("towards") else None
                if towards is not None and not closed(towards, fid):
                    bad(n, e, "a push against an open hex is not blocked")
                if e["damage"] != m.d3_from_d6(e["roll"]):
                    bad(n, e, f"D3 of {e['roll']} is {m.d3_from_d6(e['roll'])}, not {e['damage']}")
            elif e.get("pit"):
                if board.parse(e["towards"]) not in pits:
                    bad(n, e, "towards a hex that is no pit")
                if not 1 <= e["roll"] <= 6:
                    bad(n, e, "the pit's dice is not a dice")
                pending_pit = {"fighter": fid, "roll": e["roll"], "discards": 0}
            elif e.get("held"):
                if champions[fid].unique_rule.kind != "unpushable":
                    bad(n, e, "held in place by a rule the fighter does not have")
        elif kind == "discard" and pending_pit is not None:
            pending_pit["discards"] += 1
        elif kind == "pit":
            if pending_pit is None or pending_pit["fighter"] != fid:
                bad(n, e, "a pit's result with no dice rolled before it")
            else:
                if (e["roll"], e["discards"]) != (pending_pit["roll"], pending_pit["discards"]):
                    bad(n, e, "the result does not count the roll and the cards discarded after the roll")
                if e["total"] != e["roll"] + e["discards"] or e["fell"] != (e["total"] <= 3):
                    bad(n, e, f"{e['roll']} + {e['discards']} = {e['total']} and fell={e['fell']} do not follow")
                if e["fell"] and not (n + 1 < len(events) and events[n + 1]["action"] == "taken_down"
                                      and events[n + 1]["fighter"] == fid):
                    bad(n, e, "fell into the pit but was not slain")
            pending_pit = None
        elif kind == "attack":
            defences, last_attack = 0, e
            c = champions[fid]
            side = c.wounded if e["wounded"] else c.healthy
            me, target = board.parse(e["cell"]), board.parse(e["target_cell"])
            if where[fid] != me or where.get(e["target"]) != target:
                bad(n, e, "attacker or target is not where the log last put them")
            ua = c.unique_action
            if e["weapon"] == ua.name and ua.kind == "attack" and ua.value("to_hit"):
                if (e["to_hit"], e["wounds_per_hit"]) != (ua.value("to_hit"), ua.value("wounds")):
                    bad(n, e, "a Unique attack with a profile of its own used another")
            else:
                band = arcs.band_at(side, me, arcs.facing_index(e["facing"]), target)
                if band is None:
                    bad(n, e, "attack outside the kill zone")
                elif (side.profiles[band].to_hit, side.profiles[band].wounds) != (e["to_hit"], e["wounds_per_hit"]):
                    bad(n, e, "the profile is not the kill-zone band's")
            if e["hits"] != sum(1 for x in e["rolls"] if x >= e["to_hit"]):
                bad(n, e, "hits do not follow from the rolls")
        elif kind == "defend":
            defences += 1
            if defences > 1:
                bad(n, e, "two defence cards against one attack")
            if last_attack is None or e["cancelled"] > last_attack["hits"]:
                bad(n, e, "cancelled more hits than the attack scored")
        elif kind == "damage":
            out = m.take_wounds(health[fid], e["damage"])
            health[fid] = out.health
            if (e["health"], e["covered"]) != (out.health.position, out.health.covered):
                bad(n, e, f"the Health track replays to {out.health.position}/{out.health.covered}")
        elif kind == "injury":
            health[fid] = m.place_injury(health[fid])
            if (e["health"], e["covered"]) != (health[fid].position, health[fid].covered):
                bad(n, e, "the Injury marker replays elsewhere")
        elif kind == "heal":
            h = health[fid]
            health[fid] = m.Health(h.length, h.position - e["amount"], h.covered)
            if health[fid].position < health[fid].top:
                bad(n, e, "healed onto a covered space")
        elif kind == "obstruct":
            cells = {board.parse(c) for c in e["cells"]}
            (round_obstructions if e["until"] == "the end of the round" else obstructions).update(cells)
        elif kind == "taken_down":
            by_card = n > 0 and events[n - 1]["action"] == "critical" and events[n - 1]["effect"] == "slain"
            by_pit = n > 0 and events[n - 1]["action"] == "pit" and events[n - 1]["fell"]
            if not (health[fid].slain or by_card or by_pit):
                bad(n, e, "taken down with space left on the Health track")
            where.pop(fid, None)
        elif kind == "wrath":
            if not 1 <= e["wrath"] <= 7:
                bad(n, e, "Wrath off the track")
        if len(set(where.values())) != len(where):
            bad(n, e, "two fighters on one hex")
    return problems


def champions_of(battle) -> dict:
    """Fighter ids to champions, as the battle seats them."""
    return {f"{side}{i + 1}": c for side in ("a", "b") for i, c in enumerate(battle.forces[side])}
