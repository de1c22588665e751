"""What a scenario's balance figures measured, as short digests, so an edited scenario shows.

A balance block says "Player A scores 50.8% over 1,600 battles"; that is true of the forces,
map and rules that were played, not of whatever the file holds after an edit. The block keeps a
:class:`~generator.scenarios.model.Fingerprint`: one digest of the two forces, one of the map
with its set-up and objectives, one of the victory and twist, and the players' names. A booklet
compares them with the scenario it prints (:func:`stale_parts`) and marks the figures "not
re-measured since the scenario was edited" when they differ;
``skirmish balance --scenario FILE --update`` measures again and writes a fresh block.

Only what the battle engine plays goes in: names of cards, the title, the tale, labels, budgets
and the twist's prose change no battle, so editing them keeps the figures. Everything is read
from the checked models (defaults left out, keys sorted), so re-ordering keys, reformatting the
file or a new optional field with a default changes no digest.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

#: The players a balance run uses when the block does not say (the engine's default player).
DEFAULT_POLICIES = ("greedy", "greedy")
DIGEST_CHARS = 12


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def _dump(model) -> Any:
    return model.model_dump(mode="json", exclude_none=True, exclude_defaults=True)


def _no_cosmetics(data: dict, keys: tuple[str, ...]) -> dict:
    return {k: v for k, v in data.items() if k not in keys}


def measured(loaded, policies: tuple[str, str] | None = None) -> dict[str, str]:
    """The digests of what a balance run on ``loaded`` (a LoadedScenario) plays:
    ``{forces, map, rules, policies}``, the shape of the balance block's ``fingerprint``."""
    scn = loaded.scenario
    forces = {side: _dump(loaded.rosters[side]) for side in ("a", "b")}
    setup = _dump(scn.deployment)
    setup.pop("card", None)
    for side in ("a", "b"):
        if isinstance(setup.get(side), dict):
            setup[side].pop("label", None)
    ground = {"system": scn.system, "board": _dump(loaded.board), "deployment": setup,
              "objectives": [_no_cosmetics(_dump(o), ("name",)) for o in scn.objectives]}
    victory = _no_cosmetics(_dump(scn.victory), ("card",))
    twist = scn.twist.effect.model_dump(mode="json", exclude_none=True) if scn.twist is not None else None
    chosen = policies or _recorded_policies(scn) or DEFAULT_POLICIES
    return {"forces": _digest(forces), "map": _digest(ground), "rules": _digest({"victory": victory, "twist": twist}),
            "policies": f"{chosen[0]}/{chosen[1]}"}


def _recorded_policies(scn) -> tuple[str, str] | None:
    block = scn.balance
    if block is None or block.policies is None:
        return None
    return block.policies.a, block.policies.b


#: The words for each digest when it no longer matches.
PART_WORDS = {"forces": "the forces", "map": "the map or set-up", "rules": "the victory or twist",
              "policies": "the players"}


def stale_parts(loaded) -> list[str] | None:
    """Which measured parts the scenario no longer matches (``[]``: the figures are current);
    None when its balance block records no fingerprint (figures from an older file)."""
    block = loaded.scenario.balance
    if block is None or block.fingerprint is None:
        return None
    now = measured(loaded)
    then = block.fingerprint.model_dump()
    return [part for part in ("forces", "map", "rules", "policies") if now[part] != then[part]]


def stale_words(parts: list[str]) -> str:
    """``the forces and the map or set-up``."""
    words = [PART_WORDS[p] for p in parts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
