"""One exercise model (issue 22): a lesson's exercise and a graded homework's are one class with
a visibility; a graded exercise's student side carries no answer, no solution and no hint that
gives the answer."""
from __future__ import annotations

import dataclasses
import json
import re
from fractions import Fraction

import numpy as np
import pytest

from nbteach._base import NbteachError
from nbteach.check import Mistake, define
from nbteach.check.core import _REGISTRY
from nbteach.check.exercise import Exercise
from nbteach.check.graded import register
from nbteach.teacher.homework import FEEDBACK_MODES, graded, load, sources

SECRET = b"a teacher's secret for the exercise model"
HINT = {"en": "Look at the denominator.", "zh": "看分母。"}


@pytest.fixture
def pair():
    """The same exercise made by check.define (a lesson) and by graded (a homework)."""
    kw = dict(hints=[{"en": "Count the rows.", "zh": "数一数行。"}],
              solution={"en": "answer = Fraction(3, 8)", "zh": "answer = Fraction(3, 8)"})
    lesson = define("99.model_pair", {"en": "What is P(A)?", "zh": "P(A) 是多少？"},
                    answer=lambda: Fraction(3, 8),
                    mistakes=[Mistake("halved", lambda: Fraction(3, 16), HINT)], **kw)
    homework = graded("hw99.model_pair", {"en": "What is P(A)?", "zh": "P(A) 是多少？"}, Fraction(3, 8),
                      {"type": "exact"}, mistakes=[Mistake.computed("halved", Fraction(3, 16), HINT)], **kw)
    yield lesson, homework
    _REGISTRY.pop("99.model_pair", None)


def test_define_and_graded_return_one_class_that_differs_by_visibility(pair):
    lesson, homework = pair
    assert type(lesson) is type(homework) is Exercise
    assert (lesson.visibility, homework.visibility) == ("open", "graded")
    # everything else a check reads is the same: prompt, reference, mistakes, hints, solution
    assert lesson.prompt == homework.prompt and lesson.kind == homework.kind
    assert lesson.reference() == homework.reference() == Fraction(3, 8)
    assert [(m.name, m.value(), m.hint) for m in lesson.mistakes] == \
           [(m.name, m.value(), m.hint) for m in homework.mistakes]
    assert lesson.hints == homework.hints and lesson.solution == homework.solution
    assert str(lesson.solution()) == str(homework.solution())      # the teacher's side has it
    # the fields that differ: visibility, and what only a graded exercise has (its answer's
    # type for canonical forms), and how the author gave the answer (lazy for a lesson module)
    differ = {f.name for f in dataclasses.fields(Exercise)
              if not _same(getattr(lesson, f.name), getattr(homework, f.name))}
    assert differ == {"id", "answer", "visibility", "spec"}
    for answer in ("3/8", "3/16"):   # every verdict: tests/test_exercise_engine.py
        a, b = lesson.check(answer, _record=False), homework.check(answer, _record=False)
        assert (a.status, a.mistake, a.message) == (b.status, b.mistake, b.message), answer


def _same(a, b):
    if callable(a) and callable(b) and not isinstance(a, (str, dict)):
        return a is b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, Mistake) and isinstance(b, Mistake):
        return (a.name, a.value(), a.hint) == (b.name, b.value(), b.hint)
    return a == b


def test_a_visibility_is_open_or_graded():
    with pytest.raises(NbteachError, match="visibility must be 'open' or 'graded'"):
        Exercise("99.bad", {"en": "?"}, lambda: 1, visibility="secret")
    with pytest.raises(NbteachError, match="only a graded exercise"):
        Exercise("99.bad", {"en": "?"}, lambda: 1, released={"salt": "00"})


def test_a_released_exercise_is_the_same_class_without_its_answer(pair):
    _, homework = pair
    q = Exercise.from_release(json.loads(json.dumps(homework.student_side("ab" * 16, "practice"))))
    assert type(q) is Exercise and q.visibility == "graded" and q.is_student_side
    assert q.answer is None and q.mistakes == [] and q.solution == ""
    with pytest.raises(NbteachError, match="released by your teacher"):
        q.reference()
    assert "released by your teacher" in str(q.solution())
    assert q.check("3/8", _record=False).correct
    assert q.check("3/16", _record=False).mistake == "halved"
    with pytest.raises(NbteachError, match="teacher's side"):
        q.student_side("ab" * 16)
    with pytest.raises(NbteachError, match="--feedback must be one of"):
        homework.student_side("ab" * 16, "loud")


# -- the student's side carries no answer -------------------------------------------------
#: What a released exercise may carry (Exercise.student_side): nothing else.
#: "forbidden" (a build-it's switched-off library names, issue 33): the released check switches them
#: off while a student's function runs in self-study; names of what not to call, never an answer
#: (the one-line shortcut through them stays on the teacher's side)
RELEASED_KEYS = {"id", "prompt", "kind", "spec", "salt", "hints", "time_budget", "accepted", "rounded",
                 "mistakes", "cases", "forbidden"}


def _written_forms(value) -> set:
    """Ways an answer could be written that are long enough to search for in a notebook."""
    out = set()
    values = list(np.ravel(np.asarray(value, dtype=object))) if isinstance(value, (list, np.ndarray)) else [value]
    for v in values:
        if isinstance(v, str) or v is None:
            continue                                   # text answers: a prompt may list them
        if type(v).__module__.startswith("sympy") and getattr(v, "free_symbols", None):
            out.add(str(v))
            continue
        try:
            x = float(v)
        except (TypeError, ValueError):
            continue
        if not x.is_integer():
            out |= {repr(x), f"{x:.6g}", f"{x:.5g}"}
            if isinstance(v, Fraction) and v.denominator > 9:
                out.add(f"{v.numerator}/{v.denominator}")
    return {t for t in out if len(t) >= 5}


def _solution_lines(ex) -> set:
    text = ex.solution_text if isinstance(ex.solution_text, str) else "\n".join(ex.solution_text.values())
    return {ln.split("#")[0].strip() for ln in text.splitlines() if len(ln.split("#")[0].strip()) > 25}


@pytest.mark.parametrize("feedback", FEEDBACK_MODES)
@pytest.mark.parametrize("name", sources())
def test_a_graded_exercise_student_side_carries_no_answer_solution_or_telling_hint(name, feedback):
    """Serialised as a released notebook carries it (the check cell's JSON), searched for the
    answer's written forms, the solution's lines and the answer in a hint."""
    v = load(name).variant(SECRET, "student-7")
    checks = v.checks(feedback)
    released = json.dumps(checks, ensure_ascii=False)
    notebook = json.dumps(v.notebook(feedback=feedback), ensure_ascii=False)
    for ex, item in zip(v.exercises, checks["exercises"]):
        assert set(item) <= RELEASED_KEYS, set(item) - RELEASED_KEYS
        for m in item.get("mistakes", []) + [m for c in item.get("cases", []) for m in c["mistakes"]]:
            assert set(m) == {"name", "hint", "digests"}
        if ex.kind != "function":
            for form in _written_forms(ex.answer):
                assert form not in released and form not in notebook, f"{ex.id}: the answer {form}"
            hints = json.dumps([item["hints"], [m["hint"] for m in item.get("mistakes", [])]], ensure_ascii=False)
            short = {str(ex.answer)} if isinstance(ex.answer, (Fraction, int)) and len(str(ex.answer)) >= 3 else set()
            for form in short:
                assert not re.search(r"(?<![\w./])" + re.escape(form) + r"(?![\w.]|/\d)", hints), \
                    f"{ex.id}: a hint gives the answer {form}"
        for line in _solution_lines(ex):
            assert line not in released, f"{ex.id}: a line of the solution is released: {line}"
    q = register(json.loads(released))
    for ex in v.exercises:
        assert q[ex.id].answer is None and q[ex.id].solution_text == "" and q[ex.id].mistakes == []
        if feedback == "none":
            assert q[ex.id].hints == []


def test_the_search_finds_an_answer_a_release_would_leak(pair):
    """The search above can fail: a hint that holds the answer is found."""
    _, homework = pair
    leaky = dataclasses.replace(homework, hints=[{"en": "It is 3/8, of course.", "zh": "3/8"}])
    hints = json.dumps(leaky.student_side("ab" * 16)["hints"])
    assert re.search(r"(?<![\w./])" + re.escape("3/8") + r"(?![\w.]|/\d)", hints)
    value = graded("hw99.leak", "?", Fraction(1, 7), {"type": "exact"}, hints=[str(float(Fraction(1, 7)))])
    assert _written_forms(value.answer) & set(json.dumps(value.student_side("ab" * 16)).split('"'))


def test_a_check_cells_lookup_imports_its_own_lesson_only():
    """exercise("03.<name>") in a fresh interpreter imports lesson 03's checker, not every
    lesson's (each imports the library modules its exercises use)."""
    import subprocess
    import sys

    def run(code):
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True).stdout.strip()

    first = run("import nbteach.check.lesson03\nfrom nbteach.check import core\n"
                "print(next(i for i in core._REGISTRY if i.startswith('03.')))")
    loaded = run(f"import sys\nfrom nbteach import check\ncheck.exercise({first!r})\n"
                 "print(sorted(m for m in sys.modules if m.startswith('nbteach.check.lesson')))")
    assert loaded == "['nbteach.check.lesson03']", loaded
