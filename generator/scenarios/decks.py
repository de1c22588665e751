"""Scenario decks: the cards a scenario is drawn from, and how players pick one.

Every system's decks are content files (``content/<system>/...``) read through the content
library, so a user's ``--content`` folder can add or replace cards:

* Bladeborn: ``kind: battle-card`` (one card a file) and ``kind: twist`` (a deck), the box's
  own card types, with their rules as data (``scoring``, ``effect``);
* every other system: ``kind: deck`` files, each one deck (``deck: deployment``, ``victory``,
  ``twist``, ``scenario``, ``variant``, ``tale``, ``terrain`` or ``setup``) of cards whose
  structured parts (deployment, objectives, victory, effect, terrain) the scenario generator
  turns into a scenario, and whose prose is our own words.

:func:`draw` picks a card the ways players know: ``random`` (shuffle and draw), ``veto`` (deal
three, each player strikes one, the last card stands) and ``underdog`` (the weaker side, by
cost or by simulated win rate, chooses).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Literal, Optional, Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator import registry
from generator.errors import ContentError, SkirmishError
from generator.scenarios import rules
from generator.scenarios.rules import Rule, Scoring

DECK_TYPES = ("deployment", "victory", "twist", "scenario", "variant", "tale", "terrain", "setup")
MODES = ("random", "veto", "underdog")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SideSpec(_Strict):
    """Where a side sets up, relative to the board (so a card fits any map of the system)."""

    edge: Literal["north", "south", "east", "west"]
    depth: int = Field(default=1, ge=1, le=10)
    role: Optional[Literal["attacker", "defender"]] = None
    reserve: Optional[Literal["north", "south", "east", "west"]] = Field(
        default=None, description="the edge reserves arrive on, if the side keeps reserves")


class DeploymentSpec(_Strict):
    a: SideSpec
    b: SideSpec
    first: Optional[Literal["a", "b", "attacker", "defender"]] = None
    reserves_from_round: Optional[int] = Field(default=None, ge=2, le=12)
    min_gap: Optional[int] = Field(default=None, ge=1, le=10)

    @model_validator(mode="after")
    def _apart(self) -> "DeploymentSpec":
        if self.a.edge == self.b.edge:
            raise ValueError(f"both sides set up on the {self.a.edge} edge; give them different edges")
        return self


class ObjectiveSpec(_Strict):
    """Objectives to place on the map when the scenario is made."""

    count: int = Field(ge=1, le=8)
    kind: Literal["objective", "relic", "chest", "door"] = "objective"
    placement: Literal["centre", "line", "corners", "scattered", "defender_half", "middle_band", "far_edges"] = "scattered"
    points: int = Field(default=0, ge=0, le=100)
    name: Optional[str] = None


class VictorySpec(_Strict):
    scoring: list[Scoring] = Field(min_length=1)
    rounds: Optional[int] = Field(default=None, ge=1, le=30)
    tie: rules.TieKind = "draw"


class TerrainSpec(_Strict):
    """Terrain for a generated map: the boards package's terrain layers (kind, density, clusters)."""

    layers: list[dict[str, Any]] = Field(default_factory=list)
    size: Optional[tuple[int, int]] = None
    map: Optional[str] = Field(default=None, description="a named map instead of a generated one")

    @model_validator(mode="after")
    def _something(self) -> "TerrainSpec":
        if not self.layers and not self.map:
            raise ValueError("give terrain layers to generate, or a named map")
        if self.layers:
            from generator.boards.mapgen import TerrainLayer

            for layer in self.layers:
                TerrainLayer.model_validate(layer)
        return self


class DeckCard(_Strict):
    name: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, description="the card's rules in our own words")
    flavour: Optional[str] = None
    deployment: Optional[DeploymentSpec] = None
    objectives: list[ObjectiveSpec] = Field(default_factory=list)
    victory: Optional[VictorySpec] = None
    effect: Optional[Rule] = None
    terrain: Optional[TerrainSpec] = None
    setup: Optional[dict[Literal["a", "b"], SideSpec]] = Field(default=None, description="Bladestorm: each player's set-up")
    first: Optional[Literal["a", "b"]] = None


#: What a card of each deck type must carry.
NEEDS = {"deployment": ("deployment",), "victory": ("victory",), "twist": ("effect",), "variant": ("effect",),
         "scenario": ("victory", "objectives"), "tale": (), "terrain": ("terrain",), "setup": ("setup",)}


class Deck(_Strict):
    """A deck of scenario cards (content kind ``deck``) for one system."""

    name: str = Field(min_length=1)
    deck: Literal["deployment", "victory", "twist", "scenario", "variant", "tale", "terrain", "setup"]
    example: bool = False
    note: Optional[str] = None
    cards: list[DeckCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _complete(self) -> "Deck":
        seen = set()
        for i, card in enumerate(self.cards):
            for need in NEEDS[self.deck]:
                if not getattr(card, need):
                    raise ValueError(f"cards[{i}] ({card.name}): a {self.deck} card needs {need}")
            if card.name in seen:
                raise ValueError(f"cards[{i}]: {card.name!r} is in the deck twice")
            seen.add(card.name)
        return self


# ---- loading ------------------------------------------------------------------------------------


def check_card_rules(system: str, card: Any, where: str) -> list[str]:
    """Scoring and effect kinds on one card that the system's engine cannot execute."""
    out = []
    victory = getattr(card, "victory", None)
    scoring = list(getattr(victory, "scoring", None) or []) if not isinstance(victory, str) else []
    scoring += list(getattr(card, "scoring", None) or [])
    for rule in scoring:
        msg = rules.check_kind(rules.SCORING, "scoring rule", system, rule.kind)
        params = {k: v for k, v in (rule.model_extra or {}).items() if k not in ("points", "when", "from_round")}
        if msg is None:
            msg = "; ".join(f"{p[0][0]} {m}" for p, m in [(l, m) for l, m in rules.check_params(
                rules.SCORING[rule.kind], params)]) or None
        if msg:
            out.append(f"{where}: {card.name}: scoring: {msg}")
    effect = getattr(card, "effect", None)
    if effect is not None:
        msg = rules.check_kind(rules.EFFECTS, "twist effect", system, effect.kind)
        if msg is None:
            msg = "; ".join(f"{loc[0]} {m}" for loc, m in rules.check_params(
                rules.EFFECTS[effect.kind], dict(effect.model_extra or {}))) or None
        if msg:
            out.append(f"{where}: {card.name}: effect: {msg}")
    return out


DECK_KINDS = ("battle-card", "twist", "deck")
_KIND_LINE = re.compile(r"^kind:\s*['\"]?([\w-]+)", re.M)


@lru_cache(maxsize=256)
def _load_deck_file(path: str, stamp: int):
    from generator.content import load_file

    return load_file(path)


def _deck_files(system: str) -> list[Path]:
    """The system's content files that hold cards (read a line, not the whole file, to decide)."""
    from generator.content import library
    from generator.content.source import read_text
    from generator.errors import ContentError

    out = []
    for rel, path in library().files().items():
        if not rel.startswith(f"{system}/"):
            continue
        try:
            head = _KIND_LINE.search(read_text(path))  # capped: a huge or unreadable file is not read whole
        except ContentError:
            out.append(path)  # loading it names the problem
            continue
        if head and head.group(1) in DECK_KINDS:
            out.append(path)
    return out


def decks(system: str) -> dict[str, list[Any]]:
    """Every card of ``system`` by deck type (``scenario`` holds Bladeborn's battle cards)."""
    from generator.content.source import display_path

    out: dict[str, list[Any]] = {t: [] for t in DECK_TYPES}
    problems: list[str] = []
    for path in _deck_files(system):
        loaded = _load_deck_file(str(path), path.stat().st_mtime_ns)
        if loaded.system != system:
            continue
        where = display_path(loaded.path)
        if loaded.kind == "battle-card":  # a whole battle: map, set-up and victory
            out["scenario"].append(loaded.model)
            problems += check_card_rules(system, loaded.model, where)
        elif loaded.kind == "twist":
            for card in loaded.model.cards:
                out["twist"].append(card)
                problems += check_card_rules(system, card, where)
        elif loaded.kind == "deck":
            out[loaded.model.deck].extend(loaded.model.cards)
            for card in loaded.model.cards:
                problems += check_card_rules(system, card, where)
    if problems:
        raise ContentError(problems[0], problems=problems)
    return out


def card_names(system: str) -> dict[str, list[str]]:
    """The names of every card by deck type; a deployment or victory card may also be a
    scenario card (SagaBorn's scenarios set both)."""
    names = {k: [c.name for c in v] for k, v in decks(system).items()}
    names["victory"] = names["victory"] + names["scenario"]
    names["deployment"] = names["deployment"] + names["scenario"] + names["setup"]
    names["twist"] = names["twist"] + names["variant"]
    return names


def find_card(system: str, deck: str, name: str):
    for card in decks(system)[deck]:
        if card.name == name:
            return card
    raise ContentError(f"{name!r} is not a {system} {deck} card; choose one of "
                       f"{', '.join(c.name for c in decks(system)[deck]) or 'none'}")


# ---- drawing ------------------------------------------------------------------------------------


@dataclass
class Underdog:
    """"The underdog chooses", as a pick mode a recipe passes to :func:`draw` like a mode name.

    Each draw deals a hand and ``underdog`` keeps one card: the ``k``-th hand dealt keeps the
    card at ``script[k]`` (the first card once the script runs out), and every hand and kept
    card is recorded. The scenario generator replays a recipe with different scripts to let the
    simulated underdog keep the card it does best on; the deal itself never changes, since each
    draw has its own random stream.
    """

    underdog: str
    script: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    mode: str = "underdog"

    def choose(self, side: str, cards: Sequence[Any]) -> Any:
        k = len(self.hands)
        index = self.script[k] if k < len(self.script) else 0
        card = cards[min(index, len(cards) - 1)]
        self.hands.append([c.name for c in cards])
        self.kept.append(card.name)
        return card


def draw(deck: Sequence[Any], mode: str, rng, *, underdog: str | None = None,
         strike: Callable[[str, Sequence[Any]], Any] | None = None,
         choose: Callable[[str, Sequence[Any]], Any] | None = None, hand: int = 3) -> Any:
    """Pick one card from ``deck`` the way the players agreed.

    * ``random``: shuffle and take the top card.
    * ``veto``: deal ``hand`` cards face up; player a strikes one, then player b, and so on until
      one card is left. ``strike(side, cards)`` returns the card that side strikes (default: a
      random one, for simulations).
    * ``underdog``: the weaker side (``underdog``, "a" or "b", e.g. the cheaper force or the one
      the simulation says loses more) looks at ``hand`` cards and keeps one;
      ``choose(side, cards)`` decides (default: a random one).

    ``rng`` is the project's seeded :class:`generator.dice.rng.Rng` (or ``random.Random``), so
    the same seed draws the same card.
    """
    if isinstance(mode, Underdog):
        mode, underdog, choose = "underdog", mode.underdog, mode.choose
    cards = list(deck)
    if not cards:
        raise SkirmishError("cannot draw from an empty deck")
    if mode not in MODES:
        raise SkirmishError(f"unknown pick mode {mode!r}: choose one of {', '.join(MODES)}")
    pick = _picker(rng)
    if mode == "random":
        return cards[pick(len(cards))]
    dealt = _deal(cards, min(hand, len(cards)), pick)
    if mode == "veto":
        side = "a"
        while len(dealt) > 1:
            struck = strike(side, list(dealt)) if strike else dealt[pick(len(dealt))]
            if struck not in dealt:
                raise SkirmishError(f"player {side} struck a card that is not on the table")
            dealt.remove(struck)
            side = "b" if side == "a" else "a"
        return dealt[0]
    if underdog not in ("a", "b"):
        raise SkirmishError("the underdog chooses: say which side is the underdog (a or b)")
    chosen = choose(underdog, list(dealt)) if choose else dealt[pick(len(dealt))]
    if chosen not in dealt:
        raise SkirmishError(f"player {underdog} chose a card that was not dealt")
    return chosen


def underdog_of(win_rate_a: float | None = None, costs: dict[str, float] | None = None) -> str:
    """The side that chooses: the one the simulation gives less than half, else the cheaper force."""
    if win_rate_a is not None and win_rate_a != 0.5:
        return "a" if win_rate_a < 0.5 else "b"
    if costs:
        return "a" if costs.get("a", 0) <= costs.get("b", 0) else "b"
    return "a"


def _picker(rng) -> Callable[[int], int]:
    from generator.dice.rng import Rng

    if isinstance(rng, Rng):
        return lambda n: rng.integers(0, n - 1)  # the project's Rng: both ends inclusive
    if hasattr(rng, "randrange"):
        return lambda n: rng.randrange(n)
    if hasattr(rng, "integers"):  # numpy Generator: high exclusive
        return lambda n: int(rng.integers(0, n))
    if hasattr(rng, "randint"):
        return lambda n: rng.randint(0, n - 1)
    raise SkirmishError("draw needs a seeded random source (randrange, integers or randint)")


def _deal(cards: list[Any], n: int, pick: Callable[[int], int]) -> list[Any]:
    pool = list(cards)
    out = []
    for _ in range(n):
        out.append(pool.pop(pick(len(pool))))
    return out


# ---- from cards to scenario parts ---------------------------------------------------------------


def battle_card_parts(card) -> dict[str, Any]:
    """A Bladeborn battle card as scenario fields: its map (by name), extra blocked hexes,
    deployment, objectives and victory, with the card's axial hexes turned into the board's
    printed ``"col,row"`` cells (the scenario's coordinates)."""
    from generator.boards.mapfile import format_cell, load_map
    from generator.content import library

    board = load_map(library().path(f"maps/{card.map}.yaml"))
    grid = board.grid_obj()

    def cells(hexes):
        return [format_cell(grid.from_axial(tuple(h))) for h in hexes]

    deployment = {side: {"start": cells(setup.start), "reserve": cells(setup.reserve), "label": setup.symbol,
                         **({"role": card.roles[side]} if side in getattr(card, "roles", {}) else {})}
                  for side, setup in card.players.items()}
    deployment.update(card=card.name, reserves_from_round=2)
    return {
        "map": card.map,
        "blocked": cells(card.blocked),
        "deployment": deployment,
        "objectives": [{"cell": c} for c in cells(card.objectives)],
        "victory": {"card": card.name, "rounds": card.rounds, "tie": card.tie,
                    "scoring": [r.model_dump() for r in card.scoring]},
    }


def deployment_parts(card) -> dict[str, Any]:
    """A deployment (or set-up, or scenario) card's set-up as a scenario's ``deployment``:
    edges and depths per side; "attacker"/"defender" in ``first`` become the side holding that role."""
    spec = card.deployment if getattr(card, "deployment", None) else None
    sides = ({"a": spec.a, "b": spec.b} if spec else dict(card.setup or {}))
    if not sides:
        raise SkirmishError(f"card {card.name!r} has no set-up")
    out: dict[str, Any] = {"card": card.name}
    for key, side in sides.items():
        out[key] = {"edge": side.edge, "depth": side.depth, **({"role": side.role} if side.role else {})}
    first = spec.first if spec else getattr(card, "first", None)
    if first in ("attacker", "defender"):
        first = next((k for k, s in sides.items() if s.role == first), None)
    if first:
        out["first"] = first
    if spec and spec.reserves_from_round:
        out["reserves_from_round"] = spec.reserves_from_round
    if spec and spec.min_gap:
        out["min_gap"] = spec.min_gap
    return out


registry.register_kind("deck", model=Deck)  # every system's decks share one format
