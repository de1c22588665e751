"""Measure a scenario's balance again and rewrite only its balance block, keeping the rest.

``skirmish balance --scenario FILE --update``: after a fighter was changed, a twist swapped or a
hex moved by hand, the booklet marks the old figures stale (:mod:`generator.scenarios.fingerprint`);
this plays the verdict on the scenario as it now is (seats alternating, the sequential test of
``skirmish balance``) and writes the new block into the file with a ruamel.yaml round trip, so
the title, the tale, the comments, the key order and the quoting the user wrote all stay. The
new text is checked by the scenario loader before it replaces the file, atomically.

What the generator measured besides the verdict is kept only while it still holds: the archetype
leans and a handicap while the map and rules are unchanged; a second verdict with stronger
players is dropped (it was about the forces as they were). The verdict is played with the
players and the plan the old block records, unless told otherwise.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from generator.errors import SkirmishError


@dataclass
class Remeasured:
    path: Path
    verdict: Any
    block: dict[str, Any]
    kept: list[str]     # optional figures carried over
    dropped: list[str]  # optional figures left out (no longer true)


def new_block(loaded, verdict, policies: tuple[str, str] | None = None) -> tuple[dict[str, Any], list[str], list[str]]:
    """The balance block for ``verdict`` on ``loaded``, its fingerprint, and what of the old block stays."""
    from generator.scenarios.fingerprint import measured
    from generator.scenarios.generate import verdict_block

    block = verdict_block(verdict)
    old = loaded.scenario.balance
    now = measured(loaded, policies)
    kept, dropped = [], []
    if old is not None:
        then = old.fingerprint.model_dump() if old.fingerprint is not None else {}
        same_ground = then.get("map") == now["map"] and then.get("rules") == now["rules"]
        for key in ("favours", "knob"):
            value = getattr(old, key)
            if not value:
                continue
            if same_ground:
                block[key] = [lean.model_dump(mode="json", exclude_none=True) for lean in value] if key == "favours" else value
                kept.append(key)
            else:
                dropped.append(key)
        dropped += [key for key in ("search",) if getattr(old, key) is not None]
        if old.policies is not None:
            block["policies"] = old.policies.model_dump()
    roster = {s: loaded.rosters[s].model_dump(mode="json", exclude={"name"}) for s in ("a", "b")}
    block["mirror"] = roster["a"] == roster["b"]
    block["fingerprint"] = now
    return block, kept, dropped


def _flow(value: Any, top: bool = False):
    """Short lists and flat mappings in flow style, as the scenario writer prints them (the block
    itself stays a block)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(value, dict):
        out = CommentedMap((k, _flow(v)) for k, v in value.items())
        if not top and all(not isinstance(v, (dict, list)) for v in value.values()) and len(str(value)) < 80:
            out.fa.set_flow_style()
        return out
    if isinstance(value, (list, tuple)):
        out = CommentedSeq(_flow(v) for v in value)
        if all(not isinstance(v, (dict, list, tuple)) for v in value):
            out.fa.set_flow_style()
        return out
    return value


def _last_mark(node) -> int:
    """Where the last scalar (or flow collection) inside ``node`` ends: the end of a block, before
    any comment lines that follow it."""
    import yaml

    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and not node.flow_style and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    return node.end_mark.index


def rewritten_text(path: Path, block: dict[str, Any]) -> str:
    """The text of scenario ``path`` with its top-level ``balance`` block replaced by ``block``
    (appended when it had none). Only the lines of that block change: the rest of the file,
    comments, line breaks and quoting, is kept byte for byte."""
    import yaml
    from ruamel.yaml import YAML

    from generator.content.source import display_path

    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=yaml.SafeLoader)  # node marks say where the block starts and ends
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        raise SkirmishError(f"{display_path(path)}: cannot be read as a scenario ({str(err).splitlines()[0]})") from None
    pairs = {k.value: (k, v) for k, v in root.value} if isinstance(root, yaml.MappingNode) else {}
    if "kind" not in pairs or pairs["kind"][1].value != "scenario":
        raise SkirmishError(f"--update {display_path(path)}: is not a scenario file (kind: scenario)")
    rt = YAML()
    rt.width = 100
    buffer = io.StringIO()
    rt.dump({"balance": _flow(block, top=True)}, buffer)
    new = buffer.getvalue()
    if "balance" not in pairs:
        return text + ("" if text.endswith("\n") else "\n") + new
    key, value = pairs["balance"]
    start = text.rfind("\n", 0, key.start_mark.index) + 1
    end = text.find("\n", _last_mark(value)) + 1 or len(text)  # the block ends with its last value's line
    tail = text[end:]
    kept = ""  # comment lines between the block and the next key stay with the file
    while tail.lstrip(" ").startswith("#"):
        line_end = tail.find("\n") + 1 or len(tail)
        kept, tail = kept + tail[:line_end], tail[line_end:]
    return text[:start] + new + kept + tail


def update_balance(path: Path, battles: int | None = None, look_every: int | None = None, seed: int | None = None,
                   runner: Any = None, progress: Callable[[int], None] | None = None) -> Remeasured:
    """Play the verdict on scenario ``path`` as it now is and rewrite its balance block in place.

    ``seed`` None replays the block's own seed (so an unchanged scenario gets its figures back),
    or a fresh one when the file has no figures yet; ``battles`` and ``look_every`` None replay
    the block's own plan (2,000 battles looked at every 200 when it records none)."""
    from generator.balance.matchup import play_verdict
    from generator.balance.sequential import Plan
    from generator.content.source import parse_text
    from generator.dice.rng import make_rng
    from generator.files import write_atomic
    from generator.scenarios.model import load_scenario, validate

    path = Path(path)
    loaded = load_scenario(path)
    system = loaded.system
    if getattr(system, "scenario_options", None) is None:
        raise SkirmishError(f"{path}: system: {system.title} cannot play scenario files yet")
    if seed is None and loaded.scenario.balance is not None:
        seed = loaded.scenario.balance.seed
    old = loaded.scenario.balance
    battles = battles or (old.max_battles if old is not None and old.max_battles else 2000)
    look_every = look_every or (old.look_every if old is not None and old.look_every else 200)
    players = (old.policies.a, old.policies.b) if old is not None and old.policies is not None else ("greedy", "greedy")
    rng = make_rng(seed)
    names = tuple(str(getattr(loaded.rosters[s], "name", None) or f"side {s}") for s in ("a", "b"))
    verdict = play_verdict(system, loaded.rosters["a"], loaded.rosters["b"], system.scenario_options(loaded), rng,
                           Plan(max_battles=battles, look_every=look_every), runner, progress, names, players=players)
    block, kept, dropped = new_block(loaded, verdict)
    text = rewritten_text(path, block)
    source = parse_text(text, path)
    validate(source.data, source, path=path)  # never write a file that does not load
    write_atomic(path, text)
    return Remeasured(path, verdict, block, kept, dropped)
