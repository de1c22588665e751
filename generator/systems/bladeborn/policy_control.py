"""What standing by an objective is worth: the control it would actually produce this round.

The book: after every turn, a player gains an objective with more fighters within 1 hex of it
than the other player; otherwise it stays with whoever held it, and the card scores it at the end
of the round. So a fighter's step next to an objective is worth the change it makes to the
chance of controlling it when the round ends, counting:

* the fighters of both sides already within 1 hex of it (and Desecration tokens and oaths);
* those who can still get there this round: a fighter with an activation left whose walk to the
  objective is within its Move (twice with two actions) plus one hex, as many as its player has
  turns left. Each of them is taken to come with an even chance (they may have better things to
  do), so the count that arrives is binomial.

:func:`control_chance` is exact for that model (a small convolution, summed in a fixed order).
"""

from __future__ import annotations

from functools import lru_cache

from generator.play.board import UNREACHABLE
from generator.systems.bladeborn import mechanics as rules

#: The chance a fighter who could reach an objective this round comes to it.
COMES = 0.5


@lru_cache(maxsize=4096)
def _binomial(n: int, p: float) -> tuple[float, ...]:
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 1)
        for k, q in enumerate(out):
            nxt[k] += q * (1.0 - p)
            nxt[k + 1] += q * p
        out = nxt
    return tuple(out)


@lru_cache(maxsize=65536)
def control_chance(ours: int, theirs: int, holder: int, may_come: int, may_come_theirs: int) -> float:
    """The chance we hold the objective when the round ends: ``ours`` and ``theirs`` fighters
    there for sure, up to ``may_come`` / ``may_come_theirs`` more arriving (each with an even
    chance); ``holder`` is 1 if we hold it now, -1 if they do, 0 if nobody does (a level count
    leaves it where it is)."""
    total = 0.0
    for x, px in enumerate(_binomial(may_come, COMES)):
        for y, py in enumerate(_binomial(may_come_theirs, COMES)):
            margin = ours + x - theirs - y
            if margin > 0 or (margin == 0 and holder > 0):
                total += px * py
    return total


def turns_left(state, side: str, acting: bool) -> int:
    """How many more activations ``side`` has this round (less the one being played)."""
    acts = state.activations.get(side)
    if acts is None:
        return 0
    if acts.once_each:
        left = sum(1 for f in acts.on_battlefield if acts.activated[f] == 0)
    else:
        left = acts.limit - state.turns[side]
    return max(0, left - (1 if acting else 0))


def _tallies(state, memo: dict) -> tuple:
    """Who stands within 1 hex of each objective and who could still get there this round:
    ``(fighter column by id, sides, near, coming)``: ``sides`` one flag per fighter column (side
    a), ``near`` and ``coming`` per objective the list of columns. Kept in the player's ``memo``
    while nobody moves, activates or takes an objective (who stands where, while nobody moves)."""
    acts = state.activations
    key = (state.layout, state.round, state.turns["a"], state.turns["b"],
           tuple(sum(a.activated.values()) for a in acts.values()), tuple(state.control.values()))
    kept = memo.get("tallies")
    if kept is not None and kept[0] is state and kept[1] == key:
        return kept[2]
    placed = memo.get("placed")
    if placed is None or placed[0] is not state or placed[1] != state.layout:
        on = [f for f in state.fighters.values() if f.on]
        board = state.board
        at = [f.pos for f in on]
        near, far = [], []  # per objective: the columns within 1 hex; (column, walk) of the others
        for o in state.control:
            row, walk = board.distance_from(o), board.walk_from(o)
            near.append([j for j, p in enumerate(at) if row[p] <= rules.OBJECTIVE_RANGE])
            far.append([(j, walk.get(p, UNREACHABLE)) for j, p in enumerate(at) if row[p] > rules.OBJECTIVE_RANGE])
        placed = memo["placed"] = (state, state.layout, on, {f.id: k for k, f in enumerate(on)},
                                   [f.side == "a" for f in on], near, far)
    _, _, on, columns, sides, near, far = placed
    # a fighter may activate (again) as ``Activations.can_activate`` says: a fresh one while turns
    # are left; any once every friend on the battlefield has had a turn (not in Warcry's rule)
    open_ = {s: a.turns_taken < a.limit for s, a in acts.items()}
    again = {s: open_[s] and not a.once_each and all(a.activated[f] > 0 for f in a.on_battlefield)
             for s, a in acts.items()}
    change = state.rules.stat_changes.get("move", 0)
    act = state.activation
    reaches = []
    for f in on:
        side_acts = acts.get(f.side)
        if side_acts is None or f.id not in side_acts.on_battlefield:
            reaches.append(-1)
            continue
        fresh = open_[f.side] and side_acts.activated[f.id] == 0
        if not (fresh or again[f.side]):
            reaches.append(-1)
            continue
        move = max(1, ((f.move + 1) // 2 if f.slowed else f.move) + change)
        if act is not None and act.fighter == f.id:
            move += act.move_bonus
        reaches.append(move * (2 if fresh else 1) + rules.OBJECTIVE_RANGE)
    # walks are never negative, so a fighter that may not come (reach -1) never reaches
    coming = [[j for j, w in row if w <= reaches[j]] for row in far]
    found = (columns, sides, near, coming)
    memo["tallies"] = (state, key, found)
    return found


def objective_counts(state, side: str, mover_id: str | None, memo: dict | None = None) -> list[tuple]:
    """Per objective: ``(objective, ours, theirs, holder, may_come, may_come_theirs)`` without the
    fighter ``mover_id`` (the one deciding where to stand), for :func:`control_chance`; ``memo``
    is a dict the player keeps what it worked out in. Without one (an ability's worth, asked once
    per choice) the answer is kept for the moment: nothing changes it until the next action
    (``state.version``); do not change the list."""
    if memo is None:
        shared = state._layout_cache()
        moment = ("objective-counts", side, mover_id, state.version)
        found = shared.get(moment)
        if found is None:
            # who stands where is shared with the layout's other callers; who may still come is fresh
            tallies = shared.setdefault("objective-tallies", {})
            tallies.pop("tallies", None)
            found = shared[moment] = _counts(state, side, mover_id, tallies)
        return found
    return _counts(state, side, mover_id, memo)


def _counts(state, side: str, mover_id: str | None, memo: dict) -> list[tuple]:
    extra = state.control_extra() if (state.tokens or any(f.oath for f in state.fighters.values())) else {}
    other = "b" if side == "a" else "a"
    friends_left = turns_left(state, side, acting=mover_id is not None)
    enemies_left = turns_left(state, other, acting=False)
    columns, side_a, near, coming = _tallies(state, memo)
    ours = side_a if side == "a" else [not x for x in side_a]
    left_out = columns.get(mover_id, -1) if mover_id is not None else -1  # the deciding fighter
    out = []
    for k, (o, held) in enumerate(state.control.items()):
        here_ours = here_theirs = come_ours = come_theirs = 0
        for j in near[k]:
            if not ours[j]:
                here_theirs += 1
            elif j != left_out:
                here_ours += 1
        for j in coming[k]:
            if not ours[j]:
                come_theirs += 1
            elif j != left_out:
                come_ours += 1
        more = extra.get(o, {})
        holder = 1 if held == side else (0 if held is None else -1)
        out.append((o, here_ours + more.get(side, 0), here_theirs + more.get(other, 0), holder,
                    min(come_ours, friends_left), min(come_theirs, enemies_left)))
    return out


def objective_gains(state, side: str, mover_id: str | None, stakes: dict, weight: float,
                    memo: dict | None = None) -> list[tuple]:
    """Per objective: ``(objective, gain)``, what the fighter ``mover_id`` standing within 1 hex
    of it adds, in victory points (its stake times the change in the chance to control it)."""
    out = []
    for o, ours, theirs, holder, come, come_theirs in objective_counts(state, side, mover_id, memo):
        stake = stakes.get(o, 0.0) * weight
        if stake <= 0:
            out.append((o, 0.0))
            continue
        with_me = control_chance(ours + 1, theirs, holder, come, come_theirs)
        without = control_chance(ours, theirs, holder, come, come_theirs)
        out.append((o, stake * (with_me - without)))
    return out


def future_weight(state) -> float:
    """Control lasts: an objective taken this round tends to score in the rounds after it too."""
    return 1.0 + 0.5 * max(0, state.rules.rounds - max(1, state.round))
