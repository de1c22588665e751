"""Whole Gorechosen battles through the engine: every variant plays, the rules hold in every
battle (checked from the JSON log alone), the same seed gives the same battle byte for byte, and
the greedy player behaves as it says."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.boards.mapfile import parse_cell
from generator.dice.rng import Rng
from generator.errors import SkirmishError
from generator.play.engine import play
from generator.play.log import battle_text, log_json_text
from generator.play.policies import RandomPolicy, policy_for
from generator.systems import get_system
from generator.systems.gorechosen import SYSTEM, arcs, data
from generator.systems.gorechosen.game import GAME, VARIANTS, make_battle, scene
from generator.systems.gorechosen.models import Roster
from generator.systems.gorechosen.policy import GreedyPolicy

from test_gorechosen_game import Dice, N, S, champ

BOOK = data.book_champions().champions


def roster(*names: str) -> Roster:
    return Roster(name="+".join(names), champions=[champ(n) for n in names])


def forces(variant: str, seed: int):
    """Champions for a variant, varied by seed so every champion's rules get played."""
    k = seed % 8
    pick = [BOOK[(k + i) % 8] for i in range(4)]
    if variant == "2v2":
        return pick[:2], pick[2:]
    if variant == "kingslayer":
        return pick[:1], pick[1 : 3 + seed % 2]
    return pick[:1], pick[1:2]


def battle_for(variant: str, seed: int):
    a, b = forces(variant, seed)
    return make_battle(a, b, {"variant": variant})


def players(seed: int):
    kinds = [("greedy", "greedy"), ("greedy", "random"), ("random", "greedy"), ("random", "random")][seed % 4]
    return {side: policy_for(SYSTEM, kind) for side, kind in zip("ab", kinds)}


def check_log(log: dict, battle) -> None:
    """The rules, re-checked from the battle log alone."""
    board = battle.board
    champions = {f["id"]: champ(f["name"]) for side in log["sides"].values() for f in side["fighters"]}
    pits = {parse_cell(c) for c in log["grid"].get("pits", [])}
    where: dict[str, tuple] = {}
    attacks = 0
    defences_since_attack = 0
    for e in log["events"]:
        kind = e["action"]
        if kind == "place":
            cell = board.parse(e["cell"])
            assert all(board.distance(cell, other) > 2 for other in where.values()), "set up within 2 hexes"
            where[e["fighter"]] = cell
        elif kind == "move":
            path = [board.parse(c) for c in e["path"]]
            assert path[0] == where[e["fighter"]]
            assert len(path) - 1 <= e["hexes"], "moved further than the action allows"
            for a, b in zip(path, path[1:]):
                assert board.distance(a, b) == 1, "a move steps to an adjacent hex"
                assert not board.blocked(b), "moved into a pit, an obstruction or the wall"
                assert b not in [w for f, w in where.items() if f != e["fighter"]], "moved into another fighter"
            where[e["fighter"]] = path[-1]
        elif kind == "push":
            cell = board.parse(e["cell"])
            if e.get("pit"):
                assert board.parse(e["towards"]) in pits and cell == where[e["fighter"]], "a fighter never enters a pit"
            elif e.get("blocked"):
                assert cell == where[e["fighter"]]
            else:
                assert not board.blocked(cell) and cell not in where.values()
                where[e["fighter"]] = cell
        elif kind == "attack":
            attacks += 1
            defences_since_attack = 0
            c = champions[e["fighter"]]
            side = c.wounded if e["wounded"] else c.healthy
            me, target = board.parse(e["cell"]), board.parse(e["target_cell"])
            assert where[e["fighter"]] == me and where[e["target"]] == target
            band = arcs.band_at(side, me, arcs.facing_index(e["facing"]), target)
            assert band is not None, "attack outside the kill zone"
            assert (side.profiles[band].to_hit, side.profiles[band].wounds) == (e["to_hit"], e["wounds_per_hit"])
            assert e["hits"] == sum(1 for x in e["rolls"] if x >= e["to_hit"])
        elif kind == "defend":
            defences_since_attack += 1
            assert defences_since_attack == 1, "two defence cards against one attack"
            assert e["cancelled"] <= next(x for x in reversed(log["events"][: log["events"].index(e)]) if x["action"] == "attack")["hits"]
        elif kind == "taken_down":
            where.pop(e["fighter"])
        elif kind == "wrath":
            assert 1 <= e["wrath"] <= 7
        assert len(set(where.values())) == len(where), "two fighters on one hex"


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_plays_to_an_end_and_keeps_the_rules(variant):
    for seed in range(6):
        battle = battle_for(variant, seed)
        result = play(GAME, battle, players(seed), Rng(seed))
        log = result.to_json()
        check_log(log, battle)
        assert result.winner in ("a", "b", None)
        assert battle_text(result)


def test_the_same_seed_gives_the_same_battle_byte_for_byte():
    for variant in VARIANTS:
        battle = battle_for(variant, 3)
        texts = {log_json_text(play(GAME, battle, players(1), Rng(77))) for _ in range(2)}
        assert len(texts) == 1, variant


def test_kingslayer_deals_the_champion_extra_cards_and_a_second_card():
    for challengers, extra in ((2, 2), (3, 4)):
        battle = make_battle([champ("Tark")], [champ("Vexnar"), champ("Kore"), champ("Atorg")][:challengers], {"variant": "kingslayer"})
        result = play(GAME, battle, players(0), Rng(5))
        deal = next(e for e in result.events if e["action"] == "deal")
        assert deal["hands"]["a1"] == 5 + extra
        assert all(n == 5 for fid, n in deal["hands"].items() if fid != "a1")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("6,2", S), "b2": ("2,2", S)},
                  hands={"a1": ["Stalk", "Fall Back", "Blood Rage"]})
    state.play_turn("a1")
    state.apply(("pass", "Stalk"), Dice())
    assert state.is_terminal()  # taking no action ends the turn
    state.play_turn("a1")
    state.apply(("move", "Fall Back", state.board.parse("4,6"), N), Dice())
    assert state.pending.kind == "second"
    assert ("end",) in state.legal_actions() and not any(a[0] in ("unique", "pass") for a in state.legal_actions())


def test_single_combat_neutral_card_roll_off_and_tie_discards():
    battle = make_battle([champ("Tark")], [champ("Vexnar")], {"variant": "single-combat"})
    result = play(GAME, battle, players(0), Rng(8))
    deck = next(e for e in result.events if e["action"] == "initiative_deck")
    assert deck["order"].count("neutral") == 1 and len(deck["order"]) == 7
    state = scene(battle, Dice(3, 3), {"a1": ("4,6", N), "b1": ("6,2", S)}, hands={"a1": ["Stalk"], "b1": ["Stalk", "Fall Back"]})
    state._rng = Dice(3, 3)
    state._gen = state._neutral_card()
    state._advance(None)
    assert state.pending is None  # a tie: nobody takes a turn
    assert len(state.by_id["a1"].hand) == 0 and len(state.by_id["b1"].hand) == 1
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("6,2", S)}, hands={"a1": ["Stalk"], "b1": ["Stalk", "Fall Back"]})
    state._rng = Dice(2, 5)
    state._gen = state._neutral_card()
    state._advance(None)
    assert state.pending.kind == "turn" and state.pending.fighter.id == "b1"


def test_two_on_two_hands_a_turn_over_once_a_round():
    battle = make_battle([champ("Tark"), champ("Kore")], [champ("Vexnar"), champ("Atorg")], {"variant": "2v2"})
    for seed in range(4):
        result = play(GAME, battle, players(seed), Rng(seed))
        per_round = Counter((e["round"], e["fighter"]) for e in result.events if e["action"] == "handover")
        assert all(n == 1 for n in per_round.values())
    state = scene(battle, Dice(), {"a1": ("4,6", N), "a2": ("2,2", S), "b1": ("6,2", S), "b2": ("7,5", S)},
                  hands={"a1": ["Stalk"], "a2": ["Stalk"], "b1": [], "b2": []})
    state.play_turn("a1")
    assert ("handover",) in state.legal_actions()
    state.apply(("handover",), Dice())
    assert state.pending.fighter.id == "a2" and ("handover",) not in state.legal_actions()


def test_time_limits_forfeit_a_turn_and_a_random_card():
    battle = make_battle([champ("Tark")], [champ("Vexnar")], {"variant": "time-limits"})
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("6,2", S)}, hands={"a1": ["Stalk", "Fall Back"]})
    state._rng = Dice(1)
    state.play_turn("a1")
    assert state.is_terminal() and len(state.by_id["a1"].hand) == 1
    assert any(e["action"] == "timeout" for e in state._events)


def test_drafting_leaves_five_cards_each():
    battle = make_battle([champ("Tark")], [champ("Vexnar")], {"variant": "drafting"})
    result = play(GAME, battle, players(0), Rng(2))
    deal = next(e for e in result.events if e["action"] == "deal")
    assert deal["hands"] == {"a1": 5, "b1": 5}


def test_make_battle_refuses_what_does_not_fit_in_one_line():
    with pytest.raises(SkirmishError, match="champions: Kingslayer needs 2 or 3 Challengers, got 4") as err:
        make_battle(roster("Tark"), roster("Vexnar", "Kore", "Atorg", "Fexgor"), {"variant": "kingslayer", "files": {"b": "b.yaml"}})
    assert str(err.value).startswith("b.yaml: ") and "\n" not in str(err.value)
    with pytest.raises(SkirmishError, match="champions: Kingslayer needs one roster with exactly one champion"):
        make_battle(roster("Tark", "Kore"), roster("Vexnar", "Atorg"), {"variant": "kingslayer"})
    with pytest.raises(SkirmishError, match="not a Gorechosen variant; choose one of duel"):
        make_battle(roster("Tark"), roster("Vexnar"), {"variant": "3v3"})
    with pytest.raises(SkirmishError, match="2v2 needs two champions"):
        make_battle(roster("Tark"), roster("Vexnar", "Kore"), {"variant": "2v2"})


def test_a_duel_sends_the_first_champion_of_each_roster():
    battle = make_battle(roster("Tark", "Kore"), roster("Vexnar", "Atorg"), {})
    assert [c.name for c in battle.forces["a"]] == ["Tark Gruelgore"]
    assert [c.name for c in battle.forces["b"]] == ["Vexnar the Reaper"]
    assert [c.name for c in SYSTEM.fighters(roster("Tark", "Kore"))] == ["Tark Gruelgore"]


def test_system_record_plays_the_arena():
    system = get_system("gorechosen")
    assert system.game is GAME and system.make_battle is make_battle and "greedy" in system.policies
    outcomes = {system.fight(roster("Tark"), roster("Vexnar"), Rng(i)) for i in range(6)}
    assert outcomes <= {"a", "b", None} and outcomes & {"a", "b"}


# -- the greedy player ------------------------------------------------------------------------


def test_greedy_takes_the_likelier_damage():
    """Frenzy's five dice beat a two-dice Jab from the same hex."""
    battle = make_battle([champ("Tark")], [champ("Vexnar")], {})
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)}, hands={"a1": ["Circle the Foe", "Frenzied Onslaught"]})
    state.play_turn("a1")
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(1)) == ("attack", "Frenzied Onslaught", "b1")


def test_greedy_shoves_an_enemy_with_no_cards_into_a_pit():
    battle = make_battle([champ("Vexnar")], [champ("Tark")], {})
    probe = scene(battle, Dice(), {})
    from test_gorechosen_game import NW, SE, hex_from

    edge = hex_from(probe, "6,3", NW)
    state = scene(battle, Dice(), {"a1": (hex_from(probe, edge, NW), SE), "b1": (edge, N)},
                  hands={"a1": ["Hurl Aside", "Stalk"], "b1": []})
    state.play_turn("a1")
    # no cards to cling on with: a fall on 1-3 ends the duel, worth more than a 3-dice Hack
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(1)) == ("special", "Hurl Aside", "b1")


def test_greedy_steps_into_reach_and_faces_the_enemy():
    battle = make_battle([champ("Vexnar")], [champ("Tark")], {})
    state = scene(battle, Dice(), {"a1": ("4,6", S), "b1": ("6,3", S)}, hands={"a1": ["Stalk"]})
    state = scene(battle, Dice(), {"a1": ("2,7", S), "b1": ("6,6", N)}, hands={"a1": ["Stalk"]})
    state.play_turn("a1")
    action = GreedyPolicy().choose(state, state.legal_actions(), Rng(1))
    assert action[0] == "move"
    me = state.by_id["a1"]
    enemy = state.by_id["b1"]
    assert arcs.band_at(me.card, action[2], action[3], enemy.pos) is not None or arcs.facing_towards(action[2], enemy.pos) == action[3]


def test_greedy_blocks_a_damaging_attack_and_clings_to_the_pit_edge():
    battle = make_battle([champ("Tark")], [champ("Vexnar")], {})
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},
                  hands={"a1": ["Bloody Advance"], "b1": ["Fall Back", "Stalk"]})
    state.play_turn("a1")
    state.apply(("attack", "Bloody Advance", "b1"), Dice(5, 5, 1))
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(1)) == ("defend", "Fall Back")


def test_greedy_beats_random_from_either_seat():
    """A small sample here; benchmarks/bench_play_gorechosen.py measures it properly."""
    battle = make_battle([champ("Tark")], [champ("Tark")], {})
    wins = Counter()
    for seed in range(20):
        greedy_seat = "ab"[seed % 2]
        pols = {greedy_seat: GreedyPolicy(), "ab"[1 - seed % 2]: RandomPolicy()}
        result = play(GAME, battle, pols, Rng(seed), keep_log=False)
        wins[result.winner == greedy_seat] += 1
    assert wins[True] >= 16
