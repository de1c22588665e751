"""Scenarios: the scenario model (one battle as data), the decks it is drawn from, and the
vocabulary of scoring rules and twist effects the battle engines execute.

``model`` (Scenario, load/dump with file:line errors), ``decks`` (deck cards, draw modes),
``rules`` (scoring and effect kinds per system, and their words).
"""
