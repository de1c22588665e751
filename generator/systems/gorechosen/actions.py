"""A Gorechosen turn's action ("Actions" in the book): every action of every card in hand (Move,
Attack, Special), the Unique action for two cards, passing with a discard; and carrying the
chosen one out, Wrath modifier first.

:class:`Actions` is the part of :class:`~generator.systems.gorechosen.game.GorechosenState` that
lists and resolves a turn's actions; an attack is resolved in :mod:`combat`, a Unique action in
:mod:`abilities`, the movement tables are :mod:`moves`.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from generator.systems.gorechosen import arcs
from generator.systems.gorechosen.arcs import Hex
from generator.systems.gorechosen.models import ActionCard
from generator.systems.gorechosen.moves import move_options

if TYPE_CHECKING:  # pragma: no cover
    from generator.systems.gorechosen.game import Fighter


_MOVE_ACTIONS: dict[int, tuple[dict, dict[str, tuple]]] = {}


def move_actions(name: str, options: dict) -> tuple:
    """``("move", name, dest, facing)`` for each end of a table of :func:`move_options`, in its
    order (made once per table and card: the tables are shared by every battle on a board)."""
    hit = _MOVE_ACTIONS.get(id(options))
    if hit is None or hit[0] is not options:
        if len(_MOVE_ACTIONS) > 100_000:
            _MOVE_ACTIONS.clear()
        hit = _MOVE_ACTIONS[id(options)] = (options, {})
    made = hit[1].get(name)
    if made is None:
        made = hit[1][name] = tuple(("move", name, dest, facing) for (dest, facing) in options)
    return made


class Actions:
    """A turn's actions (mixed into the battle state)."""

    # ---- legal actions ---------------------------------------------------------------------------

    def targets_in_zone(self, f: Fighter) -> list[Fighter]:
        return [e for e in self.enemies(f) if f.profile_against(e.pos) is not None]

    def card_actions(self, f: Fighter) -> list:
        """Every action of every card in ``f``'s hand (what a turn or a Blood Bind may do)."""
        out: list = []
        occupied = self.closed(f)
        in_zone = self.targets_in_zone(f)
        bonus = f.move_bonus
        seen: set[str] = set()
        for card in f.hand:
            if card.name in seen:
                continue
            seen.add(card.name)
            mv = card.move
            out += move_actions(card.name, move_options(self.board, f.pos, f.facing, mv.hexes + bonus, mv.facing, occupied))
            for e in in_zone:
                out.append(("attack", card.name, e.id))
            sp = card.special
            if sp.kind == "shove":
                for g in self.alive():
                    if g is not f and self.board.distance(f.pos, g.pos) == 1:
                        out.append(("special", card.name, g.id))
            elif sp.kind == "taunt":
                for g in self.alive():
                    if g is not f and self.board.distance(f.pos, g.pos) <= 2:
                        out.append(("special", card.name, g.id))
            elif sp.kind == "step":
                for (dest, facing) in move_options(self.board, f.pos, f.facing, sp.params.get("hexes", 1), "choose", occupied):
                    out.append(("special", card.name, (dest, facing)))
            elif sp.kind == "wrath":
                out.append(("special", card.name, None))
        return out

    def turn_actions(self, f: Fighter, unique: bool, allow_pass: bool) -> list:
        out = self.card_actions(f)
        names = sorted({c.name for c in f.hand})
        if unique and len(f.hand) >= 2:
            args = self.unique_args(f)
            if args and self.unique_denied(f):
                args = []
            if args:
                pairs = sorted({tuple(sorted(p)) for p in combinations(f.names(), 2)})
                out += [("unique", pair, arg) for pair in pairs for arg in args]
        if allow_pass:
            out += [("pass", n) for n in names]
        return out

    # ---- resolving a turn's action ---------------------------------------------------------------

    def _do(self, f: Fighter, action):
        kind = action[0]
        if kind == "pass":
            self._discard(f, action[1])
            self._say("wait", f, card=action[1], why="no action; card discarded")
            return
        if kind == "unique":
            for name in action[1]:
                self._discard(f, name)
            yield from self._unique(f, action[2], action[1])
            return
        card = self._discard(f, action[1])
        if kind == "move":
            self._wrath(f, card.move.wrath, "Wrath modifier")
            yield from self._move(f, action[2], action[3], card.name, card.move.hexes + f.move_bonus, card.move.facing)
        elif kind == "attack":
            self._wrath(f, card.attack.wrath, "Wrath modifier")
            target = self.by_id[action[2]]
            profile = f.profile_against(target.pos)
            if profile is None:  # a Wrath change cannot move anyone, so this never happens
                raise AssertionError("attack outside the kill zone")
            yield from self._attack(f, target, card.attack.dice, profile, card.attack.name, crippling=card.attack.crippling)
        elif kind == "special":
            yield from self._special(f, card, action[2])

    def _move(self, f: Fighter, dest: Hex, facing: int, card: str, hexes: int, icon: str):
        options = move_options(self.board, f.pos, f.facing, hexes, icon, self.closed(f))
        path = (f.pos, *options[(dest, facing)])
        f.pos, f.facing = dest, facing
        self._say("move", f, card=card, path=[self.label(p) for p in path], facing=arcs.FACING_NAMES[facing],
                  icon=icon, hexes=hexes)
        yield from self._after_move(f, path)

    def _special(self, f: Fighter, card: ActionCard, arg):
        sp = card.special
        self._wrath(f, sp.wrath, "Wrath modifier")
        if sp.kind == "shove":
            target = self.by_id[arg]
            self._say("ability", f, name=sp.name, target=target.id)
            yield from self._push(f, target, arcs.direction_between(f.pos, target.pos))
        elif sp.kind == "taunt":
            target = self.by_id[arg]
            target.facing = arcs.facing_towards(target.pos, f.pos)
            self._say("ability", f, name=sp.name, target=target.id, effect=f"faces {arcs.FACING_NAMES[target.facing]}")
        elif sp.kind == "step":
            self._say("ability", f, name=sp.name)
            yield from self._move(f, arg[0], arg[1], card.name, sp.params.get("hexes", 1), "choose")
        elif sp.kind == "wrath":
            self._say("ability", f, name=sp.name)
