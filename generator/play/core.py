"""What the compiled players and runner ask of a battle: the state as whole numbers.

A system's battle state is an object of a subclass of :class:`Core`. Besides the engine's
protocol (``legal_actions``, ``apply``... with actions as tuples and events as dicts, see
:mod:`generator.play.engine`), it answers the same questions in whole numbers, which is what
lets a battle run without a Python object per decision:

* :meth:`Core.action_codes` writes the legal actions as codes (in the order ``legal_actions``
  lists them), :meth:`Core.apply_code` carries one out;
* :meth:`Core.clone` copies the state (for players that look ahead).

A :class:`CorePlayer` chooses among the codes (a system's greedy player, the random player, a
search player); it sees the state and the codes, never more, as a policy sees the state and
the actions. :func:`run` plays a battle from its current state to the end with core players on
both seats, and gives the same battle, event for event, as :func:`generator.play.engine.play`
asking the same players through the protocol: the players draw from the same streams in the
same order.
"""

from __future__ import annotations

from array import array

from generator.errors import SkirmishError

#: Room for the legal actions of one decision.
MAX_ACTIONS = 4096


class Core:
    """A battle state in whole numbers: ``decider`` is 0 for seat a and 1 for seat b."""

    def __init__(self):
        self.decider = 0
        self.finished = False
        self.log = None

    def action_codes(self, out):
        """Write the legal actions' codes into ``out``; return how many."""
        raise NotImplementedError

    def apply_code(self, code, dice):
        """Carry out the action ``code`` with dice from the :class:`DiceStream` ``dice``."""
        raise NotImplementedError

    def clone(self):
        """A copy of the state that can be played on without changing this one."""
        raise NotImplementedError

    def seat_score(self, seat):
        """What the battle is worth to ``seat`` (0 for a, 1 for b) as it stands: once it has
        ended 1 for a win, one half for a draw, 0 for a loss; before that one half, unless the
        system judges an unfinished battle (a search player reads this at its playouts' end)."""
        if not self.finished:
            return 0.5
        winner = self.winner_seat()
        if winner < 0:
            return 0.5
        return 1.0 if winner == seat else 0.0

    def winner_seat(self):
        """0 or 1 for the winning seat of a finished battle, -1 for a draw."""
        raise NotImplementedError


class CorePlayer:
    """A player the core can ask directly: the index of its choice among ``codes[:count]``."""

    def choose(self, state, codes, count, chooser):
        raise NotImplementedError

    def rank(self, state, codes, count, chooser, out):
        """The actions this player would choose, best first, as indices into ``out``; how many
        are ranked. A player that only knows its choice ranks it first and the rest in order."""
        best = self.choose(state, codes, count, chooser)
        out[0] = best
        ranked = 1
        for i in range(count):
            if i != best:
                out[ranked] = i
                ranked += 1
        return ranked


class RandomPlayer(CorePlayer):
    """Any legal action, uniformly: ``chooser.upto(count - 1)``, the draw
    :class:`generator.play.policies.RandomPolicy` makes with ``rng.integers(0, count - 1)``."""

    def choose(self, state, codes, count, chooser):
        return chooser.upto(count - 1)


def copy_ints(values):
    """A new ``array("i")`` holding the numbers of ``values``: an int array, or (compiled) a typed
    view of one, copied from the array underneath in one move rather than number by number."""
    return array("i", getattr(values, "base", values))


def new_buffer():
    """A buffer :meth:`Core.action_codes` may fill."""
    return array("q", bytes(8 * MAX_ACTIONS))


def run(core, player_a, player_b, dice, chooser_a, chooser_b, limit):
    """Play ``core`` to the end with ``player_a`` in seat a and ``player_b`` in seat b; return the
    number of decisions made (a decision with one legal action asks no player)."""
    codes = new_buffer()
    decisions = 0
    while not core.finished:
        if decisions >= limit:
            raise SkirmishError(f"the battle did not end after {limit} decisions (a rules bug)")
        count = core.action_codes(codes)
        if count == 0:
            raise SkirmishError("a side has no legal action and the battle has not ended (a rules bug)")
        if count == 1:
            index = 0
        elif core.decider == 0:
            index = player_a.choose(core, codes, count, chooser_a)
        else:
            index = player_b.choose(core, codes, count, chooser_b)
        core.apply_code(codes[index], dice)
        decisions += 1
    return decisions
