"""A SagaBorn Battles battle on the hex board: state, legal actions and ``apply``.

Built from :mod:`generator.systems.sagaborn.mechanics` (initiative, step costs, height dice, the
melee height limit, attack dice, talents, relics, the cut-off score) and
:mod:`generator.systems.sagaborn.sight` (sight and cover); this module only sequences them.

The flow of a battle, as the book gives it:

1. Set-up: each side's squads are placed in its deployment zone; a squad with Ruthless decides
   whether to trade a defence die for an attack die for the whole battle.
2. Each round: both sides roll initiative (3 battle dice, crits count 2, +1 per 10 unspent team
   points, ties rolled again); the winner keeps the first activation or passes it. Then every
   unit with a ready Battlecall may call a friendly squad within 2 hexes, which moves up to 2.
3. Sides alternate activating one squad each (a side with none left lets the other finish).
   An activated squad's units each make one move action (every unit moves first), then each
   takes one standard action: attack, open a door or chest, pick up, pass or use a relic.
4. An attack: both pools are rolled (Attack / Defense, +1 die to whoever stands higher, +1
   defence die for cover, a special's die); the attacker may Feint or use Lone Wolf, the defender may Parry or use
   Lone Wolf; a friend with Protector may take the damage; a kill next to the attacker may
   Cleave; a survivor may Riposte.
5. The battle ends when a side has no units left, or after round 12: surviving points (squad
   cost scaled by its surviving units) plus 20 per relic held decide.

A scenario may add points of its own (``make_battle``'s ``scoring``, from our scenario cards):
a chest opened scores its opener's team points at once (such chests hold no relic), a unit
taken down scores its enemy points, and at the end of each round the team with more units on
or next to the shrine scores points; these are added to the cut-off count. A scenario may also
give one side (the attacker) the first activation of round 1, and the cut-off's tie to the
other (the defender).

Where the book is silent we chose (also in docs/play-sagaborn.md):

* Deployment: squads are placed in file order on their side's zone cells, nearest the zone's
  first cell first; when a zone is too small the nearest open cells behind it are used.
* Figures never move through other figures (friend or foe) nor end on them.
* The units of a squad move in card order (unit 1 first), then act in the same order.
* Talent cards belong to the squad card, so a squad's units share each once-per-round talent.
* Battlecall: "within 2 spaces" means a unit of the called squad within 2 hexes of the caller;
  each of its units may move up to 2 move points (normal costs) and may not end farther from the
  caller than it started. Battlecall moves do not use up the squad's activation.
* Rerolls: the attacker's (Feint, Lone Wolf) come before the defender's (Parry, Lone Wolf); no
  die is rolled a third time; Parry rerolls up to two of the defender's non-shield dice.
* Protector takes the whole damage of one attack, for a friend of another squad (a squad's own
  card cannot guard itself). Cleave needs the victim (whoever died) to have been adjacent, on the
  attacker's own activation; the extra attack follows the ordinary attack rules. Riposte is an ordinary
  attack on the unit that just attacked, if it could attack it from where it stands.
* Doors: a closed door blocks movement and sight; a unit next to it opens it (standard action)
  for good. Chests: a unit on or next to a chest opens it; the chest's relic then lies on its hex.
* Relics: picking one up needs the unit on its hex; passing one hands it to an adjacent friend; a
  holder that is taken down drops its relics on its hex. The book names "activate a relic" but
  gives relics no power: only the ``relic_heal`` house rule (``make_battle``'s ``house_rules``)
  lets a hero with the goblet use one, healing 2 HP once per relic per battle.
* Squad special abilities play their card's ``effect`` (:mod:`abilities`, :mod:`effects`): an
  aura's extra Move is counted as a squad's activation starts, a unit pinned since its squad's
  last activation may not leave its hex in this one, a heal is a standard action, taking an
  enemy's cover is free in the unit's own activation, a pack's extra die is counted where the
  figures stand when the attack is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from generator.dice.battle_dice import CRIT, HIT, SHIELD, attack_odds, roll_faces
from generator.dice.distribution import AttackOdds
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.board import Board, board_for
from generator.play.engine import Battle, Event, Outcome
from generator.systems.sagaborn import effects as fx
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.models import Squad, Team, UnitStats
from generator.systems.sagaborn.sight import sight_table

SIDES = ("a", "b")
RELIC_HEAL = fx.RELIC_HEAL


def other(side: str) -> str:
    return "b" if side == "a" else "a"


@dataclass
class Fighter:
    """One figure on the board."""

    uid: str
    side: str
    squad: int
    name: str
    stats: UnitStats
    printed: UnitStats
    hp: int
    pos: tuple | None
    hero: bool
    relic_user: bool
    weapon: str | None = None
    relics: list = field(default_factory=list)
    kind: str = "hero"  # the squad type: hero, minion or creature
    stride: bool = False  # water costs it no extra (a water_stride special)
    pinned: int = 0  # 1 + the enemy squad whose pin holds it in its hex in its next activation, or 0


    @property
    def alive(self) -> bool:
        return self.hp > 0


@dataclass
class SquadState:
    side: str
    index: int
    card: Squad
    units: list[str]
    cards: m.TalentCards
    activated: bool = False
    ruthless: bool | None = None
    special_round: int = 0  # the round a once-per-round special was last used
    pack: object = None  # the card's pack_attack effect, if it has one (asked for every view)


@dataclass
class Strike:
    """An attack being resolved, waiting for a talent decision."""

    attacker: str
    target: str
    kind: str  # "attack" | "cleave" | "riposte"
    att: list
    dfn: list
    first: dict
    mods: dict
    levels: dict
    hidden: float
    stage: str = "attacker"
    att_rerolled: set = field(default_factory=set)
    def_rerolled: set = field(default_factory=set)
    talents: list = field(default_factory=list)
    damage: int = 0
    receiver: str | None = None
    killed: bool = False
    adjacent: bool = True


class SagaGame:
    """SagaBorn Battles on the engine's protocol."""

    system = "sagaborn"

    def new_state(self, battle: Battle, rng: Rng):
        state = SagaState(battle)
        return state, state.start(rng)


class SagaState:
    """One moment of a SagaBorn battle."""

    def __init__(self, battle: Battle):
        self.battle = battle
        self.map = battle.rules["map"]
        self.teams: dict[str, Team] = dict(battle.forces)
        self._unspent = {s: self.teams[s].unspent for s in SIDES}  # points left unspent: initiative
        self.names = dict(battle.names)
        self.zones = battle.rules.get("zones", {"a": [], "b": []})
        self.doors = set(battle.rules.get("doors", ()))  # closed door positions (labels)
        self.board: Board = self._board_for_doors()
        self._sights = sight_table(self.board)
        self._views = _view_table(self.board)
        self._stand = {p: m.effective_level(self.board.level(p), self.board.water(p)) for p in self.board.cells}
        self.levels = self._stand  # every position's standing level, for players scoring many hexes
        self.round = 0
        self.fighters: dict[str, Fighter] = {}
        self.squads: dict[str, list[SquadState]] = {"a": [], "b": []}
        self.relics: dict[str, dict] = {}  # name -> {"pos": pos|None, "holder": uid|None, "used": bool}
        self.chests: dict[tuple, str | None] = {}  # pos -> relic name inside (closed chests), None: empty
        self.bonus = {s: 0 for s in SIDES}  # the scenario's own points (chests, take-downs, shrine)
        self.scoring: dict[str, int] = dict(battle.rules.get("scoring", {}))
        shrine = battle.rules.get("shrine")
        self.shrine = None if shrine is None else self.board.parse(shrine)
        self.phase = "setup"
        self.turn = "a"
        self.first = "a"
        self.initiative_winner = "a"
        self.active: SquadState | None = None
        self.queue: list[str] = []  # units of the active squad still to move or act
        self.callers: list[str] = []
        self.called: list[str] = []
        self.call_origin: str | None = None
        self.strikes: list[Strike] = []
        self.ended: Outcome | None = None
        self._occ: dict[tuple, str] = {}
        self._reach_cache: tuple | None = None
        self._living: dict = {}
        self._enemy_cells: dict = {}
        self._blocked: dict[str, dict] = {"a": {}, "b": {}}  # per attacking side, see attack_view
        self.house_rules = tuple(sorted(battle.rules.get("house_rules", ())))
        self.exposed: dict[str, int] = {}  # uid -> the round a strip_cover special took its cover (this round's only)
        self.move_bonus: dict[str, int] = {}  # uid -> extra Move this activation (an aura)
        self.held: list[str] = []  # units of the active squad that may not leave their hex
        self._packs: frozenset = frozenset()  # the fighters of those squads

    # ---- set-up ---------------------------------------------------------------------------------

    def _board_for_doors(self) -> Board:
        return board_for(self.map, extra_blocked=tuple(sorted(self.doors)))

    def start(self, rng: Rng) -> list[Event]:
        self._rng = rng
        events: list[Event] = []
        board = self.board
        for side in SIDES:
            team = self.teams[side]
            count = 0
            cells = self._deployment(side)
            for i, squad in enumerate(team.squads):
                base = m.stat_line(squad)
                stride = fx.effect_of(squad, fx.WaterStride) is not None
                uids = []
                for u in range(squad.units):
                    count += 1
                    uid = f"{side}{count}"
                    weapon = squad.weapons[u] if u < len(squad.weapons) else None
                    stats = m.armed(base, weapon) if weapon else base
                    name = squad.name if squad.units == 1 else f"{squad.name} {u + 1}"
                    if not cells:
                        raise SkirmishError(f"{self.map.name or 'map'}: zones: no room to deploy {name} for side {side}")
                    pos = cells.pop(0)
                    self.fighters[uid] = Fighter(uid, side, i, name, stats, stats, stats.hp, pos, squad.type == "hero",
                                                 m.can_use_relic(squad), weapon.name if weapon else None,
                                                 kind=squad.type, stride=stride)
                    self._occ[pos] = uid
                    uids.append(uid)
                    events.append({"round": 0, "side": side, "fighter": uid, "action": "place", "cell": board.label(pos),
                                   "level": self.level(pos)})
                pack = fx.effect_of(squad, fx.PackAttack)
                self.squads[side].append(SquadState(side, i, squad, uids, m.TalentCards(squad.talents), pack=pack))
                if pack is not None:
                    self._packs = self._packs | set(uids)
        for n, label in enumerate(self.battle.rules.get("relics", ())):
            self.relics[f"relic {n + 1}"] = {"pos": board.parse(label), "holder": None, "used": False}
        for n, label in enumerate(self.battle.rules.get("chests", ())):
            if "open_chest" in self.scoring:  # the chest's worth is the points its opener scores
                self.chests[board.parse(label)] = None
                continue
            name = f"chest relic {n + 1}"
            self.relics[name] = {"pos": None, "holder": None, "used": False}
            self.chests[board.parse(label)] = name
        self._ruthless_pending = [sq for side in SIDES for sq in self.squads[side] if sq.cards.has("ruthless")]
        if self._ruthless_pending:
            self.phase = "ruthless"
            self.turn = self._ruthless_pending[0].side
        else:
            events += self._new_round(rng)
        return events

    def _deployment(self, side: str) -> list:
        """The side's deployment cells in placing order (a fresh list: the caller pops from it).

        The order depends on the board and the zone only, so it is worked out once per pair and
        shared by every battle on that board."""
        board = self.board
        labels = tuple(self.zones.get(side, ()))
        key = (id(board), labels)
        hit = _deployments.get(key)
        if hit is not None and hit[0] is board:
            return list(hit[1])
        zone = [board.parse(c) for c in labels]
        zone = [p for p in zone if not board.blocked(p)]
        if not zone:
            raise SkirmishError(f"{self.map.name or 'map'}: zones: side {side} has no open start cell")
        rest = sorted((p for p in board.open if p not in zone),
                      key=lambda p: (min(board.walk(z, p) for z in zone), board.cell_of(p)[1], board.cell_of(p)[0]))
        if len(_deployments) >= 64:
            _deployments.clear()
        _deployments[key] = (board, tuple(zone + rest))
        return zone + rest

    # ---- plain queries (also what the policies ask) --------------------------------------------

    def level(self, pos) -> int:
        """Standing level of a position (water one below its ground)."""
        return self._stand[pos]

    def living(self, side: str) -> list[Fighter]:
        """The side's fighters still standing (kept until a fighter moves, is hurt or falls)."""
        hit = self._living.get(side)
        if hit is None:
            hit = self._living[side] = [f for f in self.fighters.values() if f.side == side and f.hp > 0]
        return hit

    def _changed(self, side: str | None = None) -> None:
        """Forget what depends on where fighters stand and who lives; ``side`` names the side
        whose figure moved or fell (None: anything may have changed)."""
        self._living = {}
        self._enemy_cells = {}
        self._reach_cache = None
        if side is None:
            self._blocked = {"a": {}, "b": {}}
        else:  # the other side's attackers see past this side's figures: those views go
            self._blocked[other(side)] = {}

    def squad_of(self, f: Fighter) -> SquadState:
        return self.squads[f.side][f.squad]

    def enemies_of(self, side: str) -> list[Fighter]:
        return self.living(other(side))

    def enemy_adjacent_cells(self, side: str) -> set:
        """Hexes next to an enemy of ``side`` (leaving one costs double)."""
        hit = self._enemy_cells.get(side)
        if hit is None:
            hit = set()
            for e in self.enemies_of(side):
                hit.update(self.board.neighbours(e.pos))
            self._enemy_cells[side] = hit
        return hit

    def enemy_heights(self, side: str) -> dict:
        """Where the enemies of ``side`` stand, with their Heights (what blocks its sight)."""
        key = ("h", side)
        hit = self._enemy_cells.get(key)
        if hit is None:
            hit = self._enemy_cells[key] = {e.pos: e.stats.height for e in self.enemies_of(side)}
        return hit

    def reach(self, f: Fighter, budget: int | None = None) -> dict:
        """``{pos: (cost, previous)}`` for every hex ``f`` can end a move in (its own included).

        The same search as :meth:`Board.reachable` with this step cost, run over the precomputed
        step table (this is the inner loop of every greedy move, so it is written out here).
        Move points are small whole numbers and every step costs at least one, so the queue is
        one bucket per cost, each taken in position order: exactly the order of a heap of
        ``(cost, position)``, hence the same paths and the same order of hexes found.
        """
        found, costs, came = self._reach(f, budget)
        table = _step_table(self.board)
        cells, number = table["cells"], table["number"]
        out = {}
        for pos in found:
            i = number[pos]
            out[pos] = (costs[i], None if came[i] < 0 else cells[came[i]])
        return out

    def _reach(self, f: Fighter, budget: int | None = None) -> tuple[list, list, list]:
        """:meth:`reach` over the board's open hexes numbered in position order (the step
        table's ``"cells"`` and ``"number"``): ``(the hexes in the order found, cost by number,
        previous hex's number by number or -1)``. Numbers make the search's look-ups list
        indexing instead of hashing position tuples; numbering in position order keeps each
        bucket's sort, hence every path and the order of the legal moves, the same.

        Kept for the last fighter asked until anyone moves or falls: the legal moves and the
        move's ``apply`` ask the same search one after the other."""
        budget = self.budget(f) if budget is None else budget
        key = (f.uid, f.pos, budget)
        if self._reach_cache is not None and self._reach_cache[0] == key:
            return self._reach_cache[1]
        table = _step_table(self.board)
        number, size = table["number"], len(table["cells"])
        plain, doubled = table[("numbered", f.stats.height, "stride") if f.stride else ("numbered", f.stats.height)]
        avoid = bytearray(size)  # hexes a figure stands on
        for pos in self._occ:
            avoid[number[pos]] = 1
        near = self._near_numbers(f.side)
        start = number[f.pos]
        costs = [-1] * size  # -1: not reached
        came = [-1] * size
        costs[start] = 0
        order = [start]
        buckets: list[list] = [[] for _ in range(budget + 1)]
        buckets[0].append(start)
        # hexes reached with the whole budget spent lead nowhere (every step costs at least
        # one), so the last bucket is never expanded
        for cost in range(budget):
            bucket = buckets[cost]
            if not bucket:
                continue
            bucket.sort()
            for here in bucket:
                if costs[here] != cost:
                    continue  # reached more cheaply since it was queued here
                for n, step in (doubled if near[here] else plain)[here]:
                    total = cost + step
                    if total > budget or avoid[n]:
                        continue
                    old = costs[n]
                    if old < 0 or total < old:
                        if old < 0:
                            order.append(n)
                        costs[n] = total
                        came[n] = here
                        buckets[total].append(n)
        found = ([table["cells"][i] for i in order], costs, came)
        self._reach_cache = (key, found)
        return found

    def threat_area(self, e: Fighter) -> tuple[frozenset, frozenset]:
        """``(hexes e could reach with its Move, hexes it could then strike in melee)``, terrain
        costs only (figures and the cost of leaving an enemy ignored): where a player expects
        ``e`` to be able to hit before its next activation is over. Kept per board for every
        battle on it."""
        key = (e.pos, e.stats.height, e.stride, e.stats.move)
        kept = _threat_table(self.board)
        hit = kept.get(key)
        if hit is None:
            table = _step_table(self.board)
            cells, number = table["cells"], table["number"]
            plain = table[("numbered", e.stats.height, "stride") if e.stride else ("numbered", e.stats.height)][0]
            costs = {number[e.pos]: 0}
            frontier = [number[e.pos]]
            while frontier:  # a small Dijkstra by rounds: costs are small whole numbers
                nxt = []
                for here in frontier:
                    for n, step in plain[here]:
                        total = costs[here] + step
                        if total <= e.stats.move and total < costs.get(n, 99):
                            costs[n] = total
                            nxt.append(n)
                frontier = nxt
            reach = frozenset(cells[i] for i in costs)
            strike = frozenset(reach | {n for p in reach for n in self.board.open_neighbours(p)})
            hit = kept[key] = (reach, strike)
        return hit

    def prepare_sight(self, pairs) -> None:
        """Work out at once the sight geometry of ``(from, to)`` pairs a player is about to ask."""
        self._sights.prepare(pairs)

    def terrain_sight(self, pos, tpos, eye_height: int, target_height: int):
        """Sight from a figure on ``pos`` to one on ``tpos`` with no figure in the way."""
        return self._sights.plain(pos, tpos, eye_height, target_height)[0]

    def budget(self, f: Fighter) -> int:
        """The move points ``f`` has in its move action: its Move, plus an aura's bonus when its
        squad's activation started near the friend giving it."""
        return f.stats.move + self.move_bonus.get(f.uid, 0)

    def _near_numbers(self, side: str) -> bytearray:
        """:meth:`enemy_adjacent_cells` as a flag per numbered open hex (see :meth:`_reach`),
        kept with it until a figure moves or falls (:meth:`_changed`)."""
        key = ("n", side)
        hit = self._enemy_cells.get(key)
        if hit is None:
            number = _step_table(self.board)["number"]
            hit = bytearray(len(number))
            for pos in self.enemy_adjacent_cells(side):
                i = number.get(pos)
                if i is not None:
                    hit[i] = 1
            self._enemy_cells[key] = hit
        return hit

    def sight(self, f: Fighter, target: Fighter, from_pos=None):
        """Sight and cover from ``f`` (standing on ``from_pos``, default where it is) to ``target``."""
        return self._sights.look(from_pos or f.pos, target.pos, f.stats.height, target.stats.height,
                                 self.enemy_heights(f.side))

    def attack_view(self, f: Fighter, target: Fighter, from_pos=None):
        """``f`` attacking ``target`` from ``from_pos`` (default where it stands): None when it may
        not (out of range, out of sight, beyond the melee height limit), else its dice pools
        ``(attack, defence, modifiers, hidden share)``: stats, high ground and cover."""
        fs, ts = f.stats, target.stats
        pos, tpos = from_pos or f.pos, target.pos
        key = (pos, tpos, fs.attack, fs.range, fs.height, ts.defense, ts.height)
        hit = self._views.get(key)
        if hit is None:
            hit = self._views[key] = self._plain_view(pos, tpos, fs, ts)
        view, crossed = hit
        if crossed is not None:
            enemies = self.enemy_heights(f.side)
            if not crossed.isdisjoint(enemies):
                view = self._blocked_view(key, f.side, enemies, fs, ts)
        if view is not None and (f.uid in self._packs or self.exposed):
            view = self._with_specials(f, target, view)
        return view

    def _with_specials(self, f: Fighter, target: Fighter, view: tuple) -> tuple:
        """An attack view with the specials that depend on where figures stand: a pack_attack
        attacker's extra dice when a squad-mate stands next to the target, and no cover die for
        a target a strip_cover special has exposed this round."""
        att, dfn, mods, hidden = view
        extra = 0
        if f.uid in self._packs:
            sq = self.squad_of(f)
            tpos, distance = target.pos, self.board.distance
            mates = sum(1 for u in sq.units if u != f.uid and self.fighters[u].hp > 0
                        and distance(self.fighters[u].pos, tpos) == 1)
            extra = fx.pack_dice(sq.pack, mates)
        bare = "cover" in mods and self.exposed.get(target.uid) == self.round
        if not extra and not bare:
            return view
        mods = dict(mods)
        if extra:
            att += extra
            mods["pack"] = extra
        if bare:
            dfn -= mods.pop("cover")
            mods["exposed"] = 1
        return att, dfn, mods, hidden

    def _blocked_view(self, key, side, enemies, fs, ts):
        """An attack view with enemy figures on cells the sight rays cross: kept per attacking
        side until one of its enemies moves or falls."""
        kept = self._blocked[side]
        hit = kept.get(key, kept)
        if hit is kept:
            hit = kept[key] = self._attack_view(key[0], key[1], fs, ts, enemies)
        return hit

    def strike_views(self, f: Fighter, cells) -> list[tuple]:
        """Every attack ``f`` could make after moving to one of ``cells``: ``(cell, target,
        view)`` for each enemy it could attack from there, ``view`` as :meth:`attack_view` gives it.

        The greedy player asks this for every hex a move reaches; one call per move keeps the
        enemy's cell, stats and distance row at hand across all the hexes."""
        fs = f.stats
        attack, reach, height = fs.attack, fs.range, fs.height
        views = self._views
        plain, blocked, side = self._plain_view, self._blocked_view, f.side
        enemies = self.enemy_heights(side)
        distance_from = self.board.distance_from
        out = []
        missing = []  # (slot in out, cell, enemy, key): views not kept yet, worked out below
        for e in self.enemies_of(f.side):
            tpos, ts = e.pos, e.stats
            defense, tall = ts.defense, ts.height
            steps = distance_from(tpos)
            for pos in cells:
                if steps[pos] > reach:
                    continue
                key = (pos, tpos, attack, reach, height, defense, tall)
                hit = views.get(key)
                if hit is None:
                    missing.append((len(out), pos, e, key))
                    out.append(None)
                    continue
                view, crossed = hit
                if crossed is not None and not crossed.isdisjoint(enemies):
                    view = blocked(key, side, enemies, fs, ts)
                if view is not None:
                    out.append((pos, e, view))
        if missing:
            # the sight geometry of the new pairs in one batch, then each view as attack_view has it
            self._sights.prepare([(pos, e.pos) for _, pos, e, _ in missing])
            for slot, pos, e, key in missing:
                hit = views.get(key)
                if hit is None:
                    hit = views[key] = plain(pos, e.pos, fs, e.stats)
                view, crossed = hit
                if crossed is not None and not crossed.isdisjoint(enemies):
                    view = blocked(key, side, enemies, fs, e.stats)
                out[slot] = None if view is None else (pos, e, view)
            out = [hit for hit in out if hit is not None]
        if f.uid in self._packs or self.exposed:
            out = [(pos, e, self._with_specials(f, e, view)) for pos, e, view in out]
        return out

    def _plain_view(self, pos, tpos, fs, ts) -> tuple:
        """``(view with no enemy figure in the way, the cells whose figures could change it or
        None)``: everything of an attack view but the figures standing between, which depends on
        the two cells and the stat lines only, so it is kept per board for every battle on it."""
        dq, dr = pos[0] - tpos[0], pos[1] - tpos[1]
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if d > fs.range or d <= 1:
            return self._attack_view(pos, tpos, fs, ts, None), None
        seen, crossed = self._sights.plain(pos, tpos, fs.height, ts.height)
        if not seen.visible:
            return None, crossed
        stand = self._stand
        return _pools(fs, ts, stand[pos], stand[tpos], seen.hidden_share), crossed

    def _attack_view(self, pos, tpos, fs, ts, enemies):
        """The attack view itself (see :meth:`attack_view`); ``enemies``: where the attacker's
        enemies stand, with their Heights (they may block sight)."""
        dq, dr = pos[0] - tpos[0], pos[1] - tpos[1]
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hex steps (SagaBorn boards are hex boards)
        if d > fs.range or d == 0:
            return None
        stand = self._stand
        la, lt = stand[pos], stand[tpos]
        if d == 1:
            if not m.can_strike(la, fs.height, lt, ts.height, fs.range, True):
                return None
            hidden = 0.0
        else:
            seen = self._sights.look(pos, tpos, fs.height, ts.height, enemies)
            if not seen.visible:
                return None
            hidden = seen.hidden_share
        return _pools(fs, ts, la, lt, hidden)

    def pool_choices(self, f: Fighter, target: Fighter, from_pos) -> tuple[tuple[int, int], tuple[int, int]]:
        """The dice pools ``(attack, defence)`` an attack of ``f`` from ``from_pos`` on ``target``
        can have before sight is known: high ground as the two cells stand, without and with
        cover. Whether it may attack at all, and which of the two, sight decides
        (:meth:`attack_view`); a player ranking many hexes can bound an attack's worth first."""
        la, lt = self._stand[from_pos], self._stand[target.pos]
        bare = _pools(f.stats, target.stats, la, lt, 0.0)
        covered = _pools(f.stats, target.stats, la, lt, 1.0)
        if f.uid in self._packs or self.exposed:
            bare, covered = self._with_specials(f, target, bare), self._with_specials(f, target, covered)
        return (bare[0], bare[1]), (covered[0], covered[1])

    def can_attack(self, f: Fighter, target: Fighter, from_pos=None) -> bool:
        """Whether ``f`` may attack ``target`` from ``from_pos``: range, sight, the melee height limit."""
        return self.attack_view(f, target, from_pos) is not None

    def pools(self, f: Fighter, target: Fighter, from_pos=None) -> tuple[int, int, dict, float]:
        """Attack and defence dice of ``f`` attacking ``target`` (which it may attack)."""
        view = self.attack_view(f, target, from_pos)
        if view is None:
            raise SkirmishError(f"{f.name} cannot attack {target.name} from there")
        att, dfn, mods, hidden = view
        return att, dfn, dict(mods), hidden

    def odds(self, f: Fighter, target: Fighter, from_pos=None) -> AttackOdds:
        """Exact odds of ``f``'s attack on ``target`` (talent rerolls not counted)."""
        att, dfn, _, _ = self.pools(f, target, from_pos)
        return attack_odds(att, dfn)

    def targets(self, f: Fighter, from_pos=None) -> list[Fighter]:
        pos = from_pos or f.pos
        rng_ = f.stats.range
        return [e for e in self.enemies_of(f.side) if self.attack_view(f, e, pos) is not None]

    def nearest_friend(self, f: Fighter) -> int | None:
        ds = [self.board.distance(f.pos, g.pos) for g in self.living(f.side) if g.uid != f.uid]
        return min(ds) if ds else None

    def relic_on(self, pos) -> str | None:
        for name, r in self.relics.items():
            if r["pos"] == pos and r["holder"] is None:
                return name
        return None

    # ---- protocol -------------------------------------------------------------------------------

    def current_player(self) -> str:
        return self.turn

    def is_terminal(self) -> bool:
        return self.ended is not None

    def outcome(self) -> Outcome:
        return self.ended

    def current_unit(self) -> Fighter | None:
        return self.fighters[self.queue[0]] if self.queue else None

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == "ruthless":
            sq = self._ruthless_pending[0]
            return [("ruthless", sq.index, True), ("ruthless", sq.index, False)]
        if phase == "initiative":
            return [("initiative", "keep"), ("initiative", "pass")]
        if phase == "battlecall":
            caller = self.fighters[self.callers[0]]
            return [("battlecall", caller.uid, -1)] + [("battlecall", caller.uid, i) for i in self._callable(caller)]
        if phase in ("move", "called"):
            f = self.current_unit()
            if phase == "move" and f.uid in self.held:
                return [("move", f.uid, f.pos)]  # held in its hex (a pin_on_damage special)
            budget = m.BATTLECALL_MOVE if phase == "called" else None
            dests = self._reach(f, budget)[0]
            if phase == "called":
                caller = self.fighters[self.call_origin]
                d0 = self.board.distance(f.pos, caller.pos)
                dests = [p for p in dests if self.board.distance(p, caller.pos) <= d0]
            return [("move", f.uid, p) for p in dests]
        if phase == "choose":
            return [("activate", sq.index) for sq in self.squads[self.turn] if self._can_activate(sq)]
        if phase == "act":
            return self._act_options(self.current_unit())
        if phase == "strike":
            return self._strike_options(self.strikes[-1])
        raise SkirmishError(f"sagaborn: no legal actions in phase {phase!r} (a rules bug)")

    def apply(self, action, rng: Rng) -> list[Event]:
        self._rng = rng
        kind = action[0]
        events: list[Event] = []
        if kind == "ruthless":
            sq = self._ruthless_pending.pop(0)
            sq.ruthless = bool(action[2])
            base = m.stat_line(sq.card, ruthless=sq.ruthless)
            for uid, u in zip(sq.units, range(len(sq.units))):
                f = self.fighters[uid]
                weapon = sq.card.weapons[u] if u < len(sq.card.weapons) else None
                f.stats = m.armed(base, weapon) if weapon else base
                f.hp = f.stats.hp
            self._changed()
            events.append({"round": 0, "side": sq.side, "fighter": sq.units[0], "action": "ability",
                           "name": sq.cards.name_of("ruthless"),
                           "effect": "trades a defence die for an attack die" if sq.ruthless else "declined",
                           "used": sq.ruthless})
            if self._ruthless_pending:
                self.turn = self._ruthless_pending[0].side
            else:
                events += self._new_round(rng)
        elif kind == "initiative":
            passed = action[1] == "pass"
            self.first = other(self.initiative_winner) if passed else self.initiative_winner
            events.append({"round": self.round, "side": self.initiative_winner, "action": "initiative",
                           "why": "passes the first activation" if passed else "keeps the first activation",
                           "first": self.first, "passed": passed})
            events += self._start_battlecalls()
        elif kind == "battlecall":
            events += self._battlecall(action)
        elif kind == "move":
            events += self._move(action)
        elif kind == "activate":
            events += self._activate(action[1])
        elif kind in ("attack", "open", "pick_up", "pass", "use_relic", "hold"):
            events += self._act(action, rng)
        elif kind in ("heal", "expose"):
            events += self._special_act(action)
        else:
            events += self._strike_step(action, rng)
        return events

    # ---- rounds and activations -----------------------------------------------------------------

    def _new_round(self, rng: Rng) -> list[Event]:
        self.round += 1
        self.exposed = {}  # cover taken "until the end of the round" comes back
        events: list[Event] = [{"round": self.round, "action": "round"}]
        for side in SIDES:
            for sq in self.squads[side]:
                sq.activated = False
                sq.cards.refresh()
        unspent = self._unspent
        ini = m.roll_initiative(rng, SIDES, unspent)
        for roll in ini.rolls:
            events.append({"round": self.round, "action": "roll_off", "purpose": "initiative",
                           "dice": {s: list(roll.faces[s]) for s in SIDES}, "scores": dict(roll.scores),
                           "bonus": {s: m.initiative_bonus(unspent[s]) for s in SIDES},
                           "winner": ini.winner if roll is ini.rolls[-1] else "tie"})
        self.initiative_winner = ini.winner
        self.phase = "initiative"
        self.turn = ini.winner
        first = self.battle.rules.get("first")
        if self.round == 1 and first is not None:
            # the scenario gives this side the first activation: no keep-or-pass choice
            self.initiative_winner = self.first = first
            events.append({"round": self.round, "side": first, "action": "initiative", "first": first,
                           "why": "the scenario gives it the first activation", "passed": False})
            events += self._start_battlecalls()
        return events

    def _start_battlecalls(self) -> list[Event]:
        order = [self.first, other(self.first)]
        self.callers = [f.uid for side in order for f in self.living(side)
                        if self.squad_of(f).cards.ready("battlecall")]
        return self._next_call()

    def _callable(self, caller: Fighter) -> list[int]:
        dists = {}
        for sq in self.squads[caller.side]:
            ds = [self.board.distance(caller.pos, self.fighters[u].pos) for u in sq.units
                  if self.fighters[u].alive and u != caller.uid]
            if ds and sq.index != caller.squad:
                dists[sq.index] = min(ds)
        return [i for i in m.battlecall_targets({k: v for k, v in dists.items()})]

    def _next_call(self) -> list[Event]:
        while self.callers:
            caller = self.fighters[self.callers[0]]
            if caller.alive and self.squad_of(caller).cards.ready("battlecall") and self._callable(caller):
                self.phase = "battlecall"
                self.turn = caller.side
                return []
            self.callers.pop(0)
        self.phase = "choose"
        self.turn = self.first
        return self._next_activation(start=True)

    def _battlecall(self, action) -> list[Event]:
        _, uid, index = action
        caller = self.fighters[uid]
        self.callers.pop(0)
        if index < 0:
            return self._next_call()
        sq = self.squads[caller.side][index]
        dists = {index: min(self.board.distance(caller.pos, self.fighters[u].pos) for u in sq.units
                            if self.fighters[u].alive)}
        m.battlecall(self.squad_of(caller).cards, index, dists)
        self.called = [u for u in sq.units if self.fighters[u].alive]
        self.call_origin = uid
        self.queue = list(self.called)
        self.phase = "called"
        self.turn = caller.side
        return [{"round": self.round, "side": caller.side, "fighter": uid, "action": "ability",
                 "name": self.squad_of(caller).cards.name_of("battlecall"),
                 "effect": f"calls {sq.card.name}", "squad": sq.card.name}]

    def _can_activate(self, sq: SquadState) -> bool:
        if sq.activated:
            return False
        fighters = self.fighters
        for u in sq.units:
            if fighters[u].hp > 0:
                return True
        return False

    def _next_activation(self, start: bool = False) -> list[Event]:
        """After an activation (or at round start): who picks the next squad, or the round ends."""
        if self._check_end():
            return self._end_events()
        if not start:
            self.turn = other(self.turn)
        for side in (self.turn, other(self.turn)):
            if any(self._can_activate(sq) for sq in self.squads[side]):
                self.turn = side
                self.phase = "choose"
                return []
        # round over
        events: list[Event] = []
        if "hold_centre" in self.scoring and self.shrine_holder() is not None:
            events.append(self._score(self.shrine_holder(), "hold_centre",
                                      f"holds the shrine at {self.board.label(self.shrine)}"))
        if self.round >= self.battle.rules.get("rounds", m.ROUND_LIMIT):
            return events + self._cutoff()
        return events + self._new_round(self._rng)

    def _activate(self, index: int) -> list[Event]:
        sq = self.squads[self.turn][index]
        sq.activated = True
        self.active = sq
        self.activation = m.SquadActivation(sq.card.name, sq.units)
        self.queue = [u for u in sq.units if self.fighters[u].alive]
        self.phase = "move"
        events = [{"round": self.round, "side": sq.side, "fighter": self.queue[0], "action": "activate",
                   "squad": sq.card.name, "units": list(self.queue), "actions": 2}]
        return events + self._start_of_activation(sq)

    def _start_of_activation(self, sq: SquadState) -> list[Event]:
        """What specials do as a squad's activation starts: a friend's aura adds Move to the
        units near it; a unit pinned since its squad's last activation is held in its hex."""
        events: list[Event] = []
        self.move_bonus = {}
        self.held = []
        for g in self.living(sq.side):
            card = self.squad_of(g).card
            aura = fx.effect_of(card, fx.AuraMove)
            if aura is None:
                continue
            helped = []
            for uid in self.queue:
                f = self.fighters[uid]
                bonus = fx.aura_bonus(aura, f.kind, None if f is g else self.board.distance(f.pos, g.pos))
                if bonus:
                    self.move_bonus[uid] = self.move_bonus.get(uid, 0) + bonus
                    helped.append(uid)
            if helped:
                events.append({"round": self.round, "side": g.side, "fighter": g.uid, "action": "ability",
                               "name": card.special.name, "effect": f"{len(helped)} of {sq.card.name} move "
                               f"{aura.bonus} extra", "units": helped, "bonus": aura.bonus})
        for uid in self.queue:
            f = self.fighters[uid]
            if f.pinned:
                card = self.squads[other(f.side)][f.pinned - 1].card
                events.append({"round": self.round, "side": f.side, "fighter": uid, "action": "ability",
                               "name": card.special.name, "effect": "held in its hex this activation"})
                f.pinned = 0
                self.held.append(uid)
        return events

    def _move(self, action) -> list[Event]:
        _, uid, dest = action
        f = self.fighters[uid]
        called = self.phase == "called"
        _, costs, came = self._reach(f, m.BATTLECALL_MOVE if called else None)
        table = _step_table(self.board)
        cells, goal = table["cells"], table["number"][dest]
        path = []  # the cells entered on the way (start excluded), as Board.path_to gives them
        at = goal
        while came[at] >= 0:
            path.append(cells[at])
            at = came[at]
        path.reverse()
        events: list[Event] = []
        if not called:
            self.activation.move(uid)
        if path:
            cost = costs[goal]
            events.append({"round": self.round, "side": f.side, "fighter": uid, "action": "move",
                           "path": [self.board.label(f.pos)] + [self.board.label(p) for p in path],
                           "cost": cost, "move": m.BATTLECALL_MOVE if called else self.budget(f),
                           "level": self.level(dest), **({"bonus": True, "ability": self.squad_of(self.fighters[self.call_origin]).cards.name_of("battlecall")}
                              if called else {}), **({"aura": self.move_bonus[uid]} if not called and uid in self.move_bonus else {})})
            del self._occ[f.pos]
            f.pos = dest
            self._occ[dest] = uid
            self._changed(f.side)
        self.queue.pop(0)
        while self.queue and not self.fighters[self.queue[0]].alive:
            self.queue.pop(0)
        if self.queue:
            return events
        if called:
            self.called = []
            return events + self._next_call()
        self.queue = [u for u in self.active.units if self.fighters[u].alive]
        self.phase = "act"
        return events

    # ---- standard actions -----------------------------------------------------------------------

    def _act_options(self, f: Fighter) -> list:
        opts: list = [("hold", f.uid)]
        for e in self.targets(f):
            opts.append(("attack", f.uid, e.uid))
        board = self.board
        around = set(board.neighbours(f.pos)) | {f.pos}
        for label in sorted(self.doors):
            if board.parse(label) in set(board.neighbours(f.pos)):
                opts.append(("open", f.uid, label))
        for pos in sorted(self.chests):
            if pos in around:
                opts.append(("open", f.uid, board.label(pos)))
        if self.relic_on(f.pos):
            opts.append(("pick_up", f.uid))
        if f.relics:
            for g in self.living(f.side):
                if g.uid != f.uid and board.distance(g.pos, f.pos) == 1:
                    opts.append(("pass", f.uid, g.uid))
            if "relic_heal" in self.house_rules and f.relic_user and f.hp < f.stats.hp:
                for name in f.relics:
                    if not self.relics[name]["used"]:
                        opts.append(("use_relic", f.uid, name))
        card = self.squad_of(f).card
        heal = fx.effect_of(card, fx.HealAction)
        if heal is not None:
            for g in self.living(f.side):
                if fx.can_heal(heal, board.distance(f.pos, g.pos), g is f, g.hp, g.stats.hp):
                    opts.append(("heal", f.uid, g.uid))
        if fx.effect_of(card, fx.StripCover) is not None and self.squad_of(f).special_round != self.round:
            for e in self.enemies_of(f.side):
                if self.exposed.get(e.uid) != self.round and self.sight(f, e).visible:
                    opts.append(("expose", f.uid, e.uid))
        return opts

    def _special_act(self, action) -> list[Event]:
        """A special ability used in the act phase: a heal (the unit's standard action) or
        taking an enemy's cover (free: the unit still takes its standard action)."""
        kind, uid, target = action
        f, g = self.fighters[uid], self.fighters[target]
        sq = self.squad_of(f)
        base = {"round": self.round, "side": f.side, "fighter": uid, "action": "ability", "name": sq.card.special.name,
                "target": target}
        if kind == "expose":
            sq.special_round = self.round
            self.exposed[target] = self.round
            return [{**base, "effect": f"{target} has no cover until the end of the round"}]
        self.activation.act(uid, "ability")
        amount = fx.heal_amount(sq.card.special.effect, g.hp, g.stats.hp)
        g.hp += amount
        return [{**base, "effect": f"{target} recovers {amount} HP"},
                {"round": self.round, "side": g.side, "fighter": target, "action": "heal", "amount": amount,
                 "hp": g.hp, "ability": sq.card.special.name}] + self._after_act()

    def _act(self, action, rng: Rng) -> list[Event]:
        kind, uid = action[0], action[1]
        f = self.fighters[uid]
        board = self.board
        events: list[Event] = []
        rule_name = {"hold": None, "attack": "attack", "open": "open", "pick_up": "pick_up_relic",
                     "pass": "pass_relic", "use_relic": "use_relic"}[kind]
        if rule_name:
            self.activation.act(uid, rule_name)
        base = {"round": self.round, "side": f.side, "fighter": uid}
        if kind == "hold":
            events.append({**base, "action": "wait"})
        elif kind == "attack":
            self._begin_strike(f, self.fighters[action[2]], "attack", rng)
            return self._run_strikes(rng)
        elif kind == "open":
            label = action[2]
            pos = board.parse(label)
            if label in self.doors:
                self.doors.discard(label)
                self.board = self._board_for_doors()
                self._sights = sight_table(self.board)
                self._views = _view_table(self.board)
                self._changed()
                events.append({**base, "action": "open", "cell": label, "what": "door"})
            else:
                name = self.chests.pop(pos)
                if name is not None:
                    self.relics[name]["pos"] = pos
                events.append({**base, "action": "open", "cell": label, "what": "chest", "relic": name})
                if "open_chest" in self.scoring:
                    events.append(self._score(f.side, "open_chest", f"opened the chest at {label}"))
        elif kind == "pick_up":
            name = self.relic_on(f.pos)
            relic = m.Relic(name, f.pos)
            m.pick_up_relic(relic, uid, f.pos)
            self.relics[name].update(pos=None, holder=uid)
            f.relics.append(name)
            events.append({**base, "action": "relic", "what": "pick_up", "relic": name, "cell": board.label(f.pos)})
        elif kind == "pass":
            to = self.fighters[action[2]]
            name = f.relics[0]
            relic = m.Relic(name, None, uid)
            m.pass_relic(relic, uid, to.uid)
            f.relics.remove(name)
            to.relics.append(name)
            self.relics[name]["holder"] = to.uid
            events.append({**base, "action": "relic", "what": "pass", "relic": name, "target": to.uid})
        elif kind == "use_relic":
            name = action[2]
            relic = m.Relic(name, None, uid)
            m.use_relic(relic, uid, self.squad_of(f).card)
            self.relics[name]["used"] = True
            healed = min(RELIC_HEAL, f.stats.hp - f.hp)
            f.hp += healed
            events.append({**base, "action": "relic", "what": "use", "relic": name, "amount": healed, "hp": f.hp})
        return events + self._after_act()

    def _after_act(self) -> list[Event]:
        self.queue.pop(0)
        while self.queue and not self.fighters[self.queue[0]].alive:
            self.queue.pop(0)
        if self._check_end():
            return self._end_events()
        if self.queue:
            self.phase = "act"
            self.turn = self.active.side
            return []
        self.phase = "choose"
        self.turn = self.active.side
        return self._next_activation()

    # ---- attacks --------------------------------------------------------------------------------

    def _begin_strike(self, f: Fighter, target: Fighter, kind: str, rng: Rng) -> None:
        att_n, def_n, mods, hidden = self.pools(f, target)
        att, dfn = roll_faces(rng, att_n), roll_faces(rng, def_n)
        s = Strike(f.uid, target.uid, kind, att, dfn, {"attack": list(att), "defense": list(dfn)}, mods,
                   {"attacker": self.level(f.pos), "target": self.level(target.pos)}, hidden,
                   adjacent=self.board.distance(f.pos, target.pos) == 1)
        self.strikes.append(s)

    def _strike_options(self, s: Strike) -> list:
        a, t = self.fighters[s.attacker], self.fighters[s.target]
        if s.stage == "attacker":
            opts = []
            cards = self.squad_of(a).cards
            if cards.ready("Feint") and s.dfn:
                seen = set()
                for i, face in enumerate(s.dfn):
                    if face not in seen and i not in s.def_rerolled:
                        seen.add(face)
                        opts.append(("feint", i))
            if cards.ready("Lone Wolf") and self._alone(a) and len(s.att_rerolled) < len(s.att):
                opts.append(("lone_wolf",))
            return [("done",)] + opts if opts else []
        if s.stage == "defender":
            opts = []
            cards = self.squad_of(t).cards
            if cards.ready("Parry") and self._parry_dice(s):
                opts.append(("parry",))
            if cards.ready("Lone Wolf") and self._alone(t) and len(s.def_rerolled) < len(s.dfn):
                opts.append(("lone_wolf",))
            return [("done",)] + opts if opts else []
        if s.stage == "protect":
            opts = [("protect", g.uid) for g in self._protectors(t)] if s.damage > 0 else []
            return [("done",)] + opts if opts else []
        if s.stage == "cleave":
            opts = [("cleave", e.uid) for e in self.targets(a)] if self._cleave_ready(s) else []
            return [("done",)] + opts if opts else []
        if s.stage == "riposte":
            ok = (t.alive and a.alive and self.squad_of(t).cards.ready("Riposte")
                  and self.can_attack(t, a))
            return [("done",), ("riposte",)] if ok else []
        return []

    def _alone(self, f: Fighter) -> bool:
        near = self.nearest_friend(f)
        return near is None or near > m.LONE_WOLF_RADIUS

    def _parry_dice(self, s: Strike) -> list[int]:
        return [i for i, face in enumerate(s.dfn) if face != SHIELD and i not in s.def_rerolled][: m.PARRY_DICE]

    def _protectors(self, t: Fighter) -> list[Fighter]:
        out = []
        for g in self.living(t.side):
            if g.uid != t.uid and self.board.distance(g.pos, t.pos) <= m.PROTECTOR_RADIUS \
                    and self.squad_of(g).cards.ready("Protector") and g.squad != t.squad:
                out.append(g)
        return out

    def _cleave_ready(self, s: Strike) -> bool:
        a = self.fighters[s.attacker]
        return (s.kind != "riposte" and s.killed and s.adjacent and a.alive and a.side == self.active.side
                and self.squad_of(a).cards.ready("Cleave"))

    def _run_strikes(self, rng: Rng) -> list[Event]:
        """Advance the innermost attack through its stages until a decision is needed or all end."""
        events: list[Event] = []
        while self.strikes:
            s = self.strikes[-1]
            if s.stage in ("attacker", "defender", "protect", "cleave", "riposte"):
                if self._strike_options(s):
                    self.phase = "strike"
                    a = self.fighters[s.attacker]
                    self.turn = a.side if s.stage in ("attacker", "cleave") else other(a.side)
                    return events
                events += self._advance(s, rng)
                continue
            # finished
            self.strikes.pop()
        return events + self._after_act()

    def _advance(self, s: Strike, rng: Rng, *_):
        """Move an attack past a stage with no (more) decisions."""
        if s.stage == "attacker":
            s.stage = "defender"
            return []
        if s.stage == "defender":
            s.damage = m.attack_damage(s.att, s.dfn)
            s.stage = "protect"
            return []
        if s.stage == "protect":
            return self._land(s)
        if s.stage == "cleave":
            s.stage = "riposte"
            return []
        if s.stage == "riposte":
            s.stage = "over"
            return []
        return []

    def _land(self, s: Strike) -> list[Event]:
        a, t = self.fighters[s.attacker], self.fighters[s.target]
        receiver = self.fighters[s.receiver] if s.receiver else t
        hits, crits = s.att.count(HIT), s.att.count(CRIT)
        shields = s.dfn.count(SHIELD)
        event = {"round": self.round, "side": a.side, "fighter": a.uid, "action": "attack", "target": t.uid,
                 "weapon": a.weapon, "kind": s.kind, "rolls": {"attack": list(s.att), "defense": list(s.dfn)},
                 "first_rolls": s.first, "hits": hits, "crits": crits, "shields": shields, "damage": s.damage,
                 "modifiers": dict(s.mods), "level": dict(s.levels), "cover": "cover" in s.mods,
                 "hidden": round(s.hidden, 4), "distance": self.board.distance(a.pos, t.pos),
                 "from": self.board.label(a.pos), "cell": self.board.label(t.pos)}
        if s.talents:
            event["talents"] = list(s.talents)
        events = [event]
        if s.damage:
            receiver.hp = max(0, receiver.hp - s.damage)
            events.append({"round": self.round, "side": receiver.side, "fighter": receiver.uid, "action": "damage",
                           "damage": s.damage, "hp": receiver.hp,
                           **({"why": f"Protector, for {t.uid}"} if receiver is not t else {})})
            if receiver.hp == 0:
                s.killed = True
                s.adjacent = self.board.distance(a.pos, receiver.pos) == 1
                events += self._take_down(receiver)
            elif fx.pins(fx.effect_of(self.squad_of(a).card, fx.PinOnDamage), s.damage):
                receiver.pinned = a.squad + 1
                events.append({"round": self.round, "side": a.side, "fighter": a.uid, "action": "ability",
                               "name": self.squad_of(a).card.special.name, "target": receiver.uid,
                               "effect": f"{receiver.uid} cannot leave its hex in its next activation"})
        s.stage = "cleave"
        return events

    def _take_down(self, f: Fighter) -> list[Event]:
        events = [{"round": self.round, "side": f.side, "fighter": f.uid, "action": "taken_down",
                   "cell": self.board.label(f.pos)}]
        for name in f.relics:
            self.relics[name].update(pos=f.pos, holder=None)
            events.append({"round": self.round, "side": f.side, "fighter": f.uid, "action": "relic", "what": "drop",
                           "relic": name, "cell": self.board.label(f.pos)})
        f.relics = []
        del self._occ[f.pos]
        self._changed(f.side)
        if "take_down" in self.scoring:
            events.append(self._score(other(f.side), "take_down", f"took down {f.uid}"))
        return events

    def _score(self, side: str, kind: str, why: str) -> Event:
        """The scenario's points for ``kind`` to ``side``, as an event."""
        self.bonus[side] += self.scoring[kind]
        return {"round": self.round, "side": side, "action": "points", "kind": kind, "why": why,
                "vp": self.scoring[kind], "total": {s: self.bonus[s] for s in SIDES}}

    def shrine_holder(self) -> str | None:
        """The side with more living units on or next to the shrine, if either has more."""
        if self.shrine is None:
            return None
        near = {s: sum(1 for f in self.living(s) if self.board.distance(f.pos, self.shrine) <= 1) for s in SIDES}
        return "a" if near["a"] > near["b"] else "b" if near["b"] > near["a"] else None

    def _strike_step(self, action, rng: Rng) -> list[Event]:
        s = self.strikes[-1]
        kind = action[0]
        a, t = self.fighters[s.attacker], self.fighters[s.target]
        events: list[Event] = []
        if kind == "done":
            events += self._advance(s, rng)
        elif kind == "feint":
            i = action[1]
            before = list(s.dfn)
            s.dfn = m.feint(rng, self.squad_of(a).cards, s.dfn, i)
            s.def_rerolled.add(i)
            s.talents.append("Feint")
            events.append(self._ability(a, "Feint", f"defender rerolls die {i + 1}", before, s.dfn))
        elif kind == "lone_wolf":
            mine = s.stage == "attacker"
            f = a if mine else t
            faces, done = (s.att, s.att_rerolled) if mine else (s.dfn, s.def_rerolled)
            before = list(faces)
            new = m.lone_wolf(rng, self.squad_of(f).cards, faces, self.nearest_friend(f), done)
            done.update(i for i in range(len(faces)))
            if mine:
                s.att = new
            else:
                s.dfn = new
            s.talents.append("Lone Wolf")
            events.append(self._ability(f, "Lone Wolf", "rerolls its dice", before, new))
        elif kind == "parry":
            idx = self._parry_dice(s)
            before = list(s.dfn)
            s.dfn = m.parry(rng, self.squad_of(t).cards, s.dfn, idx)
            s.def_rerolled.update(idx)
            s.talents.append("Parry")
            events.append(self._ability(t, "Parry", f"rerolls dice {', '.join(str(i + 1) for i in idx)}", before, s.dfn))
        elif kind == "protect":
            g = self.fighters[action[1]]
            if m.protector(self.squad_of(g).cards, self.board.distance(g.pos, t.pos)):
                s.receiver = g.uid
                s.talents.append("Protector")
                events.append({"round": self.round, "side": g.side, "fighter": g.uid, "action": "ability",
                               "name": "Protector", "effect": f"takes the damage meant for {t.uid}", "target": t.uid})
            events += self._land(s)
        elif kind == "cleave":
            target = self.fighters[action[1]]
            m.cleave(self.squad_of(a).cards, True, True)
            s.stage = "riposte"
            events.append({"round": self.round, "side": a.side, "fighter": a.uid, "action": "ability",
                           "name": "Cleave", "effect": f"strikes again at {target.uid}", "target": target.uid})
            self._begin_strike(a, target, "cleave", rng)
        elif kind == "riposte":
            m.riposte(self.squad_of(t).cards)
            s.stage = "over"
            events.append({"round": self.round, "side": t.side, "fighter": t.uid, "action": "ability",
                           "name": "Riposte", "effect": f"strikes back at {a.uid}", "target": a.uid})
            self._begin_strike(t, a, "riposte", rng)
        return events + self._run_strikes(rng)

    def _ability(self, f: Fighter, name: str, effect: str, before, after) -> Event:
        return {"round": self.round, "side": f.side, "fighter": f.uid, "action": "ability", "name": name,
                "effect": effect, "dice": {"before": list(before), "after": list(after)}}

    # ---- the end --------------------------------------------------------------------------------

    def _check_end(self) -> bool:
        if self.ended is not None:
            return True
        alive = {s: bool(self.living(s)) for s in SIDES}
        if all(alive.values()):
            return False
        winner = "a" if alive["a"] else ("b" if alive["b"] else None)
        score = self.scores()
        self.ended = Outcome(winner, {s: int(score[s]) for s in SIDES}, self.round,
                             f"side {winner.upper()} took down every enemy" if winner else "both sides fell")
        self.strikes = []
        return True

    def _end_events(self) -> list[Event]:
        self.phase = "over"
        return [{"round": self.round, "action": "end", "why": self.ended.reason, "winner": self.ended.winner}]

    def scores(self) -> dict[str, Fraction]:
        """Each side's cut-off score: surviving points plus 20 per relic held, plus the
        scenario's own points (chests, take-downs, the shrine)."""
        out = {}
        for side in SIDES:
            survivors = [m.Survivors(sq.card, sum(1 for u in sq.units if self.fighters[u].alive))
                         for sq in self.squads[side]]
            held = sum(len(f.relics) for f in self.living(side))
            out[side] = m.cutoff_score(survivors, held) + self.bonus[side]
        return out

    def _cutoff(self) -> list[Event]:
        score = self.scores()
        winner = m.cutoff_winner(score)
        if winner is None and self.battle.rules.get("tie_to"):
            winner = self.battle.rules["tie_to"]  # the scenario hands a level count to one side
        held = {s: sum(len(f.relics) for f in self.living(s)) for s in SIDES}
        level = f" (the scenario gives a level count to side {winner.upper()})" if score["a"] == score["b"] and winner else ""
        self.ended = Outcome(winner, {s: int(score[s]) for s in SIDES}, self.round,
                             f"the {self.round}-round cut-off: points {float(score['a']):g} to "
                             f"{float(score['b']):g}{level}")
        self.phase = "over"
        return [{"round": self.round, "action": "score", "vp": {s: float(score[s]) for s in SIDES},
                 "total": {s: float(score[s]) for s in SIDES}, "relics": held},
                {"round": self.round, "action": "end", "why": self.ended.reason, "winner": winner}]

    def header(self) -> dict[str, Any]:
        grid = self.map.model_dump(mode="json", exclude_defaults=True)
        grid.update(grid=self.map.grid, width=self.map.width, height=self.map.height,
                    orientation=self.map.orientation, offset=self.map.offset)
        sides = {}
        for side in SIDES:
            fighters = []
            for sq in self.squads[side]:
                for uid in sq.units:
                    f = self.fighters[uid]
                    fighters.append({"id": uid, "name": f.name, "squad": sq.card.name, "type": sq.card.type,
                                     **f.printed.model_dump(), "stats": f.stats.model_dump(),
                                     "talents": list(sq.cards.talents),
                                     "special": _special_json(sq.card),
                                     "weapon": f.weapon, "points": float(Fraction(sq.card.total_cost, sq.card.units))})
            team = self.teams[side]
            sides[side] = {"name": self.names.get(side, team.name), "points": team.total_cost,
                           "unspent": team.unspent, "initiative_bonus": team.initiative_bonus, "fighters": fighters}
        return {"grid": grid, "sides": sides, "house_rules": list(self.house_rules)}


def _special_json(card: Squad):
    """A squad's special ability as the log header gives it: name and the effect played."""
    if card.special is None:
        return None
    effect = card.special.effect
    return {"name": card.special.name, "effect": effect.model_dump(mode="json") if effect is not None else None}


_step_tables: dict[int, tuple[Board, dict]] = {}
_threat_tables: dict[int, tuple[Board, dict]] = {}


def _threat_table(board: Board) -> dict:
    """The board's :meth:`SagaState.threat_area` answers, shared by every battle on it."""
    hit = _threat_tables.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_threat_tables) >= 64:
        _threat_tables.clear()
    table: dict = {}
    _threat_tables[id(board)] = (board, table)
    return table
_view_tables: dict[int, tuple[Board, dict]] = {}


def _view_table(board: Board) -> dict:
    """The board's attack views without figures in the way (:meth:`SagaState._plain_view`), by
    ``(cell, target cell, Attack, Range, Height, target's Defense, target's Height)``, shared by
    every battle on the board."""
    hit = _view_tables.get(id(board))
    if hit is not None and hit[0] is board and len(hit[1]) < 400_000:
        return hit[1]
    if len(_view_tables) >= 64:
        _view_tables.clear()
    table: dict = {}
    _view_tables[id(board)] = (board, table)
    return table
_deployments: dict[tuple, tuple[Board, tuple]] = {}
_POOLS: dict[tuple, tuple] = {}


def _pools(fs: UnitStats, ts: UnitStats, la: int, lt: int, hidden: float) -> tuple:
    """``(attack dice, defence dice, modifiers, hidden share)`` of an attack the rules allow,
    from :func:`mechanics.attack_pools` (kept per stats, levels and hidden share)."""
    key = (fs.attack, ts.defense, la, lt, hidden)
    hit = _POOLS.get(key)
    if hit is None:
        att, dfn = m.attack_pools(fs, ts, la, lt, hidden)
        up_att, up_def = m.height_dice(la, lt)
        mods = {}
        if up_att:
            mods["height_attack"] = up_att
        if up_def:
            mods["height_defense"] = up_def
        if m.cover_dice(hidden):
            mods["cover"] = 1
        hit = _POOLS[key] = (att, dfn, mods, hidden)
    return hit


def _step_table(board: Board) -> dict:
    """Every step's cost on a board, from :func:`mechanics.step_cost`: ``{height: {cell: [(next,
    cost, cost when leaving a hex next to an enemy), ...]}}`` for Heights 1-5, impossible steps
    left out, and under ``("split", height)`` the same as two ``{cell: ((next, cost), ...)}``
    tables, ordinary and leaving an enemy; under ``"cells"`` the open hexes in position order,
    ``"number"`` their numbers and ``("numbered", height)`` the two split tables as lists by
    number of ``(next number, cost)`` (one table per board, shared by every battle on it)."""
    hit = _step_tables.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    table: dict = {}
    for height in range(1, 6):
        per = table[height] = {}
        for a in board.open:
            ha = m.Hex(board.level(a), board.water(a))
            out = []
            for b in board.open_neighbours(a):
                hb = m.Hex(board.level(b), board.water(b))
                plain = m.step_cost(ha, hb, height, False)
                if plain is not None:
                    out.append((b, plain, m.step_cost(ha, hb, height, True)))
            per[a] = tuple(out)
        # the same steps as (next, cost) pairs, one table for ordinary steps and one for steps
        # leaving a hex next to an enemy
        table["split", height] = ({a: tuple((b, c) for b, c, _ in out) for a, out in per.items()},
                                  {a: tuple((b, c) for b, _, c in out) for a, out in per.items()})
    # the same steps over the open hexes numbered in position order (what the reach search reads)
    cells = sorted(board.open)
    number = {p: i for i, p in enumerate(cells)}
    table["cells"], table["number"] = cells, number
    for height in range(1, 6):
        table["numbered", height] = tuple([tuple((number[b], c) for b, c in split[p]) for p in cells]
                                          for split in table["split", height])
        # the same for a unit that strides through water (a water_stride special)
        stride = []
        for leaving in (False, True):
            rows = []
            for a in cells:
                ha = m.Hex(board.level(a), board.water(a))
                row = []
                for b in board.open_neighbours(a):
                    cost = m.step_cost(ha, m.Hex(board.level(b), board.water(b)), height, leaving, water_stride=True)
                    if cost is not None:
                        row.append((number[b], cost))
                rows.append(tuple(row))
            stride.append(rows)
        table["numbered", height, "stride"] = tuple(stride)
    if len(_step_tables) >= 64:
        _step_tables.clear()
    _step_tables[id(board)] = (board, table)
    return table


# ---- seating two teams on a map -----------------------------------------------------------------

DEFAULT_MAP = "sagaborn-relic-vault.yaml"
POINT_LIMIT = 400


def default_map():
    """The default SagaBorn battlefield (``maps/sagaborn-relic-vault.yaml`` through the content
    library, so a user's --content folder may replace it), read once per file."""
    from generator.boards.mapfile import load_map
    from generator.content.library import library

    path = library().path(f"maps/{DEFAULT_MAP}")
    hit = _DEFAULT.get(path)
    if hit is None:
        hit = _DEFAULT[path] = load_map(path)
    return hit


_default_map = default_map


def _house_rules(options: dict, where: str) -> tuple[str, ...]:
    from generator.systems.sagaborn.models import house_rules_on

    named = options.get("house_rules")
    if named is None:
        return house_rules_on()
    if isinstance(named, str):
        named = [named]
    for name in named:
        if name not in fx.HOUSE_RULES:
            raise SkirmishError(f"{where}: house_rules: {name!r} is not a SagaBorn house rule; choose from "
                                f"{', '.join(fx.HOUSE_RULES)}")
    return tuple(sorted(set(named)))
#: The scenario scorings added to the book's cut-off count (points per chest opened, per enemy
#: unit taken down, per round holding the shrine).
SCENARIO_SCORING = ("open_chest", "take_down", "hold_centre")
_DEFAULT: dict = {}


def make_battle(force_a: Team, force_b: Team, options: dict | None = None) -> Battle:
    """Seat two teams on a SagaBorn map: side A in the map's first zone, side B in its second.

    ``options``: ``map`` (a BoardMap; default the relic vault), ``points`` (the battle's point
    limit, 400 unless the players agree more). A scenario adds ``scoring`` (points per kind:
    ``open_chest``, ``take_down``, ``hold_centre``; chests then hold no relic), ``shrine`` (the
    cell held for ``hold_centre``), ``first`` (the seat with round 1's first activation) and
    ``tie_to`` (the seat a level cut-off count goes to) and ``rounds`` (an earlier cut-off than
    the book's 12). ``house_rules`` names rules the book does not have that this battle plays
    (:data:`effects.HOUSE_RULES`; default: those switched on in content/sagaborn/rules.yaml,
    none in the built-in file). SagaBorn has no battle cards, twists or variants; naming one is an error.
    Errors name the file (or map/team name) and the field.
    """
    options = dict(options or {})
    board_map = options.get("map") or _default_map()
    where = options.get("map_file") or board_map.name or "map"
    for key in ("card", "twist", "variant"):
        if options.get(key):
            raise SkirmishError(f"--{'battle' if key == 'card' else key}: {options[key]!r}: SagaBorn Battles has no "
                                f"battle cards, twists or variants; choose the battlefield with --map")
    if board_map.grid != "hex":
        raise SkirmishError(f"{where}: grid: SagaBorn Battles is played on hex maps, not {board_map.grid!r}")
    zones = [z for z in board_map.zones.values() if z.start]
    if len(zones) < 2:
        raise SkirmishError(f"{where}: zones: SagaBorn needs two deployment zones with start cells (one per side), "
                            f"the map has {len(zones)}")
    limit = int(options.get("points") or POINT_LIMIT)
    for side, team in (("a", force_a), ("b", force_b)):
        if not isinstance(team, Team):
            raise SkirmishError(f"side {side}: a SagaBorn battle needs a team (kind: team), got {type(team).__name__}")
        if team.total_cost > limit:
            where_team = (options.get("files") or {}).get(side) or team.name
            raise SkirmishError(f"{where_team}: point_limit: the team costs {team.total_cost} points, over the "
                                f"battle's {limit}-point limit (both sides get equal points)")
    board = board_for(board_map, extra_blocked=tuple(sorted(board_map.doors)))
    capacity = len(board.open)
    units = sum(sq.units for t in (force_a, force_b) for sq in t.squads)
    if units > capacity:
        raise SkirmishError(f"{where}: width/height: {units} figures do not fit on {capacity} open hexes")
    rules = {
        "zones": {"a": list(zones[0].start), "b": list(zones[1].start)},
        "doors": list(board_map.doors),
        "chests": list(board_map.chests),
        "relics": list(board_map.relics),
        "points": limit,
    }
    scoring = dict(options.get("scoring") or {})
    unknown = sorted(set(scoring) - set(SCENARIO_SCORING))
    if unknown:
        raise SkirmishError(f"{where}: victory.scoring: {unknown[0]!r} is not a SagaBorn scoring the engine plays; "
                            f"choose from {', '.join(SCENARIO_SCORING)}")
    if "hold_centre" in scoring and not options.get("shrine"):
        raise SkirmishError(f"{where}: objectives: hold_centre scoring needs a shrine cell")
    for key in ("first", "tie_to"):
        if options.get(key) not in (None, "a", "b"):
            raise SkirmishError(f"{where}: {key}: {options[key]!r} is not a side; choose a or b")
    rounds = int(options.get("rounds") or m.ROUND_LIMIT)
    if not 1 <= rounds <= m.ROUND_LIMIT:
        raise SkirmishError(f"{where}: victory.rounds: {rounds} is outside 1-{m.ROUND_LIMIT} (the book's cut-off)")
    rules.update(scoring=scoring, shrine=options.get("shrine"), first=options.get("first"),
                 tie_to=options.get("tie_to"), rounds=rounds, house_rules=_house_rules(options, where))
    rules["map"] = board_map
    return Battle(system="sagaborn", forces={"a": force_a, "b": force_b}, board=board, rules=rules,
                  names={"a": force_a.name, "b": force_b.name})
