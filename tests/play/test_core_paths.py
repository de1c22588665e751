"""One set of rules, two ways to run it: the compiled core and the same sources as plain Python
(the reference path) write the same battle log, byte for byte, for the same seed; and a battle
the core plays to the end by itself is the battle the engine plays asking the players one
decision at a time through the protocol.

Every system of :data:`tests.play.core_logs.CASES` plays its pairings (both seatings, greedy and
random players on either side); for a system without a compiled module the first test checks that
a fresh process plays the same battles (nothing in a battle hangs on hash order or process
state), and the second does not apply. The default run plays a few seeds of each; ``--runslow``
plays a few hundred battles per system.
"""

from __future__ import annotations

import pytest

from generator.compiled import core_path
from tests.play.core_logs import CASES, digests

SYSTEMS = sorted(CASES)


def _seeds(request, system: str) -> int:
    """A few hundred battles per system with ``--runslow``, else 3 seeds of each pairing (by
    default only systems with compiled modules are checked, one seed each where only pieces of
    the core are compiled: their engine, mostly Python, plays a battle tens of times slower)."""
    if request.config.getoption("--runslow"):
        return 20
    return 3 if _has_core(system) else 1


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_reference_path_writes_the_same_logs(system, request, python_path):
    if not _has_compiled_code(system) and not request.config.getoption("--runslow"):
        # one path only: the fresh process plays the same Python code (a check of determinism
        # across processes, which --runslow keeps)
        pytest.skip(f"{system} has no compiled module: both paths are its Python engine (run with --runslow)")
    seeds = _seeds(request, system)
    here = digests(system, seeds)
    reference = python_path("generator.play.core", f"""
from tests.play.core_logs import digests
result = digests({system!r}, {seeds})
""")
    assert here == reference, f"{sum(a != b for a, b in zip(here, reference))} of {len(here)} battles differ"


def _has_compiled_code(system_name: str) -> bool:
    """Does any of the system's modules run compiled (a whole battle core, or the first pieces of
    one)? Then the two paths are different code, and their logs must still be the same."""
    from generator.compiled import COMPILED_MODULES

    return any(m.startswith(f"generator.systems.{system_name}.") for m in COMPILED_MODULES)


def _has_core(system_name: str) -> bool:
    """Does the system's greedy player run in a battle core?"""
    from generator.registry import system

    greedy = (system(system_name).policies or {}).get("greedy")
    return greedy is not None and hasattr(greedy, "core_player")


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_battle_played_in_the_core_is_the_battle_played_through_the_protocol(system, request):
    if not _has_core(system):
        pytest.skip(f"{system}'s battles are played through the protocol only (no battle core)")
    seeds = _seeds(request, system)
    assert digests(system, seeds) == digests(system, seeds, protocol=True)


def test_this_run_says_which_path_it_is_on():
    path, why = core_path()
    assert path in ("compiled", "python") and (path == "compiled") == (why == "")


def test_a_left_over_build_of_a_module_no_longer_compiled_is_not_imported(monkeypatch):
    """A module taken out of COMPILED_MODULES may leave its extension file beside its source in a
    working copy; Python would import that stale build first. The finder hands out the source."""
    import generator.compiled as compiled

    module = "generator.systems.gorechosen.cost"
    assert module not in compiled.COMPILED_MODULES
    stale = compiled.PACKAGE / "systems" / "gorechosen" / "cost.cpython-311-x86_64-linux-gnu.so"
    monkeypatch.setattr(compiled, "_compiled_file", lambda name: stale if name == module else None)
    spec = compiled._SourceFirst().find_spec(module)
    assert spec is not None and spec.origin.endswith("cost.py")
    assert compiled._SourceFirst().find_spec("generator.systems.gorechosen.calc") is None  # no build: the usual finders
