"""Build-it exercises (issue 33): students write the central algorithms, and the library call that
would do it for them is switched off while their function is checked.

* every lesson 01-12 has at least one build-it exercise, every homework hw01-hw06 at least two:
  a function exercise that declares ``forbidden`` (dotted library names) and ``shortcut`` (the
  one-line answer through them);
* the shortcut is refused, ``mistake == "library_shortcut"``, with the message that names the
  switched-off name: in the lesson, in the self-study homework's released check, and under the
  sealed grader (a function sandbox of its own, the judge, the grader's verdict);
* the worked solution passes its own check;
* every wrong implementation kept in ``tests/build_it/*.py`` (``WRONG = {exercise id: [(expected
  mistake or None, function), ...]}``, at least three an exercise) is refused: never correct, and
  named as the expected mistake where one is given.
"""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from nbteach.check import exercise, exercises
from nbteach.check.functions import SHORTCUT
from nbteach.check.serial import encode
from nbteach.teacher import sandbox
from nbteach.teacher.homework import load, sources

ROOT = Path(__file__).resolve().parents[1]
HOMEWORK = sorted(sources())


def _wrong() -> dict:
    """Every registry's WRONG, merged (tests/build_it/*.py)."""
    out = {}
    for path in sorted((ROOT / "tests" / "build_it").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"build_it_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for ex_id, cases in getattr(module, "WRONG", {}).items():
            out.setdefault(ex_id, []).extend(cases)
    return out


WRONG = _wrong()


def _is_build_it(ex) -> bool:
    return ex.kind == "function" and bool(ex.forbidden) and callable(ex.shortcut)


def _lesson_build_its():
    return [e.id for e in exercises() if _is_build_it(e)]


def _homework_build_its():
    out = []
    for name in HOMEWORK:
        v = load(name).variant(None, None)
        out += [e.id for e in v.exercises if _is_build_it(e)]
    return out


def _homework_exercise(ex_id):
    return load(ex_id.split(".")[0]).variant(None, None).exercise(ex_id)


def test_every_lesson_has_a_build_it_and_every_homework_two():
    from collections import Counter

    lessons = Counter(i.split(".")[0] for i in _lesson_build_its())
    missing = [f"{n:02d}" for n in range(1, 13) if not lessons[f"{n:02d}"]]
    assert not missing, f"lessons without a build-it exercise: {missing}"
    homework = Counter(i.split(".")[0] for i in _homework_build_its())
    short = {name: homework[name] for name in HOMEWORK if homework[name] < 2}
    assert not short, f"homework with fewer than two build-its: {short}"
    assert len(HOMEWORK) == 6


@pytest.mark.parametrize("ex_id", _lesson_build_its())
def test_a_lesson_build_it_refuses_its_shortcut_and_passes_its_solution(ex_id):
    q = exercise(ex_id)
    r = q.check(q.shortcut, _record=False)
    assert r.status == "incorrect" and r.mistake == SHORTCUT, (r.status, r.mistake, r.message)
    assert any(name in r.message for name in q.forbidden), r.message
    assert q.check(q.reference(), _record=False).correct
    solved = _solution_function(q)
    assert q.check(solved, _record=False).correct, q.check(solved, _record=False).message


@pytest.mark.parametrize("ex_id", _homework_build_its())
def test_a_homework_build_it_refuses_its_shortcut_in_the_released_check(ex_id):
    name = ex_id.split(".")[0]
    v = load(name).variant(None, None)
    ex = v.exercise(ex_id)
    released = v.register("practice")[ex_id]
    r = released.check(ex.shortcut, _record=False)
    assert r.status == "incorrect" and r.mistake == SHORTCUT, (r.status, r.mistake, r.message)
    assert released.check(ex.answer, _record=False).correct


def _solution_function(q):
    """The function the worked solution (its English text) defines, run as a student's cell."""
    text = q.solution_text["en"] if isinstance(q.solution_text, dict) else str(q.solution_text)
    code = re.sub(r"^```(python)?\n|```$", "", text.strip(), flags=re.M)
    names = re.findall(r"^def (\w+)\(", code, flags=re.M)
    assert names, f"{q.id}: the worked solution defines no function"
    scope = {"__name__": "__student__"}
    exec("from fractions import Fraction\nimport math\nimport numpy as np\nimport pandas as pd\n" + code, scope)
    return scope[names[-1]]


@pytest.mark.parametrize("ex_id", sorted(WRONG))
def test_every_wrong_implementation_kept_is_refused_with_its_diagnosis(ex_id):
    assert len(WRONG[ex_id]) >= 3, f"{ex_id}: keep at least three wrong implementations"
    q = _homework_exercise(ex_id) if re.match(r"^hw\d\d\.", ex_id) else exercise(ex_id)
    for expected, func in WRONG[ex_id]:
        r = q.check(func, _record=False)
        assert r.status == "incorrect", (ex_id, func.__name__, r.status, r.message)
        if expected is not None:
            assert r.mistake == expected, (ex_id, func.__name__, r.mistake, r.message)


@pytest.mark.xdist_group("grade")
@pytest.mark.skipif(not sandbox.available(), reason="bubblewrap (bwrap) cannot run here")
def test_the_sealed_grader_refuses_every_shortcut():
    """Each build-it's shortcut as a recorded answer, judged as the grader judges a submission:
    its own function sandbox (the names switched off there), the sealed judge, the grader's verdict."""
    from nbteach.teacher import autograde, runner

    seal = runner.Seal(True)
    lessons = _lesson_build_its()
    got = autograde.judge_answers({i: (json.loads(json.dumps(encode(exercise(i).shortcut))), "en") for i in lessons},
                                  lessons, exercise, b"build-it", seal, "en")
    import sys

    import cloudpickle

    ids = _homework_build_its()     # every homework's, judged together (one judge, as one submission's)
    for i in ids:   # a homework source is loaded by path: its functions travel by value, as a notebook's
        cloudpickle.register_pickle_by_value(sys.modules[_homework_exercise(i).shortcut.__module__])
    records = {i: (json.loads(json.dumps(encode(_homework_exercise(i).shortcut))), "en") for i in ids}
    got.update(autograde.judge_answers(records, ids, _homework_exercise, b"build-it", seal, "en"))
    refused = {i: (v.status, v.mistake) for i, v in got.items()}
    assert refused == {i: ("incorrect", SHORTCUT) for i in lessons + _homework_build_its()}, refused
