"""The booklet's view: a scenario in words and numbers, for the template and the mission sheet.

The set-up, victory and twist words come from one :class:`~generator.scenarios.briefing.Briefing`
(generated from what the engine plays); this module adds the forces and their prices, the map
in players' words, an estimate of play time, and the balance figures: in players' words first
(:mod:`generator.layout.balance_words`), marked out of date when the scenario was edited after
it was measured (:mod:`generator.scenarios.fingerprint`), statistics after.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from generator.layout import balance_words as bw
from generator.layout.render import _fmt
from generator.words import possessive


def _x(text: Any) -> str:
    """User text made safe for the page (names like ``Grot <&> Co`` stay text)."""
    return escape(str(text))


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def update_command(loaded, short: bool = False) -> str:
    """The command that measures the scenario again; ``short`` keeps a long path off a narrow
    column (the file's name, to be run in its folder)."""
    from generator.content.source import display_path

    path = display_path(loaded.path) if loaded.path is not None else "scenario.yaml"
    if short and len(str(path)) > 36:
        return f"skirmish balance --scenario {loaded.path.name} --update (in the scenario's folder)"
    return f"skirmish balance --scenario {path} --update"


def _members(loaded):
    system = loaded.system
    members = system.fighters or system.combatants
    if (system.extra or {}).get("fighters_for"):  # who fights depends on the battle (a team battle seats two)
        battle = system.scenario_options(loaded)
        members = lambda roster: system.extra["fighters_for"](roster, battle)  # noqa: E731
    return members


def _forces(loaded, w) -> list[dict[str, Any]]:
    system = loaded.system
    members = _members(loaded)
    out = []
    for key in ("a", "b"):
        roster = loaded.rosters[key]
        combatants = list(system.combatants(roster))
        priced = system.price(combatants) if system.price else []
        fighting = {id(c) for c in members(roster)}
        rows, models, cards = [], 0, 0
        for c, p in zip(combatants, priced):
            name = _x(getattr(c, "name", p.name))
            if id(c) not in fighting:
                name += " <i>(stays out of the fight)</i>"
            else:
                models += int(getattr(c, "units", 1) or 1)
                cards += 1
            rows.append({"name": name, "cost": _fmt(round(p.cost, 1))})
        out.append({"force_name": _x(getattr(roster, "name", w[f"side_{key}"])), "combatants": rows, "models": models,
                    "cards": cards, "total": _fmt(loaded.costs[key]), "budget": _fmt(getattr(loaded.scenario.budgets, key))})
    return out


def terrain_words(board, scfg: dict[str, Any], w) -> tuple[list[str], list[str]]:
    """(counts for the set-up page, what each kind of ground is on a real table)."""
    words = scfg.get("terrain", {})
    counts, table = [], []
    kinds = ((f"blocked {w['cell']}", f"blocked {w['cells']}", board.blocked, "blocked"),
             ("pit", "pits", board.pits, "pits"), ("obstruction", "obstructions", board.obstructions, "obstructions"),
             (f"water {w['cell']}", f"water {w['cells']}", board.water, "water"))
    for one, many, cells, key in kinds:
        if cells:
            counts.append(_plural(len(cells), one, many))
            if key in words:
                table.append(words[key])
    if board.elevation:
        top = max(board.elevation.values())
        counts.append(f"high ground on {len(board.elevation)} {w['cells']}, up to level {top}")
        if "elevation" in words:
            table.append(words["elevation"])
    if board.walls:
        counts.append(f"{len(board.walls)} walls (impassable)")
        if "walls" in words:
            table.append(words["walls"])
    return counts, table


def play_estimate(scfg: dict[str, Any], models: int, rounds: float | None) -> str | None:
    """``About 45-60 minutes with 12 models on the table`` from the system's pace (minutes of
    set-up, minutes per model a round) and the battle's length (measured mean, else planned)."""
    pace = scfg.get("pace")
    if not pace or not rounds:
        return None
    minutes = float(pace["setup"]) + float(pace["per_model_round"]) * models * float(rounds)
    low, high = max(10, 5 * round(minutes * 0.8 / 5)), max(15, 5 * round(minutes * 1.2 / 5))
    return f"About {low}-{high} minutes to play, with {models} models on the table."


def scenario_view(loaded, cfg: dict[str, Any], hex_mm: float | None = None) -> dict[str, Any]:
    """Everything the template prints, as escaped text and plain numbers."""
    from generator.layout.map_print import MapGeometry
    from generator.scenarios.briefing import brief
    from generator.scenarios.fingerprint import stale_parts

    scn = loaded.scenario
    scfg = cfg["systems"][scn.system]
    w = dict(scfg["words"])
    board = loaded.board
    briefing = brief(loaded, w, list(scfg["sequence"]), scfg.get("notes") or {})
    forces = _forces(loaded, w)
    sides = []
    for side, force in zip(briefing.sides, forces):
        setup = side["setup"] + (" " + side["reserves"] if side["reserves"] else "")
        sides.append({**force, "key": side["key"], "label": side["label"], "symbol": _x(side["symbol"]),
                      "role": side["role"], "setup": _x(setup)})
    notes = [f"Before setting up, the players roll off: the winner chooses whether their force sets up as "
             f"{sides[0]['label']} or as {sides[1]['label']} above, and the other force takes the other set-up. "
             f"The balance figures were measured this way: each force played half its battles from each side."]
    if scn.deployment.min_gap and (scn.deployment.a.start or scn.deployment.b.start):
        notes.append(f"Every {w['fighter']} sets up more than {_plural(scn.deployment.min_gap, w['cell'], w['cells'])} "
                     f"from any other {w['fighter']}; the marked {w['cells']} are suggested places.")
    notes += [_x(line) for line in briefing.order]
    if scn.deployment.card:
        notes.append(f"Set-up card: <b>{_x(scn.deployment.card)}</b>.")
    objectives = [{**o, "label": _x(o["label"]), "worth": _x(o["worth"])} for o in briefing.objectives]
    twist = None
    if briefing.twist is not None:
        twist = {k: _x(v) for k, v in briefing.twist.items()}
    geo = MapGeometry.of(board, hex_mm if board.grid == "hex" else None)
    across = "across the flats" if board.grid == "hex" else "a side"
    summary = (f"{_x(board.name or 'The map')}: {board.width} x {board.height} {w['cells']}, printed at "
               f"{geo.size_mm:g} mm {across} ({geo.width / 10:.1f} x {geo.height / 10:.1f} cm in all).")
    terrain, table_words = terrain_words(board, scfg, w)
    stale = stale_parts(loaded)
    first = briefing.facts.setup_first
    balance = _balance_view(loaded, sides, w, stale, first)
    models = sum(f["models"] for f in forces)
    measured_rounds = scn.balance.mean_rounds if scn.balance is not None and scn.balance.mean_rounds else None
    play = play_estimate(scfg, models, measured_rounds or briefing.facts.rounds)
    if balance is not None:
        headline = balance["headline"]
    elif loaded.path is not None:
        headline = f"Not yet played by the simulator: {update_command(loaded, short=True)} measures it."
    else:
        headline = "Not measured by the simulator."
    mission = {
        "title": scn.title, "tale": scn.tale, "forces": [f"{s['force_name']} ({s['total']} {w['cost']})" for s in sides],
        "sides": [{"label": s["label"], "role": s["role"], "force_name": f["force_name"],
                   "setup": b["setup"], "reserves": b["reserves"]} for s, b, f in zip(sides, briefing.sides, forces)],
        "order": _sheet_order(briefing, sides, scfg), "objectives": briefing.objectives, "by_round": briefing.by_round,
        "tie": briefing.tie_sentence, "twist": briefing.twist, "special": briefing.special,
        "terrain": table_words, "balance_line": headline, "play": play,
        "balance_stale": balance["stale_plain"] if balance else None,
    }
    tokens = _tokens_view(scfg, briefing, forces, sides)
    return {
        "title": _x(scn.title), "system_title": scfg["title"], "tale": _x(scn.tale), "seed": scn.seed,
        "headings": {**cfg.get("headings", {}), **scfg.get("headings", {})},
        "words": w, "sides": sides, "deployment_notes": notes, "objectives": objectives,
        "victory_card": _x(scn.victory.card) if scn.victory.card else None,
        "victory_card_deck": {"bladeborn": "battle cards", "sagaborn": "scenario deck",
                              "bladestorm": "victory conditions"}.get(scn.system, "victory cards"),
        "scoring": [_x(s) for s in briefing.scoring], "rounds_sentence": _x(briefing.rounds_sentence),
        "tie_sentence": _x(briefing.tie_sentence), "twist": twist, "special": [_x(s) for s in briefing.special],
        "sequence": briefing.sequence, "picked": _picked(scn, sides),
        "map": {"summary": summary, "terrain": terrain, "table_words": [_x(t) for t in table_words],
                "legend_note": "the legend names every kind of ground, the objectives and each side's set-up."},
        "balance": balance, "play": _x(play) if play else None, "mission": mission, "tokens": tokens,
        "cost_note": (f"Costs are the tool's price for each {w['fighter']} ({w['cost']}); the budgets are the "
                      "scenario's. The cards that follow are cut along their edges, nine to a page."),
    }


def vp_ceiling(facts, objectives: int, fighters: tuple[int, int]) -> int:
    """A victory-point track long enough for one side's plausible best: every objective held every
    round, every enemy fighter taken down (10 to 30 boxes; 0: the battle scores no points)."""
    rounds = facts.rounds or 0
    total = 0
    for rule in facts.scoring:
        kind, p = rule["kind"], rule["points"]
        if kind == "per_objective":
            total += (p + (facts.objective_bonus[0] if facts.objective_bonus else 0)) * objectives * rounds
        elif kind in ("hold_centre", "most_objectives"):
            total += p * rounds
        elif kind == "take_down":
            total += p * max(fighters)
        elif kind in ("first_blood", "slay_leader", "open_chest"):
            total += p * (objectives if kind == "open_chest" else 1)
        elif kind == "enemy_territory":
            total += p * rounds * 2
    if facts.takedown_bonus:
        total += facts.takedown_bonus[0] * max(fighters)
    return 0 if total == 0 else max(10, min(30, total))


def _tokens_view(scfg, briefing, forces, sides) -> dict[str, Any]:
    """What the tokens page cuts out: markers, tracks, and the system's own tokens per side."""
    facts = briefing.facts
    counts = {"fighters": [f["models"] for f in forces], "cards": [f["cards"] for f in forces],
              "objectives": [len(briefing.objectives)] * 2}
    groups = []
    for spec in scfg.get("tokens", []):
        per = spec["per_side"]
        per_side = counts[per] if isinstance(per, str) else [int(per)] * 2
        if not any(per_side):
            continue
        mark = spec["mark"]
        groups.append({"title": spec["title"], "text": spec["text"], "per_side": per_side,
                       "marks": [s["symbol"] if mark == "{symbol}" else mark for s in sides]})
    points_scored = facts.system != "sagaborn" and not facts.last_standing
    vp = vp_ceiling(facts, len(briefing.objectives), tuple(counts["fighters"])) if points_scored else 0
    tracks = list(scfg.get("tracks", []))
    return {"objectives": briefing.objectives, "vp_max": vp, "rounds": facts.rounds if facts.rounds else None,
            "tracks": tracks, "system_tokens": groups,
            "any": bool(briefing.objectives or vp or facts.rounds or tracks or groups),
            "note": scfg.get("tokens_note", "Damage is marked on the cards.")}


def _sheet_order(briefing, sides, scfg) -> list[str]:
    """Who sets up and who goes first, in a line or two for the mission sheet."""
    facts = briefing.facts
    out = [f"Roll off: the winner chooses to play {possessive(sides[0]['label'])} side or {possessive(sides[1]['label'])}."]
    out += briefing.order
    if not facts.moves_first and not facts.initiative_to and scfg.get("first_words"):
        out.append(scfg["first_words"])
    return out


def _picked(scn, sides) -> str | None:
    if scn.pick is None:
        return None
    if scn.pick.mode == "veto":
        return ("The cards were picked by veto: three were dealt face up and each player in turn struck one "
                "until one was left.")
    chooser = sides[0] if scn.pick.chooser == "a" else sides[1]

    def hand(h):
        if len(h.dealt) == 1:
            return f"<b>{_x(h.kept)}</b> (the only card that fits)"
        return f"<b>{_x(h.kept)}</b> of {', '.join(_x(c) for c in h.dealt)}"

    return (f"The underdog chose the cards: {chooser['label']} ({chooser['force_name']}), "
            f"{_x(scn.pick.why or 'the weaker side')}, was dealt up to three cards from each deck and kept one: "
            + "; ".join(hand(h) for h in scn.pick.hands) + ".")


def _balance_view(loaded, sides, w, stale: list[str] | None, first: str | None) -> dict[str, Any] | None:
    scn = loaded.scenario
    if scn.balance is None:
        return None
    b = scn.balance
    lo, hi = b.ci95
    a, bb = sides
    first_label = {"a": a["label"], "b": bb["label"]}.get(first) if first else None
    headline = bw.headline(b, a["label"], first_label)
    stale_text = bw.stale_line(stale, update_command(loaded)) if stale else None
    stale_short = bw.stale_line(stale, update_command(loaded, short=True)) if stale else None
    unrecorded = None
    if stale is None:
        unrecorded = ("These figures do not record what they measured (the file is older than the records): if "
                      f"the scenario was edited since, {update_command(loaded)} measures it again.")
    lean = bw.setup_figure(b, first_label, a["label"])
    setup_text = "not recorded" if lean is None else f"{_pct(lean[1])} (95% interval {_pct(lean[2][0])} to {_pct(lean[2][1])})"
    setup_label = "Score setting up as " + a["label"] if b.setup_lean is None else "Score of the side setting up first"
    score_of = possessive(a["label"])
    figures = [
        ["Battles played", f"{b.games:,}" + (" (stopped early: the verdict was clear)" if b.stopped_early else "")],
        [f"{a['label']} wins", f"{b.wins_a:,} ({_pct(b.wins_a / b.games)})"],
        [f"{bb['label']} wins", f"{b.wins_b:,} ({_pct(b.wins_b / b.games)})"],
        ["Draws", f"{b.draws:,} ({_pct(b.draws / b.games)})"],
        [f"{score_of} score", f"{_pct(b.win_rate_a)} (95% interval {_pct(lo)} to {_pct(hi)})"],
        [setup_label, setup_text],
        ["Mean length", f"{b.mean_rounds:.1f} {w['rounds']}" if b.mean_rounds is not None else "not measured"],
    ]
    if b.policies is not None:
        figures.append(["Players", f"{_x(b.policies.a)} (A), {_x(b.policies.b)} (B)"])
    if b.search is not None:
        s = b.search
        figures.append(["With search players", f"{_pct(s.win_rate_a)} (95% interval {_pct(s.ci95[0])} to "
                                               f"{_pct(s.ci95[1])}) in {s.games:,} battles"
                        + ("" if s.balanced else ", not balanced")])
    if b.mirror:
        figures.append(["Forces", "a mirror match: side B is a copy of side A"])
    if b.knob:
        figures.append(["Handicap", _x(b.knob)])
    figures.append(["Seed", str(b.seed)])
    if b.band:
        band = f" The balance test counts {_pct(b.band[0])} to {_pct(b.band[1])} as even."
    else:
        band = ""
    return {
        "headline": headline, "stale_plain": stale_short, "stale": _x(stale_text) if stale_text else None,
        "unrecorded": _x(unrecorded) if unrecorded else None, "players": _x(bw.players_paragraph(b, sides, first_label)),
        "figures": figures, "games": b.games, "win_rate_a": b.win_rate_a, "ci": [lo, hi], "balanced": b.balanced,
        "wins_a": b.wins_a, "wins_b": b.wins_b, "draws": b.draws, "seed": str(b.seed), "mirror": bool(b.mirror),
        "summary": (f"{b.games:,} simulated battles between these two forces, seed {b.seed}. The chart shows "
                    f"{score_of} score (wins, with draws counted half) and its 95% interval; the dashed "
                    "line is an even match." + band),
        "archetypes": _archetype_rows(b.favours, w),
        "method": ("The score counts each simulated win as one and each draw as a half; its interval is a Wilson "
                   "score interval, so a small run shows a wide bar. After editing the scenario, "
                   f"{update_command(loaded)} measures it again and rewrites only its balance figures."),
    }


def _archetype_rows(leans, w: dict[str, str]) -> list[dict[str, str]]:
    """The balance page's "which kinds of force" table: one row per archetype pair."""
    rows = []
    for lean in leans:
        first, second = lean.pair
        row = {"pair": f"{first.capitalize()} vs {second}"}
        if lean.note is not None:
            row.update(result="n/a", figures=_x(lean.note[:1].upper() + lean.note[1:]) + ".")
        else:
            lo, hi = lean.ci95
            row["result"] = f"favours {lean.lean} by {lean.by * 100:.0f} points" if lean.lean else "no clear lean"
            figures = f"{first} scores {_pct(lean.score)} (95% interval {_pct(lo)} to {_pct(hi)}) in {lean.games:,} battles"
            if lean.sizes and lean.costs:
                figures += (f"; {lean.sizes[0]} against {lean.sizes[1]} {w['fighters']}, "
                            f"{_fmt(lean.costs[0])} against {_fmt(lean.costs[1])} {w['cost']}")
            row["figures"] = _x(figures) + "."
        rows.append(row)
    return rows

