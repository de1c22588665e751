"""The shape of ``generator/``: no import cycle, imports only down the layers, small modules.

The import graph is built from the source (files as nodes, every ``import`` as an edge, also those
inside functions, since a function-level import is a dependency all the same, only hidden);
``from x import y`` goes to the module ``x.y`` when there is one, else to ``x``'s file. The
layer order is :data:`generator.layers.LAYERS` (explained in CONTRIBUTING.md).

Imports under ``if TYPE_CHECKING:`` never run: they count for the layers (a lower layer does not
even name a type from above) but cannot make an import cycle, so the cycle check leaves them out.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.layers import LAYERS, layer_of

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80

# Files of generator/systems/ allowed over the size limits, each naming what is over (none today:
# the engines are split by the book's chapters); nothing outside generator/systems/ may join it.
SIZE_ALLOWED: dict[str, str] = {}


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    typing_only: bool


def _modules() -> dict[str, Path]:
    """Dotted module name -> file, for every .py file below generator/."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _rel(module: str) -> str:
    return MODULES[module].relative_to(ROOT).as_posix()


def _resolve(name: str) -> str | None:
    """The file an imported dotted name runs: the longest prefix that is a module of ours."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _typing_blocks(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside ``if TYPE_CHECKING:`` blocks."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name == "TYPE_CHECKING":
                inside |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return inside


def _imports(module: str) -> list[Edge]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(), filename=str(path))
    typing_only = _typing_blocks(tree)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    edges = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package[:len(package) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        else:
            continue
        for name in names:
            target = _resolve(name) if name.split(".")[0] == "generator" else None
            if target is not None and target != module:
                edges.append(Edge(module, target, node.lineno, id(node) in typing_only))
    return edges


EDGES = sorted({edge for module in MODULES for edge in _imports(module)}, key=lambda e: (e.source, e.line, e.target))


def _cycles(edges: list[Edge]) -> list[list[str]]:
    """One cycle, as a path of modules back to its start, per strongly connected group (Tarjan)."""
    graph: dict[str, list[str]] = {m: [] for m in MODULES}
    for edge in edges:
        graph[edge.source].append(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_path_within(graph, group) for group in groups]


def _path_within(graph: dict[str, list[str]], group: set[str]) -> list[str]:
    """A shortest cycle through the group's first module, found breadth first."""
    start = min(group)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in graph[v]:
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w in group and w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError("a strongly connected group without a cycle")  # pragma: no cover


def test_every_module_has_a_layer():
    unplaced = []
    for module in MODULES:
        try:
            layer_of(module)
        except KeyError:
            unplaced.append(_rel(module))
    assert not unplaced, f"modules in no layer of generator/layers.py: {unplaced}"


def test_no_import_cycle():
    cycles = _cycles([e for e in EDGES if not e.typing_only])
    shown = ["\n  " + " -> ".join(_rel(m) for m in cycle) for cycle in cycles]
    assert not cycles, f"{len(cycles)} import cycle(s):{''.join(shown)}"


def test_imports_run_down_the_layers():
    against = []
    for edge in EDGES:
        low, high = layer_of(edge.source), layer_of(edge.target)
        if high > low:
            against.append(f"{_rel(edge.source)}:{edge.line} imports {_rel(edge.target)} "
                           f"({LAYERS[low][0]} -> {LAYERS[high][0]})")
    assert not against, "imports against the layer order (generator/layers.py):\n  " + "\n  ".join(against)


def test_the_graph_sees_function_level_and_relative_imports():
    """The graph is only as good as its parser: a function-level import and a relative one
    (``from . import incidence`` in boards/los.py) are both edges."""
    pairs = {(e.source, e.target) for e in EDGES}
    assert ("generator.boards.los", "generator.boards.incidence") in pairs
    assert ("generator.cli", "generator.cli.app") in pairs  # inside main()


def _oversized() -> list[str]:
    found = []
    for module, path in MODULES.items():
        rel = _rel(module)
        if rel in SIZE_ALLOWED:
            continue
        text = path.read_text()
        lines = text.count("\n") + (not text.endswith("\n"))
        if lines > MAX_MODULE_LINES:
            found.append(f"{rel}: {lines} lines (at most {MAX_MODULE_LINES})")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{rel}:{node.lineno}: {node.name} is {length} lines (at most {MAX_FUNCTION_LINES})")
    return found


def test_modules_and_functions_are_small():
    found = _oversized()
    assert not found, "over the size limits:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("rel", sorted(SIZE_ALLOWED))
def test_the_size_allowances_are_systems_files_still_over(rel):
    """An allowance is for a file of generator/systems/ that is still over a limit: one that was
    split leaves the list, and no other folder gets one."""
    assert rel.startswith("generator/systems/"), rel
    path = ROOT / rel
    assert path.exists(), f"{rel} is gone: remove it from SIZE_ALLOWED"
    text = path.read_text()
    over = text.count("\n") > MAX_MODULE_LINES or any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > MAX_FUNCTION_LINES
        for n in ast.walk(ast.parse(text)))
    assert over, f"{rel} is within the limits now: remove it from SIZE_ALLOWED"
