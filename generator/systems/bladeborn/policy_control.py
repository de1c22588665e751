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
    if state.rules.each_fighter_once:
        left = sum(1 for f in state.side_fighters(side) if acts.can_activate(f.id))
    else:
        left = acts.limit - state.turns[side]
    return max(0, left - (1 if acting else 0))


def _movers(state, mover_id: str | None) -> list[tuple]:
    """Every fighter on the battlefield but ``mover_id``: ``(side, hex, walking reach this round
    or -1 if it cannot activate again this round)``, kept per state version."""
    kept = state.__dict__.get("_policy_movers")
    if kept is not None and kept[0] == (state.version, mover_id):
        return kept[1]
    out = []
    acts = state.activations
    for f in state.fighters.values():
        if not f.on or f.id == mover_id:
            continue
        side_acts = acts.get(f.side)
        if side_acts is None or not side_acts.can_activate(f.id):
            reach = -1
        else:
            reach = state.move_of(f) * (2 if side_acts.activated[f.id] == 0 else 1) + rules.OBJECTIVE_RANGE
        out.append((f.side, f.pos, reach))
    state.__dict__["_policy_movers"] = ((state.version, mover_id), out)
    return out


def objective_counts(state, side: str, mover_id: str | None) -> list[tuple]:
    """Per objective: ``(objective, ours, theirs, holder, may_come, may_come_theirs)`` without the
    fighter ``mover_id`` (the one deciding where to stand), for :func:`control_chance`."""
    extra = state.control_extra() if (state.tokens or any(f.oath for f in state.fighters.values())) else {}
    other = "b" if side == "a" else "a"
    friends_left = turns_left(state, side, acting=mover_id is not None)
    enemies_left = turns_left(state, other, acting=False)
    movers = _movers(state, mover_id)
    out = []
    for o, held in state.control.items():
        near = state.board.distance_from(o)
        walk = state.board.walk_from(o)
        ours = theirs = coming = coming_theirs = 0
        for f_side, pos, reach in movers:
            if near[pos] <= rules.OBJECTIVE_RANGE:
                if f_side == side:
                    ours += 1
                else:
                    theirs += 1
            elif reach >= 0 and walk.get(pos, 10_000) <= reach:
                if f_side == side:
                    coming += 1
                else:
                    coming_theirs += 1
        more = extra.get(o, {})
        ours += more.get(side, 0)
        theirs += more.get(other, 0)
        holder = 1 if held == side else (0 if held is None else -1)
        out.append((o, ours, theirs, holder, min(coming, friends_left), min(coming_theirs, enemies_left)))
    return out


def objective_gains(state, side: str, mover_id: str | None, stakes: dict, weight: float) -> list[tuple]:
    """Per objective: ``(objective, gain)``, what the fighter ``mover_id`` standing within 1 hex
    of it adds, in victory points (its stake times the change in the chance to control it)."""
    out = []
    for o, ours, theirs, holder, come, come_theirs in objective_counts(state, side, mover_id):
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
