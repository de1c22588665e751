import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def skirmish_cli():
    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True, cwd=ROOT)

    return run
