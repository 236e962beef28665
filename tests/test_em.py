"""SemiSupervisedNB: naive Bayes trained by EM on labelled and unlabelled rows (lesson 12).

EM's objective never decreases; with no unlabelled row the model is MultinomialNB's; the
E-step and M-step are what the docstring writes (checked against a direct computation);
bad input gets a message that says what to fix (scikit-learn's checks: test_sklearn_checks.py).
"""
from __future__ import annotations


import numpy as np
import pytest

from nbteach import MultinomialNB, NbteachError, SemiSupervisedNB
from nbteach.em import mixture_documents


def _semi(X, y, n_labelled, seed):
    rng = np.random.default_rng(seed)
    y_semi = np.full(len(y), -1, dtype=object)
    for c in np.unique(y):                       # at least one labelled row per class
        y_semi[rng.choice(np.flatnonzero(y == c))] = c
    rest = rng.choice(len(y), n_labelled, replace=False)
    y_semi[rest] = y[rest]
    return y_semi


def _data_sets():
    yield "mixture", *mixture_documents(300, random_state=0)
    yield "mixture, 3 classes", *mixture_documents(200, n_classes=3, n_words=12, random_state=3)
    rng = np.random.default_rng(5)
    X = rng.poisson(1.0, size=(150, 7)).astype(float)   # no structure at all
    yield "noise", X, np.where(rng.random(150) < 0.4, "a", "b")


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("alpha", [1.0, 0.1])
def test_the_objective_never_decreases(seed, alpha):
    for name, X, y in _data_sets():
        em = SemiSupervisedNB(alpha=alpha, max_iter=50, tol=0).fit(X, _semi(X, y, 5, seed))
        curve = np.asarray(em.loss_curve_)
        assert len(curve) == em.n_iter_ + 1 and em.n_iter_ >= 1, name
        assert np.all(np.diff(curve) >= -1e-9 * np.abs(curve[1:])), (name, np.diff(curve).min())


def test_the_objective_is_the_docstrings():
    """L = labelled log-likelihood + unlabelled log-likelihood + alpha * sum log theta."""
    X, y = mixture_documents(80, random_state=1)
    y_semi = _semi(X, y, 4, 0)
    em = SemiSupervisedNB(alpha=0.5, max_iter=3, tol=0).fit(X, y_semi)
    lab = y_semi != -1
    log_pi, log_theta = em.class_log_prior_, em.feature_log_prob_
    joint = X @ log_theta.T + log_pi
    idx = np.searchsorted(em.classes_, y_semi[lab].astype(str))
    expected = (joint[lab][np.arange(lab.sum()), idx].sum()
                + np.log(np.exp(joint[~lab]).sum(axis=1)).sum() + 0.5 * log_theta.sum())
    assert em.loss_curve_[-1] == pytest.approx(expected, rel=1e-12)


def test_one_iteration_is_an_e_step_then_an_m_step():
    X, y = mixture_documents(60, random_state=2)
    y_semi = _semi(X, y, 3, 1)
    lab = y_semi != -1
    start = MultinomialNB(alpha=1.0).fit(X[lab], y_semi[lab].astype(str))
    gamma = start.predict_proba(X[~lab])                                 # E-step
    Y = (y_semi[lab].astype(str)[:, None] == start.classes_).astype(float)
    counts = Y.T @ X[lab] + gamma.T @ X[~lab]                            # M-step
    theta = (counts + 1.0) / (counts + 1.0).sum(axis=1, keepdims=True)
    pi = (Y.sum(0) + gamma.sum(0)) / len(y_semi)
    em = SemiSupervisedNB(alpha=1.0, max_iter=1, tol=0).fit(X, y_semi)
    np.testing.assert_allclose(np.exp(em.feature_log_prob_), theta, rtol=1e-12)
    np.testing.assert_allclose(np.exp(em.class_log_prior_), pi, rtol=1e-12)
    np.testing.assert_allclose(em.label_distributions_[~lab], gamma, rtol=1e-12)
    assert em.n_iter_ == 1 and len(em.loss_curve_) == 2


@pytest.mark.parametrize("alpha", [1.0, 0.3, 0.0])
def test_without_unlabelled_rows_it_is_multinomial_nb(alpha):
    X, y = mixture_documents(100, random_state=4)
    em = SemiSupervisedNB(alpha=alpha).fit(X, y)
    nb = MultinomialNB(alpha=alpha).fit(X, y)
    np.testing.assert_allclose(em.predict_proba(X), nb.predict_proba(X), rtol=0, atol=1e-12)
    np.testing.assert_allclose(em.predict_log_proba(X), nb.predict_log_proba(X), rtol=0, atol=1e-12)
    np.testing.assert_array_equal(em.predict(X), nb.predict(X))
    # one iteration, which finds the labelled-only model a fixed point (scikit-learn's
    # check_non_transformer_estimators_n_iter wants n_iter_ >= 1); max_iter=0 runs none
    assert em.n_iter_ == 1 and em.loss_curve_[1] == em.loss_curve_[0] and em.converged_
    none = SemiSupervisedNB(alpha=alpha, max_iter=0).fit(X, y)
    assert none.n_iter_ == 0 and len(none.loss_curve_) == 1 and none.converged_
    np.testing.assert_array_equal(none.predict_proba(X), em.predict_proba(X))


def test_the_start_is_labelled_only_naive_bayes_and_em_moves_away_from_it():
    X, y = mixture_documents(200, random_state=6)
    y_semi = _semi(X, y, 4, 2)
    lab = y_semi != -1
    steps = []
    for model in SemiSupervisedNB(max_iter=5, tol=0).em_steps(X, y_semi):
        steps.append(model.predict_proba(X))
    nb = MultinomialNB().fit(X[lab], y_semi[lab].astype(str))
    np.testing.assert_allclose(steps[0], nb.predict_proba(X), atol=1e-12)
    assert len(steps) == 6
    assert np.abs(steps[-1] - steps[0]).max() > 0.1     # the unlabelled rows changed the model


def test_em_helps_when_the_data_follow_the_model():
    """Drawn from a two-class multinomial mixture, few labels: EM is more accurate than the
    labelled-only start in most draws (a claim that can fail: on noise it would not hold)."""
    X, y = mixture_documents(600, random_state=7)
    X_test, y_test = mixture_documents(400, random_state=8)
    better = 0
    for seed in range(8):
        y_semi = _semi(X, y, 4, seed)
        lab = y_semi != -1
        nb = MultinomialNB().fit(X[lab], y_semi[lab].astype(str)).score(X_test, y_test)
        em = SemiSupervisedNB().fit(X, y_semi).score(X_test, y_test)
        better += em > nb
    assert better >= 6


def test_classes_never_contain_minus_one_and_labels_keep_their_type():
    X, y = mixture_documents(40, random_state=0)
    ints = np.where(y == y[0], 0, 1)
    y_int = np.where(np.arange(40) % 3 == 0, ints, -1)
    em = SemiSupervisedNB().fit(X, y_int)
    assert em.classes_.tolist() == [0, 1] and em.predict(X).dtype.kind == "i"
    y_str = _semi(X, y, 5, 0)
    em = SemiSupervisedNB().fit(X, y_str)
    assert -1 not in em.classes_.tolist() and "-1" not in em.classes_.tolist()
    assert set(em.predict(X)) <= set(np.unique(y).tolist())
    assert em.n_labelled_ + em.n_unlabelled_ == 40


def test_params():
    em = SemiSupervisedNB()
    assert em.get_params() == {"alpha": 1.0, "max_iter": 100, "tol": 1e-6, "unlabelled_weight": 1.0}
    assert em.set_params(alpha=0.5, max_iter=3).get_params()["max_iter"] == 3
    with pytest.raises(NbteachError, match="no parameter 'fit_prior'"):
        em.set_params(fit_prior=False)


@pytest.mark.parametrize("params, X, y, match", [
    ({"alpha": -1}, [[1, 2], [0, 1]], [0, -1], "alpha must be a finite number >= 0"),
    ({"max_iter": -2}, [[1, 2], [0, 1]], [0, -1], "max_iter must be a whole number >= 0"),
    ({"max_iter": 2.5}, [[1, 2], [0, 1]], [0, -1], "max_iter must be a whole number"),
    ({"tol": -1e-3}, [[1, 2], [0, 1]], [0, -1], "tol must be a finite number >= 0"),
    ({}, [[1, -2], [0, 1]], [0, -1], "Negative values in data passed to SemiSupervisedNB"),
    ({}, [[1, 2], [0, 1]], [-1, -1], "Every row of y is -1"),
    ({}, [[1, 2], [0, 1]], ["-1", "-1"], "Every row of y is -1"),
    ({}, [[1, 2], [0, 1]], [0, -1, 1], "X has 2 rows but y has 3 labels"),
    ({}, [1, 2, 3], [0, 1, -1], "X must be 2-D"),
    ({}, [[1, 2], [0, 1]], [[0, 1], [1, 0]], "y should be a 1d array"),
    ({}, [[1, 2], [0, 1]], None, "requires y to be passed"),
    ({}, [[1, 2], [0, 1]], [0.5, -1], "continuous"),
    ({}, [[1, 2], [0, 1], [2, 2]], ["a", float("nan"), -1], "missing label .* at row 1"),
    ({}, [[1, 2], [0, 1], [2, 2]], ["a", None, -1], "missing label .* at row 1"),
])
def test_bad_input_says_what_to_fix(params, X, y, match):
    with pytest.raises(NbteachError, match=match):
        SemiSupervisedNB(**params).fit(X, y)


def test_predict_before_fit_and_on_the_wrong_shape():
    with pytest.raises(NbteachError, match="not fitted yet"):
        SemiSupervisedNB().predict([[1, 2]])
    em = SemiSupervisedNB().fit([[1, 2], [0, 1], [3, 0]], ["a", "b", -1])
    with pytest.raises(NbteachError, match="expecting 2 features"):
        em.predict([[1, 2, 3]])


def test_alpha_zero_and_an_unlabelled_row_no_class_can_explain():
    X = [[1, 0, 0], [0, 1, 0], [0, 0, 4]]                 # word 3 never occurs in a labelled row
    with pytest.raises(NbteachError, match="use alpha > 0"):
        SemiSupervisedNB(alpha=0).fit(X, ["a", "b", -1])


def test_the_mixture_generator_checks_its_arguments():
    with pytest.raises(NbteachError, match="n_docs"):
        mixture_documents(0)
    with pytest.raises(NbteachError, match="n_classes"):
        mixture_documents(10, n_classes=1)
