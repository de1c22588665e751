"""``skirmish campaign``: a Bladeborn campaign in a folder, battle by battle, and whole campaigns simulated.

Parse, call :mod:`generator.layout.campaign_folder` (the folder) or
:mod:`generator.systems.bladeborn.campaign.simulate`, print. No rules here.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from generator.cli.common import PAGE_HELP, SEED_HELP, console, examples, note, print_json, seed_note

campaign_app = typer.Typer(
    name="campaign",
    help=(
        "Bladeborn campaigns: connected battles between two rivals, with convergences, artefacts of power, "
        "rewards and lesser artefacts, by the book's steps. A campaign lives in a folder: campaign.yaml "
        "(the campaign itself, which you may edit) and a booklet for each battle."
        + examples(
            "skirmish campaign new bladeborn --a bladeborn/example-cinder-oath --b bladeborn/example-hollowmere-stalkers -o my-campaign",
            "skirmish campaign record my-campaign --winner a",
            "skirmish campaign play my-campaign --seed 7",
            "skirmish campaign show my-campaign",
            "skirmish campaign simulate bladeborn --a bladeborn/example-cinder-oath --b bladeborn/example-hollowmere-stalkers --campaigns 20 --seed 1",
        )
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
)

FOLDER_HELP = "The campaign's folder (holding campaign.yaml), or the campaign file itself."


def _system(system: str) -> None:
    from generator.errors import SkirmishError

    if system.lower() != "bladeborn":
        raise SkirmishError(f"{system!r}: campaigns are Bladeborn's (the book's convergences and artefacts); "
                            "give bladeborn")


def _warband(spec: Path, option: str):
    from generator.content import load_roster
    from generator.errors import SkirmishError

    system, roster = load_roster(spec)
    if system.name != "bladeborn":
        raise SkirmishError(f"{option} {spec}: is a {system.title} roster; a Bladeborn campaign needs Bladeborn warbands")
    return roster


def _folder(path: Path) -> Path:
    return path.parent if path.suffix.lower() in (".yaml", ".yml") else path


def _report(done, json_out: bool, extra: dict | None = None) -> None:
    from generator.layout.campaign_folder import summary

    data = {**summary(done.loaded), "files": [str(p) for p in done.files], "notes": done.notes, **(extra or {})}
    if json_out:
        print_json(data)
        return
    for line in done.notes:
        console.print(line)
    console.print(f"  written: {', '.join(str(p) for p in done.files)}")


def new(
    system: str = typer.Argument(..., help="bladeborn"),
    a: Path = typer.Option(..., "--a", help="Side A's warband: a file or a built-in name (bladeborn/example-cinder-oath)."),
    b: Path = typer.Option(..., "--b", help="Side B's warband."),
    out: Path = typer.Option(..., "--out", "-o", help="The folder to write campaign.yaml and the first battle's booklet into."),
    player_a: str = typer.Option("Player A", "--player-a", help="Side A's player (rewards follow players from campaign to campaign)."),
    player_b: str = typer.Option("Player B", "--player-b", help="Side B's player."),
    after: Optional[Path] = typer.Option(None, "--after", help="An earlier campaign between the same players: rewards won there come along."),
    name: Optional[str] = typer.Option(None, "--name", help="The campaign's name (default: the two warbands)."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    force: bool = typer.Option(False, "--force", help="Start again over a campaign already in the folder, and replace booklets this tool did not write."),
    json_out: bool = typer.Option(False, "--json", help="Print the new campaign as JSON."),
) -> None:
    from generator.dice.rng import make_rng
    from generator.layout.campaign_folder import next_sentence, start

    _system(system)
    warbands = {"a": _warband(a, "--a"), "b": _warband(b, "--b")}
    seed = make_rng(seed).seed
    done = start(out, warbands, seed, {"a": player_a, "b": player_b}, after, page=page, force=force, name=name)
    done.notes.append("first: " + next_sentence(done.loaded))
    _report(done, json_out)
    if not json_out:
        seed_note(seed, "draw the same cards again")


new.__doc__ = ("Start a campaign between two warbands: writes OUT/campaign.yaml and the booklet of its first battle "
               "(a random battle; its winner becomes the aspirant)."
               + examples("skirmish campaign new bladeborn --a bladeborn/example-cinder-oath "
                          "--b bladeborn/example-hollowmere-stalkers -o my-campaign --player-a Ann --player-b Bo --seed 7",
                          "skirmish campaign new bladeborn --a bladeborn/example-cinder-oath --b bladeborn/example-hollowmere-stalkers "
                          "-o rematch --player-a Ann --player-b Bo --after my-campaign"))


def record(
    folder: Path = typer.Argument(..., help=FOLDER_HELP),
    winner: str = typer.Option(..., "--winner", help="Who won: a or b (a draw is decided by the tiebreakers the booklet lists)."),
    used: List[str] = typer.Option([], "--used", help="A lesser artefact used in the battle and its fighter, \"NAME=FIGHTER\" (repeat for more)."),
    bearer: Optional[str] = typer.Option(None, "--bearer", help="The fighter who takes the artefact of power a won convergence gives (default: the one it helps most)."),
    notes: Optional[str] = typer.Option(None, "--notes", help="What happened, in your words (kept in the campaign's history)."),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    force: bool = typer.Option(False, "--force", help="Replace a booklet of the same name this tool did not write."),
    json_out: bool = typer.Option(False, "--json", help="Print the campaign after the battle as JSON."),
) -> None:
    from generator.layout.campaign_folder import record as record_battle

    done = record_battle(_folder(folder), winner, used, bearer, notes, page=page, force=force)
    _report(done, json_out)


record.__doc__ = ("Record the battle just played at the table: the spoils of battle, the convergence turned over, "
                  "the next aspirant, and the next battle's booklet."
                  + examples("skirmish campaign record my-campaign --winner a --notes \"Vashti held the ford\"",
                             "skirmish campaign record my-campaign --winner a --used \"Splinter of the Void=Vashti Ember-Crowned\" "
                             "--bearer \"Oathkeeper Drum\""))


def play(
    folder: Path = typer.Argument(..., help=FOLDER_HELP),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    policy: str = typer.Option("greedy", "--policy", help="Who plays both warbands: greedy or random."),
    lesser: str = typer.Option("eager", "--lesser", help="When the simulated players use lesser artefacts: eager (the next battle) or convergence (only in convergences)."),
    log: bool = typer.Option(False, "--log", help="Print the battle turn by turn."),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    force: bool = typer.Option(False, "--force", help="Replace a booklet of the same name this tool did not write."),
    json_out: bool = typer.Option(False, "--json", help="Print the campaign after the battle as JSON."),
) -> None:
    from generator.dice.rng import make_rng
    from generator.play.log import battle_text
    from generator.layout.campaign_folder import play as play_battle

    seed = make_rng(seed).seed
    done = play_battle(_folder(folder), seed, policy, lesser, page=page, force=force)
    if log and not json_out:
        typer.echo(battle_text(done.played.result))
    _report(done, json_out, {"battle_seed": seed})
    if not json_out:
        seed_note(seed, "play the same battle again (from the same campaign file)")


play.__doc__ = ("Let the battle engine play the next battle of the campaign, then record it as `record` would."
                + examples("skirmish campaign play my-campaign --seed 7", "skirmish campaign play my-campaign --log"))


def show(
    folder: Path = typer.Argument(..., help=FOLDER_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print the campaign as JSON."),
) -> None:
    from generator.layout.campaign_folder import next_sentence, summary
    from generator.systems.bladeborn.campaign.file import load_campaign

    loaded = load_campaign(folder)
    data = summary(loaded)
    if json_out:
        print_json(data)
        return
    camp = loaded.campaign
    console.print(f"[bold]{camp.name}[/bold] (seed {camp.seed}), {len(camp.history)} battles played")
    for s in ("a", "b"):
        side = data["sides"][s]
        held = "; ".join(f"{h['name']} ({h['bearer']})" for h in side["artefacts"]) or "none"
        rewards = "; ".join(f"{h['name']} ({h['bearer']})" for h in side["rewards"]) or "none"
        console.print(f"  {s.upper()} {side['player']}: {side['warband']}, {side['battles_won']} battle{'' if side['battles_won'] == 1 else 's'} won")
        console.print(f"      artefacts of power: {held}; rewards: {rewards}; lesser artefacts: "
                      f"{', '.join(side['lesser']) or 'none'}")
    if camp.winner:
        console.print(f"  {camp.sides[camp.winner].player} won the campaign")
    else:
        aspirant = camp.sides[camp.aspirant].player if camp.aspirant else "nobody (a random battle decides)"
        console.print(f"  aspirant: {aspirant}")
        console.print(f"  next: {next_sentence(loaded)} ({data['next_booklet']})")
    for b in camp.history:
        what = f"{camp.sides[b.aspirant].player}'s {b.level} convergence {b.convergence}" if b.aspirant else "random battle"
        spoils = ", ".join(x for x in (b.won, b.drew) if x) or "nothing"
        score = f" {b.vp['a']}-{b.vp['b']}" if b.vp else ""
        console.print(f"  {b.number:>2}. {what} on {b.card}: {camp.sides[b.winner].player} won{score}, gained {spoils}"
                      + (f" ({b.played})" if b.played else ""))


show.__doc__ = "Print where a campaign stands: artefacts, rewards, lesser artefacts, the aspirant, the next battle, the history." + examples(
    "skirmish campaign show my-campaign", "skirmish campaign show my-campaign --json")


def booklet(
    folder: Path = typer.Argument(..., help=FOLDER_HELP),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="The PDF file to write (default: DIR/battle-NN.pdf)."),
    page: str = typer.Option("a4", "--page", help=PAGE_HELP),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="No full-page backgrounds."),
    templates: Optional[Path] = typer.Option(None, "--templates", help="Your template folder (booklet/campaign.yaml.j2 and booklet/booklet.yaml.j2 override)."),
    force: bool = typer.Option(False, "--force", help="Replace an existing file this tool did not write."),
    json_out: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
) -> None:
    from generator.layout.campaign_folder import reprint

    path = reprint(_folder(folder), out, page=page, ink_saver=ink_saver, templates=templates, force=force)
    if json_out:
        print_json({"files": [str(path)]})
        return
    typer.echo(f"booklet: {path}")


booklet.__doc__ = ("Print the next battle's booklet again, after editing campaign.yaml by hand."
                   + examples("skirmish campaign booklet my-campaign", "skirmish campaign booklet my-campaign --page letter -o next.pdf"))


def simulate(
    system: str = typer.Argument(..., help="bladeborn"),
    a: Path = typer.Option(..., "--a", help="Side A's warband: a file or a built-in name."),
    b: Path = typer.Option(..., "--b", help="Side B's warband."),
    campaigns: int = typer.Option(100, "--campaigns", min=1, max=100_000, help="How many whole campaigns to play."),
    seed: Optional[int] = typer.Option(None, "--seed", help=SEED_HELP),
    jobs: Optional[int] = typer.Option(None, "--jobs", min=1, help="Processes to play campaigns on (default: all cores)."),
    policy: str = typer.Option("greedy", "--policy", help="Who plays both warbands: greedy or random."),
    lesser: str = typer.Option("eager", "--lesser", help="When the simulated players use lesser artefacts: eager or convergence."),
    max_battles: int = typer.Option(200, "--max-battles", min=6, max=10_000, help="Stop a campaign still going after this many battles (reported as unfinished)."),
    json_out: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    from generator.dice.rng import make_rng
    from generator.progress import progress_bar
    from generator.systems.bladeborn.campaign.play import LESSER_POLICIES
    from generator.errors import SkirmishError
    from generator.systems.bladeborn.campaign.simulate import simulate as run

    _system(system)
    if lesser not in LESSER_POLICIES:
        raise SkirmishError(f"--lesser {lesser!r}: choose one of {', '.join(LESSER_POLICIES)}")
    if policy not in ("greedy", "random"):
        raise SkirmishError(f"--policy {policy!r}: choose greedy or random")
    warbands = {"a": _warband(a, "--a"), "b": _warband(b, "--b")}
    seed = make_rng(seed).seed
    with progress_bar("campaigns", quiet=json_out) as report:
        result = run(warbands, campaigns, seed, jobs, policy, lesser, max_battles, progress=report)
    if json_out:
        print_json(result.to_json())
        return
    for line in result.lines():
        console.print(line)
    if result.to_json()["unfinished"]:
        note("an unfinished campaign reached --max-battles; the flow itself has no bound")
    seed_note(seed, "play the same campaigns again")


simulate.__doc__ = ("Play whole campaigns with the battle engine: who wins how often, how many battles a campaign "
                    "lasts, and which convergences and artefacts swing it."
                    + examples("skirmish campaign simulate bladeborn --a bladeborn/example-cinder-oath "
                               "--b bladeborn/example-hollowmere-stalkers --campaigns 20 --seed 1",
                               "skirmish campaign simulate bladeborn --a bladeborn/example-cinder-oath "
                               "--b bladeborn/example-hollowmere-stalkers --campaigns 200 --jobs 2 --json"))


def register(app: typer.Typer) -> None:
    campaign_app.command("new")(new)
    campaign_app.command("record")(record)
    campaign_app.command("play")(play)
    campaign_app.command("show")(show)
    campaign_app.command("booklet")(booklet)
    campaign_app.command("simulate")(simulate)
    app.add_typer(campaign_app, name="campaign")
