"""What a Gorechosen fighter reference card, an action card and the game's tracks hold.

The models mirror the printed components: a champion has a Healthy and a Wounded side (attack
profiles per kill-zone band and the kill zone itself), a health track with some spaces marked
Wounded, a unique action, a unique rule and the fate-of-the-slain text on the back. Limits the
book gives or implies are checked here so a content file with a typo or an impossible number is
refused with the field, the value and what is allowed.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from generator.names import Name
from generator.systems.gorechosen import effects
from generator.systems.gorechosen.arcs import distance

Source = Literal["book", "ours", "example", "built"]
"""Where a champion's numbers come from: printed in the book, our own, an example roster, or
made by the random builder or the calculator."""

MAX_REACH = 3
"""The furthest a kill-zone hex may lie from the fighter (no printed fighter reaches past 2)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Profile(_Strict):
    """An attack profile: the score each dice needs to hit and the wounds each hit inflicts."""

    to_hit: int = Field(ge=2, le=6, description="each dice scoring this or more is a hit (2+ .. 6+)")
    wounds: int = Field(ge=1, le=6, description="wounds inflicted per hit")

    @field_validator("to_hit", mode="before")
    @classmethod
    def _plus(cls, value):
        """Accept the printed form ``3+`` as well as ``3``."""
        if isinstance(value, str) and value.strip().endswith("+"):
            return value.strip()[:-1]
        return value

    def label(self) -> str:
        return f"{self.to_hit}+ / {self.wounds}W"


class ZoneHex(_Strict):
    """One kill-zone hex as an axial offset for a fighter at (0, 0) facing up the card (N, facing
    2 in :mod:`arcs`), and its band."""

    q: int
    r: int
    band: str = Field(min_length=1)

    @property
    def offset(self) -> tuple[int, int]:
        return (self.q, self.r)


class Side(_Strict):
    """One side of the card's damage boxes: Healthy or Wounded."""

    profiles: dict[str, Profile] = Field(min_length=1, description="attack profile per kill-zone band")
    kill_zone: list[ZoneHex] = Field(min_length=1)

    @field_validator("kill_zone")
    @classmethod
    def _zone_hexes(cls, hexes: list[ZoneHex], info):
        seen: set[tuple[int, int]] = set()
        for i, h in enumerate(hexes):
            if h.offset == (0, 0):
                raise ValueError(f"hex {i} is the fighter's own hex (0, 0); a kill zone lists other hexes")
            reach = distance((0, 0), h.offset)
            if reach > MAX_REACH:
                raise ValueError(f"hex {i} ({h.q}, {h.r}) is {reach} hexes away; the maximum reach is {MAX_REACH}")
            if h.offset in seen:
                raise ValueError(f"hex ({h.q}, {h.r}) is listed twice")
            seen.add(h.offset)
        profiles = info.data.get("profiles")
        if profiles:
            for h in hexes:
                if h.band not in profiles:
                    raise ValueError(
                        f"band {h.band!r} of hex ({h.q}, {h.r}) has no attack profile: "
                        f"choose one of {', '.join(sorted(profiles))}"
                    )
            unused = sorted(set(profiles) - {h.band for h in hexes})
            if unused:
                raise ValueError(f"profile band(s) {', '.join(unused)} have no hexes in the kill zone")
        return hexes

    def band_of(self, offset: tuple[int, int]) -> str | None:
        for h in self.kill_zone:
            if h.offset == offset:
                return h.band
        return None


class HealthTrack(_Strict):
    """The health track: ``length`` spaces, top (1) to bottom; some spaces are marked Wounded.

    Injury markers cover the track from the top down. Once a space listed in ``wounded_boxes``
    is covered the fighter turns Wounded: the Damage markers move over the Healthy boxes. The
    bottom space cannot be a Wounded box (covering it slays the fighter).

    ``start`` is the space the Health marker starts the duel on: the top one in the book. A
    handicap may start it lower, so the champion begins ``start - 1`` wounds down; that is the
    scenario generator's fine step of strength (:mod:`generator.systems.gorechosen.knob`).
    """

    length: int = Field(ge=2, le=10)
    wounded_boxes: list[int] = Field(min_length=1)
    start: int = Field(default=1, ge=1, description="the space the Health marker starts on (1 = top)")

    @field_validator("wounded_boxes")
    @classmethod
    def _boxes(cls, boxes: list[int], info):
        length = info.data.get("length")
        if len(set(boxes)) != len(boxes):
            raise ValueError("a Wounded box is listed twice")
        for b in boxes:
            if b < 1:
                raise ValueError(f"{b} is below the minimum 1 (the top space)")
            if length is not None and b >= length:
                raise ValueError(
                    f"{b} is above the maximum {length - 1} for a track of {length} spaces "
                    f"(covering the bottom space slays the fighter)"
                )
        return sorted(boxes)

    @field_validator("start")
    @classmethod
    def _start(cls, start: int, info):
        length = info.data.get("length")
        if length is not None and start >= length:
            raise ValueError(
                f"{start} is above the maximum {length - 1} for a track of {length} spaces "
                f"(the marker reaching the bottom space places an Injury marker)"
            )
        return start


class _Ability(_Strict):
    """What every printed ability shares: a ``kind`` from the effect vocabulary
    (:mod:`generator.systems.gorechosen.effects`) and its ``params``, or ``flavour: true`` for a
    text the engine does not play (printed greyed, counted as not simulated)."""

    kind: str | None = None
    params: dict[str, int] = Field(default_factory=dict, description="the kind's numbers, e.g. dice: 4")
    flavour: bool = Field(default=False, description="printed, greyed, and not played by the simulator")

    FAMILY: ClassVar[str] = "unique action"
    _full: dict[str, int] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _in_vocabulary(self):
        effects.check(self.FAMILY, self.kind, dict(self.params), self.flavour)
        return self

    def model_post_init(self, context: Any) -> None:
        self._full = {} if self.flavour else effects.check(self.FAMILY, self.kind, dict(self.params), False)

    @property
    def played(self) -> str | None:
        """The kind the engine plays (None: flavour only)."""
        return None if self.flavour else self.kind

    def value(self, name: str) -> int:
        """A parameter as the engine plays it: as written, or the kind's default. (Read from the
        private store directly: ``self._full`` goes through pydantic's ``__getattr__``, some
        microseconds a read, and a battle reads these thousands of times.)"""
        return self.__pydantic_private__["_full"][name]


class UniqueAction(_Ability):
    """The action only this fighter has; it costs two discarded Action cards."""

    name: Name
    text: str = Field(min_length=1)
    kind: str | None = Field(default=None, description="what it does: " + " / ".join(effects.ACTIONS))


class UniqueRule(_Ability):
    """The fighter's always-on rule; ``healthy``/``wounded`` hold the two printed variants if any."""

    name: Name
    text: str = Field(min_length=1)
    healthy: str | None = None
    wounded: str | None = None
    kind: str | None = Field(default=None, description="what it does: " + " / ".join(effects.RULES))

    FAMILY: ClassVar[str] = "unique rule"


class Fate(_Ability):
    """What the Fate of the Slain on the back of the card does (its words are ``fate_of_the_slain``).

    Written as a kind alone (``fate: burst``), or with numbers (``fate: {kind: burst, params:
    {roll: 4}}``); the names of older files (``last_swing``...) still load.
    """

    FAMILY: ClassVar[str] = "Fate of the Slain"
    kind: str | None = Field(default=None, description="what it does: " + " / ".join(effects.FATES))

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value):
        if value is None:  # left out: the "no kind" error names the vocabulary
            value = {}
        if isinstance(value, str):
            value = {"kind": value}
        if isinstance(value, dict) and value.get("kind") in effects.FATE_ALIASES:
            kind, params = effects.FATE_ALIASES[value["kind"]]
            value = {**value, "kind": kind, "params": {**params, **(value.get("params") or {})}}
        return value


class Champion(_Strict):
    """A fighter reference card (both faces)."""

    name: Name
    source: Source = Field(description="book: numbers printed in the rulebook; ours: our own numbers")
    note: str | None = Field(default=None, description="what is printed and what we supplied")
    healthy: Side
    wounded: Side
    health: HealthTrack
    unique_action: UniqueAction
    unique_rule: UniqueRule
    fate_of_the_slain: str = Field(min_length=1)
    fate: Fate = Field(default=None, validate_default=True,
                       description="what the Fate of the Slain does: a kind of the effect vocabulary, or flavour: true")

    @property
    def not_simulated(self) -> list[str]:
        """The printed abilities marked flavour-only, which no simulated battle plays (a balance
        report says how many)."""
        out = []
        if self.unique_action.flavour:
            out.append(f"{self.name}: {self.unique_action.name}")
        if self.unique_rule.flavour:
            out.append(f"{self.name}: {self.unique_rule.name}")
        if self.fate.flavour:
            out.append(f"{self.name}: Fate of the Slain")
        return out


class Roster(_Strict):
    """A content file of ``kind: roster``: a named set of champions."""

    name: Name
    note: str | None = None
    champions: list[Champion] = Field(min_length=1)

    @field_validator("champions")
    @classmethod
    def _unique_names(cls, champions: list[Champion]):
        names = [c.name for c in champions]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"champion name(s) used twice: {', '.join(dupes)}")
        return champions

    @property
    def not_simulated(self) -> list[str]:
        """Every flavour-only ability of the roster's champions (``Champion.not_simulated``)."""
        return [a for c in self.champions for a in c.not_simulated]


# -- action cards ---------------------------------------------------------------------------

Facing = Literal["choose", "forward", "backward"]
"""Facing icons: choose any facing; face the way you travelled; face the hex you backed out of."""


class MoveAction(_Strict):
    hexes: int = Field(ge=1, le=6)
    facing: Facing
    wrath: int = Field(default=0, ge=-3, le=3, description="Wrath modifier, applied before the action")


class AttackAction(_Strict):
    name: str = "Attack"
    dice: int = Field(ge=1, le=8)
    wrath: int = Field(default=0, ge=-3, le=3)
    crippling: bool = Field(default=False, description="any 6 resolves a Critical Injury at once")


class SpecialAction(_Strict):
    name: Name
    kind: Literal["block", "parry", "dodge", "shove", "wrath", "step", "taunt"]
    text: str = Field(min_length=1)
    wrath: int = Field(default=0, ge=-3, le=3)
    params: dict[str, int] = Field(default_factory=dict)


class ActionCard(_Strict):
    name: Name
    copies: int = Field(default=1, ge=1, le=24)
    move: MoveAction
    attack: AttackAction
    special: SpecialAction


class _Deck(_Strict):
    """A deck file: each card with its number of ``copies``, which must add up to ``size``."""

    @model_validator(mode="after")
    def _count(self):
        total = sum(c.copies for c in self.cards)
        if total != self.size:
            raise ValueError(f"the cards add up to {total} copies; the deck must hold exactly {self.size}")
        return self

    def expanded(self) -> list:
        """Every physical card, copies repeated, in file order."""
        return [c for c in self.cards for _ in range(c.copies)]


class ActionDeck(_Deck):
    """``kind: action_deck``: the Action cards, shuffled and dealt five a player each round."""

    name: Name
    note: str | None = None
    size: int = Field(default=24, ge=6, le=60, description="the book's deck has 24 cards")
    hand: int = Field(default=5, ge=1, le=10)
    cards: list[ActionCard] = Field(min_length=1)


class CriticalInjury(_Strict):
    name: Name
    copies: int = Field(default=1, ge=1, le=12)
    text: str = Field(min_length=1)
    effect: Literal["wounds", "discard", "wrath_down", "turn", "slain", "none"]
    amount: int = Field(default=0, ge=0, le=6)


class CriticalDeck(_Deck):
    """``kind: critical_deck``: one card is drawn per Injury marker placed."""

    name: Name
    note: str | None = None
    size: int = Field(default=12, ge=1, le=60)
    cards: list[CriticalInjury] = Field(min_length=1)


class WrathTrack(_Strict):
    """``kind: wrath_track``: the Wrath value printed by each space, bottom to top.

    Everyone starts on ``start`` (the orange space, 0-based). A player puts in as many Initiative
    cards as their Wrath, but never more than ``initiative_cards`` (the cards they own).
    """

    name: Name
    note: str | None = None
    spaces: list[int] = Field(min_length=2)
    start: int = Field(ge=0)
    initiative_cards: int = Field(default=4, ge=1, le=8)

    @field_validator("spaces")
    @classmethod
    def _rising(cls, spaces: list[int]):
        if any(v < 0 for v in spaces):
            raise ValueError("a Wrath value is negative; values start at 0 or more")
        if any(b < a for a, b in zip(spaces, spaces[1:])):
            raise ValueError("Wrath values must not fall as the track rises")
        return spaces

    @field_validator("start")
    @classmethod
    def _start(cls, start: int, info):
        spaces = info.data.get("spaces")
        if spaces and start >= len(spaces):
            raise ValueError(f"{start} is above the maximum {len(spaces) - 1} (the top space)")
        return start


class KillZoneShape(_Strict):
    """A named kill-zone shape for the builder and the calculator (offsets facing N)."""

    name: Name
    text: str = Field(min_length=1)
    bands: list[str] = Field(min_length=1, max_length=3)
    hexes: list[ZoneHex] = Field(min_length=1)

    @model_validator(mode="after")
    def _valid(self):
        Side(profiles={b: Profile(to_hit=4, wounds=1) for b in self.bands}, kill_zone=self.hexes)
        return self


class ShapeLibrary(_Strict):
    """``kind: shapes``: the legal kill-zone shapes the builder and calculator choose from."""

    name: Name
    note: str | None = None
    shapes: list[KillZoneShape] = Field(min_length=1)

    def get(self, name: str) -> KillZoneShape:
        for s in self.shapes:
            if s.name == name:
                return s
        raise KeyError(name)


class RatingReference(_Strict):
    """``kind: rating``: what the rating assumes about where an enemy stands when you act.

    ``engagement`` gives, for each hex around a fighter facing N, the chance the enemy stands
    there when the fighter wants to attack; the chances add up to 1. ``reference`` names the
    champion whose rating is 100.
    """

    name: Name
    note: str | None = None
    reference: str
    engagement: list[dict[str, float]] = Field(min_length=1)
    phase_weights: dict[Literal["healthy", "wounded"], float] = Field(
        default_factory=lambda: {"healthy": 1.0, "wounded": 1.0},
        description="what a wound of each phase is worth (1 and 1: the plain linear law)",
    )
    first_strike: float = Field(
        default=0.0, ge=0, le=6,
        description="wounds the enemy deals before a fighter can reply as they close (off the Healthy phase first)",
    )
    hits_cancelled: float = Field(
        default=0.0, ge=0, le=2,
        description="hits a defence card takes off an attack, on average (Block/Parry 1, Dodge 2)",
    )
    unique_actions: dict[str, float] = Field(
        default_factory=dict,
        description="a factor on the rating per unique action, by name (not listed: 1)",
    )
    fitted: dict[str, Any] | None = Field(default=None, description="how the numbers were fitted (provenance only)")

    @field_validator("phase_weights")
    @classmethod
    def _both_phases(cls, weights: dict[str, float]):
        if set(weights) != {"healthy", "wounded"}:
            raise ValueError("phase_weights needs exactly healthy and wounded")
        if any(w <= 0 for w in weights.values()):
            raise ValueError(f"phase weights must be above 0, got {weights}")
        return weights

    @field_validator("unique_actions")
    @classmethod
    def _positive_factors(cls, factors: dict[str, float]):
        for name, f in factors.items():
            if f <= 0:
                raise ValueError(f"unique_actions.{name}: factor {f} must be above 0")
        return factors

    @field_validator("engagement")
    @classmethod
    def _sums_to_one(cls, cells: list[dict[str, float]]):
        for i, c in enumerate(cells):
            if set(c) != {"q", "r", "p"}:
                raise ValueError(f"entry {i} must have exactly q, r and p")
            if c["p"] < 0:
                raise ValueError(f"entry {i}: chance {c['p']} is negative")
        total = sum(c["p"] for c in cells)
        if abs(total - 1.0) > 1e-6:
            raise ValueError(f"the chances add up to {total:g}, not 1")
        return cells


class Limits(_Strict):
    """What the random builder and the calculator allow (inclusive ranges)."""

    to_hit: tuple[int, int] = (2, 6)
    wounds: tuple[int, int] = (1, 4)
    health: tuple[int, int] = (4, 7)
    wounded_worse_to_hit: tuple[int, int] = (0, 2)
    wounded_fewer_wounds: tuple[int, int] = (0, 1)


class BuilderTables(_Strict):
    """``kind: builder``: limits and the tables the random builder rolls on (all our own)."""

    name: Name
    note: str | None = None
    limits: Limits
    first_names: list[str] = Field(min_length=1)
    epithets: list[str] = Field(min_length=1)
    unique_actions: list[UniqueAction] = Field(min_length=1)
    unique_rules: list[UniqueRule] = Field(min_length=1)
    fates: list["BuilderFate"] = Field(min_length=1)


class BuilderFate(_Strict):
    """A Fate of the Slain the random builder may roll: its words and what it does."""

    text: str = Field(min_length=1)
    fate: Fate
