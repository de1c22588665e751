"""What the campaign's cards in play do to a battle, as the battle's inputs.

The battle engine is not told about campaigns. Every card in play changes what it is given:

* the fighters' cards (Move, Toughness, Wounds, weapons) and the abilities they may use, for the
  rewards and artefacts of power each side holds, the lesser artefacts used in this battle, and
  the convergence card's rules for the aspirant, the adversary or both;
* the warbands' Reserve numbers (a convergence's ``reserve`` rule);
* the battle card: one more scoring rule (``scoring``), and a level result goes to the campaign
  tiebreakers where the card would call it a draw (a campaign battle must have a winner);
* twist-like rules (``battle``), carried out after the battle's twist.

Two copies of each warband come out: the one the engine plays (an ability a card grants is
added to the ability card, for the bearer alone through a runemark only it carries) and the one
the booklet prints (numbers as they play, every card in play named in the fighter's rule box).
No number leaves the card limits of ``content/bladeborn/limits.yaml`` (a change that would is
stopped at the limit), and a critical hit never deals less than a hit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator.systems.bladeborn.campaign.cards import STAT_FIELDS, WEAPON_FIELDS, Effect
from generator.systems.bladeborn.models import BattleCard, CardRule, Twist

STAT_CARD_FIELD = {"move": "movement", "toughness": "toughness", "wounds": "wounds"}
LABEL = {"move": "Move", "toughness": "Toughness", "wounds": "Wounds", "attacks": "Attacks", "strength": "Strength",
         "dmg_hit": "hit damage", "dmg_crit": "critical damage", "max_range": "Range"}


# ---- which fighters -------------------------------------------------------------------------------


def is_melee(weapon) -> bool:
    """A Range 1 weapon, as the engine counts melee (twists' ``range: melee``)."""
    return weapon.max_range <= 1


def fits(fighter, fits: str) -> bool:
    """Whether a fighter may bear a card that ``fits`` any, melee, ranged or hero fighters."""
    if fits == "any":
        return True
    if fits == "hero":
        return "hero" in fighter.all_runemarks()
    want_melee = fits == "melee"
    return any(is_melee(w) == want_melee for w in fighter.weapons)


def matching(warband, which: str) -> list[int]:
    """The fighters (indices) a convergence rule's ``fighters`` names: all, leader (the first
    fighter), hero, or those with a melee or ranged weapon."""
    if which == "all":
        return list(range(len(warband.fighters)))
    if which == "leader":
        return [0]
    return [i for i, f in enumerate(warband.fighters) if fits(f, "hero" if which == "hero" else which)]


# ---- changing one fighter -----------------------------------------------------------------------


def _limits():
    from generator.systems.warcry.models import load_limits

    return load_limits("bladeborn")


def _clamp(value: int, name: str) -> int:
    bound = getattr(_limits(), name)
    return max(bound.min, min(bound.max, value))


def changed_fighter(fighter, effect: Effect):
    """A copy of ``fighter`` with a ``stats`` or ``weapons`` effect applied (within the limits)."""
    if effect.kind == "stats":
        update = {}
        for stat in STAT_FIELDS:
            amount = getattr(effect, stat)
            if amount:
                card_field = STAT_CARD_FIELD[stat]
                update[card_field] = _clamp(getattr(fighter, card_field) + amount, card_field)
        return fighter.model_copy(update=update)
    weapons = []
    for w in fighter.weapons:
        if effect.weapons != "all" and is_melee(w) != (effect.weapons == "melee"):
            weapons.append(w)
            continue
        update = {}
        for stat in WEAPON_FIELDS:
            amount = getattr(effect, stat)
            if amount:
                update[stat] = _clamp(getattr(w, stat) + amount, stat)
        new = {**w.model_dump(), **update}
        new["max_range"] = max(new["max_range"], new["min_range"], 1)
        new["dmg_crit"] = max(new["dmg_crit"], new["dmg_hit"])  # a critical hit never deals less than a hit
        weapons.append(w.model_copy(update={k: new[k] for k in WEAPON_FIELDS}))
    return fighter.model_copy(update={"weapons": weapons})


# ---- words ---------------------------------------------------------------------------------------


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def describe(effect: Effect) -> str:
    """A short phrase for one rule, as the engine plays it (``Wounds +4``, ``Range 1 weapons:
    Attacks +1``); a convergence rule names whose fighters it touches."""
    from generator.scenarios import rules as vocabulary

    if effect.kind == "stats":
        text = ", ".join(f"{LABEL[s]} {_signed(getattr(effect, s))}" for s in STAT_FIELDS if getattr(effect, s))
    elif effect.kind == "weapons":
        which = {"all": "weapons", "melee": "Range 1 weapons", "ranged": "weapons of Range 2 or more"}[effect.weapons]
        text = f"{which}: " + ", ".join(f"{LABEL[s]} {_signed(getattr(effect, s))}" for s in WEAPON_FIELDS
                                        if getattr(effect, s))
    elif effect.kind == "ability":
        a = effect.ability
        text = f"ability {a.name} ({a.cost}): {a.text}"
    elif effect.kind == "reserve":
        n = effect.amount
        text = f"keeps {abs(n)} {'more' if n > 0 else 'fewer'} fighter{'s' if abs(n) != 1 else ''} in reserve"
    elif effect.kind == "battle":
        return vocabulary.describe_effect(effect.effect.model_dump())
    else:
        return vocabulary.describe_scoring(effect.rule.model_dump())
    if effect.side is None:
        return text
    who = {"aspirant": "the aspirant's", "adversary": "the adversary's", "both": "every"}[effect.side]
    whom = {"all": "fighters" if effect.side != "both" else "fighter", "leader": "leader",
            "hero": "heroes" if effect.side != "both" else "hero", "melee": "fighters with a Range 1 weapon",
            "ranged": "fighters with a weapon of Range 2 or more"}[effect.fighters]
    subject = f"{who} {whom}" if effect.kind != "reserve" else ("the aspirant" if effect.side == "aspirant" else "the adversary")
    sep = ": " if effect.kind != "reserve" else " "
    return (subject[0].upper() + subject[1:]) + sep + text


# ---- the bearer -----------------------------------------------------------------------------------


def _price(fighter) -> float:
    from generator.systems import get_system

    return get_system("bladeborn").price([fighter])[0].cost


def choose_bearer(warband, card) -> str:
    """The fighter a simulated player gives a card to (an artefact of power, a lesser artefact):
    among those it fits, the one whose board points it raises most (the tool's price of what a
    fighter is worth in battle), the dearer fighter on a tie, the first on the roster after that.
    A card that fits nobody goes to the leader."""
    from generator.systems.bladeborn.campaign.file import bearer_name

    candidates = [i for i, f in enumerate(warband.fighters) if fits(f, card.fits)] or [0]
    best = None
    for i in candidates:
        fighter = warband.fighters[i]
        before = _price(fighter)
        after = fighter
        for rule in card.rules:
            if rule.kind in ("stats", "weapons"):
                after = changed_fighter(after, rule)
        key = (round(_price(after) - before, 3), round(before, 3), -i)
        if best is None or key > best[0]:
            best = (key, i)
    return bearer_name(warband, best[1])


# ---- the battle's inputs ---------------------------------------------------------------------------


@dataclass
class InPlay:
    """One card in play in a battle: what it is, whose, and on whom."""

    name: str
    source: str  # convergence | artefact | reward | lesser
    side: str | None  # the owner (None: a convergence card, which names sides in its rules)
    rules: list[Effect]
    bearer: int | None = None
    text: str = ""


@dataclass
class BattleInputs:
    """A campaign battle as the engine plays it and the booklet prints it."""

    played: dict[str, Any]
    printed: dict[str, Any]
    card: BattleCard
    twist: Twist | None
    effects: list[Twist]
    seat_a: str
    in_play: list[InPlay] = field(default_factory=list)


def cards_in_play(loaded, battle, used: dict | None = None) -> list[InPlay]:
    """Every campaign card that changes ``battle``: rewards and artefacts of both sides, the
    lesser artefacts used in it, and the convergence card."""
    from generator.systems.bladeborn.campaign.decks import lesser_card
    from generator.systems.bladeborn.campaign.file import bearer_index, rewards_in_play

    camp = loaded.campaign
    out: list[InPlay] = []
    for side in ("a", "b"):
        deck, warband = loaded.decks[side], loaded.warbands[side]
        for source, held_list in (("reward", rewards_in_play(camp, side)), ("artefact", camp.sides[side].artefacts)):
            for held in held_list:
                found = deck.back(held.name)
                if found is not None:
                    back = found[1]
                    out.append(InPlay(held.name, source, side, back.rules, bearer_index(warband, held.bearer), back.text))
        for item in (used or {}).get(side, []):
            card = lesser_card(item.name)
            out.append(InPlay(item.name, "lesser", side, card.rules, bearer_index(warband, item.bearer), card.text))
    if battle.kind == "convergence":
        card = loaded.decks[battle.aspirant].card(battle.level)
        out.append(InPlay(card.name, "convergence", None, card.rules, None, card.text))
    return out


SOURCE_WORDS = {"reward": "reward", "artefact": "artefact of power", "lesser": "lesser artefact",
                "convergence": "convergence"}


def _tag(name: str) -> str:
    return "campaign-" + (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card")


def _touches(fighter, rule: Effect) -> bool:
    """Whether ``rule`` changes anything on ``fighter`` (a weapon rule needs a weapon it names)."""
    if rule.kind != "weapons" or rule.weapons == "all":
        return True
    return any(is_melee(w) == (rule.weapons == "melee") for w in fighter.weapons)


def _apply_to_fighters(played, printed, indices: list[int], rule: Effect, notes: dict, label: str) -> None:
    granted = False
    for i in indices:
        if not _touches(played.fighters[i], rule):
            continue
        if rule.kind == "ability":
            tag = _tag(rule.ability.name)
            fighter = played.fighters[i]
            if tag not in fighter.runemarks:
                played.fighters[i] = fighter.model_copy(update={"runemarks": list(fighter.runemarks) + [tag]})
            granted = True
        else:
            played.fighters[i] = changed_fighter(played.fighters[i], rule)
            printed.fighters[i] = changed_fighter(printed.fighters[i], rule)
        phrase = describe(rule.model_copy(update={"side": None, "fighters": "all"}))
        notes.setdefault(i, {}).setdefault(label, []).append(phrase)
    if granted:
        _grant(played, rule)


def _write_notes(printed, notes: dict) -> None:
    """Each card in play named once in the rule box of each fighter it changes."""
    for i, by_label in notes.items():
        text = " ".join(f"{label}: {'; '.join(phrases)}." for label, phrases in by_label.items())
        old = printed.fighters[i].rule
        printed.fighters[i] = printed.fighters[i].model_copy(update={"rule": f"{old} {text}" if old else text})


def _grant(warband, rule: Effect) -> None:
    """The ability goes on the warband's ability card, usable only by fighters with its runemark."""
    from generator.systems.bladeborn.models import BladebornAbilityCard

    ability = rule.ability.model_copy(update={"runemarks": [_tag(rule.ability.name)]})
    card = warband.ability_card
    if card is None:
        card = BladebornAbilityCard(name=warband.name, faction=warband.faction, reserve=0, abilities=[ability])
    elif all(a.name != ability.name for a in card.abilities):
        card = card.model_copy(update={"abilities": list(card.abilities) + [ability]})
    warband.ability_card = card


def _change_reserve(warband, amount: int) -> None:
    card = warband.ability_card
    if card is None:
        return  # no reserve to change: every fighter already sets up
    reserve = max(0, min(len(warband.fighters) - 1, (card.reserve or 0) + amount))
    warband.ability_card = card.model_copy(update={"reserve": reserve})


def battle_inputs(loaded, battle=None, used: dict | None = None) -> BattleInputs:
    """``battle`` (default: the campaign's next) with every card in play applied."""
    from generator.systems.bladeborn.campaign.decks import battle_card, twist_card

    camp = loaded.campaign
    battle = battle or camp.next
    played = {s: loaded.warbands[s].model_copy(deep=True) for s in ("a", "b")}
    printed = {s: loaded.warbands[s].model_copy(deep=True) for s in ("a", "b")}
    in_play = cards_in_play(loaded, battle, used)
    scoring: list[CardRule] = []
    effects: list[Twist] = []
    notes: dict[str, dict] = {"a": {}, "b": {}}
    for card in in_play:
        label = f"{card.name} ({SOURCE_WORDS[card.source]})"
        for rule in card.rules:
            if card.source != "convergence":
                _apply_to_fighters(played[card.side], printed[card.side], [card.bearer], rule, notes[card.side], label)
                continue
            sides = {"aspirant": [battle.aspirant], "adversary": [camp.other(battle.aspirant)],
                     "both": ["a", "b"]}.get(rule.side, [])
            if rule.kind == "reserve":
                for s in sides:
                    _change_reserve(played[s], rule.amount)
                    _change_reserve(printed[s], rule.amount)
            elif rule.kind == "battle":
                effects.append(Twist(name=card.name, text=card.text, effect=rule.effect))
            elif rule.kind == "scoring":
                scoring.append(rule.rule)
            else:
                for s in sides:
                    _apply_to_fighters(played[s], printed[s], matching(loaded.warbands[s], rule.fighters), rule,
                                       notes[s], label)
    for s in ("a", "b"):
        _write_notes(printed[s], notes[s])
    base = battle_card(battle.card)
    card = base.model_copy(update={"scoring": list(base.scoring) + scoring,
                                   "tie": "tiebreakers" if base.tie == "draw" else base.tie})
    twist = twist_card(battle.twist) if battle.twist else None
    return BattleInputs(played, printed, card, twist, effects, battle.seat_a, in_play)
