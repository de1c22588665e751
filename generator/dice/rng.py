"""The single random-number abstraction of the tool.

Every random result (a dice roll, a random combatant, a map, a simulated battle) draws from an
:class:`Rng` made from a seed, so the same seed always gives the same result. ``spawn`` derives
independent child streams by name, which keeps results stable when one part of a pipeline
changes how many numbers it draws (e.g. the map generator and the force builder of one
scenario each get their own stream).
"""

from __future__ import annotations

import hashlib
from typing import Sequence, TypeVar

import numpy as np

from generator.errors import DiceError

T = TypeVar("T")


class Rng:
    """Seeded random source: dice, choices and shuffles, reproducible from ``seed``."""

    def __init__(self, seed: int | None = None):
        if seed is None:
            # short enough to read back and type: the CLI prints it so the run can be repeated
            seed = int(np.random.SeedSequence().entropy % 1_000_000_000)
        self.seed = int(seed)
        if self.seed < 0:
            # numpy's SeedSequence takes only non-negative integers; say so instead of crashing
            raise DiceError(f"seed {self.seed} is negative: use a whole number 0 or more, e.g. --seed 7")
        self._generator: np.random.Generator | None = None

    @property
    def _gen(self) -> np.random.Generator:
        """The numpy generator, made at the first draw: many streams only ``spawn`` children (a
        battle's own stream hands out its dice and players' streams and never rolls), and making
        a generator costs about as much as a fast battle's set-up."""
        gen = self._generator
        if gen is None:
            gen = self._generator = np.random.Generator(np.random.PCG64(np.random.SeedSequence(self.seed)))
        return gen

    # -- dice -----------------------------------------------------------------------------
    def die(self, sides: int) -> int:
        """One die with faces 1..sides."""
        return int(self._gen.integers(1, sides + 1))

    def dice(self, count: int, sides: int) -> list[int]:
        """``count`` dice with faces 1..sides, in the order rolled."""
        if count <= 0:
            return []
        return [int(x) for x in self._gen.integers(1, sides + 1, size=count)]

    def d3(self) -> int:
        """A D3: roll a D6, halve it, round up (Gorechosen's definition)."""
        return (self.die(6) + 1) // 2

    # -- choices --------------------------------------------------------------------------
    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[int(self._gen.integers(0, len(items)))]

    def weighted_choice(self, items: Sequence[T], weights: Sequence[float]) -> T:
        p = np.asarray(weights, dtype=float)
        p = p / p.sum()
        return items[int(self._gen.choice(len(items), p=p))]

    def shuffle(self, items: list[T]) -> list[T]:
        """Shuffle in place and return the list (for chaining)."""
        order = self._gen.permutation(len(items))
        items[:] = [items[i] for i in order]
        return items

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        order = self._gen.permutation(len(items))[:k]
        return [items[i] for i in order]

    def random(self) -> float:
        """A float in [0, 1)."""
        return float(self._gen.random())

    def integers(self, low: int, high: int) -> int:
        """An integer in [low, high] inclusive."""
        return int(self._gen.integers(low, high + 1))

    @property
    def numpy(self) -> np.random.Generator:
        """The underlying numpy Generator, for vectorised simulation."""
        return self._gen

    @property
    def stream(self):
        """The same generator as a :class:`generator.dice.stream.DiceStream`, for the battle
        cores: its draws and this object's follow each other on one stream."""
        found = self.__dict__.get("_stream")
        if found is None:
            from generator.dice.stream import DiceStream, ScriptedDice

            scripted = any(getattr(type(self), name) is not getattr(Rng, name) for name in ("die", "dice", "integers"))
            found = self.__dict__["_stream"] = ScriptedDice(self) if scripted else DiceStream(self._gen)
        return found

    # -- streams --------------------------------------------------------------------------
    def spawn(self, name: str) -> "Rng":
        """An independent stream derived from this seed and ``name`` (stable across runs)."""
        digest = hashlib.sha256(f"{self.seed}:{name}".encode()).digest()
        return Rng(int.from_bytes(digest[:8], "big") % (2**63))


def make_rng(seed: int | None = None) -> Rng:
    """The tool's entry point for randomness: ``make_rng(args.seed)``."""
    return Rng(seed)
