"""Bladestorm battles on the board: re-checked from their JSON logs alone, seeded, and seated.

:func:`recheck` is what anyone can do with a log: replay every event against the header (map
walls, bases, stats) with the geometry of :mod:`generator.boards.clearance` and the dice rules of
:mod:`generator.dice.bladestorm`, without the game's own code.
"""

import json
import math

import pytest

from generator.boards.clearance import can_pass
from generator.boards.mapfile import BoardMap, load_map
from generator.content import load_file
from generator.dice.bladestorm import parse_damage, parse_roll
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.engine import play
from generator.play.log import battle_text, log_json_text
from generator.play.policies import RandomPolicy
from generator.resources import content_dir
from generator.systems import get_system

SYSTEM = get_system("bladestorm")


def roster(name):
    return load_file(content_dir() / "bladestorm" / name).model


@pytest.fixture(scope="module")
def sides():
    return {
        "warriors-of-ash": (roster("warriors-of-ash-goblins.yaml"), roster("warriors-of-ash-sea-troll.yaml")),
        "a-test-of-arms": (roster("example-test-of-arms-outriders.yaml"), roster("example-test-of-arms-wardens.yaml")),
    }


def block(anchor, k):
    return {(anchor[0] + dc, anchor[1] + dr) for dc in range(k) for dr in range(k)}


def touching(a, ka, b, kb, tile_in, need=0.25):
    """Edge contact of two blocks of tiles, at least ``need`` inches long."""
    x = min(a[0] + ka, b[0] + kb) - max(a[0], b[0])
    y = min(a[1] + ka, b[1] + kb) - max(a[1], b[1])
    if a[0] + ka == b[0] or b[0] + kb == a[0]:
        return y * tile_in >= need
    if a[1] + ka == b[1] or b[1] + kb == a[1]:
        return x * tile_in >= need
    return False


def recheck(log: dict) -> dict:
    """Replay a battle log; assert every rule; return a few counts."""
    grid = log["grid"]
    board = BoardMap(grid="square", width=grid["width"], height=grid["height"], tile_in=grid["tile_in"],
                     walls=grid["walls"], blocked=grid["blocked"])
    tile = grid["tile_in"]
    fighters = {f["id"]: dict(f, side=side) for side, info in log["sides"].items() for f in info["fighters"]}
    at, hits, gone = {}, {f: 0 for f in fighters}, set()
    moved, attacked = set(), set()
    in_step = False  # inside an attack step (attacks made, removal not yet done)
    counts = {"moves": 0, "attacks": 0, "removed": 0}

    def centre(cell, k):
        return ((cell[0] + k / 2) * tile, (cell[1] + k / 2) * tile)

    def others(me):
        return {t for f, c in at.items() if f != me and f not in gone for t in block(c, fighters[f]["tiles"])}

    def end_step():
        for f in fighters:
            assert f in gone or hits[f] < fighters[f]["endurance"], f"{f} has no Endurance left but stays"

    for e in log["events"]:
        act = e["action"]
        if act in ("move", "wait", "round", "end") and in_step:
            end_step()
            in_step = False
            attacked.clear()
        if act == "round":
            moved.clear()
        if act == "place":
            cell = tuple(map(int, e["cell"].split(",")))
            assert not block(cell, fighters[e["fighter"]]["tiles"]) & others(e["fighter"])
            at[e["fighter"]] = cell
        elif act == "move":
            me = fighters[e["fighter"]]
            assert e["fighter"] not in gone and (e["round"], e["fighter"]) not in moved
            moved.add((e["round"], e["fighter"]))
            k, here, length = me["tiles"], at[e["fighter"]], 0.0
            assert e["from"] == "{},{}".format(*here)
            busy = others(e["fighter"])
            for text in e["path"]:
                nxt = tuple(map(int, text.split(",")))
                dc, dr = nxt[0] - here[0], nxt[1] - here[1]
                assert max(abs(dc), abs(dr)) == 1, "a route goes tile by tile"
                assert can_pass(board, [centre(here, k), centre(nxt, k)], me["base_in"]), f"{me['name']} through a wall at {text}"
                assert not block(nxt, k) & busy, "through another base"
                if dc and dr:
                    assert not (block((nxt[0], here[1]), k) | block((here[0], nxt[1]), k)) & busy, "slid past a base"
                length += tile * (math.sqrt(2) if dc and dr else 1)
                here = nxt
            assert length <= me["movement"] + 1e-9, f"{me['name']} moved {length:.3f}\" > {me['movement']}\""
            assert abs(length - e["inches"]) < 0.0006
            at[e["fighter"]] = here
            counts["moves"] += 1
        elif act == "wait" and "fighter" in e:
            assert (e["round"], e["fighter"]) not in moved
            moved.add((e["round"], e["fighter"]))
        elif act == "attack":
            a, t = fighters[e["fighter"]], fighters[e["target"]]
            assert e["fighter"] not in gone and e["target"] not in gone and e["fighter"] not in attacked
            assert a["side"] != t["side"]
            attacked.add(e["fighter"])
            assert touching(at[e["fighter"]], a["tiles"], at[e["target"]], t["tiles"], tile), "attack without base contact"
            dice = parse_roll(a["melee_attack"])
            assert len(e["rolls"]) == dice.dice_count
            assert e["total"] == sum(e["rolls"]) + dice.modifier and e["defense"] == t["defense"]
            assert e["hit"] == (e["total"] > t["defense"])
            assert e["damage"] == (parse_damage(a["melee_damage"]).apply(e["rolls"]) if e["hit"] else 0)
            hits[e["target"]] += e["damage"]
            in_step = True
            counts["attacks"] += 1
        elif act == "taken_down":
            assert hits[e["fighter"]] >= fighters[e["fighter"]]["endurance"]
            gone.add(e["fighter"])
            counts["removed"] += 1
    result = log["result"]
    standing = {s: [f for f in fighters if fighters[f]["side"] == s and f not in gone] for s in ("a", "b")}
    if result["winner"]:
        assert standing[result["winner"]] and not standing["b" if result["winner"] == "a" else "a"]
    return counts


def battle(sides, key, seed, pa="greedy", pb="greedy"):
    force_a, force_b = sides[key]
    made = SYSTEM.make_battle(force_a, force_b, {"card": key})
    pol = {"greedy": SYSTEM.policies["greedy"], "random": RandomPolicy}
    return play(SYSTEM.game, made, {"a": pol[pa](), "b": pol[pb]()}, Rng(seed))


@pytest.mark.parametrize("key", ["warriors-of-ash", "a-test-of-arms"])
def test_seeded_battles_keep_every_rule(sides, key):
    totals = {"moves": 0, "attacks": 0, "removed": 0}
    for seed in range(8):
        for pa, pb in (("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")):
            counts = recheck(json.loads(log_json_text(battle(sides, key, seed, pa, pb))))
            for name in totals:
                totals[name] += counts[name]
    assert totals["moves"] > 50 and totals["attacks"] > 50 and totals["removed"] > 20


@pytest.mark.slow
@pytest.mark.parametrize("key", ["warriors-of-ash", "a-test-of-arms"])
def test_many_seeded_battles_keep_every_rule(sides, key):
    for seed in range(100, 300):
        for pa, pb in (("greedy", "greedy"), ("random", "random"), ("random", "greedy")):
            recheck(json.loads(log_json_text(battle(sides, key, seed, pa, pb))))


def test_same_seed_same_battle_byte_for_byte(sides):
    one = log_json_text(battle(sides, "a-test-of-arms", 11, "greedy", "random"))
    assert one == log_json_text(battle(sides, "a-test-of-arms", 11, "greedy", "random"))
    assert one != log_json_text(battle(sides, "a-test-of-arms", 12, "greedy", "random"))
    text = battle_text(battle(sides, "warriors-of-ash", 3))
    assert "against Defense" in text and "Result after" in text


def test_the_default_scenario_follows_the_rosters(sides):
    goblins, troll = sides["warriors-of-ash"]
    outriders, wardens = sides["a-test-of-arms"]
    assert SYSTEM.make_battle(goblins, troll, {}).rules["scenario"].key == "warriors-of-ash"
    assert SYSTEM.make_battle(troll, goblins, {}).rules["scenario"].key == "warriors-of-ash"
    assert SYSTEM.make_battle(outriders, wardens, {}).rules["scenario"].key == "a-test-of-arms"
    assert SYSTEM.make_battle(goblins, goblins, {}).rules["scenario"].key == "a-test-of-arms"
    assert SYSTEM.make_battle(goblins, troll, {"card": "a-test-of-arms"}).rules["scenario"].key == "a-test-of-arms"
    assert SYSTEM.fight(goblins, troll, Rng(5)) in ("a", "b", None)


def test_bad_options_are_one_line_errors(sides):
    goblins, troll = sides["warriors-of-ash"]
    with pytest.raises(SkirmishError, match="unknown Bladestorm scenario 'nowhere': choose one of a-test-of-arms, warriors-of-ash"):
        SYSTEM.make_battle(goblins, troll, {"card": "nowhere"})
    with pytest.raises(SkirmishError, match="no variants"):
        SYSTEM.make_battle(goblins, troll, {"variant": "kingslayer"})


def test_a_base_too_large_for_every_gap_is_refused(sides):
    goblins, troll = sides["warriors-of-ash"]
    data = load_map(content_dir() / "maps" / "warriors-of-ash.yaml").model_dump()
    data["walls"][2]["points"] = [[8, 7], [10, 7], [10, 10], [8, 10]]  # the middle gap narrowed to 1"
    narrowed = BoardMap.model_validate(data)
    with pytest.raises(SkirmishError) as err:
        SYSTEM.make_battle(goblins, troll, {"map": narrowed})
    assert str(err.value) == ("--map Warriors of Ash (cavern): Sea-Troll's 1.25\" base cannot get through any gap between its "
                              "set-up and the enemy on this map; choose another scenario (--battle) or map")
    SYSTEM.make_battle(goblins, goblins, {"map": narrowed, "card": "warriors-of-ash"})  # Goblins slip through


def test_skirmish_simulate_plays_a_bladestorm_battle(tmp_path):
    import subprocess
    import sys

    folder = content_dir() / "bladestorm"
    log = tmp_path / "ash.json"
    done = subprocess.run([sys.executable, "-m", "generator", "simulate", folder / "warriors-of-ash-goblins.yaml",
                           folder / "warriors-of-ash-sea-troll.yaml", "--seed", "7", "--log-json", log],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    data = json.loads(log.read_text())
    assert data["scenario"]["key"] == "warriors-of-ash" and data["seed"] == 7
    recheck(data)
    bad = subprocess.run([sys.executable, "-m", "generator", "simulate", folder / "warriors-of-ash-goblins.yaml",
                          folder / "warriors-of-ash-sea-troll.yaml", "--battle", "nowhere"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.strip().count("\n") == 0 and "unknown Bladestorm scenario" in bad.stderr
