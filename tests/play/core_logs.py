"""Battle logs of a set of battles as short digests, for comparing the paths that play them.

:func:`digests` plays every battle of :data:`CASES` for a system (both seatings, three pairings of
players, ``seeds`` seeds each) and returns one SHA-256 of each battle's whole log (header,
events, result). Run in this process it uses whichever path the process runs (the compiled core
when it is built); run with ``SKIRMISH_CORE=python`` it is the reference path, the same sources
as plain Python. ``protocol=True`` hides the core players from the engine, so every decision is
asked through the protocol (tuples and dicts), one Python call at a time.
"""

from __future__ import annotations

import hashlib
import json

#: Per system: (roster A, roster B, battle options) pairings, by built-in name.
CASES = {
    "bladestorm": [
        ("bladestorm/warriors-of-ash-goblins", "bladestorm/warriors-of-ash-sea-troll", {}),
        ("bladestorm/example-test-of-arms-outriders", "bladestorm/example-test-of-arms-wardens", {}),
        ("bladestorm/warriors-of-ash-goblins", "bladestorm/example-test-of-arms-wardens", {}),
    ],
    "sagaborn": [
        ("sagaborn/house-vareth", "sagaborn/house-vareth", {}),
        ("sagaborn/driftborn", "sagaborn/house-vareth",
         {"scoring": {"open_chest": 10, "take_down": 5}, "house_rules": ["relic_heal"]}),
        ("sagaborn/driftborn", "sagaborn/driftborn",
         {"scoring": {"hold_centre": 5}, "shrine": "7,7", "first": "b", "tie_to": "a", "rounds": 8}),
    ],
    "gorechosen": [
        ("gorechosen/example_brass_pit", "gorechosen/example_cinder_arena", {}),
        ("gorechosen/champions", "gorechosen/example_brass_pit", {"variant": "2v2"}),
        ("gorechosen/example_cinder_arena", "gorechosen/champions", {"variant": "time-limits"}),
        ("gorechosen/example_brass_pit", "gorechosen/champions", {"variant": "single-combat"}),
    ],
    "bladeborn": [
        ("bladeborn/example-cinder-oath", "bladeborn/example-hollowmere-stalkers", {}),
        ("bladeborn/example-cinder-oath", "bladeborn/example-cinder-oath", {"card": "Five Cairns"}),
        ("bladeborn/example-hollowmere-stalkers", "bladeborn/example-hollowmere-stalkers",
         {"card": "Blood and Ground", "twist": "none"}),
    ],
    "warcry": [
        ("warcry/example-gilded-ruin", "warcry/example-marrowfen-raiders", {}),
        ("warcry/example-gilded-ruin", "warcry/example-gilded-ruin", {"card": "Five Cairns"}),
    ],
}
PAIRINGS = (("greedy", "greedy"), ("random", "greedy"), ("greedy", "random"))


class _ProtocolOnly:
    """A policy with its core player hidden: the engine must ask it through the protocol."""

    def __init__(self, inner):
        self.inner, self.name = inner, inner.name

    def choose(self, state, actions, rng):
        return self.inner.choose(state, actions, rng)


def digests(system_name: str, seeds: int, protocol: bool = False) -> list[str]:
    from generator.content import library, load_roster
    from generator.dice.rng import Rng
    from generator.play.engine import play
    from generator.play.policies import policy_for

    out = []
    for k, (name_a, name_b, options) in enumerate(CASES[system_name]):
        system, force_a = load_roster(library().path(name_a + ".yaml"))
        _, force_b = load_roster(library().path(name_b + ".yaml"))
        for first, second in ((force_a, force_b), (force_b, force_a)):
            battle = system.make_battle(first, second, dict(options))
            for kind_a, kind_b in PAIRINGS:
                policies = {"a": policy_for(system, kind_a), "b": policy_for(system, kind_b)}
                if protocol:
                    policies = {side: _ProtocolOnly(p) for side, p in policies.items()}
                for seed in range(seeds):
                    result = play(system.game, battle, policies, Rng(1000 * k + seed), keep_log=True)
                    text = json.dumps(result.to_json(), sort_keys=True)
                    out.append(hashlib.sha256(f"{text}|{result.decisions}".encode()).hexdigest()[:16])
    return out
