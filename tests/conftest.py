"""Suite-wide settings.

Property tests explore new examples on a developer's machine, but CI (``CI=true``) runs them
derandomized, so a landing never depends on which examples Hypothesis happened to draw.
``--bless`` rewrites the golden drawings (tests/layout/golden/) from the current output.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser):
    parser.addoption("--bless", action="store_true", default=False,
                     help="rewrite the golden files (tests/layout/golden/) from the current output, on purpose")


@pytest.fixture
def bless(request) -> bool:
    return bool(request.config.getoption("--bless"))


ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def skirmish_cli():
    """Run ``skirmish`` as a user would (``python -m generator``), from the repository root."""

    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True, cwd=ROOT)

    return run
