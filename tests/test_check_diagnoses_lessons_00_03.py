"""How the exercises of lessons 00-03 diagnose wrong answers: each test pins a problem a reviewer
found working through them as a student.

Each test fails on the code before its fix: a wrong answer that got no targeted hint, a
hint that did not match its own mistake, a message that hid or leaked something, or a
mistake built by calling the library with input it should refuse.
"""
import sys
from fractions import Fraction

import pytest
import sympy

from nbteach.check import CORRECT, INCORRECT, exercise, exercises
from nbteach.check.compare import compare
from nbteach.check.functions import make_inputs
from nbteach.check.messages import diff_message
from nbteach.i18n import set_language


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- 1. note 001's "add M*alpha to the numerator", read the two ways lesson 03 computes -----
def _literal(count, total, n_values, alpha):
    """The sentence read literally, as lesson 03's table shows it: (count + alpha + M alpha) / total."""
    return (count + alpha + n_values * alpha) / Fraction(total)


def _as_well(count, total, n_values, alpha):
    """M alpha added on top as well as alpha, with the formula's denominator."""
    return Fraction(count + alpha + n_values * alpha) / (total + n_values * alpha)


def _exercise(ex_id):
    """A lesson exercise, or the self-study homework's graded check (registered as its notebook does)."""
    if ex_id.startswith("hw"):
        from nbteach.teacher.homework import load

        return load(ex_id.split(".")[0]).variant(None, None).register()[ex_id]
    return exercise(ex_id)


def _library_cell(ex_id):
    """count, class total and M of the cell an exercise asks about, from the library's counts:
    lesson 03's on table7, the self-study homework's on its own table."""
    from nbteach.check._flu import table7
    from nbteach.counts import value_counts_by_class

    if ex_id.startswith("hw01"):
        import pandas as pd
        from nbteach.teacher.homework import load

        p = load("hw01").variant(None, None).params
        df = pd.DataFrame(p["rows"], columns=["Headache", "Sore", "Temperature", "Cough", "Diagnosis"])
        feature, value, cls = "Temperature", p["laplace"]["value"], p["laplace"]["class"]
    else:
        df, (feature, value, cls) = table7(), ("Sore", "no", "Flu")
    counts = value_counts_by_class(df[feature], df["Diagnosis"])
    return int(counts.loc[value, cls]), int(counts[cls].sum()), len(counts.index)


@pytest.mark.parametrize("ex_id, alpha", [("03.lidstone_sore_no", Fraction(4, 3)), ("hw01.laplace_temperature", 1)])
def test_the_literal_reading_of_note_001_gets_its_own_hint(ex_id, alpha):
    q = _exercise(ex_id)
    n, total, M = _library_cell(ex_id)
    literal = _literal(n, total, M, alpha)
    assert literal > 1  # the sore-throat case is 16/9: a "probability" above 1
    r = q.check(literal)
    assert r.status == INCORRECT and r.mistake == "M_alpha_in_numerator_instead", r.message
    assert "instead of the denominator" in r.message and "above 1" in r.message
    set_language("zh")
    assert "字面" in q.check(literal).message


@pytest.mark.parametrize("ex_id, alpha", [("03.lidstone_sore_no", Fraction(4, 3)), ("hw01.laplace_temperature", 1)])
def test_M_alpha_on_top_and_below_gets_a_hint_that_says_so(ex_id, alpha):
    q = _exercise(ex_id)
    r = q.check(_as_well(*_library_cell(ex_id), alpha))
    assert r.mistake == "M_alpha_in_numerator_as_well", r.message
    # the hint names this answer's mistake (M alpha on top as well), not the other one
    assert "as well as alpha" in r.message
    assert "instead of the denominator" not in r.message


def test_the_literal_reading_of_the_headache_table_is_diagnosed():
    import pandas as pd
    from nbteach.check._flu import table7
    from nbteach.counts import value_counts_by_class

    df = table7()
    counts = value_counts_by_class(df["Headache"], df["Diagnosis"])
    M = len(counts.index)
    for reading, name in ((_literal, "M_alpha_in_numerator_instead"), (_as_well, "M_alpha_in_numerator_as_well")):
        table = pd.DataFrame({c: [reading(int(counts.loc[v, c]), int(counts[c].sum()), M, Fraction(4, 3))
                                  for v in counts.index] for c in counts.columns}, index=counts.index)
        assert exercise("03.lidstone_headache_table").check(table).mistake == name


def test_a_lidstone_function_written_from_the_literal_reading_is_diagnosed():
    q = exercise("03.lidstone_function")

    def lidstone(count, total, n_values, alpha):
        return (count + alpha + n_values * alpha) / total

    def lidstone_as_well(count, total, n_values, alpha):
        return (count + alpha + n_values * alpha) / (total + n_values * alpha)

    r = q.check(lidstone)
    assert r.mistake == "M_alpha_in_numerator_instead", r.message
    assert q.check(lidstone_as_well).mistake == "M_alpha_in_numerator_as_well"


def test_no_mistake_asks_lidstone_for_a_count_above_its_total(monkeypatch):
    """The library will refuse count > total; every mistake must still compute."""
    import nbteach.smoothing as smoothing

    real, calls = smoothing.lidstone, []

    def strict(count, total, *args, **kwargs):
        calls.append((count, total))
        if count > total:
            raise AssertionError(f"lidstone({count}, {total}, ...): count above total")
        return real(count, total, *args, **kwargs)

    monkeypatch.setattr(smoothing, "lidstone", strict)
    questions = exercises()
    for module in [m for name, m in sys.modules.items() if name.startswith("nbteach.check.lesson")]:
        if getattr(module, "lidstone", None) is real:   # imported at the top: patched where it is looked up
            monkeypatch.setattr(module, "lidstone", strict)
        if hasattr(module, "_lidstone_itself"):          # the unswitched copy a build-it's mistakes use
            monkeypatch.setattr(module, "_lidstone_itself", strict)
    for q in questions:
        for m in q.mistakes:
            value = m.value()  # raises AssertionError if it called lidstone(count > total)
            if q.kind == "function":
                for args, kwargs in make_inputs(q, seed=0) + make_inputs(q, seed=1):
                    value(*args, **kwargs)
    assert calls  # the patched function was really the one the mistakes called


# -- 2. the smoothed-prior convention and the other class, for the Laplace posterior ---------
def test_lidstone_posterior_diagnoses_the_smoothed_prior_and_the_other_class():
    import pandas as pd

    import nbteach
    from nbteach.check._flu import table7
    from nbteach.check.lesson03 import ALPHA, PATIENT

    df = table7()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    patient = pd.DataFrame([PATIENT])
    smoothed = nbteach.CategoricalNB(alpha=ALPHA, exact=True, smooth_prior=True).fit(X, y)
    plain = nbteach.CategoricalNB(alpha=ALPHA, exact=True).fit(X, y)
    classes = list(plain.classes_)
    q = exercise("03.lidstone_posterior")
    prior_smoothed = smoothed.predict_proba(patient)[0][classes.index("Flu")]
    r = q.check(prior_smoothed)
    assert r.mistake == "prior_smoothed" and "smooth_prior" in r.message, r.message
    cold = plain.predict_proba(patient)[0][classes.index("Cold")]
    r = q.check(cold)
    assert r.mistake == "other_class" and "Cold" in r.message, r.message
    set_language("zh")
    assert "先验" in q.check(str(prior_smoothed)).message and "Cold" in q.check(str(cold)).message


# -- 3. lesson 02: the other class's score -----------------------------------------------------
def test_score_cold_diagnoses_the_flu_score_and_the_old_table():
    import nbteach
    from nbteach.check.lesson02 import _table
    from nbteach.datasets import flu_cold, flu_cold_query

    first = flu_cold_query("first")
    df7 = _table()
    nb7 = nbteach.CategoricalNB(exact=True).fit(df7.drop(columns="Diagnosis"), df7["Diagnosis"])
    flu = nb7.joint(first).iloc[0]["Flu"]
    q = exercise("02.score_cold")
    r = q.check(flu)
    assert r.status == INCORRECT and r.mistake == "other_class" and "Flu" in r.message
    df = flu_cold()
    nb5 = nbteach.CategoricalNB(exact=True).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])
    r = q.check(nb5.joint(first).iloc[0]["Cold"])          # the note's 0.05, on five rows
    assert r.mistake == "old_table" and "seven" in r.message


# -- 4. a rounded decimal for an exact answer ------------------------------------------------
@pytest.mark.parametrize("got", [0.1905, "0.1905", 0.19048])
def test_a_rounded_decimal_is_told_it_is_rounded_without_the_answer(got):
    assert compare(got, Fraction(4, 21), exact=True).code == "rounded"
    r = exercise("03.lidstone_sore_no").check(got)
    assert r.status == INCORRECT and "rounded" in r.message and "Fraction" in r.message
    for leak in ("4/21", "0.1905", "0.19048"):
        assert leak not in r.message
    set_language("zh")
    assert "四舍五入" in exercise("03.lidstone_sore_no").check(got).message


def test_far_values_and_exact_floats_are_not_called_rounded():
    assert compare(0.17, Fraction(1, 6), exact=True).code == "rounded"   # 2 significant digits
    assert compare(0.167, Fraction(1, 6), exact=True).code == "rounded"  # 0.2% off: rounded all the same
    assert compare(0.3, Fraction(1, 6), exact=True).code == "value"
    assert compare("1/7", Fraction(1, 6)).code == "value"
    assert compare(1 / 6, Fraction(1, 6), exact=True).code == "float_for_fraction"
    assert compare(0.0001, Fraction(0), exact=True).code == "value"
    assert compare(float("inf"), Fraction(1, 6), exact=True).code == "value"


# -- 5. label messages name only what applies ------------------------------------------------
def test_a_missing_key_does_not_report_extra_keys():
    want = {"Cold": Fraction(1, 7), "Flu": Fraction(6, 7)}
    missing = diff_message(compare({"Flu": Fraction(6, 7)}, want))
    extra = diff_message(compare({**want, "Mumps": 0}, want))
    both = diff_message(compare({"Flu": 1, "Mumps": 0}, want))
    assert "1 missing" in missing and "extra" not in missing
    assert "'Mumps'" in extra and "missing" not in extra
    assert "'Mumps'" in both and "1 missing" in both
    set_language("zh")
    missing = diff_message(compare({"Flu": Fraction(6, 7)}, want))
    extra = diff_message(compare({**want, "Mumps": 0}, want))
    assert "缺少 1 个" in missing and "多余" not in missing
    assert "多余" in extra and "缺少" not in extra


def test_a_frame_with_a_missing_row_does_not_report_extra_rows():
    import pandas as pd

    want = pd.DataFrame({"Cold": [1, 2], "Flu": [3, 4]}, index=["a", "b"])
    msg = diff_message(compare(want.loc[["a"]], want))
    assert "1 missing" in msg and "extra" not in msg and "-" not in msg


# -- 6. minor ------------------------------------------------------------------------------
def test_likelihood_function_asks_for_a_fraction_and_means_it():
    q = exercise("02.likelihood_function")
    assert "Fraction" in q.prompt["en"] and "Fraction" in q.prompt["zh"]

    def likelihood(df, feature, value, cls):
        rows = df[df["Diagnosis"] == cls]
        return float((rows[feature] == value).mean())

    r = q.check(likelihood)
    assert r.status == INCORRECT and "exact" in r.message and "Fraction" in r.message
    assert "0.66" not in r.message  # the float it returned is the answer, rounded: not shown

    def exact(df, feature, value, cls):
        rows = df[df["Diagnosis"] == cls]
        return Fraction(int((rows[feature] == value).sum()), len(rows))

    assert q.check(exact).status == CORRECT


def test_function_mistake_hints_do_not_contain_a_test_value():
    for q in exercises():
        if q.kind != "function":
            continue
        args, kwargs = q.inputs(__import__("random").Random(0))[0]
        want = q.reference()(*args, **kwargs)
        if not isinstance(want, Fraction) or want.denominator == 1:
            continue
        for m in q.mistakes:
            for lang in ("en", "zh"):
                assert str(want) not in m.hint[lang], f"{q.id} {m.name} hint shows {want}"


@pytest.mark.parametrize("name", ["eps", "e", "epsilon"])
def test_epsilon_score_accepts_a_sympy_expression_in_the_students_own_letter(name):
    q = exercise("03.epsilon_flu_score")   # the second patient's Flu score on table7 is 4 epsilon/63
    for assumptions in ({}, {"positive": True}):
        s = sympy.Symbol(name, **assumptions)
        assert q.check(4 * s / 63).correct, (name, assumptions)
        assert q.check(f"4*{name}/63").correct
        assert q.check(s / 63).status == INCORRECT


def test_two_letters_are_still_not_mapped():
    eps = sympy.Symbol("epsilon", positive=True)
    x, y = sympy.symbols("x y")
    assert compare(x * eps, 4 * eps / 45).code == "extra_symbols"
    assert compare(x * y, 4 * eps / 45).code == "extra_symbols"
    # one letter in the answer maps onto the reference's one letter, and is then compared
    assert compare(4 * x / 45, 4 * eps / 45) is None
    assert compare(x / 45, 4 * eps / 45).code == "not_equivalent"


# -- one exact-answer policy ----------------------------------------------------------------
@pytest.mark.parametrize("ex_id", [q.id for q in exercises()
                                   if q.kind == "value" and isinstance(q.reference(), (int, Fraction))
                                   and not isinstance(q.reference(), bool) and q.exact is not False])
def test_every_exact_answer_refuses_a_float_and_accepts_numpy_and_sympy_forms(ex_id):
    import numpy as np

    q = exercise(ex_id)
    ref = q.reference()
    assert q.check(float(ref)).status == INCORRECT       # a float is never accepted for an exact answer
    assert q.check(np.array(ref, dtype=object)).correct, "a 0-d object array holding the answer"
    assert q.check(sympy.Mul(ref, sympy.Integer(1), evaluate=False)).correct, "an unevaluated sympy number"
    if isinstance(ref, Fraction) and ref.denominator > 1:
        r = q.check(round(float(ref), 3))
        assert r.status == INCORRECT
        assert "rounded" in r.message or "exact answer" in r.message or r.mistake is not None, r.message
