"""A battle told in words a player can check against the rules, and written as JSON.

The events are the ones :func:`generator.play.engine.play` collects; names come from the log's
``sides`` (``a1`` -> "Vashti Ember-Crowned (A)"). Systems share the vocabulary; an event this
module does not know is printed with its fields, never dropped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from generator.play.engine import Event, Result


def _names(header: dict[str, Any]) -> dict[str, str]:
    names = {}
    for side, info in (header.get("sides") or {}).items():
        for fighter in info.get("fighters", []):
            names[fighter["id"]] = f"{fighter.get('name', fighter['id'])} ({side.upper()})"
    return names


def _path(cells: Iterable[str]) -> str:
    return " -> ".join(cells)


def _weapon_names(header: dict[str, Any]) -> dict[tuple[str, int], str]:
    """``(fighter id, weapon index) -> name`` where the log's header names the weapons."""
    out = {}
    for info in (header.get("sides") or {}).values():
        for fighter in info.get("fighters", []):
            for i, weapon in enumerate(fighter.get("weapons", [])):
                if isinstance(weapon, dict) and weapon.get("name"):
                    out[(fighter["id"], i)] = weapon["name"]
    return out


def describe_event(event: Event, names: dict[str, str], weapons: dict | None = None) -> str:
    """One event as a sentence (``weapons`` names a fighter's weapons by index, from the header).

    The events are told by the part of the battle they belong to: a system's own events first
    (Gorechosen's cards, the abilities of hex games), then set-up, fighters' actions, and
    scoring and rounds; anything else is shown field by field."""
    who = names.get(event.get("fighter", ""), event.get("fighter", ""))
    action = event.get("action")
    target = names.get(event.get("target", ""), event.get("target", ""))
    for told in (_describe_gorechosen(event, names, who, target),
                 _describe_hex_abilities(event, names, who, target, weapons or {})):
        if told is not None:
            return told
    for describe in (_describe_setup, _describe_action, _describe_scoring):
        told = describe(event, action, who, target, names)
        if told is not None:
            return told
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("round", "action", "side", "fighter"))
    return f"{who or event.get('side', '')} {action}: {fields}".strip()



def _describe_setup(event: Event, action, who: str, target: str, names: dict[str, str]) -> str | None:
    """Set-up: roll-offs, ability dice, initiative, reserves and placing fighters."""
    if action == "roll_off":
        return f"Roll-off {event.get('purpose', '')}: A {event['dice']['a']}, B {event['dice']['b']} -> {event['winner'].upper()}"
    if action == "ability_dice":
        return (f"Ability dice {event['side'].upper()}: {event['dice']} -> {event.get('groups', '')}"
                f" ({event.get('singles', 0)} singles)")
    if action == "initiative":
        return f"Initiative: {event['side'].upper()} ({event.get('why', '')})"
    if action == "first_turn":
        return f"{event['side'].upper()} takes the first turn"
    if action == "reserve":
        return f"{who} is held in reserve"
    if action == "place":
        mark = f" (marked {event['mark']})" if event.get("mark") else ""
        return f"{who} is placed at {event['cell']}" + (" (from reserve)" if event.get("from_reserve") else "") + mark
    return None


def _describe_action(event: Event, action, who: str, target: str, names: dict[str, str]) -> str | None:
    """A fighter's turn: activating, moving, pushes, attacks, damage, abilities, doors and relics."""
    if action == "activate":
        return f"{who} activates ({event.get('actions', '?')} action{'s' if event.get('actions') != 1 else ''})"
    if action == "move":
        extra = f" [bonus, {event['ability']}]" if event.get("bonus") else ""
        inches = f" ({event['inches']:g}\")" if "inches" in event else ""
        return f"{who} moves {_path(event['path'])}{inches}{extra}"
    if action == "disengage":
        return f"{who} disengages to {event['path'][-1]}"
    if action == "push":
        by = event.get("by")
        pusher = names.get(by) or (f"player {by.upper()}" if by in ("a", "b") else by)
        why = event.get("ability") or event.get("why")
        return f"{who} is pushed to {event['cell']}" + (f" by {pusher}" if pusher else "") + (f" ({why})" if why else "")
    if action == "attack" and "defense" in event and "total" in event:  # Bladestorm: a roll against Defense
        hit = f"hits for {event['damage']} ({event.get('endurance_left', '?')} Endurance left)" if event.get("hit") else "misses"
        back = " strikes back at" if event.get("strikes_back") else " attacks"
        return (f"{who}{back} {target} with {event.get('weapon')} ({event.get('attack', '')}): rolls {event.get('rolls')} "
                f"= {event['total']} against Defense {event['defense']}, {hit}")
    if action == "contact":
        return f"{who} is in base contact with {target}"
    if action == "attack":
        mods = f" {event['modifiers']}" if event.get("modifiers") else ""
        bonus = f" [bonus, {event['ability']}]" if event.get("bonus") else ""
        return (f"{who} attacks {target} with weapon {event.get('weapon')}{mods}: rolls {event.get('rolls')} -> "
                f"{event.get('hits', 0)} hit(s), {event.get('crits', 0)} crit(s), {event.get('damage', 0)} damage{bonus}")
    if action == "damage":
        return f"{who} takes {event['damage']} damage" + (f" ({event['why']})" if event.get("why") else "")
    if action == "heal":
        return f"{who} removes {event['amount']} damage ({event.get('ability', '')})"
    if action == "taken_down":
        return f"{who} is taken down" + (f" ({event['why']})" if event.get("why") else "")
    if action == "ability":
        dice = event.get("dice")
        return f"{who} uses {event['name']}" + (f" with {dice}" if dice else "") + (f": {event['effect']}" if event.get("effect") else "")
    if action == "open":
        what = event.get("what", "door")
        return f"{who} opens the {what} at {event['cell']}" + (f", revealing {event['relic']}" if event.get("relic") else "")
    if action == "relic":
        what = event.get("what")
        relic = event.get("relic", "a relic")
        if what == "pick_up":
            return f"{who} picks up {relic} at {event.get('cell', '')}"
        if what == "pass":
            return f"{who} passes {relic} to {target}"
        if what == "use":
            return f"{who} uses {relic}: heals {event.get('amount', 0)} (HP {event.get('hp', '?')})"
        if what == "drop":
            return f"{who} drops {relic} at {event.get('cell', '')}"
    if action == "wait":
        return f"{who} waits"
    return None


def _describe_scoring(event: Event, action, who: str, target: str, names: dict[str, str]) -> str | None:
    """Objectives held, points scored, turns passed, rounds, the twist and the end."""
    if action == "control":
        holder = event.get("side")
        return f"Objective {event['cell']} " + (f"is now held by {holder.upper()}" if holder else "is no longer held")
    if action == "points":  # a scenario's points scored on the way (a chest opened, a shrine held)
        total = event.get("total", {})
        return (f"{event['side'].upper()} scores {event['vp']}: {event.get('why', event.get('kind', ''))} "
                f"(scenario points A {total.get('a', '?')}, B {total.get('b', '?')})")
    if action == "score" and event.get("side") and event.get("why"):  # points scored at once (a take-down)
        side, total = event["side"], event.get("total", {})
        reasons = " and ".join(_WHY_SCORED.get(w, w.replace("_", " ")) for w in str(event["why"]).split("+"))
        return (f"{side.upper()} scores {event['vp'][side]} for {reasons} (total A {total.get('a', '?')}, "
                f"B {total.get('b', '?')})")
    if action == "score" and event.get("why"):
        vp, total = event["vp"], event.get("total", {})
        return (f"At {event['why']}: A scores {vp['a']}, B scores {vp['b']} (total A {total.get('a', '?')}, "
                f"B {total.get('b', '?')})")
    if action == "pass":
        return f"{event['side'].upper()} has no fighter that can activate: the turn passes"
    if action == "score":
        vp = event["vp"]
        return f"End of round {event.get('round')}: A scores {vp['a']}, B scores {vp['b']} (total A {event.get('total', {}).get('a', '?')}, B {event.get('total', {}).get('b', '?')})"
    if action == "round":
        return f"--- Battle round {event['round']} ---"
    if action == "twist":
        return f"Twist: {event['name']}"
    if action == "end":
        return f"Battle over: {event.get('why', '')}"
    return None

_STAT_LABELS = {"attacks": "Attacks", "strength": "Strength", "dmg_hit": "hit damage", "dmg_crit": "critical damage",
                "max_range": "Range"}
_WHY_SCORED = {"take_down": "a take-down", "first_blood": "first blood", "slay_leader": "the enemy leader",
               "take_down_bonus": "the twist's take-down bonus"}


def _describe_hex_abilities(event: Event, names: dict[str, str], who: str, target: str, weapons: dict) -> str | None:
    """The Bladeborn and Warcry events of abilities and ability dice (and their attacks)."""
    action = event.get("action")
    if action == "split":
        return f"{event['side'].upper()} divides {event['dice']} into {event['groups']}"
    if action == "effect":
        return f"{who} {event.get('effect', '')} ({event.get('why', '')})"
    if action == "veil":
        return f"{who} veils {event['cell']} ({event.get('ability', '')}): no line of sight through it this round"
    if action == "token":
        return f"{who} puts a Desecration token on the objective at {event['cell']}"
    if action == "oath":
        return f"{who} keeps the oath at {event['cell']}: counts as two fighters there until its player's next turn"
    if action == "warded":
        return f"{who}'s ward takes {event['amount']} damage off"
    if action == "place" and event.get("ability"):
        if event.get("raised"):
            return f"{who} is raised at {event['cell']} with {event.get('damage', 0)} damage ({event['ability']})"
        return f"{who} is placed at {event['cell']} from {event.get('from', '?')} ({event['ability']})"
    if action == "attack" and "hits" in event and (event.get("fighter"), event.get("weapon")) in weapons:
        weapon = weapons[(event["fighter"], event["weapon"])]
        mods = event.get("modifiers") or {}
        mods = (" (" + ", ".join(f"{_STAT_LABELS.get(k, k)} {v:+d}" for k, v in mods.items()) + ")") if mods else ""
        bonus = f" [bonus, {event['ability']}]" if event.get("bonus") else ""
        rolls = f"rolls {event.get('rolls')}"
        if "first_rolls" in event:
            again = ", ".join(str(i + 1) for i in event.get("rerolled", [])) or "none"
            rolls = f"rolls {event['first_rolls']}, re-rolls dice {again} ({event.get('ability_reroll', '')}) -> {event['rolls']}"
        extra = " (Crushing Shell: criticals deal hit damage)" if event.get("crit_shield") else ""
        if event.get("warded"):
            extra += f" ({event['warded']} warded off)"
        return (f"{who} attacks {target} with {weapon}{mods}: {rolls} -> {event.get('hits', 0)} hit(s), "
                f"{event.get('crits', 0)} crit(s), {event.get('damage', 0)} damage{extra}{bonus}")
    return None


def _describe_gorechosen(event: Event, names: dict[str, str], who: str, target: str) -> str | None:
    """Gorechosen's own events (facing, Wrath, Initiative deck, defence cards, injuries, fates)."""
    action = event.get("action")
    if action == "setup_order":
        return "Set-up order: " + ", ".join(names.get(f, f) for f in event["order"])
    if action == "initiative_deck":
        return "Initiative deck: " + ", ".join(names.get(f, f) for f in event["order"])
    if action == "place" and "facing" in event:
        return f"{who} is set up at {event['cell']} facing {event['facing']}"
    if action == "move" and "facing" in event:
        card = f" ({event['card']})" if event.get("card") else ""
        return f"{who} moves{card} {_path(event['path'])}, now facing {event['facing']}"
    if action == "attack" and "to_hit" in event:
        past = f", striking past {', '.join(event['past'])}" if event.get("past") else ""
        return (f"{who} attacks {target} ({event['weapon']}, {event['dice']} dice at {event['to_hit']}+ for "
                f"{event['wounds_per_hit']} each{past}): rolls {event['rolls']} -> {event['hits']} hit(s)")
    if action == "defend":
        return f"{who} plays {event['name']} ({event['card']}): {event['cancelled']} hit(s) cancelled"
    if action == "push" and ("blocked" in event or "pit" in event or "held" in event):
        by = f" by {names.get(event['by'], event['by'])}" if event.get("by") else ""
        if event.get("pit"):
            return f"{who} is pushed{by} towards the pit at {event['towards']}: rolls {event['roll']}"
        if event.get("held"):
            return f"{who} cannot be pushed{by} ({event['name']}): {event['damage']} wound(s) instead"
        return f"{who} is pushed{by} against something solid: D3 from {event['roll']} = {event['damage']} wounds"
    if action == "pit":
        fate = "falls to their death" if event.get("fell") else "clings to the edge"
        return f"{who} at the pit's edge: {event['roll']} + {event['discards']} card(s) = {event['total']}, {fate}"
    if action == "wait" and "why" in event:
        return f"{who} takes no action and discards {event['card']}" if event.get("card") else f"{who} cannot act ({event['why']})"
    if action == "obstruct":
        return f"{', '.join(event['cells'])} count as obstructions until {event['until']} ({who}'s Fate of the Slain)"
    if action == "wrath":
        return f"{who} Wrath {event['change']:+d} -> {event['wrath']} ({event['why']})"
    if action == "discard":
        return f"{who} discards {event['card']} ({event['why']})"
    if action == "critical":
        return f"{who} draws Critical Injury: {event['card']}"
    if action == "injury":
        return f"{who} places an Injury marker ({event['covered']} covered)"
    if action == "turned":
        return f"{who} is turned to face {event['facing']} by {names.get(event['by'], event['by'])}"
    if action == "fate":
        return f"{who}'s Fate of the Slain ({event['fate']}): {event['text']}" if event.get("text") else (
            f"{who}'s Fate of the Slain: {event['fate']}")
    if action == "timeout":
        return f"{who} is too slow (rolled {event['roll']}) and forfeits the turn"
    if action == "handover":
        return f"{who} lets {names.get(event['to'], event['to'])} take the turn"
    if action == "deal":
        return "Action cards in hand: " + ", ".join(f"{names.get(k, k)} {v}" for k, v in event["hands"].items())
    return None


def battle_text(result: Result) -> str:
    """The whole battle, one line per event, then the result."""
    names = _names(result.header)
    weapons = _weapon_names(result.header)
    lines = []
    for event in result.events:
        lines.append(describe_event(event, names, weapons))
    winner = result.winner.upper() if result.winner else "nobody (draw)"
    score = ", ".join(f"{s.upper()} {v}" for s, v in result.score.items())
    lines.append(f"Result after {result.rounds} round(s): {winner} wins" if result.winner else f"Result after {result.rounds} round(s): draw")
    lines[-1] += f" (score {score})" + (f"; {result.reason}" if result.reason else "")
    return "\n".join(lines)


def log_json_text(result: Result) -> str:
    """The battle log as JSON text (sorted keys off: the order reads like the rules)."""
    return json.dumps(result.to_json(), indent=1, ensure_ascii=False) + "\n"


def write_log_json(result: Result, path: Path) -> Path:
    from generator.files import write_atomic

    return write_atomic(Path(path), log_json_text(result))
