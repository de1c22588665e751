"""The greedy player: it weighs attacks and moves with the exact odds and asks the state the rest."""

from generator.dice.bladestorm import attack_odds
from generator.dice.rng import Rng
from generator.play.policies import RandomPolicy
from generator.systems import get_system
from generator.systems.bladestorm.policy import GreedyPolicy

SYSTEM = get_system("bladestorm")


def start(goblins, troll):
    state, _ = SYSTEM.game.new_state(SYSTEM.make_battle(goblins, troll, {}), Rng(1))
    return state, {p.name: p for p in state.pieces}


def put(piece, cell):
    piece.anchor = piece.footing.index(cell)


def attack_step(state, side):
    state.set_step("attack", side)


def p_kill(attack, damage, defense, left):
    odds = attack_odds(attack, defense, damage)
    return sum(p for dmg, p in odds.damage.items() if dmg >= left)


def test_takes_the_likelier_kill(goblins, troll):
    state, who = start(goblins, troll)
    put(who["Sea-Troll"], (7, 6))
    put(who["Argh"], (7, 5))  # north of the Troll's block
    put(who["Cro"], (7, 8))   # south of it
    who["Argh"].fighter.hits = 1  # 9 boxes left behind Defense 7
    who["Cro"].fighter.hits = 12  # 6 boxes left behind Defense 9
    attack_step(state, "b")
    argh, cro = p_kill("3D6+4", "High+2", 7, 9), p_kill("3D6+4", "High+2", 9, 6)
    assert cro > argh  # the harder target to hit is still the likelier kill
    choice = GreedyPolicy().choose(state, state.legal_actions(), Rng(0))
    assert choice == ("attack", "b1", who["Cro"].id, "Large Claws")


def test_leaves_a_doomed_target_alone(goblins, troll):
    state, who = start(goblins, troll)
    put(who["Sea-Troll"], (7, 6))
    put(who["Montu"], (6, 7))
    who["Montu"].fighter.hits = 10  # already at zero: removed at the end of this step anyway
    attack_step(state, "b")
    assert GreedyPolicy().choose(state, state.legal_actions(), Rng(0)) == ("end",)


def test_charges_a_lone_goblin_it_can_beat(goblins, troll):
    state, who = start(goblins, troll)
    put(who["Montu"], (6, 7))
    put(who["Argh"], (1, 3))
    put(who["Cro"], (2, 11))
    state.set_step("move", "b")
    kind, pid, cell = GreedyPolicy().choose(state, state.legal_actions(), Rng(0))
    assert (kind, pid) == ("move", "b1") and state.touching(who["Sea-Troll"], who["Sea-Troll"].footing.index(cell), who["Montu"])


def test_a_lone_goblin_does_not_charge_the_troll_but_the_three_together_do(goblins, troll):
    state, who = start(goblins, troll)
    put(who["Sea-Troll"], (9, 6))  # in the middle gap, 5"-6" from each Goblin's mark
    for name in ("Argh", "Cro"):
        who[name].fighter.removed = True
    montu = who["Montu"]
    kind, pid, cell = GreedyPolicy().choose(state, state.legal_actions(), Rng(0))
    assert pid == montu.id and not state.touching(montu, montu.footing.index(cell), who["Sea-Troll"])
    state, who = start(goblins, troll)
    put(who["Sea-Troll"], (9, 6))
    put(who["Argh"], (6, 5))
    put(who["Cro"], (6, 9))
    kind, pid, cell = GreedyPolicy().choose(state, state.legal_actions(), Rng(0))
    mover = state.piece(pid)
    assert state.touching(mover, mover.footing.index(cell), who["Sea-Troll"])


def test_greedy_beats_random_from_either_seat(goblins, troll):
    """A small sample here; benchmarks/bench_play_bladestorm.py measures it properly."""
    battle = SYSTEM.make_battle(goblins, troll, {})
    from generator.play.engine import play

    wins = {"a": 0, "b": 0}
    for seed in range(10):
        wins["a"] += play(SYSTEM.game, battle, {"a": GreedyPolicy(), "b": RandomPolicy()}, Rng(seed), keep_log=False).winner == "a"
        wins["b"] += play(SYSTEM.game, battle, {"a": RandomPolicy(), "b": GreedyPolicy()}, Rng(seed), keep_log=False).winner == "b"
    assert wins["a"] >= 8 and wins["b"] >= 7
