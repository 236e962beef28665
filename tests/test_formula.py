"""One formula grammar (nbteach.formula): what lesson 04 teaches is read the same by
derivations.equivalent, a lesson's check cell and graded homework; what it must refuse is
refused everywhere, with a message that says what to fix."""
from __future__ import annotations

import pytest
import sympy as sp

from nbteach import set_language
from nbteach._base import NbteachError
from nbteach.check import define
from nbteach.check.compare import compare
from nbteach.check.core import _REGISTRY
from nbteach.check.graded import forms, judge_form
from nbteach.derivations import equivalent
from nbteach.formula import MAX_LENGTH, FormulaError, parse_formula

N, V = sp.symbols("N V", positive=True)

#: (typed, reference): lesson 04's syntax (implicit products, ^, binomial)
ACCEPTED = [("(N+1)/(N+2V)", (N + 1) / (N + 2 * V)),
            ("binomial(N,2)", N * (N - 1) / 2),
            ("(N+1)/(N+2*V)", (N + 1) / (N + 2 * V)),
            ("N^2/2V", N ** 2 / 2 * V),          # sympy's reading: 2V binds like a name, then left to right
            ("theta = (N + 1)/(N + 2V)", (N + 1) / (N + 2 * V))]

#: (typed, words the refusal must contain)
REFUSED = [("N.real", "attribute access"),
           ("(N).__class__", "not a formula"),
           ("f(N)", "not a function a formula may call"),
           ("__import__('os').system('echo hi')", "not a formula"),
           ("N" * (MAX_LENGTH + 1), "keep it under"),
           ("+".join(["x"] * (MAX_LENGTH // 2)), "too many parts"),
           ("9**9**9", "too large"),
           ("N^(10^9)", "too large"),
           ("factorial(factorial(20))", "too large"),
           ("[N, V]", "a list of values"),
           ("N < V", "comparison"),
           ("N/0", "divides by zero")]


@pytest.fixture
def exercise_of():
    made = []

    def make(reference):
        q = define(f"99.formula_{len(made)}", "a formula", answer=lambda: reference)
        made.append(q.id)
        return q

    yield make
    for i in made:
        _REGISTRY.pop(i, None)


@pytest.mark.parametrize("typed, reference", ACCEPTED, ids=[t for t, _ in ACCEPTED])
def test_lesson_04_syntax_is_read_by_derivations_a_check_cell_and_graded_homework(typed, reference, exercise_of):
    assert equivalent(typed, reference)
    assert exercise_of(reference).check(typed).correct
    spec = {"type": "sympy", "symbols": ["N", "V"]}
    assert forms(typed, spec) and forms(typed, spec) == forms(reference, spec)


def test_the_same_strings_with_a_different_formula_are_wrong_not_refused(exercise_of):
    """The demonstration can fail: a check cell that accepted everything would pass the test above."""
    q = exercise_of((N + 1) / (N + 2 * V))
    r = q.check("(N+1)/(N+V)")
    assert r.status == "incorrect" and "not equivalent" in r.message
    assert not equivalent("binomial(N,2)", N * (N + 1) / 2)
    spec = {"type": "sympy", "symbols": ["N"]}
    assert forms("binomial(N,3)", spec) != forms(N * (N - 1) / 2, spec)


@pytest.mark.parametrize("typed, words", REFUSED, ids=[t[:20] for t, _ in REFUSED])
def test_refused_everywhere_with_what_to_fix(typed, words, exercise_of):
    with pytest.raises(FormulaError, match=words) as info:
        parse_formula(typed)
    assert isinstance(info.value, NbteachError)
    r = equivalent(typed, N)
    assert not r and words in r.reason
    d = compare(typed, N + V)
    assert d.code == "unparsable"
    result = exercise_of(N + V).check(typed)
    assert result.status == "incorrect" and words in result.message and "Traceback" not in result.message
    assert forms(typed, {"type": "sympy", "symbols": ["N", "V"]}) == []


def test_a_graded_check_says_why_a_formula_is_refused_and_nothing_else():
    spec = {"type": "sympy", "symbols": ["N", "V"]}
    status, message, _ = judge_form(spec, "N.real", lambda fs: set(fs), [])
    assert status == "incorrect" and "attribute access" in message
    status, message, _ = judge_form(spec, "(N+1)/(N+2V)", lambda fs: set(fs), [])
    assert status == "recorded"


def test_refusals_follow_the_language(exercise_of):
    set_language("zh")
    try:
        message = exercise_of(N + V).check("N.real").message
    finally:
        set_language("en")
    assert "不允许访问属性" in message and "attribute" not in message


def test_the_reference_names_are_the_students_and_others_are_positive():
    expr = parse_formula("sqrt(x^2) + N", {"N": N})
    assert expr == sp.Symbol("x", positive=True) + N
    assert parse_formula("2 pi") == 2 * sp.pi
    assert parse_formula("pi", {"pi": N}) == N      # a name the caller gives wins over the constant
