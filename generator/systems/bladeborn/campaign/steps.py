"""The campaign's rules, step by step, as the book gives them, over the campaign file's model.

1. Each player uses the same warband for every battle of the campaign.
2. Play a random battle (shuffle the battle cards, draw one). Every battle's winner gains the
   spoils of battle; a battle must have a winner (the tiebreakers decide a draw).
3. The winner becomes the aspirant and plays a convergence: a random battle with one of their
   warband's convergence cards in play. Which one depends on the artefacts of power they hold:
   none, the first; one, the second; two, the final.
4. If the aspirant wins, return to step 2. Otherwise the adversary becomes the aspirant: return
   to step 3 with their convergence.
5. The aspirant who wins their final convergence wins the campaign.

Spoils of battle: the winner of every battle draws a lesser artefact from those no player holds,
after the lesser artefacts used in that battle have gone back to the pile. A won convergence is
turned over: its back is an artefact of power (first and second convergences: the bearer keeps
it for the rest of the campaign) or a reward (the final convergence: it lasts into later
campaigns with the same warband against the same rival, and is discarded before the next time
that warband fights its final convergence).

Where the book is silent (and what we chose): a battle card with attacker and defender roles
seats the aspirant as the attacker in a convergence (the test is theirs to pass) and decides the
roles by a roll-off in a random battle; a lesser artefact deck that runs out gives the winner
nothing. Each function here is one step, on a campaign it may change in place; :func:`record`
runs them in the book's order on a copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.systems.bladeborn.campaign.cards import LEVELS
from generator.systems.bladeborn.campaign.file import (  # noqa: F401  (convergence_level, rewards_in_play: used by callers of the steps)
    Battle,
    Campaign,
    CampaignSide,
    Held,
    Used,
    bearer_index,
    bearer_name,
    convergence_level,
    rewards_in_play,
)


def aspirant_after(battle: Battle, winner: str) -> str | None:
    """Who is the aspirant after ``battle``: a random battle's winner; nobody once the aspirant
    wins their convergence (back to a random battle); the adversary if the aspirant lost it."""
    if battle.kind == "battle":
        return winner
    if winner == battle.aspirant:
        return None
    return winner


# ---- drawing cards ----------------------------------------------------------------------------


def battle_rng(camp: Campaign, number: int, what: str) -> Rng:
    """The campaign's own stream for one draw of one battle: the same campaign file draws the
    same cards however many times it is read."""
    return Rng(camp.seed).spawn(f"battle-{number}").spawn(what)


def draw_battle(camp: Campaign, number: int, aspirant: str | None, level: str | None, decks: dict) -> Battle:
    """Battle ``number``: a random battle card and twist, and the aspirant's convergence card."""
    from generator.systems.bladeborn.campaign.decks import battle_cards, twists

    card = battle_rng(camp, number, "card").choice(battle_cards())
    twist = battle_rng(camp, number, "twist").choice(twists())
    if card.roles:
        attacker_is_a = card.roles.get("a", "attacker") == "attacker"
        taker = aspirant if aspirant is not None else battle_rng(camp, number, "roles").choice(["a", "b"])
        seat_a = taker if attacker_is_a else camp.other(taker)
    else:
        seat_a = "a"  # the set-up roll-off decides who takes which territory
    convergence = decks[aspirant].card(level).name if aspirant is not None else None
    return Battle(number=number, kind="convergence" if aspirant else "battle", aspirant=aspirant, level=level,
                  convergence=convergence, card=card.name, twist=twist.name, seat_a=seat_a)


def lesser_pile(camp: Campaign, deck) -> list[str]:
    """The lesser artefacts no player holds, in deck order (the pile the winner draws from)."""
    held = {name for side in camp.sides.values() for name in side.lesser}
    return [c.name for c in deck.cards if c.name not in held]


def return_used(camp: Campaign, used: dict[str, list[Used]]) -> None:
    """The lesser artefacts used in a battle go back to the pile."""
    for side, items in used.items():
        for item in items:
            camp.sides[side].lesser.remove(item.name)


def draw_lesser(camp: Campaign, winner: str, deck, rng: Rng) -> str | None:
    """The winner shuffles the pile and draws the top card (nothing when the pile is empty)."""
    pile = lesser_pile(camp, deck)
    if not pile:
        return None
    drawn = rng.shuffle(list(pile))[0]
    camp.sides[winner].lesser.append(drawn)
    return drawn


# ---- artefacts of power and rewards -------------------------------------------------------------


def reward_bearer(warband, fighter: str) -> str | None:
    """The fighter a reward is for: a fighter by name, or ``leader`` (the first fighter)."""
    if fighter == "leader":
        return bearer_name(warband, 0)
    index = bearer_index(warband, fighter)
    return None if index is None else bearer_name(warband, index)


def turn_over(camp: Campaign, side: str, convergence, warband, bearer: str | None) -> Held:
    """A won convergence turns over: an artefact of power for ``bearer`` (the first and second
    convergences), or the final convergence's reward, won against the other player."""
    back = convergence.back
    if back.type == "artefact":
        if bearer is None or bearer_index(warband, bearer) is None:
            raise SkirmishError(f"{back.name}: name the fighter who bears it (a fighter of {warband.name})")
        held = Held(name=back.name, bearer=bearer)
        camp.sides[side].artefacts.append(held)
        return held
    target = reward_bearer(warband, back.fighter)
    if target is None:
        raise SkirmishError(f"{back.name}: is a reward for {back.fighter!r}, who is not a fighter of {warband.name}")
    held = Held(name=back.name, bearer=target, against=camp.sides[camp.other(side)].player)
    rewards = camp.sides[side].rewards
    if not any(r.name == held.name and r.against == held.against for r in rewards):
        rewards.append(held)
    return held


def discard_before_final(camp: Campaign, side: str) -> list[str]:
    """Before the aspirant fights their final convergence they discard their rewards (those that
    count against this rival); returns what was discarded."""
    gone = [r.name for r in rewards_in_play(camp, side)]
    rival = camp.sides[camp.other(side)].player
    camp.sides[side].rewards = [r for r in camp.sides[side].rewards if r.against != rival]
    return gone


def carried_rewards(previous: Campaign, player: str, warband_name: str, rival: str) -> list[Held]:
    """The rewards ``player`` brings into a new campaign with ``warband_name``: every reward they
    held at the end of ``previous`` with that warband (the ones against ``rival`` count)."""
    out = []
    for side in previous.sides.values():
        if side.player == player and side.warband.get("name") == warband_name:
            out += [r.model_copy() for r in side.rewards]
    return out


# ---- the flow -------------------------------------------------------------------------------------


def prepare_next(camp: Campaign, decks: dict) -> None:
    """Draw the next battle (the aspirant's convergence, or a random battle); before a final
    convergence the aspirant discards their rewards."""
    number = len(camp.history) + 1
    aspirant = camp.aspirant
    level = convergence_level(len(camp.sides[aspirant].artefacts)) if aspirant else None
    battle = draw_battle(camp, number, aspirant, level, decks)
    if level == "final":
        battle.discarded = discard_before_final(camp, aspirant)
    camp.next = battle


def new_campaign(name: str, seed: int, sides: dict[str, CampaignSide], decks: dict) -> Campaign:
    """A campaign about to play its first (random) battle."""
    camp = Campaign(name=name, seed=seed, sides=sides, next=Battle(number=1, kind="battle", card="-"))
    prepare_next(camp, decks)
    return camp


@dataclass
class Result:
    """What happened in a battle, as ``record`` takes it."""

    winner: str
    used: dict[str, list[Used]] = field(default_factory=dict)
    bearer: str | None = None
    how: str | None = None
    vp: dict[str, int] | None = None
    played: str = "table"
    seed: int | None = None
    notes: str | None = None


def check_used(camp: Campaign, used: dict[str, list[Used]], warbands: dict, lesser) -> None:
    """Each lesser artefact used was in its player's hand, once, on a fighter it fits."""
    from generator.systems.bladeborn.campaign.effects import fits

    seen = set()
    cards = {c.name: c for c in lesser.cards}
    for side, items in used.items():
        hand = camp.sides[side].lesser
        for item in items:
            if item.name not in hand:
                held = ", ".join(hand) or "none"
                raise SkirmishError(f"lesser artefact {item.name!r}: not in side {side}'s hand (it holds {held})")
            if item.name in seen:
                raise SkirmishError(f"lesser artefact {item.name!r}: used twice; each is used once")
            seen.add(item.name)
            index = bearer_index(warbands[side], item.bearer)
            if index is None:
                raise SkirmishError(f"lesser artefact {item.name!r}: {item.bearer!r} is not a fighter of "
                                    f"{warbands[side].name}")
            if not fits(warbands[side].fighters[index], cards[item.name].fits):
                raise SkirmishError(f"lesser artefact {item.name!r}: is for a {cards[item.name].fits} fighter, "
                                    f"and {item.bearer} is not one")


def check_bearer(warband, bearer: str, back) -> None:
    """The fighter named to bear an artefact of power is in the warband, and it fits them."""
    from generator.systems.bladeborn.campaign.effects import fits

    index = bearer_index(warband, bearer)
    if index is None:
        names = ", ".join(bearer_name(warband, i) for i in range(len(warband.fighters)))
        raise SkirmishError(f"--bearer {bearer!r}: not a fighter of {warband.name}; choose one of {names}")
    if not fits(warband.fighters[index], back.fits) and any(fits(f, back.fits) for f in warband.fighters):
        raise SkirmishError(f"--bearer {bearer!r}: {back.name} is for a {back.fits} fighter, and {bearer} is not one")


def record(loaded, result: Result) -> Campaign:
    """The campaign after its next battle, by the book's steps (the file's model is not changed)."""
    from generator.systems.bladeborn.campaign.effects import choose_bearer

    camp = loaded.campaign.model_copy(deep=True)
    if camp.winner is not None:
        raise SkirmishError(f"the campaign is over: side {camp.winner} ({camp.sides[camp.winner].player}) won it")
    winner = result.winner
    if winner not in ("a", "b"):
        raise SkirmishError(f"a campaign battle is won by side a or b, not {winner!r} (a draw goes to the tiebreakers)")
    check_used(camp, result.used, loaded.warbands, loaded.lesser)
    battle = camp.next.model_copy(deep=True)
    battle.winner, battle.how, battle.vp = winner, result.how, result.vp
    battle.used = {s: list(v) for s, v in result.used.items() if v}
    battle.played, battle.seed, battle.notes = result.played, result.seed, result.notes
    return_used(camp, result.used)
    battle.drew = draw_lesser(camp, winner, loaded.lesser, battle_rng(camp, battle.number, "lesser"))
    if battle.kind == "convergence" and winner == battle.aspirant:
        card = loaded.decks[winner].card(battle.level)
        bearer = result.bearer
        if card.back.type == "reward" and bearer is not None:
            raise SkirmishError(f"--bearer: {card.back.name} is a reward for {card.back.fighter}, not a fighter's choice")
        if card.back.type == "artefact" and bearer is None:
            bearer = choose_bearer(loaded.warbands[winner], card.back)
        elif card.back.type == "artefact":
            check_bearer(loaded.warbands[winner], bearer, card.back)
        battle.won = turn_over(camp, winner, card, loaded.warbands[winner], bearer).name
        if battle.level == "final":
            camp.winner = winner
    elif result.bearer is not None:
        raise SkirmishError("--bearer: only a won first or second convergence gives an artefact to bear")
    camp.aspirant = None if camp.winner else aspirant_after(battle, winner)
    camp.history.append(battle)
    camp.next = None
    if camp.winner is None:
        prepare_next(camp, loaded.decks)
    return camp
