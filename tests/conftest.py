"""Suite-wide settings.

Property tests explore new examples on a developer's machine, but CI (``CI=true``) runs them
derandomized, so a landing never depends on which examples Hypothesis happened to draw.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def skirmish_cli():
    """Run ``skirmish`` as a user would (``python -m generator``), from the repository root."""

    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True, cwd=ROOT)

    return run
