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
from generator.systems.gorechosen.mechanics import attack_odds, track_wounds_to_slay, wounds_until_wounded
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


def _hits_left(dice: int, to_hit: int, cancel: Fraction) -> Fraction:
    """Expected hits of ``dice`` dice after a defence takes ``cancel`` hits off on average: a
    Block or Parry cancels one hit, a Dodge two, and only when the defender holds the card, so the
    rating uses a fitted mean; a fractional ``cancel`` mixes the whole numbers either side of it."""
    from math import comb

    from generator.dice.gorechosen import hit_chance

    p = hit_chance(to_hit)
    low = int(cancel)
    frac = cancel - low

    def left(k: int) -> Fraction:
        return sum((comb(dice, h) * p**h * (1 - p) ** (dice - h) * max(0, h - k) for h in range(dice + 1)), Fraction(0))

    return (1 - frac) * left(low) + (frac * left(low + 1) if frac else Fraction(0))


def _per_attack(deck: ActionDeck, to_hit: int, wounds: int, cancel: Fraction = Fraction(0)) -> Fraction:
    """Expected wounds of one Attack action drawn at random from the deck, target in reach, after
    the defence takes ``cancel`` hits off (0: the plain expected damage)."""
    table = _cached("per-attack", deck, lambda d: {})
    key = (to_hit, wounds, cancel)
    if key not in table:
        dice_counts = _deck_dice(deck)
        cards = sum(n for _, n in dice_counts)
        if cancel:
            table[key] = sum((Fraction(n, cards) * _hits_left(dice, to_hit, cancel) * wounds for dice, n in dice_counts),
                             Fraction(0))
        else:
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
    cancel = Fraction(str(reference.hits_cancelled))
    total = Fraction(0)
    for h in side.kill_zone:
        p = engagement.get(h.offset)
        if p:
            profile = side.profiles[h.band]
            total += p * _per_attack(deck, profile.to_hit, profile.wounds, cancel)
    return total


@dataclass(frozen=True)
class Rating:
    """A champion's rating and every number that went into it."""

    name: str
    healthy_damage: Fraction  # expected wounds per attack action while Healthy
    wounded_damage: Fraction
    healthy_wounds: Fraction  # wounds the track absorbs before the fighter turns Wounded (less first strike)
    wounded_wounds: Fraction  # wounds from then on until slain
    incoming: Fraction  # the reference champion's average (weighted) wounds per attack action
    reference_health: Fraction  # wounds the reference's track absorbs (less the first strike)
    healthy_part: float
    wounded_part: float
    unique_part: float = 0.0  # what the unique action's factor adds (or takes away)
    healthy_weight: float = 1.0
    wounded_weight: float = 1.0
    unique_factor: float = 1.0

    @property
    def rating(self) -> float:
        return round(self.healthy_part + self.wounded_part + self.unique_part, 1)

    @property
    def unrounded(self) -> float:
        """The rating before its parts are rounded to a tenth: what orders two champions whose
        printed ratings tie (the knob's ladder of health tracks)."""
        lifetime = (Fraction(str(self.healthy_weight)) * self.healthy_damage * self.healthy_wounds
                    + Fraction(str(self.wounded_weight)) * self.wounded_damage * self.wounded_wounds)
        return float(lifetime * 100 / (self.incoming * self.reference_health)) * self.unique_factor

    @property
    def actions_survived(self) -> float:
        return float((self.healthy_wounds + self.wounded_wounds) / self.incoming)

    def lines(self) -> list[str]:
        """The itemised rating as text lines."""
        out = [
            f"Rating: {self.rating:.1f} (100 = the reference champion)",
            f"  healthy  {float(self.healthy_damage):.3f} wounds per attack x "
            f"{float(self.healthy_wounds / self.incoming):.2f} attacks survived"
            + (f" x weight {self.healthy_weight:.2f}" if self.healthy_weight != 1 else "")
            + f" = {self.healthy_part:.1f}",
            f"  wounded  {float(self.wounded_damage):.3f} wounds per attack x "
            f"{float(self.wounded_wounds / self.incoming):.2f} attacks survived"
            + (f" x weight {self.wounded_weight:.2f}" if self.wounded_weight != 1 else "")
            + f" = {self.wounded_part:.1f}",
        ]
        if self.unique_factor != 1:
            out.append(f"  unique action x{self.unique_factor:.2f} = {self.unique_part:+.1f}")
        out.append(f"  against {float(self.incoming):.3f} wounds per enemy attack; reference health {float(self.reference_health):.2f}")
        return out


def _lifetime(champion: Champion, deck: ActionDeck, reference: RatingReference) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Damage per action and wounds the track absorbs, per phase. ``first_strike`` wounds (the
    enemy's head start as the fighters close, before this one can reply) come off the Healthy
    phase first, then off the Wounded one; they never take a phase below zero."""
    d_h = damage_per_action(champion.healthy, deck, reference)
    d_w = damage_per_action(champion.wounded, deck, reference)
    total = track_wounds_to_slay(champion.health)
    h_h = min(total, wounds_until_wounded(champion.health))
    head = Fraction(str(reference.first_strike))
    healthy = max(Fraction(0), h_h - head)
    wounded = max(Fraction(0), total - h_h - max(Fraction(0), head - h_h))
    return d_h, d_w, healthy, wounded


def reference_champion(reference: RatingReference | None = None) -> Champion:
    reference = reference or data.rating_reference()
    for champion in data.book_champions().champions:
        if champion.name == reference.reference:
            return champion
    raise LookupError(f"reference champion {reference.reference!r} is not among the book's champions")


def _weights(reference: RatingReference) -> tuple[Fraction, Fraction]:
    w = reference.phase_weights
    return Fraction(str(w["healthy"])), Fraction(str(w["wounded"]))


def unique_factor(champion: Champion, reference: RatingReference | None = None) -> float:
    """The fitted factor of the champion's unique action (1 when the table has none for it)."""
    reference = reference or data.rating_reference()
    return float(reference.unique_actions.get(champion.unique_action.name, 1.0))


def _reference_numbers(deck: ActionDeck, reference: RatingReference) -> tuple[Fraction, Fraction]:
    """The reference champion's average weighted wounds per attack action over its life, and its
    health (its lifetime damage, weighted by phase, is what 100 stands for)."""
    champion = reference_champion(reference)
    rd_h, rd_w, rh_h, rh_w = _lifetime(champion, deck, reference)
    w_h, w_w = _weights(reference)
    health = rh_h + rh_w
    lifetime = (w_h * rd_h * rh_h + w_w * rd_w * rh_w) * Fraction(str(unique_factor(champion, reference)))
    return lifetime / health, health


def rate(champion: Champion, deck: ActionDeck | None = None, reference: RatingReference | None = None) -> Rating:
    """The rating of one champion, with its parts.

    Healthy and Wounded phases are each damage per action x wounds absorbed x the phase's
    weight (``rating.yaml``); the unique action's fitted factor multiplies their sum, and what
    it adds is its own item, so the parts still add up to the rating.
    """
    deck = deck or data.action_deck()
    reference = reference or data.rating_reference()
    per_deck = _cached("reference", deck, lambda d: {})
    entry = per_deck.get(id(reference))
    if entry is None or entry[0] is not reference:
        entry = per_deck[id(reference)] = (reference, _reference_numbers(deck, reference))
    incoming, ref_health = entry[1]
    d_h, d_w, h_h, h_w = _lifetime(champion, deck, reference)
    w_h, w_w = _weights(reference)
    scale = Fraction(100) / (incoming * ref_health)  # the reference's lifetime damage = 100
    healthy = float(w_h * d_h * h_h * scale)
    wounded = float(w_w * d_w * h_w * scale)
    factor = unique_factor(champion, reference)
    healthy_r, wounded_r = round(healthy, 1), round(wounded, 1)
    unique = round(round((healthy + wounded) * factor, 1) - healthy_r - wounded_r, 1) if factor != 1 else 0.0
    return Rating(champion.name, d_h, d_w, h_h, h_w, incoming, ref_health, healthy_r, wounded_r, unique,
                  float(w_h), float(w_w), factor)


def price(champions: Sequence[Champion]) -> list[Priced]:
    """``System.price``: one rating per champion, the breakdown summing to it."""
    out = []
    for champion in champions:
        r = rate(champion)
        breakdown = {"healthy phase": r.healthy_part, "wounded phase": r.wounded_part}
        if r.unique_factor != 1:
            breakdown["unique action"] = r.unique_part
        out.append(Priced(name=champion.name, cost=r.rating, breakdown=breakdown, unit="rating"))
    return out
