"""Reading the ``play`` files the fit tools write and keep in tools/data/ (gzipped there)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path


def read_play(path) -> dict:
    """One ``play`` file, ``.json`` or ``.json.gz``."""
    raw = Path(path).read_bytes()
    return json.loads(gzip.decompress(raw) if str(path).endswith(".gz") else raw)
