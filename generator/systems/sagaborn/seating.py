"""Setting up a SagaBorn battle ("set up the scenario and choose your adventurers"): two teams
seated on a map, their squads placed in their deployment zones, the Ruthless choice made.

:func:`make_battle` checks a seating (map, teams, point limit, a scenario's options) and makes
the :class:`~generator.play.engine.Battle`; :class:`SetUp` is the part of
:class:`~generator.systems.sagaborn.game.SagaState` that places the figures when the battle
starts. Where the book is silent (deployment order, a zone too small) the module docstring of
:mod:`game` says what we chose.
"""

from __future__ import annotations

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.board import Board, board_for
from generator.play.engine import Battle, Event
from generator.systems.sagaborn import effects as fx
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.models import Team
from generator.systems.sagaborn.pieces import SIDES, Fighter, SquadState
from generator.systems.sagaborn.scoring import SCENARIO_SCORING
from generator.systems.sagaborn.talents import TalentCards, stat_line, unit_stats

DEFAULT_MAP = "sagaborn-relic-vault.yaml"
POINT_LIMIT = 400
_DEFAULT: dict = {}
_deployments: dict[tuple, tuple[Board, tuple]] = {}


class SetUp:
    """Placing the teams as the battle starts (mixed into the battle state)."""

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
                base = stat_line(squad)
                stride = fx.effect_of(squad, fx.WaterStride) is not None
                uids = []
                for u in range(squad.units):
                    count += 1
                    uid = f"{side}{count}"
                    weapon = squad.weapons[u] if u < len(squad.weapons) else None
                    stats = unit_stats(squad, u, base)
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
                self.squads[side].append(SquadState(side, i, squad, uids, TalentCards(squad.talents), pack=pack))
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

    def _choose_ruthless(self, action, rng: Rng) -> list[Event]:
        """A squad with Ruthless decides, before the first round, whether to trade a defence die
        for an attack die for the whole battle; the first round starts after the last decides."""
        events: list[Event] = []
        sq = self._ruthless_pending.pop(0)
        sq.ruthless = bool(action[2])
        base = stat_line(sq.card, ruthless=sq.ruthless)
        for uid, u in zip(sq.units, range(len(sq.units))):
            f = self.fighters[uid]
            f.stats = unit_stats(sq.card, u, base)
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
