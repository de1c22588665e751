"""Keep the incidence disk cache of the test run out of the user's home folder."""

import pytest

from generator.boards import incidence


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("SKIRMISH_CACHE", str(tmp_path_factory.getbasetemp() / "skirmish-cache"))
    yield
    incidence.clear_memory()
