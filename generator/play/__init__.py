"""The battle engine: one way to play any system's battle on the board.

OpenSpiel's shape, kept small: a system's game makes a **state**; the state answers
``legal_actions()``, ``apply(action, rng) -> events`` and ``is_terminal()``; a **policy** picks one
of the legal actions and never sees more than the state and that list; :func:`play` runs a battle
from set-up to result and keeps the log. Rules live only in the systems' own packages
(``generator/systems/<name>/game.py``); this package knows the :class:`Board` (geometry every
system asks through) and nothing about any system by name.
"""

from generator.play.board import Board
from generator.play.engine import Battle, Event, Game, Result, State, play
from generator.play.policies import Policy, RandomPolicy

__all__ = ["Battle", "Board", "Event", "Game", "Policy", "RandomPolicy", "Result", "State", "play"]
