"""SPODE and AODE: the formulas of note 002 by brute force, the fallback, and bad input."""
from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from nbteach import NbteachError, flu_cold
from nbteach.categorical import UnseenCategoryWarning
from nbteach.semi_naive import AODE, SPODE


def _data():
    df = flu_cold()
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


def _all_queries(X):
    cols = [sorted(set(X[c])) for c in X.columns]
    return pd.DataFrame(list(itertools.product(*cols)), columns=X.columns)


def _spode_numerator(X, y, q, parent, alpha):
    """P(c, x_i) prod_j P(x_j | c, x_i), by counting rows, as note 002 writes it."""
    classes = sorted(set(y))
    N, n = len(classes), len(X)
    out = []
    for c in classes:
        Ni = X[parent].nunique()
        d_cxi = ((y == c) & (X[parent] == q[parent])).sum()
        p = (d_cxi + alpha) / (n + alpha * N * Ni)
        for col in X.columns:
            if col == parent:
                continue
            Nj = X[col].nunique()
            d = ((y == c) & (X[parent] == q[parent]) & (X[col] == q[col])).sum()
            p *= (d + alpha) / (d_cxi + alpha * Nj)
        out.append(p)
    return np.array(out)


@pytest.mark.parametrize("alpha", [1.0, 0.5])
@pytest.mark.parametrize("parent", ["Headache", "Cough"])
def test_spode_is_note_002s_formula(parent, alpha):
    X, y = _data()
    Q = _all_queries(X)
    model = SPODE(parent=parent, alpha=alpha).fit(X, y)
    got = model.predict_proba(Q)
    for k, (_, q) in enumerate(Q.iterrows()):
        num = _spode_numerator(X, y, q, parent, alpha)
        np.testing.assert_allclose(got[k], num / num.sum(), rtol=1e-12)
    assert list(model.classes_) == ["Cold", "Flu"]


def test_aode_averages_every_spode_with_enough_data():
    X, y = _data()
    Q = _all_queries(X)
    model = AODE(m=1, alpha=1).fit(X, y)
    got = model.predict_proba(Q)
    for k, (_, q) in enumerate(Q.iterrows()):
        parents = [c for c in X.columns if (X[c] == q[c]).sum() >= 1]
        num = sum(_spode_numerator(X, y, q, p, 1.0) for p in parents)
        np.testing.assert_allclose(got[k], num / num.sum(), rtol=1e-12)


def test_aode_falls_back_to_naive_bayes():
    X, y = _data()
    Q = _all_queries(X)
    got = AODE(m=len(X) + 1, alpha=1).fit(X, y).predict_proba(Q)
    classes = sorted(set(y))
    for k, (_, q) in enumerate(Q.iterrows()):
        num = []
        for c in classes:
            p = ((y == c).sum() + 1) / (len(y) + len(classes))
            for col in X.columns:
                p *= (((y == c) & (X[col] == q[col])).sum() + 1) / ((y == c).sum() + X[col].nunique())
            num.append(p)
        num = np.array(num)
        np.testing.assert_allclose(got[k], num / num.sum(), rtol=1e-12)


@pytest.mark.parametrize("m", [0, 1, 3, 99])
def test_aode_n_parents_counts_the_serving_super_parents_and_predict_changes_nothing(m):
    # issue 22: predict used to set n_parents_ on the model (scikit-learn's check_dict_unchanged)
    import copy

    X, y = _data()
    Q = _all_queries(X)
    model = AODE(m=m, alpha=1).fit(X, y)
    before = copy.deepcopy(model.__dict__)
    model.predict(Q), model.predict_proba(Q), model.predict_log_proba(Q)
    assert model.__dict__.keys() == before.keys()
    for key, value in before.items():
        assert repr(model.__dict__[key]) == repr(value), key
    want = [sum((X[c] == q[c]).sum() >= m for c in X.columns) for _, q in Q.iterrows()]
    assert model.n_parents(Q).tolist() == want
    assert any(want) == (m < 99)   # both sides of the threshold are exercised


def test_aode_n_parents_needs_a_fitted_model():
    X, _ = _data()
    with pytest.raises(NbteachError, match="fit"):
        AODE().n_parents(X)


def test_aode_beats_naive_bayes_when_attributes_depend_on_each_other():
    # two attributes that copy a hidden cause: naive Bayes double-counts them, AODE does not
    rng = np.random.default_rng(0)
    n = 3000
    y = rng.integers(0, 2, n)
    h = np.where(rng.random(n) < 0.7, y, 1 - y)
    X = pd.DataFrame({"a": h, "b": h, "c": np.where(rng.random(n) < 0.6, y, 1 - y)}).astype(str)
    from nbteach import CategoricalNB

    tr, te = slice(0, 2000), slice(2000, None)
    nb = CategoricalNB(alpha=1).fit(X[tr], y[tr])
    ao = AODE(alpha=1).fit(X[tr], y[tr])
    ll_nb = np.log(nb.predict_proba(X[te])[np.arange(1000), y[te]]).mean()
    ll_ao = np.log(ao.predict_proba(X[te])[np.arange(1000), y[te]]).mean()
    assert ll_ao > ll_nb  # better calibrated: NB counts the copied evidence twice


def test_spode_cv_chooses_a_parent():
    X, y = _data()
    model = SPODE(parent="cv").fit(X, y)
    assert model.parent_ in X.columns
    assert set(model.cv_scores_.index) == set(X.columns)
    assert model.cv_scores_[model.parent_] == model.cv_scores_.max()


def test_unseen_value_warns_and_is_smoothed():
    X, y = _data()
    q = X.iloc[[0]].assign(Cough="maybe")
    with pytest.warns(UnseenCategoryWarning, match="'maybe'"):
        p = AODE(alpha=1).fit(X, y).predict_proba(q)
    assert p.sum() == pytest.approx(1.0)


def test_bad_input():
    X, y = _data()
    with pytest.raises(NbteachError, match="alpha"):
        SPODE(parent="Cough", alpha=-1).fit(X, y)
    with pytest.raises(NbteachError, match="parent must be a column"):
        SPODE(parent="Fever").fit(X, y)
    with pytest.raises(NbteachError, match="m must be an integer"):
        AODE(m=-1).fit(X, y)
    with pytest.raises(NbteachError, match="at least two attributes"):
        AODE().fit(X[["Cough"]], y)
    with pytest.raises(NbteachError, match="4 rows but y has 5"):
        AODE().fit(X.head(4), y)
    with pytest.raises(NbteachError, match="training columns"):
        AODE().fit(X, y).predict(X.drop(columns="Cough"))
    with pytest.raises(NbteachError, match="not fitted"):
        AODE().predict(X)


def test_sklearn_clone_and_params():
    from sklearn.base import clone

    m = clone(AODE(m=3, alpha=0.5))
    assert m.get_params() == {"alpha": 0.5, "m": 3}


def test_explain_writes_every_factor_and_matches_predict_proba():
    X, y = _data()
    model = SPODE(parent="Temperature", alpha=1).fit(X, y)
    q = {"Headache": "mild", "Sore": "severe", "Temperature": "normal", "Cough": "yes"}
    table = model.explain(q)
    assert list(table.columns) == ["Cold", "Flu"]
    assert table.index[0] == "P(c, Temperature=normal)"
    assert len(table) == 1 + 3 + 2  # the pair, three children, product, posterior
    proba = model.predict_proba(pd.DataFrame([q]))[0]
    assert [float(v) for v in table.loc["P(c | x)"]] == pytest.approx(proba, abs=5e-5)
    num = _spode_numerator(X, y, pd.Series(q), "Temperature", 1.0)
    assert [float(v) for v in table.loc["product (score)"]] == pytest.approx(num, rel=1e-5)


@pytest.mark.parametrize("m", [1, 3, 99])
def test_aode_explain_adds_the_serving_spodes(m):
    from fractions import Fraction

    X, y = _data()
    model = AODE(m=m, alpha=1).fit(X, y)
    for k in range(len(X)):
        q = X.iloc[k]
        table = model.explain(q, exact=True)
        exact = model.explain(q.to_dict())
        classes = list(model.classes_)
        serving = [c for c in X.columns if (X[c] == q[c]).sum() >= m]
        assert [c for c in X.columns if table.loc[c, "serves"]] == serving
        for c in X.columns:
            assert table.loc[c, "|D_{x_i}|"] == (X[c] == q[c]).sum()
            num = _spode_numerator(X, y, q, c, 1.0)
            assert [float(v) for v in table.loc[c, classes]] == pytest.approx(num, rel=1e-12)
            assert all(isinstance(v, Fraction) for v in table.loc[c, classes])
        post = table.loc["P(c | x)", classes]
        assert sum(post) == 1
        np.testing.assert_allclose([float(v) for v in post], model.predict_proba(X.iloc[[k]])[0], rtol=1e-12)
        np.testing.assert_allclose(exact.loc["P(c | x)", classes].astype(float),
                                   model.predict_proba(X.iloc[[k]])[0], rtol=1e-12)
        assert (table.index[-2].startswith("naive Bayes")) == (not serving)


def test_zhou_section_7_4_printed_aode_estimates():
    """Zhou's 《机器学习》 section 7.4 prints, on watermelon 3.0, P(好瓜=是, 敲声=浊响) = (6+1)/(17+3x2)
    = 0.304 and P(脐部=凹陷 | 好瓜=是, 敲声=浊响) = (3+1)/(6+3) = 0.444 (lesson 10 checks them)."""
    from fractions import Fraction

    from nbteach import SPODE, watermelon

    melons = watermelon()
    X, y = melons.iloc[:, :6], melons["好瓜"]
    m = SPODE(parent="敲声", alpha=1).fit(X, y)
    names, classes = list(m.feature_names_in_), list(m.classes_)
    i, j, c = names.index("敲声"), names.index("脐部"), classes.index("是")
    xi, xj = m.categories_[i].index("浊响"), m.categories_[j].index("凹陷")
    pair, triple = int(m.pair_count_[i][c, xi]), int(m.triple_count_[i, j][c, xi, xj])
    joint = Fraction(pair + 1, len(X) + len(classes) * len(m.categories_[i]))
    cond = Fraction(triple + 1, pair + len(m.categories_[j]))
    assert (joint, cond) == (Fraction(7, 23), Fraction(4, 9))
    assert (round(float(joint), 3), round(float(cond), 3)) == (0.304, 0.444)
    table = m.explain(X.loc[1])
    assert table.loc["P(c, 敲声=浊响)", "是"] == "(6 + 1) / (17 + 1*2*3)"
    assert table.loc["P(脐部=凹陷 | c, 敲声=浊响)", "是"] == "(3 + 1) / (6 + 1*3)"
