"""Homework notebooks: written once as solutions, student versions generated from them.

The solution version passes every check; the generated student version reports
"not attempted" everywhere (and does not raise); the committed student version is
exactly what tools/make_homework.py generates, so the two cannot drift.
"""
import ast
import importlib.util
import json
from pathlib import Path

import pytest

from nbteach.check import CORRECT, NOT_ATTEMPTED, Result, exercises
from nbteach.i18n import set_language

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "teacher" / "homework_solutions").glob("*.ipynb"))


def _tool():
    spec = importlib.util.spec_from_file_location("make_homework", ROOT / "tools" / "make_homework.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run_in_process(nb: dict) -> list:
    """Execute a notebook's code cells in one namespace; return the Result of every check cell."""
    ns, results = {"__name__": "__main__"}, []
    try:
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            src = "".join(cell["source"])
            tree = ast.parse(src)
            last = tree.body[-1] if tree.body else None
            if (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
                    and isinstance(last.value.func, ast.Attribute) and last.value.func.attr == "check"):
                exec(compile(ast.Module(tree.body[:-1], []), "<cell>", "exec"), ns)
                results.append(eval(compile(ast.Expression(last.value), "<cell>", "eval"), ns))
            else:
                exec(compile(tree, "<cell>", "exec"), ns)
    finally:
        set_language("en")
    return results


def test_there_is_homework_for_lessons_01_to_03():
    assert any(p.name.startswith("hw01") for p in SOLUTIONS)


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_solution_passes_every_check(path):
    results = run_in_process(json.loads(path.read_text(encoding="utf-8")))
    assert results and all(isinstance(r, Result) for r in results)
    assert [r.exercise_id for r in results if r.status != CORRECT] == [], [str(r) for r in results]


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_student_version_is_generated_and_not_attempted_everywhere(path):
    tool = _tool()
    solution = json.loads(path.read_text(encoding="utf-8"))
    student = tool.student_notebook(solution, path.name)
    committed = ROOT / "notebooks" / "homework" / path.name
    assert committed.read_text(encoding="utf-8") == tool.render(student), \
        "student notebook is stale: run python tools/make_homework.py"
    results = run_in_process(student)
    assert len(results) == len(run_in_process(solution))
    assert {r.status for r in results} == {NOT_ATTEMPTED}
    text = committed.read_text(encoding="utf-8")
    assert "# SOLUTION" not in text and "BEGIN SOLUTION" not in text


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_every_homework_exercise_is_in_its_notebook(path):
    prefix = path.name.split("_")[0] + "."
    text = path.read_text(encoding="utf-8")
    ids = [q.id for q in exercises(prefix)]
    assert ids
    for i in ids:
        assert f'exercise(\\"{i}\\")' in text, f"{i} has no check cell in {path.name}"


def test_student_source_rules():
    tool = _tool()
    assert tool.student_source("x = 1 + 1  # SOLUTION") == "x = ____  # your answer"
    assert tool.student_source("    r['a'] = f()  # SOLUTION") == "    r['a'] = ____  # your answer"
    body = "def f(x):\n    # BEGIN SOLUTION\n    y = 2 * x\n    return y\n    # END SOLUTION\nf"
    assert tool.student_source(body) == "def f(x):\n    return ____  # your code here\nf"
    assert tool.student_source("# BEGIN SOLUTION\na = 1\n# END SOLUTION\nb = a  # SOLUTION") == \
        "# your working here\nb = ____  # your answer"
    with pytest.raises(ValueError):
        tool.student_source("# BEGIN SOLUTION\nx = 1")
    with pytest.raises(ValueError):
        tool.student_source("print(1)  # SOLUTION")
    nb = {"cells": [{"cell_type": "code", "metadata": {"tags": ["solution-only"]}, "source": "secret()",
                     "outputs": [], "execution_count": None}], "metadata": {}}
    assert tool.student_notebook(nb, "x.ipynb")["cells"] == []
