"""MixedNB: agreement with scikit-learn, the watermelon example of Zhou's book, bad input."""
import math
import warnings

import numpy as np
import pandas as pd
import pytest

from nbteach import NbteachError
from nbteach.datasets import WATERMELON_BOOK_EXAMPLE as BOOK
from nbteach.datasets import watermelon
from nbteach.mixed import MixedNB

sklearn = pytest.importorskip("sklearn")
from sklearn.datasets import load_breast_cancer, load_iris  # noqa: E402
from sklearn.naive_bayes import CategoricalNB as SkCategoricalNB  # noqa: E402
from sklearn.naive_bayes import GaussianNB as SkGaussianNB  # noqa: E402
from sklearn.preprocessing import OrdinalEncoder  # noqa: E402


@pytest.mark.parametrize("load", [load_iris, load_breast_cancer])
def test_numeric_only_equals_scikit_learns_gaussian_nb(load):
    X, y = load(return_X_y=True, as_frame=True)
    ours = MixedNB().fit(X, y)
    theirs = SkGaussianNB(var_smoothing=0).fit(X.to_numpy(), y)
    assert ours.categorical_columns_ == []
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X.to_numpy()), atol=1e-9)
    np.testing.assert_allclose(ours.var_.to_numpy(), theirs.var_, rtol=1e-12)


@pytest.mark.parametrize("alpha", [1.0, 0.5, 2.0])
def test_categorical_only_equals_scikit_learns_categorical_nb(alpha):
    df = watermelon()
    X = df.drop(columns=["好瓜", "密度", "含糖率"])
    ours = MixedNB(alpha=alpha).fit(X, df["好瓜"])
    enc = OrdinalEncoder().fit(X)
    theirs = SkCategoricalNB(alpha=alpha).fit(enc.transform(X), df["好瓜"])
    np.testing.assert_array_equal(ours.classes_, theirs.classes_)
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(enc.transform(X)), atol=1e-9)


def test_mixed_is_the_product_of_both_parts():
    """A mixed table: the joint log-likelihood is the categorical part plus the numeric part
    minus one log prior (each part alone carries it)."""
    df = watermelon()
    X, y = df.drop(columns="好瓜"), df["好瓜"]
    both = MixedNB(alpha=1).fit(X, y).predict_joint_log_proba(X)
    cat = MixedNB(alpha=1).fit(X.iloc[:, :6], y).predict_joint_log_proba(X.iloc[:, :6])
    num = MixedNB(alpha=1).fit(X.iloc[:, 6:], y).predict_joint_log_proba(X.iloc[:, 6:])
    prior = np.log(np.array([9, 8]) / 17)
    np.testing.assert_allclose(both, cat + num - prior, atol=1e-12)


def test_watermelon_book_example_from_the_data():
    """Zhou's section 7.3 with ddof=1 and no smoothing: every factor from the data, and the
    places where the printed example disagrees with the data."""
    df = watermelon()
    nb = MixedNB(alpha=0, ddof=1).fit(df.drop(columns="好瓜"), df["好瓜"])
    e = nb.explain(BOOK["query"])
    assert e.attrs["decision"] == "是"
    disagree = []
    for (col, value, cls), printed in BOOK["categorical"].items():
        data = e.loc[f"P({col}={value}|c)", cls]
        num, den = BOOK["categorical_fractions"][(col, value, cls)]
        if abs(data - num / den) > 1e-12:
            disagree.append((col, value, cls, f"{num}/{den}", data))
        assert abs(printed - num / den) < 5e-4            # each decimal is its fraction rounded
    # the one printed fraction the data contradict: 脐部=凹陷 among the good melons is 5/8
    assert disagree == [("脐部", "凹陷", "是", "6/8", 5 / 8)]
    for (col, cls), (mu, sd, dens) in BOOK["gaussian"].items():
        assert nb.theta_.loc[cls, col] == pytest.approx(mu, abs=5e-4)
        assert math.sqrt(nb.var_.loc[cls, col]) == pytest.approx(sd, abs=5e-4)
        assert e.loc[f"p({col}={BOOK['query'][col]}|c)", cls] == pytest.approx(dens, abs=2e-3)
    # scores: the data give 0.052 for 是; the printed factors multiply to 0.063; the book prints 0.038
    data_score = e.loc["score"]
    assert data_score["是"] == pytest.approx(0.0524, abs=5e-4)
    assert data_score["否"] == pytest.approx(6.80e-5, rel=0.01)
    printed_product = BOOK["prior"]["是"] * math.prod(
        v for (c, _, k), v in BOOK["categorical"].items() if k == "是") * math.prod(
        g[2] for (c, k), g in BOOK["gaussian"].items() if k == "是")
    assert printed_product == pytest.approx(0.0629, abs=5e-4)
    assert BOOK["score"]["是"] not in (round(printed_product, 3), round(data_score["是"], 3))


def test_explain_factors_multiply_to_the_score_and_normalise_to_the_posterior():
    df = watermelon(english=True)
    X, y = df.drop(columns="ripe"), df["ripe"]
    nb = MixedNB(alpha=1).fit(X, y)
    e = nb.explain(X.iloc[[4]])
    factors = e.drop(index=["score", "posterior"])
    np.testing.assert_allclose(factors.prod().to_numpy(), e.loc["score"].to_numpy(), rtol=1e-12)
    np.testing.assert_allclose(e.loc["posterior"].to_numpy(dtype=float), nb.predict_proba(X.iloc[[4]])[0])


def test_smoothed_prior_is_shown_not_used():
    df = watermelon()
    nb = MixedNB().fit(df.drop(columns="好瓜"), df["好瓜"])
    np.testing.assert_allclose(nb.class_prior_, [9 / 17, 8 / 17])
    np.testing.assert_allclose(nb.smoothed_prior_, [10 / 19, 9 / 19])
    e = nb.explain(df.drop(columns="好瓜").iloc[[0]])
    np.testing.assert_allclose(e.loc["P(c)"].to_numpy(dtype=float), [9 / 17, 8 / 17])


def test_laplace_values_of_the_book():
    df = watermelon()
    nb = MixedNB(alpha=1).fit(df.drop(columns="好瓜"), df["好瓜"])
    assert nb.category_probs_["色泽"].loc["是", "青绿"] == pytest.approx(4 / 11)
    assert nb.category_probs_["色泽"].loc["否", "青绿"] == pytest.approx(4 / 12)
    assert nb.category_probs_["敲声"].loc["是", "清脆"] == pytest.approx(1 / 11)


def test_ddof_changes_only_the_variance():
    df = watermelon()
    X, y = df[["密度", "含糖率"]], df["好瓜"]
    v0 = MixedNB(ddof=0).fit(X, y).var_
    v1 = MixedNB(ddof=1).fit(X, y).var_
    np.testing.assert_allclose(v1.loc["是"] * 7 / 8, v0.loc["是"])
    np.testing.assert_allclose(v1.loc["否"] * 8 / 9, v0.loc["否"])


def test_bool_and_category_columns_are_counted():
    X = pd.DataFrame({"b": [True, False, True, True], "c": pd.Categorical(["x", "y", "x", "y"]),
                      "n": [1.0, 2.0, 3.5, 0.5]})
    nb = MixedNB().fit(X, [0, 1, 0, 1])
    assert nb.categorical_columns_ == ["b", "c"] and nb.numeric_columns_ == ["n"]


@pytest.mark.parametrize("X, y, kwargs, message", [
    (pd.DataFrame({"a": [1.0, 1.0, 2.0, 3.0]}), [0, 0, 1, 1], {}, "constant within class 0"),
    (pd.DataFrame({"a": [1, "x", 2, "y"]}), [0, 0, 1, 1], {}, "mixes numbers and text"),
    (pd.DataFrame({"a": pd.Series([1, 2, 3, 4], dtype=object)}), [0, 0, 1, 1], {}, "numbers stored as objects"),
    (pd.DataFrame({"a": [1.0, np.nan, 2.0, 3.0]}), [0, 0, 1, 1], {}, "column 'a' has a missing value"),
    (pd.DataFrame({"a": [1.0, 2.0, 3.0]}), [0, 1, 1], {"ddof": 1}, "class 0 has 1 row"),
    (pd.DataFrame({"a": [1.0, 2.0]}), [0, 1], {"alpha": -1}, "alpha"),
    (pd.DataFrame({"a": [1.0, 2.0]}), [0, 1], {"ddof": 2}, "ddof"),
    (pd.DataFrame({"a": [1.0, 2.0]}), [0, 1], {"var_floor": -1}, "var_floor"),
    (np.array([["a", "b"], ["c", "d"]]), [0, 1], {}, "DataFrame"),
    (pd.DataFrame({"a": [1.0, 2.0]}), [0], {}, "labels"),
])
def test_bad_input_is_named(X, y, kwargs, message):
    with pytest.raises(NbteachError, match=message):
        MixedNB(**kwargs).fit(X, y)


def test_var_floor_makes_a_constant_column_usable():
    X = pd.DataFrame({"a": [1.0, 1.0, 2.0, 3.0]})
    nb = MixedNB(var_floor=1e-3).fit(X, [0, 0, 1, 1])
    assert np.all(np.isfinite(nb.predict_proba(X)))


def test_predict_time_errors():
    df = watermelon()
    X, y = df.drop(columns="好瓜"), df["好瓜"]
    nb = MixedNB(alpha=1).fit(X, y)
    with pytest.raises(NbteachError, match="missing"):
        nb.predict(X.drop(columns="密度"))
    new = X.iloc[[0]].copy()
    new["色泽"] = "紫色"
    with pytest.warns(UserWarning, match="紫色"):
        p = nb.predict_proba(new)
    assert np.all(np.isfinite(p))
    with pytest.raises(NbteachError, match="alpha=0"):
        MixedNB(alpha=0).fit(X, y).predict(new)
    bad = X.iloc[[0]].copy()
    bad["密度"] = "heavy"
    with pytest.raises(NbteachError, match="密度"):
        nb.predict(bad)
    with pytest.raises(NbteachError, match="not fitted"):
        MixedNB().predict(X)


def test_predictions_are_column_order_independent():
    df = watermelon()
    X, y = df.drop(columns="好瓜"), df["好瓜"]
    nb = MixedNB().fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_allclose(nb.predict_proba(X[X.columns[::-1]]), nb.predict_proba(X))


# -- scikit-learn's contract (issue 22): what its checks found ------------------------------
def _plain():
    rng = np.random.default_rng(0)
    return rng.normal(size=(20, 3)), np.array([0, 1] * 10)


@pytest.mark.parametrize("make, error, message", [
    (lambda X: __import__("scipy.sparse").sparse.csr_matrix(X), NbteachError, "sparse matrix"),
    (lambda X: X + 1j, NbteachError, "Complex data not supported"),
    (lambda X: X[:, 0], NbteachError, "Reshape your data"),
    (lambda X: X[:, :0], NbteachError, r"0 feature\(s\)"),
])
def test_plain_arrays_scikit_learn_refuses_are_named(make, error, message):
    X, y = _plain()
    with pytest.raises(error, match=message):
        MixedNB().fit(make(X), y)


def test_an_object_array_of_numbers_is_numbers_and_a_dict_in_it_is_named():
    X, y = _plain()
    as_float = MixedNB().fit(X, y)
    as_object = MixedNB().fit(X.astype(object), y)
    assert as_object.numeric_columns_ == [0, 1, 2]
    np.testing.assert_array_equal(as_object.predict_proba(X.astype(object)), as_float.predict_proba(X))
    bad = X.astype(object)
    bad[0, 0] = {"foo": "bar"}
    with pytest.raises(TypeError, match="DataFrame.*not 'dict'"):
        MixedNB().fit(bad, y)


def test_predict_names_a_wrong_number_of_features_and_refuses_inf():
    X, y = _plain()
    nb = MixedNB().fit(X, y)
    with pytest.raises(NbteachError, match="X has 1 features, but MixedNB is expecting 3"):
        nb.predict(X[:, [1]])
    X_inf = X.copy()
    X_inf[2, 1] = np.inf
    with pytest.raises(NbteachError, match="holds inf"):
        nb.predict(X_inf)


def test_labels_given_as_a_list_of_numbers_keep_their_type():
    X, y = _plain()
    nb = MixedNB().fit(X, y.tolist())
    assert nb.classes_.dtype.kind == "i" and nb.predict(X).dtype.kind == "i"
    words = MixedNB().fit(X, ["no", "yes"] * 10)
    assert words.classes_.dtype == object and type(words.classes_[0]) is str


def test_one_row_is_named_as_one_sample():
    with pytest.raises(NbteachError, match="the class has 1 sample"):
        MixedNB().fit(np.array([[1.0, 2.0]]), [0])


def test_mixed_is_categorical_nb_plus_gaussian_nb():
    """MixedNB's factors are CategoricalNB's (categorical columns) and GaussianNB's (numeric ones)."""
    from nbteach import CategoricalNB, GaussianNB

    df = watermelon()
    X, y = df.drop(columns="好瓜"), df["好瓜"]
    nb = MixedNB(alpha=1).fit(X, y)
    cat = CategoricalNB(alpha=1).fit(X[nb.categorical_columns_], y)
    gauss = GaussianNB(var_smoothing=0).fit(X[nb.numeric_columns_], y)
    for c in nb.categorical_columns_:
        np.testing.assert_allclose(nb.category_probs_[c].to_numpy(), cat.tables_[c].to_numpy(float).T)
    np.testing.assert_allclose(nb.var_.to_numpy(), gauss.var_)
    expected = (np.log(nb.class_prior_) + cat.log_factors(X[nb.categorical_columns_]).sum(axis=0)
                + gauss.log_factors(X[nb.numeric_columns_].to_numpy()).sum(axis=0))
    np.testing.assert_allclose(nb.predict_joint_log_proba(X), expected, rtol=1e-12)


@pytest.mark.parametrize("dtype", ["str", object, "category", float])
@pytest.mark.parametrize("when", ["fit", "predict"])
def test_a_missing_value_is_named_with_its_column_and_row(dtype, when):
    """Issue 36: MixedNB finds missing values as it reads the columns (a category gets no code, a
    number is NaN) instead of a pass over every value first; the message is the one of
    _validation.missing_value_error, with the column and the row's label."""
    rows = [10, 11, 12, 13, 14, 15]
    good = pd.DataFrame({"n": [0.5, 1.5, 2.5, 3.0, 0.0, 2.0],
                         "c": pd.Series(["x", "y", "x", "y", "x", "y"], index=rows,
                                        dtype=dtype if dtype != float else "str")}, index=rows)
    column = "n" if dtype is float else "c"
    bad = good.copy()
    bad.loc[13, column] = np.nan
    y = [0, 1, 0, 1, 0, 1]
    with pytest.raises(NbteachError, match=rf"column '{column}' has a missing value \(NaN/None\) at row 13"):
        if when == "fit":
            MixedNB().fit(bad, y)
        else:
            MixedNB().fit(good, y).predict(bad)
