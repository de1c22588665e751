"""Small Bladeborn positions made in the test: a board, fighters, dice that come up as the test says."""

from __future__ import annotations

from generator.boards.mapfile import board_from_dict
from generator.play.board import Board
from generator.systems.bladeborn import mechanics
from generator.systems.bladeborn.game import BattleRules, BladebornState, FighterInPlay, Profile, ScoreRule


class ScriptedDice:
    """Dice that come up as the test says (like the book's examples), then fail loudly."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def dice(self, count, sides):
        out, self.faces = self.faces[:count], self.faces[count:]
        assert len(out) == count, "the test ran out of scripted dice"
        return out

    def die(self, sides):
        return self.dice(1, sides)[0]


def open_board(width=7, height=6, **extra) -> Board:
    return Board(board_from_dict({"grid": "hex", "orientation": "flat", "offset": "odd",
                                  "width": width, "height": height, **extra}))


def fighter(fid, pos, move=4, toughness=4, wounds=10, weapons=((0, 1, 4, 4, 1, 3),), points=100) -> FighterInPlay:
    profiles = tuple(Profile(i, *w) for i, w in enumerate(weapons))
    return FighterInPlay(fid, fid[0], fid, move, toughness, wounds, profiles, (), points, False, pos=pos, where="on")


def combat_state(board: Board, fighters, objectives=(), rounds=3) -> BladebornState:
    """A state in the combat phase of round 1, side a to act, as if set-up had happened."""
    rules = BattleRules("Test", rounds, tuple(objectives), {"a": (), "b": ()}, {"a": (), "b": ()},
                        (ScoreRule("per_objective", 1),))
    state = BladebornState(board, rules, {f.id: f for f in fighters}, {"a": "A", "b": "B"})
    state.round = 1
    state.activations = {s: mechanics.Activations({f.id for f in fighters if f.side == s}) for s in "ab"}
    state.turn_side = state.decider = "a"
    state.phase = "activate"
    state.initiative = "a"
    return state


def activate(state, fid):
    state.apply(("activate", fid), ScriptedDice())
    return state
