"""The examples written in the rules cores' docstrings are run, so they cannot drift from the code."""

import doctest
import importlib
import pkgutil

import pytest

import generator.systems

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(generator.systems.__path__, "generator.systems.")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
