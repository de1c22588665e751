"""Every special ability on the shipped SagaBorn cards does what its card says, in a battle.

Each test sets up the card's situation on a small board, as a player would at the table, and
checks the engine does what the printed text says (the text is quoted in the docstring). The
book defines no special abilities; the effect vocabulary is ours (abilities.py).
"""

from pathlib import Path

import pytest
import yaml

from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.resources import content_dir
from generator.systems.sagaborn.describe import describe_squad
from generator.systems.sagaborn.game import make_battle
from generator.systems.sagaborn.models import Squad, Team
from generator.systems.sagaborn.policy import GreedyPolicy
from tests.cli_run import run
from tests.systems.sagaborn.test_sagaborn_game import ScriptedRng, board, put, squad, start
from tests.systems.sagaborn.test_sagaborn_game import team as _team

SHIPPED = ("house-vareth.yaml", "driftborn.yaml")


def team(name, *squads):
    """A team that spends all its points (no initiative bonus: the scripted roll decides)."""
    return _team(name, *squads, point_limit=_team(name, *squads).total_cost)


def special(name, **effect):
    return {"name": name, "text": f"{name}, as printed.", "effect": effect}


def activate(state, uid):
    """Activate ``uid``'s squad; its units stay where they are until ``uid`` is to act."""
    state.apply(("activate", state.fighters[uid].squad), Rng(0))


def stay(state):
    for unit in list(state.queue):
        if state.phase != "move":
            break
        state.apply(("move", unit, state.fighters[unit].pos), Rng(0))


# ---- the shipped cards ---------------------------------------------------------------------

def test_every_special_on_the_shipped_cards_is_played():
    """No printed special is text only: each has an effect the engine plays."""
    for name in SHIPPED:
        raw = yaml.safe_load((content_dir() / "sagaborn" / name).read_text())
        t = Team.model_validate({k: v for k, v in raw.items() if k not in ("system", "kind")})
        specials = [s.special for s in t.squads if s.special]
        assert specials and all(s.simulated for s in specials), name
        assert t.abilities_not_simulated == []


def test_marsh_stalker_water_costs_the_lynx_no_extra():
    """Marsh Stalker: "Water costs the lynx no extra movement." Into the stream and along it
    the lynx pays one point a hex, where anyone else pays two."""
    lynx = team("A", squad("Lynx", type="creature", icons=[], move=4, special=special("Marsh Stalker",
                                                                                   kind="water_stride")),
                squad("Wader", move=4))
    stream = [f"{c},{r}" for c in (2, 3) for r in range(5)]
    state = start(lynx, team("B", squad("Foe")), {"a1": "1,2", "a2": "1,4", "b1": "8,4"}, water=stream)
    p = state.board.parse
    found = state.reach(state.fighters["a1"])
    assert found[p("2,2")][0] == 1 and found[p("3,2")][0] == 2 and found[p("4,2")][0] == 3
    wader = state.reach(state.fighters["a2"])
    assert wader[p("2,4")][0] == 2 and wader[p("3,4")][0] == 4


def test_house_banner_minions_near_the_captain_move_one_extra_hex():
    """House Banner: "Friendly minions that start their activation within 3 hexes of Aldric may
    move 1 extra hex." A minion 3 hexes from the captain moves 5 with Move 4; one 4 hexes away
    moves 4; the captain himself gains nothing."""
    a = team("A", squad("Aldric", move=4, special=special("House Banner", kind="aura_move", bonus=1, radius=3,
                                                           who="minion")),
             squad("Halberds", type="minion", units=2, move=4, icons=[]))
    state = start(a, team("B", squad("Foe")), {"a1": "0,2", "a2": "3,2", "a3": "4,2", "b1": "8,4"})
    events = state.apply(("activate", 1), Rng(0))
    banner = next(e for e in events if e["action"] == "ability")
    assert banner["name"] == "House Banner" and banner["units"] == ["a2"]
    assert state.budget(state.fighters["a2"]) == 5 and state.budget(state.fighters["a3"]) == 4
    far = max(cost for cost, _ in state.reach(state.fighters["a2"]).values())
    assert far == 5
    move = state.apply(("move", "a2", state.board.parse("3,0")), Rng(0))
    assert move and move[0]["move"] == 5


def test_mending_tide_heals_a_friend_within_two_as_her_standard_action():
    """Mending Tide: "As her standard action, a friendly unit within 2 hexes recovers 1 HP
    (never above its printed HP)." A friend 2 hexes away with 3 of 6 HP gets 1 back; one 3 hexes
    away, or unhurt, cannot be picked; healing takes her standard action."""
    a = team("A", squad("Maelis", range=3, special=special("Mending Tide", kind="heal_action", amount=1, radius=2)),
             squad("Near", hp=6), squad("Far", hp=6))
    state = start(a, team("B", squad("Foe")), {"a1": "2,2", "a2": "4,2", "a3": "5,2", "b1": "8,4"})
    state.fighters["a2"].hp = 3
    state.fighters["a3"].hp = 3
    activate(state, "a1")
    stay(state)
    heals = [x for x in state.legal_actions() if x[0] == "heal"]
    assert heals == [("heal", "a1", "a2")]
    events = state.apply(("heal", "a1", "a2"), Rng(0))
    assert state.fighters["a2"].hp == 4
    assert any(e["action"] == "heal" and e["fighter"] == "a2" and e["amount"] == 1 for e in events)
    assert state.activation.acted["a1"] == "ability"  # her standard action is spent
    state.fighters["a2"].hp = 6
    assert not [x for x in state._act_options(state.fighters["a1"]) if x[0] == "heal" and x[2] == "a2"]


def test_pack_bite_one_extra_die_when_the_other_hound_is_next_to_the_target():
    """Pack Bite: "A hound attacking an enemy that is also adjacent to the other hound rolls 1
    extra attack die." Alone next to the foe a hound rolls its 2 dice; with its pack-mate on the
    foe's other side, 3."""
    hounds = team("A", squad("Hounds", type="creature", units=2, attack=2, icons=[],
                             special=special("Pack Bite", kind="pack_attack", dice=1)))
    state = start(hounds, team("B", squad("Foe")), {"a1": "3,2", "a2": "0,0", "b1": "4,2"})
    alone = state.pools(state.fighters["a1"], state.fighters["b1"])
    assert alone[0] == 2 and "pack" not in alone[2]
    put(state, "a2", "5,2")
    assert state.board.distance(state.fighters["a2"].pos, state.fighters["b1"].pos) == 1
    att, _, mods, _ = state.pools(state.fighters["a1"], state.fighters["b1"])
    assert att == 3 and mods["pack"] == 1
    activate(state, "a1")
    stay(state)
    events = state.apply(("attack", "a1", "b1"), ScriptedRng([4, 4, 4, 4, 4, 4]))
    strike = next(e for e in events if e["action"] == "attack")
    assert len(strike["rolls"]["attack"]) == 3 and strike["modifiers"]["pack"] == 1


def test_mauling_hug_holds_the_victim_in_its_hex_for_its_next_activation():
    """Mauling Hug: "When Old Grumm deals 2 or more damage in one attack, the target cannot move
    out of its hex in its next activation." After a 2-damage hug the foe may only stay put in
    its next activation; in the one after, it walks again. One damage holds nobody."""
    grumm = team("A", squad("Grumm", type="creature", icons=[], attack=2,
                            special=special("Mauling Hug", kind="pin_on_damage", damage=2)))
    foe = team("B", squad("Foe", hp=8))
    state = start(grumm, foe, {"a1": "3,2", "b1": "4,2"})
    activate(state, "a1")
    stay(state)
    events = state.apply(("attack", "a1", "b1"), ScriptedRng([6, 6, 4, 4, 4]))  # two hits, no shields
    assert any(e["action"] == "ability" and e["name"] == "Mauling Hug" for e in events)
    assert state.fighters["b1"].pinned  # held by the squad that hugged it
    state.apply(("activate", 0), Rng(0))  # the foe's next activation
    assert state.legal_actions() == [("move", "b1", state.fighters["b1"].pos)]
    state.apply(("move", "b1", state.fighters["b1"].pos), Rng(0))
    state.apply(("hold", "b1"), Rng(0))
    # the next round: free again
    state.apply(("initiative", "keep"), Rng(0)) if state.phase == "initiative" else None
    while state.current_player() != "b" or state.phase != "choose":
        act = state.legal_actions()[0]
        state.apply(act if act[0] != "attack" else ("hold", act[1]), Rng(0))
    state.apply(("activate", 0), Rng(0))
    assert len(state.legal_actions()) > 1


def test_mauling_hug_needs_two_damage():
    grumm = team("A", squad("Grumm", type="creature", icons=[], attack=2,
                            special=special("Mauling Hug", kind="pin_on_damage", damage=2)))
    state = start(grumm, team("B", squad("Foe", hp=8)), {"a1": "3,2", "b1": "4,2"})
    activate(state, "a1")
    stay(state)
    state.apply(("attack", "a1", "b1"), ScriptedRng([6, 4, 4, 4, 4]))  # one hit
    assert not state.fighters["b1"].pinned


def test_hedge_sight_takes_a_seen_enemys_cover_until_the_round_ends():
    """Hedge Sight: "Once per round, an enemy unit Thule can see loses the cover bonus until the
    end of the round." A foe half behind a hill rolls its cover die against an archer until
    Thule points at it; then it rolls none, for the rest of the round; Thule still takes his own
    standard action, and cannot point twice in a round."""
    a = team("A", squad("Thule", range=2, height=2, special=special("Hedge Sight", kind="strip_cover")),
             squad("Archer", range=6, height=1))
    b = team("B", squad("Tall Foe", height=2))
    state = start(a, b, {"a1": "2,0", "a2": "0,2", "b1": "6,2"}, elevation={"4,2": 1})
    archer, foe = state.fighters["a2"], state.fighters["b1"]
    _, dfn, mods, _ = state.pools(archer, foe)
    assert mods.get("cover") == 1 and dfn == 4
    activate(state, "a1")
    stay(state)
    assert ("expose", "a1", "b1") in state.legal_actions()
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(0)) == ("expose", "a1", "b1")
    state.apply(("expose", "a1", "b1"), Rng(0))
    assert state.phase == "act" and state.current_unit().uid == "a1"  # his standard action is still to come
    assert not [x for x in state.legal_actions() if x[0] == "expose"]
    _, dfn, mods, _ = state.pools(archer, foe)
    assert "cover" not in mods and mods["exposed"] == 1 and dfn == 3
    state.round += 1  # the next round: the cover is back
    _, dfn, mods, _ = state.pools(archer, foe)
    assert mods.get("cover") == 1 and dfn == 4


def test_a_stats_special_changes_the_stat_line():
    a = team("A", squad("Ironhide", defense=2, special=special("Ironhide", kind="stats", defense=1)))
    state = start(a, team("B", squad("Foe")), {})
    assert state.fighters["a1"].stats.defense == 3 and state.fighters["a1"].printed.defense == 3


# ---- what the engine cannot play -------------------------------------------------------------

def _team_file(tmp_path, special_yaml):
    path = tmp_path / "team.yaml"
    path.write_text("system: sagaborn\nkind: team\nname: T\nsquads:\n  - name: Seer\n    type: hero\n    cost: 40\n"
                    "    hp: 5\n    move: 5\n    range: 1\n    attack: 3\n    defense: 2\n    height: 2\n"
                    f"    special:\n{special_yaml}")
    return path


def test_a_special_the_engine_cannot_play_is_refused_naming_file_field_and_vocabulary(tmp_path, capsys):
    path = _team_file(tmp_path, "      name: Second Sight\n      text: Sees the future.\n")
    code, out, err = run(capsys, "show", path)
    assert code == 2
    line = (out + err).strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    assert "team.yaml:" in line and "squads[0].special" in line and "water_stride" in line and "flavour" in line
    bad = _team_file(tmp_path, "      name: Second Sight\n      text: Sees.\n      effect: {kind: foresight}\n")
    code, out, err = run(capsys, "show", bad)
    assert code == 2 and "'foresight'" in err + out and "pack_attack" in err + out


def test_a_flavour_only_special_loads_and_is_counted_as_not_simulated(tmp_path, capsys):
    path = _team_file(tmp_path, "      name: Second Sight\n      text: Sees the future.\n      flavour: true\n")
    code, out, _ = run(capsys, "show", path)
    assert code == 0 and "flavour only" in out
    s = Squad(name="Seer", type="hero", cost=40, hp=5, move=5, range=1, attack=3, defense=2, height=2,
              special={"name": "Second Sight", "text": "Sees.", "flavour": True})
    assert not s.special.simulated
    t = Team(name="T", squads=[s])
    assert t.abilities_not_simulated == ["Second Sight"]
    assert "not played" in describe_squad(s)


def test_a_talent_without_a_rule_or_stat_is_refused_unless_flavour():
    from generator.systems.sagaborn.models import Talent

    with pytest.raises(ValueError, match="rule"):
        Talent(name="Luck", cost=10, effect="Be lucky.")
    assert Talent(name="Luck", cost=10, effect="Be lucky.", flavour=True).flavour
    assert Talent(name="Sucker Punch", cost=10, effect="Feint by another name.", rule="feint").rule == "feint"


# ---- relics: the book's rule, and ours as a house rule ---------------------------------------

def _holder(options=None):
    a = team("A", squad("Hero", hp=6))
    battle_map = board(relics=["3,2"])
    state_opts = {"map": battle_map, **(options or {})}
    from generator.systems.sagaborn.game import SagaGame

    battle = make_battle(a, team("B", squad("Foe")), state_opts)
    rng = ScriptedRng([8, 8, 8, 1, 1, 1])
    state, _ = SagaGame().new_state(battle, rng)
    put(state, "a1", "3,2")
    put(state, "b1", "8,4")
    state.apply(("initiative", "keep"), rng)
    state.fighters["a1"].relics.append("relic 1")
    state.relics["relic 1"].update(pos=None, holder="a1")
    state.fighters["a1"].hp = 3
    activate(state, "a1")
    stay(state)
    return state


def test_relics_have_no_power_by_the_book():
    """The book names "activate a relic" among the standard actions but gives relics no power:
    by default a hero holding one has nothing to use it for (it scores 20 when held at the end)."""
    state = _holder()
    assert not [x for x in state.legal_actions() if x[0] == "use_relic"]


def test_the_relic_heal_house_rule_heals_two_once_per_relic():
    state = _holder({"house_rules": ["relic_heal"]})
    assert ("use_relic", "a1", "relic 1") in state.legal_actions()
    state.apply(("use_relic", "a1", "relic 1"), Rng(0))
    assert state.fighters["a1"].hp == 5 and state.relics["relic 1"]["used"]
    assert state.header()["house_rules"] == ["relic_heal"]


def test_an_unknown_house_rule_is_refused_in_one_line():
    with pytest.raises(SkirmishError, match="house_rules: 'free_lunch' is not a SagaBorn house rule; choose from relic_heal"):
        make_battle(team("A", squad("A")), team("B", squad("B")), {"map": board(), "house_rules": ["free_lunch"]})


def test_a_content_copy_of_the_rules_may_switch_the_house_rule_on(tmp_path):
    from generator.content import set_user_content_dir

    folder = tmp_path / "content" / "sagaborn"
    folder.mkdir(parents=True)
    text = (content_dir() / "sagaborn" / "rules.yaml").read_text().replace("enabled: false", "enabled: true")
    (folder / "rules.yaml").write_text(text)
    set_user_content_dir(tmp_path / "content")
    try:
        battle = make_battle(team("A", squad("A")), team("B", squad("B")), {"map": board()})
        assert battle.rules["house_rules"] == ("relic_heal",)
    finally:
        set_user_content_dir(None)
    assert make_battle(team("A", squad("A")), team("B", squad("B")), {"map": board()}).rules["house_rules"] == ()


# ---- talents the other tests only see fire ---------------------------------------------------

def test_ruthless_trades_a_defence_die_for_an_attack_die_for_the_battle():
    """Ruthless: "At the beginning of combat, you may lower your Defense by 1 to gain a +1 to your
    Attack." Taken: Attack 4, Defense 2 for the whole battle; declined: the printed 3 and 3."""
    from generator.systems.sagaborn.game import SagaGame

    for take, stats in ((True, (4, 2)), (False, (3, 3))):
        a = team("A", squad("Berserk", talents=["Ruthless"], attack=3, defense=3))
        battle = make_battle(a, team("B", squad("Foe")), {"map": board()})
        state, _ = SagaGame().new_state(battle, ScriptedRng([8, 8, 8, 1, 1, 1]))
        assert state.phase == "ruthless" and state.legal_actions() == [("ruthless", 0, True), ("ruthless", 0, False)]
        events = state.apply(("ruthless", 0, take), ScriptedRng([8, 8, 8, 1, 1, 1]))
        f = state.fighters["a1"]
        assert (f.stats.attack, f.stats.defense) == stats
        assert events[0]["name"] == "Ruthless" and events[0]["used"] is take


def test_battlecall_moves_a_friendly_squad_two_towards_the_caller():
    """Battlecall: "At the start of the round, choose one group within 2 spaces of the selected
    figure. That group can immediately move 2 spaces near the figure that gave the Battlecall."
    The called unit may move up to 2 points and never ends farther from the caller; its own
    activation is still to come."""
    a = team("A", squad("Caller", talents=["Battlecall"]), squad("Friend", move=4))
    from generator.systems.sagaborn.game import SagaGame

    battle = make_battle(a, team("B", squad("Foe")), {"map": board()})
    rng = ScriptedRng([8, 8, 8, 1, 1, 1])
    state, _ = SagaGame().new_state(battle, rng)
    put(state, "a1", "2,2")
    put(state, "a2", "4,2")
    put(state, "b1", "8,4")
    state.apply(("initiative", "keep"), rng)
    assert state.phase == "battlecall" and ("battlecall", "a1", 1) in state.legal_actions()
    state.apply(("battlecall", "a1", 1), Rng(0))
    caller = state.fighters["a1"].pos
    start_gap = state.board.distance(state.fighters["a2"].pos, caller)
    moves = state.legal_actions()
    assert moves and all(state.board.distance(m[2], caller) <= start_gap for m in moves)
    assert max(state.reach(state.fighters["a2"], 2)[m[2]][0] for m in moves) <= 2
    state.apply(("move", "a2", state.board.parse("3,2")), Rng(0))
    assert state.phase == "choose" and not state.squads["a"][1].activated
