"""What an ability is worth to the greedy player, and the choices its steps ask for.

Each effect is valued by what it changes, in victory points, the currency of
:mod:`generator.systems.bladeborn.policy`:

* a weapon bonus (Imbued with Dark Power, Fan the Embers, Onslaught, Golden Volley, a re-roll):
  the best attack with it less the best attack without it, by exact odds, for this attack and
  (a little less) the activation's next one; it comes before the attack or not at all;
* Rush: the best hex the longer move reaches over the best hex without it;
* a bonus move or attack, a leap, a trample: the best hex or attack it reaches;
* damage or a push: the take-down chance and the damage share, or the control a push breaks;
* a shield (Crushing Shell, Hold the Vault, Sink Into the Mire) or Riposte Stance: the damage it
  saves (or deals back) from the enemies that can reach the fighter next;
* a token or an oath: the control it adds; a veil: the enemy shots it blocks less our own;
* raising a fallen friend: half of what that fighter is worth.

An ability is used when its worth beats its dice (:data:`DIE_COST` a die: another fighter could
have used them this round).
"""

from __future__ import annotations

from generator.systems.bladeborn import mechanics as rules
from generator.systems.bladeborn.policy_control import control_chance, future_weight, objective_counts
from generator.systems.bladeborn.policy_odds import attack_kill_odds as _odds
from generator.systems.bladeborn.policy_odds import reroll_choice, reroll_value

DIE_COST = 0.04          # what a die of a spent group is worth elsewhere this round, in VP
WASTED_DIE = 0.15        # each die of a group beyond the ability's cost (a bigger ability could use it)
LATER_ATTACK = 0.7       # a bonus counts this much for each further attack action of the activation
DEFENCE_EARLY = 0.05     # a shield is better used once the fighter has stopped moving
SNARE = 0.08             # share of an enemy's worth for holding it in place (more if it shoots)
SLOW = 0.05
BEFORE_ATTACK = ("weapon-bonus", "onslaught", "reroll")
DEFENCES = ("crit-shield", "ward", "ranged-shield", "riposte")


def cost(group, ability=None) -> float:
    """What spending ``group`` costs: its dice, and more for each die beyond what the ability
    needs (a quad spent on a double could have paid for a quad ability)."""
    from generator.systems.warcry.models import COST_SIZE

    spare = group.dice - COST_SIZE[ability.cost] if ability is not None else 0
    return DIE_COST * group.dice + WASTED_DIE * max(0, spare)


# ---- scoring an ability action against the activation's other actions ----------------------------


def score(policy, state, fighter, action, ctx, plain) -> float:
    """The score of ``("ability", index, group)`` on the scale of :meth:`BladebornGreedy._act`:
    what the activation is worth after using it now, less its dice."""
    _, index, gi = action
    ability = fighter.abilities[index]
    group = state.groups[fighter.side][gi]
    value = ability.amount if ability.amount is not None else group.value
    act = state.activation
    here = plain["here"]
    effect = ability.effect
    price = cost(group, ability)
    if effect in BEFORE_ATTACK or effect == "aura-bonus":
        stats_of = _bonus_stats(state, fighter, ability, value)
        if effect == "reroll":
            best = _best_reroll_attack(policy, state, fighter, ability.amount if ability.amount is not None else 2)
        elif ability.stat == "max_range":  # more Range: enemies out of reach now may come into it
            best = _best_range_attack(policy, state, fighter, stats_of)
        else:
            best = policy.best_attack_here(state, fighter, stats_of)
        gain = max(0.0, best - plain["attack_value"])
        later = gain * LATER_ATTACK * max(0, act.actions_left - 1) if effect != "reroll" else 0.0
        extra = _aura_friends(policy, state, fighter, ability) if effect == "aura-bonus" else 0.0
        if gain <= 0.0 and extra <= 0.0:
            return -1e9
        return here + best + 0.01 + later + extra - price
    if effect == "rush":
        return _rush_best(policy, state, fighter, ctx) - price
    if effect in DEFENCES:
        gain = _defence_gain(policy, state, fighter, ability, value, ctx)
        return here + gain - price - (DEFENCE_EARLY if act.actions_left > 0 else 0.0)
    return here + gain_of(policy, state, fighter, ability, value, ctx) - price


def gain_of(policy, state, fighter, ability, value, ctx) -> float:
    """What the ability adds over standing here (effects used at once or queuing choices)."""
    effect = ability.effect
    act = state.activation
    worth = ctx["worth"]
    if effect in ("respite", "heal"):
        amount = ability.amount if ability.amount is not None else value
        return worth * min(fighter.damage, amount) / fighter.wounds * 0.8
    if effect == "bonus-move":
        return _best_move_gain(policy, state, fighter, None, ctx)
    if effect == "bonus-attack":
        return policy.best_attack_here(state, fighter)
    if effect == "bonus-after-takedown":
        return max(_best_move_gain(policy, state, fighter, None, ctx), policy.best_attack_here(state, fighter))
    if effect == "rampage":
        hexes = rules.inches_to_hexes(value) if ability.inches else value
        return max(_best_move_gain(policy, state, fighter, hexes, ctx, attack_after=True),
                   policy.best_attack_here(state, fighter))
    if effect == "charge":
        amount = ability.amount if ability.amount is not None else value
        return _charge_gain(policy, state, fighter, amount, ability.reach or 1, ctx)
    if effect == "leap-attack":
        return max((v for _, v in _leap_values(policy, state, fighter, ability.reach or 1, ctx)), default=0.0)
    if effect == "free-disengage":
        cells = state._free_steps(fighter)
        return max((v for v in _cell_gains(policy, state, fighter, cells, act.actions_left, ctx)), default=0.0)
    if effect in ("damage-enemy", "damage-or-push", "pull", "snare", "slow-enemy"):
        step = _first_step(state, fighter, ability, value)
        return max((v for _, v in target_values(policy, state, fighter, step, ctx)), default=0.0)
    if effect in ("objective-token", "hold-objective"):
        extra = 1 if effect == "objective-token" else (ability.amount if ability.amount is not None else 1)
        return max((control_gain(state, fighter.side, o, extra) for o in state._objective_choices(fighter, effect)),
                   default=0.0)
    if effect == "veil":
        return max((v for _, v in veil_values(policy, state, fighter, ability.reach or 1)), default=0.0)
    if effect == "place-friend-on-edge":
        return max((v for _, v in edge_values(policy, state, fighter, ability.reach or 1)), default=0.0)
    if effect == "raise":
        down = [f for f in state.fighters.values() if f.side == fighter.side and f.where == "down"
                and f.name == ability.raises]
        return max((0.5 * policy._worth(state, f.id) for f in down), default=0.0)
    if effect == "inspiring-presence":
        friends = state._inspirable(fighter, ability.reach or 3)
        return max((0.5 * policy._attack_now(state, state.fighters[f]) for f in friends), default=0.0)
    return 0.0


# ---- weapon bonuses, exactly ---------------------------------------------------------------------


def _bonus_stats(state, fighter, ability, value):
    """The weapon numbers with the ability's bonus added (for the weapons it changes)."""
    effect = ability.effect
    if effect == "reroll":
        return None
    if effect == "onslaught":
        stat, amount, max_range, kind = "attacks", 1, None, "melee"
    else:
        stat = ability.stat or "strength"
        amount = ability.amount if ability.amount is not None else value
        if stat == "max_range" and ability.inches:
            amount = rules.inches_to_hexes(amount)
        max_range, kind = ability.max_range, ability.weapons

    def stats_of(weapon):
        stats = dict(state.weapon_now(fighter, weapon)[0])
        matches = (max_range is None or weapon.max_range <= max_range) and kind in (None, "melee" if weapon.melee else "ranged")
        if matches:
            stats[stat] = max(1 if stat in ("attacks", "strength", "max_range") else 0, stats[stat] + amount)
        return stats

    return stats_of


def _best_range_attack(policy, state, fighter, stats_of) -> float:
    """The best attack when the weapons reach as far as ``stats_of`` says: every visible enemy in
    the new Range band counts (next to an enemy, only the adjacent ones)."""
    worths = policy._worths(state)
    apart = state.board.distance_from(fighter.pos)
    enemies = state.enemies_on(fighter.side)
    adjacent = [e for e in enemies if apart[e.pos] == 1]
    best = 0.0
    for weapon in fighter.weapons:
        stats = stats_of(weapon)
        for e in adjacent or enemies:
            d = apart[e.pos]
            if weapon.min_range <= d <= stats["max_range"] and state.can_see(fighter.pos, e.pos):
                best = max(best, policy.attack_value(state, fighter, e, weapon, worths, stats))
    return best


def _aura_friends(policy, state, fighter, ability) -> float:
    """Crown of Avarice for the other friends within reach: the best attack each could make now
    with the bonus less without it (those who have not activated yet)."""
    reach = ability.reach or 0
    bonus = (ability.stat or "attacks", ability.amount if ability.amount is not None else 1, ability.weapons)
    apart = state.board.distance_from(fighter.pos)
    acts = state.activations[fighter.side]
    total = 0.0
    for f in state.side_fighters(fighter.side):
        if f.id == fighter.id or apart[f.pos] > reach or not acts.can_activate(f.id):
            continue

        def stats_of(weapon, f=f):
            stats = dict(state.weapon_now(f, weapon)[0])
            if bonus[2] in (None, "melee" if weapon.melee else "ranged"):
                stats[bonus[0]] += bonus[1]
            return stats

        total += max(0.0, policy.best_attack_here(state, f, stats_of) - policy.best_attack_here(state, f))
    return total


def _best_reroll_attack(policy, state, fighter, most: int) -> float:
    worths = policy._worths(state)
    best = 0.0
    for t, w in state.targets(fighter):
        target, weapon = state.fighters[t], fighter.weapons[w]
        stats = state.weapon_now(fighter, weapon)[0]
        attacks, strength, toughness, hit, crit = state.against(stats, weapon, target)
        worth = worths[t] + state.takedown_points(target)
        best = max(best, worth * reroll_value(attacks, strength, toughness, hit, crit,
                                              max(1, target.wounds_left + target.ward), target.wounds, most))
    return best


# ---- moves an ability gives ------------------------------------------------------------------


def _rush_best(policy, state, fighter, ctx) -> float:
    """The best hex a move reaches with one more hex of Move (the state says where)."""
    act = state.activation
    budget, after = state.move_of(fighter) + 1, act.actions_left - 1
    kept = ctx.setdefault("rush", {})
    key = (fighter.pos, state.layout, budget, after)
    found = kept.get(key)
    if found is None:
        farther = list(state.moves(fighter, budget))
        found = kept[key] = max(policy._position_scores(state, fighter, farther, after, ctx))
    return found


def _cell_gains(policy, state, fighter, cells, actions_after, ctx) -> list[float]:
    if not cells:
        return []
    scores = policy._position_scores(state, fighter, [fighter.pos] + list(cells), actions_after, ctx)
    return [s - scores[0] for s in scores[1:]]


def _best_move_gain(policy, state, fighter, budget, ctx, attack_after: bool = False) -> float:
    if state.adjacent_enemy(fighter):
        return 0.0
    cells = [p for p in state.moves(fighter, budget) if p != fighter.pos]
    after = max(state.activation.actions_left, 1 if attack_after else 0)
    return max(_cell_gains(policy, state, fighter, cells, after, ctx), default=0.0)


def _charge_gain(policy, state, fighter, amount, reach, ctx) -> float:
    cells = [fighter.pos] if state.adjacent_enemy(fighter) else list(state.moves(fighter))
    gains = _cell_gains(policy, state, fighter, cells, state.activation.actions_left, ctx)
    best = 0.0
    for cell, gain in zip(cells, gains):
        apart = state.board.distance_from(cell)
        hurt = sum(hurt_value(policy, state, e, amount) for e in state.enemies_on(fighter.side) if apart[e.pos] <= reach)
        best = max(best, gain + hurt)
    return best


def _leap_values(policy, state, fighter, reach, ctx) -> list[tuple]:
    """Pyre Leap's hexes: where it stands after (with its actions left), plus the bonus attack."""
    cells = state._empty_within(fighter.pos, reach)
    if not cells:
        return []
    gains = _cell_gains(policy, state, fighter, cells, state.activation.actions_left, ctx)
    attacks = _attack_cells(policy, state, fighter, ctx)
    index = ctx["index"]
    return [(c, g + (attacks[index[c]] if attacks is not None else 0.0)) for c, g in zip(cells, gains)]


def _attack_cells(policy, state, fighter, ctx):
    """The best attack value from every cell (the board-wide table of the context), or None."""
    parts = policy._board_parts(state, fighter, ctx)
    if parts["apart"] is None or not ctx["entries"]:
        return None
    best = parts.get("best")
    if best is None:
        best = parts["best"] = policy._best_attacks(state, ctx, parts)
    return best


# ---- targets: damage, pushes, pulls, snares ---------------------------------------------------------


def hurt_value(policy, state, target, amount: int) -> float:
    """``amount`` damage dealt to ``target``: its worth if that takes it down, else its share."""
    dealt = max(0, amount - target.ward)
    worth = policy._worth(state, target.id) + state.takedown_points(target)
    return worth * ((1.0 if dealt >= target.wounds_left else 0.0) + 0.4 * min(dealt, target.wounds_left) / target.wounds)


def control_gain(state, side: str, objective, extra: int, weight: float | None = None) -> float:
    """What ``extra`` more fighters counted for ``side`` at ``objective`` add to its control."""
    stake = state.objective_stakes(side).get(objective, 0.0) * (future_weight(state) if weight is None else weight)
    for o, ours, theirs, holder, come, come_theirs in objective_counts(state, side, None):
        if o == objective:
            return stake * (control_chance(ours + extra, theirs, holder, come, come_theirs)
                            - control_chance(ours, theirs, holder, come, come_theirs))
    return 0.0


def push_value(state, side: str, enemy, dest) -> float:
    """Pushing ``enemy`` to ``dest``: the control it stops giving its side at the objectives it
    leaves, less what it gives at those it reaches."""
    total = 0.0
    for o, ours, theirs, holder, come, come_theirs in objective_counts(state, side, None):
        before = state.board.distance(enemy.pos, o) <= rules.OBJECTIVE_RANGE
        after = state.board.distance(dest, o) <= rules.OBJECTIVE_RANGE
        if before == after:
            continue
        stake = state.objective_stakes(side).get(o, 0.0) * future_weight(state)
        now = control_chance(ours, theirs, holder, come, come_theirs)
        moved = control_chance(ours, theirs + (-1 if before else 1), holder, come, come_theirs)
        total += stake * (moved - now)
    return total


def _first_step(state, fighter, ability, value) -> tuple:
    from generator.systems.bladeborn.abilities import _FIRST_STEP

    amount = ability.amount if ability.amount is not None else value
    return _FIRST_STEP[ability.effect](ability, amount)


def target_values(policy, state, fighter, step, ctx) -> list[tuple]:
    """``[(action, value)]`` for each answer to a targeting step."""
    kind = step[0]
    out = []
    for action in state._step_choices(fighter, step):
        if action[0] == "target":
            enemy = state.fighters[action[1]]
            if kind in ("hurt", "hurt-or-push"):
                value = hurt_value(policy, state, enemy, step[2])
            elif kind == "snare":
                shoots = any(not w.melee for w in enemy.weapons)
                value = policy._worth(state, enemy.id) * (SNARE + (0.2 if shoots else 0.0))
            elif kind == "slow":
                value = policy._worth(state, enemy.id) * SLOW
            elif kind == "pull-target":
                value = _pull_value(policy, state, fighter, enemy, step[3])
            elif kind == "inspire":
                value = 0.5 * policy._attack_now(state, enemy)
            else:
                value = 0.0
        elif action[0] == "shove":
            value = push_value(state, fighter.side, state.fighters[action[1]], action[2])
        else:
            value = 0.0
        out.append((action, value))
    return out


def _pull_value(policy, state, fighter, enemy, times: int) -> float:
    """Reel In: an enemy pulled next to this fighter can be attacked with its melee weapons."""
    d = state.board.distance(fighter.pos, enemy.pos)
    if state.activation.actions_left <= 0 or d - times > 1:
        return 0.0
    worths = policy._worths(state)
    melee = [w for w in fighter.weapons if w.melee]
    best = max((policy.attack_value(state, fighter, enemy, w, worths) for w in melee), default=0.0)
    return max(0.0, best - policy.best_attack_here(state, fighter)) * 0.9


# ---- shields, veils, edges ------------------------------------------------------------------------


def _danger(state, enemy, fighter, crit_shield=False, ward=0, ranged_shield=0) -> float:
    """The most of ``fighter`` one attack of ``enemy`` takes, with these shields on it."""
    best = 0.0
    for w in enemy.weapons:
        stats = state.weapon_now(enemy, w)[0]
        attacks, strength, toughness, hit, crit = state.against(stats, w, fighter)
        if crit_shield:
            crit = hit
        if ranged_shield and not w.melee:
            strength = max(1, strength - ranged_shield)
        kill, capped = _odds(attacks, strength, toughness, hit, crit, fighter.wounds_left + fighter.ward + ward)
        best = max(best, kill + 0.4 * capped / fighter.wounds)
    return best


def _threats(state, fighter):
    """Enemies that can strike the fighter where it stands next: (enemy, weight)."""
    apart = state.board.distance_from(fighter.pos)
    walk = state.board.walk_from(fighter.pos)
    out = []
    for e in state.enemies_on(fighter.side):
        if apart[e.pos] == 1:
            out.append((e, 1.0))
        else:
            reach = state.move_of(e) + max(state.weapon_now(e, w)[0]["max_range"] for w in e.weapons)
            if walk.get(e.pos, 10_000) <= reach + 1:
                out.append((e, 0.5))
    return out


def _defence_gain(policy, state, fighter, ability, value, ctx) -> float:
    effect = ability.effect
    amount = ability.amount if ability.amount is not None else value
    worth = ctx["worth"]
    total = 0.0
    for enemy, weight in _threats(state, fighter):
        if effect == "riposte":
            back = ability.amount if ability.amount is not None else 1
            total += weight * 0.8 * hurt_value(policy, state, enemy, back)
            continue
        now = _danger(state, enemy, fighter)
        shielded = _danger(state, enemy, fighter, crit_shield=effect == "crit-shield",
                           ward=amount if effect == "ward" else 0,
                           ranged_shield=(ability.amount if ability.amount is not None else 1)
                           if effect == "ranged-shield" else 0)
        total += weight * (now - shielded) * worth
    return total


def veil_values(policy, state, fighter, reach) -> list[tuple]:
    """Each hex Ash Veil could veil: the enemy shots at our fighters it blocks (their danger
    times the fighter's worth), less our own shots it blocks, for the fighters where they stand."""
    shots = _shots(policy, state, fighter.side)
    if not any(worth > 0 for _, _, worth in shots):
        return []
    index = state.board.tables()[0]
    base = state.sight_table()
    distance = state.board.distance
    out = []
    for action in state._step_choices(fighter, ("veil", "", reach)):
        h = action[1]
        # a hex can only cut a line it lies close to (it is no more than a step off the way)
        if not any(worth > 0 and distance(a, h) + distance(h, b) <= distance(a, b) + 1 for a, b, worth in shots):
            continue
        sight = state.board.sight_with(state.veiled() | {h})
        value = 0.0
        for a, b, worth in shots:
            if a != h and b != h and base[index[a], index[b]] and not sight[index[a], index[b]]:
                value += worth
        out.append((action, value))
    return out


def _shots(policy, state, side) -> list[tuple]:
    """Ranged shots either side could take now: ``(from, to, value)``, ours negative."""
    worths = policy._worths(state)
    out = []
    for shooter in state.fighters.values():
        if not shooter.on:
            continue
        for target in state.enemies_on(shooter.side):
            d = state.board.distance(shooter.pos, target.pos)
            for w in shooter.weapons:
                stats = state.weapon_now(shooter, w)[0]
                if w.melee or not w.min_range <= d <= stats["max_range"] or not state.can_see(shooter.pos, target.pos):
                    continue
                value = 0.5 * worths[target.id] * _danger(state, shooter, target)
                out.append((shooter.pos, target.pos, value if shooter.side != side else -value))
                break
    return out


def edge_values(policy, state, fighter, reach) -> list[tuple]:
    """Mask of Darkness: each (friend, edge hex), by what the friend's new hex is worth over its
    old one (as it would stand there until it acts)."""
    out = []
    by_friend: dict = {}
    for action in state._step_choices(fighter, ("edge", "", reach)):
        by_friend.setdefault(action[1], []).append(action)
    for fid, options in by_friend.items():
        friend = state.fighters[fid]
        ctx = policy._context(state, friend)
        cells = [friend.pos] + [a[2] for a in options]
        scores = policy._position_scores(state, friend, cells, 0, ctx)
        for action, s in zip(options, scores[1:]):
            out.append((action, s - scores[0]))
    return out


# ---- the decisions of a step, and dividing six of a kind --------------------------------------------


def step(policy, state, actions, rng):
    """Answer the first pending step of the activation's ability."""
    act = state.activation
    fighter = state.fighters[act.fighter]
    kind = act.steps[0][0]
    if kind == "reroll":
        return reroll_choice(policy, state, actions)
    if kind in ("move", "attack", "move-or-attack", "disengage"):
        return _bonus_step(policy, state, fighter, actions)
    ctx = policy._context(state, fighter)
    if kind == "veil":
        scored = veil_values(policy, state, fighter, act.steps[0][2])
    elif kind == "edge":
        scored = edge_values(policy, state, fighter, act.steps[0][2])
    elif kind == "leap":
        values = dict(_leap_values(policy, state, fighter, act.steps[0][2], ctx))
        scored = [(a, values.get(a[2], 0.0)) for a in actions]
    elif kind == "raise":
        fallen = sorted({a[1] for a in actions}, key=lambda f: (-state.fighters[f].points, f))[0]
        options = [a for a in actions if a[1] == fallen]
        return policy.place_near_goals(state, state.fighters[fallen], options, rng, lambda a: a[2])
    elif kind in ("token", "oath"):
        extra = 1 if kind == "token" else act.steps[0][2]
        scored = [(a, control_gain(state, fighter.side, a[1], extra)) for a in actions]
    else:
        scored = target_values(policy, state, fighter, act.steps[0], ctx)
    if not scored:
        return actions[0]
    return max(scored, key=lambda av: av[1])[0] if scored else actions[0]


def _bonus_step(policy, state, fighter, actions):
    """A bonus move, attack or disengage: where it ends (with a bonus attack or a trample to
    come counted there), or the attack's odds; ``done`` is standing here."""
    act = state.activation
    steps = act.steps
    after_attack = len(steps) > 1 and steps[1][0] == "attack"
    splash = steps[1] if len(steps) > 1 and steps[1][0] == "splash" else None
    ctx = policy._context(state, fighter)
    after = max(act.actions_left, 1 if after_attack else 0)
    cells = [fighter.pos] + [a[1] for a in actions if a[0] in ("bonus-move", "bonus-disengage")]
    scores = policy._position_scores(state, fighter, cells, after, ctx)
    here = scores[0]
    best, best_score = None, -1e18
    moves = iter(scores[1:])
    for action in actions:
        if action[0] in ("bonus-move", "bonus-disengage"):
            score = next(moves)
            cell = action[1]
        elif action[0] == "bonus-attack":
            score = here + 0.01 + policy.attack_value(state, fighter, state.fighters[action[1]],
                                                      fighter.weapons[action[2]], ctx["worths"])
            cell = None
        else:  # done
            score, cell = here - 0.01, fighter.pos
        if splash is not None and cell is not None:
            apart = state.board.distance_from(cell)
            score += sum(hurt_value(policy, state, e, splash[2]) for e in state.enemies_on(fighter.side)
                         if apart[e.pos] <= splash[3])
        if score > best_score:
            best, best_score = action, score
    return best


def split(policy, state, actions):
    """Six of a kind: three doubles or two triples, whichever pays for more of what the warband's
    fighters on the battlefield can use (each group on the dearest ability it can pay for)."""
    side, faces = state.splits[0]
    choices = rules.ability_dice_choices(faces)
    usable = [(a.cost, f) for f in state.side_fighters(side) for a in f.abilities]
    weight = {"double": 0.6, "triple": 0.9, "quad": 1.2}

    def value(action):
        roll = choices[action[1]]
        total = 0.0
        for g in roll.groups:
            total += max((weight[c] for c, _ in usable if g.pays_for(c)), default=0.0)
        return (total, len(roll.groups))

    return max(actions, key=value)
