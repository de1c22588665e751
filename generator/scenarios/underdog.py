""""The underdog chooses": the weaker side keeps, from each hand of cards dealt, the card it
screens best on.

The forces are settled on the first cards dealt; then the side with the smaller cost (at equal
cost, the one a screen on those cards finds weaker) keeps, hand by hand, the card it screens
best on (the earlier cards kept), and the verdict is played again on what it kept.
"""

from __future__ import annotations

from generator.errors import SkirmishError


def underdog_keeps(system, drafted, options_of, seed, budgets, force_a, force_b, options, rng, settings, runner, say):
    """"The underdog chooses": the side with the smaller cost (at equal cost, the one a screen on
    the first cards dealt finds weaker) keeps, from each hand dealt, the card it screens best on
    (hand by hand, the earlier cards kept). Returns the parts, their battle options and the
    record for the scenario's ``pick``."""
    from generator.balance.forces import force_cost
    from generator.scenarios.data import scenario_data, validated
    from generator.balance.tune import playable, screen
    from generator.scenarios.decks import Underdog

    say("the underdog chooses the cards")
    costs = {"a": force_cost(system, force_a, options), "b": force_cost(system, force_b, options)}
    unit = system.cost_unit
    if abs(costs["a"] - costs["b"]) > 1e-6:
        side = "a" if costs["a"] < costs["b"] else "b"
        other = "b" if side == "a" else "a"
        why = f"the cheaper force ({costs[side]:g} against {costs[other]:g} {unit})"
    else:
        score, _ = screen(system, force_a, force_b, options, rng.spawn("who"), settings.screen_battles, runner)
        side = "a" if score <= 0.5 else "b"
        mine = score if side == "a" else 1 - score
        why = f"at equal cost, the side a screen found weaker ({mine:.1%} in {settings.screen_battles} battles)"
    first = Underdog(side)
    drafted(first)
    script: list[int] = []
    for k, hand in enumerate(first.hands):
        best, best_score = 0, -1.0
        for index in range(len(hand)):
            trial = Underdog(side, script + [index])
            parts = drafted(trial)
            data = scenario_data(system, seed, parts, {"a": force_a, "b": force_b}, budgets, None)
            try:
                trial_options = options_of(validated(data))
            except SkirmishError:
                continue
            if not playable(system, force_a, force_b, trial_options):
                continue
            score, _ = screen(system, force_a, force_b, trial_options, rng.spawn(f"hand {k} card {index}"),
                              settings.screen_battles, runner)
            mine = score if side == "a" else 1 - score
            if mine > best_score:
                best, best_score = index, mine
        script.append(best)
    final = Underdog(side, script)
    parts = drafted(final)
    options = options_of(validated(scenario_data(system, seed, parts, {"a": force_a, "b": force_b}, budgets, None)))
    record = {"mode": "underdog", "chooser": side, "why": why,
              "hands": [{"dealt": hand, "kept": kept} for hand, kept in zip(final.hands, final.kept)]}
    return parts, options, record
