"""Invariants over many seeded battles, re-checked from the JSON battle log alone.

Every move goes step by step through open, unoccupied, adjacent hexes (closed doors count as
walls) and costs what the book's movement rules say, never more than the unit's Move; every
attack is in range, in sight (the sagaborn sight rules on the logged map), inside the melee
height limit, and its damage follows from the logged dice.
"""

import json

import pytest

from generator.boards.mapfile import board_from_dict, parse_cell
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.log import log_json_text
from generator.play.policies import RandomPolicy
from generator.systems import get_system
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.policy import GreedyPolicy
from generator.systems.sagaborn.sight import Unit, sagaborn_sight

SYSTEM = get_system("sagaborn")


def _example(name):
    import yaml

    from generator.resources import content_dir
    from generator.systems.sagaborn.models import Team

    raw = yaml.safe_load((content_dir() / "sagaborn" / name).read_text())
    return Team.model_validate({k: v for k, v in raw.items() if k not in ("system", "kind")})


def check_log(log: dict) -> None:
    grid = dict(log["grid"])
    board_map = board_from_dict(grid)
    hexes = board_map.grid_obj()
    fighters = {f["id"]: {**f, "side": side} for side, info in log["sides"].items() for f in info["fighters"]}
    pos, hp = {}, {uid: f["stats"]["hp"] for uid, f in fighters.items()}
    closed = set(board_map.doors)
    walls = board_map.impassable_cells()

    def level(cell):
        return m.effective_level(board_map.level(cell), cell in board_map.water_cells())

    def alive(side=None):
        return {u: p for u, p in pos.items() if hp[u] > 0 and (side is None or fighters[u]["side"] == side)}

    for event in log["events"]:
        action = event["action"]
        uid = event.get("fighter")
        if action == "place":
            cell = parse_cell(event["cell"])
            assert cell not in pos.values() and cell not in walls
            pos[uid] = cell
        elif action == "move":
            me = fighters[uid]
            path = [parse_cell(c) for c in event["path"]]
            assert path[0] == pos[uid], event
            others = {p for u, p in alive().items() if u != uid}
            enemies = [p for u, p in alive().items() if fighters[u]["side"] != me["side"]]
            near = {n for e in enemies for n in hexes.neighbours(e)}
            cost = 0
            for a, b in zip(path, path[1:]):
                assert hexes.distance(a, b) == 1, event
                assert b not in walls and f"{b[0]},{b[1]}" not in closed and b not in others, event
                step = m.step_cost(m.Hex(board_map.level(a), a in board_map.water_cells()),
                                   m.Hex(board_map.level(b), b in board_map.water_cells()),
                                   me["stats"]["height"], a in near)
                assert step is not None, event
                cost += step
            budget = m.BATTLECALL_MOVE if event.get("ability") == "Battlecall" else me["stats"]["move"]
            assert cost == event["cost"] <= budget, event
            pos[uid] = path[-1]
        elif action == "open" and event.get("what") == "door":
            closed.discard(event["cell"])
        elif action == "attack":
            me, foe = fighters[uid], fighters[event["target"]]
            a, t = pos[uid], pos[event["target"]]
            assert hp[uid] > 0 and hp[event["target"]] > 0
            d = hexes.distance(a, t)
            assert 1 <= d <= me["stats"]["range"], event
            if d == 1:
                assert m.can_strike(level(a), me["stats"]["height"], level(t), foe["stats"]["height"],
                                    me["stats"]["range"], True), event
            else:
                seen_map = board_from_dict({**grid, "blocked": list(grid.get("blocked", [])) + sorted(closed),
                                            "doors": []})
                units = {p: Unit(fighters[u]["side"], fighters[u]["stats"]["height"]) for u, p in alive().items()}
                seen = sagaborn_sight(seen_map, a, t, units)
                assert seen.visible, event
                assert event["cover"] == seen.cover, event
            att, dfn = event["rolls"]["attack"], event["rolls"]["defense"]
            mods = event["modifiers"]
            assert len(att) == me["stats"]["attack"] + mods.get("height_attack", 0)
            assert len(dfn) == foe["stats"]["defense"] + mods.get("height_defense", 0) + mods.get("cover", 0)
            assert m.height_dice(level(a), level(t)) == (mods.get("height_attack", 0), mods.get("height_defense", 0))
            assert event["damage"] == m.attack_damage(att, dfn), event
        elif action == "damage":
            hp[uid] -= event["damage"]
            assert max(hp[uid], 0) == event["hp"]
        elif action == "relic" and event["what"] == "use":
            assert fighters[uid]["type"] == "hero"
            hp[uid] = event["hp"]
            assert hp[uid] <= fighters[uid]["stats"]["hp"]
        elif action == "taken_down":
            assert hp[uid] <= 0


def _battles(seeds, policies):
    battle = SYSTEM.make_battle(_example("house-vareth.yaml"), _example("driftborn.yaml"), {})
    for seed in seeds:
        pols = {side: (GreedyPolicy() if name == "greedy" else RandomPolicy()) for side, name in policies.items()}
        yield json.loads(log_json_text(play(SYSTEM.game, battle, pols, Rng(seed))))


@pytest.mark.parametrize("policies", [{"a": "greedy", "b": "greedy"}, {"a": "random", "b": "greedy"}])
def test_a_few_battles_keep_every_rule(policies):
    for log in _battles(range(2), policies):
        check_log(log)


@pytest.mark.slow
@pytest.mark.parametrize("policies", [{"a": "greedy", "b": "greedy"}, {"a": "random", "b": "random"},
                                      {"a": "greedy", "b": "random"}])
def test_many_battles_keep_every_rule(policies):
    for log in _battles(range(100, 160), policies):
        check_log(log)
