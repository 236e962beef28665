"""One validation module and one counting engine under every estimator (issue 22), shown by
running them: each estimator's ``fit`` and ``predict`` are watched (``sys.setprofile``) for the
functions of ``nbteach/_validation.py`` and ``nbteach/counts.py`` they call.

- ``fit`` validates through ``_validation.validate_data`` (``reset=True``);
- ``predict`` through ``_validation.check_is_fitted`` (the one not-fitted error) and
  ``validate_data`` (TextNB: ``check_documents``, its documents' check in the same module);
- every model that counts (all but LogisticRegression, which fits weights by optimisation),
  and the confusion matrix and scores of ``nbteach.metrics``,
  counts with ``counts.joint_counts`` or ``counts.class_feature_counts``.

Every estimator class of nbteach is here (``tests/_estimators.py`` walks the package), the one
that is no nbteach estimator aside (``realdata.SnowNLPSentiment``, snownlp's own classifier).
"""
from __future__ import annotations

import sys
import warnings

import numpy as np
import pandas as pd
import pytest

import nbteach._validation as validation
import nbteach.counts as counts
from _estimators import nbteach_classifier_classes, qualified
from nbteach import (AODE, SPODE, TAN, BernoulliNB, CategoricalNB, GaussianNB, LogisticRegression, MixedNB,
                     MultinomialNB, SemiSupervisedNB, TextNB)

RNG = np.random.default_rng(0)
Y = np.array([0, 1] * 15)
NUMBERS = RNG.normal(size=(30, 3))
CATEGORIES = pd.DataFrame(RNG.integers(0, 3, (30, 3)).astype(str), columns=list("abc"))
MIXED = pd.concat([pd.DataFrame(NUMBERS, columns=["n0", "n1", "n2"]), CATEGORIES], axis=1)
COUNTS = RNG.poisson(1.0, (30, 4)).astype(float)
DOCS = ["cheap offer now", "meeting at noon", "cheap cheap win", "lunch meeting today"] * 5
DOC_Y = ["spam", "ham", "spam", "ham"] * 5

#: (estimator, X, y): one of each class
CASES = [(CategoricalNB(alpha=1), CATEGORIES, Y), (MultinomialNB(), COUNTS, Y), (BernoulliNB(), COUNTS, Y),
         (GaussianNB(), NUMBERS, Y), (MixedNB(), MIXED, Y), (LogisticRegression(), NUMBERS, Y),
         (SPODE(), CATEGORIES, Y), (AODE(), CATEGORIES, Y), (TAN(), CATEGORIES, Y),
         (SemiSupervisedNB(), COUNTS, np.where(np.arange(30) % 3 == 0, -1, Y)), (TextNB(), DOCS, DOC_Y)]

#: Estimators that count nothing, and why.
COUNTS_NOTHING = {"LogisticRegression": "it fits weights by Newton's method or gradient descent"}
NOT_ESTIMATORS = {"nbteach.realdata.SnowNLPSentiment"}    # see tests/test_sklearn_checks.py
ENGINE = {validation.__file__: "validation", counts.__file__: "counts"}


def engine_calls(fn) -> set:
    """``("validation" | "counts", function name)`` for every call ``fn()`` makes into the engines."""
    seen = set()

    def watch(frame, event, arg):
        if event == "call" and frame.f_code.co_filename in ENGINE:
            seen.add((ENGINE[frame.f_code.co_filename], frame.f_code.co_name))

    sys.setprofile(watch)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return seen


def what_is_missing(estimator, X, y) -> list:
    """What of the engines ``estimator``'s fit and predict do not go through."""
    name = type(estimator).__name__
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fit = engine_calls(lambda: estimator.fit(X, y))
        predict = engine_calls(lambda: estimator.predict(X))
    missing = []
    if ("validation", "validate_data") not in fit:
        missing.append(f"{name}.fit does not validate through _validation.validate_data")
    if ("validation", "check_is_fitted") not in predict:
        missing.append(f"{name}.predict does not check it is fitted through _validation.check_is_fitted")
    if not predict & {("validation", "validate_data"), ("validation", "check_documents")}:
        missing.append(f"{name}.predict does not validate its input through _validation")
    if name not in COUNTS_NOTHING and not fit & {("counts", "joint_counts"), ("counts", "class_feature_counts")}:
        missing.append(f"{name}.fit does not count with nbteach.counts")
    return missing


@pytest.mark.parametrize("estimator, X, y", CASES, ids=[type(e).__name__ for e, _, _ in CASES])
def test_every_estimator_validates_and_counts_through_the_one_engine(estimator, X, y):
    assert what_is_missing(estimator, X, y) == []


def test_every_estimator_class_is_here():
    classes = {qualified(c) for c in nbteach_classifier_classes()} - NOT_ESTIMATORS
    assert classes == {qualified(type(e)) for e, _, _ in CASES}


class _OwnWay:
    """An estimator that checks and counts on its own: what the test must catch."""

    def fit(self, X, y):
        X = np.asarray(X, dtype=float)
        if X.ndim != 2:
            raise ValueError("X must be 2-D")
        self.classes_, self.count_ = np.unique(y, return_counts=True)
        return self

    def predict(self, X):
        if not hasattr(self, "classes_"):
            raise AttributeError("not fitted")
        return np.full(len(X), self.classes_[np.argmax(self.count_)])


def test_an_estimator_that_checks_and_counts_on_its_own_is_named():
    missing = what_is_missing(_OwnWay(), NUMBERS, Y)
    assert len(missing) == 4 and all(m.startswith("_OwnWay.") for m in missing), missing


def test_the_confusion_matrix_and_the_scores_count_with_the_engine():
    """metrics counted TP, FP, FN with a bincount of their own; they use counts.joint_counts now,
    with the same numbers (scikit-learn's, tested in test_metrics)."""
    from nbteach.metrics import confusion_matrix, precision_recall_f1

    t, p = ["spam", "ham", "spam", "ham", "spam"], ["spam", "spam", "ham", "ham", "spam"]
    calls = engine_calls(lambda: confusion_matrix(t, p))
    assert ("counts", "joint_counts") in calls
    assert ("counts", "joint_counts") in engine_calls(lambda: precision_recall_f1(t, p, pos_label="spam"))
    assert confusion_matrix(t, p).tolist() == [[1, 1], [1, 2]]


# -- one naive Bayes base: the posterior step written once (issue 36) -------------------------

POSTERIOR_STEP = ("predict_joint_log_proba", "predict_log_proba", "predict_proba", "predict", "_normalise")
#: the models that answer some of the posterior step themselves, and why
OWN_POSTERIOR = {"CategoricalNB": ("predict", "predict_proba", "predict_log_proba")}   # exact arithmetic


def posterior_owners(cls) -> dict:
    """For each method of the posterior step, the class of ``cls``'s MRO that defines it."""
    return {name: next(k for k in cls.__mro__ if name in vars(k)).__name__ for name in POSTERIOR_STEP}


@pytest.mark.parametrize("estimator, X, y", CASES, ids=[type(e).__name__ for e, _, _ in CASES])
def test_every_estimator_takes_its_posterior_from_the_one_naive_bayes_base(estimator, X, y):
    """The normalisation by log-sum-exp and predict / predict_proba / predict_log_proba are
    _numeric._BaseNB's, as in scikit-learn's _BaseNB; a model gives _check_X and
    _joint_log_likelihood. CategoricalNB answers its exact arithmetic (Fractions, sympy) itself
    and hands float64 to the base (its float answers equal the base's, below)."""
    from nbteach._numeric import _BaseNB

    cls = type(estimator)
    assert issubclass(cls, _BaseNB)
    own = set(OWN_POSTERIOR.get(cls.__name__, ()))
    assert {n: o for n, o in posterior_owners(cls).items() if n not in own} == {
        n: "_BaseNB" for n in POSTERIOR_STEP if n not in own}
    for name in ("_check_X", "_joint_log_likelihood"):
        assert any(name in vars(k) for k in cls.__mro__[:cls.__mro__.index(_BaseNB)]), (cls, name)


def test_categorical_nb_in_float64_answers_what_the_base_answers():
    from nbteach._numeric import _BaseNB

    model = CategoricalNB(alpha=1).fit(CATEGORIES, Y)
    for name in OWN_POSTERIOR["CategoricalNB"]:
        np.testing.assert_array_equal(getattr(model, name)(CATEGORIES), getattr(_BaseNB, name)(model, CATEGORIES))


def test_a_model_with_a_posterior_of_its_own_is_named():
    class OwnPosterior(MultinomialNB):
        def predict_proba(self, X):
            return super().predict_proba(X)

    assert posterior_owners(OwnPosterior)["predict_proba"] == "OwnPosterior"
