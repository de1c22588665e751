"""The battle engine plays a campaign's next battle, and the campaign records what happened.

The battle is seated with :func:`generator.systems.bladeborn.battle.make_battle` on the inputs
the cards in play make (:func:`.effects.battle_inputs`) and played by the engine's runner with
the system's players. The simulated players also make the campaign's own choices:

* which lesser artefacts to use, and on whom (``eager``: every one in hand that fits a fighter,
  in the very next battle; ``convergence``: only in a convergence, theirs or their rival's);
* who bears an artefact of power won (:func:`.effects.choose_bearer`, as for lesser artefacts).

A battle the engine ends level is decided by the campaign tiebreakers, read from its log.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.dice.rng import Rng
from generator.systems.bladeborn.campaign.effects import BattleInputs, battle_inputs, choose_bearer, fits
from generator.systems.bladeborn.campaign.file import Campaign, LoadedCampaign, Used
from generator.systems.bladeborn.campaign.steps import Result, record
from generator.systems.bladeborn.campaign.tiebreak import end_from_log, tiebreak

LESSER_POLICIES = ("eager", "convergence")


def lesser_to_use(loaded: LoadedCampaign, side: str, policy: str = "eager") -> list[Used]:
    """The lesser artefacts a simulated player uses in the next battle, each on the fighter it
    raises most (see :func:`.effects.choose_bearer`); one that fits nobody stays in hand."""
    camp = loaded.campaign
    if policy not in LESSER_POLICIES:
        from generator.errors import SkirmishError

        raise SkirmishError(f"lesser artefact policy {policy!r}: choose one of {', '.join(LESSER_POLICIES)}")
    if policy == "convergence" and camp.next.kind != "convergence":
        return []
    cards = {c.name: c for c in loaded.lesser.cards}
    warband = loaded.warbands[side]
    out = []
    for name in camp.sides[side].lesser:
        card = cards.get(name)
        if card is None or not any(fits(f, card.fits) for f in warband.fighters):
            continue
        out.append(Used(name=name, bearer=choose_bearer(warband, card)))
    return out


def seat_battle(inputs: BattleInputs, where: str):
    """The engine's battle for these inputs: seat a is the side taking the card's player A."""
    from generator.systems.bladeborn.battle import make_battle

    first = inputs.seat_a
    second = "b" if first == "a" else "a"
    options = {"card": inputs.card, "card_where": where, "twist": inputs.twist or "none", "twist_where": where,
               "effects": [(rule, f"{where}: convergence {rule.name!r}") for rule in inputs.effects]}
    return make_battle(inputs.played[first], inputs.played[second], options), {"a": first, "b": second}


@dataclass
class Played:
    """One battle the engine played for a campaign: the campaign after it, and what it was."""

    campaign: Campaign
    result: object  # generator.play.engine.Result, seats as the engine saw them
    inputs: BattleInputs
    winner: str
    used: dict[str, list[Used]]


def play_next(loaded: LoadedCampaign, seed: int, policy: str = "greedy", lesser: str = "eager") -> Played:
    """Play the campaign's next battle with the engine and record it (the file is not written)."""
    from generator.play.engine import play
    from generator.play.policies import policy_for
    from generator.systems import get_system

    camp = loaded.campaign
    battle = camp.next
    used = {s: lesser_to_use(loaded, s, lesser) for s in ("a", "b")}
    inputs = battle_inputs(loaded, battle, used)
    seated, side_of = seat_battle(inputs, f"campaign battle {battle.number}")
    system = get_system("bladeborn")
    rng = Rng(seed)
    policies = {s: policy_for(system, policy) for s in ("a", "b")}
    result = play(system.game, seated, policies, rng, keep_log=True)
    how = result.reason
    if result.winner is None:
        winner_seat, step = tiebreak(end_from_log(result.header, result.events), rng.spawn("tiebreak"))
        how += f"; campaign tiebreaker {step} gives it to {camp.sides[side_of[winner_seat]].player}"
    else:
        winner_seat = result.winner
    winner = side_of[winner_seat]
    vp = {side_of[s]: int(v) for s, v in result.score.items()}
    after = record(loaded, Result(winner, used, how=how, vp=vp, played="engine", seed=seed))
    return Played(after, result, inputs, winner, used)


def advanced(loaded: LoadedCampaign, camp: Campaign) -> LoadedCampaign:
    """The loaded campaign moved on to ``camp`` (same warbands and decks, nothing to re-read)."""
    return LoadedCampaign(camp, loaded.warbands, loaded.decks, loaded.lesser, loaded.path)
