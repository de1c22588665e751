"""Seat two warbands on a Bladeborn battle: battle card, map, twist, fighters as the game plays them.

``make_battle(force_a, force_b, options)`` is ``System.make_battle`` for Bladeborn and Warcry.
Warcry warbands play on the same hexes under the Bladeborn battle rules at
:data:`INCHES_PER_HEX` (see ``docs/play-warcry-on-hexes.md``): Move and Range are converted,
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


def _fighter_abilities(fighter, warband: Warband, universal: list) -> tuple[AbilitySpec, ...]:
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
        out.append(AbilitySpec(ability.name, ability.cost, ability.effect, ability.amount,
                               ability.reach, ability.stat, ability.max_range))
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
            weapons=tuple(weapons), abilities=_fighter_abilities(card, warband, universal),
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
    return [(t, w) for t, w in all_twists() if t.effect is not None]


def _card_map(card: BattleCard, where: str, override: BoardMap | None) -> BoardMap:
    if override is not None:
        return override
    try:
        return load_map(library().path(f"maps/{card.map}.yaml"))
    except SkirmishError as err:
        raise ContentError(f"{where}: map: {card.map!r}: {err}") from None


def battle_rules(card: BattleCard, where: str, board, twist: Twist | None, twist_where: str | None,
                 reserve: dict[str, int]) -> BattleRules:
    """The card (and twist) as numbers the engine runs; hexes checked against the board."""

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

    scoring: dict[str, int] = {}
    for rule in card.scoring_rules():
        scoring[rule.kind] = scoring.get(rule.kind, 0) + rule.points
    rules = BattleRules(
        name=card.name,
        rounds=card.rounds,
        objectives=hexes(card.objectives, "objectives"),
        starts={p: hexes(card.players[p].start, f"players.{p}.start") for p in ("a", "b")},
        reserves={p: hexes(card.players[p].reserve, f"players.{p}.reserve") for p in ("a", "b")},
        scoring=scoring,
        tie=card.tie,
        reserve_count=reserve,
    )
    if twist is not None:
        effect = twist.effect
        if effect is None:
            raise ContentError(f"{twist_where}: cards: {twist.name!r}: effect: missing; the battle engine cannot carry out a twist "
                               "that is only prose (give it an effect: crit-damage, sight-range, ability-dice, "
                               "takedown-points, stat, extra-rounds or objective-points)")
        rules.twist = twist.name
        if effect.kind == "crit-damage":
            rules.crit_bonus = effect.amount
        elif effect.kind == "sight-range":
            rules.sight_range = max(1, effect.amount)
        elif effect.kind == "ability-dice":
            rules.ability_dice = max(1, min(12, effect.amount))
        elif effect.kind == "takedown-points":
            rules.takedown_points, rules.takedown_first_only = effect.amount, effect.first_only
        elif effect.kind == "stat":
            rules.stat_changes[effect.stat] = effect.amount
        elif effect.kind == "extra-rounds":
            rules.rounds += max(0, effect.amount)
        elif effect.kind == "objective-points":
            if "objectives" in rules.scoring:
                rules.scoring["objectives"] += effect.amount
    return rules


class BladebornGame:
    """``System.game`` for Bladeborn and Warcry: the first state of a battle."""

    def __init__(self, system: str = "bladeborn"):
        self.system = system

    def new_state(self, battle: Battle, rng) -> tuple[BladebornState, list[dict]]:
        spec = battle.rules
        twist = spec.get("twist_card")
        if spec.get("twist_pool"):
            twist = rng.choice(spec["twist_pool"])
        rules = spec["rules_by_twist"].get(twist[0].name if twist else None)
        if rules is None:
            rules = battle_rules(spec["card"], spec["card_where"], battle.board, *(twist or (None, None)), spec["reserve"])
            spec["rules_by_twist"][twist[0].name if twist else None] = rules
        fighters = {f.id: replace(f) for f in spec["fighters"]}
        state = BladebornState(battle.board, rules, fighters, dict(battle.names))
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
    """Two warbands on a battle card: ``options`` may name ``card``, ``map`` (a BoardMap that
    replaces the card's), ``twist`` (a name, ``"none"``, or None to draw one per battle)."""
    options = dict(options or {})
    for side, force in (("a", force_a), ("b", force_b)):
        if not isinstance(force, Warband):
            raise SkirmishError(f"side {side}: a {system} battle needs a warband, not {type(force).__name__}")
    card, where = load_card(options.get("card"))
    board_map = _card_map(card, where, options.get("map"))
    extra = [board_map.grid_obj() and _label(board_map, h) for h in card.blocked]
    board = board_for(board_map, extra)
    twist_name = options.get("twist")
    rules: dict[str, Any] = {"card": card, "card_where": where, "roster_system": system,
                             "reserve": {"a": _reserve_number(force_a, system), "b": _reserve_number(force_b, system)}}
    if twist_name is None:
        rules["twist_pool"] = executable_twists()  # one drawn per battle, as the book shuffles the deck
    elif str(twist_name).lower() != "none":
        rules["twist_card"] = find_twist(twist_name)
    rules["fighters"] = fighters_for("a", force_a, system) + fighters_for("b", force_b, system)
    rules["rules_by_twist"] = {}
    # check the card against the board once, before any battle
    battle_rules(card, where, board, None, None, rules["reserve"])
    if "twist_card" in rules:
        battle_rules(card, where, board, *rules["twist_card"], rules["reserve"])
    names = {"a": force_a.name, "b": force_b.name}
    return Battle(system=system, forces={"a": force_a, "b": force_b}, board=board, rules=rules, names=names)


def _label(board_map: BoardMap, axial) -> str:
    grid = board_map.grid_obj()
    col, row = grid.from_axial((int(axial[0]), int(axial[1])))
    return f"{col},{row}"
