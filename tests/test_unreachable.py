"""No statement follows a return, raise, break or continue in the same block, in the library, its
tools, its benchmarks or its tests: such code never runs. (Two browser value checks once had
their whole body after a helper's return and checked nothing.) Read with ast, never run."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENDS = (ast.Return, ast.Raise, ast.Break, ast.Continue)


def unreachable(source: str) -> list[int]:
    """Line numbers of statements that come after a return/raise/break/continue in their block."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                for before, after in zip(block, block[1:]):
                    if isinstance(before, ENDS):
                        found.append(after.lineno)
    return found


def test_no_code_after_a_return():
    bad = [f"{path.relative_to(ROOT)}:{line}"
           for folder in ("nbteach", "tools", "benchmarks", "tests")
           for path in sorted((ROOT / folder).rglob("*.py"))
           for line in unreachable(path.read_text(encoding="utf-8"))]
    assert not bad, "code that never runs (after a return/raise/break/continue): " + ", ".join(bad)


def test_the_reader_finds_code_after_a_return():
    assert unreachable("def f():\n    def g():\n        return 1\n        x = 2\n    return g\n") == [4]
    assert unreachable("for i in []:\n    continue\n    print(i)\n") == [3]
    assert unreachable("def f():\n    return 1\n") == []
