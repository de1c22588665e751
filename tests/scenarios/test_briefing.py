"""A booklet's set-up, victory and twist words agree with the battle the engine plays.

Scenarios are drafted as the generator drafts them (map, deployment, objectives, victory, twist
from the decks), several seeds per system, with random forces; every sentence the booklet and the
mission sheet print about rounds, reserves, objectives, who goes first and ties is then read
against the engine's own rules object for that battle (Bladeborn and Warcry: the ``BattleRules``
the battle is played with, twist applied; SagaBorn: the battle's options), derived here
independently of the words. The two contradictions this guards against were real: a twist that
brings reserves in from the first round beside a deployment saying "from the second battle
round", and objectives marked "control it" in a victory that never scores them.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from generator.dice.rng import Rng
from generator.layout.booklet import scenario_view, settings
from generator.scenarios.rules import TIES, _ordinal
from generator.systems import get_system

SEEDS = {"bladeborn": (1, 2, 3, 4, 5, 6, 8, 10), "warcry": (1, 2, 3, 4, 5, 6), "sagaborn": (1, 2, 3, 4),
         "bladestorm": (1, 2), "gorechosen": (1, 2, 3)}
CASES = [(s, seed) for s, seeds in SEEDS.items() for seed in seeds]
ORDINALS = {_ordinal(n): n for n in range(1, 13)}


@lru_cache(maxsize=None)
def drafted(system_name: str, seed: int):
    """A scenario drafted as ``skirmish scenario`` drafts it, with random forces, not balanced."""
    from generator.balance.forces import random_force
    from generator.scenarios.data import scenario_data as _scenario_data
    from generator.scenarios.data import validated as _validated

    system = get_system(system_name)
    rng = Rng(seed)
    parts = system.scenario_draft(system.name, rng.spawn("draft"), size=None, mode="random")
    shape = (system.extra or {}).get("scenario_shape")
    counts = (shape(parts) if shape else None) or {}
    budget = float(system.extra.get("scenario_points", 500))
    if system_name == "bladeborn" and seed % 2 == 0:  # the example warbands hold a fighter in reserve
        from generator.content import load_roster
        from generator.content.library import find_named

        forces = {s: load_roster(find_named(name))[1]
                  for s, name in (("a", "bladeborn/example-cinder-oath"), ("b", "bladeborn/example-hollowmere-stalkers"))}
    else:
        forces = {s: random_force(system, budget, rng.spawn(f"force {s}"), name=f"Force {s}", count=counts.get(s))
                  for s in ("a", "b")}
    data = _scenario_data(system, seed, parts, forces, {"a": budget * 2, "b": budget * 2}, None)
    return _validated(data)


def engine_rules(loaded):
    """What the engine plays, read straight from the battle it builds (not from the briefing)."""
    system = loaded.system
    battle = system.make_battle(loaded.rosters["a"], loaded.rosters["b"], system.scenario_options(loaded))
    if system.name in ("bladeborn", "warcry"):
        rules, _ = next(iter(battle.rules["prepared"].values()))
        return {"rounds": rules.rounds, "tie": rules.tie, "reserves_from": rules.reserves_from,
                "reserves": any(rules.reserve_count.values()), "first": None,
                "objective_kinds": {r.kind for r in rules.scoring} & {"per_objective", "hold_centre", "most_objectives"},
                "initiative_to": rules.initiative_to}
    if system.name == "sagaborn":
        r = battle.rules
        return {"rounds": r["rounds"], "tie": None, "reserves_from": None, "reserves": False, "first": r["first"],
                "objective_kinds": {"hold_centre"} if r.get("shrine") else set(), "initiative_to": None}
    return {"rounds": None, "tie": None, "reserves_from": None, "reserves": False, "first": None,
            "objective_kinds": set(), "initiative_to": None}


def every_text(view) -> str:
    m = view["mission"]
    parts = [s["setup"] for s in view["sides"]] + view["deployment_notes"] + view["scoring"]
    parts += [view["rounds_sentence"], view["tie_sentence"]] + view["sequence"] + view["special"]
    parts += [o["worth"] for o in view["objectives"]] + m["order"] + [f"{a}: {b}" for a, b in m["by_round"]]
    parts += [s["setup"] + " " + (s["reserves"] or "") for s in m["sides"]]
    if view["twist"]:
        parts.append(view["twist"]["effect"])
    return "\n".join(parts)


@pytest.mark.parametrize("system, seed", CASES, ids=[f"{s}-{n}" for s, n in CASES])
def test_every_setup_victory_and_twist_sentence_matches_the_engine(system, seed):
    loaded = drafted(system, seed)
    played = engine_rules(loaded)
    view = scenario_view(loaded, settings(), 25.0)
    text = every_text(view)
    w = view["words"]
    round_word = w["round"].split()[-1]

    # reserves: one round everywhere, the engine's, and none promised when nobody keeps reserves
    said = {ORDINALS[word] for word in re.findall(r"from (?:the )?(\w+) (?:battle )?(?:round|turn)s?\b", text)
            if word in ORDINALS}
    reserve_lines = [line for line in text.splitlines() if "reserve" in line.lower() and "arrive" in line.lower()]
    if played["reserves"]:
        assert reserve_lines
        for line in reserve_lines:
            assert f"the {_ordinal(played['reserves_from'])} {w['round']}" in line, line
    else:
        assert not any(re.search(r"reserves? .*arrive", s["reserves"] or "") for s in view["mission"]["sides"])
    if said and played["reserves"]:
        assert played["reserves_from"] in said

    # rounds: every count printed is the number the engine plays
    if played["rounds"]:
        counts = {int(n) for n in re.findall(rf"lasts (\d+) {w['round']}s?(?! longer| shorter)\b", text)}
        assert counts == {played["rounds"]}, view["rounds_sentence"]
        ends = {int(n) for n in re.findall(rf"After {round_word} (\d+)", text)}
        assert ends == {played["rounds"]}
        assert view["tokens"]["rounds"] == played["rounds"]

    # objectives: worth only what the engine scores
    for row in view["objectives"]:
        if row["kind"] != "objective":
            continue
        scored = bool(played["objective_kinds"] - {"hold_centre"}) or (
            "hold_centre" in played["objective_kinds"] and "centre objective" in row["worth"])
        assert ("control" in row["worth"]) == scored, (row, played["objective_kinds"])
        if not scored:
            assert "nothing" in row["worth"] or "not scored" in row["worth"]

    # ties and who goes first
    if played["tie"]:
        assert view["tie_sentence"] in (f"If the result is level, {TIES[played['tie']]}.",) or played["tie"] in (
            "attacker", "defender")
    firsts = re.findall(r"(Player \S+) (?:sets up first|has the first activation)", text)
    if played["first"] is None and system in ("bladeborn", "warcry"):
        assert not firsts, "the hex engine decides set-up by roll-off and the first turn by initiative"
    if played["first"] is not None:
        assert firsts and firsts[0] == w[f"side_{played['first']}"]
    if played["initiative_to"]:
        assert any("initiative" in step and "twist" in step for step in view["sequence"])


def test_a_twist_that_brings_reserves_in_early_changes_every_reserve_sentence():
    """Hurried Muster brings reserves on from the first battle round: the deployment, the round
    sequence and the twist all say the first round (the booklet once said "second" beside it)."""
    import yaml

    from generator.scenarios.model import validate
    from generator.resources import content_dir

    data = yaml.safe_load((content_dir() / "scenarios" / "examples" / "bladeborn-blood-on-the-altar.yaml").read_text())
    data["twist"] = {"name": "Hurried Muster", "text": "Reserves arrive from the first battle round.",
                     "effect": {"kind": "reserves_from_round", "round": 1}}
    data.pop("balance", None)
    view = scenario_view(validate(data), settings(), 25.0)
    text = every_text(view)
    assert "from the first battle round" in text
    assert "second battle round" not in text


def test_objectives_a_victory_never_scores_say_so():
    """Slaughter scores take-downs only: its objectives are landmarks, not "control it"."""
    import yaml

    from generator.resources import content_dir
    from generator.scenarios.model import validate

    data = yaml.safe_load((content_dir() / "scenarios" / "examples" / "warcry-seize-the-ground.yaml").read_text())
    data["victory"] = {"card": "Slaughter", "scoring": [{"kind": "take_down", "when": "immediately"}], "rounds": 4}
    data.pop("balance", None)
    view = scenario_view(validate(data), settings(), 25.0)
    assert view["objectives"]
    for row in view["objectives"]:
        assert "control" not in row["worth"]
        assert "not scored" in row["worth"] or "nothing" in row["worth"]


@pytest.mark.parametrize("effect, says, never", [
    ({"kind": "rounds_modifier", "amount": 1}, "lasts 5 battle rounds (4, and 1 more for the twist)", "lasts 4 battle rounds"),
    ({"kind": "initiative_to", "side": "defender"}, "the defender (Player B) every battle round", None),
    ({"kind": "objective_bonus", "amount": 1, "round": 3}, "From the third battle round on, each objective scores 1 more", None),
], ids=["longer battle", "initiative to the defender", "objectives worth more"])
def test_a_twist_that_changes_the_numbers_changes_the_words_that_give_them(effect, says, never):
    """A twist that lengthens the battle, hands out the initiative or raises what objectives score
    is printed with the battle's own numbers everywhere the booklet gives them."""
    import yaml

    from generator.resources import content_dir
    from generator.scenarios.model import validate

    data = yaml.safe_load((content_dir() / "scenarios" / "examples" / "bladeborn-blood-on-the-altar.yaml").read_text())
    data["twist"] = {"name": "A twist", "effect": effect}
    data["victory"].update(rounds=4, scoring=[{"kind": "per_objective", "points": 1}])
    data["deployment"]["a"]["role"], data["deployment"]["b"]["role"] = "attacker", "defender"
    data.pop("balance", None)
    loaded = validate(data)
    view = scenario_view(loaded, settings(), 25.0)
    text = every_text(view)
    assert says in text
    if never:
        assert never not in text
    played = engine_rules(loaded)
    assert view["tokens"]["rounds"] == played["rounds"]
