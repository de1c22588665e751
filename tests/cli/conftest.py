import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def skirmish():
    """Run the command line as a user would (python -m generator == the skirmish script)."""

    def run(*args, cwd=None):
        return subprocess.run(
            [sys.executable, "-m", "generator", *map(str, args)],
            capture_output=True, text=True, cwd=cwd or ROOT,
        )

    return run
