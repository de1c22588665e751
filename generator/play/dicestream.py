"""The dice of a battle, drawn the way numpy draws them, from compiled code or from Python.

Every battle draws its dice from an :class:`generator.dice.rng.Rng`, a numpy ``Generator`` on a
PCG64 bit generator. The battle cores roll thousands of dice a second, and a call into numpy for
each die costs more than the rule it decides; so the cores draw from the bit generator itself
and turn its 32-bit words into dice by numpy's own algorithm (Lemire's multiply-and-reject, the
masked rejection of ``shuffle``). The numbers are therefore *exactly* the ones
``Generator.integers``, ``Generator.permutation`` and ``Generator.random`` give for the same
generator state, and either way of drawing may follow the other on one stream: a battle rolls
the same dice whichever path plays it.

Compiled (see :mod:`generator.play.compiled`), a draw is a call through the bit generator's C
function pointer; in plain Python it is the same call through ``ctypes``. The words come from
the generator's own state (its cached half-word included), so nothing here keeps a state of
its own.
"""

from __future__ import annotations

import cython

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF


class DiceStream:
    """Dice, choices and shuffles from one numpy ``Generator`` (kept alive by this object).

    A test that hands out a rulebook's dice subclasses :class:`generator.dice.rng.Rng`; its
    ``stream`` is then a :class:`ScriptedDice`, which asks that Rng for every roll.
    """

    def __init__(self, generator):
        self._generator = generator
        bits = generator.bit_generator
        if cython.compiled:
            self._bitgen = cython.cast(cython.pointer(bitgen_t), PyCapsule_GetPointer(bits.capsule, b"BitGenerator"))
        else:
            handle = bits.ctypes
            self._next32 = handle.next_uint32
            self._next64 = handle.next_uint64
            self._address = handle.state_address

    @property
    def generator(self):
        """The numpy ``Generator`` the dice come from."""
        return self._generator

    def word32(self):
        """The bit generator's next 32-bit word."""
        if cython.compiled:
            return self._bitgen.next_uint32(self._bitgen.state)
        return self._next32(self._address)

    def word64(self):
        """The bit generator's next 64-bit word."""
        if cython.compiled:
            return self._bitgen.next_uint64(self._bitgen.state)
        return self._next64(self._address)

    def upto(self, high):
        """A whole number from 0 to ``high`` inclusive (``high`` below 2**32): numpy's bounded
        32-bit draw, so ``upto(5)`` is ``Generator.integers(0, 6)``. ``upto(0)`` draws nothing."""
        if high == 0:
            return 0
        if high == M32:
            return self.word32()
        span = high + 1
        product = self.word32() * span
        leftover = product & M32
        if leftover < span:
            threshold = (M32 - high) % span
            while leftover < threshold:
                product = self.word32() * span
                leftover = product & M32
        return product >> 32

    def die(self, sides):
        """One die with faces 1..sides (``Generator.integers(1, sides + 1)``)."""
        return 1 + self.upto(sides - 1)

    def dice(self, count, sides):
        """``count`` dice in the order rolled, as a list (``Generator.integers(1, sides + 1, size=count)``)."""
        out = []
        for _ in range(count):
            out.append(1 + self.upto(sides - 1))
        return out

    def roll_into(self, count, sides, out, start):
        """Roll ``count`` dice of ``sides`` faces into ``out[start:start + count]`` (one roll of a
        group of dice: what :meth:`dice` rolls, without making a list)."""
        for i in range(count):
            out[start + i] = 1 + self.upto(sides - 1)

    def between(self, low, high):
        """A whole number in ``[low, high]`` inclusive (:meth:`generator.dice.rng.Rng.integers`)."""
        return low + self.upto(high - low)

    def interval(self, high):
        """A whole number from 0 to ``high`` by masked rejection: the draw numpy's ``shuffle``
        and ``permutation`` make for each position (``high`` below 2**32)."""
        if high == 0:
            return 0
        mask = high
        mask |= mask >> 1
        mask |= mask >> 2
        mask |= mask >> 4
        mask |= mask >> 8
        mask |= mask >> 16
        value = self.word32() & mask
        while value > high:
            value = self.word32() & mask
        return value

    def permutation(self, n):
        """``Generator.permutation(n)`` as a list: 0..n-1 shuffled by Fisher-Yates from the top."""
        order = list(range(n))
        i = n - 1
        while i > 0:
            j = self.interval(i)
            order[i], order[j] = order[j], order[i]
            i -= 1
        return order

    def random(self):
        """A float in [0, 1): ``Generator.random()`` (the top 53 bits of a 64-bit word)."""
        return (self.word64() >> 11) * (1.0 / 9007199254740992.0)


class ScriptedDice(DiceStream):
    """The dice of an :class:`generator.dice.rng.Rng` whose ``die``/``dice``/``integers`` a test
    overrides to hand out a book's rolls: every draw the cores make is asked of it."""

    def __init__(self, rng):
        DiceStream.__init__(self, rng.numpy)
        self.rng = rng

    def die(self, sides):
        return self.rng.die(sides)

    def dice(self, count, sides):
        return list(self.rng.dice(count, sides))

    def roll_into(self, count, sides, out, start):
        faces = self.rng.dice(count, sides)
        for i in range(count):
            out[start + i] = faces[i]

    def upto(self, high):
        return self.rng.integers(0, high)

    def between(self, low, high):
        return self.rng.integers(low, high)


class FastDice(DiceStream):
    """Dice of the search player's own, from a 64-bit seed (SplitMix64): quick to make, one per
    playout, and never drawn from a battle's stream. The dice are as fair as numpy's; they are
    simply another sequence."""

    def __init__(self, seed):
        self.state = seed & M64

    def word64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def word32(self):
        return self.word64() >> 32
