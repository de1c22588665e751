"""A campaign folder: ``campaign.yaml`` and a booklet for each battle, written safely.

``DIR/campaign.yaml`` is the campaign (see :mod:`generator.systems.bladeborn.campaign.file`);
``DIR/battle-NN.pdf`` is the booklet of battle NN. Every command works the same way: the
campaign file is read and checked, the next state and the next booklet are made in memory, the
booklet is written, and the campaign file is replaced last, atomically. A command stopped part
way leaves the campaign file as it was (a booklet written before the stop is written again, the
same, by the next run). Booklets the tool did not write are never replaced without ``force``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import SkirmishError
from generator.systems.bladeborn.campaign.file import FILE_NAME, Campaign, LoadedCampaign, Used, load_campaign, save_campaign


@dataclass
class Written:
    """What a campaign command did: the campaign now, the files written, notes for the user."""

    loaded: LoadedCampaign
    files: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    played: Any = None  # the engine's battle, for ``campaign play``


def booklet_name(number: int) -> str:
    return f"battle-{number:02d}.pdf"


def _write(folder: Path, camp: Campaign, loaded: LoadedCampaign, page: str, force: bool, templates=None) -> list[Path]:
    from generator.files import Manifest, ensure_folder, write_atomic
    from generator.layout.campaign import campaign_booklet

    ensure_folder(folder)
    manifest = Manifest(folder)
    target = folder / FILE_NAME
    blobs: list[tuple[Path, bytes]] = []
    if camp.next is not None:
        pdf_path = folder / booklet_name(camp.next.number)
        manifest.may_write(pdf_path, force)
        now = LoadedCampaign(camp, loaded.warbands, loaded.decks, loaded.lesser, target)
        pdf, _, _ = campaign_booklet(now, str(folder), page=page, templates=templates)
        blobs.append((pdf_path, pdf))
    written = [write_atomic(path, blob) for path, blob in blobs]
    manifest.record(written, group="campaign")  # a run stopped after this writes the same booklet again
    written.append(save_campaign(camp, target))  # last: the campaign moves on only once all is written
    manifest.record(written, group="campaign")
    return written


def start(folder: Path, warbands: dict, seed: int, players: dict[str, str], previous: Path | None = None,
          page: str = "a4", force: bool = False, name: str | None = None) -> Written:
    """A new campaign in ``folder``: ``campaign.yaml`` and the first battle's booklet."""
    from generator.systems.bladeborn.campaign.start import start_campaign

    folder = Path(folder)
    if (folder / FILE_NAME).exists() and not force:
        raise SkirmishError(f"{folder / FILE_NAME}: a campaign is already there and was left as it is; "
                            "give another folder, or --force to start again over it")
    before = load_campaign(previous).campaign if previous is not None else None
    started = start_campaign(warbands, seed, players, before, name)
    files = _write(folder, started.loaded.campaign, started.loaded, page, force)
    return Written(started.loaded, files, started.notes)


def parse_used(values: list[str], loaded: LoadedCampaign) -> dict[str, list[Used]]:
    """``--used "NAME=FIGHTER"`` options as lesser artefacts used, by the side holding each."""
    used: dict[str, list[Used]] = {"a": [], "b": []}
    for value in values:
        name, sep, fighter = value.partition("=")
        name, fighter = name.strip(), fighter.strip()
        if not sep or not name or not fighter:
            raise SkirmishError(f"--used {value!r}: write the lesser artefact and the fighter who used it, "
                                "e.g. --used \"Bloodstone Charm=Soot-Runner\"")
        holder = next((s for s in ("a", "b") if name in loaded.campaign.sides[s].lesser), None)
        if holder is None:
            hands = "; ".join(f"{loaded.campaign.sides[s].player}: {', '.join(loaded.campaign.sides[s].lesser) or 'none'}"
                              for s in ("a", "b"))
            raise SkirmishError(f"--used {name!r}: no player holds that lesser artefact (in hand: {hands})")
        used[holder].append(Used(name=name, bearer=fighter))
    return used


def record(folder: Path, winner: str, used: list[str] | None = None, bearer: str | None = None,
           notes: str | None = None, page: str = "a4", force: bool = False) -> Written:
    """What happened at the table: the campaign moves on and the next booklet is printed."""
    from generator.systems.bladeborn.campaign.steps import Result, record as record_step

    folder = Path(folder)
    loaded = load_campaign(folder)
    winner = (winner or "").lower()
    if winner not in ("a", "b"):
        raise SkirmishError(f"--winner {winner!r}: the winner is side a or b (a draw goes to the tiebreakers first)")
    result = Result(winner, parse_used(used or [], loaded), bearer=bearer, notes=notes, played="table")
    camp = record_step(loaded, result)
    files = _write(folder, camp, loaded, page, force)
    now = LoadedCampaign(camp, loaded.warbands, loaded.decks, loaded.lesser, loaded.path)
    return Written(now, files, outcome_notes(now))


def play(folder: Path, seed: int, policy: str = "greedy", lesser: str = "eager", page: str = "a4",
         force: bool = False) -> Written:
    """The engine plays the next battle; the campaign moves on and the next booklet is printed."""
    from generator.systems.bladeborn.campaign.play import play_next

    folder = Path(folder)
    loaded = load_campaign(folder)
    if loaded.campaign.winner is not None:
        side = loaded.campaign.winner
        raise SkirmishError(f"{folder / FILE_NAME}: the campaign is over: {loaded.campaign.sides[side].player} won it")
    played = play_next(loaded, seed, policy, lesser)
    files = _write(folder, played.campaign, loaded, page, force)
    now = LoadedCampaign(played.campaign, loaded.warbands, loaded.decks, loaded.lesser, loaded.path)
    return Written(now, files, outcome_notes(now), played)


def reprint(folder: Path, out: Path | None = None, page: str = "a4", ink_saver: bool = False,
            templates: Path | None = None, force: bool = False) -> Path:
    """The next battle's booklet again (after the campaign file was edited by hand)."""
    from generator.files import Manifest, write_atomic
    from generator.layout.campaign import campaign_booklet

    folder = Path(folder)
    loaded = load_campaign(folder)
    if loaded.campaign.next is None:
        raise SkirmishError(f"{folder / FILE_NAME}: the campaign is over; there is no next battle to print")
    target = Path(out) if out is not None else folder / booklet_name(loaded.campaign.next.number)
    if target.suffix.lower() != ".pdf":
        raise SkirmishError(f"--out {str(target)!r}: a booklet is a PDF; give a .pdf file name")
    manifest = Manifest(target.parent)
    manifest.may_write(target, force)
    pdf, _, _ = campaign_booklet(loaded, str(folder), page=page, ink_saver=ink_saver, templates=templates)
    path = write_atomic(target, pdf)
    manifest.record([path], group="campaign")
    return path


def outcome_notes(loaded: LoadedCampaign) -> list[str]:
    """The last battle in a sentence, and what comes next."""
    camp = loaded.campaign
    last = camp.history[-1]
    player = {s: camp.sides[s].player for s in ("a", "b")}
    what = (f"{player[last.aspirant]}'s {last.level} convergence ({last.convergence})" if last.aspirant
            else "the random battle")
    lines = [f"battle {last.number}: {player[last.winner]} won {what} on {last.card}"
             + (f" ({last.how})" if last.how else "")]
    spoils = [x for x in (last.won, last.drew) if x]
    if spoils:
        lines.append(f"{player[last.winner]} gains {', '.join(spoils)}")
    held = next((h for h in camp.sides[last.winner].artefacts if h.name == last.won), None)
    if held is not None:
        lines.append(f"{held.name} is borne by {held.bearer} (edit campaign.yaml, or record with --bearer, to choose)")
    if camp.winner:
        lines.append(f"{player[camp.winner]} wins the campaign with {camp.sides[camp.winner].warband['name']}")
    else:
        lines.append("next: " + next_sentence(loaded))
    return lines


def next_sentence(loaded: LoadedCampaign) -> str:
    camp = loaded.campaign
    b = camp.next
    what = (f"{camp.sides[b.aspirant].player}'s {b.level} convergence, {b.convergence}" if b.kind == "convergence"
            else "a random battle")
    extra = f"; {camp.sides[b.aspirant].player} discards {', '.join(b.discarded)} first" if b.discarded else ""
    return f"battle {b.number}, {what}, on {b.card} with the twist {b.twist}{extra}"


def summary(loaded: LoadedCampaign) -> dict[str, Any]:
    """Where the campaign stands, as plain data (``campaign show --json``)."""
    from generator.systems.bladeborn.campaign.steps import rewards_in_play

    camp = loaded.campaign
    sides = {}
    for s in ("a", "b"):
        side = camp.sides[s]
        sides[s] = {"player": side.player, "warband": loaded.warbands[s].name, "convergences": side.convergences,
                    "artefacts": [h.model_dump(exclude_none=True) for h in side.artefacts],
                    "rewards": [h.model_dump(exclude_none=True) for h in rewards_in_play(camp, s)],
                    "rewards_elsewhere": [h.model_dump(exclude_none=True) for h in side.rewards
                                          if h not in rewards_in_play(camp, s)],
                    "lesser": list(side.lesser),
                    "battles_won": sum(1 for b in camp.history if b.winner == s)}
    return {"name": camp.name, "seed": camp.seed, "sides": sides, "aspirant": camp.aspirant, "winner": camp.winner,
            "next": camp.next.model_dump(exclude_none=True, exclude_defaults=True) if camp.next else None,
            "next_booklet": booklet_name(camp.next.number) if camp.next else None,
            "history": [b.model_dump(exclude_none=True, exclude_defaults=True) for b in camp.history]}
