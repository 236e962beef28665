"""One canonical-form/compare engine (issue 22): the same answers, fed to a lesson exercise and to
a graded exercise of the same kind (its teacher's side, the judge's reading, and a practice
notebook's digests), get the same verdict and the same message, except where a table below says
why not."""
from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
import sympy

from nbteach.check import Mistake
from nbteach.check.exercise import Exercise
from nbteach.check.serial import encode
from nbteach.i18n import get_language, set_language
from nbteach.teacher import autograde, judge
from nbteach.teacher.homework import graded

HINT = {"en": "Look at the denominator.", "zh": "看分母。"}
NUDGE = {"en": "Count the rows.", "zh": "数一数行。"}
EPS = sympy.Symbol("epsilon", positive=True)


def _pair(kind):
    """(open exercise, graded exercise) asking the same question, with the same mistake."""
    if kind == "exact":
        answer, wrong, spec, kw = Fraction(3, 8), Fraction(1, 2), {"type": "exact"}, {}
    elif kind == "integer":
        answer, wrong, spec, kw = 7, 6, {"type": "exact"}, {}
    elif kind == "text":
        answer, wrong, spec, kw = "naive bayes", "Cold", {"type": "text"}, {}
    else:
        answer, wrong, spec = 4 * EPS / 45, 8 * EPS / 45, {"type": "sympy", "symbols": ["epsilon"]}
        kw = {"symbols": {"epsilon": EPS}}
    lesson = Exercise("99.engine", {"en": "?"}, lambda: answer,
                      [Mistake("slip", lambda: wrong, HINT)], [NUDGE], "answer = ...", **kw)
    homework = graded("hw99.engine", {"en": "?"}, answer, spec, mistakes=[Mistake.computed("slip", wrong, HINT)],
                      hints=[NUDGE], solution="answer = ...")
    return lesson, homework


ANSWERS = {
    "exact": [Fraction(3, 8), "3/8", " 3 / 8 ", "6/16", np.int64(3), sympy.Rational(3, 8), Decimal("0.375"),
              np.array(Fraction(3, 8)), "1/2", Fraction(1, 2), "5/8", 2, None, "abc", True, [3, 8],
              sympy.Symbol("x"), float("nan"), 0.38, "0.38", 0.2, 0.375, "0.375", 0.9, "0.5", 0.5,
              float("inf")],
    "integer": [7, "7", np.int32(7), "+7", 6, "6", 8, 7.0, "7.0", 6.0, 7.5],
    "text": ["naive bayes", "Naive Bayes", " NAIVE BAYES ", "naive  bayes", "Naive\tBayes", "Cold", "cold ",
             "naivebayes", "flu", 3, None, np.str_("naive bayes")],
    "sympy": ["4*epsilon/45", "(4/45)*epsilon", "epsilon*4/45", "2*2*epsilon/45", 4 * EPS / 45, "4*eps/45",
              "4*x/45", "8*epsilon/45", "4/45", "epsilon/45", "0.0888*epsilon", "foo(", "__import__('os')",
              None, "4*epsilon/45 +", 0.1],
}

#: Where the two judges still differ, and why (each pinned by a test of one side that must not
#: change, or a difference of what each side may know). The test fails if a difference appears
#: that is not here, or one listed here is gone.
KNOWN = {
    # A decimal for an exact answer. Both refuse it and both say the answer must be exact; the
    # lesson names a float within the tolerance float_for_fraction (tests/test_check_diagnoses_lessons_00_03.py,
    # compare(1/6, Fraction(1, 6), exact=True)) and compares a far decimal by value (a "0.5" that
    # is a mistake's value is that mistake), the homework calls any decimal near the answer
    # rounded (tests/test_homework_graded.py, check(float(ref)).mistake == "rounded") and any
    # other one float_for_exact: a graded notebook cannot compare it by value without telling.
    ("exact", "0.375"): "decimal", ("exact", "'0.375'"): "decimal", ("exact", "0.9"): "decimal",
    ("exact", "'0.5'"): "decimal", ("exact", "0.5"): "decimal", ("exact", "0.2"): "decimal",
    ("exact", "0.38"): "decimal mistake name", ("exact", "'0.38'"): "decimal mistake name",
    ("integer", "7.0"): "decimal", ("integer", "'7.0'"): "decimal", ("integer", "6.0"): "decimal",
    ("integer", "7.5"): "decimal", ("exact", "inf"): "decimal",
    # Text that is no number: the lesson says it could not be read, the homework that it expected
    # an exact number (tests/test_homework_graded.py pins "Expected" for check("Flu")).
    ("exact", "'abc'"): "unparsable",
    # A float for a formula: the lesson reads it as the number it is (not equivalent), the
    # homework's canonical forms have no number form for a formula exercise (a type error).
    ("sympy", "0.1"): "number for formula",
}


def _verdicts(lesson, homework, answer):
    released = Exercise.from_release(homework.student_side("00" * 16, "practice"))
    out = {}
    for side, q in (("lesson", lesson), ("teacher", homework), ("notebook", released)):
        r = q.check(answer, _record=False)
        out[side] = (r.status, r.mistake, r.message)
    view = homework.forms_view()
    # the sealed judge reads the answer into its forms; the grader decides from them
    reply = judge.summary_reply({"spec": view["spec"], "answer": encode(answer), "lang": get_language()})
    verdict = autograde._decide_value(homework, view, json.loads(json.dumps(reply)))
    out["judge"] = (verdict.status, verdict.mistake, verdict.message)
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", sorted(ANSWERS))
def test_a_lesson_and_a_graded_exercise_give_the_same_verdict_and_message(kind, lang):
    set_language(lang)
    try:
        lesson, homework = _pair(kind)
        found = {}
        for answer in ANSWERS[kind]:
            v = _verdicts(lesson, homework, answer)
            graded_sides = {v["teacher"], v["notebook"], v["judge"]}
            assert len(graded_sides) == 1, (kind, answer, v)   # the graded side reads it one way
            if v["lesson"] != v["teacher"]:
                found[(kind, repr(answer))] = (v["lesson"], v["teacher"])
        known = {k for k in KNOWN if k[0] == kind}
        assert set(found) == known, {k: found.get(k, "agrees now") for k in set(found) ^ known}
    finally:
        set_language("en")
