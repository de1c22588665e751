"""The search player by what it does: it leaves the greedy choice for a clearly better one, and
keeps it when the other candidates' edge is only the noise of a few playouts.

The battle is a toy with one decision: two ways to fight, each won with a fixed chance. The
greedy player (here a base player that always ranks the first way first) cannot tell them apart;
the search plays each out on shared dice.
"""

from generator.dice.stream import FastDice
from generator.play.core import Core, CorePlayer, new_buffer
from generator.play.search import RolloutSearch


class OneChoice(Core):
    """Seat a chooses a way to fight; way k wins with chance ``odds[k]`` (in hundredths). Way k rolls
    k dice before the one that decides, so two ways are not decided by the same die of the
    shared dice (as two moves of a real battle are not)."""

    def __init__(self, odds):
        super().__init__()
        self.odds, self.won = list(odds), None

    def action_codes(self, out):
        for k in range(len(self.odds)):
            out[k] = k
        return len(self.odds)

    def apply_code(self, code, dice):
        for _ in range(code):
            dice.upto(99)
        self.won = dice.upto(99) < self.odds[code]
        self.finished = True
        return 0  # the core's methods answer in whole numbers

    def clone(self):
        return OneChoice(self.odds)

    def winner_seat(self):
        return 0 if self.won else 1


class FirstFirst(CorePlayer):
    def choose(self, state, codes, count, chooser):
        return 0


def choices(odds, seeds, **settings):
    search = RolloutSearch(FirstFirst(), candidates=len(odds), **settings)
    state, codes = OneChoice(odds), new_buffer()
    count = state.action_codes(codes)
    return [search.choose(state, codes, count, FastDice(seed)) for seed in range(seeds)]


def test_a_clearly_better_second_choice_is_taken():
    picked = choices([30, 90], 50)
    assert picked.count(1) >= 48  # 90% against 30%: seen in 12 playouts, confirmed in 36 more


def test_between_equal_choices_the_greedy_one_stands_and_the_final_gate_is_what_keeps_it():
    even = [50, 50, 50, 50]
    gated = choices(even, 400)
    ungated = choices(even, 400, more=0)
    switched, switched_ungated = sum(c != 0 for c in gated) / 400, sum(c != 0 for c in ungated) / 400
    assert switched <= 0.06  # three challengers, each past 1 then 2 standard errors by luck alone
    assert switched_ungated >= 0.2  # one standard error of 12 playouts lets luck through
