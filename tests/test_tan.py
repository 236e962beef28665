"""TAN: conditional mutual information (by hand and by a direct count), the maximum spanning
tree (against every spanning tree), the model's formula by brute force, and bad input
(scikit-learn's estimator checks: test_sklearn_checks.py).
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest

import nbteach
from nbteach import NbteachError, flu_cold
from nbteach.categorical import UnseenCategoryWarning
from nbteach.semi_naive import TAN, conditional_mutual_information, maximum_spanning_tree


def _flu():
    df = flu_cold()
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


# ---- conditional mutual information -------------------------------------------------------

def test_cmi_hand_example():
    # class 0: a and b equal, each 0 or 1 half the time -> I(a; b | c=0) = log 2
    # class 1: a constant, so nothing to learn about b from a -> I(a; b | c=1) = 0
    # weighted by P(c) = 1/2 each: I(a; b | y) = log(2) / 2
    X = pd.DataFrame({"a": [0, 1, 0, 0], "b": [0, 1, 0, 1]})
    y = [0, 0, 1, 1]
    cmi = conditional_mutual_information(X, y)
    assert cmi.loc["a", "b"] == pytest.approx(math.log(2) / 2, abs=1e-15)
    assert cmi.loc["b", "a"] == cmi.loc["a", "b"]
    # the diagonal is H(x | y): b is uniform in both classes, so H(b | y) = log 2
    assert cmi.loc["b", "b"] == pytest.approx(math.log(2), abs=1e-15)


def test_cmi_is_zero_when_the_pair_factorises_in_every_class():
    # in each class the four combinations of (a, b) appear equally often
    rows = [(a, b, c) for c in "xy" for a in "pq" for b in "rs"] * 3
    X = pd.DataFrame([r[:2] for r in rows], columns=["a", "b"])
    y = [r[2] for r in rows]
    assert conditional_mutual_information(X, y).loc["a", "b"] == pytest.approx(0.0, abs=1e-15)


def _direct_cmi(X, y, i, j):
    """The formula with every probability counted from the rows, one term at a time."""
    n = len(y)
    total = 0.0
    for c in set(y):
        rows = [k for k in range(n) if y[k] == c]
        n_c = len(rows)
        for vi in set(X[i]):
            for vj in set(X[j]):
                n_ij = sum(1 for k in rows if X[i][k] == vi and X[j][k] == vj)
                if n_ij == 0:
                    continue
                n_i = sum(1 for k in rows if X[i][k] == vi)
                n_j = sum(1 for k in rows if X[j][k] == vj)
                total += (n_ij / n) * math.log((n_ij / n_c) / ((n_i / n_c) * (n_j / n_c)))
    return total


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_cmi_matches_a_direct_computation(seed):
    rng = np.random.default_rng(seed)
    n = 60
    y = rng.choice(["u", "v", "w"], n).tolist()
    X = pd.DataFrame({"a": rng.choice(list("pqr"), n), "b": rng.choice(list("st"), n)})
    X["c"] = np.where(rng.random(n) < 0.7, X["a"], "z")  # depends on a
    cmi = conditional_mutual_information(X, y)
    cols = {k: X[k].tolist() for k in X.columns}
    for i, j in itertools.combinations_with_replacement(X.columns, 2):
        assert cmi.loc[i, j] == pytest.approx(_direct_cmi(cols, y, i, j), abs=1e-12), (i, j)
    assert cmi.loc["a", "c"] > cmi.loc["a", "b"]


def test_cmi_of_an_array_is_indexed_by_position():
    X, y = _flu()
    cmi = conditional_mutual_information(X.to_numpy(), y.to_numpy())
    assert list(cmi.index) == [0, 1, 2, 3]
    np.testing.assert_allclose(cmi.to_numpy(), conditional_mutual_information(X, y).to_numpy())


# ---- maximum spanning tree ----------------------------------------------------------------

def _connected(d, edges):
    seen, stack = {0}, [0]
    while stack:
        u = stack.pop()
        for a, b in edges:
            for v in ((b,) if a == u else (a,) if b == u else ()):
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
    return len(seen) == d


@pytest.mark.parametrize("seed", range(5))
def test_spanning_tree_is_the_heaviest_of_all_spanning_trees(seed):
    rng = np.random.default_rng(seed)
    d = 5
    w = rng.random((d, d))
    w = (w + w.T) / 2
    pairs = list(itertools.combinations(range(d), 2))
    best = max(sum(w[a, b] for a, b in t) for t in itertools.combinations(pairs, d - 1)
               if _connected(d, t))
    for root in (0, 3):
        tree = maximum_spanning_tree(w, root=root)
        assert tree[root] is None
        assert sum(p is None for p in tree.values()) == 1
        assert sum(w[k, p] for k, p in tree.items() if p is not None) == pytest.approx(best, abs=1e-12)
        for k in tree:  # directed away from the root: every parent chain ends at the root
            steps, node = 0, k
            while tree[node] is not None:
                node, steps = tree[node], steps + 1
                assert steps <= d
            assert node == root


def test_spanning_tree_of_a_dataframe_uses_its_labels():
    w = pd.DataFrame([[0, 3, 1], [3, 0, 2], [1, 2, 0]], index=list("abc"), columns=list("abc"))
    assert maximum_spanning_tree(w, root="c") == {"a": "b", "b": "c", "c": None}


def test_spanning_tree_bad_input():
    with pytest.raises(NbteachError, match="square"):
        maximum_spanning_tree([[1, 2, 3]])
    with pytest.raises(NbteachError, match="symmetric"):
        maximum_spanning_tree([[0, 1], [2, 0]])
    with pytest.raises(NbteachError, match="root must be one of the nodes"):
        maximum_spanning_tree([[0, 1], [1, 0]], root=5)


# ---- the model ----------------------------------------------------------------------------

def _tan_numerator(X, y, q, parents, alpha):
    """P(c) prod_j P(x_j | c, x_pa(j)), by counting rows, as the TAN docstring writes it."""
    classes = sorted(set(y))
    N, n = len(classes), len(X)
    out = []
    for c in classes:
        in_c = y == c
        p = (in_c.sum() + alpha) / (n + alpha * N)
        for col in X.columns:
            Nj = X[col].nunique()
            pa = parents[col]
            rows = in_c if pa is None else in_c & (X[pa] == q[pa])
            p *= ((rows & (X[col] == q[col])).sum() + alpha) / (rows.sum() + alpha * Nj)
        out.append(p)
    return np.array(out)


@pytest.mark.parametrize("alpha", [1.0, 0.5])
@pytest.mark.parametrize("root", [None, "Temperature", 3])
def test_tan_is_its_formula(alpha, root):
    X, y = _flu()
    Q = pd.DataFrame(list(itertools.product(*[sorted(set(X[c])) for c in X.columns])), columns=X.columns)
    model = TAN(alpha=alpha, root=root).fit(X, y)
    expected_root = {None: "Headache", "Temperature": "Temperature", 3: "Cough"}[root]
    assert model.root_ == expected_root and model.parents_[expected_root] is None
    # the tree is the maximum spanning tree of the fitted CMI, from that root
    assert model.parents_ == maximum_spanning_tree(model.cmi_, root=expected_root)
    got = model.predict_proba(Q)
    for k, (_, q) in enumerate(Q.iterrows()):
        num = _tan_numerator(X, y, q, model.parents_, alpha)
        np.testing.assert_allclose(got[k], num / num.sum(), rtol=1e-12)
    np.testing.assert_allclose(np.exp(model.predict_log_proba(Q)), got, rtol=1e-12)
    assert list(model.predict(Q)) == [model.classes_[i] for i in got.argmax(axis=1)]


def test_parents_of_an_array_are_positions():
    X, y = _flu()
    model = TAN(root=2).fit(X.to_numpy(), y.to_numpy())
    named = TAN(root="Temperature").fit(X, y)
    names = list(X.columns)
    assert model.parents_ == {names.index(k): (None if p is None else names.index(p))
                              for k, p in named.parents_.items()}
    assert model.parents_[2] is None and model.root_ == 2
    np.testing.assert_allclose(model.predict_proba(X.to_numpy()), named.predict_proba(X))


def test_tan_links_a_copied_attribute_to_its_original():
    # b is a noisy copy of a, c is independent of both given y: the tree joins a and b, and
    # TAN's probabilities on held-out rows beat naive Bayes', which counts a's evidence twice
    rng = np.random.default_rng(0)
    n = 3000
    y = rng.integers(0, 2, n)
    a = np.where(rng.random(n) < 0.7, y, 1 - y)
    b = np.where(rng.random(n) < 0.9, a, 1 - a)
    c = np.where(rng.random(n) < 0.6, y, 1 - y)
    X = pd.DataFrame({"c": c, "a": a, "b": b}).astype(str)
    tan = TAN(alpha=1, root="c").fit(X[:2000], y[:2000])
    assert tan.parents_["b"] == "a" or tan.parents_["a"] == "b"
    nb = nbteach.CategoricalNB(alpha=1).fit(X[:2000], y[:2000])
    rows = np.arange(1000)
    ll_tan = np.log(tan.predict_proba(X[2000:])[rows, y[2000:]]).mean()
    ll_nb = np.log(nb.predict_proba(X[2000:])[rows, y[2000:]]).mean()
    assert ll_tan > ll_nb


def test_exported_and_params():
    from sklearn.base import clone

    assert nbteach.TAN is TAN
    assert TAN().get_params() == {"alpha": 1.0, "root": None}
    m = clone(TAN(alpha=0.5, root="Cough"))
    assert m.get_params() == {"alpha": 0.5, "root": "Cough"}
    assert m.set_params(root=None).root is None


def test_unseen_value_warns_and_is_smoothed():
    X, y = _flu()
    q = X.iloc[[0]].assign(Cough="maybe")
    with pytest.warns(UnseenCategoryWarning, match="'maybe'"):
        p = TAN(alpha=1).fit(X, y).predict_proba(q)
    assert p.sum() == pytest.approx(1.0)


def test_bad_input():
    X, y = _flu()
    with pytest.raises(NbteachError, match="alpha"):
        TAN(alpha=-1).fit(X, y)
    with pytest.raises(NbteachError, match="root must be a column of X"):
        TAN(root="Fever").fit(X, y)
    with pytest.raises(NbteachError, match="root must be a column of X"):
        TAN(root=7).fit(X.to_numpy(), y)
    with pytest.raises(NbteachError, match="4 rows but y has 5"):
        TAN().fit(X.head(4), y)
    with pytest.raises(NbteachError, match="training columns"):
        TAN().fit(X, y).predict(X.drop(columns="Cough"))
    with pytest.raises(NbteachError, match="X has 3 features, but TAN is expecting 4"):
        TAN().fit(X.to_numpy(), y).predict(X.to_numpy()[:, :3])
    with pytest.raises(NbteachError, match="1-D"):
        TAN().fit(X, y).predict(["mild", "severe", "normal", "no"])
    with pytest.raises(NbteachError, match="not fitted"):
        TAN().predict(X)
    with pytest.raises(NbteachError, match="single class"):
        TAN().fit(X, ["Flu"] * 5)


def test_root_may_be_a_numpy_integer():
    X, y = _flu()
    assert TAN(root=np.int64(3)).fit(X, y).root_ == "Cough"
