"""Which path plays the battles: the compiled core, or the same source as plain Python.

The battle cores are ordinary Python modules whose C types live beside them in ``.pxd`` files
(Cython's "augmenting" declarations). ``pip install`` compiles them with Cython
(``hatch_build.py``); Python then imports the compiled module in place of the ``.py`` file.
Nothing else differs: the rules are written once, in the ``.py`` files, and the plain-Python
run of the same files is the reference the tests compare the compiled run against, log for
log, seed for seed.

The compiled modules are used only when every one of them is present and was built from the
sources as they are now (the build records a hash of each ``.py``/``.pxd`` pair in
``generator/_compiled.json``); otherwise all of them run as Python, so a compiled module never
meets a stale or plain-Python neighbour. ``SKIRMISH_CORE=python`` asks for the Python path on
purpose. :func:`core_path` says which path runs and why; commands that play battles say it once
when it is the slower one.

The decision (which reads the manifest and hashes the sources) is made when the first core module
is imported, not when ``generator`` is: a command that plays no battle (``--help``) never pays it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: The modules compiled at install, in build order (a module's cimports come before it).
#: ``hatch_build.py`` reads this tuple from this file's text, so keep it a plain literal.
COMPILED_MODULES = (
    "generator.dice.stream",
    "generator.play.core",
    "generator.play.search",
    "generator.play.board",
    "generator.systems.warcry.mechanics",
    "generator.systems.warcry.abilities",
    "generator.systems.bladeborn.pieces",
    "generator.systems.bladeborn.mechanics",
    "generator.systems.bladeborn.queries",
    "generator.systems.bladeborn.combat",
    "generator.systems.bladeborn.scoring",
    "generator.systems.bladeborn.abilities",
    "generator.systems.bladeborn.battle",
    "generator.systems.bladeborn.game",
    "generator.systems.bladeborn.policy_odds",
    "generator.systems.bladeborn.policy_control",
    "generator.systems.bladeborn.policy_abilities",
    "generator.systems.bladeborn.policy",
    "generator.systems.bladestorm.core_data",
    "generator.systems.bladestorm.core_movement",
    "generator.systems.bladestorm.core_rules",
    "generator.systems.bladestorm.core_player",
    "generator.systems.gorechosen.core_judge",
    "generator.systems.gorechosen.arcs",
    "generator.systems.gorechosen.mechanics",
    "generator.systems.gorechosen.moves",
    "generator.systems.gorechosen.effects",
    "generator.systems.gorechosen.abilities",
    "generator.systems.gorechosen.combat",
    "generator.systems.gorechosen.actions",
    "generator.systems.gorechosen.rounds",
    "generator.systems.gorechosen.game",
    "generator.systems.gorechosen.judge",
    "generator.systems.gorechosen.policy",
    "generator.systems.sagaborn.core_data",
    "generator.systems.sagaborn.core_movement",
    "generator.systems.sagaborn.pieces",
    "generator.systems.sagaborn.mechanics",
    "generator.systems.sagaborn.sight",
    "generator.systems.sagaborn.targeting",
    "generator.systems.sagaborn.movement",
    "generator.systems.sagaborn.effects",
    "generator.systems.sagaborn.talents",
    "generator.systems.sagaborn.combat",
    "generator.systems.sagaborn.actions",
    "generator.systems.sagaborn.scoring",
    "generator.systems.sagaborn.rounds",
    "generator.systems.sagaborn.game",
    "generator.systems.sagaborn.judge",
    "generator.systems.sagaborn.policy",
)

PACKAGE = Path(__file__).resolve().parent  # generator/
MANIFEST = PACKAGE / "_compiled.json"
ENV = "SKIRMISH_CORE"

_state: dict[str, str] = {}


def source_hash(module: str, package: Path = PACKAGE) -> str:
    """The hash the build records for ``module``: its ``.py`` and ``.pxd`` together."""
    import hashlib

    base = package.parent.joinpath(*module.split("."))
    digest = hashlib.sha256()
    for suffix in (".py", ".pxd"):
        path = base.with_suffix(suffix)
        digest.update(suffix.encode())
        digest.update(path.read_bytes() if path.is_file() else b"")
    return digest.hexdigest()


def _compiled_file(module: str) -> Path | None:
    from importlib.machinery import EXTENSION_SUFFIXES

    base = PACKAGE.parent.joinpath(*module.split("."))
    for suffix in EXTENSION_SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.is_file():
            return candidate
    return None


def _why_not_compiled() -> str | None:
    """None when every compiled module is present and current, else the reason in a few words."""
    import json

    if os.environ.get(ENV, "").strip().lower() == "python":
        return f"{ENV}=python"
    try:
        recorded = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return "the compiled core was not built (no C compiler at install?)"
    for module in COMPILED_MODULES:
        if _compiled_file(module) is None:
            return f"{module} was not compiled"
        if recorded.get(module) != source_hash(module):
            return f"{module} changed since it was compiled (reinstall: pip install -e .)"
    return None


class _SourceFirst:
    """A meta path finder (``importlib.abc.MetaPathFinder``'s one method) put first on
    ``sys.meta_path``: on the first import of a core module it decides the path; on the Python
    path it then finds the cores' ``.py`` files before their extension modules."""

    def find_spec(self, name, path=None, target=None):
        if name not in COMPILED_MODULES:
            if name.startswith("generator.") and _compiled_file(name) is not None:
                return _source_spec(name)  # a left-over build of a module no longer compiled
            return None
        if _decide() == "compiled":
            return None  # the ordinary finders pick the extension module
        return _source_spec(name)


def _source_spec(name: str):
    """The spec of module ``name``'s ``.py`` file (None when it has none: then the ordinary
    finders look)."""
    import importlib.util

    source = PACKAGE.parent.joinpath(*name.split(".")).with_suffix(".py")
    return importlib.util.spec_from_file_location(name, source) if source.is_file() else None


def _decide() -> str:
    if not _state:
        why = _why_not_compiled()
        _state.update(path="compiled" if why is None else "python", why=why or "")
    return _state["path"]


def choose_path() -> None:
    """Put the finder in place, once per process, before any core module is imported
    (``generator/__init__``); the path itself is decided on the first import of a core."""
    if not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def core_path() -> tuple[str, str]:
    """``("compiled", "")`` or ``("python", why)``: which path plays the battles in this process."""
    choose_path()
    _decide()
    return _state["path"], _state["why"]


def is_compiled(module) -> bool:
    """Whether an imported module runs compiled (its file is an extension module)."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
