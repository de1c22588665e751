"""Seating two rosters in the Gorechosen arena: who fights for each side in each variant.

``make_battle`` (``SYSTEM.make_battle``) turns two rosters and the options of a battle (variant,
map, the files the rosters came from) into the :class:`~generator.play.engine.Battle` the
engine plays; a roster that does not fit the variant is a one-line error naming its file.
"""

from __future__ import annotations

from typing import Any

from generator.play.engine import Battle

VARIANTS = ("duel", "time-limits", "drafting", "2v2", "single-combat", "kingslayer")


def default_map():
    """The arena the book's box holds (``content/maps/gorechosen-arena.yaml``)."""
    from generator.boards.mapfile import load_map

    from generator.content.library import library

    return load_map(library().path("maps/gorechosen-arena.yaml"))


def _where(options: dict, side: str, roster) -> str:
    files = options.get("files") or {}
    if files.get(side):
        return str(files[side])
    return f"roster {getattr(roster, 'name', side)!r} (side {side})"


def make_battle(force_a, force_b, options: dict | None = None) -> Battle:
    """Seat two rosters in the arena for ``options["variant"]`` (None or one of :data:`VARIANTS`).

    A duel (and Time Limits, Drafting, Single Combat) sends the first champion of each roster;
    2v2 the first two of each; Kingslayer the lone Champion (the roster with one champion) against
    the two or three champions of the other roster. ``options["map"]`` replaces the arena;
    ``options["files"]`` (side -> path) lets errors name the roster files.
    """
    from generator.errors import SkirmishError
    from generator.play.board import board_for

    options = dict(options or {})
    variant = options.get("variant") or "duel"
    if variant not in VARIANTS:
        raise SkirmishError(f"--variant: {variant!r} is not a Gorechosen variant; choose one of {', '.join(VARIANTS)}")
    for key in ("card", "twist"):
        if options.get(key):
            raise SkirmishError(f"--{'battle' if key == 'card' else key}: Gorechosen has no {key}s (got {options[key]!r}); "
                                f"use --variant ({', '.join(VARIANTS)})")
    rosters = {"a": force_a, "b": force_b}
    champions = {s: list(getattr(r, "champions", r)) for s, r in rosters.items()}
    rules: dict[str, Any] = {"variant": variant}
    if variant == "kingslayer":
        lone = [s for s in ("a", "b") if len(champions[s]) == 1]
        if len(lone) != 1:
            side = "a" if len(champions["a"]) != 1 else "b"
            raise SkirmishError(
                f"{_where(options, side, rosters[side])}: champions: Kingslayer needs one roster with exactly one champion "
                f"(the Champion) and one with 2 or 3 (the Challengers); got {len(champions['a'])} and {len(champions['b'])}"
            )
        other = "b" if lone[0] == "a" else "a"
        if len(champions[other]) not in (2, 3):
            raise SkirmishError(
                f"{_where(options, other, rosters[other])}: champions: Kingslayer needs 2 or 3 Challengers, "
                f"got {len(champions[other])}"
            )
        rules["champion_side"] = lone[0]
        forces = champions
    elif variant == "2v2":
        for s in ("a", "b"):
            if len(champions[s]) < 2:
                raise SkirmishError(f"{_where(options, s, rosters[s])}: champions: 2v2 needs two champions a side, "
                                    f"got {len(champions[s])}")
        forces = {s: champions[s][:2] for s in ("a", "b")}
    else:
        forces = {s: champions[s][:1] for s in ("a", "b")}
    board_map = options.get("map") or default_map()
    if board_map.grid != "hex":
        raise SkirmishError(f"--map: {board_map.name or 'the map'} is a square map; Gorechosen is played on hexes")
    board = board_for(board_map)
    names = {s: getattr(rosters[s], "name", s.upper()) for s in ("a", "b")}
    return Battle(system="gorechosen", forces=forces, board=board, rules=rules, names=names)
