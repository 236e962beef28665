"""Every nbteach estimator under scikit-learn's estimator checks (``parametrize_with_checks``).

One module for all of them (issue 22), so that a new estimator is added in one place. Every
check runs; a check that cannot apply to an estimator is named below with the reason:

- ``CategoricalNB()`` (alpha=0, the note's MLE): check_fit_idempotent, which predicts on
  values never seen in training; with no smoothing they score 0 for every class and predict
  raises by design (lesson 02's "every class scores 0").
- ``MixedNB(ddof=1)``: check_fit2d_1sample; with ddof=1 a class with one row has no sample
  variance, and MixedNB says so in its own words ("class 0 has 1 row(s): its variance with
  ddof=1 divides by n_c - ddof = 0"), which the check does not look for.
- ``SemiSupervisedNB``: the label -1 means "unlabelled" (scikit-learn's own convention), so
  check_classifiers_classes (which trains on the labels -1 and 1) cannot apply; the estimator
  declares it with the reason (``SemiSupervisedNB.sklearn_expected_failed_checks``), and
  ``test_semi_supervised_nb_fails_only_the_check_it_declares`` holds the declaration true.
- ``TextNB`` takes raw text (a list of strings), and scikit-learn's checks feed 2-D arrays of
  numbers: TEXT_ONLY lists the checks that do. They are not marked as expected failures but
  run, and each must fail *because* TextNB refuses numbers as documents (its message, found
  in the check's error or the error it wraps); the rest (parameters, cloning, repr, tags,
  not-fitted errors, ...) must pass.

Every estimator class of nbteach is here: ``test_every_estimator_class_of_nbteach_is_under_the_checks``
imports every module, finds each public subclass of ``nbteach._base.BaseEstimator`` and each class
with ``fit`` and ``predict``, and fails on one that ESTIMATORS does not hold (NOT_ESTIMATORS names
the one class that is not an nbteach estimator, with the reason).

scikit-learn itself skips ``check_array_api_input`` unless the environment variable
SCIPY_ARRAY_API=1 is set; nbteach estimators claim no array-API support (their
array_api_support tag is False), so that check has nothing to test for them either way.
"""
from __future__ import annotations

import functools
import warnings

import numpy as np
import pytest

sklearn = pytest.importorskip("sklearn")
from sklearn.utils.estimator_checks import parametrize_with_checks  # noqa: E402

from _estimators import nbteach_classifier_classes, qualified  # noqa: E402
from nbteach.text import char_bigrams  # noqa: E402
from nbteach import (AODE, SPODE, TAN, BernoulliNB, CategoricalNB, GaussianNB,  # noqa: E402
                     LogisticRegression, MixedNB, MultinomialNB, SemiSupervisedNB, TextNB)



class _CharBigrams:
    """char_bigrams under a name that reads the same in every process: the checks' test ids are
    the estimators' reprs, and a function's repr holds its address, which differs between the
    pytest-xdist workers (they must collect the same ids)."""

    def __call__(self, text):
        return char_bigrams(text)

    def __repr__(self):
        return "char_bigrams"


ESTIMATORS = [
    MultinomialNB(), MultinomialNB(alpha=0.5, fit_prior=False),
    BernoulliNB(), BernoulliNB(binarize=0.5),
    GaussianNB(), GaussianNB(var_smoothing=1e-6),
    CategoricalNB(alpha=1.0), CategoricalNB(alpha=0.5, fit_prior=False), CategoricalNB(),
    MixedNB(), MixedNB(alpha=0.5, ddof=1), MixedNB(alpha=0, var_floor=1e-9),
    LogisticRegression(), LogisticRegression(lam=0.1, solver="gd", max_iter=2000),
    SPODE(), SPODE(parent=0, alpha=0.5),
    AODE(), AODE(m=30, alpha=0.5),
    TAN(), TAN(alpha=0.5, root=1),
    SemiSupervisedNB(), SemiSupervisedNB(alpha=0.5, max_iter=5),
    TextNB(), TextNB(tokenizer="jieba"), TextNB(tokenizer=_CharBigrams(), alpha=0.5),
]

# The checks that give TextNB a 2-D array of numbers (or an array-like that is not a list) as
# its documents: it refuses them, as it should. (A sparse matrix it refuses by name, as the
# sparse checks want: they run and pass.)
TEXT_ONLY = frozenset({
    "check_fit_score_takes_y", "check_estimators_overwrite_params", "check_dont_overwrite_parameters",
    "check_estimators_fit_returns_self", "check_readonly_memmap_input",
    "check_n_features_in_after_fitting", "check_positive_only_tag_during_fit",
    "check_estimators_dtypes", "check_complex_data", "check_dtype_object",
    "check_estimators_empty_data_messages", "check_pipeline_consistency", "check_estimators_nan_inf",
    "check_estimators_pickle",
    "check_f_contiguous_array_estimator", "check_classifier_data_not_an_array",
    "check_classifiers_one_label", "check_classifiers_classes", "check_classifiers_train",
    "check_classifiers_regression_target", "check_supervised_y_2d",
    "check_methods_sample_order_invariance", "check_methods_subset_invariance",
    "check_fit2d_1sample", "check_fit2d_1feature", "check_dict_unchanged", "check_fit_idempotent",
    "check_fit_check_is_fitted", "check_n_features_in", "check_fit2d_predict1d",
    "check_requires_y_none",
})
# TextNB's refusals of documents that are not text (nbteach.text._check_documents)
NOT_TEXT = ("not a string", "documents must be a list of strings")


def expected_failed(est) -> dict[str, str]:
    if isinstance(est, SemiSupervisedNB):
        return est.sklearn_expected_failed_checks      # declared by the estimator, with the reason
    if type(est) is CategoricalNB and est.alpha == 0 and getattr(est, "epsilon", None) is None:
        return {"check_fit_idempotent": "alpha=0 (no smoothing): unseen test values score 0 "
                                        "for every class, and predict raises by design"}
    if isinstance(est, MixedNB) and est.ddof == 1:
        return {"check_fit2d_1sample": "with ddof=1 a one-row class has no sample variance; MixedNB "
                                       "says so in words the check does not look for"}
    return {}


def _name(check) -> str:
    while isinstance(check, functools.partial):
        check = check.func
    return check.__name__


def _messages(err):
    """The messages of an error and of every error it wraps."""
    seen = []
    while err is not None and err not in seen:
        seen.append(err)
        err = err.__cause__ or err.__context__
    return [str(e) for e in seen]


with warnings.catch_warnings():  # scikit-learn warns that nbteach's estimators do not inherit
    warnings.filterwarnings("ignore", "Estimator .* does not inherit", UserWarning)
    _CHECKS = parametrize_with_checks(ESTIMATORS, expected_failed_checks=expected_failed)


# nbteach estimators implement scikit-learn's protocol without inheriting its classes (nbteach
# must import without scikit-learn); scikit-learn warns about that, on purpose. The categorical
# models warn about the values never seen in training that the random test data hold.
@_CHECKS
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_check_estimator(estimator, check):
    if isinstance(estimator, TextNB) and _name(check) in TEXT_ONLY:
        with pytest.raises(Exception) as info:
            check(estimator)
        assert any(s in m for m in _messages(info.value) for s in NOT_TEXT), _messages(info.value)
        return
    check(estimator)



# -- every estimator class of nbteach is under the checks above ---------------------------------

#: Classes of nbteach with ``fit`` and ``predict`` that are not nbteach estimators, and why
#: they are not under scikit-learn's checks.
NOT_ESTIMATORS = {
    "nbteach.realdata.SnowNLPSentiment": "snownlp's own classifier behind fit(texts, labels) / predict(texts) "
                                         "for lesson 06's comparison: no model of nbteach, no parameters, "
                                         "only the labels 'pos' and 'neg', and snownlp optional and slow",
}


def uncovered(classes, estimators, exempt) -> list:
    """The classes that no estimator in ``estimators`` is an instance of (its exact class) and
    that ``exempt`` does not name."""
    checked = {type(e) for e in estimators}
    return sorted(qualified(c) for c in classes if c not in checked and qualified(c) not in exempt)


def test_every_estimator_class_of_nbteach_is_under_the_checks():
    """A new estimator class fails here until it is added to ESTIMATORS (or to NOT_ESTIMATORS,
    with the reason)."""
    classes = nbteach_classifier_classes()
    assert not uncovered(classes, ESTIMATORS, NOT_ESTIMATORS), uncovered(classes, ESTIMATORS, NOT_ESTIMATORS)
    names = {qualified(c) for c in classes}
    assert set(NOT_ESTIMATORS) <= names, "NOT_ESTIMATORS names a class that is gone or no estimator"
    assert {type(e) for e in ESTIMATORS} <= classes      # the walk finds the ones listed by hand
    assert len(classes) >= 12


def test_a_class_missing_from_the_checks_is_named():
    class NewNB(CategoricalNB):
        pass

    class Wrapper:
        def fit(self, X, y):
            return self

        def predict(self, X):
            return X

    NewNB.__module__ = Wrapper.__module__ = "nbteach.new"
    got = uncovered({CategoricalNB, NewNB, Wrapper}, ESTIMATORS, NOT_ESTIMATORS)
    assert got == [f"nbteach.new.{test_a_class_missing_from_the_checks_is_named.__name__}.<locals>.NewNB",
                   f"nbteach.new.{test_a_class_missing_from_the_checks_is_named.__name__}.<locals>.Wrapper"]
    assert uncovered({CategoricalNB, NewNB}, ESTIMATORS + [NewNB()], {}) == []


# -- TextNB on text: what the checks that feed it numbers would hold it to ----------------------

DOCS = ["cheap offer now", "meeting at noon", "cheap cheap win", "lunch meeting today",
        "win a cheap prize", "noon lunch"]
DOC_LABELS = ["spam", "ham", "spam", "ham", "spam", "ham"]


@pytest.mark.parametrize("estimator", [e for e in ESTIMATORS if isinstance(e, TextNB)], ids=repr)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_textnb_keeps_scikit_learns_contract_on_text(estimator):
    """check_dict_unchanged, check_fit_idempotent, check_estimators_pickle and clone, on documents
    (TEXT_ONLY's checks give TextNB numbers, which it refuses; here they get text)."""
    import copy
    import pickle

    from sklearn.base import clone

    query = DOCS + ["cheap lunch", "only unseen words here"]
    model = clone(estimator).fit(DOCS, DOC_LABELS)
    before = pickle.dumps(model.__dict__)
    proba = model.predict_proba(query)
    labels = model.predict(query)
    model.predict_log_proba(query)
    assert pickle.dumps(model.__dict__) == before            # predict changes no fitted state
    again = copy.deepcopy(model).fit(DOCS, DOC_LABELS)
    np.testing.assert_array_equal(again.predict_proba(query), proba)      # fit is idempotent
    restored = pickle.loads(pickle.dumps(model))
    np.testing.assert_array_equal(restored.predict_proba(query), proba)   # pickling round-trips
    assert list(labels) == list(restored.predict(query))
    assert repr(clone(model)) == repr(estimator) and not hasattr(clone(model), "classes_")


# -- SemiSupervisedNB: the one check it declares it cannot pass ---------------------------------

def test_semi_supervised_nb_fails_only_the_check_it_declares():
    """Under check_estimator with what it declares, no check fails, and the declared one does fail,
    for the reason given: trained on -1 and 1, its only class is 1 (-1 is the unlabelled marker).
    check_non_transformer_estimators_n_iter passes (n_iter_ = 1 on fully labelled iris; it was 0)."""
    from sklearn.utils.estimator_checks import estimator_checks_generator

    declared = SemiSupervisedNB.sklearn_expected_failed_checks
    assert set(declared) == {"check_classifiers_classes"} and "-1" in declared["check_classifiers_classes"]
    wanted = {"check_classifiers_classes", "check_non_transformer_estimators_n_iter"}
    status = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for est, check in estimator_checks_generator(SemiSupervisedNB(max_iter=5), expected_failed_checks=declared):
            if _name(check) in wanted:
                try:
                    check(est)
                    status[_name(check)] = "passed"
                except Exception as err:  # noqa: BLE001 - the check's own assertion, looked at below
                    status[_name(check)] = err
    assert status["check_non_transformer_estimators_n_iter"] == "passed"
    err = status["check_classifiers_classes"]
    assert isinstance(err, AssertionError) and "expected '-1, 1', got '1'" in str(err), err
