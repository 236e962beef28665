"""Answer equivalence: exact numbers, floats, strings, arrays, tables, dicts, sympy."""
import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from nbteach.check.compare import as_number, compare


def ok(got, expected, **kw):
    return compare(got, expected, **kw) is None


def code(got, expected, **kw):
    d = compare(got, expected, **kw)
    return None if d is None else d.code


@pytest.mark.parametrize("got", [Fraction(3, 8), "3/8", " 3 / 8 ", "0.375", np.float64(0.375), 0.375,
                                 sympy.Rational(3, 8), Decimal("0.375")])
def test_exact_answer_accepts_equivalent_forms(got):
    assert ok(got, Fraction(3, 8))


def test_exact_true_refuses_a_float_and_names_the_mistake():
    assert code(0.375, Fraction(3, 8), exact=True) == "float_for_fraction"
    assert ok(Fraction(3, 8), Fraction(3, 8), exact=True)
    assert code(0.4, Fraction(3, 8), exact=True) == "value"


def test_integers_are_exact_and_bool_is_not_a_number():
    assert ok(np.int64(3), 3)
    assert code(3, Fraction(1, 3)) == "value"
    assert code(True, 1) == "type"


def test_float_tolerance():
    assert ok(0.1 + 0.2, 0.3)
    assert code(0.31, 0.3) == "value"
    assert code(0.3001, 0.3) == "rounded_float"  # outside the tolerance, but within 1e-3
    assert ok(0.3001, 0.3, rtol=1e-3)
    assert ok("1e-300", 1e-300)


@pytest.mark.parametrize("got, want", [(None, "none"), ([1], "type"), ("abc", "unparsable"),
                                       (float("nan"), "nan"), (10 ** 400, "value"),
                                       (float("inf"), "value"), (sympy.Symbol("x"), "symbolic_for_number")])
def test_bad_answers_are_named_not_raised(got, want):
    assert code(got, Fraction(1, 2)) == want


def test_an_answer_whose_eq_raises_does_not_raise():
    class Nasty:
        def __eq__(self, other):
            raise RuntimeError("boom")

        def __float__(self):
            raise RuntimeError("boom")

    assert code(Nasty(), Fraction(1, 2)) == "type"
    assert code(Nasty(), {"a": 1}) == "type"
    assert code(Nasty(), "Flu") == "type"


def test_an_object_claiming_equality_is_not_accepted():
    class Always:
        def __eq__(self, other):
            return True

    class SneakyFloat(float):
        def __eq__(self, other):
            return True

    assert not ok(Always(), Fraction(1, 2))
    assert not ok(SneakyFloat(0.9), 0.5)
    assert not ok(Always(), "Flu")


def test_strings_ignore_case_and_spaces():
    assert ok(" flu ", "Flu")
    assert code("Cold", "Flu") == "wrong_text"      # a wrong label: "not the right answer", not "value"


def test_arrays_shape_first_then_entries():
    want = np.array([[0.5, 0.5], [0.25, 0.75]])
    assert ok(want.tolist(), want)
    assert code(want.ravel(), want) == "shape"
    d = compare(np.array([[0.5, 0.5], [0.25, 0.7]]), want)
    assert d.code == "entry" and "(1, 1)" in d.fields["where"]
    assert ok(np.array([Fraction(1, 2), Fraction(1, 3)], dtype=object), np.array([Fraction(1, 2), Fraction(1, 3)], dtype=object))


def test_series_by_label_in_any_order():
    want = pd.Series({"Cold": Fraction(2, 5), "Flu": Fraction(3, 5)})
    assert ok(pd.Series({"Flu": 0.6, "Cold": 0.4}), want)
    assert ok({"Flu": "3/5", "Cold": "2/5"}, want)
    assert code(pd.Series({"Flu": 0.6, "cold": 0.4}), want) == "labels"
    d = compare(pd.Series({"Flu": 0.6, "Cold": 0.3}), want)
    assert d.code == "entry" and "Cold" in d.fields["where"]


def test_dataframe_by_labels_and_transposed_detected():
    want = pd.DataFrame({"Cold": [0.5, 0.5], "Flu": [0.25, 0.75]}, index=["no", "yes"])
    assert ok(want.loc[["yes", "no"], ["Flu", "Cold"]], want)
    assert code(want.T, want) == "transposed"
    assert code(want[["Flu"]], want) == "columns"
    assert code(want["Flu"], want) == "type"


def test_dict_by_key():
    want = {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    assert ok({"b": "2/3", "a": "1/3"}, want)
    assert code({"a": "1/3"}, want) == "keys"


def test_duplicate_labels_are_named():
    want = pd.Series({"Cold": 0.4, "Flu": 0.6})
    d = compare(pd.Series([0.4, 0.6, 0.6], index=["Cold", "Flu", "Flu"]), want)
    assert d.code == "duplicates" and "'Flu'" in d.fields["labels"]


def test_sympy_symbolic_equivalence_and_safe_strings():
    eps = sympy.Symbol("epsilon", positive=True)
    want = 4 * eps / 45
    assert ok("12*epsilon/135", want)
    assert ok(sympy.Symbol("epsilon") * 4 / 45, want)  # a plain Symbol('epsilon') is the same letter
    assert ok("eps*4/45", want, symbols={"eps": eps})
    assert code("epsilon/45", want) == "not_equivalent"
    assert code("x*epsilon", want) == "extra_symbols"
    # no code runs from a formula string
    assert code("__import__('os').system('echo hacked')", want) == "unparsable"
    assert code("(1).__class__", want) == "unparsable"


@settings(max_examples=200, deadline=None)
@given(st.fractions(max_denominator=10 ** 6))
def test_every_fraction_matches_its_string_and_itself(f):
    assert ok(str(f), f)
    assert ok(f, f, exact=True)
    assert ok(float(f), f)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.floats(), st.text(max_size=20), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=3), st.floats(), max_size=3)))
def test_compare_never_raises(got):
    for want in (Fraction(1, 2), 0.5, "Flu", {"a": 1.0}, np.array([1.0, 2.0]), pd.Series({"x": 1.0})):
        d = compare(got, want)
        assert d is None or isinstance(d.code, str)


def test_as_number_reads_base_values():
    class Big(int):
        def __eq__(self, other):
            return True

    assert as_number(Big(3)) == 3 and type(as_number(Big(3))) is int
    assert math.isnan(as_number("nan"))


@pytest.fixture
def chinese():
    from nbteach.i18n import set_language

    set_language("zh")
    yield
    set_language("en")


@pytest.mark.parametrize("exercise_id, typed, label", [("01.decision", "流感", "Flu"),
                                                       ("01.decision", " 感冒 ", "Cold"),
                                                       ("01.decision", "“感冒”", "Cold")])
def test_a_label_answered_in_chinese_is_told_to_answer_with_the_label(chinese, exercise_id, typed, label):
    """A Chinese student who answers 流感 is told to write the data's label ('Flu'), not "数值不对";
    the hint names the label of the word typed, right or wrong, so it gives nothing away."""
    from nbteach.check import exercise

    result = exercise(exercise_id).check(typed)
    assert result.status == "incorrect"
    assert f"'{label}'" in result.message and "数值" not in result.message, result.message
    assert compare(typed, "Whatever").code == "label_words"


def test_a_wrong_label_is_a_wrong_answer_not_a_wrong_value(chinese):
    from nbteach.check import exercise

    q = exercise("01.decision")
    message = q.check("狗").message
    assert "答案不对" in message and "数值" not in message
    assert "这是一个常见错误：" in q.check(q.mistakes[0].answer()).message


@pytest.mark.parametrize("digests", [True, False])
def test_graded_homework_hints_at_the_label_whether_or_not_it_holds_the_answer(chinese, digests):
    from nbteach.check.compare import forms, judge_form, judge_forms

    spec = {"type": "text"}
    same = lambda fs: set(fs)                                   # noqa: E731 - forms as their own digests
    if digests:
        status, message, _ = judge_forms(spec, "流感", same, set(forms("Flu", spec)), set(), [])
    else:
        status, message, _ = judge_form(spec, "流感", same, [])
    assert status == "incorrect" and "'Flu'" in message, message
    if not digests:                                             # a label itself is only recorded
        assert judge_form(spec, "Flu", same, [])[0] == "recorded"
