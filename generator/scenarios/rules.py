"""The executable vocabulary of scenarios: which scoring rules and twist effects exist, per system.

A scenario (and every deck card) says *what* happens with a ``kind`` and its numbers, never
only in prose: ``{kind: per_objective, points: 1}``, ``{kind: sight_limit, range: 3}``. This
module is the list of kinds a system's battle engine is meant to execute, with the numbers each
kind takes, so a file asking for something no engine can do (a typo, a rule from another game)
is refused at load time with the allowed kinds spelled out. The words printed on cards and in
booklets are generated from these kinds (:func:`describe_scoring`, :func:`describe_effect`).

Parameter types: ``int`` (a whole number), ``cells`` (a list of ``"col,row"`` cells on the
scenario's map), ``side`` (``a``, ``b``, ``attacker``, ``defender`` or ``underdog``),
``text`` (a word such as ``melee``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SYSTEMS = ("bladeborn", "warcry", "gorechosen", "bladestorm", "sagaborn")


@dataclass(frozen=True)
class Kind:
    """One scoring rule or effect: its required and optional numbers, and which systems run it."""

    name: str
    required: dict[str, str] = field(default_factory=dict)
    optional: dict[str, str] = field(default_factory=dict)
    systems: tuple[str, ...] = SYSTEMS
    summary: str = ""


def _k(name, summary, systems=SYSTEMS, required=None, optional=None) -> Kind:
    return Kind(name, dict(required or {}), dict(optional or {}), tuple(systems), summary)


HEX_OBJECTIVE_SYSTEMS = ("bladeborn", "warcry", "sagaborn", "bladestorm")
#: The systems whose engines score control of objective markers round by round (SagaBorn's
#: engine scores one shrine, ``hold_centre``, and plays no twist: its scenarios change the
#: battle through their objectives and scoring).
MARKER_SYSTEMS = ("bladeborn", "warcry", "bladestorm")

#: How victory points are scored. ``points`` is always allowed; ``when`` is ``end_of_round``
#: (default), ``end_of_battle`` or ``immediately``; ``from_round`` delays scoring.
SCORING: dict[str, Kind] = {k.name: k for k in (
    _k("per_objective", "each objective a player controls scores points", MARKER_SYSTEMS),
    _k("hold_centre", "the objective nearest the centre of the board scores points for whoever controls it",
       HEX_OBJECTIVE_SYSTEMS),
    _k("most_objectives", "the player controlling more objectives than the other scores points", MARKER_SYSTEMS),
    _k("take_down", "each enemy fighter taken down scores points", ("bladeborn", "warcry", "sagaborn", "bladestorm")),
    _k("first_blood", "the first player to take down an enemy fighter scores points",
       ("bladeborn", "warcry", "bladestorm")),
    _k("slay_leader", "taking down the enemy's leader (its first fighter) scores points",
       ("bladeborn", "warcry", "bladestorm")),
    _k("enemy_territory", "each fighter standing in the enemy's starting area scores points",
       ("bladeborn", "warcry")),
    _k("hold_relic", "each relic a fighter holds scores points", ("sagaborn", "warcry")),
    _k("open_chest", "a fighter who opens a chest scores points once", ("sagaborn",)),
    _k("surviving_points", "the points cost of every surviving fighter is scored", ("sagaborn", "bladestorm")),
    _k("last_standing", "the battle ends when one side has no fighters left; the other side wins", SYSTEMS),
)}

WHEN = ("end_of_round", "end_of_battle", "immediately")

#: How a battle that ends level is decided: the tie rules the engines carry out, and the words
#: printed for each ("If the result is level, ..."). The campaign tiebreakers are the Bladeborn
#: book's four, in its order.
TieKind = Literal["draw", "tiebreakers", "most_fighters", "most_fighters_then_tiebreakers",
                  "most_fighters_if_no_points", "defender", "attacker", "roll_off"]
TIES: dict[str, str] = {
    "draw": "the battle is a draw",
    "tiebreakers": "the campaign tiebreakers decide: a warband that alone still has fighters on the battlefield "
                   "wins; then the player controlling more objectives; then the player with the higher share of "
                   "its fighters on the battlefield; then a roll-off",
    "most_fighters": "the player with more fighters left on the battlefield wins; if that is level too, it is a draw",
    "most_fighters_then_tiebreakers": "the player with more fighters left on the battlefield wins; if that is level "
                                      "too, the player controlling more objectives wins, then the player with the "
                                      "higher share of its fighters left, then a roll-off decides",
    "most_fighters_if_no_points": "it is a draw, unless neither player scored: then the player with more "
                                  "fighters left on the battlefield wins (a draw if that is level too)",
    "defender": "the defender wins",
    "attacker": "the attacker wins",
    "roll_off": "the players roll off and the winner takes the battle",
}


def describe_tie(tie: str) -> str:
    """The printed sentence for a tie rule: "If the result is level, ..."."""
    return f"If the result is level, {TIES[tie]}."


def describe_victory(rounds: int, tie: str) -> str:
    """A battle's victory in words: the rounds, the winner on points, the tie rule."""
    return (f"After {rounds} battle round{'s' if rounds != 1 else ''}, the player with more victory points wins. "
            + describe_tie(tie))


def describe_reserves(from_round: int = 2) -> str:
    """The Bladeborn reserve rule in words: from a round on, a player with reserve fighters places
    one at the start of their first turn of the round, on or next to one of their reserve hexes."""
    when = "every battle round" if from_round <= 1 else f"the {_ordinal(from_round)} battle round on"
    return (f"From {when}, at the start of a player's first turn of the round, a player with reserve fighters "
            "places one of them on or next to one of their reserve hexes.")


#: Twist and variant effects: one rule that changes a single battle.
EFFECTS: dict[str, Kind] = {k.name: k for k in (
    _k("crit_damage_bonus", "critical hits deal more damage", ("bladeborn", "warcry"), {"amount": "int"}),
    _k("hit_damage_bonus", "ordinary hits deal more damage", ("bladeborn", "warcry", "bladestorm"), {"amount": "int"},
       {"range": "text"}),
    _k("attacks_modifier", "weapons roll more or fewer attack dice", ("bladeborn", "warcry"),
       {"amount": "int"}, {"range": "text"}),
    _k("move_modifier", "every fighter's Move changes", SYSTEMS[:2] + ("bladestorm",), {"amount": "int"}),
    _k("toughness_modifier", "every fighter's Toughness changes", ("bladeborn", "warcry"), {"amount": "int"}),
    _k("defense_modifier", "every combatant's Defense changes", ("bladestorm",), {"amount": "int"}),
    _k("sight_limit", "fighters farther apart than the range cannot see each other", MARKER_SYSTEMS,
       {"range": "int"}),
    _k("range_limit", "no attack reaches farther than the range", ("bladeborn", "warcry", "bladestorm"),
       {"range": "int"}),
    _k("ability_dice", "players roll a different number of ability dice", ("bladeborn", "warcry"), {"dice": "int"}),
    _k("extra_blocked", "more hexes are blocked for this battle", MARKER_SYSTEMS, {"cells": "cells"}),
    _k("push_each_round", "at the start of each round after the first, each player pushes enemy fighters",
       ("bladeborn", "warcry"), {"count": "int"}),
    _k("damage_each_round", "at the end of each round, fighters in the open or on objectives take damage",
       ("bladeborn", "warcry"), {"amount": "int"}, {"where": "text"}),
    _k("heal_each_round", "at the end of each round, every fighter heals", ("bladeborn", "warcry"),
       {"amount": "int"}),
    _k("reserves_from_round", "reserve fighters arrive from a later or earlier round", ("bladeborn", "warcry"),
       {"round": "int"}),
    _k("rounds_modifier", "the battle lasts more or fewer rounds", ("bladeborn", "warcry"),
       {"amount": "int"}),
    _k("objective_bonus", "from a given round on, each objective scores more", MARKER_SYSTEMS,
       {"amount": "int", "round": "int"}),
    _k("take_down_bonus", "every fighter taken down scores its enemy points", ("bladeborn", "warcry"),
       {"points": "int"}, {"per_round": "int"}),
    _k("initiative_to", "one side always has the initiative (or the first turn)", SYSTEMS[:4], {"side": "side"}),
    _k("no_effect", "nothing changes: a quiet day", SYSTEMS[:4]),
    # Gorechosen arena variants (the book's optional rules and variants, as variant cards)
    _k("kingslayer", "one Champion stands alone against Challengers, with extra cards and double turns",
       ("gorechosen",), {"extra_cards": "int"}, {"challengers": "int"}),
    _k("team_battle", "two-on-two: once per round a player may hand a turn to their teammate", ("gorechosen",),
       {"handoffs": "int"}),
    _k("time_limit", "a player who does not play a card in time discards one and loses the turn", ("gorechosen",),
       {"seconds": "int"}),
    _k("drafting", "hands are drafted instead of dealt", ("gorechosen",), {"deal": "int", "keep": "int"}),
    _k("single_combat", "a neutral Initiative card goes into the deck; when drawn, the higher roll takes a turn",
       ("gorechosen",), {"neutral_cards": "int"}),
)}

SIDES = ("a", "b", "attacker", "defender", "underdog")


def kinds_for(table: dict[str, Kind], system: str) -> list[str]:
    return sorted(name for name, kind in table.items() if system in kind.systems)


def check_params(kind: Kind, params: dict, fixed: tuple[str, ...] = ()) -> list[tuple[tuple, str]]:
    """Problems with the numbers given to ``kind``: missing, unknown or of the wrong type."""
    out: list[tuple[tuple, str]] = []
    allowed = {**kind.required, **kind.optional}
    for name in kind.required:
        if name not in params:
            out.append(((name,), f"is required by kind {kind.name!r} ({kind.summary})"))
    for name, value in params.items():
        if name in fixed:
            continue
        if name not in allowed:
            names = ", ".join(list(allowed) + list(fixed)) or "none"
            out.append(((name,), f"is not a number kind {kind.name!r} takes; it takes: {names}"))
            continue
        want = allowed[name]
        if want == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            out.append(((name,), f"{value!r} is not a whole number"))
        elif want == "cells" and not (isinstance(value, list) and all(isinstance(c, str) for c in value)):
            out.append(((name,), f"{value!r} is not a list of \"col,row\" cells"))
        elif want == "side" and value not in SIDES:
            out.append(((name,), f"{value!r} is not a side; choose one of {', '.join(SIDES)}"))
        elif want == "text" and not isinstance(value, str):
            out.append(((name,), f"{value!r} is not a word"))
    return out


def check_kind(table: dict[str, Kind], what: str, system: str, kind: str) -> str | None:
    """None if ``kind`` runs in ``system``; else the message listing what is allowed."""
    allowed = kinds_for(table, system)
    if kind not in allowed:
        where = table.get(kind)
        extra = f" (it is a {', '.join(where.systems)} {what})" if where else ""
        choose = f"choose one of {', '.join(allowed)}" if allowed else f"{system} scenarios take no {what}, leave it out"
        return f"{kind!r} is not a {what} the {system} engine can execute{extra}; {choose}"
    return None


# ---- words ----------------------------------------------------------------------------------

_WHEN_WORDS = {"end_of_round": "at the end of each battle round", "end_of_battle": "when the battle ends",
               "immediately": "at once"}


def _pts(n: int, word: str = "victory point") -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def describe_scoring(rule: dict, vocab: dict[str, str] | None = None) -> str:
    """One sentence, in our words, for a scoring rule (``vocab`` names the game's terms)."""
    v = {"fighter": "fighter", "round": "battle round", "take_down": "taken down", "point": "victory point",
         **(vocab or {})}
    kind, pts = rule["kind"], int(rule.get("points", 1))
    _p = lambda n: _pts(n, v["point"])  # noqa: E731
    when = _WHEN_WORDS.get(rule.get("when", "end_of_round"), "")
    if rule.get("when", "end_of_round") == "end_of_round":
        when = f"at the end of each {v['round']}"
    start = int(rule.get("from_round", 1))
    if start > 1 and rule.get("when", "end_of_round") == "end_of_round":
        when = f"at the end of each {v['round']} from the {_ordinal(start)} on"
    text = {
        "per_objective": f"{when.capitalize()}, each player scores {_p(pts)} for each objective they control.",
        "hold_centre": f"{when.capitalize()}, {v.get('holds_centre', 'the player who controls the centre objective')} "
                       f"scores {_p(pts)}.",
        "most_objectives": f"{when.capitalize()}, the player who controls more objectives scores {_p(pts)}.",
        "take_down": f"Each enemy {v['fighter']} {v['take_down']} scores {_p(pts)}.",
        "first_blood": f"The first player to see an enemy {v['fighter']} {v['take_down']} scores {_p(pts)}.",
        "slay_leader": f"The player who takes down the enemy's leader scores {_p(pts)}.",
        "enemy_territory": f"{when.capitalize()}, each {v['fighter']} standing in enemy territory scores {_p(pts)}.",
        "hold_relic": f"{when.capitalize()}, each relic held by a {v['fighter']} scores {_p(pts)}.",
        "open_chest": f"The first {v['fighter']} to open each chest scores {_p(pts)}.",
        "surviving_points": f"{when.capitalize()}, each side scores the points cost of its surviving {v['fighter']}s.",
        "last_standing": f"When one side has no {v['fighter']}s left, the other side wins.",
    }.get(kind, f"{kind.replace('_', ' ')}: {_p(pts)}.")
    return text


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def describe_effect(effect: dict, vocab: dict[str, str] | None = None) -> str:
    """One sentence for a twist effect (the card's own text is printed too when it has one)."""
    v = {"fighter": "fighter", "round": "battle round", "hex": "hex", **(vocab or {})}
    e = effect
    k = e["kind"]
    amt = e.get("amount", 0)
    rng_word = e.get("range") if isinstance(e.get("range"), str) else "every"
    sign = f"+{amt}" if isinstance(amt, int) and amt > 0 else str(amt)
    words = {
        "crit_damage_bonus": lambda: f"Every critical hit deals {amt} more damage.",
        "hit_damage_bonus": lambda: f"Every {e.get('range', '') if isinstance(e.get('range'), str) else ''} hit deals {amt} more damage.".replace("  ", " "),
        "attacks_modifier": lambda: f"{rng_word.capitalize()} weapons roll {sign} attack dice.",
        "move_modifier": lambda: f"Every {v['fighter']}'s Move is {sign}.",
        "toughness_modifier": lambda: f"Every {v['fighter']}'s Toughness is {sign}.",
        "defense_modifier": lambda: f"Every {v['fighter']}'s Defense is {sign}.",
        "sight_limit": lambda: f"{v['fighter'].capitalize()}s more than {e.get('range')} {v['hex']}es apart cannot see each other.",
        "range_limit": lambda: f"No attack reaches farther than {e.get('range')} {v['hex']}es.",
        "ability_dice": lambda: f"Each player rolls {e.get('dice')} ability dice instead of six.",
        "extra_blocked": lambda: f"{len(e.get('cells', []))} more {v['hex']}es are blocked: {', '.join(e.get('cells', []))}.",
        "extra_water": lambda: f"{len(e.get('cells', []))} more {v['hex']}es are water: {', '.join(e.get('cells', []))}.",
        "push_each_round": lambda: f"At the start of each {v['round']} after the first, each player pushes "
                           f"{e.get('count')} enemy {v['fighter']}{'s' if e.get('count') != 1 else ''} one {v['hex']}.",
        "damage_each_round": lambda: f"At the end of each {v['round']}, every {v['fighter']} "
                             f"{'on or next to an objective' if e.get('where') == 'objectives' else 'in the open'} "
                             f"takes {amt} damage.",
        "heal_each_round": lambda: f"At the end of each {v['round']}, every {v['fighter']} heals {amt} damage.",
        "reserves_from_round": lambda: f"Reserves arrive from the {_ordinal(int(e.get('round', 2)))} {v['round']}.",
        "rounds_modifier": lambda: f"The battle lasts {abs(amt)} {v['round']}{'s' if abs(amt) != 1 else ''} "
                           f"{'longer' if amt > 0 else 'shorter'}.",
        "objective_bonus": lambda: f"From the {_ordinal(int(e.get('round', 1)))} {v['round']} on, each objective "
                           f"scores {amt} more.",
        "take_down_bonus": lambda: f"Every {v['fighter']} taken down gives its enemy {_pts(int(e.get('points', 1)))}.",
        "initiative_to": lambda: f"The {e.get('side')} has the initiative in every {v['round']}.",
        "initiative_bonus": lambda: f"The {e.get('side')} adds {amt} to the initiative roll.",
        "no_effect": lambda: "Nothing changes.",
        "kingslayer": lambda: f"The Champion fights alone and is dealt {e.get('extra_cards')} more Action cards.",
        "team_battle": lambda: f"Once per round a player may give a turn to a teammate ({e.get('handoffs')} per round).",
        "time_limit": lambda: f"A player has {e.get('seconds')} seconds to play a card, or discards one at random and "
                      "loses the turn.",
        "drafting": lambda: f"Deal {e.get('deal')} cards each, keep one and pass the rest, until each hand holds "
                    f"{e.get('keep')}.",
        "single_combat": lambda: f"{e.get('neutral_cards')} neutral Initiative card joins the deck each round; when it is "
                         "drawn, the higher roll takes a turn.",
    }
    return words[k]() if k in words else k.replace("_", " ") + "."


# ---- the models a scenario file and a deck card write a rule with --------------------------------

class Rule(BaseModel):
    """A scoring rule or an effect: a ``kind`` and its numbers (checked against the system's rules)."""

    model_config = ConfigDict(extra="allow")
    kind: str = Field(pattern=r"^[a-z][a-z0-9_]*$")

    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class Scoring(Rule):
    points: int = Field(default=1, ge=0, le=100)
    when: Literal["end_of_round", "end_of_battle", "immediately"] = "end_of_round"
    from_round: int = Field(default=1, ge=1, le=30)
