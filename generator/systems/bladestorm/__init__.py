"""Bladestorm (Metal Express): Basic Game combatants, combat, creation and TPC."""
