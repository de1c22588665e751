"""Who may attack whom, from where, with what dice ("To hit", "Height" and "Cover and line of
sight" in the book): range, sight past terrain and enemy figures, the melee height limit, a die
for high ground and for 50% cover, and the specials that add or take away dice where figures
stand.

:class:`Targeting` is the part of :class:`~generator.systems.sagaborn.game.SagaState` that
answers these questions for the rules and for players ranking many hexes at once; sight itself
is :mod:`sight`, the pools :func:`mechanics.attack_pools`. Views without figures in the way are
kept per board (:func:`_view_table`), those with figures in the way per attacking side until one
of its enemies moves or falls.
"""

from __future__ import annotations

from generator.dice.battle_dice import attack_odds
from generator.dice.distribution import AttackOdds
from generator.errors import SkirmishError
from generator.play.board import Board
from generator.systems.sagaborn import effects as fx
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn.models import UnitStats
from generator.systems.sagaborn.pieces import Fighter

_view_tables: dict[int, tuple[Board, dict]] = {}
_POOLS: dict[tuple, tuple] = {}


class Targeting:
    """Attack views, dice pools and sight (mixed into the battle state)."""

    def enemy_heights(self, side: str) -> dict:
        """Where the enemies of ``side`` stand, with their Heights (what blocks its sight)."""
        key = ("h", side)
        hit = self._enemy_cells.get(key)
        if hit is None:
            hit = self._enemy_cells[key] = {e.pos: e.stats.height for e in self.enemies_of(side)}
        return hit

    def prepare_sight(self, pairs) -> None:
        """Work out at once the sight geometry of ``(from, to)`` pairs a player is about to ask."""
        self._sights.prepare(pairs)

    def terrain_sight(self, pos, tpos, eye_height: int, target_height: int):
        """Sight from a figure on ``pos`` to one on ``tpos`` with no figure in the way."""
        return self._sights.plain(pos, tpos, eye_height, target_height)[0]

    def terrain_sight_lookup(self):
        """The board's sight with no figure in the way as one callable, ``(pos, tpos, eye height,
        target height) -> (sight, crossed cells)``: what :meth:`terrain_sight` answers, for
        players that ask it thousands of times (a door opened makes another board)."""
        return self._sights.plain

    def sight(self, f: Fighter, target: Fighter, from_pos=None):
        """Sight and cover from ``f`` (standing on ``from_pos``, default where it is) to ``target``."""
        return self._sights.look(from_pos or f.pos, target.pos, f.stats.height, target.stats.height,
                                 self.enemy_heights(f.side))

    def attack_view(self, f: Fighter, target: Fighter, from_pos=None):
        """``f`` attacking ``target`` from ``from_pos`` (default where it stands): None when it may
        not (out of range, out of sight, beyond the melee height limit), else its dice pools
        ``(attack, defence, modifiers, hidden share)``: stats, high ground and cover."""
        fs, ts = f.stats, target.stats
        pos, tpos = from_pos or f.pos, target.pos
        key = (pos, tpos, fs.attack, fs.range, fs.height, ts.defense, ts.height)
        hit = self._views.get(key)
        if hit is None:
            hit = self._views[key] = self._plain_view(pos, tpos, fs, ts)
        view, crossed = hit
        if crossed is not None:
            enemies = self.enemy_heights(f.side)
            if not crossed.isdisjoint(enemies):
                view = self._blocked_view(key, f.side, enemies, fs, ts)
        if view is not None and (f.uid in self._packs or self.exposed):
            view = self._with_specials(f, target, view)
        return view

    def _with_specials(self, f: Fighter, target: Fighter, view: tuple) -> tuple:
        """An attack view with the specials that depend on where figures stand: a pack_attack
        attacker's extra dice when a squad-mate stands next to the target, and no cover die for
        a target a strip_cover special has exposed this round."""
        att, dfn, mods, hidden = view
        extra = 0
        if f.uid in self._packs:
            sq = self.squad_of(f)
            tpos, distance = target.pos, self.board.distance
            mates = sum(1 for u in sq.units if u != f.uid and self.fighters[u].hp > 0
                        and distance(self.fighters[u].pos, tpos) == 1)
            extra = fx.pack_dice(sq.pack, mates)
        bare = "cover" in mods and self.exposed.get(target.uid) == self.round
        if not extra and not bare:
            return view
        mods = dict(mods)
        if extra:
            att += extra
            mods["pack"] = extra
        if bare:
            dfn -= mods.pop("cover")
            mods["exposed"] = 1
        return att, dfn, mods, hidden

    def _blocked_view(self, key, side, enemies, fs, ts):
        """An attack view with enemy figures on cells the sight rays cross: kept per attacking
        side until one of its enemies moves or falls."""
        kept = self._blocked[side]
        hit = kept.get(key, kept)
        if hit is kept:
            hit = kept[key] = self._attack_view(key[0], key[1], fs, ts, enemies)
        return hit

    def strike_views(self, f: Fighter, cells) -> list[tuple]:
        """Every attack ``f`` could make after moving to one of ``cells``: ``(cell, target,
        view)`` for each enemy it could attack from there, ``view`` as :meth:`attack_view` gives it.

        The greedy player asks this for every hex a move reaches; one call per move keeps the
        enemy's cell, stats and distance row at hand across all the hexes."""
        fs = f.stats
        attack, reach, height = fs.attack, fs.range, fs.height
        views = self._views
        plain, blocked, side = self._plain_view, self._blocked_view, f.side
        enemies = self.enemy_heights(side)
        distance_from = self.board.distance_from
        out = []
        missing = []  # (slot in out, cell, enemy, key): views not kept yet, worked out below
        for e in self.enemies_of(f.side):
            tpos, ts = e.pos, e.stats
            defense, tall = ts.defense, ts.height
            steps = distance_from(tpos)
            for pos in cells:
                if steps[pos] > reach:
                    continue
                key = (pos, tpos, attack, reach, height, defense, tall)
                hit = views.get(key)
                if hit is None:
                    missing.append((len(out), pos, e, key))
                    out.append(None)
                    continue
                view, crossed = hit
                if crossed is not None and not crossed.isdisjoint(enemies):
                    view = blocked(key, side, enemies, fs, ts)
                if view is not None:
                    out.append((pos, e, view))
        if missing:
            # the sight geometry of the new pairs in one batch, then each view as attack_view has it
            self._sights.prepare([(pos, e.pos) for _, pos, e, _ in missing])
            for slot, pos, e, key in missing:
                hit = views.get(key)
                if hit is None:
                    hit = views[key] = plain(pos, e.pos, fs, e.stats)
                view, crossed = hit
                if crossed is not None and not crossed.isdisjoint(enemies):
                    view = blocked(key, side, enemies, fs, e.stats)
                out[slot] = None if view is None else (pos, e, view)
            out = [hit for hit in out if hit is not None]
        if f.uid in self._packs or self.exposed:
            out = [(pos, e, self._with_specials(f, e, view)) for pos, e, view in out]
        return out

    def _plain_view(self, pos, tpos, fs, ts) -> tuple:
        """``(view with no enemy figure in the way, the cells whose figures could change it or
        None)``: everything of an attack view but the figures standing between, which depends on
        the two cells and the stat lines only, so it is kept per board for every battle on it."""
        dq, dr = pos[0] - tpos[0], pos[1] - tpos[1]
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if d > fs.range or d <= 1:
            return self._attack_view(pos, tpos, fs, ts, None), None
        seen, crossed = self._sights.plain(pos, tpos, fs.height, ts.height)
        if not seen.visible:
            return None, crossed
        stand = self._stand
        return _pools(fs, ts, stand[pos], stand[tpos], seen.hidden_share), crossed

    def _attack_view(self, pos, tpos, fs, ts, enemies):
        """The attack view itself (see :meth:`attack_view`); ``enemies``: where the attacker's
        enemies stand, with their Heights (they may block sight)."""
        dq, dr = pos[0] - tpos[0], pos[1] - tpos[1]
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hex steps (SagaBorn boards are hex boards)
        if d > fs.range or d == 0:
            return None
        stand = self._stand
        la, lt = stand[pos], stand[tpos]
        if d == 1:
            if not m.can_strike(la, fs.height, lt, ts.height, fs.range, True):
                return None
            hidden = 0.0
        else:
            seen = self._sights.look(pos, tpos, fs.height, ts.height, enemies)
            if not seen.visible:
                return None
            hidden = seen.hidden_share
        return _pools(fs, ts, la, lt, hidden)

    def pool_choices(self, f: Fighter, target: Fighter, from_pos) -> tuple[tuple[int, int], tuple[int, int]]:
        """The dice pools ``(attack, defence)`` an attack of ``f`` from ``from_pos`` on ``target``
        can have before sight is known: high ground as the two cells stand, without and with
        cover. Whether it may attack at all, and which of the two, sight decides
        (:meth:`attack_view`); a player ranking many hexes can bound an attack's worth first."""
        la, lt = self._stand[from_pos], self._stand[target.pos]
        bare = _pools(f.stats, target.stats, la, lt, 0.0)
        covered = _pools(f.stats, target.stats, la, lt, 1.0)
        if f.uid in self._packs or self.exposed:
            bare, covered = self._with_specials(f, target, bare), self._with_specials(f, target, covered)
        return (bare[0], bare[1]), (covered[0], covered[1])

    def can_attack(self, f: Fighter, target: Fighter, from_pos=None) -> bool:
        """Whether ``f`` may attack ``target`` from ``from_pos``: range, sight, the melee height limit."""
        return self.attack_view(f, target, from_pos) is not None

    def pools(self, f: Fighter, target: Fighter, from_pos=None) -> tuple[int, int, dict, float]:
        """Attack and defence dice of ``f`` attacking ``target`` (which it may attack)."""
        view = self.attack_view(f, target, from_pos)
        if view is None:
            raise SkirmishError(f"{f.name} cannot attack {target.name} from there")
        att, dfn, mods, hidden = view
        return att, dfn, dict(mods), hidden

    def odds(self, f: Fighter, target: Fighter, from_pos=None) -> AttackOdds:
        """Exact odds of ``f``'s attack on ``target`` (talent rerolls not counted)."""
        att, dfn, _, _ = self.pools(f, target, from_pos)
        return attack_odds(att, dfn)

    def targets(self, f: Fighter, from_pos=None) -> list[Fighter]:
        pos = from_pos or f.pos
        rng_ = f.stats.range
        return [e for e in self.enemies_of(f.side) if self.attack_view(f, e, pos) is not None]


def _view_table(board: Board) -> dict:
    """The board's attack views without figures in the way (:meth:`SagaState._plain_view`), by
    ``(cell, target cell, Attack, Range, Height, target's Defense, target's Height)``, shared by
    every battle on the board."""
    hit = _view_tables.get(id(board))
    if hit is not None and hit[0] is board and len(hit[1]) < 400_000:
        return hit[1]
    if len(_view_tables) >= 64:
        _view_tables.clear()
    table: dict = {}
    _view_tables[id(board)] = (board, table)
    return table


def _pools(fs: UnitStats, ts: UnitStats, la: int, lt: int, hidden: float) -> tuple:
    """``(attack dice, defence dice, modifiers, hidden share)`` of an attack the rules allow,
    from :func:`mechanics.attack_pools` (kept per stats, levels and hidden share)."""
    key = (fs.attack, ts.defense, la, lt, hidden)
    hit = _POOLS.get(key)
    if hit is None:
        att, dfn = m.attack_pools(fs, ts, la, lt, hidden)
        up_att, up_def = m.height_dice(la, lt)
        mods = {}
        if up_att:
            mods["height_attack"] = up_att
        if up_def:
            mods["height_defense"] = up_def
        if m.cover_dice(hidden):
            mods["cover"] = 1
        hit = _POOLS[key] = (att, dfn, mods, hidden)
    return hit
