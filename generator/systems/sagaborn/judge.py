"""How the greedy SagaBorn player judges a hex to stand on: the blows it invites and the ground.

A hex is worth what the unit can do from it (its best attack, a prize) minus what the enemy can
do to it there before it acts again: its *danger*. For every living enemy the state gives the
hexes it could strike in melee after one move (:meth:`SagaState.threat_area`, terrain costs,
figures ignored) and, for shooters, how far it reaches; an enemy that could hit the hex adds the
exact value of its attack on the unit standing there (take-down chance weighted, plus expected
damage), with the dice the ground gives: one more defence die standing higher than the enemy
stands now, one less in water or below it, one more in cover from a shooter's place (none when
the shooter cannot see the hex from there, only half its worth, for it may move). A melee enemy
that could not strike the hex from any neighbour (a cliff taller than its Height) adds nothing.
The two most dangerous enemies count: one figure is rarely the target of every foe.

Everything is exact odds from :mod:`generator.dice.battle_dice` (kept as floats) summed in a
fixed order, so the same position always gets the same number.
"""

from __future__ import annotations

import weakref

from generator.dice.battle_dice import attack_odds
from generator.systems.sagaborn import mechanics as m

KILL_WEIGHT = 6.0
#: What losing the unit itself weighs against its expected damage taken (a take-down ends its
#: battle, so it weighs like a kill of ours; half of it, since the enemy may pick another target).
SELF_KILL_WEIGHT = 3.0
#: The two most dangerous enemies that could hit a hex are counted (Dangers.at).
#: A shooter that cannot see the hex from where it stands may still walk to where it can.
UNSEEN = 0.5

_ODDS: dict[tuple, tuple[float, float]] = {}


def odds(attack: int, defense: int, hp: int) -> tuple[float, float]:
    """(chance to take the target down, expected damage) of one attack, exact, kept as floats."""
    key = (attack, defense, hp)
    hit = _ODDS.get(key)
    if hit is None:
        o = attack_odds(max(attack, 0), max(defense, 0))
        hit = _ODDS[key] = (float(o.kill_probability(hp)), float(o.expected_damage))
    return hit


def blow(attack: int, defense: int, hp: int) -> float:
    """The worth of one enemy attack on the unit: its take-down weighted, plus expected damage."""
    kill, mean = odds(attack, defense, hp)
    return SELF_KILL_WEIGHT * kill + mean


class Dangers:
    """The danger of the hexes ``f`` may move to, with the enemies where they stand now.

    Made once per (enemies where they stand and how hurt they are, the unit's Defense, Height
    and HP) and kept while the state lives (:func:`dangers_for`): the units of a squad move one
    after another with the same enemies around, and most hexes are asked twice (bound, exact)."""

    def __init__(self, state, f):
        self.state = state
        self.f = f
        self.level = level = state.levels
        board = state.board
        fs = f.stats
        self.melee = []  # (cells it could strike the unit on, {level the unit stands on: worth})
        self.shooters = []  # (enemy, distance row, reach, {level: (open, cover, unseen) worth})
        for e in state.enemies_of(f.side):
            es = e.stats
            worth = _worths(es.attack, level[e.pos], fs.defense, f.hp)
            if es.range > 1:
                self.shooters.append((e, board.distance_from(e.pos), es.move + es.range, worth))
            else:
                self.melee.append((_strikable(state, e, fs.height), worth))
        self._plain = state.terrain_sight_lookup()  # this board's (dangers_for keys by the board)
        self._exact: dict = {}  # dest -> danger (exact)
        self._bound: dict = {}  # dest -> danger (every shooter blocked)

    def prepare(self, dests) -> None:
        """Work out at once the sight geometry the shooters' blows at ``dests`` will need."""
        pairs = [(e.pos, dest) for e, rows, reach, _ in self.shooters for dest in dests if 1 < rows[dest] <= reach]
        if pairs:
            self.state.prepare_sight(pairs)

    def at(self, dest, exact: bool = True) -> float:
        """The danger of standing on ``dest``; ``exact=False`` gives a lower bound that treats
        every shooter as blocked from seeing it (no sight worked out: a ranking bound)."""
        memo = self._exact if exact else self._bound
        hit = memo.get(dest)
        if hit is not None:
            return hit
        here = self.level[dest]
        first = second = 0.0  # the two largest worths, in a fixed order of the enemies
        for cells, worth in self.melee:
            if dest in cells:
                value = worth[here][0]
                if value > first:
                    first, second = value, first
                elif value > second:
                    second = value
        for e, rows, reach, worth in self.shooters:
            d = rows[dest]
            if d > reach:
                continue
            bare, covered, unseen = worth[here]
            if d <= 1:
                value = bare
            elif not exact:
                value = unseen
            else:  # sight with no figure in the way (SagaState.terrain_sight, asked directly)
                seen = self._plain(e.pos, dest, e.stats.height, self.f.stats.height)[0]
                value = unseen if not seen.visible else covered if seen.cover else bare
            if value > first:
                first, second = value, first
            elif value > second:
                second = value
        total = memo[dest] = first + second
        return total


_KEPT: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def dangers_for(state, f) -> Dangers:
    """The :class:`Dangers` for ``f`` now, kept with the state while nothing it depends on
    changes (where the enemies stand, their HP; the unit's Defense, Height and HP)."""
    kept = _KEPT.get(state)
    if kept is None:
        kept = _KEPT[state] = {}
    key = (id(state.board), f.side, f.stats.defense, f.stats.height, f.hp,
           tuple((e.uid, e.pos, e.hp) for e in state.enemies_of(f.side)))
    hit = kept.get(key)
    if hit is None:
        if len(kept) > 32:
            kept.clear()
        hit = kept[key] = Dangers(state, f)
    return hit


class _Worths(dict):
    """``{level the unit stands on: (open, cover, unseen) worth}`` of one enemy's blow, filled
    as levels are asked."""

    def __init__(self, attack: int, there: int, defense: int, hp: int):
        super().__init__()
        self.attack, self.there, self.defense, self.hp = attack, there, defense, hp

    def __missing__(self, here: int):
        attack = self.attack + (1 if self.there > here else 0)
        defense = self.defense + (1 if here > self.there else 0)
        bare, covered = blow(attack, defense, self.hp), blow(attack, defense + 1, self.hp)
        hit = self[here] = (bare, covered, UNSEEN * covered)
        return hit


_WORTHS: dict[tuple, _Worths] = {}


def _worths(attack: int, there: int, defense: int, hp: int) -> _Worths:
    """The shared :class:`_Worths` of an enemy of ``attack`` standing at level ``there``
    against a unit of ``defense`` and ``hp`` (a few hundred of them in all)."""
    key = (attack, there, defense, hp)
    hit = _WORTHS.get(key)
    if hit is None:
        hit = _WORTHS[key] = _Worths(attack, there, defense, hp)
    return hit


_STRIKABLE: dict[int, tuple] = {}


def _strikable(state, e, target_height: int) -> frozenset:
    """The hexes melee enemy ``e`` could strike a unit of ``target_height`` on after one move
    (its threat area less the hexes the melee height limit protects), kept per board."""
    board = state.board
    hit = _STRIKABLE.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_STRIKABLE) > 64:
            _STRIKABLE.clear()
        hit = _STRIKABLE[id(board)] = (board, {})
    kept = hit[1]
    key = (e.pos, e.stats.height, e.stride, e.stats.move, target_height)
    cells = kept.get(key)
    if cells is None:
        _, strike = state.threat_area(e)
        cells = kept[key] = strike & _assailable(state, e.stats.height, target_height)
    return cells


_ASSAILABLE: dict[tuple, tuple] = {}


def _assailable(state, attacker_height: int, target_height: int) -> frozenset:
    """The hexes a melee attacker of ``attacker_height`` could strike a target of
    ``target_height`` on from some open neighbour (the book's melee height limit), per board."""
    board = state.board
    key = (id(board), attacker_height, target_height)
    hit = _ASSAILABLE.get(key)
    if hit is None or hit[0] is not board:
        level = state.levels
        cells = frozenset(p for p in board.open
                          if any(m.can_strike(level[n], attacker_height, level[p], target_height)
                                 for n in board.open_neighbours(p)))
        if len(_ASSAILABLE) > 512:
            _ASSAILABLE.clear()
        hit = _ASSAILABLE[key] = (board, cells)
    return hit[1]
