"""Nigam et al.'s EM-lambda in SemiSupervisedNB (``unlabelled_weight``) and its choice by
cross-validation on the labelled rows (``unlabelled_weight_cv``), issue 33 item 6 (lesson 12 §6).

lambda = 0 is MultinomialNB on the labelled rows, exactly; lambda = 1 is the EM the class ran
before the parameter existed (its numbers pinned below); in between, the unlabelled rows count
lambda of a labelled one, and the model moves with lambda monotonically on a toy case.
"""
from __future__ import annotations

import numpy as np
import pytest

from nbteach import MultinomialNB, NbteachError, SemiSupervisedNB
from nbteach.em import mixture_documents, unlabelled_weight_cv
from nbteach.i18n import set_language

# the five documents of lesson 12 §3: spam, ham, three unlabelled
X_HAND = np.array([[3, 1, 0, 0], [0, 0, 2, 1], [2, 2, 0, 0], [0, 1, 1, 2], [1, 1, 0, 0]], dtype=float)
Y_HAND = np.array(["spam", "ham", -1, -1, -1], dtype=object)


def _semi(n_docs=120, n_labelled=6, seed=3, data_seed=7):
    X, y = mixture_documents(n_docs, random_state=data_seed)
    rng = np.random.default_rng(seed)
    y_semi = np.full(n_docs, -1, dtype=object)
    idx = rng.choice(n_docs, n_labelled, replace=False)
    y_semi[idx] = y[idx]
    return X, y_semi


@pytest.mark.parametrize("alpha", [1.0, 0.2])
def test_weight_zero_is_multinomial_nb_on_the_labelled_rows_exactly(alpha):
    X, y_semi = _semi()
    lab = y_semi != -1
    em = SemiSupervisedNB(alpha=alpha, unlabelled_weight=0).fit(X, y_semi)
    nb = MultinomialNB(alpha=alpha).fit(X[lab], y_semi[lab].astype(str))
    for name in ("class_count_", "feature_count_", "feature_log_prob_", "class_log_prior_"):
        np.testing.assert_array_equal(getattr(em, name), getattr(nb, name), err_msg=name)
    np.testing.assert_array_equal(em.predict_proba(X), nb.predict_proba(X))
    assert em.converged_ and em.n_iter_ == 1            # the unlabelled rows count 0: nothing to iterate on


def test_weight_zero_ignores_an_unlabelled_row_no_class_can_explain():
    X = [[1, 0, 0], [0, 1, 0], [0, 0, 4]]                # word 3 never occurs in a labelled row
    em = SemiSupervisedNB(alpha=0, unlabelled_weight=0).fit(X, ["a", "b", -1])
    assert em.class_count_.tolist() == [1.0, 1.0]
    with pytest.raises(NbteachError, match="use alpha > 0"):   # counted at all, it cannot be explained
        SemiSupervisedNB(alpha=0, unlabelled_weight=0.5).fit(X, ["a", "b", -1])


def test_weight_one_is_the_em_of_before():
    """The numbers SemiSupervisedNB gave on this fit before unlabelled_weight existed (commit 14c190a)."""
    X, y_semi = _semi()
    for em in (SemiSupervisedNB(alpha=1, max_iter=20, tol=0).fit(X, y_semi),
               SemiSupervisedNB(alpha=1, max_iter=20, tol=0, unlabelled_weight=1.0).fit(X, y_semi)):
        assert em.n_iter_ == 20
        assert em.loss_curve_[-1] == pytest.approx(-6775.168470040077, rel=1e-12)
        assert float(em.feature_log_prob_.sum()) == pytest.approx(-132.10882129778952, rel=1e-12)
        np.testing.assert_allclose(em.class_count_, [52.794342142109564, 67.20565785789046], rtol=1e-12)


def test_a_weight_scales_the_unlabelled_rows_counts_in_the_m_step():
    """One iteration: N = Y_l.T X_l + lambda gamma.T X_u with gamma the start's predict_proba."""
    X, y_semi = _semi(seed=5)
    lab = y_semi != -1
    start = MultinomialNB(alpha=1).fit(X[lab], y_semi[lab].astype(str))
    gamma = start.predict_proba(X[~lab])
    Y = (y_semi[lab].astype(str)[:, None] == start.classes_).astype(float)
    for lam in (0.1, 0.37, 0.8):
        em = SemiSupervisedNB(alpha=1, max_iter=1, tol=0, unlabelled_weight=lam).fit(X, y_semi)
        np.testing.assert_allclose(em.feature_count_, Y.T @ X[lab] + lam * gamma.T @ X[~lab], rtol=1e-12)
        np.testing.assert_allclose(em.class_count_, Y.sum(0) + lam * gamma.sum(0), rtol=1e-12)
        pi = (Y.sum(0) + lam * gamma.sum(0)) / (lab.sum() + lam * (~lab).sum())
        np.testing.assert_allclose(np.exp(em.class_log_prior_), pi, rtol=1e-12)
        np.testing.assert_allclose(em.label_distributions_[~lab], gamma, rtol=1e-12)   # gamma itself, unweighted


@pytest.mark.parametrize("lam", [0.05, 0.3, 0.7])
def test_the_weighted_objective_never_decreases_and_is_the_docstrings(lam):
    X, y_semi = _semi(seed=11)
    em = SemiSupervisedNB(alpha=0.5, max_iter=30, tol=0, unlabelled_weight=lam).fit(X, y_semi)
    curve = np.asarray(em.loss_curve_)
    assert np.all(np.diff(curve) >= -1e-9 * np.abs(curve[1:]))
    lab = y_semi != -1
    joint = X @ em.feature_log_prob_.T + em.class_log_prior_
    idx = np.searchsorted(em.classes_, y_semi[lab].astype(str))
    expected = (joint[lab][np.arange(lab.sum()), idx].sum()
                + lam * np.log(np.exp(joint[~lab]).sum(axis=1)).sum() + 0.5 * em.feature_log_prob_.sum())
    assert curve[-1] == pytest.approx(expected, rel=1e-12)


def test_the_model_moves_monotonically_with_the_weight_on_a_toy_case():
    """Lesson 12's five documents: the unlabelled ones are spam-like twice (cheap, price) and ham-like
    once; the more they count, the more spam's prior and its theta of price grow, its theta of
    meeting falls, and every unlabelled document's posterior moves away from 1/2."""
    grid = np.linspace(0, 1, 11)
    fits = [SemiSupervisedNB(alpha=1, unlabelled_weight=w).fit(X_HAND, Y_HAND) for w in grid]
    spam = list(fits[0].classes_).index("spam")
    np.testing.assert_allclose([m.class_count_.sum() for m in fits], 2 + 3 * grid, rtol=1e-12)
    prior = [np.exp(m.class_log_prior_[spam]) for m in fits]
    price = [np.exp(m.feature_log_prob_[spam, 1]) for m in fits]
    meeting = [np.exp(m.feature_log_prob_[spam, 2]) for m in fits]
    sure = [np.abs(m.predict_proba(X_HAND[2:])[:, spam] - 0.5) for m in fits]
    assert np.all(np.diff(prior) > 0) and np.all(np.diff(price) > 0) and np.all(np.diff(meeting) < 0)
    assert np.all(np.diff(sure, axis=0) > 0)


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), float("inf"), True, "0.5", None, [0.5]])
def test_a_bad_weight_says_what_to_fix(bad):
    with pytest.raises(NbteachError, match=r"unlabelled_weight must be a number from 0 to 1 .*lambda"):
        SemiSupervisedNB(unlabelled_weight=bad).fit(X_HAND, Y_HAND)
    set_language("zh")
    try:
        with pytest.raises(NbteachError, match="unlabelled_weight 必须是 0 到 1 之间的数"):
            SemiSupervisedNB(unlabelled_weight=bad).fit(X_HAND, Y_HAND)
    finally:
        set_language("en")


def test_the_weight_is_a_parameter():
    em = SemiSupervisedNB()
    assert em.get_params()["unlabelled_weight"] == 1.0
    assert em.set_params(unlabelled_weight=0.25).get_params()["unlabelled_weight"] == 0.25


# ---------------------------------------------------------------- unlabelled_weight_cv
def test_cross_validation_scores_each_weight_on_the_labelled_rows():
    X, y = mixture_documents(200, random_state=2)
    y_semi = np.where(np.arange(200) < 30, y.astype(object), -1)
    table = unlabelled_weight_cv(X, y_semi, weights=[1, 0, 0.3], n_folds=3, random_state=0, max_iter=5)
    assert table.index.tolist() == [0.0, 0.3, 1.0]
    folds = table[["fold 1", "fold 2", "fold 3"]].to_numpy()
    np.testing.assert_allclose(table["mean"], folds.mean(axis=1), rtol=1e-12)
    np.testing.assert_allclose(table["sd"], folds.std(axis=1, ddof=1), rtol=1e-12)
    assert np.all((folds >= 0) & (folds <= 1)) and len(np.unique(folds)) > 1


def test_cross_validation_at_weight_zero_is_naive_bayes_fold_by_fold():
    X, y = mixture_documents(150, random_state=4)
    y_semi = np.where(np.arange(150) < 24, y.astype(object), -1)
    table = unlabelled_weight_cv(X, y_semi, weights=[0], n_folds=4, random_state=1)
    rng = np.random.default_rng(1)                       # the folds as the function deals them
    classes, y_index = np.unique(y[:24], return_inverse=True)
    order = np.concatenate([rng.permutation(np.flatnonzero(y_index == k)) for k in range(len(classes))])
    fold = np.empty(24, dtype=int)
    fold[order] = np.arange(24) % 4
    for f in range(4):
        nb = MultinomialNB(alpha=1).fit(X[:24][fold != f], y[:24][fold != f])
        assert table.loc[0.0, f"fold {f + 1}"] == pytest.approx(nb.score(X[:24][fold == f], y[:24][fold == f]))


def test_the_choice_prefers_the_smallest_weight_on_a_tie():
    X, y = mixture_documents(40, random_state=0)
    y_semi = np.where(np.arange(40) < 40, y.astype(object), -1)   # no unlabelled row: every weight ties
    table = unlabelled_weight_cv(X, y_semi, weights=[0.5, 0.1, 1], n_folds=2, random_state=0)
    assert table["mean"].nunique() == 1 and table["mean"].idxmax() == 0.1


@pytest.mark.parametrize("kwargs, match", [
    ({"n_folds": 1}, "n_folds must be a whole number >= 2"),
    ({"n_folds": 2.5}, "n_folds must be a whole number >= 2"),
    ({"weights": []}, "weights must be a non-empty list of numbers from 0 to 1"),
    ({"weights": [0, 2]}, "weights must be a non-empty list of numbers from 0 to 1"),
    ({"weights": ["a"]}, "weights must be a non-empty list of numbers from 0 to 1"),
    ({"unlabelled_weight": 0.5}, "it takes no unlabelled_weight"),
    ({"alpha": -1}, "alpha must be a finite number >= 0"),
])
def test_cross_validation_refuses_bad_arguments(kwargs, match):
    X, y = mixture_documents(60, random_state=0)
    y_semi = np.where(np.arange(60) < 12, y.astype(object), -1)
    with pytest.raises(NbteachError, match=match):
        unlabelled_weight_cv(X, y_semi, **kwargs)


def test_cross_validation_needs_two_labelled_rows_of_each_class():
    X = np.array([[1, 0], [0, 1], [1, 1], [2, 0], [0, 2]], dtype=float)
    with pytest.raises(NbteachError, match="at least 2 labelled rows of every class"):
        unlabelled_weight_cv(X, ["a", "a", "b", -1, -1])
    set_language("zh")
    try:
        with pytest.raises(NbteachError, match="每个类别至少有 2 个有标记的行"):
            unlabelled_weight_cv(X, ["a", "a", "b", -1, -1])
    finally:
        set_language("en")
