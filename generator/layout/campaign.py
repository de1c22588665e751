"""A campaign battle's booklet: the scenario booklet of the battle, with the campaign's pages.

The battle to play next becomes a scenario (its battle card on the card's map, its twist, both
warbands as they play it: rewards, artefacts of power and the convergence card's changes in
the fighters' numbers, each named in the fighter's rule box), printed by the scenario booklet
(:func:`generator.layout.booklet.booklet_from_blocks`). The campaign's own pages come from
``templates/booklet/campaign.yaml.j2`` (a user may override it with ``--templates``) and go in
before the booklet's first section; the balance report, which a campaign battle has none of,
is left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.layout.booklet import SECTIONS, _x, render_blocks, scenario_view, settings

TEMPLATE = "booklet/campaign.yaml.j2"
TIEBREAKERS = (
    "if only one warband has fighters on the battlefield, its player wins;",
    "otherwise, the player whose warband controls more objectives wins;",
    "otherwise, the player with the higher share of their warband still on the battlefield wins;",
    "otherwise, the players roll off and the winner wins the battle.",
)


def _names(items: list[str]) -> str:
    return ", ".join(items) if items else "none"


def campaign_scenario(loaded, inputs):
    """The next battle as a checked scenario (a LoadedScenario) the booklet prints."""
    from generator.boards.mapfile import format_cell, load_map
    from generator.content.library import library
    from generator.scenarios.model import validate
    from generator.systems import get_system

    camp, battle = loaded.campaign, loaded.campaign.next
    card = inputs.card
    board = load_map(library().path(f"maps/{card.map}.yaml"))
    grid = board.grid_obj()

    def cells(hexes):
        return [format_cell(grid.from_axial((int(h[0]), int(h[1])))) for h in hexes]

    data = board.model_dump(mode="json", exclude_defaults=True)
    data.update(grid=board.grid, orientation=board.orientation, offset=board.offset, width=board.width,
                height=board.height, system="bladeborn", name=board.name or card.map)
    data["blocked"] = list(dict.fromkeys(list(data.get("blocked", [])) + cells(card.blocked)))
    data.pop("zones", None)
    data.pop("objectives", None)
    seats = {"a": inputs.seat_a, "b": "b" if inputs.seat_a == "a" else "a"}
    deployment = {p: {"start": cells(card.players[p].start), "reserve": cells(card.players[p].reserve),
                      "label": card.players[p].symbol, **({"role": card.roles[p]} if p in card.roles else {})}
                  for p in ("a", "b")}
    deployment.update(card=card.name, reserves_from_round=2)
    price = get_system("bladeborn").price
    forces, budgets = {}, {}
    for p in ("a", "b"):
        warband = inputs.printed[seats[p]]
        forces[p] = warband.model_dump(mode="json", exclude_none=True)
        budgets[p] = max(1.0, round(sum(x.cost for x in price(list(warband.fighters))), 1))
    what = (f"{camp.sides[battle.aspirant].player}'s {battle.level} convergence: {battle.convergence}"
            if battle.kind == "convergence" else f"a random battle: {card.name}")
    scenario = {
        "system": "bladeborn", "kind": "scenario", "seed": camp.seed,
        "title": f"Campaign battle {battle.number}: {battle.convergence or card.name}"[:80],
        "tale": (f"{camp.name}, battle {battle.number}: {what}. " + (card.flavour or ""))[:1200].strip(),
        "map": data, "deployment": deployment, "objectives": [{"cell": c} for c in cells(card.objectives)],
        "victory": {"card": card.name, "rounds": card.rounds, "tie": card.tie,
                    "scoring": [r.model_dump() for r in card.scoring_rules()]},
        "budgets": budgets, "forces": forces,
    }
    if inputs.twist is not None:
        t = inputs.twist
        scenario["twist"] = {"card": t.name, "name": t.name, "text": t.text, "effect": t.effect.model_dump()}
    return validate(scenario, name=f"campaign battle {battle.number}")


def _convergence_view(loaded, battle, player: dict, warband: dict) -> tuple[dict | None, str, list[str]]:
    """The convergence card in play, the page's opening sentence, and what is at stake."""
    from generator.systems.bladeborn.campaign.effects import describe

    camp = loaded.campaign
    if battle.kind != "convergence":
        return None, (f"This is a random battle between <b>{player['a']}</b> ({warband['a']}) and <b>{player['b']}</b> "
                      f"({warband['b']}): its winner becomes the aspirant and plays a convergence next."), []
    asp, adv = battle.aspirant, camp.other(battle.aspirant)
    card = loaded.decks[asp].card(battle.level)
    back = card.back
    if back.type == "reward":
        bearer = "for the warband's leader" if back.fighter == "leader" else f"for {back.fighter}"
    else:
        bearer = f"for a fighter of {player[asp]}'s choice" + ("" if back.fits == "any" else f" ({back.fits})")
    view = {"name": _x(card.name), "level": battle.level, "owner": player[asp], "warband": warband[asp],
            "flavour": _x(card.flavour) if card.flavour else "", "text": _x(card.text),
            "rules": [_x(describe(r)) for r in card.rules],
            "back": {"kind": "reward" if back.type == "reward" else "artefact of power", "name": _x(back.name),
                     "text": _x(back.text), "bearer": _x(bearer)}}
    intro = (f"This is <b>{player[asp]}</b>'s {battle.level} convergence: {player[asp]} ({warband[asp]}) is the "
             f"aspirant, {player[adv]} ({warband[adv]}) the adversary.")
    win = f"If {player[asp]} wins, they turn the card over and keep its {view['back']['kind']}, <b>{view['back']['name']}</b>"
    win += (", and win the campaign." if battle.level == "final" else
            "; the next battle is a random battle, whose winner becomes the aspirant.")
    return view, intro, [win, f"If {player[adv]} wins, {player[adv]} becomes the aspirant and plays their own convergence next."]


def _setup_sentence(inputs, battle, player: dict, other) -> str:
    """Who sets up where: a card with roles seats the players; otherwise the book's roll-off."""
    if not inputs.card.roles:
        return ("The players are named above in one of the two set-ups, but as in every Bladeborn battle they roll "
                "off first: the winner places the first fighter in either player's starting hexes and so chooses "
                "their territory, and the other player takes the other one.")
    seat_a = inputs.seat_a
    role_a = inputs.card.roles.get("a", "attacker")
    return (f"{player[seat_a]} sets up as the {role_a} ({_x(inputs.card.players['a'].symbol)} on the map) and "
            f"{player[other(seat_a)]} as the other player"
            + (": in a convergence the aspirant takes the attacker's set-up." if battle.kind == "convergence"
               else ", as a roll-off decided."))


def _lesser_rows(loaded, player: dict) -> list[dict]:
    cards = {c.name: c for c in loaded.lesser.cards}
    rows = []
    for s in ("a", "b"):
        for name in loaded.campaign.sides[s].lesser:
            card = cards[name]
            note = f" <i>The engine plays it as: {_x(card.engine_note)}</i>" if card.engine_note else ""
            fits = "" if card.fits == "any" else f" (for a {card.fits} fighter)"
            rows.append({"name": _x(name) + fits, "holder": player[s], "text": _x(card.text) + note})
    return rows


def campaign_view(loaded, inputs, folder: str = "DIR") -> dict[str, Any]:
    """What the campaign pages print, as escaped text."""
    from generator.systems.bladeborn.campaign.effects import SOURCE_WORDS
    from generator.systems.bladeborn.campaign.file import bearer_name
    from generator.systems.bladeborn.campaign.steps import rewards_in_play

    camp, battle = loaded.campaign, loaded.campaign.next
    sides = camp.sides
    player = {s: _x(sides[s].player) for s in ("a", "b")}
    warband = {s: _x(loaded.warbands[s].name) for s in ("a", "b")}
    standing = [{"player": player[s], "warband": warband[s],
                 "artefacts": _x(_names([f"{h.name} ({h.bearer})" for h in sides[s].artefacts])),
                 "rewards": _x(_names([f"{h.name} ({h.bearer})" for h in rewards_in_play(camp, s)])),
                 "lesser": _x(_names(sides[s].lesser))} for s in ("a", "b")]
    convergence, intro, stakes = _convergence_view(loaded, battle, player, warband)
    on_cards = [{"name": _x(item.name), "kind": SOURCE_WORDS[item.source], "owner": player[item.side],
                 "bearer": _x(bearer_name(loaded.warbands[item.side], item.bearer)) if item.bearer is not None else "?",
                 "text": _x(item.text)}
                for item in inputs.in_play if item.source != "convergence"]
    discarded = None
    if battle.discarded:
        discarded = (f"Before this battle {player[battle.aspirant]} discards their reward"
                     f"{'s' if len(battle.discarded) > 1 else ''} {_x(', '.join(battle.discarded))}, as the book says "
                     "for the next time a warband fights its final convergence.")
    history = [{"n": str(b.number),
                "what": _x(f"{sides[b.aspirant].player}'s {b.level} convergence ({b.convergence})" if b.aspirant
                           else "random battle"),
                "card": _x(b.card), "winner": _x(sides[b.winner].player),
                "spoils": _x(_names([x for x in (b.won, b.drew) if x]))} for b in camp.history]
    return {"number": battle.number, "name": _x(camp.name), "intro": intro, "standing": standing,
            "convergence": convergence, "stakes": stakes, "on_cards": on_cards, "lesser": _lesser_rows(loaded, player),
            "discarded": discarded, "history": history, "tiebreakers": list(TIEBREAKERS),
            "setup": _setup_sentence(inputs, battle, player, camp.other),
            "record": _x(f"skirmish campaign record {folder} --winner a"), "play": _x(f"skirmish campaign play {folder}"),
            "players": {s: {"key": s, "player": player[s], "warband": warband[s]} for s in ("a", "b")}}


def _without_balance(blocks: list[dict]) -> list[dict]:
    """The booklet's blocks less its balance report (a campaign battle is not a balanced scenario)."""
    title = SECTIONS[6]
    out, skipping = [], False
    for block in blocks:
        kind = next(iter(block)) if isinstance(block, dict) and block else None
        if kind == "h1":
            skipping = block["h1"] == title
        elif kind == "figure" and block.get("title"):
            skipping = False
        if not skipping:
            out.append(block)
    return out


def _campaign_intro(blocks: list[dict], text: str) -> list[dict]:
    """The set-up's opening paragraph says what this battle is (not a balanced scenario)."""
    out, after_setup = [], False
    for block in blocks:
        kind = next(iter(block)) if isinstance(block, dict) and block else None
        if after_setup and kind == "p":
            block, after_setup = {"p": text}, False
        elif kind == "h1":
            after_setup = block["h1"] == "Set-up"
        out.append(block)
    return out


def _spliced(blocks: list[dict], pages: list[dict]) -> list[dict]:
    """The campaign's pages before the booklet's first section."""
    at = next((i for i, b in enumerate(blocks) if isinstance(b, dict) and "h1" in b), len(blocks))
    return blocks[:at] + pages + [{"pagebreak": True}] + blocks[at:]


def campaign_booklet(loaded, folder: str = "DIR", page: str = "a4", ink_saver: bool = False,
                     templates: Path | None = None) -> tuple[bytes, int, list[str]]:
    """The next battle's booklet as PDF bytes, with its page count and sections."""
    from generator.layout.booklet import booklet_from_blocks
    from generator.systems.bladeborn.campaign.effects import battle_inputs

    inputs = battle_inputs(loaded)
    scenario = campaign_scenario(loaded, inputs)
    cfg = settings()
    view = scenario_view(scenario, cfg, float(cfg["hex_mm"]))
    cview = campaign_view(loaded, inputs, folder)
    seats = {"a": inputs.seat_a, "b": "b" if inputs.seat_a == "a" else "a"}
    for side in view["sides"]:  # the players' own names on the set-up, not the card's A and B
        side["label"] = cview["players"][seats[side["key"]]]["player"]
    view["deployment_notes"][0] = cview["setup"]
    view["campaign"] = cview
    a, b = cview["players"]["a"], cview["players"]["b"]
    intro = (f"Battle {cview['number']} of the campaign {cview['name']}: {a['player']} with {a['warband']} against "
             f"{b['player']} with {b['warband']}. The battle card and the twist were drawn by the campaign; the "
             "fighters' numbers include the campaign's cards in play (see the campaign pages).")
    blocks = _campaign_intro(_without_balance(render_blocks(view, templates)), intro)
    blocks = _spliced(blocks, render_blocks(view, templates, TEMPLATE))
    return booklet_from_blocks(scenario, view, blocks, page=page, ink_saver=ink_saver, templates=templates)
