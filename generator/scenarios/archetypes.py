"""Which kinds of force a scenario favours: archetype forces of equal cost, played on it.

A balanced scenario is even for *its* two forces; a player bringing their own wants to know
whether the battle leans towards a kind of force. For each pair of archetypes the system can
express (its ``System.extra["archetypes"]``):

* **horde** (as many of the cheapest combatants as the budget buys) against **elite** (the
  most expensive combatants that fit);
* **ranged** (the combatants with the longest reach) against **melee** (reach 1: contact only);

two forces of the same cost are built from a pool of the system's own random combatants (its
builder, its prices), and played on the scenario's map, rules and twist, seats alternating.
The archetype "is favoured" only when the 95% interval of its score lies wholly above 50%;
otherwise the scenario has no clear lean. A pair the system cannot express (one champion a
side has no horde; an attack always in base contact has no range) is recorded as ``n/a`` with
the reason. What a combatant's reach is, how a random one is made, and what a force may hold
are the system's words (its hooks); this module only composes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from generator.errors import SkirmishError

#: The pairs, in the order they are reported; the first kind's score is the one recorded.
PAIRS = {"horde-elite": ("horde", "elite"), "ranged-melee": ("ranged", "melee")}
#: Random combatants drawn to build the archetypes from.
POOL = 48
#: Two archetype forces count as of equal cost when their totals differ by at most this share of the budget.
EQUAL_COST = 0.06


@dataclass
class Spec:
    """A system's archetype hooks (``System.extra["archetypes"]``)."""

    pairs: tuple[str, ...]                       # the pairs the system can express
    member: Callable[[Any], Any]                 # rng -> one random combatant
    reach: Callable[[Any], int] | None = None    # combatant -> its longest attack, in cells
    max_members: int | None = None               # at most this many combatants a force
    members: int | None = None                   # exactly this many a force (a duel: one)
    not_applicable: dict[str, str] | None = None  # pair -> why it is n/a for this system


def spec_of(system) -> Spec | None:
    hooks = (system.extra or {}).get("archetypes")
    if not hooks:
        return None
    return Spec(pairs=tuple(hooks.get("pairs", ())),
                member=hooks.get("member") or (lambda rng: system.build_random(rng, count=1)[0].combatant),
                reach=hooks.get("reach"), max_members=hooks.get("max_members"), members=hooks.get("members"),
                not_applicable=dict(hooks.get("not_applicable", {})))


def _pool(system, spec: Spec, rng, size: int) -> list[tuple[Any, float]]:
    out = []
    for i in range(size):
        member = spec.member(rng.spawn(f"pool {i}"))
        out.append((member, float(system.price([member])[0].cost)))
    return out


def _seatable(system, pool, options: dict, members: int | None) -> list[tuple[Any, float]]:
    """The pool without combatants this battle cannot seat (a base too large for every gap);
    each is tried as a force of ``members`` copies of itself where forces have a set size."""
    from generator.balance.forces import roster_from
    from generator.balance.tune import playable

    out = []
    for member, cost in pool:
        try:
            alone = roster_from(system, _unique_names([member] * (members or 1)), "one")
        except (SkirmishError, ValueError):
            continue
        if playable(system, alone, alone, options):
            out.append((member, cost))
    return out


def _fill(order: list[tuple[Any, float]], budget: float, limit: int | None, exact: int | None = None):
    chosen, total = [], 0.0
    for member, cost in order:
        if exact is not None and len(chosen) >= exact or limit is not None and len(chosen) >= limit:
            break
        if total + cost <= budget + 1e-9:
            chosen.append((member, cost))
            total += cost
    return chosen, total


def _pick(kind: str, pool, budget: float, spec: Spec, members: int | None):
    """The combatants of one archetype force, from the pool (None when the pool has none)."""
    if kind in ("horde", "elite"):
        order = sorted(pool, key=lambda mc: mc[1], reverse=(kind == "elite"))
        chosen, total = _fill(order, budget, spec.max_members)
        if kind == "horde":  # close the gap the cheapest leave: the dearest of them swapped up, the count kept
            for i in range(len(chosen) - 1, -1, -1):
                spare = budget - total + chosen[i][1]
                better = [mc for mc in pool if mc[1] <= spare + 1e-9 and not any(mc is c for c in chosen)]
                if better:
                    up = max(better, key=lambda mc: mc[1])
                    if up[1] > chosen[i][1]:
                        total += up[1] - chosen[i][1]
                        chosen[i] = up
        return chosen
    reach = spec.reach
    if kind == "ranged":
        longest = max((reach(m) for m, _ in pool), default=0)
        if longest < 2:
            return []
        kin = [mc for mc in pool if reach(mc[0]) >= 2]
        # longest reach first, then the rest of the ranged ones; a top-up by cost closes the gap
        order = sorted(kin, key=lambda mc: -reach(mc[0]))
    else:
        kin = [mc for mc in pool if reach(mc[0]) <= 1]
        order = list(kin)
    if members == 2:  # a team of two: the pair that spends the most of the budget
        pairs = [(a, b) for i, a in enumerate(kin) for b in kin[i + 1:] if a[1] + b[1] <= budget + 1e-9]
        return list(max(pairs, key=lambda ab: ab[0][1] + ab[1][1])) if pairs else []
    if members is not None:  # a set number a side (a duel): the dearest that share the budget
        order = sorted([mc for mc in kin if mc[1] <= budget / members + 1e-9], key=lambda mc: -mc[1])
        chosen, _ = _fill(order, budget, None, exact=members)
        return chosen if len(chosen) == members else []
    chosen, total = _fill(order, budget, spec.max_members)
    rest = sorted([mc for mc in kin if not any(mc is c for c in chosen)], key=lambda mc: -mc[1])
    more, _ = _fill(rest, budget - total, None if spec.max_members is None else spec.max_members - len(chosen))
    return chosen + more


def _unique_names(members: list) -> list:
    taken: set[str] = set()
    out = []
    for m in members:
        name = getattr(m, "name", None)
        if name is not None:
            base, n = name, 2
            while name in taken:
                name, n = f"{base} {n}", n + 1
            taken.add(name)
            if name != m.name:
                m = m.model_copy(update={"name": name})
        out.append(m)
    return out


def _from_pool(system, pool, kinds, pair, budget, spec, members, options):
    from generator.balance.forces import force_cost, roster_from
    from generator.balance.tune import playable

    picked = [_pick(kind, pool, budget, spec, members) for kind in kinds]
    if not all(picked):
        return "empty"
    if pair == "horde-elite" and len(picked[0]) <= len(picked[1]):
        return "no horde larger than the elite"
    try:
        forces = [roster_from(system, _unique_names([m for m, _ in chosen]), f"{kind.capitalize()} archetype")
                  for kind, chosen in zip(kinds, picked)]
    except (SkirmishError, ValueError):
        return "not a valid force"
    costs = [force_cost(system, f, options) for f in forces]
    if abs(costs[0] - costs[1]) > EQUAL_COST * budget or max(costs) > budget + 1e-6:
        return "unequal costs"
    if not playable(system, forces[0], forces[1], options):
        return f"the {kinds[0]} and {kinds[1]} forces could not be seated on this battle"
    return forces[0], forces[1], costs[0], costs[1]


def build_pair(system, pair: str, budget: float, rng, options: dict, members: int | None = None,
               tries: int = 3) -> tuple[Any, Any, float, float] | str:
    """Two forces of one archetype pair at ``budget`` (equal cost within :data:`EQUAL_COST`),
    seatable on this battle: ``(first, second, cost_first, cost_second)``, or why there are none."""

    spec = spec_of(system)
    members = members or spec.members
    kinds = PAIRS[pair]
    why = f"no {kinds[0]} and {kinds[1]} forces of equal cost in {tries} pools of random combatants"
    for attempt in range(tries):
        pool = _pool(system, spec, rng.spawn(f"{pair} {attempt}"), POOL)
        built = _from_pool(system, pool, kinds, pair, budget, spec, members, options)
        if isinstance(built, str) and "seated" in built:
            # seating a battle costs time (Bladeborn: ~0.15 s), so the pool is checked one
            # combatant at a time only when the forces built from it do not fit the battle
            built = _from_pool(system, _seatable(system, pool, options, members), kinds, pair, budget, spec, members,
                               options)
        if isinstance(built, str):
            why = built if "seated" in built else why
            continue
        return built
    return why


def favours(system, options: dict, budget: float, rng, battles: int, runner=None,
            members: int | None = None, shape_note: str | None = None) -> list[dict]:
    """Every archetype pair of the system played ``battles`` times on this battle (``options``):
    the entries of a scenario's ``balance.favours`` (see :class:`generator.scenarios.model.Lean`).

    ``members`` fixes the number of combatants a side (a Gorechosen team battle: two);
    ``shape_note`` says why no pair applies (sides of different shapes, as in Kingslayer)."""
    from generator.balance.tune import screen
    from generator.balance.winrate import wilson_interval

    spec = spec_of(system)
    out: list[dict] = []
    for pair, kinds in PAIRS.items():
        entry: dict[str, Any] = {"pair": list(kinds)}
        if spec is None:
            entry["note"] = f"{system.title} has no archetypes yet"
        elif shape_note:
            entry["note"] = shape_note
        elif pair not in spec.pairs:
            entry["note"] = (spec.not_applicable or {}).get(pair, f"{system.title} cannot express it")
        elif pair == "ranged-melee" and spec.reach is None:
            entry["note"] = "the system has no attack at range"
        else:
            built = build_pair(system, pair, budget, rng.spawn(pair), options, members)
            if isinstance(built, str):
                entry["note"] = built
            else:
                first, second, c1, c2 = built
                score, _ = screen(system, first, second, options, rng.spawn(f"{pair} battles"), battles, runner)
                lo, hi = (round(x, 4) for x in wilson_interval(score * battles, battles))
                lean = kinds[0] if lo > 0.5 else kinds[1] if hi < 0.5 else None
                entry.update(games=battles, score=round(score, 4), ci95=[lo, hi], lean=lean,
                             costs=[round(c1, 1), round(c2, 1)],
                             sizes=[len(system.combatants(first)), len(system.combatants(second))])
        out.append(entry)
    return out
