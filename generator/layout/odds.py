"""The optional odds line on a card, computed exactly by the rules core's dice engine.

``vs`` is the opposing number the player cares about: a Defense (Bladestorm), a Toughness
(Bladeborn, Warcry), a number of defence dice (SagaBorn) or the dice of an attack action
(Gorechosen). The line uses the card's first weapon (or the base attack).
"""

from __future__ import annotations

from typing import Any

from generator.errors import SkirmishError
from generator.layout.render import percent


def _num(x) -> str:
    return f"{float(x):.1f}"


def odds_line(system: str, view: dict[str, Any], vs: int) -> list[str]:
    """One short line, e.g. ``vs Def 7: 84% hit, 6.9 avg dmg``; empty if the card has no attack."""
    try:
        if system == "bladestorm":
            from generator.dice.bladestorm import attack_odds

            w = (view.get("weapons") or [{"attack": view.get("melee_attack"), "damage": view.get("melee_damage")}])[0]
            if not w.get("attack") or not w.get("damage"):
                return []
            o = attack_odds(w["attack"], vs, w["damage"])
            return [f"vs Def {vs}: {percent(o.hit_probability)} hit, {_num(o.expected_damage)} avg dmg"]
        if system in ("bladeborn", "warcry"):
            from generator.dice.attacks import attack_odds

            if not view.get("weapons"):
                return []
            w = view["weapons"][0]
            hit, _, crit = str(w["damage"]).partition("/")
            o = attack_odds(int(w["attacks"]), int(w["strength"]), vs, int(hit), int(crit or hit))
            return [f"{w['name']} vs T{vs}: {_num(o.expected_damage)} avg dmg"]
        if system == "sagaborn":
            from generator.dice.battle_dice import attack_odds

            o = attack_odds(int(view["attack"]), vs)
            return [f"vs {vs} def dice: {percent(o.hit_probability)} wound, {_num(o.expected_damage)} avg"]
        if system == "gorechosen":
            from generator.dice.gorechosen import attack_odds

            profiles = view.get("profiles", {}).get("healthy") or []
            if not profiles:
                return []
            p = profiles[0]
            o = attack_odds(vs, int(p["to_hit"]), int(p["wounds"]))
            return [f"{vs}-dice attack: {_num(o.expected_damage)} avg wounds"]
    except (ValueError, TypeError, KeyError):
        return []
    except SkirmishError:
        return []
    return []
