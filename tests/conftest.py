"""Suite-wide settings.

Property tests explore new examples on a developer's machine, but CI (``CI=true``) runs them
derandomized, so a landing never depends on which examples Hypothesis happened to draw.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# Slow end-to-end runs (the whole demo) are optional: `pytest --runslow` or SKIRMISH_SLOW=1 runs
# them; their parts are tested quickly on every run.
def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="also run tests marked slow")


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
