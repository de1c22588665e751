"""skirmish: build, price, print and balance fighters for five tabletop skirmish systems.

The package is laid out as a pipeline you can see in the folder names:
content/ (data) -> ``content`` (load + validate) -> ``systems`` (rules cores) -> ``play``
(battles) -> ``balance`` (verdicts) -> ``scenarios`` -> ``layout`` (SVG/PDF) -> output/.
``cli`` is a thin shell over all of it. The layers and what may import what: generator/layers.py
and CONTRIBUTING.md.
"""

__version__ = "0.1.0"

# The battle cores run compiled when they were built at install and are current, else as the
# same Python source; the finder that decides is in place before any of them is imported, and
# decides on the first (see generator/compiled.py).
from generator.compiled import choose_path as _choose_core_path  # noqa: E402

_choose_core_path()


def _register_parts() -> None:
    """Import the parts that register systems and document kinds with :mod:`generator.registry`
    (run on the first question asked there, so ``import generator`` stays light)."""
    import generator.boards.mapfile  # noqa: F401  map files
    import generator.scenarios.decks  # noqa: F401  decks, shared by every system
    import generator.scenarios.model  # noqa: F401  scenario files, shared by every system
    import generator.systems  # noqa: F401  the five systems and their content kinds


from generator.registry import provide_with as _provide_with  # noqa: E402

_provide_with(_register_parts)
