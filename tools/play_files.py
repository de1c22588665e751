"""Reading the ``play`` files the fit tools write and keep in tools/data/ (gzipped there)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path


def read_play(path) -> dict:
    """One ``play`` file, ``.json`` or ``.json.gz``."""
    raw = Path(path).read_bytes()
    return json.loads(gzip.decompress(raw) if str(path).endswith(".gz") else raw)


def merged_plays(paths, key: str) -> tuple[list[dict], list[dict], list[int]]:
    """The ``key`` entries (forces, champions) of one or more ``play`` files in order, their pairs
    with indices made unique across the files, and the number of the file each entry came from
    (separate round robins are separate comparison graphs)."""
    items, pairs, groups = [], [], []
    for group, path in enumerate([paths] if isinstance(paths, (str, Path)) else paths):
        data = read_play(path)
        offset = len(items)
        items += data[key]
        groups += [group] * len(data[key])
        pairs += [{**p, "i": p["i"] + offset, "j": p["j"] + offset} for p in data["pairs"]]
    return items, pairs, groups
