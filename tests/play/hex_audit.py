"""An auditor for Bladeborn/Warcry battle logs, written from the rulebooks, not from the engine.

It re-checks a battle from its JSON log and the map alone:

* movement: every path goes through open, unoccupied, adjacent hexes within Move (Rush adds 1,
  Drag Under halves it rounding up, a Rampage's bonus move reaches its value); no move starts
  next to an enemy; a disengage ends next to no enemy (Slip Through the Reeds excepted) and an
  ensnared fighter never disengages; a push moves one hex into an open, empty hex (Reel In: each
  push towards the puller); a placement (Mask of Darkness, Pyre Leap, a raised fighter) is on an
  open, empty hex where the card says;
* attacks: at a living, visible enemy in range (veiled hexes block sight), an adjacent one when
  any enemy is adjacent; hits and criticals follow from the rolls by Strength against Toughness;
  damage follows from hits and criticals (Crushing Shell: criticals deal hit damage; Hold the
  Vault takes its value off once); re-rolls only after Bribe the Fates, at most two dice;
* taken down exactly when damage reaches Wounds; a raised fighter comes back with half its Wounds;
* ability dice: each ability is paid by an unspent group of the roll as the book divides it
  (Bladeborn: doubles and triples, six of a kind divided by its player's choice; Warcry: four or
  more of a kind make a quad), big enough for its cost; one ability per activation; the fighter
  has the ability on its card;
* objectives: control changes only to a player with more fighters within 1 hex (a Desecration
  token counts one more, a fighter keeping an oath one more until its player's next turn);
  per-objective points at the end of a round match the objectives held;
* reserves: from the card's round on, a player with reserve fighters and a free hex on or next to
  its reserve hexes places one at the start of its first turn of the round;
* the end: a warband with nobody left on the battlefield or in reserve ends the battle at once
  and its enemy wins; a level battle ends as the card's tie rule says (where the log shows why).

Hex arithmetic here is its own (flat-top, odd-q offset to cube), so the engine's board code is
not checked against itself.
"""

from __future__ import annotations

from collections import Counter

from generator.boards import los

CUBE_STEPS = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))
SIZES = {"double": 2, "triple": 3, "quad": 4}


def _cube(cell: str) -> tuple[int, int, int]:
    col, row = (int(x) for x in cell.split(","))
    q = col
    r = row - (col - (col & 1)) // 2
    return q, r, -q - r


def _cell(cube: tuple[int, int, int]) -> str:
    q, r, _ = cube
    return f"{q},{r + (q - (q & 1)) // 2}"


def hexes_apart(a: str, b: str) -> int:
    x1, y1, z1 = _cube(a)
    x2, y2, z2 = _cube(b)
    return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))


def around(cell: str, width: int, height: int) -> list[str]:
    x, y, z = _cube(cell)
    out = []
    for dx, dy, dz in CUBE_STEPS:
        n = _cell((x + dx, y + dy, z + dz))
        col, row = (int(v) for v in n.split(","))
        if 0 <= col < width and 0 <= row < height:
            out.append(n)
    return out


def division(faces: list[int], quads: bool) -> list[list[tuple[int, int]]]:
    """Every way the book divides a roll into groups ``(value, dice)``: Warcry puts four or more
    of a kind in one quad; Bladeborn splits them into doubles and triples, never a single."""
    counts = Counter(faces)
    ways: list[list[tuple[int, int]]] = [[]]
    for value, n in sorted(counts.items()):
        if n < 2:
            continue
        if quads or n <= 3:
            options = [[(value, n)]]
        else:
            options = [[(value, 2)] * ((n - 3 * t) // 2) + [(value, 3)] * t
                       for t in range(n // 3 + 1) if (n - 3 * t) % 2 == 0]
        ways = [w + o for w in ways for o in options]
    return ways


class Audit:
    """Reads the events in order and notes every departure from the books."""

    def __init__(self, log: dict, board_map):
        assert board_map.orientation == "flat" and board_map.offset == "odd", "the auditor reads flat-top odd-q maps"
        self.log = log
        self.map = board_map
        self.problems: list[str] = []
        grid = log["grid"]
        self.width, self.height = grid["width"], grid["height"]
        self.blocked = set(grid["blocked"])
        self.battle = log.get("battle", {})
        self.fighters = {f["id"]: f for side in log["sides"].values() for f in side["fighters"]}
        self.where: dict[str, str] = {}
        self.damage: Counter = Counter()
        self.down: set[str] = set()
        self.reserve: set[str] = set()
        self.turns: Counter = Counter()
        self.activated_this_round: set[str] = set()
        self.round = 0
        self.changes = self.battle.get("stat_changes") or {}
        self.sight_range = self.battle.get("sight_range")
        self.active: str | None = None
        self.active_ability = False
        self.move_bonus = 0
        self.rerolls_left = 0
        self.slowed: set[str] = set()
        self.snared: set[str] = set()
        self.crit_shield: set[str] = set()
        self.ward: dict[str, int] = {}
        self.riposte: set[str] = set()
        self.veils: set[str] = set()
        self.tokens: list[tuple[str, str]] = []
        self.oaths: dict[str, str] = {}  # fighter -> objective
        self.control: dict[str, str | None] = {o: None for o in self.battle.get("objectives", [])}
        self.groups: dict[str, list[tuple[int, int]]] = {}
        self.rolled: dict[str, list[int]] = {}
        self.turn_started: set[str] = set()
        self.placed_reserve_this_round: set[str] = set()
        self.ended_by_wipe_out: str | None = None
        self.over = False
        self.last_ability: dict | None = None
        self.inspired: str | None = None
        self.last_attack: dict | None = None

    def note(self, n: int, ev: dict, text: str) -> None:
        self.problems.append(f"event {n} ({ev['action']} {ev.get('fighter') or ''}): {text}")

    # ---- helpers ---------------------------------------------------------------------------------

    def enemies_of(self, fid: str) -> dict[str, str]:
        return {e: c for e, c in self.where.items() if e[0] != fid[0] and e not in self.down and e not in self.reserve}

    def occupied(self, but: str | None = None) -> set[str]:
        return {c for f, c in self.where.items() if f not in self.down and f not in self.reserve and f != but}

    def visible(self, a: str, b: str) -> bool:
        blockers = (self.blocked | self.veils) - {a, b}
        seen_map = self.map.model_copy(update={"blocked": sorted(blockers)})
        return los.visible(seen_map, tuple(int(x) for x in a.split(",")), tuple(int(x) for x in b.split(",")))

    def ability_of(self, fid: str, name: str) -> dict | None:
        return next((a for a in self.fighters[fid].get("abilities", []) if a["name"] == name), None)

    def move_limit(self, fid: str) -> int:
        base = self.fighters[fid]["move"]
        if fid in self.slowed:
            base = (base + 1) // 2
        return max(1, base + self.changes.get("move", 0)) + (self.move_bonus if fid == self.active else 0)

    def on_board(self, side: str) -> list[str]:
        return [f for f in self.where if f[0] == side and f not in self.down and f not in self.reserve]

    def end_activation(self) -> None:
        if self.active is not None:
            self.slowed.discard(self.active)
            self.snared.discard(self.active)
        self.active = None

    def start_turn(self, side: str, n: int, ev: dict) -> None:
        """A player's turn begins: their oaths end; reserves come first."""
        for fid in [f for f in self.oaths if f[0] == side]:
            del self.oaths[fid]
        if side in self.turn_started:
            return
        self.turn_started.add(side)
        if self.round >= self.battle.get("reserves_from", 2) and side not in self.placed_reserve_this_round:
            waiting = [f for f in self.reserve if f[0] == side]
            if waiting and self.free_reserve_cells(side):
                self.note(n, ev, f"player {side.upper()} has reserves and a free reserve hex but did not place one first")

    def free_reserve_cells(self, side: str) -> set[str]:
        cells = set(self.battle.get("seats", {}).get(side, {}).get("reserve_cells", []))
        spots = cells | {n for c in cells for n in around(c, self.width, self.height)}
        return spots - self.blocked - self.occupied()

    # ---- events ----------------------------------------------------------------------------------

    def run(self) -> list[str]:
        for n, ev in enumerate(self.log["events"]):
            if self.over:
                self.note(n, ev, "the battle went on after it was over")
                break
            handler = getattr(self, "on_" + ev["action"].replace("-", "_"), None)
            if handler is not None:
                handler(n, ev)
        for fid, f in self.fighters.items():
            if fid not in self.down and self.damage[fid] >= f["wounds"] and fid in self.where:
                self.problems.append(f"{fid} has {self.damage[fid]} damage of {f['wounds']} wounds but was never taken down")
        return self.problems

    def on_round(self, n, ev):
        """A new battle round: what lasted until the end of the last one is gone."""
        self.round = ev["round"]
        self.tokens = []
        self.veils = set()
        self.crit_shield.clear()
        self.ward.clear()
        self.turns.clear()
        self.activated_this_round = set()
        self.turn_started = set()
        self.placed_reserve_this_round = set()
        self.end_activation()

    def on_reserve(self, n, ev):
        self.reserve.add(ev["fighter"])

    def on_ability_dice(self, n, ev):
        side = ev["side"]
        self.rolled[side] = list(ev["dice"])
        ways = division(ev["dice"], bool(self.battle.get("quads")))
        self.groups[side] = list(ways[0]) if len(ways) == 1 else []
        if len(ways) > 1 and "divided" not in ev.get("groups", ""):
            self.note(n, ev, "a roll that divides more than one way was divided without its player's choice")

    def on_split(self, n, ev):
        side = ev["side"]
        ways = division(ev["dice"], bool(self.battle.get("quads")))
        words = ev["groups"]
        doubles, triples = words.count("double"), words.count("triple")
        match = [w for w in ways if sum(1 for _, d in w if d == 2) == doubles and sum(1 for _, d in w if d == 3) == triples]
        if not match:
            self.note(n, ev, f"{ev['dice']} cannot be divided into {words}")
        else:
            self.groups[side] = list(match[0])

    def on_initiative(self, n, ev):
        self.end_activation()

    def on_place(self, n, ev):
        fid, cell = ev["fighter"], ev["cell"]
        if cell in self.blocked or cell in self.occupied(but=fid):
            self.note(n, ev, f"placed on a blocked or occupied hex {cell}")
        if ev.get("from_reserve"):
            side = fid[0]
            cells = set(self.battle.get("seats", {}).get(side, {}).get("reserve_cells", []))
            if cells and cell not in cells | {x for c in cells for x in around(c, self.width, self.height)}:
                self.note(n, ev, f"a reserve fighter arrived at {cell}, not on or next to a reserve hex")
            if self.round < self.battle.get("reserves_from", 2):
                self.note(n, ev, "a reserve fighter arrived before the card's reserve round")
            if side in self.turn_started and side in self.placed_reserve_this_round:
                self.note(n, ev, "two reserve fighters arrived in one round")
            self.placed_reserve_this_round.add(side)
            self.turn_started.add(side)
            for f in [f for f in self.oaths if f[0] == side]:
                del self.oaths[f]
            self.reserve.discard(fid)
        elif ev.get("ability"):
            self.on_ability_placement(n, ev)
        self.where[fid] = cell

    def on_ability_placement(self, n, ev):
        fid, cell = ev["fighter"], ev["cell"]
        spec = self.ability_of(self.active, ev["ability"]) if self.active else None
        if spec is None or self.last_ability is None or self.last_ability.get("name") != ev["ability"]:
            self.note(n, ev, f"placed by {ev['ability']} without that ability being used")
            return
        effect = spec["effect"]
        user = self.where.get(self.active)
        if effect == "place-friend-on-edge":
            col, row = (int(x) for x in cell.split(","))
            if col not in (0, self.width - 1) and row not in (0, self.height - 1):
                self.note(n, ev, f"Mask of Darkness placed a fighter at {cell}, not on the edge of the board")
        elif effect == "leap-attack" and hexes_apart(ev.get("from", cell), cell) > 3:
            self.note(n, ev, f"a leap of {hexes_apart(ev.get('from', cell), cell)} hexes")
        elif effect == "raise":
            if fid not in self.down or fid[0] != self.active[0]:
                self.note(n, ev, "raised a fighter that was not a fallen friend")
            if ev.get("damage") != (self.fighters[fid]["wounds"] + 1) // 2:
                self.note(n, ev, f"a raised fighter comes back with half its Wounds in damage, not {ev.get('damage')}")
            self.down.discard(fid)
            self.damage[fid] = ev.get("damage", 0)
            if user is not None and hexes_apart(user, cell) > 2:
                self.note(n, ev, "a raised fighter arrived farther than 3\" (2 hexes) from the one who raised it")

    def on_activate(self, n, ev):
        fid, side = ev["fighter"], ev["side"]
        self.end_activation()
        if fid in self.down or fid in self.reserve:
            self.note(n, ev, f"{fid} is not on the battlefield")
        inspired = self.inspired == fid
        self.inspired = None
        if not inspired:
            self.start_turn(side, n, ev)
            self.turns[side] += 1
        self.active, self.active_ability, self.move_bonus, self.rerolls_left = fid, False, 0, 0
        self.riposte.discard(fid)
        if self.battle.get("each_fighter_once"):
            if fid in self.activated_this_round:
                self.note(n, ev, f"{fid} activated twice in one battle round")
        elif self.turns[side] > 4:
            self.note(n, ev, f"side {side} activated more than its four turns allow")
        self.activated_this_round.add(fid)

    def on_pass(self, n, ev):
        self.end_activation()
        self.start_turn(ev["side"], n, ev)

    def on_ability(self, n, ev):
        fid, side = ev["fighter"], ev["side"]
        spec = self.ability_of(fid, ev["name"])
        if fid != self.active:
            self.note(n, ev, "an ability used outside its fighter's activation")
        if self.active_ability:
            self.note(n, ev, "a second ability in one activation")
        self.active_ability = True
        self.last_ability = ev
        if spec is None:
            self.note(n, ev, f"{fid} has no ability {ev['name']!r} on its card")
            return
        dice = ev.get("dice") or []
        group = (dice[0], len(dice)) if dice and len(set(dice)) == 1 else None
        if group is None or group not in self.groups.get(side, []):
            self.note(n, ev, f"dice {dice} are not an unspent group of the roll {self.groups.get(side)}")
        else:
            self.groups[side].remove(group)
            if len(dice) < SIZES[spec["cost"]]:
                self.note(n, ev, f"a group of {len(dice)} cannot pay for a {spec['cost']}")
        effect = spec["effect"]
        if effect == "rush":
            self.move_bonus += 1
        elif effect == "reroll":
            self.rerolls_left = 2
        elif effect == "crit-shield":
            self.crit_shield.add(fid)
        elif effect == "ward":
            self.ward[fid] = dice[0] if dice else 0
        elif effect == "riposte":
            self.riposte.add(fid)
        elif effect in ("respite", "heal"):
            self.damage[fid] -= int(ev["effect"].split()[0])
        if effect == "respite" and any(hexes_apart(self.where[fid], c) == 1 for c in self.enemies_of(fid).values()):
            self.note(n, ev, "Respite next to an enemy")

    def on_effect(self, n, ev):
        target, text = ev["fighter"], ev.get("effect", "")
        if "cannot disengage" in text:
            self.snared.add(target)
        elif "Move halved" in text:
            self.slowed.add(target)
        elif "may activate next" in text:
            self.inspired = target

    def on_veil(self, n, ev):
        if hexes_apart(self.where[ev["fighter"]], ev["cell"]) > 3:
            self.note(n, ev, "a veil farther than 3 hexes")
        self.veils.add(ev["cell"])

    def on_token(self, n, ev):
        if (ev["cell"], ev["side"]) in self.tokens:
            self.note(n, ev, "a second Desecration token of one player on one objective")
        if hexes_apart(self.where[ev["fighter"]], ev["cell"]) > 1:
            self.note(n, ev, "a Desecration token on an objective more than 1 hex away")
        self.tokens.append((ev["cell"], ev["side"]))

    def on_oath(self, n, ev):
        if hexes_apart(self.where[ev["fighter"]], ev["cell"]) > 1:
            self.note(n, ev, "an oath on an objective more than 1 hex away")
        self.oaths[ev["fighter"]] = ev["cell"]

    def on_move(self, n, ev):
        self.walk(n, ev, "move")

    def on_disengage(self, n, ev):
        self.walk(n, ev, "disengage")

    def walk(self, n, ev, action):
        fid, path = ev["fighter"], ev["path"]
        if path[0] != self.where.get(fid):
            self.note(n, ev, f"path starts at {path[0]}, fighter was at {self.where.get(fid)}")
        occupied = self.occupied(but=fid)
        for a, b in zip(path, path[1:]):
            if hexes_apart(a, b) != 1:
                self.note(n, ev, f"{a} -> {b} is not one step")
            if b in self.blocked or b in occupied:
                self.note(n, ev, f"enters blocked or occupied hex {b}")
        limit = 1 if action == "disengage" else self.move_limit(fid)
        spec = self.ability_of(fid, ev["ability"]) if ev.get("bonus") else None
        if spec is not None and spec["effect"] == "rampage" and self.last_ability:
            value = self.last_ability["dice"][0]
            limit = max(1, (value + 1) // 2) if self.battle.get("quads") else value
        if len(path) - 1 > limit:
            self.note(n, ev, f"{len(path) - 1} steps, Move allows {limit}")
        enemy_cells = self.enemies_of(fid).values()
        if action == "move" and any(hexes_apart(path[0], e) == 1 for e in enemy_cells):
            self.note(n, ev, "a move action started next to an enemy")
        if action == "disengage":
            if fid in self.snared:
                self.note(n, ev, "an ensnared fighter disengaged")
            free = spec is not None and spec["effect"] == "free-disengage"
            if not free and any(hexes_apart(path[-1], e) == 1 for e in enemy_cells):
                self.note(n, ev, "disengaged next to an enemy")
        self.where[fid] = path[-1]

    def on_push(self, n, ev):
        fid, path = ev["fighter"], ev["path"]
        occupied = self.occupied(but=fid)
        if path[0] != self.where.get(fid) or hexes_apart(path[0], path[1]) != 1 or path[1] in self.blocked or path[1] in occupied:
            self.note(n, ev, "a push must move a fighter one hex into an open, empty hex")
        by = ev.get("by", "")
        spec = self.ability_of(by, ev.get("ability", "")) if by in self.fighters else None
        if spec is not None and spec["effect"] == "pull":
            puller = self.where[by]
            if hexes_apart(path[1], puller) >= hexes_apart(path[0], puller):
                self.note(n, ev, "Reel In pushed a fighter that was not towards the puller")
        self.where[fid] = path[1]

    def on_attack(self, n, ev):
        fid, target = ev["fighter"], ev["target"]
        if target in self.down or target not in self.where:
            self.note(n, ev, f"target {target} is not on the battlefield")
            return
        weapon = dict(self.fighters[fid]["weapons"][ev["weapon"]])
        for stat, change in (ev.get("modifiers") or {}).items():
            key = {"dmg_hit": "hit", "dmg_crit": "crit", "max_range": "range"}.get(stat, stat)
            weapon[key] = weapon[key] + change
        d = hexes_apart(self.where[fid], self.where[target])
        limit = self.battle.get("range_limit")
        if limit is not None and d > limit:
            self.note(n, ev, f"target {d} hexes away beyond the twist's range limit {limit}")
        if not weapon["min_range"] <= d <= weapon["range"]:
            self.note(n, ev, f"target {d} hexes away, weapon reaches {weapon['min_range']}-{weapon['range']}")
        if not self.visible(self.where[fid], self.where[target]):
            self.note(n, ev, "target not visible")
        if self.sight_range is not None and d > self.sight_range:
            self.note(n, ev, f"target beyond the twist's sight range {self.sight_range}")
        adjacent = [e for e, c in self.enemies_of(fid).items() if hexes_apart(self.where[fid], c) == 1]
        if adjacent and target not in adjacent:
            self.note(n, ev, "next to an enemy but attacked another")
        rolls = ev["rolls"]
        if len(rolls) != weapon["attacks"]:
            self.note(n, ev, f"rolled {len(rolls)} dice for {weapon['attacks']} Attacks")
        if "first_rolls" in ev:
            changed = [i for i, (a, b) in enumerate(zip(ev["first_rolls"], rolls)) if a != b]
            if self.rerolls_left <= 0 or len(ev["rerolled"]) > self.rerolls_left or not set(changed) <= set(ev["rerolled"]):
                self.note(n, ev, "dice re-rolled without Bribe the Fates, or more than it allows")
            self.rerolls_left = 0
        toughness = max(1, self.fighters[target]["toughness"] + self.changes.get("toughness", 0))
        need = 3 if weapon["strength"] > toughness else 4 if weapon["strength"] == toughness else 5
        crits = sum(1 for r in rolls if r == 6)
        hits = sum(1 for r in rolls if need <= r < 6)
        if (hits, crits) != (ev["hits"], ev["crits"]):
            self.note(n, ev, f"rolls {rolls} give {hits} hits {crits} crits, log says {ev['hits']}/{ev['crits']}")
        shielded = target in self.crit_shield
        if bool(ev.get("crit_shield")) != (shielded and weapon["crit"] != weapon["hit"]):
            self.note(n, ev, "Crushing Shell applied where it was not used, or not applied where it was")
        per_crit = weapon["hit"] if shielded else weapon["crit"]
        warded = ev.get("warded", 0)
        if warded and warded > self.ward.get(target, 0):
            self.note(n, ev, f"{warded} damage warded off, the ward was {self.ward.get(target, 0)}")
        if warded:
            self.ward.pop(target, None)
        if ev["damage"] + warded != hits * weapon["hit"] + crits * per_crit:
            self.note(n, ev, f"damage {ev['damage']} does not follow from the hits")
        if ev["damage"] > 0 and target in self.ward and not warded:
            self.note(n, ev, "Hold the Vault did not reduce the next damage")
        self.damage[target] += ev["damage"]
        self.last_attack = ev

    def on_damage(self, n, ev):
        why, by = ev.get("why"), ev.get("by")
        if by in self.fighters and self.ability_of(by, why or "") is not None:
            spec = self.ability_of(by, why)
            if spec["effect"] == "riposte":
                last = self.last_attack
                if by not in self.riposte or last is None or last["target"] != by or last["fighter"] != ev["fighter"]:
                    self.note(n, ev, "Riposte Stance damage without an attack on a fighter in that stance")
            elif spec["effect"] in ("damage-enemy", "damage-or-push") and by in self.where:
                if not self.visible(self.where[by], self.where[ev["fighter"]]):
                    self.note(n, ev, f"{why} at an enemy its user cannot see")
        self.damage[ev["fighter"]] += ev["damage"]

    def on_warded(self, n, ev):
        fid = ev["fighter"]
        if ev["amount"] > self.ward.get(fid, 0):
            self.note(n, ev, "more warded off than the ward")
        self.ward.pop(fid, None)
        self.damage[fid] -= ev["amount"]

    def on_heal(self, n, ev):
        self.damage[ev["fighter"]] -= ev["amount"]

    def on_taken_down(self, n, ev):
        fid = ev["fighter"]
        if self.damage[fid] < self.fighters[fid]["wounds"]:
            self.note(n, ev, f"taken down with {self.damage[fid]} damage of {self.fighters[fid]['wounds']} wounds")
        self.down.add(fid)
        for flags in (self.slowed, self.snared, self.crit_shield, self.riposte):
            flags.discard(fid)
        self.ward.pop(fid, None)
        self.oaths.pop(fid, None)
        left = {f[0] for f in self.fighters if f not in self.down and (f in self.where or f in self.reserve)}
        if len(left) == 1:
            self.ended_by_wipe_out = next(iter(left))

    def on_control(self, n, ev):
        cell, side = ev["cell"], ev["side"]
        counts = Counter()
        for fid, c in self.where.items():
            if fid not in self.down and fid not in self.reserve and hexes_apart(c, cell) <= 1:
                counts[fid[0]] += 1 + (1 if self.oaths.get(fid) == cell else 0)
        for o, s in self.tokens:
            if o == cell:
                counts[s] += 1
        other = "b" if side == "a" else "a"
        if side is None or counts[side] <= counts[other]:
            self.note(n, ev, f"objective {cell} went to {side} with {counts[side]} against {counts[other]}")
        self.control[cell] = side

    def on_score(self, n, ev):
        if ev.get("side") is not None or ev.get("why"):
            return  # a take-down's points, or the end of the battle's
        rules = [r for r in self.battle.get("scoring", []) if r["kind"] == "per_objective"
                 and r.get("when", "end_of_round") == "end_of_round" and self.round >= r.get("from_round", 1)]
        if rules and len(rules) == len(self.battle.get("scoring", [])):
            bonus, from_round = self.battle.get("objective_bonus", [0, 1])
            per = sum(r["points"] for r in rules) + (bonus if self.round >= from_round else 0)
            for side in "ab":
                held = sum(1 for h in self.control.values() if h == side)
                if ev["vp"][side] != held * per:
                    self.note(n, ev, f"{side.upper()} holds {held} objectives at {per} each but scores {ev['vp'][side]}")

    def on_end(self, n, ev):
        self.over = True
        if self.ended_by_wipe_out is not None and ev.get("winner") != self.ended_by_wipe_out:
            self.note(n, ev, f"a warband was wiped out, so {self.ended_by_wipe_out} wins, not {ev.get('winner')}")
        vp = ev.get("vp", {})
        if self.ended_by_wipe_out is None and vp.get("a") == vp.get("b"):
            self.check_tie(n, ev)

    def check_tie(self, n, ev):
        tie = self.battle.get("tie", "draw")
        left = {s: len(self.on_board(s)) for s in "ab"}
        more = None if left["a"] == left["b"] else ("a" if left["a"] > left["b"] else "b")
        winner = ev.get("winner")
        expect: object = "unchecked"
        if tie == "draw":
            expect = None
        elif tie == "most_fighters":
            expect = more
        elif tie == "most_fighters_if_no_points":
            expect = more if ev["vp"]["a"] == 0 else None
        elif tie == "most_fighters_then_tiebreakers" and more is not None:
            expect = more
        elif tie in ("attacker", "defender"):
            expect = next((s for s, seat in self.battle.get("seats", {}).items() if seat.get("role") == tie), None)
        if expect != "unchecked" and winner != expect:
            self.note(n, ev, f"a level battle under tie rule {tie!r} goes to {expect}, not {winner}")


def audit(log: dict, board_map) -> list[str]:
    return Audit(log, board_map).run()
