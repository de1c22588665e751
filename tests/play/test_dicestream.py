"""The battle cores' dice are numpy's own: the same numbers as ``Generator.integers``,
``permutation`` and ``random`` for the same generator state, on whichever path runs, and the
two kinds of draw may follow each other on one stream."""

from __future__ import annotations

import numpy as np
import pytest

from generator.play.dicestream import DiceStream

SEEDS = range(40)


def _generator(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))


@pytest.mark.parametrize("sides", [1, 2, 3, 6, 8, 10, 12, 20, 100, 1000])
def test_a_die_is_what_numpy_rolls(sides):
    for seed in SEEDS:
        numpy_dice = [int(x) for x in _generator(seed).integers(1, sides + 1, size=25)]
        stream = DiceStream(_generator(seed))
        assert [stream.die(sides) for _ in range(25)] == numpy_dice


def test_a_handful_of_dice_is_what_numpy_rolls_one_call_at_a_time_or_all_at_once():
    for seed in SEEDS:
        numpy_side, stream = _generator(seed), DiceStream(_generator(seed))
        for count in (0, 1, 2, 5, 11):
            assert stream.dice(count, 6) == [int(x) for x in numpy_side.integers(1, 7, size=count)]
            assert stream.die(6) == int(numpy_side.integers(1, 7))


def test_a_choice_among_one_draws_nothing_as_numpy_does():
    for seed in SEEDS:
        numpy_side, stream = _generator(seed), DiceStream(_generator(seed))
        assert stream.between(0, 0) == int(numpy_side.integers(0, 1)) == 0
        assert stream.between(3, 9) == int(numpy_side.integers(3, 10))


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 16, 33])
def test_a_shuffle_is_numpys_permutation(n):
    for seed in SEEDS:
        assert DiceStream(_generator(seed)).permutation(n) == [int(x) for x in _generator(seed).permutation(n)]


def test_a_random_float_is_numpys():
    for seed in SEEDS:
        numpy_side, stream = _generator(seed), DiceStream(_generator(seed))
        assert [stream.random() for _ in range(5)] == [float(numpy_side.random()) for _ in range(5)]


def test_numpy_and_the_stream_take_turns_on_one_generator():
    """A 64-bit word holds two 32-bit draws: the half-word numpy keeps for later is the one the
    stream draws next, and the other way round."""
    for seed in SEEDS:
        reference = _generator(seed)
        expected = [int(x) for x in reference.integers(1, 7, size=9)]
        shared = _generator(seed)
        stream = DiceStream(shared)
        got = [stream.die(6), int(shared.integers(1, 7)), stream.die(6), stream.die(6),
               int(shared.integers(1, 7)), int(shared.integers(1, 7)), stream.die(6), int(shared.integers(1, 7)),
               stream.die(6)]
        assert got == expected


def test_the_python_path_draws_the_same_numbers(python_path):
    """The same module run as plain Python (the reference path) gives the same numbers."""
    seen = python_path("generator.play.dicestream", """
import numpy as np
from generator.play.dicestream import DiceStream
s = DiceStream(np.random.Generator(np.random.PCG64(np.random.SeedSequence(11))))
result = [s.dice(7, 6), s.permutation(9), s.random(), s.between(2, 30)]
""")
    s = DiceStream(_generator(11))
    assert seen == [s.dice(7, 6), s.permutation(9), s.random(), s.between(2, 30)]
