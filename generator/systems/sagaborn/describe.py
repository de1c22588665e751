"""Squads and teams as readable text cards for the terminal (``skirmish show``)."""

from __future__ import annotations

from pydantic import BaseModel

from generator.systems.sagaborn.models import ICON_MEANING, Squad, Team, find_talent


def describe_squad(squad: Squad) -> str:
    """A squad card laid out like the other systems' cards: name and cost, then indented stats."""
    units = f"{squad.units} units" if squad.units > 1 else "1 unit"
    cost = f"{squad.cost} pts" + (f", {squad.total_cost} with upgrades" if squad.total_cost != squad.cost else "")
    uses = [ICON_MEANING[i] for i in squad.icons]
    lines = [
        f"{squad.name}  [{cost}]",
        f"  {squad.type.title()} squad of {units}   Can use: "
        + (", ".join(uses) if uses else "no talents, relics or weapons"),
        f"  HP {squad.hp}" + (f" ({squad.hardy_words})" if squad.hardy_units else "") + f"   Move {squad.move}   Range {squad.range}   Attack {squad.attack}   "
        f"Defense {squad.defense}   Height {squad.height}",
    ]
    if squad.special:
        played = "" if squad.special.simulated else " (flavour only, not played in simulated battles)"
        lines.append(f"  Special - {squad.special.name}: {squad.special.text}{played}")
    for name in squad.talents:
        talent = find_talent(name)
        lines.append(f"  Talent - {talent.name} ({talent.cost}): {talent.effect}")
    for weapon in squad.weapons:
        bonus = ", ".join(f"{k} {v:+d}" for k, v in (("attack", weapon.attack), ("defense", weapon.defense),
                                                    ("range", weapon.range)) if v)
        lines.append(f"  Weapon - {weapon.name} ({weapon.cost})" + (f": {bonus}" if bonus else "") +
                     (f". {weapon.text}" if weapon.text else ""))
    return "\n".join(lines)


def describe_team(team: Team) -> str:
    head = f"{team.name}" + (f"  [{team.faction}]" if team.faction else "") + ("  (example)" if team.example else "")
    summary = (f"{team.total_cost} of {team.point_limit} points; {team.unspent} unspent "
               f"= +{team.initiative_bonus} initiative")
    return "\n\n".join([head + "\n" + summary] + [describe_squad(s) for s in team.squads])


def describe(model: BaseModel) -> str:
    """``System.describe``: a squad card, or a whole team sheet."""
    if isinstance(model, Team):
        return describe_team(model)
    if isinstance(model, Squad):
        return describe_squad(model)
    raise TypeError(f"cannot describe a {type(model).__name__} as a SagaBorn squad")
