"""Balance: simulated battles and the statistics that say how even a match-up is."""

from generator.balance.winrate import Outcome, WinRate, run_battles, wilson_interval

__all__ = ["Outcome", "WinRate", "run_battles", "wilson_interval"]
