"""nbteach's estimators agree with scikit-learn's.

Agreement: on the same inputs and parameters, predict_proba (and the fitted
attributes) match scikit-learn's to 1e-9, on fixed cases and on many random ones
(hypothesis). scikit-learn's estimator checks run for every estimator in
test_sklearn_checks.py.
"""
from __future__ import annotations


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

sklearn = pytest.importorskip("sklearn")
from sklearn import naive_bayes as sk  # noqa: E402

from nbteach._base import NbteachError  # noqa: E402
from nbteach.bernoulli import BernoulliNB  # noqa: E402
from nbteach.gaussian import GaussianNB  # noqa: E402
from nbteach.multinomial import MultinomialNB  # noqa: E402

TOL = dict(rtol=1e-9, atol=1e-9)

def _pair(name, **params):
    ours = {"multinomial": MultinomialNB, "bernoulli": BernoulliNB, "gaussian": GaussianNB}[name]
    theirs = {"multinomial": sk.MultinomialNB, "bernoulli": sk.BernoulliNB,
              "gaussian": sk.GaussianNB}[name]
    return ours(**params), theirs(**params)


def _assert_same(ours, theirs, X, y, Xt, attrs):
    ours.fit(X, y)
    theirs.fit(X, y)
    np.testing.assert_array_equal(ours.classes_, theirs.classes_)
    for a in attrs:
        np.testing.assert_allclose(getattr(ours, a), getattr(theirs, a), **TOL, err_msg=a)
    np.testing.assert_allclose(ours.predict_proba(Xt), theirs.predict_proba(Xt), **TOL)
    np.testing.assert_allclose(ours.predict_log_proba(Xt), theirs.predict_log_proba(Xt),
                               rtol=1e-9, atol=1e-7)
    # the same decision wherever the posterior is not a tie (at an exact tie the argmax is
    # decided by the last bits of rounding, which may differ between two correct programs)
    jll = ours.predict_joint_log_proba(Xt)
    top2 = np.sort(jll, axis=1)[:, -2:]
    clear = (top2[:, 1] - top2[:, 0]) > 1e-9 * np.maximum(1.0, np.abs(top2[:, 1]))
    np.testing.assert_array_equal(ours.predict(Xt)[clear], theirs.predict(Xt)[clear])


counts = hnp.arrays(np.int64, st.tuples(st.integers(4, 25), st.integers(1, 8)),
                    elements=st.integers(0, 12))
reals = hnp.arrays(np.float64, st.tuples(st.integers(4, 25), st.integers(1, 6)),
                   elements=st.floats(-50, 50, allow_nan=False, width=32))


def _labels(data, n, k):
    y = np.arange(n) % k  # every class present at least once
    return data.draw(st.permutations(list(y)))


@settings(max_examples=60, deadline=None)
@given(X=counts, k=st.integers(2, 4), alpha=st.floats(0.01, 5.0),
       fit_prior=st.booleans(), data=st.data())
def test_multinomial_agrees_on_random_counts(X, k, alpha, fit_prior, data):
    y = _labels(data, X.shape[0], k)
    ours, theirs = _pair("multinomial", alpha=alpha, fit_prior=fit_prior)
    _assert_same(ours, theirs, X, y, X[::-1] + 1,
                 ["class_count_", "feature_count_", "feature_log_prob_", "class_log_prior_"])


@settings(max_examples=60, deadline=None)
@given(X=counts, k=st.integers(2, 4), alpha=st.floats(0.01, 5.0),
       binarize=st.sampled_from([0.0, 1.5, 4.0]), data=st.data())
def test_bernoulli_agrees_on_random_counts(X, k, alpha, binarize, data):
    y = _labels(data, X.shape[0], k)
    ours, theirs = _pair("bernoulli", alpha=alpha, binarize=binarize)
    _assert_same(ours, theirs, X, y, X[::-1],
                 ["class_count_", "feature_count_", "feature_log_prob_", "class_log_prior_"])


@settings(max_examples=60, deadline=None)
@given(X=reals, k=st.integers(2, 3), data=st.data())
def test_gaussian_agrees_on_random_reals(X, k, data):
    X = X + np.arange(X.shape[1])  # columns not all constant
    X[0, 0] += 1.0
    y = _labels(data, X.shape[0], k)
    ours, theirs = _pair("gaussian")
    _assert_same(ours, theirs, X, y, X[::-1] * 0.5,
                 ["class_count_", "class_prior_", "theta_", "var_", "epsilon_"])


@pytest.mark.parametrize("name,params", [
    ("multinomial", dict(alpha=1.0, class_prior=[0.1, 0.2, 0.7])),
    ("bernoulli", dict(alpha=0.3, class_prior=[0.5, 0.25, 0.25], binarize=None)),
    ("gaussian", dict(priors=[0.2, 0.3, 0.5], var_smoothing=1e-3)),
])
def test_agreement_with_fixed_priors_and_string_labels(name, params):
    rng = np.random.default_rng(0)
    X = rng.integers(0, 2 if name == "bernoulli" else 6, size=(60, 5)).astype(float)
    y = np.array(["cold", "flu", "hay fever"])[rng.integers(0, 3, 60)]
    ours, theirs = _pair(name, **params)
    _assert_same(ours, theirs, X, y, X[:20], [])


def test_agreement_with_sample_weight():
    rng = np.random.default_rng(1)
    X = rng.integers(0, 5, size=(40, 4))
    y = rng.integers(0, 2, 40)
    w = rng.uniform(0.1, 3.0, 40)
    for name in ["multinomial", "bernoulli", "gaussian"]:
        ours, theirs = _pair(name)
        ours.fit(X, y, sample_weight=w)
        theirs.fit(X, y, sample_weight=w)
        np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), **TOL)


def test_agreement_on_real_email_features():
    """openintro email: 3,921 real e-mails, word-count columns; the two libraries agree."""
    from nbteach.realdata import email_features

    X, y = email_features()
    ours, theirs = _pair("multinomial", alpha=1.0)
    _assert_same(ours, theirs, X, y, X, ["feature_log_prob_"])
    ours, theirs = _pair("bernoulli", alpha=1.0)
    _assert_same(ours, theirs, X, y, X, ["feature_log_prob_"])
    ours, theirs = _pair("gaussian")
    _assert_same(ours, theirs, X, y, X, ["theta_", "var_"])


def test_alpha_zero_gives_zero_probability_not_nan():
    """With alpha=0 a word a class never saw gives that class probability 0 (not nan)."""
    X = np.array([[2, 0], [0, 3]])
    nb = MultinomialNB(alpha=0).fit(X, ["a", "b"])
    np.testing.assert_array_equal(nb.predict_proba([[1, 0]]), [[1.0, 0.0]])
    with pytest.raises(NbteachError, match="probability zero under every class"):
        nb.predict_proba([[1, 1]])


# -- CategoricalNB (nbteach/categorical.py, the lead's): its float path -------------------

@settings(max_examples=40, deadline=None)
@given(data=st.data(), n=st.integers(6, 40), m=st.integers(1, 4), k=st.integers(2, 3),
       alpha=st.floats(0.05, 3.0))
def test_categorical_float_path_agrees_with_sklearn(data, n, m, k, alpha):
    """Integer-coded categories 0..v-1, every value seen in training (scikit-learn counts
    n_categories as max + 1, nbteach as the values seen: the same when all are seen)."""
    from nbteach.categorical import CategoricalNB

    v = data.draw(st.integers(2, 4))
    X = np.array([data.draw(st.permutations(list(np.arange(n) % v))) for _ in range(m)]).T
    y = np.array(data.draw(st.permutations(list(np.arange(n) % k))))
    ours = CategoricalNB(alpha=alpha).fit(X, y)
    theirs = sk.CategoricalNB(alpha=alpha).fit(X, y)
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), **TOL)
    np.testing.assert_allclose(ours.predict_log_proba(X), theirs.predict_log_proba(X),
                               rtol=1e-9, atol=1e-7)
    np.testing.assert_allclose(ours.class_log_prior_, theirs.class_log_prior_, **TOL)
    for a, b in zip(ours.feature_log_prob_, theirs.feature_log_prob_):
        np.testing.assert_allclose(a, b, **TOL)
