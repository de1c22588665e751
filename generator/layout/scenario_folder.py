"""A scenario's folder: ``scenario.yaml``, ``booklet.pdf``, ``map.svg`` and ``cards.pdf``.

The scenario generator (:mod:`generator.scenarios.generate`) decides the battle; this module
prints it. Every file is rendered in memory before the first is written, and files the tool did
not write are kept unless ``force``, so a failed or refused run leaves the folder as it was.
"""

from __future__ import annotations

from pathlib import Path


SCENARIO_FILES = ("scenario.yaml", "booklet.pdf", "map.svg", "cards.pdf")


def check_scenario_folder(out_dir: Path, force: bool = False) -> None:
    """Refuse, before any battle is played, a folder where :func:`write_scenario` would have to
    replace a file the tool did not write (or anything that is not a regular file): a search of
    minutes must not end in "already exists"."""
    from generator.files import Manifest

    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        return
    manifest = Manifest(out_dir)
    for name in SCENARIO_FILES:
        manifest.may_write(out_dir / name, force)


def write_scenario(generated, out_dir: Path, force: bool = False, page: str = "a4",
                   ink_saver: bool = False, hex_size_mm: float | None = None) -> list[Path]:
    """``DIR/scenario.yaml``, ``DIR/booklet.pdf``, ``DIR/map.svg`` and ``DIR/cards.pdf``, all
    rendered before the first is written; files the tool did not write are kept unless ``force``.
    ``page``, ``ink_saver`` and ``hex_size_mm`` print the booklet as ``skirmish booklet`` does."""
    from generator.files import Manifest, ensure_folder, write_atomic
    from generator.layout.battle_map import map_svg
    from generator.layout.booklet import booklet_bytes
    from generator.layout.deck import PrintOptions, print_deck
    from generator.layout.sizes import card_size, page_size
    from generator.scenarios.model import dump_scenario

    out_dir = Path(out_dir)
    ensure_folder(out_dir)
    manifest = Manifest(out_dir)
    targets = {name: out_dir / name for name in SCENARIO_FILES[:3]}
    for target in [*targets.values(), out_dir / SCENARIO_FILES[3]]:  # the deck's too, before anything is written
        manifest.may_write(target, force)
    loaded = generated.loaded
    texts = {
        "scenario.yaml": dump_scenario(generated.scenario),
        "booklet.pdf": booklet_bytes(loaded, page=page, ink_saver=ink_saver, hex_size_mm=hex_size_mm),
        "map.svg": map_svg(loaded.board, loaded.scenario.title),
    }
    written = []
    for name, blob in texts.items():
        written.append(write_atomic(targets[name], blob))
    manifest.record(written, group="scenario")
    deck = print_deck(scenario_cards(loaded), out_dir, PrintOptions(page=page_size(page), card=card_size("poker")),
                      name="cards", force=force)
    return written + list(deck.files)


def scenario_cards(loaded) -> list:
    """Both forces' combatant cards, side A first."""
    from generator.layout.cards import cards_for

    name = loaded.system.name
    return [card for side in ("a", "b")
            for card in cards_for(name, loaded.rosters[side], loaded.system.combatants(loaded.rosters[side]))]
