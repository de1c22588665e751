"""The battle as players read it: every set-up, victory and twist sentence from one model.

A booklet printed its deployment from the deployment block, its victory from the victory block
and its twist from the twist card, each on its own, so a twist that brings reserves on in the
first round sat beside a deployment saying "from the second battle round", and objectives were
marked "control it" in battles whose victory never scored them. Here the words come from
:class:`Facts`, which are read from what the battle engine is given to play (for Bladeborn and
Warcry the very :class:`~generator.systems.bladeborn.game.BattleRules` of the battle, twist
applied; for SagaBorn the battle's options), and every sentence about rounds, reserves,
objectives, who goes first and ties is generated from those facts through the describe
functions of :mod:`generator.scenarios.rules`. The booklet's set-up page and the mission sheet
both print a :class:`Briefing`, so the two cannot disagree either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from generator.scenarios import rules

#: Scoring rules that score the objective markers the engine knows (control at the end of a round).
OBJECTIVE_SCORING = ("per_objective", "hold_centre", "most_objectives")
#: Scoring rules scored the moment something happens, whatever their ``when``.
AT_ONCE = ("take_down", "first_blood", "slay_leader", "open_chest")


@dataclass
class Facts:
    """What the engine plays, in the numbers the text needs (sides are seats ``a``/``b``)."""

    system: str
    rounds: Optional[int]                  # rounds played; None: until one side is gone
    card_rounds: Optional[int]             # the victory's own number, before a twist changes it
    cut_off: bool = False                  # the rounds are a cut-off (SagaBorn), not the planned length
    reserves_from: Optional[int] = None    # the round reserves arrive from; None: no reserves here
    reserve_count: dict[str, int] = field(default_factory=dict)  # reserve fighters per seat, when known
    setup_first: Optional[str] = None      # the seat that sets up first; None: a roll-off decides
    moves_first: Optional[str] = None      # the seat with round 1's first move; None: the initiative
    initiative_to: Optional[str] = None    # a twist gives the initiative every round to a/b/role/underdog
    tie: str = "draw"
    scoring: list[dict] = field(default_factory=list)   # {kind, points, when, from_round}
    objective_bonus: Optional[tuple[int, int]] = None   # (extra points, from round)
    takedown_bonus: Optional[tuple[int, Optional[int]]] = None  # (points, at most this many a round)
    centre: Optional[str] = None           # the objective cell ``hold_centre`` scores
    territory: bool = False                # a side's territory (start hexes and their neighbours) counts
    last_standing: bool = False
    limit: Optional[int] = None            # a battle fought to the last ends as a draw after this many rounds

    def scores(self, kind: str) -> bool:
        return any(r["kind"] == kind for r in self.scoring)


# ---- facts from the engine --------------------------------------------------------------------


def _base(loaded) -> Facts:
    scn = loaded.scenario
    scoring = [{"kind": r.kind, "points": r.points, "when": r.when, "from_round": r.from_round}
               for r in scn.victory.scoring]
    return Facts(scn.system, scn.victory.rounds, scn.victory.rounds, tie=scn.victory.tie, scoring=scoring,
                 last_standing=any(r["kind"] == "last_standing" for r in scoring))


def _hex_facts(loaded) -> Facts:
    """Bladeborn and Warcry on hexes: the battle's own rules object, twist applied."""
    from generator.dice.rng import Rng

    system = loaded.system
    facts = _base(loaded)
    options = system.scenario_options(loaded)
    battle = system.make_battle(loaded.rosters["a"], loaded.rosters["b"], options)
    played, board = next(iter(battle.rules["prepared"].values()))
    facts.rounds = played.rounds
    facts.card_rounds = loaded.scenario.victory.rounds or played.rounds
    facts.tie = played.tie
    facts.scoring = [{"kind": r.kind, "points": r.points, "when": r.when, "from_round": r.from_round}
                     for r in played.scoring]
    counts = dict(played.reserve_count)
    facts.reserve_count = counts
    facts.reserves_from = played.reserves_from if any(counts.values()) else None
    if played.objective_bonus:
        facts.objective_bonus = (played.objective_bonus, played.objective_bonus_from)
    if played.takedown_bonus:
        facts.takedown_bonus = (played.takedown_bonus, played.takedown_bonus_per_round)
    facts.initiative_to = played.initiative_to
    facts.territory = True
    if played.objectives and facts.scores("hold_centre"):
        state, _ = system.game.new_state(battle, Rng(0))
        facts.centre = board.label(state.centre) if state.centre is not None else None
    return facts


def _sagaborn_facts(loaded) -> Facts:
    facts = _base(loaded)
    options = loaded.system.scenario_options(loaded)
    facts.rounds, facts.cut_off = int(options.get("rounds") or 12), True
    facts.moves_first = options.get("first")
    facts.centre = options.get("shrine")
    tie_to = options.get("tie_to")
    facts.tie = "draw" if tie_to is None else facts.tie
    return facts


def _bladestorm_facts(loaded) -> Facts:
    from generator.systems.bladestorm.scenario import from_loaded

    facts = _base(loaded)
    first = loaded.scenario.deployment.first or "a"  # the Basic Game: set-up and first move, as played
    facts.setup_first = facts.moves_first = first
    facts.limit = from_loaded(loaded, loaded.path).scenario.turn_limit
    return facts


def _gorechosen_facts(loaded) -> Facts:
    from generator.systems.gorechosen.game import MAX_ROUNDS

    facts = _base(loaded)
    facts.limit = MAX_ROUNDS  # the engine's cut-off for a duel that never ends
    return facts


EXECUTED = {"bladeborn": _hex_facts, "warcry": _hex_facts, "sagaborn": _sagaborn_facts,
            "bladestorm": _bladestorm_facts, "gorechosen": _gorechosen_facts}


def executed(loaded) -> Facts:
    """The facts of ``loaded`` (a LoadedScenario) as its system's engine plays them."""
    return EXECUTED[loaded.scenario.system](loaded)


# ---- words ------------------------------------------------------------------------------------


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _cells(cells: list[str], limit: int = 12) -> str:
    if len(cells) <= limit:
        return ", ".join(cells)
    return ", ".join(cells[:limit]) + f" and {len(cells) - limit} more"


def ordinal(n: int) -> str:
    return rules._ordinal(n)


def _vocab(w: dict[str, str]) -> dict[str, str]:
    return {"fighter": w["fighter"], "round": w["round"], "take_down": w["take_down"], "hex": w["cell"],
            "point": w.get("point", "victory point"), **({"holds_centre": w["holds_centre"]} if "holds_centre" in w else {})}


def _side_name(side: Optional[str], labels: dict[str, str], roles: dict[str, Optional[str]]) -> str:
    if side in labels:
        return labels[side]
    if side in ("attacker", "defender"):
        seat = next((s for s, r in roles.items() if r == side), None)
        return f"the {side}" + (f" ({labels[seat]})" if seat else "")
    if side == "underdog":
        return "the side with fewer victory points"
    return str(side)


@dataclass
class Briefing:
    """Everything a player reads about how this battle goes, generated from :class:`Facts`."""

    facts: Facts
    sides: list[dict[str, Any]]            # key, label, symbol, role, setup, reserves
    order: list[str]                       # who sets up and who goes first
    objectives: list[dict[str, Any]]       # n, kind, label, cell, worth, scored
    scoring: list[str]                     # one sentence per scoring rule (and bonus)
    by_round: list[tuple[str, str]]        # ("Rounds 1-3", "what scores then")
    rounds_sentence: str
    tie_sentence: str
    twist: Optional[dict[str, str]]        # name, text (the card's prose), effect (as played)
    special: list[str]                     # rules that hold for this battle beyond the round sequence
    sequence: list[str]                    # the round sequence, with this battle's numbers


def brief(loaded, w: dict[str, str], sequence: list[str], notes: dict[str, str] | None = None) -> Briefing:
    """The briefing of ``loaded`` in a system's words ``w`` (``content/layout/booklet.yaml``);
    ``sequence`` is the system's round sequence, whose ``{reserves_round}`` and
    ``{initiative}`` fields are filled from the facts; ``notes`` are the system's special rules."""
    from generator.scenarios.model import side_label

    scn = loaded.scenario
    facts = executed(loaded)
    v = _vocab(w)
    labels = {k: w[f"side_{k}"] for k in ("a", "b")}
    roles = {k: getattr(scn.deployment, k).role for k in ("a", "b")}
    sides = []
    for key in ("a", "b"):
        setup = getattr(scn.deployment, key)
        symbol = side_label(scn, key)
        sides.append({"key": key, "label": labels[key], "symbol": symbol, "role": setup.role,
                      "setup": _setup_sentence(scn, setup, symbol, facts, w, loaded.board),
                      "reserves": _reserve_sentence(scn, setup, key, symbol, facts, w)})
    objectives = objective_rows(loaded, facts, w)
    twist = None
    if scn.twist is not None:
        twist = {"name": scn.twist.name, "text": scn.twist.text or "",
                 "effect": rules.describe_effect(scn.twist.effect.model_dump(), v)}
        twist["effect"] = _effect_in_context(scn.twist.effect.kind, twist["effect"], facts, labels, roles, w)
    order = _order(facts, labels, roles, w)
    if facts.territory and facts.reserves_from is None and (scn.deployment.a.reserve or scn.deployment.b.reserve):
        order.append(f"Neither {w['force']} holds {w['fighters']} back in reserve (their ability cards keep none), "
                     f"so the reserve {w['cells']} stay empty.")
    return Briefing(
        facts=facts, sides=sides, order=order, objectives=objectives,
        scoring=scoring_sentences(facts, v, objectives), by_round=by_round(facts, v, objectives),
        rounds_sentence=rounds_sentence(facts, w), tie_sentence=tie_sentence(facts, labels, roles, w),
        twist=twist, special=list((notes or {}).values()),
        sequence=[step.format(reserves_round=_reserves_round(facts, w), initiative=_initiative(facts, labels, roles, w))
                  for step in sequence],
    )


def _along_edge(cells: list[str], board) -> Optional[tuple[str, int]]:
    """(edge, depth) when ``cells`` all lie within a few rows or columns of one edge of the board."""
    from generator.boards.mapfile import parse_cell

    pos = [parse_cell(c) for c in cells]
    cols, rows = [c for c, _ in pos], [r for _, r in pos]
    spans = {"north": max(rows) + 1, "south": board.height - min(rows),
             "west": max(cols) + 1, "east": board.width - min(cols)}
    edge = min(spans, key=spans.get)
    return (edge, spans[edge]) if spans[edge] <= 3 else None


def _setup_sentence(scn, setup, symbol: str, facts: Facts, w, board=None) -> str:
    parts = []
    band = _along_edge(setup.start, board) if board is not None and len(setup.start) > 8 else None
    if band is not None:
        edge, depth = band
        parts.append(f"sets up in the {len(setup.start)} starting {w['cells']} marked {symbol} on the map, the "
                     f"{'row' if edge in ('north', 'south') else 'column'}{'s' if depth > 1 else ''} nearest the "
                     f"{edge} edge")
        if facts.territory:
            parts[-1] += f"; its territory is those {w['cells']} and every {w['cell']} next to them"
    elif setup.start:
        parts.append(f"sets up in the starting {w['cells']} marked {symbol} on the map ({_cells(setup.start)})")
        if facts.territory:
            parts[-1] += f"; its territory is those {w['cells']} and every {w['cell']} next to them"
    if setup.edge:
        parts.append(f"sets up within {_plural(setup.depth, w['cell'], w['cells'])} of the {setup.edge} edge "
                     f"(marked {symbol} on the map)")
    if not parts and scn.deployment.min_gap:
        parts.append(f"sets up anywhere on the board more than {_plural(scn.deployment.min_gap, w['cell'], w['cells'])} "
                     f"from any other {w['fighter']}")
    return "; ".join(parts) + "."


def _reserve_sentence(scn, setup, key: str, symbol: str, facts: Facts, w) -> Optional[str]:
    """How this seat's reserves come on, as the engine brings them (None: no reserves)."""
    count = facts.reserve_count.get(key, 0)
    if facts.reserves_from is None or not count:
        return None
    where = (f"on or next to a reserve {w['cell']} marked {symbol} R ({_cells(setup.reserve)})" if setup.reserve
             else f"on or next to one of its starting {w['cells']}")
    return (f"Reserve: {_plural(count, w['fighter'], w['fighters'])} (its ability card's number, picked before "
            f"set-up); from the {ordinal(facts.reserves_from)} {w['round']} on, one arrives at the start of its "
            f"first turn, {where}.")


def _reserves_round(facts: Facts, w) -> str:
    if facts.reserves_from is None:
        return f"the second {w['round']}"
    return f"the {ordinal(facts.reserves_from)} {w['round']}"


def _initiative(facts: Facts, labels, roles, w) -> str:
    if facts.initiative_to is None:
        return ""
    return f" In this battle the twist gives the initiative to {_side_name(facts.initiative_to, labels, roles)} every {w['round']}."


def _order(facts: Facts, labels, roles, w) -> list[str]:
    out = []
    if facts.setup_first and facts.setup_first == facts.moves_first:
        out.append(f"{labels[facts.setup_first]} sets up first and moves first.")
    else:
        if facts.setup_first:
            out.append(f"{labels[facts.setup_first]} sets up first.")
        if facts.moves_first:
            out.append(f"{labels[facts.moves_first]} has the first activation of the first {w['round']}.")
    if facts.initiative_to:
        out.append(f"{_side_name(facts.initiative_to, labels, roles)[0].upper()}"
                   f"{_side_name(facts.initiative_to, labels, roles)[1:]} has the initiative in every {w['round']} (the twist).")
    return out


def objective_rows(loaded, facts: Facts, w) -> list[dict[str, Any]]:
    """Each marker with what it is worth in *this* battle, from the scoring the engine plays."""
    scn = loaded.scenario
    pts = w.get("point", "victory point")
    short = "VP" if pts == "victory point" else pts + "s"
    rows = []
    for n, obj in enumerate(scn.objectives, 1):
        label = f"{obj.name} ({obj.kind})" if obj.name else obj.kind.capitalize()
        worth = []
        if obj.kind == "objective":
            for rule in facts.scoring:
                p = rule["points"]
                if rule["kind"] == "per_objective":
                    extra = ""
                    if facts.objective_bonus:
                        extra = f" (+{facts.objective_bonus[0]} from {w['round']} {facts.objective_bonus[1]})"
                    worth.append(f"control it: {p} {short} a {w['round']}{extra}")
                elif rule["kind"] == "hold_centre" and obj.cell == facts.centre:
                    worth.append(f"control it: {p} {short} a {w['round']} (the centre objective)")
                elif rule["kind"] == "most_objectives":
                    worth.append(f"control it: counts for holding more objectives ({p} {short} a {w['round']})")
            if not worth and facts.tie == "tiebreakers":
                worth.append("scores nothing; objectives held break a tie")
        elif obj.kind == "relic" and facts.scores("hold_relic"):
            p = next(r["points"] for r in facts.scoring if r["kind"] == "hold_relic")
            worth.append(f"{p} {pts}s to the side holding it at the end")
        elif obj.kind == "chest" and facts.scores("open_chest"):
            p = next(r["points"] for r in facts.scoring if r["kind"] == "open_chest")
            worth.append(f"{p} {pts}s to the first to open it")
        elif obj.kind == "door":
            worth.append("open it: a standard action")
        if not worth and obj.points:
            worth.append(f"{obj.points} {pts}s")
        scored = bool(worth)
        if not worth:
            worth.append("not scored in this battle: a landmark")
        rows.append({"n": n, "kind": obj.kind, "label": label, "cell": obj.cell, "worth": "; ".join(worth),
                     "scored": scored})
    return rows


def scoring_sentences(facts: Facts, v: dict[str, str], objectives) -> list[str]:
    out = [rules.describe_scoring(rule, v) for rule in facts.scoring]
    if facts.objective_bonus and facts.scores("per_objective"):
        amount, start = facts.objective_bonus
        out.append(f"From the {ordinal(start)} {v['round']} on, each objective scores {amount} more (the twist).")
    if facts.takedown_bonus:
        points, cap = facts.takedown_bonus
        out.append(f"Every enemy {v['fighter']} {v['take_down']} scores {rules._pts(points, v['point'])} more"
                   + (f", for at most {cap} a {v['round']}" if cap else "") + " (the twist).")
    return out


def _round_items(facts: Facts, v: dict[str, str], r: int, objectives) -> list[str]:
    """What is scored at the end of round ``r``."""
    short = "VP" if v["point"] == "victory point" else v["point"] + "s"
    out = []
    centre = next((o for o in objectives if o["cell"] == facts.centre), None)
    for rule in facts.scoring:
        kind, p = rule["kind"], rule["points"]
        if rule["when"] == "end_of_battle" or kind in AT_ONCE or kind in ("last_standing",) or r < rule["from_round"]:
            continue
        if kind == "per_objective":
            bonus = facts.objective_bonus[0] if facts.objective_bonus and r >= facts.objective_bonus[1] else 0
            out.append(f"{p + bonus} {short} per objective you control")
        elif kind == "hold_centre":
            where = f" (#{centre['n']})" if centre else ""
            out.append(f"{p} {short} for the centre objective{where}")
        elif kind == "most_objectives":
            out.append(f"{p} {short} for controlling more objectives")
        elif kind == "enemy_territory":
            out.append(f"{p} {short} per {v['fighter']} in enemy territory")
        elif kind == "hold_relic":
            out.append(f"{p} {short} per relic held")
        elif kind == "surviving_points":
            out.append(f"the points of your surviving {v['fighter']}s")
    return out


def by_round(facts: Facts, v: dict[str, str], objectives) -> list[tuple[str, str]]:
    """The victory conditions round by round, equal rounds grouped: ``[("Rounds 1-2", ...)]``."""
    short = "VP" if v["point"] == "victory point" else v["point"] + "s"
    rows: list[tuple[str, str]] = []
    at_once = [f"{rule['points']} {short} " + {"take_down": f"per enemy {v['fighter']} {v['take_down']}",
                                               "first_blood": "for the first take-down",
                                               "slay_leader": "for taking down the enemy leader",
                                               "open_chest": "per chest opened first"}[rule["kind"]]
               for rule in facts.scoring if rule["kind"] in AT_ONCE]
    if facts.takedown_bonus:
        at_once.append(f"+{facts.takedown_bonus[0]} {short} per take-down (the twist)")
    if at_once:
        rows.append(("Any time", "; ".join(at_once)))
    if facts.rounds:
        runs: list[tuple[int, int, str]] = []
        for r in range(1, facts.rounds + 1):
            text = "; ".join(_round_items(facts, v, r, objectives))
            if runs and runs[-1][2] == text:
                runs[-1] = (runs[-1][0], r, text)
            else:
                runs.append((r, r, text))
        for lo, hi, text in runs:
            if not text:
                continue
            name = v["round"].split()[-1].capitalize()
            when = f"End of {name.lower()} {lo}" if lo == hi else f"End of {name.lower()}s {lo}-{hi}"
            rows.append((when, text))
    final = [_final_item(rule, v, short) for rule in facts.scoring
             if rule["when"] == "end_of_battle" and rule["kind"] not in AT_ONCE]
    if facts.last_standing:
        rows.append(("The end", f"the last side with {v['fighter']}s on the board wins"))
        if facts.limit and not facts.rounds:
            name = v["round"].split()[-1]
            rows.append((f"After {name} {facts.limit}", "if both sides still stand, the battle ends level"))
    elif facts.rounds:
        ends = "the battle is cut off" if facts.cut_off else "the battle ends"
        name = v["round"].split()[-1]
        rows.append((f"After {name} {facts.rounds}", "; ".join([ends] + final) + "; more "
                     + (short if short != "VP" else "victory points") + " wins"))
    return rows


def _final_item(rule: dict, v: dict[str, str], short: str) -> str:
    """What one end-of-battle scoring rule adds, as a phrase of the last row."""
    p = rule["points"]
    return {
        "surviving_points": f"each side adds the points of its surviving {v['fighter']}s",
        "hold_relic": f"{p} {short} per relic held",
        "per_objective": f"{p} {short} per objective controlled",
        "hold_centre": f"{p} {short} for the centre objective",
        "most_objectives": f"{p} {short} for controlling more objectives",
        "enemy_territory": f"{p} {short} per {v['fighter']} in enemy territory",
    }.get(rule["kind"], rules.describe_scoring(rule, v).rstrip(".").lower())


def rounds_sentence(facts: Facts, w) -> str:
    if facts.last_standing and not facts.rounds:
        return f"The battle goes on until one side has no {w['fighters']} left."
    if not facts.rounds:
        return f"The battle goes on until one side has no {w['fighters']} left."
    text = f"The battle lasts {_plural(facts.rounds, w['round'], w['rounds'])}"
    if facts.card_rounds and facts.card_rounds != facts.rounds:
        change = facts.rounds - facts.card_rounds
        text += (f" ({facts.card_rounds}, and {abs(change)} {'more' if change > 0 else 'fewer'} for the twist)")
    if facts.cut_off:
        text += f" (the cut-off), unless one {w['force']} is wiped out sooner"
    return text + "."


def tie_sentence(facts: Facts, labels, roles, w) -> str:
    words = rules.TIES[facts.tie]
    if facts.tie in ("attacker", "defender"):
        words = f"{_side_name(facts.tie, labels, roles)} wins"
    return "If the result is level, " + words + "."


def _effect_in_context(kind: str, sentence: str, facts: Facts, labels, roles, w) -> str:
    """A twist's sentence with the battle's own numbers where the twist changes them."""
    if kind == "rounds_modifier" and facts.rounds:
        return sentence.rstrip(".") + f": {_plural(facts.rounds, w['round'], w['rounds'])} in all."
    if kind == "reserves_from_round" and facts.reserves_from is None:
        return sentence.rstrip(".") + " (neither warband keeps reserves in this battle)."
    if kind == "initiative_to" and facts.initiative_to:
        return f"{_side_name(facts.initiative_to, labels, roles)[0].upper()}{_side_name(facts.initiative_to, labels, roles)[1:]} has the initiative in every {w['round']}."
    return sentence
