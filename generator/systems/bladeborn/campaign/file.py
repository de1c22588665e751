"""The campaign file: the one source of truth for a campaign between two rivals.

``DIR/campaign.yaml`` (``system: bladeborn``, ``kind: campaign``) holds both warbands inline,
the convergence deck each plays, the artefacts of power and rewards each holds (and on which
fighter), the lesser artefacts in hand, the aspirant, the battle to play next (its battle card
and twist already drawn, so the booklet and the engine play the same battle) and every battle
played so far. A player may edit it by hand (give an artefact to another fighter, fix a
result); :func:`load_campaign` checks every field and every name against the warbands and the
decks, and reports each problem as ``file:line: field: message``. :func:`save_campaign` checks
and then replaces the file atomically, so an interrupted command leaves it as it was.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Optional

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from generator.content.errors import field_path, format_validation_error
from generator.content.loader import raise_problems
from generator.content.source import Source, display_path, read_source
from generator.errors import ContentError, SkirmishError
from generator.files import write_atomic
from generator.systems.bladeborn.campaign.cards import LEVELS, Level
from generator.systems.bladeborn.models import BladebornWarband

SideName = Literal["a", "b"]
FILE_NAME = "campaign.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Held(_Strict):
    """An artefact of power or a reward a warband holds, and the fighter who bears it.

    ``bearer`` is a fighter's name; a name that several fighters share takes its number among
    them (``Reed Stalker #2``)."""

    name: str = Field(min_length=1)
    bearer: str = Field(min_length=1)
    #: A reward: the player it was won against (it counts only against that player).
    against: Optional[str] = None


class CampaignSide(_Strict):
    player: str = Field(min_length=1, max_length=40)
    convergences: str = Field(min_length=1, description="the name of the warband's convergence deck")
    artefacts: list[Held] = Field(default_factory=list, max_length=2)
    rewards: list[Held] = Field(default_factory=list)
    lesser: list[str] = Field(default_factory=list, description="lesser artefacts in hand")
    warband: dict[str, Any]


class Used(_Strict):
    """A lesser artefact used in a battle, and on whom."""

    name: str = Field(min_length=1)
    bearer: str = Field(min_length=1)


class Battle(_Strict):
    """A campaign battle: drawn (``next``) or played (``history``)."""

    number: int = Field(ge=1)
    kind: Literal["battle", "convergence"]
    aspirant: Optional[SideName] = None
    level: Optional[Level] = None
    convergence: Optional[str] = Field(default=None, description="the convergence card in play")
    card: str = Field(min_length=1, description="the battle card")
    twist: Optional[str] = None
    #: The campaign side that takes the battle card's player A set-up (cards with attacker and
    #: defender roles seat the aspirant as player A; other cards let the set-up roll-off decide).
    seat_a: SideName = "a"
    #: Rewards the aspirant discarded before this battle (their final convergence).
    discarded: list[str] = Field(default_factory=list)
    # what happened (history only)
    winner: Optional[SideName] = None
    how: Optional[str] = None
    vp: Optional[dict[SideName, int]] = None
    used: dict[SideName, list[Used]] = Field(default_factory=dict)
    drew: Optional[str] = None
    won: Optional[str] = Field(default=None, description="the artefact or reward the aspirant turned over")
    played: Optional[Literal["table", "engine"]] = None
    seed: Optional[int] = None
    notes: Optional[str] = Field(default=None, max_length=2000)

    @model_validator(mode="after")
    def _convergence_has_an_aspirant(self) -> "Battle":
        if self.kind == "convergence" and (self.aspirant is None or self.level is None or self.convergence is None):
            raise ValueError("a convergence battle names its aspirant, level and convergence card")
        if self.kind == "battle" and (self.aspirant or self.level or self.convergence):
            raise ValueError("a random battle has no aspirant, level or convergence card (kind: convergence has)")
        return self


class Campaign(_Strict):
    system: Literal["bladeborn"] = "bladeborn"
    kind: Literal["campaign"] = "campaign"
    name: str = Field(min_length=1, max_length=120)
    seed: int = Field(ge=0, description="every card the campaign draws comes from this seed")
    aspirant: Optional[SideName] = None
    winner: Optional[SideName] = None
    next: Optional[Battle] = None
    sides: dict[SideName, CampaignSide]
    history: list[Battle] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> "Campaign":
        if set(self.sides) != {"a", "b"}:
            raise ValueError("a campaign has two sides, a and b")
        if (self.winner is None) == (self.next is None):
            raise ValueError("a campaign in progress has a next battle; a finished one (winner) has none")
        return self

    def other(self, side: str) -> str:
        return "b" if side == "a" else "a"


# ---- loading and checking -------------------------------------------------------------------


@dataclass
class LoadedCampaign:
    """A checked campaign with its warbands and decks resolved."""

    campaign: Campaign
    warbands: dict[str, BladebornWarband]
    decks: dict[str, Any]  # side -> ConvergenceDeck
    lesser: Any  # LesserArtefactDeck
    path: Optional[Path] = None


def bearer_index(warband: BladebornWarband, bearer: str) -> int | None:
    """The fighter ``bearer`` names (``Name`` or ``Name #k`` among several of that name), or None."""
    name, _, number = bearer.rpartition(" #")
    if not (name and number.isdigit()):
        name, number = bearer, ""
    same = [i for i, f in enumerate(warband.fighters) if f.name == name]
    if number:
        k = int(number)
        return same[k - 1] if 1 <= k <= len(same) else None
    return same[0] if len(same) == 1 else None


def bearer_name(warband: BladebornWarband, index: int) -> str:
    """How a campaign file names fighter ``index``: its name, numbered when the name is shared."""
    name = warband.fighters[index].name
    same = [i for i, f in enumerate(warband.fighters) if f.name == name]
    return name if len(same) == 1 else f"{name} #{same.index(index) + 1}"


def _bearer_problem(warband: BladebornWarband, bearer: str) -> str | None:
    if bearer_index(warband, bearer) is not None:
        return None
    name = bearer.rpartition(" #")[0] or bearer
    same = [f for f in warband.fighters if f.name == name]
    if len(same) > 1:
        options = ", ".join(f"{name} #{k}" for k in range(1, len(same) + 1))
        return f"{bearer!r}: {len(same)} fighters are called {name!r}; write one of {options}"
    names = ", ".join(dict.fromkeys(bearer_name(warband, i) for i in range(len(warband.fighters))))
    return f"{bearer!r} is not a fighter of {warband.name}; choose one of {names}"


def check(camp: Campaign) -> tuple[list[tuple[tuple, str]], dict, dict, Any]:
    """Every problem that needs the warbands and the decks: (location, message) pairs, the
    warbands, the convergence decks and the lesser artefact deck."""
    from generator.systems.bladeborn.campaign.decks import convergence_deck_named, lesser_deck

    problems: list[tuple[tuple, str]] = []
    warbands: dict[str, BladebornWarband] = {}
    decks: dict[str, Any] = {}
    lesser = lesser_deck()
    known_lesser = {c.name for c in lesser.cards}
    in_hand: dict[str, str] = {}
    for side in ("a", "b"):
        s = camp.sides[side]
        loc = ("sides", side)
        try:
            warbands[side] = BladebornWarband.model_validate(s.warband)
        except ValidationError as err:
            from generator.content.errors import describe_error

            for e in err.errors(include_url=False):
                problems.append((loc + ("warband",) + tuple(e.get("loc", ())), describe_error(e, BladebornWarband)))
            continue
        deck = convergence_deck_named(s.convergences)
        if deck is None:
            from generator.systems.bladeborn.campaign.decks import convergence_decks

            names = ", ".join(d.name for d, _ in convergence_decks())
            problems.append((loc + ("convergences",), f"{s.convergences!r} is not a convergence deck; choose one of {names}"))
            continue
        decks[side] = deck
        wb = warbands[side]
        artefact_names = [c.back.name for c in deck.cards if c.back.type == "artefact"]
        for i, held in enumerate(s.artefacts):
            if held.name not in artefact_names:
                problems.append((loc + ("artefacts", i, "name"), f"{held.name!r} is not an artefact of power of "
                                 f"{deck.name}; its artefacts are {', '.join(artefact_names)}"))
            elif held.against is not None:
                problems.append((loc + ("artefacts", i, "against"), "only a reward counts against one rival; leave it out"))
            problem = _bearer_problem(wb, held.bearer)
            if problem:
                problems.append((loc + ("artefacts", i, "bearer"), problem))
        if len({h.name for h in s.artefacts}) != len(s.artefacts):
            problems.append((loc + ("artefacts",), "the same artefact of power is listed twice"))
        reward_names = [c.back.name for c in deck.cards if c.back.type == "reward"]
        for i, held in enumerate(s.rewards):
            if held.name not in reward_names:
                problems.append((loc + ("rewards", i, "name"), f"{held.name!r} is not a reward of {deck.name}; "
                                 f"its reward is {', '.join(reward_names)}"))
            problem = _bearer_problem(wb, held.bearer)
            if problem:
                problems.append((loc + ("rewards", i, "bearer"), problem))
            if held.against is None:
                problems.append((loc + ("rewards", i, "against"), "a reward counts against the player it was won "
                                 "from: name them"))
        for i, name in enumerate(s.lesser):
            if name not in known_lesser:
                problems.append((loc + ("lesser", i), f"{name!r} is not a lesser artefact; the deck holds "
                                 f"{', '.join(sorted(known_lesser))}"))
            elif name in in_hand:
                problems.append((loc + ("lesser", i), f"{name!r} is already in side {in_hand[name]}'s hand; "
                                 "there is one of each card"))
            in_hand[name] = side
    if len(decks) == 2:
        problems += _check_battles(camp, decks, warbands)
    return problems, warbands, decks, lesser


def _check_battles(camp: Campaign, decks: dict, warbands: dict) -> list[tuple[tuple, str]]:
    problems = []
    if camp.aspirant is not None and camp.next is not None:
        held = len(camp.sides[camp.aspirant].artefacts)
        if camp.next.kind != "convergence" or camp.next.aspirant != camp.aspirant:
            problems.append((("next",), f"side {camp.aspirant} is the aspirant, so the next battle is its convergence "
                                        f"(kind: convergence, aspirant: {camp.aspirant})"))
        elif camp.next.level != convergence_level(held):
            problems.append((("next", "level"), f"{camp.next.level!r}: side {camp.aspirant} holds {held} artefacts of "
                                                f"power, so it plays its {convergence_level(held)} convergence"))
    elif camp.next is not None and camp.next.kind == "convergence":
        problems.append((("aspirant",), f"the next battle is side {camp.next.aspirant}'s convergence: set aspirant: "
                                        f"{camp.next.aspirant}"))
    battles = [(("next",), camp.next)] if camp.next else []
    battles += [(("history", i), b) for i, b in enumerate(camp.history)]
    for loc, battle in battles:
        if battle.kind == "convergence":
            deck = decks[battle.aspirant]
            names = {c.name: c.level for c in deck.cards}
            if battle.convergence not in names:
                problems.append((loc + ("convergence",), f"{battle.convergence!r} is not a card of {deck.name}; "
                                 f"its cards are {', '.join(names)}"))
            elif names[battle.convergence] != battle.level:
                problems.append((loc + ("level",), f"{battle.level!r}: {battle.convergence!r} is the "
                                 f"{names[battle.convergence]} convergence"))
        for side, used in battle.used.items():
            for i, u in enumerate(used):
                problem = _bearer_problem(warbands[side], u.bearer)
                if problem:
                    problems.append((loc + ("used", side, i, "bearer"), problem))
    return problems


def validate(data: Any, source: Source | None = None, name: str = FILE_NAME, path: Path | None = None) -> LoadedCampaign:
    """Check campaign data completely; raises ContentError listing every problem (file:line)."""
    source = source if source is not None else Source(Path(name), data, {})
    if not isinstance(data, dict):
        raise ContentError(f"{source.where()}: a campaign file is a mapping (system: bladeborn, kind: campaign, ...)")
    try:
        camp = Campaign.model_validate(data)
    except ValidationError as err:
        raise_problems(format_validation_error(err, source, Campaign))
    problems, warbands, decks, lesser = check(camp)
    located = sorted(((source.line_of(loc) or 0), f"{source.where(loc)}: {field_path(loc)}: {msg}")
                     for loc, msg in problems)
    raise_problems([text for _, text in located])
    return LoadedCampaign(camp, warbands, decks, lesser, path)


def campaign_path(folder_or_file: str | os.PathLike) -> Path:
    """``DIR/campaign.yaml`` for a folder, the file itself for a file."""
    path = Path(folder_or_file)
    return path / FILE_NAME if path.is_dir() or not path.suffix else path


def load_campaign(folder_or_file: str | os.PathLike) -> LoadedCampaign:
    """Read and check a campaign file (or ``DIR/campaign.yaml``); one-line errors with file:line."""
    path = campaign_path(folder_or_file)
    if not path.exists():
        raise ContentError(f"{display_path(path)}: no such campaign file; start one with "
                           "`skirmish campaign new bladeborn --a WARBAND --b WARBAND -o DIR`")
    source = read_source(path)
    return validate(source.data, source, path=path)


# ---- writing --------------------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    """Short lists and mappings of plain values in flow style, so the file reads at a glance."""


def _represent_list(dumper, data):
    flow = bool(data) and all(not isinstance(x, (dict, list)) and len(str(x)) < 30 for x in data) and len(str(data)) < 70
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper, data):
    flow = bool(data) and all(not isinstance(v, (dict, list)) for v in data.values()) and len(str(data)) < 70
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)


def _represent_str(dumper, data):
    style = ">" if len(data) > 80 and "\n" not in data else ("|" if "\n" in data else None)
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)
_Dumper.add_representer(str, _represent_str)

HEADER = ("# A Bladeborn campaign (skirmish campaign). This file is the campaign: edit it by hand if you\n"
          "# like (an artefact's bearer, a result); every command checks it first and names the line of\n"
          "# any mistake. `skirmish campaign show DIR` prints where the campaign stands.\n")


def dump_campaign(camp: Campaign) -> str:
    """The YAML text of a campaign, in the model's field order, empty values left out."""
    data = camp.model_dump(mode="json", exclude_none=True)
    for battle in [data.get("next")] + data.get("history", []):
        if battle:
            for key in ("discarded", "used"):
                if not battle.get(key):
                    battle.pop(key, None)
            if battle.get("seat_a") == "a":
                battle.pop("seat_a")
    for side in data["sides"].values():
        for key in ("artefacts", "rewards", "lesser"):
            side.setdefault(key, [])
    return HEADER + yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def save_campaign(camp: Campaign, path: str | os.PathLike) -> Path:
    """Check and write a campaign atomically: an invalid campaign is never written, and an
    interrupted write leaves the old file whole."""
    path = Path(path)
    text = dump_campaign(camp)
    from generator.content.source import parse_text

    validate(parse_text(text, path).data, name=display_path(path))
    return write_atomic(path, text)


def convergence_level(artefacts_of_power: int) -> str:
    """Which convergence an aspirant plays: 0 artefacts -> first, 1 -> second, 2 -> final."""
    if not 0 <= artefacts_of_power < len(LEVELS):
        raise SkirmishError(f"an aspirant holds 0-2 artefacts of power, not {artefacts_of_power}")
    return LEVELS[artefacts_of_power]


def rewards_in_play(camp: Campaign, side: str) -> list[Held]:
    """A side's rewards that count in this campaign: those won against this rival."""
    rival = camp.sides[camp.other(side)].player
    return [r for r in camp.sides[side].rewards if r.against == rival]
