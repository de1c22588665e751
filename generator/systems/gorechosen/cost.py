"""A rating for Gorechosen champions (the game has no points), built on Lanchester's linear law.

A Gorechosen fight is a string of duels: one fighter strikes at one other. Under the linear law
a fighter's worth is its damage rate times its staying power, so

    rating = 100 x (wounds it deals per attack action) x (attack actions it survives)
                 / (the same product for the reference champion)

Damage per attack action is exact: for each card of the Action deck and each hex where an
enemy may stand (``content/gorechosen/rating.yaml``), the expected wounds of that attack with
the profile of the band covering that hex (zero outside the kill zone). Actions survived is the
wounds the health track absorbs divided by the reference champion's average damage per action.
Both are split into the Healthy and the Wounded phase, which are the two items of the
breakdown. Unique actions, unique rules and critical injuries are not rated (see the doc).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from generator.systems.base import Priced
from generator.systems.gorechosen import data
from generator.systems.gorechosen.mechanics import attack_odds, wounds_to_slay, wounds_until_wounded
from generator.systems.gorechosen.models import ActionDeck, Champion, Profile, RatingReference, Side


_CACHE: dict[tuple[str, int], tuple[object, object]] = {}


def _cached(kind: str, obj, make):
    """Per-object memo (pydantic models are not hashable); keeps ``obj`` alive so ids stay unique."""
    key = (kind, id(obj))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not obj:
        hit = (obj, make(obj))
        _CACHE[key] = hit
    return hit[1]


def _deck_dice(deck: ActionDeck) -> tuple[tuple[int, int], ...]:
    """(dice, number of cards) for the attacks of the Action deck."""
    counts: dict[int, int] = {}
    for card in deck.cards:
        counts[card.attack.dice] = counts.get(card.attack.dice, 0) + card.copies
    return tuple(sorted(counts.items()))


def _engagement(reference: RatingReference) -> dict[tuple[int, int], Fraction]:
    return {(int(c["q"]), int(c["r"])): Fraction(str(c["p"])) for c in reference.engagement}


def _per_attack(deck: ActionDeck, to_hit: int, wounds: int) -> Fraction:
    """Expected wounds of one Attack action drawn at random from the deck, target in reach."""
    table = _cached("per-attack", deck, lambda d: {})
    key = (to_hit, wounds)
    if key not in table:
        dice_counts = _deck_dice(deck)
        cards = sum(n for _, n in dice_counts)
        profile = Profile(to_hit=to_hit, wounds=wounds)
        table[key] = sum(
            (Fraction(n, cards) * attack_odds(dice, profile).expected_damage for dice, n in dice_counts),
            Fraction(0),
        )
    return table[key]


def damage_per_action(side: Side, deck: ActionDeck | None = None, reference: RatingReference | None = None) -> Fraction:
    """Expected wounds one Attack action deals, averaged over the deck and the enemy's position.

    The card is drawn at random from the deck; the enemy stands on a hex with the chance the
    rating assumptions give; an enemy outside the kill zone takes nothing.
    """
    deck = deck or data.action_deck()
    reference = reference or data.rating_reference()
    engagement = _cached("engagement", reference, _engagement)
    total = Fraction(0)
    for h in side.kill_zone:
        p = engagement.get(h.offset)
        if p:
            profile = side.profiles[h.band]
            total += p * _per_attack(deck, profile.to_hit, profile.wounds)
    return total


@dataclass(frozen=True)
class Rating:
    """A champion's rating and every number that went into it."""

    name: str
    healthy_damage: Fraction  # expected wounds per attack action while Healthy
    wounded_damage: Fraction
    healthy_wounds: int  # wounds the track absorbs before the fighter turns Wounded
    wounded_wounds: int  # wounds from then on until slain
    incoming: Fraction  # the reference champion's average wounds per attack action
    reference_health: int
    healthy_part: float
    wounded_part: float

    @property
    def rating(self) -> float:
        return round(self.healthy_part + self.wounded_part, 1)

    @property
    def actions_survived(self) -> float:
        return float((self.healthy_wounds + self.wounded_wounds) / self.incoming)

    def lines(self) -> list[str]:
        """The itemised rating as text lines."""
        return [
            f"Rating: {self.rating:.1f} (100 = the reference champion)",
            f"  healthy  {float(self.healthy_damage):.3f} wounds per attack x "
            f"{float(self.healthy_wounds / self.incoming):.2f} attacks survived = {self.healthy_part:.1f}",
            f"  wounded  {float(self.wounded_damage):.3f} wounds per attack x "
            f"{float(self.wounded_wounds / self.incoming):.2f} attacks survived = {self.wounded_part:.1f}",
            f"  against {float(self.incoming):.3f} wounds per enemy attack; reference health {self.reference_health}",
        ]


def _lifetime(champion: Champion, deck: ActionDeck, reference: RatingReference) -> tuple[Fraction, Fraction, int, int]:
    d_h = damage_per_action(champion.healthy, deck, reference)
    d_w = damage_per_action(champion.wounded, deck, reference)
    total = wounds_to_slay(champion.health.length)
    h_h = min(total, wounds_until_wounded(champion.health))
    return d_h, d_w, h_h, total - h_h


def reference_champion(reference: RatingReference | None = None) -> Champion:
    reference = reference or data.rating_reference()
    for champion in data.book_champions().champions:
        if champion.name == reference.reference:
            return champion
    raise LookupError(f"reference champion {reference.reference!r} is not among the book's champions")


def _reference_numbers(deck: ActionDeck, reference: RatingReference) -> tuple[Fraction, int]:
    """The reference champion's average wounds per attack action over its life, and its health."""
    rd_h, rd_w, rh_h, rh_w = _lifetime(reference_champion(reference), deck, reference)
    health = rh_h + rh_w
    return (rd_h * rh_h + rd_w * rh_w) / health, health


def rate(champion: Champion, deck: ActionDeck | None = None, reference: RatingReference | None = None) -> Rating:
    """The rating of one champion, with its parts."""
    deck = deck or data.action_deck()
    reference = reference or data.rating_reference()
    per_deck = _cached("reference", deck, lambda d: {})
    entry = per_deck.get(id(reference))
    if entry is None or entry[0] is not reference:
        entry = per_deck[id(reference)] = (reference, _reference_numbers(deck, reference))
    incoming, ref_health = entry[1]
    d_h, d_w, h_h, h_w = _lifetime(champion, deck, reference)
    scale = Fraction(100) / (incoming * ref_health)  # the reference's lifetime damage = 100
    healthy = float(d_h * h_h * scale)
    wounded = float(d_w * h_w * scale)
    return Rating(champion.name, d_h, d_w, h_h, h_w, incoming, ref_health, round(healthy, 1), round(wounded, 1))


def price(champions: Sequence[Champion]) -> list[Priced]:
    """``System.price``: one rating per champion, the breakdown summing to it."""
    out = []
    for champion in champions:
        r = rate(champion)
        out.append(
            Priced(
                name=champion.name,
                cost=round(r.healthy_part + r.wounded_part, 1),
                breakdown={"healthy phase": r.healthy_part, "wounded phase": r.wounded_part},
                unit="rating",
            )
        )
    return out
