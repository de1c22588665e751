"""Whole Gorechosen battles through the engine: every variant plays, the rules hold in every
battle (checked from the JSON log alone), the same seed gives the same battle byte for byte, and
the greedy player behaves as it says."""

from __future__ import annotations

from collections import Counter

import pytest

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

from audit import audit, champions_of
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
    """The rules, re-checked from the battle log alone (``audit.py``)."""
    problems = audit(log, champions_of(battle), battle.board)
    assert problems == [], problems[:5]


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


def test_the_side_that_sets_up_first_is_the_first_initiative_card_of_the_set_up():
    """The set-up's shuffled Initiative cards decide who places first; balance reads that side
    from the outcome to report how the table treats it, so both sides must come up."""
    firsts = Counter()
    for seed in range(12):
        result = play(GAME, battle_for("2v2", seed), players(0), Rng(seed))
        order = next(e for e in result.events if e["action"] == "setup_order")["order"]
        assert result.first == order[0][0]  # fighter ids are side + number: "b2" is side b's
        firsts[result.first] += 1
    assert set(firsts) == {"a", "b"}


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


# -- the auditor over every shipped champion, and the push order it holds the log to ----------------


def _shipped():
    from generator.content import load_file
    from generator.resources import content_dir

    out = []
    for name in ("champions.yaml", "example_brass_pit.yaml", "example_cinder_arena.yaml"):
        out += list(load_file(content_dir() / "gorechosen" / name).model.champions)
    return out


def pit_map():
    """A small arena strewn with pits, so pushes towards a pit happen often."""
    from generator.boards.mapfile import BoardMap

    return BoardMap(name="Pit field", grid="hex", orientation="flat", offset="odd", width=7, height=7,
                    pits=["1,1", "3,1", "5,1", "1,3", "3,3", "5,3", "1,5", "3,5", "5,5"])


@pytest.mark.parametrize("variant", ["duel", "2v2", "kingslayer"])
def test_every_shipped_champion_plays_by_the_book(variant):
    """Every champion of the three shipped rosters, with every ability it prints, in battles the
    auditor re-checks from the log alone (greedy and random players, the arena and a pit field)."""
    from generator.systems.gorechosen.build import roll_champion

    champions = _shipped() + [roll_champion(Rng(s)).combatant for s in range(4)]
    for seed in range(len(champions)):
        pick = [champions[(seed + i) % len(champions)] for i in range(4)]
        a, b = {"duel": (pick[:1], pick[1:2]), "2v2": (pick[:2], pick[2:]), "kingslayer": (pick[:1], pick[1:3])}[variant]
        options = {"variant": variant, **({"map": pit_map()} if seed % 3 == 2 else {})}
        battle = make_battle(a, b, options)
        log = play(GAME, battle, players(seed), Rng(seed)).to_json()
        check_log(log, battle)


def test_the_auditor_holds_a_pit_push_to_dice_first_then_cards():
    """The book: roll a dice, then discard cards (+1 each). A log with a card thrown away before
    the dice, or a total that does not add up, is refused."""
    found = None
    for seed in range(60):
        battle = make_battle([champ("Tark")], [champ("Vexnar")], {"map": pit_map()})
        log = play(GAME, battle, {"a": RandomPolicy(), "b": RandomPolicy()}, Rng(seed)).to_json()
        at = [i for i, e in enumerate(log["events"]) if e["action"] == "pit" and e["discards"]]
        if at:
            found = (log, battle, at[0])
            break
    assert found is not None, "no pit push with discards in 60 random battles on the pit field"
    log, battle, i = found
    assert audit(log, champions_of(battle), battle.board) == []
    events = log["events"]
    roll_at = max(k for k in range(i) if events[k]["action"] == "push" and events[k].get("pit"))
    assert [e["action"] for e in events[roll_at + 1:i]] == ["discard"] * events[i]["discards"]
    early = dict(log, events=events[:roll_at] + [events[roll_at + 1], events[roll_at]] + events[roll_at + 2:])
    assert any("discarded after the roll" in p for p in audit(early, champions_of(battle), battle.board))
    wrong = [dict(e) for e in events]
    wrong[i]["total"] += 1
    assert any("do not follow" in p for p in audit(dict(log, events=wrong), champions_of(battle), battle.board))


# -- the greedy player uses the whole game --------------------------------------------------------


def _any_champion(name):
    return next(c for c in _shipped() if c.name.startswith(name))


def test_greedy_shoves_an_enemy_with_one_card_into_the_pit_beside_them():
    """With the pit next to the enemy and one card in their hand, a fall on 1-2 ends the duel."""
    from test_gorechosen_game import NW, SE, hex_from

    battle = make_battle([champ("Vexnar")], [champ("Tark")], {})
    probe = scene(battle, Dice(), {})
    edge = hex_from(probe, "6,3", NW)
    state = scene(battle, Dice(), {"a1": (hex_from(probe, edge, NW), SE), "b1": (edge, N)},
                  hands={"a1": ["Hurl Aside", "Bloody Advance"], "b1": ["Stalk"]})
    state.play_turn("a1")
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(1)) == ("special", "Hurl Aside", "b1")


def test_greedy_turns_to_keep_an_enemy_out_of_its_rear_arc():
    """Vexnar strikes only into his front arc: with an enemy straight behind him he turns to face it."""
    from test_gorechosen_game import hex_from

    battle = make_battle([champ("Vexnar")], [champ("Tark")], {})
    probe = scene(battle, Dice(), {})
    state = scene(battle, Dice(), {"a1": ("6,6", N), "b1": (hex_from(probe, "6,6", S), N)},
                  hands={"a1": ["Measured Step", "Stalk"], "b1": ["Bloody Advance"]})
    state.play_turn("a1")
    action = GreedyPolicy().choose(state, state.legal_actions(), Rng(1))
    me, enemy = state.by_id["a1"], state.by_id["b1"]
    dest, facing = (action[2], action[3]) if action[0] == "move" else action[2]
    assert arcs.in_front_arc(dest, facing, enemy.pos) or arcs.band_at(me.card, dest, facing, enemy.pos) is not None


def test_greedy_uses_a_unique_that_turns_a_likely_miss_into_a_wound():
    """Sekra's enemy is three hexes away, out of every card's reach: Blur of Blades closes and
    strikes with five dice in one action, worth more than the two cards it costs."""
    battle = make_battle([_any_champion("Sekra")], [champ("Tark")], {})
    state = scene(battle, Dice(), {"a1": ("6,7", N), "b1": ("6,4", S)},
                  hands={"a1": ["Stalk", "Fall Back", "Blood Rage"], "b1": ["Bloody Advance"]})
    state.play_turn("a1")
    action = GreedyPolicy().choose(state, state.legal_actions(), Rng(1))
    assert action[0] == "unique" and action[2][2] == "b1"


def test_greedy_blasts_past_a_hand_full_of_dodges_when_the_cards_are_spare():
    """Kore has no more turns this round, so his cards are spare: an Anvil Blast, which no Block,
    Parry or Dodge can answer, beats a bigger card attack the enemy's full hand will likely Dodge."""
    from test_gorechosen_game import hex_from

    battle = make_battle([champ("Kore")], [champ("Tark")], {})
    probe = scene(battle, Dice(), {})
    state = scene(battle, Dice(), {"a1": ("6,7", N), "b1": (hex_from(probe, "6,7", N, N), S)},
                  hands={"a1": ["Savage Strike", "Stalk", "Fall Back"],
                         "b1": ["Circle the Foe", "Savage Strike", "Circle the Foe", "Savage Strike", "Stalk"]})
    state.initiative = ["b1", "b1"]
    state.play_turn("a1")
    action = GreedyPolicy().choose(state, state.legal_actions(), Rng(1))
    assert action[0] == "unique" and action[2] == "b1"


def test_greedy_values_a_ward_by_the_attacks_it_blunts():
    """Stand Firm is worth the enemy's attack without it less the attack with it: something when
    the enemy can strike Ushrak, nothing when it cannot."""
    from generator.systems.gorechosen.judge import Judge

    battle = make_battle([_any_champion("Ushrak")], [champ("Tark")], {})
    for enemy_at, threatened in (("6,5", True), ("2,1", False)):
        state = scene(battle, Dice(), {"a1": ("6,6", N), "b1": (enemy_at, S)},
                      hands={"a1": ["Stalk", "Fall Back"], "b1": ["Bloody Advance", "Stalk"]})
        state.initiative = ["b1", "a1"]
        ushrak = state.by_id["a1"]
        value = GreedyPolicy()._ward_value(state, Judge(state, ushrak), ushrak, 2)
        assert (value > 0.5) is threatened and value >= 0


@pytest.mark.parametrize("roll, hand, kept", [(1, 3, 0), (2, 3, 1), (3, 3, 2), (4, 3, 3), (1, 2, 2)])
def test_greedy_throws_away_just_the_cards_the_pits_dice_asks_for(roll, hand, kept):
    """The dice is known before the cards go: 4 - roll of them, or none when the hand cannot
    reach 4 (two cards on a 1: they fall anyway, so they keep their cards)."""
    from test_gorechosen_game import NW, SE, hex_from

    battle = make_battle([champ("Vexnar")], [champ("Tark")], {})
    probe = scene(battle, Dice(), {})
    edge = hex_from(probe, "6,3", NW)
    cards = ["Stalk", "Fall Back", "Blood Rage"][:hand]
    state = scene(battle, Dice(), {"a1": (hex_from(probe, edge, NW), SE), "b1": (edge, N)},
                  hands={"a1": ["Hurl Aside"], "b1": cards})
    state.play_turn("a1")
    state.apply(("special", "Hurl Aside", "b1"), Dice(roll))
    choice = GreedyPolicy().choose(state, state.legal_actions(), Rng(1))
    assert hand - len(choice[1]) == kept


def test_greedy_blocks_a_blow_that_would_slay_even_when_the_card_is_worth_keeping():
    """A Block that saves the champion's life is played whatever else the card could do; so is one
    that saves a whole hit of three wounds (more than a card kept for later is worth)."""
    battle = make_battle([champ("Tark")], [champ("Vexnar")], {})
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},
                  hands={"a1": ["Bloody Advance"], "b1": ["Fall Back", "Stalk"]})
    from generator.systems.gorechosen import mechanics as m
    from generator.systems.gorechosen.judge import wounds_left

    vexnar = state.by_id["b1"]
    while wounds_left(vexnar.health) > 4:
        vexnar.health = m.take_wounds(vexnar.health, 1).health
    state.initiative = ["a1", "a1", "a1"]  # more attacks to come this round
    state.play_turn("a1")
    state.apply(("attack", "Bloody Advance", "b1"), Dice(5, 5, 1))  # 6 wounds slay him; blocked, 3 do not
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(1)) == ("defend", "Fall Back")
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)},  # a fresh Vexnar...
                  hands={"a1": ["Bloody Advance"], "b1": ["Fall Back", "Stalk"]})
    state.initiative = ["a1", "a1", "a1"]
    state.play_turn("a1")
    state.apply(("attack", "Bloody Advance", "b1"), Dice(5, 1, 1))
    # ...but a Block still saves three wounds, more than the card is worth later: it is played
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(1)) == ("defend", "Fall Back")
