"""Smoothing: the formulas, their properties, and exact/float agreement."""
from fractions import Fraction as F

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbteach import CategoricalNB
from nbteach.smoothing import epsilon_replace, laplace, lidstone, mle, probability_table, smoothed_prior

counts_st = st.lists(st.integers(0, 30), min_size=1, max_size=6)
alpha_st = st.one_of(st.integers(1, 5), st.fractions(F(1, 100), F(5)))


@given(counts=counts_st, alpha=alpha_st)
def test_lidstone_distribution_sums_to_one(counts, alpha):
    total = sum(counts)
    probs = [lidstone(c, total, len(counts), alpha) for c in counts]
    assert sum(probs) == 1
    assert all(p > 0 for p in probs)


@given(counts=counts_st.filter(lambda c: sum(c) > 0), eps=st.fractions(F(1, 10**6), F(1, 10)))
def test_epsilon_smoothing_sums_to_more_than_one_when_a_count_is_zero(counts, eps):
    total = sum(counts)
    probs = [epsilon_replace(mle(c, total), eps) for c in counts]
    if 0 in counts:
        assert sum(probs) > 1
    else:
        assert sum(probs) == 1


@given(counts=counts_st.filter(lambda c: sum(c) > 0), alpha=alpha_st)
def test_exact_and_float_agree(counts, alpha):
    total = sum(counts)
    for c in counts:
        assert float(lidstone(c, total, len(counts), alpha)) == pytest.approx(
            lidstone(c, total, len(counts), float(alpha), exact=False), rel=1e-12
        )


labels = st.sampled_from(["a", "b", "c"])


@settings(max_examples=40, deadline=None)
@given(
    rows=st.lists(st.tuples(labels, labels, st.sampled_from(["P", "Q"])), min_size=2, max_size=12),
    alpha=st.sampled_from([0.5, 1, 2]),
)
def test_categorical_exact_and_float_modes_agree(rows, alpha):
    df = pd.DataFrame(rows, columns=["f1", "f2", "y"])
    if df["y"].nunique() < 2:
        return
    X, y = df[["f1", "f2"]], df["y"]
    exact = CategoricalNB(alpha=alpha, exact=True).fit(X, y)
    floaty = CategoricalNB(alpha=alpha).fit(X, y)
    for col, table in exact.tables_.items():
        column_sums = table.sum(axis=0)
        assert all(s == 1 for s in column_sums)  # every P(.|c) sums to 1 exactly
        np.testing.assert_allclose(table.astype(float).values, floaty.tables_[col].values, rtol=1e-12)
    p_exact = exact.predict_proba(X).astype(float)
    np.testing.assert_allclose(p_exact, floaty.predict_proba(X), rtol=1e-9, atol=1e-12)
    # the decisions agree wherever the exact posterior has one largest class; at an exact tie
    # (1/2 against 1/2) rounding in float mode may pick either class
    exact_p = exact.predict_proba(X)
    unique = [i for i in range(len(X)) if list(exact_p[i]).count(max(exact_p[i])) == 1]
    assert [exact.predict(X)[i] for i in unique] == [floaty.predict(X)[i] for i in unique]


def test_note_numbers():
    assert laplace(2, 3, 3) == F(3, 6)
    assert laplace(0, 3, 2) == F(1, 5)
    assert mle(0, 3) == 0


def test_the_notes_misstatement_numerator_does_not_sum_to_one():
    """Note 001 says to add M*alpha to the numerator; that leaves a distribution summing to more than 1."""
    counts, alpha = [2, 1, 0], 1
    total, m = sum(counts), len(counts)
    as_written = [F(c + m * alpha, total + alpha) for c in counts]
    assert sum(as_written) != 1
    assert sum(lidstone(c, total, m, alpha) for c in counts) == 1


def test_smoothed_prior():
    assert smoothed_prior({"Cold": 2, "Flu": 3}, alpha=1) == {"Cold": F(3, 7), "Flu": F(4, 7)}
    assert smoothed_prior({"Cold": 2, "Flu": 3}) == {"Cold": F(2, 5), "Flu": F(3, 5)}


def test_probability_table_rejects_alpha_and_epsilon_together():
    table = pd.DataFrame({"A": [1, 0], "B": [0, 2]}, index=["x", "y"])
    with pytest.raises(ValueError, match="set one of them"):
        probability_table(table, alpha=1, epsilon=0.01)


def test_categorical_smooth_prior_and_class_prior():
    from nbteach.datasets import flu_cold

    df = flu_cold()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    assert CategoricalNB(alpha=1, exact=True, smooth_prior=True).fit(X, y).prior_.to_dict() == {
        "Cold": F(3, 7), "Flu": F(4, 7)}
    assert CategoricalNB(exact=True, fit_prior=False).fit(X, y).prior_.to_dict() == {
        "Cold": F(1, 2), "Flu": F(1, 2)}
    nb = CategoricalNB(exact=True, class_prior={"Flu": "1/10", "Cold": "9/10"}).fit(X, y)
    assert nb.prior_.to_dict() == {"Cold": F(9, 10), "Flu": F(1, 10)}


def test_lidstone_bias_value_is_the_derived_formula():
    import random
    from fractions import Fraction

    import sympy

    from nbteach.derivations import lidstone_bias
    from nbteach.smoothing import lidstone_bias_value

    bias, s = lidstone_bias()
    rng = random.Random(0)
    for _ in range(20):
        n, M = rng.randint(1, 30), rng.randint(2, 6)
        p, a = Fraction(rng.randint(0, 10), 10), Fraction(rng.randint(0, 20), 4)
        want = bias.subs({s["n"]: n, s["M"]: M, s["p"]: sympy.Rational(p.numerator, p.denominator),
                          s["alpha"]: sympy.Rational(a.numerator, a.denominator)})
        assert lidstone_bias_value(p, n, M, a) == Fraction(int(sympy.numer(want)), int(sympy.denom(want)))


def test_the_smoothing_explorer_shows_each_factors_bias():
    from nbteach.widgets import smoothing_explorer

    ex = smoothing_explorer(alpha=1.0)          # the note's second patient: Headache = severe
    text = ex.text()
    # Flu: severe headache in 2 of 3 rows, 3 headache values: -(3 * 2/3 - 1)/(3 + 3) = -1/6
    assert "Headache=severe" in text and "-1/6" in text
    ex.alpha_slider.value = 2.0                 # -2(3 * 2/3 - 1)/(3 + 6) = -2/9
    assert "-2/9" in ex.text()


def _check_alpha_calls(fn) -> int:
    """How many times ``fn()`` calls ``_validation.check_alpha``."""
    import sys

    import nbteach._validation as validation

    calls = []

    def watch(frame, event, arg):
        if event == "call" and frame.f_code is validation.check_alpha.__code__:
            calls.append(1)

    sys.setprofile(watch)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return len(calls)


def test_alpha_is_checked_once_on_the_way_from_the_model_to_the_counts():
    """Issue 36: a slider's alpha reached CategoricalNB.fit, probability_table for each feature
    and lidstone for each cell, each checking it again (23 checks for the flu/cold table); the
    public entry checks it, and what it calls computes with it."""
    from nbteach.counts import value_counts_by_class
    from nbteach.datasets import flu_cold

    df = flu_cold()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    assert _check_alpha_calls(lambda: CategoricalNB(alpha=0.5, smooth_prior=True).fit(X, y)) == 1
    assert _check_alpha_calls(lambda: CategoricalNB(alpha=0.5, exact=True).fit(X, y)) == 1
    counts = value_counts_by_class(df["Headache"], y)
    assert _check_alpha_calls(lambda: probability_table(counts, alpha=1)) == 1
    assert _check_alpha_calls(lambda: smoothed_prior({"Cold": 2, "Flu": 3}, alpha=1)) == 1


@pytest.mark.parametrize("make", [lambda: CategoricalNB(alpha=1, epsilon=0.01).fit([["a"], ["b"]], [0, 1]),
                                  lambda: probability_table(pd.DataFrame({"c": [1, 0]}), alpha=1, epsilon=0.01)])
def test_alpha_and_epsilon_together_are_refused_in_one_message(make):
    with pytest.raises(ValueError, match="alpha and epsilon are two different smoothings: set one of them "
                                         r"\(epsilon=None for Laplace/Lidstone, or alpha=0 for epsilon smoothing\)"):
        make()
