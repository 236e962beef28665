"""Bad input gets a clear NbteachError that says what to fix, never a bare traceback."""
from fractions import Fraction as F

import numpy as np
import pandas as pd
from fractions import Fraction

import pytest

from nbteach import CategoricalNB, NbteachError, flu_cold
from nbteach.categorical import UnseenCategoryWarning
from nbteach.datasets import flu_cold_query
from nbteach.probability import bayes, prob
from nbteach.smoothing import lidstone, mle


@pytest.fixture
def data():
    df = flu_cold()
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


def unseen_query():
    q = flu_cold_query("first")
    q.loc[0, "Headache"] = "extreme"
    return q


def test_unseen_category_with_smoothing_counts_as_zero(data):
    nb = CategoricalNB(alpha=1, exact=True).fit(*data)
    with pytest.warns(UnseenCategoryWarning, match="Headache='extreme'"):
        ex = nb.explain(unseen_query())
    # count 0: (0 + 1) / (N_c + M * 1), M = 3 values of Headache
    assert ex.table.loc["P(Headache=extreme|c)", "Flu"] == F(1, 3 + 3)
    assert ex.table.loc["P(Headache=extreme|c)", "Cold"] == F(1, 2 + 3)
    with pytest.warns(UnseenCategoryWarning):
        assert nb.predict(unseen_query()).tolist() == ["Cold"]


def test_unseen_category_with_epsilon_gets_epsilon(data):
    nb = CategoricalNB(epsilon=F(1, 1000), exact=True).fit(*data)
    with pytest.warns(UnseenCategoryWarning):
        ex = nb.explain(unseen_query())
    assert ex.table.loc["P(Headache=extreme|c)", "Flu"] == F(1, 1000)


def test_unseen_category_without_smoothing_says_what_to_do(data):
    nb = CategoricalNB().fit(*data)
    with pytest.warns(UnseenCategoryWarning, match="typo"):
        with pytest.raises(NbteachError, match="alpha=1"):
            nb.predict_proba(unseen_query())


def test_declared_category_counts_in_M(data):
    cats = {"Headache": ["severe", "mild", "no", "extreme"]}
    nb = CategoricalNB(alpha=1, exact=True, categories=cats).fit(*data)
    assert nb.tables_["Headache"].loc["extreme", "Flu"] == F(1, 3 + 4)
    assert sum(nb.tables_["Headache"]["Flu"]) == 1


@pytest.mark.parametrize(
    "params,match",
    [
        (dict(alpha=-1), "alpha must be a finite number >= 0"),
        (dict(alpha=float("nan")), "alpha must be a finite number >= 0"),
        (dict(alpha="1"), "alpha must be a number"),
        (dict(epsilon=0), "epsilon must be > 0"),
        (dict(epsilon=-0.1), "epsilon must be > 0"),
        (dict(epsilon="small"), "epsilon must be None"),
        (dict(alpha=1, epsilon=0.01), "set one of them"),
        (dict(class_prior=[1]), "one probability per class"),
        (dict(class_prior=[0.5, 0.6]), "sum to 1"),
        (dict(categories={"Nose": ["red"]}), "features that X does not have"),
        (dict(categories={"Headache": ["severe"]}), "does not list"),
    ],
)
def test_bad_parameters(data, params, match):
    with pytest.raises(NbteachError, match=match):
        CategoricalNB(**params).fit(*data)


def test_errors_are_value_errors_so_sklearn_style_code_catches_them(data):
    with pytest.raises(ValueError):
        CategoricalNB(alpha=-1).fit(*data)


def test_bad_shapes_and_types(data):
    X, y = data
    cases = [
        ((X, y[:3]), "5 rows but y has 3"),
        ((X.iloc[:0], y.iloc[:0]), "empty"),
        ((X, ["Flu"] * 5), "single class"),
        (("severe mild", y), "must be a table"),
        ((None, y), "must be a table"),
        ((X["Headache"], y), "single column"),
        ((["severe", "mild"], ["Flu", "Cold"]), "1-D"),
        ((X, None), "y must be a list"),
        ((X, "Flu"), "y must be a list"),
        ((X.assign(Cough=[None, "yes", "no", "no", "yes"]), y), "missing value"),
        ((X, ["Flu", None, "Flu", "Cold", "Flu"]), "missing label"),
        ((np.zeros((5, 2, 2)), y), "2-D"),
    ]
    for (Xb, yb), match in cases:
        with pytest.raises(NbteachError, match=match):
            CategoricalNB().fit(Xb, yb)


def test_predict_input_checks(data):
    nb = CategoricalNB(alpha=1).fit(*data)
    with pytest.raises(NbteachError, match="missing: \\['Cough'\\]"):
        nb.predict(flu_cold_query("first").drop(columns="Cough"))
    with pytest.raises(NbteachError, match="4 features|has 2 features"):
        nb.predict([["mild", "no"]])
    with pytest.raises(NbteachError, match="not fitted"):
        CategoricalNB().predict(flu_cold_query("first"))
    with pytest.raises(NbteachError, match="one sample"):
        nb.explain(pd.concat([flu_cold_query("first")] * 2))
    with pytest.raises(NbteachError, match="model has 4 features"):
        nb.explain(["mild", "no"])
    with pytest.raises(NbteachError, match="no parameter 'alhpa'"):
        nb.set_params(alhpa=1)


def test_list_of_rows_works_like_a_dataframe(data):
    X, y = data
    nb = CategoricalNB(alpha=1).fit(X.values.tolist(), list(y))
    assert nb.predict([["severe", "mild", "high", "no"]]).tolist() == ["Flu"]


def test_probability_module_messages():
    with pytest.raises(NbteachError, match="sum to 1"):
        bayes({"a": 0.5, "b": 0.6}, {"a": 0.1, "b": 0.2})
    with pytest.raises(NbteachError, match="same classes"):
        bayes({"a": 0.5, "b": 0.5}, {"a": 0.1})
    with pytest.raises(NbteachError, match="not a probability"):
        bayes({"a": 0.5, "b": 0.5}, {"a": 1.5, "b": 0.2})
    with pytest.raises(NbteachError, match="evidence P\\(x\\) is 0"):
        bayes({"a": "1/2", "b": "1/2"}, {"a": 0, "b": 0})
    with pytest.raises(NbteachError, match="could not read"):
        bayes({"a": "half", "b": "1/2"}, {"a": 0, "b": 0})
    with pytest.raises(NbteachError, match="no column 'Nose'"):
        prob(flu_cold(), Nose="red")
    with pytest.warns(UserWarning, match="Measles.*typo"):
        with pytest.raises(NbteachError, match="undefined"):
            prob(flu_cold(), Cough="yes", given={"Diagnosis": "Measles"})
    with pytest.raises(NbteachError, match="empty"):
        prob(flu_cold().iloc[:0], Cough="yes")
    with pytest.raises(NbteachError, match="0/0"):
        mle(0, 0)
    with pytest.raises(NbteachError, match="count >= 0"):
        lidstone(-1, 3, 2, 1)
    with pytest.raises(NbteachError, match="cannot exceed total"):
        lidstone(10, 3, 3, 1)


def test_counting_needs_one_label_per_value():
    from nbteach.counts import value_counts_by_class

    with pytest.raises(NbteachError, match="3 rows but y has 2"):
        value_counts_by_class(["a", "b", "a"], ["x", "y"])
    with pytest.raises(NbteachError, match="does not list"):
        value_counts_by_class(["a", "b"], ["x", "y"], values=["a"])


def test_explain_warns_once_about_an_unseen_value(data):
    import warnings

    nb = CategoricalNB(alpha=1).fit(*data)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        nb.explain(unseen_query())
    assert sum(issubclass(w.category, UnseenCategoryWarning) for w in caught) == 1


@pytest.mark.parametrize("params", [dict(alpha=1), dict(alpha=1, exact=True)])
@pytest.mark.parametrize("method", ["predict", "predict_proba", "predict_log_proba"])
def test_each_prediction_warns_once_about_an_unseen_value(data, params, method):
    import warnings

    nb = CategoricalNB(**params).fit(*data)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        getattr(nb, method)(unseen_query())
    assert sum(issubclass(w.category, UnseenCategoryWarning) for w in caught) == 1


# -- no silent wrong answers (issue 10) -------------------------------------------------------
@pytest.mark.parametrize("missing", [float("nan"), None])
def test_a_missing_label_is_refused_not_turned_into_a_class(missing):
    import numpy as np

    from nbteach import BernoulliNB, MultinomialNB
    from nbteach.resample import random_undersample, train_test_split
    from nbteach.text import TextNB

    X = np.array([[1, 0], [0, 1], [1, 1], [2, 0]])
    y = ["spam", missing, "ham", "ham"]
    for fit in (lambda: MultinomialNB().fit(X, y), lambda: BernoulliNB().fit(X, y),
                lambda: TextNB().fit(["cheap pills", "lunch today", "meet at noon", "noon lunch"], y),
                lambda: random_undersample(X, y), lambda: train_test_split(X, y)):
        with pytest.raises(NbteachError, match="missing label"):
            fit()


def test_a_sympy_number_is_not_a_free_pass_for_epsilon():
    import sympy

    from nbteach import CategoricalNB, flu_cold

    df = flu_cold()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    with pytest.raises(NbteachError, match="epsilon must be a sympy Symbol or a number in"):
        CategoricalNB(epsilon=sympy.Integer(2)).fit(X, y)
    CategoricalNB(epsilon=sympy.Rational(1, 100)).fit(X, y)            # a sympy number in (0, 1) is fine
    CategoricalNB(epsilon=sympy.Symbol("epsilon", positive=True)).fit(X, y)


def test_an_enormous_alpha_is_named_not_blamed_on_zero_counts():
    from nbteach import CategoricalNB, flu_cold

    df = flu_cold()
    with pytest.raises(NbteachError, match="too large"):
        CategoricalNB(alpha=1e308).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])


def test_bayes_checks_sympy_numbers_like_plain_ones():
    import sympy

    from nbteach import bayes

    with pytest.raises(NbteachError, match="sum to 1"):
        bayes({"a": sympy.Integer(1), "b": sympy.Integer(1)}, {"a": sympy.Rational(1, 2), "b": sympy.Rational(1, 2)})
    with pytest.raises(NbteachError, match="not a probability"):
        bayes({"a": sympy.Rational(1, 2), "b": sympy.Rational(1, 2)}, {"a": sympy.Integer(-1), "b": sympy.Rational(1, 2)})
    p = sympy.Symbol("p", positive=True)
    assert sympy.simplify(sum(bayes({"a": p, "b": 1 - p}, {"a": sympy.Rational(1, 3), "b": sympy.Rational(1, 2)}).posterior.values())) == 1


# -- no silent wrong answers, continued (issue 10) -------------------------------------------
@pytest.mark.parametrize("p", [Fraction(3, 2), -0.5, 1.5, float("nan"), "0.5", True])
def test_epsilon_replace_refuses_what_is_not_a_probability(p):
    from nbteach.smoothing import epsilon_replace

    with pytest.raises(NbteachError, match="probability, a number in \\[0, 1\\]"):
        epsilon_replace(p, 1e-6)


def test_epsilon_replace_still_replaces_zero_and_works_elementwise():
    import numpy as np
    import sympy

    from nbteach.smoothing import epsilon_replace

    eps = sympy.Symbol("epsilon", positive=True)
    assert epsilon_replace(Fraction(0), eps) == eps and epsilon_replace(Fraction(1, 3), eps) == Fraction(1, 3)
    assert epsilon_replace(sympy.Rational(1, 2), 1e-6) == sympy.Rational(1, 2)
    assert list(epsilon_replace(np.array([0.0, 0.25]), 1e-6)) == [1e-6, 0.25]
    with pytest.raises(NbteachError, match="got 2"):
        epsilon_replace([0.5, 2], 1e-6)


@pytest.mark.parametrize("binarize", [float("nan"), "0.5", True, float("inf")])
def test_bernoulli_binarize_must_be_a_finite_number(binarize):
    import numpy as np

    from nbteach import BernoulliNB

    with pytest.raises(NbteachError, match="binarize must be None"):
        BernoulliNB(binarize=binarize).fit(np.array([[0, 2], [1, 0]]), [0, 1])


@pytest.mark.parametrize("column", [[1, "1", 1, "1"], [True, 1, False, 0], [1.0, "a", 2.0, "b"]])
def test_categorical_column_mixing_kinds_is_refused(column):
    import pandas as pd

    from nbteach import CategoricalNB

    with pytest.raises(NbteachError, match="mixes kinds of values"):
        CategoricalNB().fit(pd.DataFrame({"c": column}), ["a", "b", "a", "b"])


def test_categorical_predict_with_another_kind_is_refused():
    import pandas as pd

    from nbteach import CategoricalNB

    nb = CategoricalNB().fit(pd.DataFrame({"c": [1, 0, 1, 0]}), ["a", "b", "a", "b"])
    with pytest.raises(NbteachError, match="held number values in training"):
        nb.predict(pd.DataFrame({"c": [True]}))              # True == 1 would match silently
    with pytest.raises(NbteachError, match="held number values in training"):
        nb.predict(pd.DataFrame({"c": ["1"]}))


def test_stratified_split_refuses_a_class_too_small_for_both_parts():
    from nbteach.resample import train_test_split

    X = [[i] for i in range(9)]
    y = ["a"] * 8 + ["b"]
    with pytest.raises(NbteachError, match="class 'b' has 1 example"):
        train_test_split(X, y, test_size=0.25, random_state=0)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.25, random_state=0, stratify=False)
    assert len(ytr) + len(yte) == 9


def test_gaussian_messages_name_its_own_parameter():
    from nbteach import GaussianNB

    nb = GaussianNB(var_smoothing=0).fit([[1.0], [1.0], [2.0], [2.0]], [0, 0, 1, 1])
    with pytest.raises(NbteachError, match="var_smoothing > 0") as err:
        nb.predict_proba([[1.5]])
    assert "alpha" not in str(err.value) and "np.int64" not in str(err.value)
