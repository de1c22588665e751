"""docs/rosters.md is generated from the models; it must match what the models say today."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rosters_doc_is_current():
    spec = importlib.util.spec_from_file_location("rosters_doc", ROOT / "tools" / "rosters_doc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (ROOT / "docs" / "rosters.md").read_text(encoding="utf-8") == module.render(), (
        "docs/rosters.md is stale: run python tools/rosters_doc.py > docs/rosters.md")
