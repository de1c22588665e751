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
    parser.addoption("--runslow", action="store_true", default=False, help="also run tests marked slow")


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


# Slow end-to-end runs (the whole demo) are optional: `pytest --runslow` or SKIRMISH_SLOW=1 runs
# them; their parts are tested quickly on every run.


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a long end-to-end run; skipped unless --runslow or SKIRMISH_SLOW=1")


def pytest_collection_modifyitems(config, items):
    import pytest

    if config.getoption("--runslow") or os.environ.get("SKIRMISH_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow end-to-end run: use --runslow or SKIRMISH_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def python_path():
    """``python_path(module, code)``: run ``code`` (which sets ``result``) on the reference path,
    the battle cores' sources as plain Python (``SKIRMISH_CORE=python``), in a child process, and
    return ``result`` through JSON; checks that ``module`` really ran as Python there."""
    import json
    import textwrap

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
