"""The search player of the protocol-driven systems: a battle rebuilt from its seed and actions
stands at the same moment, the playouts never touch the battle's own dice, and the playouts,
not the favourite, decide."""

from __future__ import annotations

import pytest

from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.policies import policy_for
from generator.play.replay import ReplaySearch
from generator.systems import get_system
from generator.systems.gorechosen import data
from generator.systems.gorechosen.game import GAME, make_battle
from generator.systems.gorechosen.policy import GreedyPolicy


def book(name: str):
    return next(c for c in data.book_champions().champions if c.name.startswith(name))


def tark_duel():
    return make_battle([book("Tark")], [book("Tark")], {})


class Watching(ReplaySearch):
    """Plays the greedy choice, and at each decision rebuilds the battle and checks it."""

    checked = 0

    def choose(self, state, actions, rng):
        rebuilt, dice = self.replay.rebuild()
        assert rebuilt.current_player() == state.current_player()
        assert rebuilt.pending.kind == state.pending.kind
        assert rebuilt.legal_actions() == list(actions)
        assert [(f.pos, f.facing, f.wrath, [c.name for c in f.hand]) for f in rebuilt.fighters] == \
            [(f.pos, f.facing, f.wrath, [c.name for c in f.hand]) for f in state.fighters]
        # the rebuilt dice are where the battle's are: the next roll would be the same
        assert dice.numpy.bit_generator.state == state._rng.numpy.bit_generator.state
        type(self).checked += 1
        return self.base.choose(state, actions, rng)


def test_a_rebuilt_battle_stands_at_the_same_moment_at_every_decision():
    Watching.checked = 0
    for seed in range(4):
        watched = play(GAME, tark_duel(), {"a": Watching(GreedyPolicy()), "b": Watching(GreedyPolicy())}, Rng(seed))
        plain = play(GAME, tark_duel(), {"a": GreedyPolicy(), "b": GreedyPolicy()}, Rng(seed))
        assert watched.events == plain.events  # watching changes nothing
    assert Watching.checked > 20


@pytest.mark.parametrize("variant, sizes", [("2v2", (2, 2)), ("kingslayer", (1, 2)), ("drafting", (1, 1))])
def test_a_rebuilt_battle_stands_at_the_same_moment_in_every_variant(variant, sizes):
    pit = list(data.book_champions().champions)
    battle = make_battle(pit[:sizes[0]], pit[sizes[0]:sum(sizes)], {"variant": variant})
    Watching.checked = 0
    watched = play(GAME, battle, {"a": Watching(GreedyPolicy()), "b": Watching(GreedyPolicy())}, Rng(3))
    assert watched.events == play(GAME, battle, {"a": GreedyPolicy(), "b": GreedyPolicy()}, Rng(3)).events
    assert Watching.checked > 10


class Ranking(GreedyPolicy):
    """The greedy player, checking at each decision that its ranking puts its own choice first."""

    kinds: dict = {}

    def choose(self, state, actions, rng):
        choice = super().choose(state, actions, rng)
        ranked = self.rank(state, actions)
        if ranked is not None:
            assert sorted(ranked) == list(range(len(actions)))
            assert actions[ranked[0]] == choice, state.pending.kind
            self.kinds[state.pending.kind] = self.kinds.get(state.pending.kind, 0) + 1
        return choice


def test_the_search_starts_from_the_greedy_choice_at_every_decision_it_searches():
    Ranking.kinds = {}
    for seed in range(12):
        play(GAME, tark_duel(), {"a": Ranking(), "b": Ranking()}, Rng(seed), keep_log=False)
    assert Ranking.kinds.get("turn", 0) > 30


class Counting(ReplaySearch):
    """The search, checking that choosing never moves the battle's own dice."""

    def choose(self, state, actions, rng):
        before = state._rng.numpy.bit_generator.state
        choice = super().choose(state, actions, rng)
        assert state._rng.numpy.bit_generator.state == before
        return choice


def test_the_search_plays_out_copies_on_its_own_dice_and_is_reproducible():
    search = Counting(GreedyPolicy(), playouts=4, more=4)
    one = play(GAME, tark_duel(), {"a": search, "b": GreedyPolicy()}, Rng(11))
    assert search.searched > 0 and search.played >= 2 * 4 * search.searched
    again = play(GAME, tark_duel(), {"a": Counting(GreedyPolicy(), playouts=4, more=4), "b": GreedyPolicy()}, Rng(11))
    assert one.events == again.events


class Discarder(GreedyPolicy):
    """A greedy player that would rather throw a card away than use it: it ranks its best pass
    first, then the rest as the greedy player does."""

    def rank(self, state, actions):
        ranked = super().rank(state, actions)
        if ranked is None:
            return None
        passes = [i for i in ranked if actions[i][0] == "pass"]
        return passes[:1] + [i for i in ranked if i not in passes[:1]]


class Recording(ReplaySearch):
    def __init__(self, base, **options):
        super().__init__(base, **options)
        self.offered = self.kept = 0

    def choose(self, state, actions, rng):
        ranked = self.base.rank(state, actions)
        choice = super().choose(state, actions, rng)
        if ranked and actions[ranked[0]][0] == "pass" and actions[ranked[1]][0] == "attack":
            self.offered += 1
            self.kept += choice[0] == "pass"
        return choice


def test_the_playouts_overrule_a_favourite_that_throws_an_attack_away():
    """Offered a pass as its favourite where the greedy player would attack, the search attacks
    (a pass is not always much worse: a weak attack leaves the attacker where it stood)."""
    search = Recording(Discarder(), candidates=4, playouts=12, more=24)
    for seed in range(3):
        play(GAME, tark_duel(), {"a": search, "b": GreedyPolicy()}, Rng(seed))
    assert search.offered >= 5
    assert 2 * search.kept < search.offered  # a ranking alone would keep every one


def test_every_system_whose_greedy_player_ranks_its_choices_has_the_search_player():
    for name in ("gorechosen", "bladeborn", "warcry"):
        assert isinstance(policy_for(get_system(name), "search"), ReplaySearch)


def test_a_system_whose_greedy_player_cannot_rank_has_no_search_player():
    from types import SimpleNamespace

    from generator.errors import SkirmishError

    class Plain:
        def choose(self, state, actions, rng):
            return actions[0]

    toy = SimpleNamespace(title="Toy Skirmish", policies={"greedy": Plain})
    with pytest.raises(SkirmishError, match="Toy Skirmish has no search player yet; choose one of: greedy, random$"):
        policy_for(toy, "search")


def test_skirmish_balance_plays_the_gorechosen_search_player_and_names_it(capsys):
    import json

    from tests.cli_run import run

    code, out, err = run(capsys, "balance", "gorechosen/champions", "gorechosen/champions",
                         "--policy-a", "search", "--battles", "4", "--look-every", "4", "--jobs", "1",
                         "--seed", "2", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["policies"] == {"a": "search", "b": "greedy"} and report["games"] == 4


@pytest.mark.slow
@pytest.mark.parametrize("roster", ["gorechosen/champions", "gorechosen/example_brass_pit", "gorechosen/example_cinder_arena"])
def test_the_search_player_beats_the_greedy_player_in_each_shipped_mirror(roster):
    """Each roster's duellist against itself, search against greedy, seats alternating, 400 duels:
    the lower end of the search side's 95% interval lies above 50%."""
    from generator.balance.winrate import wilson_interval
    from generator.content import load_roster

    system, loaded = load_roster(roster)
    force = system.fighters(loaded)
    battle = system.make_battle(force, force, {})
    points = 0.0
    for i in range(400):
        seat, other = ("a", "b") if i % 2 == 0 else ("b", "a")
        result = play(GAME, battle, {seat: ReplaySearch(GreedyPolicy()), other: GreedyPolicy()},
                      Rng(3).spawn(f"duel-{i}"), keep_log=False)
        points += 1.0 if result.winner == seat else 0.5 if result.winner is None else 0.0
    low, _ = wilson_interval(points, 400)
    assert low > 0.5, f"{roster}: search scored {points / 400:.1%}, 95% interval from {low:.1%}"


class Rebuilding(ReplaySearch):
    """Any system: plays the greedy choice, and at each decision rebuilds the battle and checks
    that it waits for the same player with the same legal actions."""

    checked = 0

    def choose(self, state, actions, rng):
        rebuilt, _ = self.replay.rebuild()
        assert rebuilt.current_player() == state.current_player()
        assert list(rebuilt.legal_actions()) == list(actions)
        type(self).checked += 1
        return self.base.choose(state, actions, rng)


@pytest.mark.parametrize("roster", ["bladeborn/example-cinder-oath", "warcry/example-gilded-ruin",
                                    "sagaborn/house-vareth", "sagaborn/driftborn"])
def test_a_rebuilt_bladeborn_warcry_or_sagaborn_battle_stands_at_the_same_moment(roster):
    from generator.content import load_roster

    system, force = load_roster(roster)
    greedy = system.policies["greedy"]
    battle = system.make_battle(force, force, {})
    Rebuilding.checked = 0
    watched = play(system.game, battle, {"a": Rebuilding(greedy()), "b": greedy()}, Rng(4))
    assert watched.events == play(system.game, battle, {"a": greedy(), "b": greedy()}, Rng(4)).events
    assert Rebuilding.checked > 30


class ActivationRanking(ReplaySearch):
    """Checks that the Bladeborn greedy player's ranking puts its own choice first."""

    ranked = 0

    def choose(self, state, actions, rng):
        choice = self.base.choose(state, actions, rng)
        order = self.base.rank(state, actions)
        if order is not None:
            assert sorted(order) == list(range(len(actions))) and actions[order[0]] == choice
            type(self).ranked += 1
        return choice


def test_the_bladeborn_search_starts_from_the_greedy_choice_of_who_acts():
    from generator.content import load_roster
    from generator.systems.bladeborn.policy import BladebornGreedy

    system, force = load_roster("bladeborn/example-hollowmere-stalkers")
    battle = system.make_battle(force, force, {})
    ActivationRanking.ranked = 0
    for seed in range(3):
        play(system.game, battle, {"a": ActivationRanking(BladebornGreedy()), "b": ActivationRanking(BladebornGreedy())},
             Rng(seed), keep_log=False)
    assert ActivationRanking.ranked > 30


def test_each_system_plays_the_search_settings_it_ships():
    """Bladeborn and Warcry search 3 fighters 12 times each (as strong as 4 x 32 within a few
    points, a third of the cost: docs/players.md); Gorechosen keeps 4 x 32."""
    from generator.systems import get_system

    settings = {name: (policy_for(get_system(name), "search").candidates, policy_for(get_system(name), "search").playouts)
                for name in ("bladeborn", "warcry", "gorechosen")}
    assert settings == {"bladeborn": (3, 12), "warcry": (3, 12), "gorechosen": (4, 32)}


@pytest.mark.slow
@pytest.mark.parametrize("roster, battles", [("bladeborn/example-cinder-oath", 200),
                                             ("bladeborn/example-hollowmere-stalkers", 200),
                                             ("warcry/example-gilded-ruin", 100),
                                             ("warcry/example-marrowfen-raiders", 100)])
def test_the_hex_search_player_beats_the_greedy_player_in_each_shipped_mirror(roster, battles):
    """The search player as the system ships it against greedy, seats alternating: the lower end
    of the search side's 95% interval is above 55% (the battles of ``benchmarks/bench_search.py
    --seed 5``)."""
    from generator.balance.winrate import wilson_interval
    from generator.content import load_roster

    system, force = load_roster(roster)
    battle = system.make_battle(force, force, {})
    points = 0.0
    for i in range(battles):
        seat, other = ("a", "b") if i % 2 == 0 else ("b", "a")
        result = play(system.game, battle, {seat: policy_for(system, "search"), other: policy_for(system, "greedy")},
                      Rng(5).spawn(f"b{i}"), keep_log=False)
        points += 1.0 if result.winner == seat else 0.5 if result.winner is None else 0.0
    low, _ = wilson_interval(points, battles)
    assert low > 0.55, f"{roster}: search scored {points / battles:.1%}, 95% interval from {low:.1%}"
