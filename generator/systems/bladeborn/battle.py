"""Seat two warbands on a Bladeborn battle: battle card, map, twist, fighters as the game plays them.

``make_battle(force_a, force_b, options)`` is ``System.make_battle`` for Bladeborn and Warcry.
Warcry warbands play on the same hexes under the Bladeborn battle rules at
:data:`INCHES_PER_HEX` (see ``docs/play-bladeborn.md``, "Warcry fighters on hexes"): Move and Range are converted,
everything else is the card as printed.

Battle cards and twists come from the content library (``--content`` overrides them), found by
name (``"Drawn and Quartered"``), file stem (``battle-drawn-and-quartered``) or path. A card or
twist the engine cannot carry out is refused with a one-line error naming the file and field.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.boards.mapfile import BoardMap, load_map
from generator.content import display_path
from generator.content.library import library
from generator.content.loader import load_file
from generator.errors import ContentError, SkirmishError
from generator.play.board import board_for
from generator.play.engine import Battle
from generator.systems.bladeborn.game import (
    AbilitySpec,
    BattleRules,
    BladebornState,
    FighterInPlay,
    Profile,
    ScoreRule,
    begin,
)
from generator.systems.bladeborn.models import BattleCard, Twist
from generator.systems.warcry.models import Warband

DEFAULT_CARD = "Drawn and Quartered"
#: Warcry's inches on Bladeborn's hexes: the 13 x 10 hex board stands for Warcry's 30" x 22" table
#: (2.3" and 2.2" a hex); 2" a hex, rounded half up, keeps a 1" melee weapon at 1 hex.
INCHES_PER_HEX = 2
#: Warcry weapons reaching this far or less are melee weapons: 1 hex.
WARCRY_MELEE_INCHES = 3


def inches_to_hexes(inches: int) -> int:
    """Warcry inches as Bladeborn hexes: ``ceil(inches / 2 - 0.5)`` rounded half up, at least 1."""
    return max(1, math.floor(inches / INCHES_PER_HEX + 0.5))


def _universal_abilities() -> list:
    return [a for table in library().load("warcry", "abilities") for a in table.model.abilities]


def _fighter_abilities(fighter, warband: Warband, universal: list, warcry: bool = False) -> tuple[AbilitySpec, ...]:
    """Universal abilities plus the warband card's, those this fighter's runemarks allow and the
    engine can carry out (an ability without an ``effect`` is printed but not played)."""
    pool = list(universal)
    if warband.ability_card is not None:
        pool += list(warband.ability_card.abilities)
    marks = fighter.all_runemarks()
    out = []
    for ability in pool:
        if ability.effect is None or not set(ability.runemarks) <= marks:
            continue
        if ability.cost == "quad":
            continue  # Bladeborn dice never make quads (four of a kind splits into doubles)
        reach, max_range = ability.reach, ability.max_range
        if warcry:  # inches on the card, hexes on the board
            reach = None if reach is None else inches_to_hexes(reach)
            max_range = None if max_range is None else (1 if max_range <= WARCRY_MELEE_INCHES else inches_to_hexes(max_range))
        out.append(AbilitySpec(ability.name, ability.cost, ability.effect, ability.amount,
                               reach, ability.stat, max_range))
    return tuple(out)


def fighters_for(side: str, warband: Warband, system: str) -> list[FighterInPlay]:
    """The warband's fighters as the battle plays them (Warcry cards converted to hexes)."""
    warcry = system == "warcry"
    universal = _universal_abilities()
    out = []
    for i, card in enumerate(warband.fighters, start=1):
        weapons = []
        for w_index, w in enumerate(card.weapons):
            if warcry:
                lo = 0 if w.min_range <= 1 else inches_to_hexes(w.min_range)
                hi = 1 if w.max_range <= WARCRY_MELEE_INCHES else inches_to_hexes(w.max_range)
            else:
                lo, hi = w.min_range, w.max_range
            weapons.append(Profile(w_index, lo, max(hi, lo), w.attacks, w.strength, w.dmg_hit, w.dmg_crit))
        move = inches_to_hexes(card.movement) if warcry else card.movement
        out.append(FighterInPlay(
            id=f"{side}{i}", side=side, name=card.name, move=move, toughness=card.toughness, wounds=card.wounds,
            weapons=tuple(weapons), abilities=_fighter_abilities(card, warband, universal, warcry),
            points=float(card.points or 0), hero="hero" in card.all_runemarks(),
        ))
    return out


# ---- battle cards and twists ---------------------------------------------------------------


def _named(kind: str, wanted: str) -> list:
    """Content files of ``kind`` (bladeborn) whose stem or ``name`` matches ``wanted``."""
    found = []
    for loaded in library().load("bladeborn", kind):
        names = {loaded.path.stem.lower(), getattr(loaded.model, "name", "").lower()}
        if wanted.lower() in names:
            found.append(loaded)
    return found


def load_card(spec: str | None) -> tuple[BattleCard, str]:
    """A battle card by name, file stem or path (default: the book's Drawn and Quartered)."""
    spec = spec or DEFAULT_CARD
    path = Path(spec)
    if path.suffix.lower() in (".yaml", ".yml", ".json") or path.exists():
        loaded = load_file(path)
        if loaded.kind != "battle-card":
            raise ContentError(f"{display_path(path)}: kind: is {loaded.kind!r}; --battle needs a battle card (kind: battle-card)")
        return loaded.model, display_path(loaded.path)
    found = _named("battle-card", spec)
    if not found:
        known = sorted(l.model.name for l in library().load("bladeborn", "battle-card"))
        raise ContentError(f"--battle {spec!r}: no such battle card; the built-in and --content cards are: {', '.join(known)}")
    return found[-1].model, display_path(found[-1].path)


def all_twists() -> list[tuple[Twist, str]]:
    return [(card, display_path(l.path)) for l in library().load("bladeborn", "twist") for card in l.model.cards]


def find_twist(name: str) -> tuple[Twist, str]:
    for twist, where in all_twists():
        if twist.name.lower() == name.lower():
            return twist, where
    known = ", ".join(t.name for t, _ in all_twists())
    raise ContentError(f"--twist {name!r}: no such twist card; known twists: {known}, or 'none'")


def executable_twists() -> list[tuple[Twist, str]]:
    """The twist deck as the engine plays it: cards whose effect it carries out."""
    return [(t, w) for t, w in all_twists() if t.effect is not None and t.effect.kind in EFFECT_KINDS]


def card_from_map(board_map: BoardMap, name: str | None = None, rounds: int = 3, scoring: list | None = None,
                  tie: str = "draw") -> BattleCard:
    """A battle card for a map that brings its own deployment (zones A and B: starting and reserve
    hexes) and objectives, as ``skirmish map generate`` writes them; scoring defaults to the
    book's example card: 1 victory point per objective held at the end of each round."""
    grid = board_map.grid_obj()
    zones = {k.lower(): v for k, v in board_map.zones.items()}
    if set(zones) < {"a", "b"}:
        raise ContentError(f"{board_map.name or 'map'}: zones: a Bladeborn battle without a battle card needs zones A and B "
                           f"(starting and reserve hexes); this map has: {', '.join(board_map.zones) or 'none'}")

    def axial(cells):
        return [list(grid.to_axial(tuple(int(x) for x in c.split(",")))) for c in cells]

    players = {p: {"symbol": p.upper(), "start": axial(zones[p].start), "reserve": axial(zones[p].reserve)} for p in ("a", "b")}
    return BattleCard.model_validate({
        "name": name or (board_map.name or "Battle on a generated map"),
        "map": "generated", "objectives": axial(board_map.objectives), "players": players, "rounds": rounds,
        "battle_rules": "Victory points are scored as the scoring rules say.",
        "reserves": "From the second battle round, one reserve fighter arrives at the start of its player's first turn.",
        "victory": f"After {rounds} battle rounds the player with more victory points wins.",
        "scoring": scoring if scoring is not None else [{"kind": "per_objective", "points": 1}], "tie": tie,
    })


def _card_map(card: BattleCard, where: str, override: BoardMap | None) -> BoardMap:
    if override is not None:
        return override
    try:
        return load_map(library().path(f"maps/{card.map}.yaml"))
    except SkirmishError as err:
        raise ContentError(f"{where}: map: {card.map!r}: {err}") from None


#: Scoring rules the Bladeborn engine carries out, with the numbers each takes (besides
#: ``points``, ``when`` and ``from_round``). One vocabulary with scenarios and decks.
SCORING_KINDS: dict[str, tuple[str, ...]] = {
    "per_objective": (), "hold_centre": (), "most_objectives": (), "take_down": (), "first_blood": (),
    "slay_leader": (), "enemy_territory": (), "last_standing": (),
}
#: Twist effects the Bladeborn engine carries out: kind -> (required numbers, optional numbers).
EFFECT_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "crit_damage_bonus": (("amount",), ()),
    "hit_damage_bonus": (("amount",), ("range",)),
    "attacks_modifier": (("amount",), ("range",)),
    "move_modifier": (("amount",), ()),
    "toughness_modifier": (("amount",), ()),
    "sight_limit": (("range",), ()),
    "range_limit": (("range",), ()),
    "ability_dice": (("dice",), ()),
    "extra_blocked": (("cells",), ()),
    "push_each_round": (("count",), ()),
    "damage_each_round": (("amount",), ("where",)),
    "heal_each_round": (("amount",), ()),
    "reserves_from_round": (("round",), ()),
    "rounds_modifier": (("amount",), ()),
    "objective_bonus": (("amount", "round"), ()),
    "take_down_bonus": (("points",), ("per_round",)),
    "initiative_to": (("side",), ()),
    "no_effect": ((), ()),
}
WHEN = ("end_of_round", "end_of_battle", "immediately")


def _check_rule(rule, field: str, where: str, table: dict, what: str) -> dict:
    params = rule.params()
    if rule.kind not in table:
        raise ContentError(f"{where}: {field}: kind: {rule.kind!r} is not a {what} the Bladeborn engine carries out; "
                           f"choose one of {', '.join(table)}")
    if what == "scoring rule":
        allowed = {"points", "when", "from_round"}
        if params.get("when", "end_of_round") not in WHEN:
            raise ContentError(f"{where}: {field}.when: {params['when']!r} is not one of {', '.join(WHEN)}")
        for key in ("points", "from_round"):
            if key in params and (isinstance(params[key], bool) or not isinstance(params[key], int) or params[key] < 0):
                raise ContentError(f"{where}: {field}.{key}: {params[key]!r} is not a whole number 0 or more")
        required: tuple[str, ...] = ()
    else:
        required, optional = table[rule.kind]
        allowed = set(required) | set(optional)
    for key in required:
        if key not in params:
            raise ContentError(f"{where}: {field}.{key}: is required by kind {rule.kind!r}")
    for key in params:
        if key not in allowed:
            raise ContentError(f"{where}: {field}.{key}: is not a number kind {rule.kind!r} takes; it takes: "
                               f"{', '.join(sorted(allowed)) or 'none'}")
    return params


def _int(params: dict, key: str, where: str, field: str, low: int = -20, high: int = 100) -> int:
    value = params[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ContentError(f"{where}: {field}.{key}: {value!r} is not a whole number from {low} to {high}")
    return value


def battle_rules(card: BattleCard, where: str, board, twist: Twist | None, twist_where: str | None,
                 reserve: dict[str, int], fixed_territories: bool = False) -> BattleRules:
    """The card (and twist) as numbers the engine runs; hexes and rules checked, one-line errors."""

    def hexes(items, field: str) -> tuple:
        out = []
        for i, (q, r) in enumerate(items):
            pos = (int(q), int(r))
            if not board.on_board(pos):
                raise ContentError(f"{where}: {field}[{i}]: [{q}, {r}] is off the {board.grid.width}x{board.grid.height} board")
            if board.blocked(pos):
                raise ContentError(f"{where}: {field}[{i}]: [{q}, {r}] (cell {board.label(pos)}) is a blocked hex")
            out.append(pos)
        return tuple(out)

    scoring = []
    for i, rule in enumerate(card.scoring_rules()):
        params = _check_rule(rule, f"scoring[{i}]", where, SCORING_KINDS, "scoring rule")
        scoring.append(ScoreRule(rule.kind, int(params.get("points", 1)), params.get("when", "end_of_round"),
                                 int(params.get("from_round", 1))))
    if card.tie in ("attacker", "defender") and card.tie not in card.roles.values():
        raise ContentError(f"{where}: tie: {card.tie!r} needs roles naming the {card.tie} (roles: {{a: attacker, b: defender}})")
    rules = BattleRules(
        name=card.name,
        rounds=card.rounds,
        objectives=hexes(card.objectives, "objectives"),
        starts={p: hexes(card.players[p].start, f"players.{p}.start") for p in ("a", "b")},
        reserves={p: hexes(card.players[p].reserve, f"players.{p}.reserve") for p in ("a", "b")},
        scoring=tuple(scoring),
        tie=card.tie,
        roles=dict(card.roles),
        reserve_count=reserve,
        fixed_territories=fixed_territories,
    )
    if twist is not None:
        apply_twist(rules, twist, twist_where or "twist")
    return rules


def apply_twist(rules: BattleRules, twist: Twist, where: str) -> None:
    """Set the numbers of ``rules`` that ``twist`` changes (``extra_blocked`` changes the board:
    see :func:`twist_blocked`)."""
    if twist.effect is None:
        raise ContentError(f"{where}: cards: {twist.name!r}: effect: missing; the battle engine cannot carry out a twist "
                           f"that is only prose (give it an effect: {', '.join(EFFECT_KINDS)})")
    field = f"cards: {twist.name!r}: effect"
    p = _check_rule(twist.effect, field, where, EFFECT_KINDS, "twist effect")
    kind = twist.effect.kind
    rules.twist = twist.name
    if kind == "crit_damage_bonus":
        rules.crit_bonus = _int(p, "amount", where, field, -5, 10)
    elif kind == "hit_damage_bonus":
        rules.hit_bonus, rules.hit_bonus_range = _int(p, "amount", where, field, -5, 10), _range_word(p, where, field)
    elif kind == "attacks_modifier":
        rules.attacks_change, rules.attacks_range = _int(p, "amount", where, field, -5, 5), _range_word(p, where, field)
    elif kind == "move_modifier":
        rules.stat_changes["move"] = _int(p, "amount", where, field, -5, 5)
    elif kind == "toughness_modifier":
        rules.stat_changes["toughness"] = _int(p, "amount", where, field, -5, 5)
    elif kind == "sight_limit":
        rules.sight_range = _int(p, "range", where, field, 1, 30)
    elif kind == "range_limit":
        rules.range_limit = _int(p, "range", where, field, 1, 30)
    elif kind == "ability_dice":
        rules.ability_dice = _int(p, "dice", where, field, 1, 12)
    elif kind == "push_each_round":
        rules.pushes_per_round = _int(p, "count", where, field, 0, 6)
    elif kind == "damage_each_round":
        rules.round_damage = _int(p, "amount", where, field, 0, 10)
        rules.round_damage_where = p.get("where")
        if rules.round_damage_where not in (None, "objectives", "everywhere"):
            raise ContentError(f"{where}: {field}.where: {rules.round_damage_where!r} is not objectives or everywhere")
        if rules.round_damage_where == "everywhere":
            rules.round_damage_where = None
    elif kind == "heal_each_round":
        rules.round_heal = _int(p, "amount", where, field, 0, 10)
    elif kind == "reserves_from_round":
        rules.reserves_from = _int(p, "round", where, field, 1, 8)
    elif kind == "rounds_modifier":
        rules.rounds = max(1, rules.rounds + _int(p, "amount", where, field, -3, 5))
    elif kind == "objective_bonus":
        rules.objective_bonus = _int(p, "amount", where, field, 0, 10)
        rules.objective_bonus_from = _int(p, "round", where, field, 1, 8)
    elif kind == "take_down_bonus":
        rules.takedown_bonus = _int(p, "points", where, field, 0, 10)
        rules.takedown_bonus_per_round = _int(p, "per_round", where, field, 1, 20) if "per_round" in p else None
    elif kind == "initiative_to":
        side = p["side"]
        if side not in ("a", "b", "attacker", "defender", "underdog"):
            raise ContentError(f"{where}: {field}.side: {side!r} is not a, b, attacker, defender or underdog")
        rules.initiative_to = side
    elif kind == "extra_blocked":
        pass  # applied to the board by make_battle


def _range_word(params: dict, where: str, field: str) -> str | None:
    word = params.get("range")
    if word not in (None, "melee", "ranged"):
        raise ContentError(f"{where}: {field}.range: {word!r} is not melee or ranged")
    return word


def twist_blocked(twist: Twist | None) -> list[str]:
    """The cells an ``extra_blocked`` twist blocks ("col,row")."""
    if twist is None or twist.effect is None or twist.effect.kind != "extra_blocked":
        return []
    return list(twist.effect.params().get("cells", []))


class BladebornGame:
    """``System.game`` for Bladeborn and Warcry: the first state of a battle."""

    def __init__(self, system: str = "bladeborn"):
        self.system = system

    def new_state(self, battle: Battle, rng) -> tuple[BladebornState, list[dict]]:
        spec = battle.rules
        pool = spec["twists"]
        twist = rng.choice(pool) if len(pool) > 1 else (pool[0] if pool else None)
        name = twist[0].name if twist else None
        rules, board = spec["prepared"][name]
        fighters = {f.id: replace(f) for f in spec["fighters"]}
        state = BladebornState(board, rules, fighters, dict(battle.names))
        events = []
        if rules.twist:
            events.append({"round": 0, "action": "twist", "name": rules.twist})
        return state, events + begin(state, rng)


def _reserve_number(warband: Warband, system: str) -> int:
    card = warband.ability_card
    if card is not None and card.reserve is not None:
        return card.reserve
    return 0


def make_battle(force_a: Any, force_b: Any, options: dict | None = None, system: str = "bladeborn") -> Battle:
    """Two warbands on a battle card.

    ``options``: ``card`` (a name, file, or a BattleCard), ``map`` (a BoardMap that replaces the
    card's, or brings its own deployment when there is no card), ``twist`` (a name, a Twist,
    ``"none"``, or None to draw one per battle from the executable twists), ``fixed_territories``
    (seat a always sets up in player a's territory, as a scenario's deployment says), ``effects``
    (more twist-like rules for this battle, each a ``(Twist, where)``, carried out after the twist:
    a campaign's convergence card; where both change the same number, the later rule stands).
    """
    options = dict(options or {})
    for side, force in (("a", force_a), ("b", force_b)):
        if not isinstance(force, Warband):
            raise SkirmishError(f"side {side}: a {system} battle needs a warband, not {type(force).__name__}")
    if isinstance(options.get("card"), BattleCard):
        card, where = options["card"], options.get("card_where", "scenario")
    elif options.get("card") is None and options.get("map") is not None:
        card, where = card_from_map(options["map"]), (options["map"].name or "map")
    else:
        card, where = load_card(options.get("card"))
    board_map = _card_map(card, where, options.get("map"))
    extra = [_label(board_map, h) for h in card.blocked]
    twist_opt = options.get("twist")
    if isinstance(twist_opt, Twist):
        twists = [(twist_opt, options.get("twist_where", "scenario"))]
    elif twist_opt is None:
        twists = executable_twists()  # one drawn per battle, as the book shuffles the deck
    elif str(twist_opt).lower() == "none":
        twists = []
    else:
        twists = [find_twist(twist_opt)]
    reserve = {"a": _reserve_number(force_a, system), "b": _reserve_number(force_b, system)}
    fixed = bool(options.get("fixed_territories"))
    # every rule checked against its board before any battle: one-line errors, never mid-battle
    prepared: dict[str | None, tuple[BattleRules, Any]] = {}
    effects = list(options.get("effects") or ())
    for twist, twist_where in (twists or [(None, None)]):
        blocked = extra + twist_blocked(twist) + [c for rule, _ in effects for c in twist_blocked(rule)]
        try:
            board = board_for(board_map, blocked)
        except SkirmishError as err:
            raise ContentError(f"{twist_where or where}: {err}") from None
        rules = battle_rules(card, where, board, None, None, reserve, fixed)
        rules.each_fighter_once = system == "warcry"  # Warcry's activation rule, not Bladeborn's four turns
        if options.get("reserves_from"):
            rules.reserves_from = int(options["reserves_from"])  # the scenario's deployment says
        if twist is not None:
            apply_twist(rules, twist, twist_where or "twist")
        for rule, rule_where in effects:
            names = [n for n in (rules.twist or "").split(" + ") if n]
            apply_twist(rules, rule, rule_where)
            rules.twist = " + ".join(names + ([rule.name] if rule.name not in names else []))
        prepared[twist.name if twist else None] = (rules, board)
    spec: dict[str, Any] = {
        "card": card, "card_where": where, "roster_system": system, "twists": twists, "prepared": prepared,
        "fighters": fighters_for("a", force_a, system) + fighters_for("b", force_b, system),
    }
    names = {"a": force_a.name, "b": force_b.name}
    board = next(iter(prepared.values()))[1]
    return Battle(system=system, forces={"a": force_a, "b": force_b}, board=board, rules=spec, names=names)


def _label(board_map: BoardMap, axial) -> str:
    grid = board_map.grid_obj()
    col, row = grid.from_axial((int(axial[0]), int(axial[1])))
    return f"{col},{row}"
