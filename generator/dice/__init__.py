"""Dice: expressions, exact distributions (fractions) and seeded sampling.

One module per dice style of the five rulebooks:

- :mod:`generator.dice.bladestorm` -- ``2D6+D10+3`` rolls, High/Low damage, percentile chance;
- :mod:`generator.dice.attacks` -- Bladeborn/Warcry attack dice (hit by Strength vs Toughness,
  6s critical);
- :mod:`generator.dice.battle_dice` -- SagaBorn's d8 battle dice (shields, hits, crits);
- :mod:`generator.dice.gorechosen` -- N dice at a To Hit value, wounds per hit, D3.

Every random thing in the tool draws from :class:`generator.dice.rng.Rng`, so ``--seed``
reproduces it.
"""

from generator.dice.distribution import AttackOdds, Distribution, fraction_text
from generator.dice.rng import Rng, make_rng

__all__ = ["AttackOdds", "Distribution", "Rng", "fraction_text", "make_rng"]
