"""Exact one-against-many odds: the Warriors of Ash fight favours the Goblins, as the book says."""

import numpy as np
import pytest

from generator.systems.bladestorm.models import Combatant
from generator.systems.bladestorm.outlook import _attack_vector, lone_best_order, one_against_many


def test_the_goblins_are_favoured_whatever_order_the_troll_picks(cards):
    troll = cards["Sea-Troll"]
    goblins = [cards["Cro"], cards["Argh"], cards["Montu"]]
    best = lone_best_order(troll, goblins)
    # The Troll does best by striking Cro first, yet the Goblins still win most fights
    # ("an easy introduction to the game", with 636 TPC against 480).
    assert best.order[0] == "Cro"
    assert best.group_wins > 0.65 > 0.3 > best.lone_wins
    assert best.group_wins + best.lone_wins + best.draw == pytest.approx(1.0)


def fighter(endurance, attack, damage, defense=7):
    return Combatant(name=f"F{endurance}{attack}", race="Human", movement=5, defense=defense,
                     endurance=endurance, melee_attack=attack, melee_damage=damage)


def test_certain_blows_give_a_certain_draw():
    # Both always hit (2D6+30 beats any Defense here) for a fixed 5: each falls in the 2nd exchange.
    a = fighter(10, "2D6+30", "5")
    b = fighter(10, "2D6+30", "5")
    result = one_against_many(a, [b])
    assert (result.group_wins, result.lone_wins, result.draw) == pytest.approx((0.0, 0.0, 1.0))


def _exchanges_to_remove(per_attack, endurance, horizon=200):
    """P(the N-th exchange is the one that removes the target), for N = 1..horizon."""
    alive = np.zeros(endurance)
    alive[0] = 1.0
    out = []
    for _ in range(horizon):
        nxt = np.zeros(endurance)
        dead = 0.0
        for h, p in enumerate(alive):
            for x, q in enumerate(per_attack):
                if h + x >= endurance:
                    dead += p * q
                else:
                    nxt[h + x] += p * q
        out.append(dead)
        alive = nxt
    return np.array(out)


def test_one_against_one_matches_independent_removal_times(cards):
    """In a duel the two removal times are independent: compare P(A's comes first) directly."""
    montu, argh = cards["Montu"], cards["Argh"]
    a_falls = _exchanges_to_remove(_attack_vector(argh, montu), montu.endurance)
    b_falls = _exchanges_to_remove(_attack_vector(montu, argh), argh.endurance)
    a_cdf = np.cumsum(a_falls)
    lone_wins = sum(b_falls[n] * (1 - a_cdf[n]) for n in range(len(b_falls)))
    draw = sum(a_falls[n] * b_falls[n] for n in range(len(a_falls)))
    result = one_against_many(montu, [argh])
    assert result.lone_wins == pytest.approx(lone_wins, abs=1e-9)
    assert result.draw == pytest.approx(draw, abs=1e-9)
