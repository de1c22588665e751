"""Starting a campaign: two warbands, their convergence decks, and any rewards carried over.

A reward outlasts its campaign: a player who starts a new campaign with the same warband against
the player they beat brings it along (``previous``: the earlier campaign's file). Rewards whose
fighter is no longer in the warband stay behind, and say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.errors import SkirmishError
from generator.systems.bladeborn.campaign.decks import deck_for, lesser_deck
from generator.systems.bladeborn.campaign.file import Campaign, CampaignSide, LoadedCampaign, bearer_index
from generator.systems.bladeborn.campaign.steps import carried_rewards, new_campaign


@dataclass
class Started:
    loaded: LoadedCampaign
    notes: list[str] = field(default_factory=list)


def start_campaign(warbands: dict, seed: int, players: dict[str, str] | None = None,
                   previous: Campaign | None = None, name: str | None = None) -> Started:
    """A new campaign between ``warbands["a"]`` and ``warbands["b"]`` (loaded warband models)."""
    players = players or {"a": "Player A", "b": "Player B"}
    if players["a"] == players["b"]:
        raise SkirmishError(f"--player-a and --player-b are both {players['a']!r}: a campaign is between two players")
    notes: list[str] = []
    decks = {s: deck_for(warbands[s]) for s in ("a", "b")}
    sides = {}
    for s in ("a", "b"):
        other = "b" if s == "a" else "a"
        rewards = []
        if previous is not None:
            for held in carried_rewards(previous, players[s], warbands[s].name, players[other]):
                if bearer_index(warbands[s], held.bearer) is None:
                    notes.append(f"{players[s]}'s reward {held.name} stays behind: {held.bearer} is not in {warbands[s].name}")
                    continue
                rewards.append(held)
                if held.against == players[other]:
                    notes.append(f"{players[s]} brings the reward {held.name} ({held.bearer}) against {players[other]}")
        sides[s] = CampaignSide(player=players[s], warband=warbands[s].model_dump(mode="json", exclude_none=True),
                                convergences=decks[s].name, rewards=rewards)
    title = name or f"{warbands['a'].name} against {warbands['b'].name}"
    camp = new_campaign(title, seed, sides, decks)
    return Started(LoadedCampaign(camp, dict(warbands), decks, lesser_deck()), notes)
