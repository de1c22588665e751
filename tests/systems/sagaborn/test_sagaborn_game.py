"""SagaBorn battles on the board, through the engine: the book's examples and rules as play."""

import json

import pytest

from generator.boards.mapfile import board_from_dict
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.engine import play
from generator.play.log import battle_text, log_json_text
from generator.play.policies import RandomPolicy
from generator.systems import get_system
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.game import SagaGame, make_battle
from generator.systems.sagaborn.models import Team
from generator.systems.sagaborn.policy import GreedyPolicy

SYSTEM = get_system("sagaborn")


class ScriptedRng(Rng):
    """d8s from a script (1-3 shield, 4-5 blank, 6-7 hit, 8 crit), then a seeded stream."""

    def __init__(self, d8s=()):
        super().__init__(0)
        self.script = list(d8s)

    def dice(self, count, sides):
        if self.script:
            out, self.script = self.script[:count], self.script[count:]
            assert len(out) == count, "script ran out of dice mid-roll"
            return out
        return super().dice(count, sides)


def squad(name, **kw):
    base = dict(name=name, type="hero", cost=40, units=1, hp=6, move=4, range=1, attack=3, defense=3, height=2,
                icons=["hand", "goblet", "sword"])
    base.update(kw)
    return base


def team(name, *squads, point_limit=400):
    return Team.model_validate({"name": name, "point_limit": point_limit, "squads": list(squads)})


def board(**kw):
    data = {"grid": "hex", "orientation": "flat", "offset": "odd", "width": 9, "height": 5,
            "zones": {"red": {"start": ["0,0", "0,1", "0,2", "0,3", "0,4"]},
                      "blue": {"start": ["8,0", "8,1", "8,2", "8,3", "8,4"]}}}
    data.update(kw)
    return board_from_dict(data)


def start(side_a, side_b, places, rng=None, options=None, **map_kw):
    """A state after initiative (A keeps the first activation), fighters moved to ``places``
    (``options``: the battle's other options, e.g. a scenario's scoring)."""
    battle = make_battle(side_a, side_b, {"map": board(**map_kw), **(options or {})})
    rng = rng or ScriptedRng([8, 8, 8, 1, 1, 1])  # A rolls three crits, B three shields: A wins
    state, _ = SagaGame().new_state(battle, rng)
    for uid, label in places.items():
        put(state, uid, label)
    if state.phase == "initiative":
        state.apply(("initiative", "keep"), rng)
    return state


def put(state, uid, label):
    f = state.fighters[uid]
    pos = state.board.parse(label)
    del state._occ[f.pos]
    f.pos = pos
    state._occ[pos] = uid
    state._changed()


def attacks(state):
    return [a for a in state.legal_actions() if a[0] == "attack"]


# ---- the book's worked example of an attack ----------------------------------------------------

def test_halvar_attacks_brym_for_two_damage():
    halvar = team("Halvar's band", squad("Halvar", attack=4, defense=2, hp=6))
    brym = team("Brym's band", squad("Brym", attack=2, defense=3, hp=6))
    state = start(halvar, brym, {"a1": "3,2", "b1": "4,2"})
    assert state.legal_actions() == [("activate", 0)]
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    # Halvar: shield, blank, hit, crit; Brym: blank, hit, shield -> the shield cancels the hit first
    rng = ScriptedRng([1, 4, 6, 8, 4, 6, 1])
    events = state.apply(("attack", "a1", "b1"), rng)
    hit = next(e for e in events if e["action"] == "attack")
    assert hit["rolls"] == {"attack": ["shield", "blank", "hit", "crit"], "defense": ["blank", "hit", "shield"]}
    assert hit["damage"] == 2 and state.fighters["b1"].hp == 4
    assert "takes 2 damage" in "\n".join(battle_text_lines(state, events))


def battle_text_lines(state, events):
    from generator.play.log import _names, describe_event

    names = _names(state.header())
    return [describe_event(e, names) for e in events]


# ---- movement --------------------------------------------------------------------------------

def test_climbing_a_level_costs_one_more_point_and_height_limits_the_climb():
    walker = team("A", squad("Walker", move=4, height=1))
    foe = team("B", squad("Foe"))
    state = start(walker, foe, {"a1": "1,2", "b1": "8,4"}, elevation={"2,2": 1, "3,2": 3})
    state.apply(("activate", 0), Rng(0))
    found = state.reach(state.fighters["a1"])
    p = state.board.parse
    assert found[p("2,2")][0] == 2  # one step + one level climbed
    assert p("3,2") not in found  # a 2-level climb is beyond Height 1


def test_water_costs_double_in_and_within_but_nothing_extra_out():
    wader = team("A", squad("Wader", move=5, height=1))
    foe = team("B", squad("Foe"))
    stream = [f"{c},{r}" for c in (2, 3) for r in range(5)]
    state = start(wader, foe, {"a1": "1,2", "b1": "8,4"}, water=stream)
    found = state.reach(state.fighters["a1"])
    p = state.board.parse
    assert found[p("2,2")][0] == 2 and found[p("3,2")][0] == 4  # into water, then water to water
    assert found[p("4,2")][0] == 5  # out onto the bank: one point


def test_leaving_a_hex_next_to_an_enemy_costs_double():
    runner = team("A", squad("Runner", move=4))
    foe = team("B", squad("Foe"))
    state = start(runner, foe, {"a1": "3,2", "b1": "4,2"})
    found = state.reach(state.fighters["a1"])
    p = state.board.parse
    assert found[p("2,2")][0] == 2  # first step doubles
    assert max(cost for cost, _ in found.values()) <= 4


def test_figures_never_walk_through_or_onto_other_figures():
    a = team("A", squad("Mover", move=3), squad("Friend"))
    b = team("B", squad("Foe"))
    state = start(a, b, {"a1": "4,2", "a2": "5,2", "b1": "8,4"}, blocked=["4,1", "4,3", "3,1", "3,2", "5,1"])
    found = state.reach(state.fighters["a1"])
    assert list(found) == [state.board.parse("4,2")]  # boxed in by walls and a friend


# ---- height and the melee height limit -------------------------------------------------------

def test_the_unit_above_rolls_one_more_die():
    high = team("A", squad("High", attack=3))
    low = team("B", squad("Low", defense=3))
    state = start(high, low, {"a1": "3,2", "b1": "4,2"}, elevation={"3,2": 1})
    att, dfn, mods, _ = state.pools(state.fighters["a1"], state.fighters["b1"])
    assert (att, dfn) == (4, 3) and mods == {"height_attack": 1}
    att, dfn, mods, _ = state.pools(state.fighters["b1"], state.fighters["a1"])
    assert (att, dfn) == (3, 4) and mods == {"height_defense": 1}


def test_no_melee_across_a_drop_taller_than_the_target_but_range_shoots_over_it():
    cliff = team("A", squad("Cliff", height=3), squad("Archer", range=3, height=1))
    short = team("B", squad("Short", height=1))
    state = start(cliff, short, {"a1": "3,2", "a2": "3,1", "b1": "4,2"}, elevation={"3,2": 2, "3,1": 2})
    s = state.fighters
    assert not state.can_attack(s["a1"], s["b1"])  # 2 levels down, target Height 1
    assert not state.can_attack(s["b1"], s["a1"])  # 2 levels up, own Height 1
    assert state.can_attack(s["a2"], s["b1"])  # Range 3 strikes beyond its height if it sees


def test_water_is_a_level_below_the_bank():
    a = team("A", squad("Bank"))
    b = team("B", squad("Wading"))
    state = start(a, b, {"a1": "3,2", "b1": "4,2"}, water=["4,2"])
    att, dfn, mods, _ = state.pools(state.fighters["a1"], state.fighters["b1"])
    assert mods == {"height_attack": 1}


# ---- sight and cover ----------------------------------------------------------------------------

def test_fey_cat_behind_a_hill_as_tall_is_out_of_sight_and_a_taller_one_has_cover():
    archers = team("A", squad("Archer", range=6, height=1))
    cat = team("B", squad("Fey Cat", height=1))
    p = "4,2"
    state = start(archers, cat, {"a1": "0,2", "b1": "6,2"}, elevation={p: 1})
    assert not state.can_attack(state.fighters["a1"], state.fighters["b1"])
    tall = team("B", squad("Tall Cat", height=2))
    state = start(archers, tall, {"a1": "0,2", "b1": "6,2"}, elevation={p: 1})
    assert state.can_attack(state.fighters["a1"], state.fighters["b1"])
    att, dfn, mods, hidden = state.pools(state.fighters["a1"], state.fighters["b1"])
    assert mods.get("cover") == 1 and dfn == 3 + 1 and hidden >= 0.5


def test_enemy_figures_block_sight_and_friends_do_not():
    a = team("A", squad("Archer", range=6, height=1), squad("Friend", height=1))
    b = team("B", squad("Target", height=1), squad("Guard", height=1))
    places = {"a1": "0,2", "b1": "6,2", "a2": "2,2", "b2": "8,0"}
    state = start(a, b, places)
    assert state.can_attack(state.fighters["a1"], state.fighters["b1"])
    state = start(a, b, {**places, "a2": "8,0", "b2": "2,2"})
    assert not state.can_attack(state.fighters["a1"], state.fighters["b1"])


def test_map_los_on_a_sagaborn_map_honours_the_hill(tmp_path):
    from typer.testing import CliRunner

    from generator.cli.app import app
    from generator.resources import content_dir

    result = CliRunner().invoke(app, ["map", "los", str(content_dir() / "maps" / "sagaborn-ford.yaml"),
                                      "--from", "1,4", "--to", "3,4"])
    assert result.exit_code == 0
    assert "hidden" in result.output and "2,4" in result.output
    result = CliRunner().invoke(app, ["map", "los", str(content_dir() / "maps" / "sagaborn-ford.yaml"),
                                      "--from", "1,4", "--json"])
    data = json.loads(result.output)
    assert [3, 4] not in data["visible"] and data["cover"] and all(c in data["visible"] for c in data["cover"])


# ---- initiative -------------------------------------------------------------------------------

def test_unspent_points_add_to_initiative_and_the_winner_may_pass():
    cheap = team("A", squad("Cheap", cost=20))  # 380 unspent: +38
    full = team("B", squad("Full", cost=400))
    battle = make_battle(cheap, full, {"map": board()})
    state, events = SagaGame().new_state(battle, Rng(5))
    roll = next(e for e in events if e["action"] == "roll_off")
    assert roll["bonus"] == {"a": 38, "b": 0} and state.initiative_winner == "a"
    state.apply(("initiative", "pass"), Rng(0))
    assert state.first == "b" and state.current_player() == "b"


# ---- talents ----------------------------------------------------------------------------------

def _events(a, b, seeds, map_kw=None, policy=GreedyPolicy):
    battle = make_battle(a, b, {"map": board(**(map_kw or {}))})
    out = []
    for seed in seeds:
        out += play(SYSTEM.game, battle, {"a": policy(), "b": policy()}, Rng(seed)).events
    return out


def test_every_talent_fires_when_it_applies():
    a = team("A", squad("Feinter", talents=["Feint", "Riposte", "Ruthless"], hp=8),
             squad("Cleaver", talents=["Cleave", "Parry", "Protector"], hp=8, attack=5),
             squad("Wolf", talents=["Lone Wolf", "Battlecall"], range=3))
    b = team("B", squad("Feinter", talents=["Feint", "Riposte", "Protector"], hp=8),
             squad("Parrier", talents=["Parry", "Cleave", "Battlecall"], hp=8, attack=5),
             squad("Minions", type="minion", units=4, hp=2, attack=2, defense=1, icons=[]))
    used = {e["name"] for e in _events(a, b, range(12)) if e["action"] == "ability" and e.get("used", True)}
    for name in ("Feint", "Riposte", "Ruthless", "Cleave", "Parry", "Protector", "Lone Wolf", "Battlecall"):
        assert name in used, name


def test_stat_talents_change_the_fighters_stats():
    a = team("A", squad("Runner", talents=["Run", "Dodge", "Weapon Specialty"], move=4, defense=2, attack=3),
             squad("Shot", range=3, talents=["Extended Shot"]))
    state = start(a, team("B", squad("Foe")), {})
    assert (state.fighters["a1"].stats.move, state.fighters["a1"].stats.defense,
            state.fighters["a1"].stats.attack) == (6, 3, 4)
    assert state.fighters["a2"].stats.range == 5


def test_a_weapon_arms_one_unit_of_the_squad():
    a = team("A", squad("Spears", type="minion", units=2, icons=["sword"],
                        weapons=[{"name": "Long spear", "cost": 5, "range": 1}]))
    state = start(a, team("B", squad("Foe")), {})
    assert state.fighters["a1"].stats.range == 2 and state.fighters["a2"].stats.range == 1
    assert state.fighters["a1"].weapon == "Long spear"


# ---- relics, chests, doors, the cut-off --------------------------------------------------------

def test_relics_are_picked_up_on_their_hex_passed_to_a_neighbour_and_used_by_heroes_only():
    a = team("A", squad("Grunt", type="minion", icons=[]), squad("Hero", hp=6))
    state = start(a, team("B", squad("Foe")), {"a1": "3,2", "a2": "3,3", "b1": "8,4"}, relics=["3,2"])
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    assert ("pick_up", "a1") in state.legal_actions()
    state.apply(("pick_up", "a1"), Rng(0))
    assert state.fighters["a1"].relics == ["relic 1"]
    assert state.scores()["a"] == 40 + 40 + m.RELIC_POINTS  # the relic scores while held
    state.apply(("activate", 0), Rng(0))  # B's turn
    state.apply(("move", "b1", state.fighters["b1"].pos), Rng(0))
    state.apply(("hold", "b1"), Rng(0))
    state.apply(("activate", 1), Rng(0))
    state.fighters["a2"].hp = 3
    state.apply(("move", "a2", state.fighters["a2"].pos), Rng(0))
    state.apply(("hold", "a2"), Rng(0))
    # next round: the grunt cannot use it, but can pass it to the hero next to it
    state.apply(("initiative", "keep"), Rng(0)) if state.phase == "initiative" else None
    if state.current_player() != "a":
        state.apply(("activate", 0), Rng(0))
        state.apply(("move", "b1", state.fighters["b1"].pos), Rng(0))
        state.apply(("hold", "b1"), Rng(0))
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    acts = state.legal_actions()
    assert not any(x[0] == "use_relic" for x in acts) and ("pass", "a1", "a2") in acts


def test_a_closed_door_blocks_until_opened_and_a_chest_reveals_its_relic():
    a = team("A", squad("Opener", move=3))
    state = start(a, team("B", squad("Foe")), {"a1": "3,2", "b1": "8,4"},
                  doors=["4,2"], chests=["2,2"], blocked=["4,1", "4,3", "4,0", "4,4"])
    f = state.fighters["a1"]
    assert state.board.parse("5,2") not in state.reach(f)
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", f.pos), Rng(0))
    acts = state.legal_actions()
    assert ("open", "a1", "4,2") in acts and ("open", "a1", "2,2") in acts
    events = state.apply(("open", "a1", "4,2"), Rng(0))
    assert events[0]["what"] == "door"
    assert state.board.parse("5,2") in state.reach(state.fighters["a1"])


def test_the_twelve_round_cut_off_counts_survivors_and_relics():
    a = team("A", squad("Holder", move=1, range=1))
    b = team("B", squad("Far", move=1, range=1))
    battle = make_battle(a, b, {"map": board(relics=["0,0"])})
    result = play(SYSTEM.game, battle, {"a": GreedyPolicy(), "b": GreedyPolicy()}, Rng(3))
    assert result.rounds == 12 and "cut-off" in result.reason
    held = sum(1 for e in result.events if e["action"] == "relic" and e["what"] == "pick_up" and e["side"] == "a")
    assert result.winner == ("a" if held else None)


# ---- the greedy player --------------------------------------------------------------------------

def test_greedy_takes_the_likelier_kill():
    a = team("A", squad("Striker", attack=4))
    b = team("B", squad("Tough", hp=6), squad("Wounded", hp=6))
    state = start(a, b, {"a1": "3,2", "b1": "4,2", "b2": "3,1"})
    state.fighters["b2"].hp = 1
    state.apply(("activate", 0), Rng(0))
    state.apply(("move", "a1", state.fighters["a1"].pos), Rng(0))
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(0)) == ("attack", "a1", "b2")


def test_greedy_beats_random():
    """One battle here; the benchmark measures the rate (benchmarks/bench_play_sagaborn.py)."""
    vareth, drift = _example("house-vareth.yaml"), _example("driftborn.yaml")
    battle = SYSTEM.make_battle(vareth, drift, {})
    wins = sum(play(SYSTEM.game, battle, {"a": RandomPolicy(), "b": GreedyPolicy()}, Rng(s), keep_log=False).winner == "b"
               for s in range(1))
    assert wins == 1


# ---- reproducible, checkable battles -------------------------------------------------------------

def _example(name):
    import yaml

    from generator.resources import content_dir

    raw = yaml.safe_load((content_dir() / "sagaborn" / name).read_text())
    return Team.model_validate({k: v for k, v in raw.items() if k not in ("system", "kind")})


def test_same_seed_same_battle_byte_for_byte():
    battle = SYSTEM.make_battle(_example("house-vareth.yaml"), _example("driftborn.yaml"), {})
    pols = {"a": GreedyPolicy(), "b": RandomPolicy()}
    one = log_json_text(play(SYSTEM.game, battle, pols, Rng(11)))
    two = log_json_text(play(SYSTEM.game, battle, {"a": GreedyPolicy(), "b": RandomPolicy()}, Rng(11)))
    assert one == two
    assert "Battle over" in battle_text(play(SYSTEM.game, battle, pols, Rng(11)))


def test_fight_plays_a_board_battle():
    assert SYSTEM.fight(_example("house-vareth.yaml"), _example("driftborn.yaml"), Rng(2)) in ("a", "b", None)


# ---- bad input ---------------------------------------------------------------------------------

def test_a_team_over_the_battle_limit_is_refused_in_one_line():
    big = team("Big Band", squad("Giant", cost=450), point_limit=500)
    with pytest.raises(SkirmishError, match=r"Big Band: point_limit: .*450.*400"):
        make_battle(big, team("B", squad("Foe")), {})


def test_a_map_without_two_zones_or_on_squares_is_refused_in_one_line():
    one_zone = board_from_dict({"grid": "hex", "width": 5, "height": 5, "name": "tiny.yaml",
                                "zones": {"red": {"start": ["0,0"]}}})
    with pytest.raises(SkirmishError, match=r"tiny.yaml: zones: "):
        make_battle(team("A", squad("X")), team("B", squad("Y")), {"map": one_zone})
    square = board_from_dict({"grid": "square", "width": 5, "height": 5, "name": "sq.yaml"})
    with pytest.raises(SkirmishError, match=r"sq.yaml: grid: "):
        make_battle(team("A", squad("X")), team("B", squad("Y")), {"map": square})
    with pytest.raises(SkirmishError, match=r"--twist"):
        make_battle(team("A", squad("X")), team("B", squad("Y")), {"twist": "fog"})


# ---- talents, one by one, with staged dice -------------------------------------------------------

def _ready_to_act(state, uid):
    state.apply(("activate", state.fighters[uid].squad), Rng(0))
    for unit in list(state.queue):
        state.apply(("move", unit, state.fighters[unit].pos), Rng(0))


def test_riposte_strikes_back_at_the_attacker():
    a = team("A", squad("Brute", attack=3))
    b = team("B", squad("Duellist", talents=["Riposte"], hp=6))
    state = start(a, b, {"a1": "3,2", "b1": "4,2"})
    _ready_to_act(state, "a1")
    state.apply(("attack", "a1", "b1"), ScriptedRng([4, 4, 4, 4, 4, 4]))  # all blanks: no damage
    assert state.current_player() == "b" and set(state.legal_actions()) == {("done",), ("riposte",)}
    events = state.apply(("riposte",), ScriptedRng([8, 8, 8, 4, 4, 4]))  # three crits, no shields
    strike = next(e for e in events if e["action"] == "attack")
    assert (strike["fighter"], strike["target"], strike["kind"], strike["damage"]) == ("b1", "a1", "riposte", 6)
    assert not state.fighters["a1"].alive


def test_protector_takes_the_blow_meant_for_a_friend():
    a = team("A", squad("Brute", attack=3))
    b = team("B", squad("Weak", hp=2), squad("Guard", talents=["Protector"], hp=8))
    state = start(a, b, {"a1": "3,2", "b1": "4,2", "b2": "5,2"})
    _ready_to_act(state, "a1")
    state.apply(("attack", "a1", "b1"), ScriptedRng([6, 6, 4, 4, 4, 4]))  # two hits, no shields
    assert ("protect", "b2") in state.legal_actions()
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(0)) == ("protect", "b2")
    state.apply(("protect", "b2"), Rng(0))
    assert state.fighters["b1"].hp == 2 and state.fighters["b2"].hp == 6


def test_cleave_strikes_again_after_an_adjacent_kill():
    a = team("A", squad("Axe", talents=["Cleave"], attack=3))
    b = team("B", squad("First", hp=1), squad("Second", hp=6))
    state = start(a, b, {"a1": "3,2", "b1": "4,2", "b2": "3,1"})
    _ready_to_act(state, "a1")
    state.apply(("attack", "a1", "b1"), ScriptedRng([6, 4, 4, 4, 4, 4]))  # one hit kills
    assert not state.fighters["b1"].alive
    assert ("cleave", "b2") in state.legal_actions()
    events = state.apply(("cleave", "b2"), ScriptedRng([4, 4, 4, 4, 4, 4]))
    assert any(e["action"] == "attack" and e["kind"] == "cleave" for e in events)


def test_feint_and_parry_reroll_and_are_spent_for_the_round():
    a = team("A", squad("Trickster", talents=["Feint"], attack=3))
    b = team("B", squad("Fencer", talents=["Parry"], defense=3))
    state = start(a, b, {"a1": "3,2", "b1": "4,2"})
    _ready_to_act(state, "a1")
    state.apply(("attack", "a1", "b1"), ScriptedRng([6, 6, 4, 1, 4, 4]))  # 2 hits; shield, 2 blanks
    assert ("feint", 0) in state.legal_actions()
    state.apply(("feint", 0), ScriptedRng([4]))  # the shield becomes a blank
    assert state.legal_actions() == [("done",), ("parry",)]
    events = state.apply(("parry",), ScriptedRng([1, 1]))  # two blanks become shields
    strike = next(e for e in events if e["action"] == "attack")
    assert strike["rolls"]["defense"] == ["blank", "shield", "shield"] and strike["damage"] == 0
    assert strike["talents"] == ["Feint", "Parry"]
    assert not state.squads["a"][0].cards.ready("Feint") and not state.squads["b"][0].cards.ready("Parry")


def test_the_default_relic_vault_is_mirror_symmetric():
    """Flat-top hexes on an odd width: column c mirrors column width-1-c exactly, so each seat
    faces the same ground (what the mirror match in the benchmark relies on)."""
    from generator.systems.sagaborn.game import default_map

    vault = default_map()
    assert vault.orientation == "flat" and vault.width % 2 == 1

    def mirror(label):
        c, r = map(int, label.split(","))
        return f"{vault.width - 1 - c},{r}"

    for field in ("blocked", "water", "doors", "chests", "relics"):
        cells = set(getattr(vault, field))
        assert {mirror(c) for c in cells} == cells, field
    assert {mirror(c): v for c, v in vault.elevation.items()} == vault.elevation
    red, blue = (set(z.start) for z in vault.zones.values())
    assert {mirror(c) for c in red} == blue
