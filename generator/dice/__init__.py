"""Dice: expressions, exact distributions (fractions) and seeded sampling.

Every random thing in the tool draws from :class:`generator.dice.rng.Rng`, so a ``--seed``
reproduces it.
"""
