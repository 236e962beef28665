"""Homework notebooks: built from the teacher's sources (nbteach/teacher/homework_sources/hwNN/), never by hand.

The committed self-study versions (notebooks/homework/, and their solutions in
teacher/homework_solutions/) are exactly what the sources build without a secret; the
solution version passes every check; the student version reports "not attempted"
everywhere (and does not raise).
"""
import ast
import json
from pathlib import Path

import pytest

from nbteach.check import CORRECT, NOT_ATTEMPTED, Result
from nbteach.i18n import set_language
from nbteach.teacher.assign import render
from nbteach.teacher.homework import load, sources
from nbteach.teacher.notebook import student_source

ROOT = Path(__file__).resolve().parents[1]
NAMES = sources()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the checks count attempts in a file next to the notebook


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


def test_there_is_homework_for_the_lessons():
    assert NAMES == ["hw01", "hw02", "hw03", "hw04", "hw05", "hw06"]


@pytest.mark.parametrize("name", NAMES)
def test_committed_notebooks_are_what_the_source_builds(name):
    hw = load(name)
    v = hw.variant(None, None)
    student = ROOT / "notebooks" / "homework" / hw.notebook
    solution = ROOT / "teacher" / "homework_solutions" / hw.notebook
    assert student.read_text(encoding="utf-8") == render(v.notebook()), \
        f"{student} differs from what nbteach/teacher/homework_sources/{name} builds (see tools/make_homework.py)"
    assert solution.read_text(encoding="utf-8") == render(v.notebook(solutions=True))


@pytest.mark.parametrize("name", NAMES)
def test_solution_passes_every_check_and_student_version_is_not_attempted(name):
    v = load(name).variant(None, None)
    results = run_in_process(v.notebook(solutions=True))
    assert results and all(isinstance(r, Result) for r in results)
    assert [r.exercise_id for r in results if r.status != CORRECT] == [], [str(r) for r in results]
    assert [r.exercise_id for r in results] == v.exercise_ids
    student = run_in_process(v.notebook())
    assert [r.exercise_id for r in student] == v.exercise_ids
    assert {r.status for r in student} == {NOT_ATTEMPTED}


@pytest.mark.parametrize("name", NAMES)
def test_every_variant_is_well_defined(name):
    from nbteach.teacher.homework import _check_well_defined

    hw = load(name)
    # the practice variant and four students' (tests/test_homework_graded.py builds twelve more,
    # whose construction refuses an ill-defined one too: Homework.variant checks each exercise)
    for v in [hw.variant(None, None)] + [hw.variant(b"a class secret", f"s{i}") for i in range(4)]:
        for ex in v.exercises:
            _check_well_defined(ex)  # every mistake differs from the answer, at the stated precision
        assert v.exercise_ids == hw.exercise_ids


def test_student_source_rules():
    assert student_source("x = 1 + 1  # SOLUTION") == "x = ____  # your answer"
    assert student_source("    r['a'] = f()  # SOLUTION") == "    r['a'] = ____  # your answer"
    body = "def f(x):\n    # BEGIN SOLUTION\n    y = 2 * x\n    return y\n    # END SOLUTION\nf"
    assert student_source(body) == "def f(x):\n    return ____  # your code here\nf"
    assert student_source("# BEGIN SOLUTION\na = 1\n# END SOLUTION\nb = a  # SOLUTION") == \
        "# your working here\nb = ____  # your answer"
    with pytest.raises(ValueError):
        student_source("# BEGIN SOLUTION\nx = 1")
    with pytest.raises(ValueError):
        student_source("print(1)  # SOLUTION")


def test_the_package_holds_no_homework_definitions():
    import nbteach

    pkg = Path(nbteach.__file__).resolve().parent
    assert not list((pkg / "check").glob("hw*.py"))
    for path in (pkg / "check").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import nbteach.teacher" not in text and "from nbteach.teacher" not in text, \
            f"{path.name} imports the teacher side"
