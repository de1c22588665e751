"""Invariants over many seeded battles, re-checked from the JSON battle log alone.

Every move goes step by step through open, unoccupied, adjacent hexes (closed doors count as
walls) and costs what the book's movement rules say (a water_stride special's water at land
cost), never more than the unit's Move plus an aura's bonus earned at the start of the
activation, and a unit pinned by a pin_on_damage special stays put in its next activation;
every attack is in range, in sight (no enemy figure on the centre line, the target not right
behind terrain as tall as itself, then the sagaborn sight rules on the logged map), inside the
melee height limit, with the dice pools the rules give (high ground, cover unless a strip_cover
special exposed the target this round, a pack_attack special's die), and its damage follows
from the logged dice. Heals never go above a unit's HP; relics are used only under the
relic_heal house rule.
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


def on_centre_line(grid, a, t, cell) -> bool:
    """Whether a figure on ``cell`` stands on the line from a's centre to t's centre: the line
    crosses the hex's inside or runs along one of its edges (Shapely in the exact frame, written
    apart from the engine's own integer test)."""
    from shapely.geometry import LineString

    from generator.boards.los import EPS, _runs_along

    pa, pt = grid.frame_center(a), grid.frame_center(t)
    if LineString([pa, pt]).intersects(grid.polygon(cell).buffer(-EPS, join_style="mitre")):
        return True
    corners = grid.frame_corners(cell)
    return any(_runs_along(pa, pt, corners[k], corners[(k + 1) % 6]) for k in range(6))


def check_log(log: dict) -> None:
    grid = dict(log["grid"])
    board_map = board_from_dict(grid)
    hexes = board_map.grid_obj()
    fighters = {f["id"]: {**f, "side": side} for side, info in log["sides"].items() for f in info["fighters"]}
    pos, hp = {}, {uid: f["stats"]["hp"] for uid, f in fighters.items()}
    closed = set(board_map.doors)
    walls = board_map.impassable_cells()
    house = set(log.get("house_rules", []))
    effect = {uid: ((f.get("special") or {}).get("effect") or {}) for uid, f in fighters.items()}
    squad_of = {uid: (f["side"], f["squad"]) for uid, f in fighters.items()}
    pinned, held, bonus, exposed = set(), set(), {}, {}  # exposed: uid -> round
    round_no = 0

    def level(cell):
        return m.effective_level(board_map.level(cell), cell in board_map.water_cells())

    def alive(side=None):
        return {u: p for u, p in pos.items() if hp[u] > 0 and (side is None or fighters[u]["side"] == side)}

    for event in log["events"]:
        action = event["action"]
        uid = event.get("fighter")
        round_no = event.get("round", round_no)
        if action == "place":
            cell = parse_cell(event["cell"])
            assert cell not in pos.values() and cell not in walls
            pos[uid] = cell
        elif action == "activate":
            # specials at the start of an activation: auras add Move, a pinned unit is held
            held = {u for u in event["units"] if u in pinned}
            pinned -= held
            bonus = {}
            for u in event["units"]:
                for g, gp in alive(fighters[u]["side"]).items():
                    aura = effect[g]
                    if aura.get("kind") == "aura_move" and g != u and hexes.distance(pos[u], gp) <= aura["radius"] \
                            and aura["who"] in ("any", fighters[u]["type"]):
                        bonus[u] = bonus.get(u, 0) + aura["bonus"]
        elif action == "move":
            me = fighters[uid]
            path = [parse_cell(c) for c in event["path"]]
            assert path[0] == pos[uid], event
            called = event.get("ability") == "Battlecall"
            assert called or uid not in held, ("a pinned unit left its hex", event)
            others = {p for u, p in alive().items() if u != uid}
            enemies = [p for u, p in alive().items() if fighters[u]["side"] != me["side"]]
            near = {n for e in enemies for n in hexes.neighbours(e)}
            cost = 0
            for a, b in zip(path, path[1:]):
                assert hexes.distance(a, b) == 1, event
                assert b not in walls and f"{b[0]},{b[1]}" not in closed and b not in others, event
                step = m.step_cost(m.Hex(board_map.level(a), a in board_map.water_cells()),
                                   m.Hex(board_map.level(b), b in board_map.water_cells()),
                                   me["stats"]["height"], a in near, effect[uid].get("kind") == "water_stride")
                assert step is not None, event
                cost += step
            budget = m.BATTLECALL_MOVE if called else me["stats"]["move"] + bonus.get(uid, 0)
            assert cost == event["cost"] <= budget, event
            pos[uid] = path[-1]
        elif action == "open" and event.get("what") == "door":
            closed.discard(event["cell"])
        if action == "ability":
            last_ability = event
        if action == "ability" and event.get("target") and "no cover" in event.get("effect", ""):
            assert effect[uid].get("kind") == "strip_cover", event
            exposed[event["target"]] = round_no
        elif action == "attack":
            me, foe = fighters[uid], fighters[event["target"]]
            a, t = pos[uid], pos[event["target"]]
            assert hp[uid] > 0 and hp[event["target"]] > 0
            d = hexes.distance(a, t)
            assert 1 <= d <= me["stats"]["range"], event
            mods = event["modifiers"]
            if d == 1:
                assert m.can_strike(level(a), me["stats"]["height"], level(t), foe["stats"]["height"],
                                    me["stats"]["range"], True), event
                cover = 0
            else:
                # the book: enemy units block line of sight
                for u, p in alive().items():
                    if fighters[u]["side"] != me["side"] and u != event["target"]:
                        assert not on_centre_line(hexes, a, t, p), ("shot through an enemy figure", u, event)
                # the book: a unit behind terrain (a raised hex) as tall as itself is out of sight
                for n in hexes.neighbours(t):
                    if n != a and board_map.level(n) > 0 and on_centre_line(hexes, a, t, n):
                        assert level(n) < level(t) + foe["stats"]["height"], ("target behind terrain", n, event)
                seen_map = board_from_dict({**grid, "blocked": list(grid.get("blocked", [])) + sorted(closed),
                                            "doors": []})
                units = {p: Unit(fighters[u]["side"], fighters[u]["stats"]["height"]) for u, p in alive().items()}
                seen = sagaborn_sight(seen_map, a, t, units)
                assert seen.visible, event
                cover = int(seen.cover and exposed.get(event["target"]) != round_no)
                assert event["cover"] == bool(cover) and mods.get("exposed", 0) == int(seen.cover) - cover, event
            pack = 0
            if effect[uid].get("kind") == "pack_attack" and any(
                    u != uid and squad_of[u] == squad_of[uid] and hexes.distance(p, t) == 1 for u, p in alive().items()):
                pack = effect[uid]["dice"]
            att, dfn = event["rolls"]["attack"], event["rolls"]["defense"]
            assert mods.get("pack", 0) == pack, event
            assert len(att) == me["stats"]["attack"] + mods.get("height_attack", 0) + pack
            assert len(dfn) == foe["stats"]["defense"] + mods.get("height_defense", 0) + cover
            assert m.height_dice(level(a), level(t)) == (mods.get("height_attack", 0), mods.get("height_defense", 0))
            assert event["damage"] == m.attack_damage(att, dfn), event
            last_attack = event
        elif action == "damage":
            hp[uid] -= event["damage"]
            assert max(hp[uid], 0) == event["hp"]
            pin = effect[last_attack["fighter"]]
            if pin.get("kind") == "pin_on_damage" and event["damage"] >= pin["damage"] and hp[uid] > 0:
                pinned.add(uid)
        elif action == "heal":
            healer = last_ability["fighter"]  # the ability event just before names the healer
            assert effect[healer].get("kind") == "heal_action" and last_ability["target"] == uid, event
            assert hexes.distance(pos[healer], pos[uid]) <= effect[healer]["radius"], event
            assert 0 < event["amount"] <= effect[healer]["amount"] and hp[uid] + event["amount"] == event["hp"] <= fighters[uid]["stats"]["hp"]
            hp[uid] = event["hp"]
        elif action == "relic" and event["what"] == "use":
            assert "relic_heal" in house, ("a relic used without the house rule", event)
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
