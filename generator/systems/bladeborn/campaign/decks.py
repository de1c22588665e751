"""The campaign's cards as the content library has them (``--content`` overrides and adds).

* convergence decks (``kind: convergences``): the deck of a warband is the one naming its faction
  runemark; a warband without one plays the ``default: true`` deck. A deck in the user's
  ``--content`` folder wins over a built-in deck for the same faction;
* the lesser artefact deck (``kind: lesser-artefacts``): one deck, the user's if they have one;
* the battle cards and twists the campaign draws from: the Bladeborn engine's own
  (``battle.executable_twists``; every battle card of the library).
"""

from __future__ import annotations

from pathlib import Path

from generator.content import display_path
from generator.content.library import library
from generator.errors import ContentError


def _from_user(path: Path) -> bool:
    lib = library()
    if lib.user_dir is None:
        return False
    try:
        Path(path).resolve().relative_to(Path(lib.user_dir).resolve())
        return True
    except ValueError:
        return False


def convergence_decks() -> list[tuple[object, Path]]:
    """Every convergence deck, with its file."""
    return [(l.model, l.path) for l in library().load("bladeborn", "convergences")]


def _pick(found: list[tuple[object, Path]], what: str):
    if not found:
        return None
    mine = [f for f in found if _from_user(f[1])]
    chosen = mine or found
    if len(chosen) > 1:
        files = ", ".join(display_path(p) for _, p in chosen)
        raise ContentError(f"{files}: {len(chosen)} convergence decks are for {what}; keep one (a file at the same "
                           "path in --content replaces the built-in one)")
    return chosen[0][0]


def deck_for(warband) -> object:
    """The convergence deck a warband plays: its faction's, else the default deck."""
    decks = convergence_decks()
    own = _pick([(d, p) for d, p in decks if d.faction == warband.faction], f"faction {warband.faction!r}")
    if own is not None:
        return own
    default = _pick([(d, p) for d, p in decks if d.default], "every other warband (default: true)")
    if default is None:
        raise ContentError(f"{warband.name}: no convergence deck for faction {warband.faction!r} and no default deck "
                           "(kind: convergences, default: true) in the content folders")
    return default


def convergence_deck_named(name: str):
    """The convergence deck called ``name`` (the user's first), or None."""
    return _pick([(d, p) for d, p in convergence_decks() if d.name == name], f"the name {name!r}")


def lesser_deck():
    """The lesser artefact deck."""
    found = [(l.model, l.path) for l in library().load("bladeborn", "lesser-artefacts")]
    mine = [f for f in found if _from_user(f[1])]
    chosen = mine or found
    if not chosen:
        raise ContentError("no lesser artefact deck (kind: lesser-artefacts) in the content folders")
    if len(chosen) > 1:
        raise ContentError(f"{', '.join(display_path(p) for _, p in chosen)}: several lesser artefact decks; keep one")
    return chosen[0][0]


def lesser_card(name: str):
    for card in lesser_deck().cards:
        if card.name == name:
            return card
    raise ContentError(f"{name!r} is not a lesser artefact; the deck holds {', '.join(c.name for c in lesser_deck().cards)}")


def battle_cards() -> list:
    """The battle card deck a campaign shuffles: every battle card, in file order."""
    return [l.model for l in library().load("bladeborn", "battle-card")]


def battle_card(name: str):
    for card in battle_cards():
        if card.name == name:
            return card
    raise ContentError(f"{name!r} is not a battle card; choose one of {', '.join(c.name for c in battle_cards())}")


def twists() -> list:
    """The twist deck as the engine plays it (cards whose rule it carries out)."""
    from generator.systems.bladeborn.battle import executable_twists

    return [t for t, _ in executable_twists()]


def twist_card(name: str):
    for twist in twists():
        if twist.name == name:
            return twist
    raise ContentError(f"{name!r} is not a twist the engine plays; choose one of {', '.join(t.name for t in twists())}")
