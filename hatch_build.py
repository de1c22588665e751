"""Build hook: compile the battle cores with Cython when the wheel is built (``pip install``).

The modules listed in ``generator/compiled.py`` are compiled in place, next to their sources (so
a source checkout runs them too), and packed into the wheel; a hash of each source is written to
``generator/_compiled.json`` so the tool can tell a current build from a stale one. When Cython or
a C compiler is missing the build says why and goes on: the package then runs the same modules as
plain Python, only slower.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: A core module (one with a ``.pxd`` of C types) is compiled without Python's index checks: its
#: loops index typed arrays only, within bounds by construction.
DIRECTIVES = {"boundscheck": False, "wraparound": False, "initializedcheck": False, "cdivision": False,
              "language_level": 3}
#: A module without a ``.pxd`` is ordinary Python compiled as it is: every check Python makes is
#: kept (an index past the end raises, ``[-1]`` is the last item) and annotations stay hints
#: (typed by them, Cython would reject an int where ``float`` is written, or turn it into a C double).
PLAIN_DIRECTIVES = {"language_level": 3, "annotation_typing": False}


def compiled_modules(root: Path) -> tuple[str, ...]:
    tree = ast.parse((root / "generator" / "compiled.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMPILED_MODULES" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise RuntimeError("generator/compiled.py has no COMPILED_MODULES")


def source_hash(root: Path, module: str) -> str:
    import hashlib

    base = root.joinpath(*module.split("."))
    digest = hashlib.sha256()
    for suffix in (".py", ".pxd"):
        path = base.with_suffix(suffix)
        digest.update(suffix.encode())
        digest.update(path.read_bytes() if path.is_file() else b"")
    return digest.hexdigest()


class CompiledCore(BuildHookInterface):
    PLUGIN_NAME = "compiled-core"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        manifest = root / "generator" / "_compiled.json"
        modules = compiled_modules(root)
        try:
            built = self._build(root, modules)
        except Exception as err:  # no compiler, no Cython: the Python path still works
            manifest.unlink(missing_ok=True)
            print(f"skirmish: the compiled battle core was not built ({type(err).__name__}: {err}); "
                  f"the battles will run as plain Python", file=sys.stderr)
            return
        manifest.write_text(json.dumps({m: source_hash(root, m) for m in modules}, indent=1) + "\n")
        if version != "editable":
            for path in built + [manifest]:
                build_data["force_include"][str(path)] = str(path.relative_to(root))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    @staticmethod
    def _build(root: Path, modules: tuple[str, ...]) -> list[Path]:
        import os

        from Cython.Build import cythonize
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext

        sources = [Path(*m.split(".")).with_suffix(".py") for m in modules]
        typed = [str(s) for s in sources if (root / s).with_suffix(".pxd").is_file()]
        plain = [str(s) for s in sources if not (root / s).with_suffix(".pxd").is_file()]
        here = os.getcwd()
        os.chdir(root)  # cythonize names modules by their paths from the project root
        try:
            extensions = (cythonize(typed, compiler_directives=DIRECTIVES, quiet=True)
                          + (cythonize(plain, compiler_directives=PLAIN_DIRECTIVES, quiet=True) if plain else []))
            for ext in extensions:
                ext.extra_compile_args = ["-O2"]
            dist = Distribution({"ext_modules": extensions, "script_name": "hatch_build.py"})
            command = build_ext(dist)
            command.inplace = True
            command.parallel = 2
            command.ensure_finalized()
            command.run()
            return [root / command.get_ext_filename(ext.name) for ext in extensions]
        finally:
            os.chdir(here)
