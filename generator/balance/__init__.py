"""Balance: verdicts on match-ups, calibration of prices, and forces tuned to be even.

- :mod:`winrate`: Wilson intervals and fixed-count win rates;
- :mod:`sequential`: the early-stopping plan (looks, Bonferroni-corrected intervals);
- :mod:`runner`: where battles are played (one core, local processes, a Dask cluster);
- :mod:`matchup`: ``skirmish balance``, the verdict on two forces;
- :mod:`calibrate`: do prices predict results (round robin, Bradley-Terry, Spearman);
- :mod:`tune`: a force the simulator finds even against a given one;
- :mod:`scenario`: the small scenario-file loader ``balance --scenario`` reads.
"""

from generator.balance.winrate import Outcome, WinRate, run_battles, wilson_interval

__all__ = ["Outcome", "WinRate", "run_battles", "wilson_interval"]
