"""No import cycle in nbteach: the graph of its imports, read from the source (ast), is acyclic.

An import inside a function counts as much as one at the top of a module: moving an import
into a function hides a cycle from Python's import machinery, not from a reader. Edges go to
the module named (``from nbteach.check import graded`` -> ``nbteach.check.graded``; ``from
.core import Result`` -> ``nbteach.check.core``), not to the packages above it, which Python
has already initialised when it imports a submodule. An import under ``if TYPE_CHECKING:`` is
never run and is left out.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "nbteach"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict:
    """Module name -> path, for every .py file of the package (homework sources are loaded by
    path, never imported by name: left out)."""
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        if "homework_sources" in path.parts:
            continue
        out[_module_name(path)] = path
    return out


def _type_checking_lines(tree) -> set:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                lines |= {n.lineno for n in ast.walk(sub) if hasattr(n, "lineno")}
    return lines


def imports_of(name: str, path: Path, known) -> dict:
    """``{imported nbteach module: first line}`` for every import statement in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = {}

    def add(target, line):
        if target in known and target != name:
            out.setdefault(target, line)

    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for alias in node.names:
                sub = f"{mod}.{alias.name}"
                add(sub if sub in known else mod, node.lineno)
    return out


def import_graph() -> dict:
    known = _modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def find_cycle(graph):
    """A list of modules forming a cycle (first == last), or None."""
    colour, stack = {}, []

    def visit(node):
        colour[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if colour.get(nxt) is None:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        colour[node] = 2
        return None

    for node in sorted(graph):
        if colour.get(node) is None:
            found = visit(node)
            if found:
                return found
    return None


def _describe(graph, cycle) -> str:
    return "import cycle: " + " -> ".join(
        f"{a} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:])) + f" -> {cycle[-1]}"



def test_the_import_graph_of_nbteach_has_no_cycle():
    graph = import_graph()
    cycle = find_cycle(graph)
    assert cycle is None, _describe(graph, cycle)


def test_the_graph_sees_imports_inside_functions_and_relative_imports():
    """The graph would miss a cycle if it missed either kind of import (checked on a known edge)."""
    graph = import_graph()
    assert "nbteach.check.compare" in graph["nbteach.check.core"]       # from .compare import ...
    assert "nbteach.check.graded" in graph["nbteach.teacher.homework"]  # from nbteach.check import graded
    assert find_cycle({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": 1}, "b": {}}) is None


def test_an_import_inside_a_function_is_an_edge(tmp_path):
    pkg = tmp_path / "nbteach" / "check"
    pkg.mkdir(parents=True)
    probe = pkg / "probe.py"
    probe.write_text("def f():\n    from .core import Result\n    import nbteach.check.graded\n")
    known = {"nbteach.check.probe", "nbteach.check.core", "nbteach.check.graded"}
    assert set(imports_of("nbteach.check.probe", probe, known)) == {"nbteach.check.core", "nbteach.check.graded"}


CHECK_AND_TEACHER = sorted(n for n in _modules() if n.startswith(("nbteach.check", "nbteach.teacher")))


#: One interpreter loads the third-party libraries nbteach builds on, holding no module of nbteach,
#: then forks a child a module: each child imports its module first, before anything else of
#: nbteach (what the test is about), without paying numpy's, pandas' and sympy's import again
#: (a new interpreter a module cost 50 s of make test).
_FORK_EACH = """
import importlib, json, os, sys, traceback
import numpy, pandas, sympy, matplotlib
assert not [m for m in sys.modules if m == "nbteach" or m.startswith("nbteach.")]
results = {}
for name in json.loads(sys.argv[1]):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            importlib.import_module(name)
            text = "ok"
            # Dask only when grading on a cluster (the optional extra nbteach[cluster])
            if "dask" in sys.modules or "distributed" in sys.modules:
                text = "imports Dask at import time: import it inside the function that grades on a cluster"
        except BaseException:
            text = traceback.format_exc()[-2000:]
        os.write(write, text.encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as fh:
        results[name] = fh.read().decode()
    os.waitpid(pid, 0)
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def imported_first():
    out = subprocess.run([sys.executable, "-c", _FORK_EACH, json.dumps(CHECK_AND_TEACHER)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", CHECK_AND_TEACHER)
def test_each_check_and_teacher_module_imports_first_in_a_fresh_interpreter(name, imported_first):
    """Imported first, before anything else of nbteach, each module loads: no order of
    imports depends on another module having been imported before; and none imports Dask."""
    assert imported_first[name] == "ok", imported_first[name]
