"""Run code on the reference path: the battle cores' sources as plain Python, in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def python_path():
    """``python_path(module, code)``: run ``code`` (which sets ``result``) with ``SKIRMISH_CORE=python``
    and return ``result`` through JSON; checks that ``module`` really ran as Python there."""

    def run(module: str, code: str):
        script = textwrap.dedent(code) + textwrap.dedent(f"""
            import json, sys, importlib
            assert importlib.import_module({module!r}).__file__.endswith(".py")
            sys.stdout.write(json.dumps(result))
        """)
        env = dict(os.environ, SKIRMISH_CORE="python")
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env,
                              check=False)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run
